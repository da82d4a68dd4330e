"""`gouji diff`: semantic diff goldens, properties, and the behavioural diff.

Golden outputs live in ``tests/diff_golden/<case>.<format>``; the house-rules files the cases use
sit beside them. Regenerate after an intended change of wording, then review the diff:

    GOUJI_UPDATE_GOLDEN=1 python -m pytest tests/text/test_diff.py
    git diff tests/diff_golden/

Normalised before comparing, as in ``tests/ruleset/test_malformed.py``: the repository path, marks inside
the built-in rulesets (``rulesets/<id>.yaml:LINE:COL``), and fingerprints (``xxxx-xxxx-xxxx``,
which change whenever a rule key is added), which are checked against the rulesets instead.
"""

from __future__ import annotations

import json
import os
import random
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from budget import examples
from cli_helpers import gouji
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_malformed import normalise

from gouji_variants.agents.registry import make_agents
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import SECTIONS
from gouji_variants.text import behaviour
from gouji_variants.text.diff import diff, render

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "diff_golden"
UPDATE = os.environ.get("GOUJI_UPDATE_GOLDEN", "") not in ("", "0")
FINGERPRINT = re.compile(r"\b[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\b")
HOUSE = "tests/diff_golden/house.yaml"

#: case name -> the arguments after `gouji diff`; every case is rendered in every format.
CASES: dict[str, list[str]] = {
    "dagang-qingdao": ["dagang", "qingdao"],
    "qingdao-dagang": ["qingdao", "dagang"],
    "qingdao-jining": ["qingdao", "jining"],
    "jining-dezhou": ["jining", "dezhou", "--lang", "zh"],
    "house": [HOUSE],
    "house-zh-provenance": [HOUSE, "--lang", "zh", "--provenance"],
    "dagang-house": ["dagang", HOUSE],
    "restated": ["dagang", "tests/diff_golden/restated.yaml"],
    "two-parents": ["tests/diff_golden/two-parents.yaml"],
}
FORMATS = {"text": "txt", "markdown": "md", "json": "json"}


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def _sides(args: list[str]) -> tuple[Ruleset, Ruleset]:
    """The two rulesets a case compares, loaded through the library."""
    refs = [a for a in args if not a.startswith("--") and a not in ("zh", "en")]
    if len(refs) == 2:
        return load_ruleset(refs[0]), load_ruleset(refs[1])
    from gouji_variants.ruleset.catalog import Catalog
    from gouji_variants.text.diff import base_of

    house = load_ruleset(refs[0])
    return base_of(house, Catalog.default()), house


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("case", CASES)
def test_diff_golden(case: str, fmt: str, at_root: None) -> None:
    args = CASES[case]
    result = gouji("diff", *args, "--format", fmt)
    a, b = _sides(args)
    assert result.exit_code == (0 if a.fingerprint == b.fingerprint else 1), result.output
    assert a.fingerprint in result.stdout and b.fingerprint in result.stdout
    if fmt == "json":
        data = json.loads(result.stdout)
        assert set(data) == {"a", "b", "same", "changes"}
        assert all({"rule", "path", "old", "new"} <= set(change) for change in data["changes"])
        assert [c["rule"] for c in data["changes"]] == [c.rule for c in diff(a, b).changes]
    output = FINGERPRINT.sub("xxxx-xxxx-xxxx", normalise(result.stdout))
    golden = GOLDEN / f"{case}.{FORMATS[fmt]}"
    if UPDATE:
        golden.write_text(output, encoding="utf-8")
    assert golden.is_file(), f"no golden file; run with GOUJI_UPDATE_GOLDEN=1 to write {golden.relative_to(ROOT)}"
    assert output == golden.read_text(encoding="utf-8")


def test_no_stale_goldens() -> None:
    expected = {f"{case}.{ext}" for case in CASES for ext in FORMATS.values()}
    stale = sorted(p.name for p in GOLDEN.iterdir() if p.suffix != ".yaml" and p.name not in expected)
    if UPDATE:
        for name in stale:
            (GOLDEN / name).unlink()
        stale = []
    assert not stale, f"golden files without a case: {stale}"


def test_identical_rules_written_differently_show_no_difference(at_root: None) -> None:
    result = gouji("diff", "dagang", "tests/diff_golden/restated.yaml")
    assert result.exit_code == 0 and "same rules" in result.stdout


def test_errors_exit_2_with_one_clear_paragraph(at_root: None, tmp_path: Path) -> None:
    missing = gouji("diff", "dagang", "qingdoa")
    assert missing.exit_code == 2 and "no ruleset named 'qingdoa'" in missing.output
    alone = gouji("diff", "dagang")
    assert alone.exit_code == 2 and "dagang extends nothing" in alone.output
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\nkind: ruleset\nname: {zh: 坏, en: Broken}\nextends: [dagang]\nturns: {jiefeng: x}\n",
                      encoding="utf-8")
    bad = gouji("diff", broken)
    assert bad.exit_code == 2 and f"{broken}:5:" in bad.output.replace(str(ROOT) + os.sep, "")
    assert gouji("diff", "dagang", "qingdao", "--format", "yaml").exit_code == 2
    assert gouji("diff", "dagang", "qingdao", "--simulate", "1").exit_code == 2


# ── properties ───────────────────────────────────────────────────────────────

#: Rule values a random house-rules file may set, several spelled in more than one way.
CHOICES: dict[str, list[Any]] = {
    "deck.recipe": ["4 decks", "4 Decks", "4 decks, only 6 of 3, remove 2 of 4"],
    "plays.attach_twos": [True, False],
    "plays.mix_jokers": [True, False],
    "plays.kills": [["B by R"], ["b BY r"], ["B by R", "R by 2R, +1 card"], ["B by R", "大虎 by 2 大虎, +1 cards"],
                    ["R by 3B, any rank"]],
    "gouji.thresholds": ["R, B, 2, AA, KK, QQQ, JJJJ, TTTTT", "大王,小王,2,AA,KK,QQQ,JJJJ,10 10 10 10 10",
                         "R, B, 2, AA"],
    "turns.jiefeng": ["next-player", "on-request"],
    "reporting.public_at_most": [None, 9, 10],
    "burning.conditions": [["joker-every-play"], ["one-rank-left", "joker-every-play"],
                           ["joker-every-play", "one-rank-left"]],
    "kaidian.mingdian": [None, {"win": 2, "lose": 2}, {"lose": 2, "win": 3}],
    "revolution.void_at": [1, 2],
    "score.points": [[4, 2, 0, 0, -2, -4], [3, 2, 1, -1, -2, -3]],
    "tribute.order": ["落", "拉", "luo"],
}


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    """A house-rules file's sections, in a random key order."""
    keys = draw(st.lists(st.sampled_from(sorted(CHOICES)), unique=True, max_size=6))
    data: dict[str, dict[str, Any]] = {}
    for key in keys:
        section, name = key.split(".")
        data.setdefault(section, {})[name] = draw(st.sampled_from(CHOICES[key]))
    return data


def _compile(folder: Path, name: str, sections: dict[str, Any]) -> Ruleset:
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump({"id": name, "kind": "ruleset", "name": {"zh": name, "en": name},
                                    "extends": ["dagang"], **sections}, allow_unicode=True), encoding="utf-8")
    return compile_path(path)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_rules(), house_rules())
def test_diff_is_empty_on_itself_and_mirrors(first: dict[str, Any], second: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        a, b = _compile(Path(folder), "a", first), _compile(Path(folder), "b", second)
    assert diff(a, a).same and diff(b, b).same
    forward, backward = diff(a, b), diff(b, a)
    assert [(c.rule, c.path, c.new, c.old) for c in backward.changes] == [
        (c.rule, c.path, c.old, c.new) for c in forward.changes]
    assert forward.same == (a.fingerprint == b.fingerprint)
    assert len(json.loads(render(forward, "json"))["changes"]) == len(forward.changes)
    for fmt in ("text", "markdown"):
        assert all(rule in render(forward, fmt) for rule in forward.rules())  # type: ignore[arg-type]


# ── behavioural diff ─────────────────────────────────────────────────────────


def test_statistics_by_hand() -> None:
    assert behaviour.t_critical(10) == pytest.approx(2.228, abs=1e-3)
    assert behaviour.t_critical(1e9) == pytest.approx(1.960, abs=1e-3)
    assert behaviour.t_two_sided(2.0, 10) == pytest.approx(0.0734, abs=1e-4)
    low = behaviour.wilson(8, 10)
    assert (round(low.low, 3), round(low.high, 3)) == (0.49, 0.943)
    interval, p = behaviour.welch([1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.0, 6.0])
    assert interval.value == 1.5 and p == pytest.approx(0.1613, abs=1e-3)  # t = 1.567, df = 6.98
    assert behaviour.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def _rules_file(tmp_path: Path, name: str, body: str) -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nkind: ruleset\nname: {{zh: {name}, en: {name}}}\nextends: [dagang]\n{body}",
                    encoding="utf-8")
    return compile_path(path)


def test_behaviour_finds_a_known_difference(tmp_path: Path) -> None:
    no_burning = _rules_file(tmp_path, "no-burning", "burning:\n  enabled: false\n")
    result = behaviour.behavioural_diff(load_ruleset("dagang"), no_burning, 60, (3, 3), make_agents("random"))
    assert result.same_deals
    found = {c.metric for c in result.significant()}
    assert "burns" in found
    burns = next(c for c in result.comparisons if c.metric == "burns")
    assert burns.b.value == 0 and burns.difference.high < 0


def test_behaviour_finds_nothing_between_a_ruleset_and_itself() -> None:
    dagang = load_ruleset("dagang")
    result = behaviour.behavioural_diff(dagang, dagang, 150, (1, 2), make_agents("random"))
    assert not result.same_deals
    assert result.significant() == []
    assert "no significant difference" in behaviour.render_text(result)


def test_behaviour_finds_men_under_bie3(tmp_path: Path) -> None:
    bie3 = _rules_file(tmp_path, "bie3-house", "bie3: {enabled: true}\nhui3: {choices: []}\n"
                       "reporting: {public_at_most: null, tiaopai: false}\n"
                       "first_player: {first_game: draw, later_games: rotate}\n")
    result = behaviour.behavioural_diff(load_ruleset("dagang"), bie3, 60, (1, 1), make_agents("random"))
    assert "men" in {c.metric for c in result.significant()}


def test_new_engine_counters_are_compared_without_changes() -> None:
    dagang = load_ruleset("dagang")
    first, second = behaviour.Run(dagang, 1), behaviour.Run(dagang, 1)
    rng = random.Random(0)
    for run, rate in ((first, 0.1), (second, 0.9)):
        for _ in range(50):
            run.add("decisions", rng.randint(80, 100))
            run.add("leader_team_wins", rng.random() < 0.5)
            run.add("score_spread", rng.randint(0, 12))
            run.add("brand_new_counter", float(rng.random() < rate))
    result = behaviour.compare(first, second)
    new = next(c for c in result.comparisons if c.metric == "brand_new_counter")
    assert new.label == "brand new counter per game" and new.significant


def test_diff_simulate_json(at_root: None) -> None:
    result = gouji("diff", "dagang", HOUSE, "--simulate", "20", "--agents", "random", "--json")
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["behaviour"]["games"] == 20 and data["behaviour"]["method"] == behaviour.METHOD
    assert {m["metric"] for m in data["behaviour"]["metrics"]} >= {"decisions", "leader_team_wins", "burns"}
    text = gouji("diff", "dagang", "qingdao", "--simulate", "10", "--agents", "random")
    assert "behaviour: 10 games each" in text.stdout and "method:" in text.stdout
    markdown = gouji("diff", "dagang", "qingdao", "--simulate", "10", "--agents", "random", "--format", "markdown")
    assert "## Behaviour" in markdown.stdout and "| metric |" in markdown.stdout


# ── the authoring guide stays true ──────────────────────────────────────────

GUIDE = ROOT / "docs" / "guide.md"
FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.M | re.S)


def _guide_blocks(marker: str) -> list[str]:
    return [m["body"] for m in FENCE.finditer(GUIDE.read_text(encoding="utf-8")) if marker in m["info"].split()]


@pytest.mark.parametrize("block", _guide_blocks("check:final"), ids=lambda b: b.split("\n", 1)[0])
def test_guide_session(block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `check:final` session of docs/guide.md, run on the guide's whole file."""
    (whole,) = _guide_blocks("file:our-table.yaml")
    (tmp_path / "our-table.yaml").write_text(whole, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    _run_session(block)


@pytest.mark.parametrize("block", _guide_blocks("check:more"), ids=lambda b: b.split("\n", 1)[0])
def test_guide_session_on_its_own_file(block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `check:more` session of docs/guide.md, run beside every other `file:NAME` block of the guide."""
    for match in FENCE.finditer(GUIDE.read_text(encoding="utf-8")):
        for word in match["info"].split():
            if word.startswith("file:") and word != "file:our-table.yaml":
                (tmp_path / word.removeprefix("file:")).write_text(match["body"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    _run_session(block)


@pytest.mark.parametrize("block", _guide_blocks("check:new"), ids=lambda b: b.split("\n", 1)[0])
def test_guide_new_session(block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `check:new` session of docs/guide.md (`gouji new`, then `cat` or `grep` of what it wrote), in an
    empty folder: the guide shows the file as `gouji new` writes it."""
    monkeypatch.chdir(tmp_path)
    _run_session(block)


def test_guide_whole_file_has_what_gouji_new_writes(tmp_path: Path) -> None:
    """The guide's whole file is `gouji new`'s file, edited: the same header lines and top keys, in order."""
    (whole,) = _guide_blocks("file:our-table.yaml")
    written = tmp_path / "our-table.yaml"
    assert gouji("new", written, "-r", "qingdao").exit_code == 0
    new = written.read_text(encoding="utf-8")

    def head(text: str) -> list[str]:
        return [_SCHEMA.sub("$schema=SCHEMA", line) for line in text.splitlines()[:4]]

    def top(text: str) -> list[str]:
        return [line.split(":")[0] for line in text.splitlines() if re.match(r"^[a-z_0-9]+:", line)]

    assert head(whole) == head(new)
    assert [key for key in top(whole) if key not in SECTIONS and key != "examples"] == top(new)
    assert yaml.safe_load(whole)["format"] == yaml.safe_load(new)["format"]


_SCHEMA = re.compile(r"\$schema=\S+")


def _run_session(block: str) -> None:
    """Run a guide session's ``gouji`` commands (and ``cat FILE``, ``grep WORD FILE``), comparing output
    (fingerprints and the installation's schema path for form) and exit codes."""
    code = None
    for command, output in re.findall(r"^\$ (.+)\n((?:(?!\$ ).*\n)*)", block, re.M):
        if command == "echo $?":
            assert str(code) == output.strip()
            continue
        words = command.split()
        if words[0] in ("cat", "grep"):
            lines = Path(words[-1]).read_text(encoding="utf-8").splitlines(keepends=True)
            shown = "".join(line for line in lines if words[0] == "cat" or words[1] in line)
        else:
            assert words[0] == "gouji"
            result = gouji(*words[1:])
            code, shown = result.exit_code, result.stdout
        assert FINGERPRINT.sub("xxxx-xxxx-xxxx", _SCHEMA.sub("$schema=SCHEMA", shown)) == \
            FINGERPRINT.sub("xxxx-xxxx-xxxx", _SCHEMA.sub("$schema=SCHEMA", output))


# ── the composed forms of issues 26 and 36 in the diff and the card ─────────────────

HOUSE_RULES = Path(__file__).resolve().parents[2] / "examples" / "house-rules.yaml"
#: each new key of examples/house-rules.yaml, with a phrase of its English and of its Chinese sentence
COMPOSED = {
    "plays.kill_cover": ("the jokers of one kind shared among several rules", "同种的王也可分用几条规则"),
    "plays.kills": ("one more card for each 大王 it kills", "每灭一张大王多1张"),
    "plays.forbidden": ("A play of 4s with a 2", "不许出4带2"),
    "bie3.pay_with": ("王中王 never pays", "王中王从不用来付"),
    "bie3.nothing_to_pay": ("gets the card all the same, unpaid", "照样得到，不付"),
    "bie3.buyers_served": ("all ask their first source before anyone asks the next", "先人人问第一个来源"),
    "bie3.buy_from": ("the 上家, then the 下家", "再向上家买，再向下家买"),
    "bie3.buyers_order": ("seat 0 (the first game's 开牌人) first", "按座位从0号座"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_diff_and_card_say_the_composed_forms(lang: str) -> None:
    """``gouji diff`` against the base and ``gouji card`` name each new key and say what it means, in
    English and in Chinese."""
    index = 0 if lang == "en" else 1
    shown = gouji("diff", str(HOUSE_RULES), "--lang", lang)
    assert shown.exit_code == 1
    data = json.loads(gouji("diff", str(HOUSE_RULES), "--json").stdout)
    assert set(COMPOSED) <= {change["rule"] for change in data["changes"]}
    card = gouji("card", str(HOUSE_RULES), "--lang", lang)
    assert card.exit_code == 0
    for key, phrases in COMPOSED.items():
        assert f"[{key}]" in shown.stdout, key
        assert phrases[index] in shown.stdout, (key, phrases[index])
        assert phrases[index] in card.stdout, (key, phrases[index])
