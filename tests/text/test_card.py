"""Rule explanations (every key, every value, both languages) and the printable rule card."""

from __future__ import annotations

import dataclasses
import itertools
import re
import types
import typing
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import gouji

from gouji_variants.ruleset import expressions
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import SECTIONS, Domain, Outcomes, Stakes, XuandianTable, meta, needs
from gouji_variants.text import explain
from gouji_variants.text.card import build, render

GOLDEN = Path(__file__).resolve().parents[1] / "diff_golden"
BUILT_IN = sorted(path.stem for path in RULESETS_DIR.glob("*.yaml"))
EXPRESSION_SAMPLES = {
    expressions.DeckRecipe: ["4 decks", "4 decks, only 6 of 3, remove 2 of 4", "4 decks, add 12 of R, add 12 of B"],
    expressions.Thresholds: ["R, B, 2, AA, KK, QQQ, JJJJ, TTTTT", "R, B, 2, AA"],
    expressions.TributeOrder: ["落", "点 > 闷 > 烧 > 落", "点 > 清 > 憋王 > 落"],
    expressions.KillRule: ["B by R", "R by 2R, +1 card", "B on 2 by B", "R by 3B, any rank", "B by R or W",
                           "joker by higher jokers", "joker by 2 equal or higher jokers",
                           "R by 2(R or W), +1 card each"],
    expressions.Forbid: ["4 with 2 or joker", "part of 4", "not jokers alone on jokers alone", "any on any with W"],
    expressions.HandRule: ["exactly 1 of 3", "exactly 1 of 3, exactly 1 of 4", "at least 2 of R"],
    expressions.BuyOrder: ["duitou-then-team", "whoever-has-extra", "对门", "对门 > 联邦赠 > 上下家", "none"],
    expressions.Forfeit: ["no 3 -> 大落", "no 4 -> 不开点", "4 with 2 or joker -> 不开点", "4 with B -> 大落"],
}


def samples(hint: Any, length: int | None = None, domain: Domain | None = None) -> list[Any]:
    """Values a rule of type ``hint`` can take: every option of a choice, both booleans, null, a few numbers
    (the edges of their ``domain`` among them) and expressions, and several sets of options (lists of
    ``length`` items when the rule fixes it)."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if hint is bool:
        return [True, False]
    if hint is int:
        usual = [0, 1, 3]
        return usual if domain is None else sorted({domain.low, domain.high, *(n for n in usual if n in domain)})
    if origin is typing.Literal:
        return list(args)
    if hint in EXPRESSION_SAMPLES:
        return [expressions.parse(hint, text) for text in EXPRESSION_SAMPLES[hint]]
    if origin is tuple:
        items = samples(args[0], domain=domain)
        if length is not None:
            return [tuple(itertools.islice(itertools.cycle(items[start:] + items[:start]), length))
                    for start in range(len(items))]
        return [(), *((item,) for item in items), tuple(items), tuple(itertools.islice(itertools.cycle(items), 6))]
    if hint is Stakes:
        return [Stakes(2, 2), Stakes(3, 1)]
    if hint is XuandianTable:
        outcomes = Outcomes((1, 0), (2, 2), (0, 0), (0, 1))
        return [XuandianTable(outcomes, outcomes, outcomes)]
    if type(None) in args:
        return [None, *[v for arg in args if arg is not type(None) for v in samples(arg, domain=domain)]]
    if origin in (typing.Union, types.UnionType):  # e.g. bool | tuple[...]
        return [v for arg in args for v in samples(arg)]
    raise AssertionError(f"no samples for {hint!r}: teach the test this type")


RULE_KEYS = list(explain.keys())


def test_every_rule_key_has_a_sentence() -> None:
    missing = sorted(set(RULE_KEYS) - set(explain.RULES))
    stale = sorted(set(explain.RULES) - set(RULE_KEYS))
    assert not missing, f"add a sentence to gouji_variants/text/explain.py RULES for {missing}"
    assert not stale, f"explain.RULES names keys that no longer exist: {stale}"


@pytest.mark.parametrize("key", RULE_KEYS)
def test_every_value_reads_as_a_sentence_in_both_languages(key: str) -> None:
    section, name = key.split(".")
    hint = typing.get_type_hints(SECTIONS[section])[name]
    field = next(f for f in dataclasses.fields(SECTIONS[section]) if f.name == name)
    values = samples(hint, field.metadata.get("length"), field.metadata.get("domain"))
    seen: dict[str, list[str]] = {"zh": [], "en": []}
    for value in values:
        for lang in explain.LANGS:
            try:
                text = explain.RULES[key].say(value)[0 if lang == "zh" else 1]
            except (KeyError, IndexError) as error:  # e.g. a new option without a sentence
                raise AssertionError(f"{key} has no {lang} sentence for {value!r}") from error
            assert text.strip() and not text.endswith(("。", ".")), (key, value, text)
            assert explain.name(key, lang).strip()
            if lang == "en":
                assert not re.search(r"[\u3400-\u9fff]{5,}", text), f"{key}: English with a Chinese sentence: {text}"
            seen[lang].append(text)
    for lang, texts in seen.items():
        if hint is bool or typing.get_origin(hint) is typing.Literal:
            assert len(set(texts)) == len(texts), f"{key}: two values read the same in {lang}: {texts}"


def test_dead_and_two_for_one_kills_read_as_the_table_says() -> None:
    dagang = explain.phrase("plays.kills", (expressions.parse(expressions.KillRule, "B by R"),), "en")
    assert "a 大王 play is dead: nobody can beat it" in dagang
    two = explain.phrase("plays.kills", (expressions.parse(expressions.KillRule, "R by 2R, +1 card"),), "en")
    assert "twice as many 大王, one more card" in two and "小王 play is dead" in two


# ── the card ─────────────────────────────────────────────────────────────────


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.urls: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.urls += [value or "" for name, value in attrs if name in ("src", "href", "srcset", "data")]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _house(tmp_path: Path) -> Ruleset:
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nkind: ruleset\nname: {zh: 家规, en: House}\nextends: [qingdao]\n"
                    "plays:\n  kills: [B by R, 'R by 2R, +1 card']\nburning:\n  enabled: false\n", encoding="utf-8")
    return compile_path(path)


@pytest.mark.parametrize("lang", explain.LANGS)
@pytest.mark.parametrize("ref", [*BUILT_IN, "house"])
def test_html_card_is_self_contained_html(ref: str, lang: explain.Lang, tmp_path: Path) -> None:
    ruleset = _house(tmp_path) if ref == "house" else load_ruleset(ref)
    page = render(build(ruleset, load_ruleset("dagang"), lang), "html")
    parser = _Collect()
    parser.feed(page)
    parser.close()
    assert parser.tags[:3] == ["html", "head", "meta"] and "style" in parser.tags and "script" not in parser.tags
    assert parser.urls == []
    assert not re.search(r"https?:|url\(|@import|//[a-z]", page, re.I), "the card must not load anything"
    text = "".join(parser.text)
    assert ruleset.fingerprint in text and ruleset.name_zh in text and ruleset.name_en in text
    assert "@page" in page and "size: A4" in page and 'name="viewport"' in page


def test_card_puts_departures_from_dagang_first(tmp_path: Path) -> None:
    house = _house(tmp_path)
    card = build(house, load_ruleset("dagang"), "en")
    assert [d.key for d in card.departures] == ["plays.kills", "reporting.teammate_view_at_most", "burning.enabled"]
    assert card.departures[0].base == "a 大王 play is dead: nobody can beat it."
    text = render(card, "txt")
    assert text.index("Where these rules depart from 大纲 (3)") < text.index("All the other rules")
    assert "No burning (烧牌)." in text and "烧贡" not in text, "rules of a section that is off are left out"
    markdown = render(build(house, load_ruleset("dagang"), "zh"), "md")
    assert markdown.startswith("# 家规 · House\n") and "## 与大纲不同的规则（3条）" in markdown
    assert f"`{house.fingerprint}`" in markdown


def test_card_of_dagang_has_no_departures() -> None:
    dagang = load_ruleset("dagang")
    card = build(dagang, dagang, "en")
    assert card.departures == ()
    assert "nothing departs" in render(card, "txt")
    assert sum(len(lines) for _, lines in card.sections) >= 40


def test_card_command(tmp_path: Path) -> None:
    result = gouji("card", "qingdao", "--lang", "zh")
    assert result.exit_code == 0 and load_ruleset("qingdao").fingerprint in result.stdout
    out = tmp_path / "card.html"
    result = gouji("card", "dagang", "--format", "html", "-o", out)
    assert result.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    bad = gouji("card", "qingdoa")
    assert bad.exit_code == 2 and "no ruleset named 'qingdoa'" in bad.output and "did you mean" in bad.output


def test_every_gate_is_a_boolean_rule_and_every_need_names_a_rule() -> None:
    for key in RULE_KEYS:
        section, name = key.split(".")
        if meta(key)["gate"]:
            assert typing.get_type_hints(SECTIONS[section])[name] is bool, key
        for need in needs(key):
            assert need.key in RULE_KEYS and need.key != key, (key, need)
    assert all(dataclasses.is_dataclass(cls) for cls in SECTIONS.values())


def test_a_declared_revolution_reads_the_same_in_both_languages() -> None:
    """革命须自己宣布 says the player must declare it; the English once said 'is always declared'."""
    zh, en = explain.RULES["revolution.automatic_without_threes"].say(False)
    assert zh == "革命须自己宣布" and "declared by the player" in en and "never automatic" in en
