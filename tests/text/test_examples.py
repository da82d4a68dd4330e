"""Examples in rulesets and ``gouji check``: the format, its errors, running, the CLI, the built-ins and the page.

``docs/examples.md`` is checked like ``docs/notation.md``: its ``file:NAME`` blocks are written to a
folder and its ``check:gouji`` blocks are shell sessions run there, output and exit codes as written
(fingerprints compared for form only).
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
import typing
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import gouji
from test_docs import _LINK, Block, _anchors, _blocks

from gouji_variants.engine import actions
from gouji_variants.engine.game import SLOT_NAMES
from gouji_variants.ruleset import examples
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.text import check as example_check
from gouji_variants.text.docgen import RULESET_DOCS, ruleset_pages
from gouji_variants.text.sources import SEEDS_DIR, citations, seed_files

pytestmark = pytest.mark.engine  # what the engine decides (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "examples.md"
REGENERATE = "run python -m gouji_variants.text.docgen"
MIN_EXAMPLES = 10
FINGERPRINT = re.compile(r"\b[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\b")
SOURCE = re.compile(r"^(?P<file>[0-9]{3}):[0-9]+(-[0-9]+)?(, *([0-9]{3}:)?[0-9]+(-[0-9]+)?)*$")
HEAD = "id: house\nkind: ruleset\nname: {zh: 家规, en: House}\nextends: [dagang]\n"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs in its own folder (marks print relative to it)."""
    monkeypatch.chdir(tmp_path)


def house(text: str, name: str = "house.yaml") -> Path:
    """A house-rules file on dagang whose examples block is ``text``."""
    path = Path(name)
    path.write_text(HEAD + "examples:\n" + text, encoding="utf-8")
    return path


def errors_of(path: Path) -> str:
    with pytest.raises(RulesetError) as caught:
        compile_path(path.resolve(), Catalog.default())
    return caught.value.render()


# ── the format: what a bad example says ─────────────────────────────────────

BAD = {
    "unknown key with a suggestion": (
        "  - name: x\n    paly: 999R\n    expect: legal\n",
        ["house.yaml:7:5: error: unknown key 'paly' in 'examples.0'", "did you mean 'play'?"]),
    "missing expect": (
        "  - name: x\n    play: 999R\n",
        ["house.yaml:6:5: error: missing required key 'expect'", "an adjudication has name, play"]),
    "scenario key typo": (
        "  - name: x\n    hand: [Q, '3', '4', '5', '6', '7']\n    actions: [Q]\n    expect: {turn: 1}\n",
        ["unknown key 'hand'", "did you mean 'hands'?"]),
    "five hands": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6']\n    expect: {turn: 1}\n",
        ["house.yaml:7:12: error: examples.0.hands has 5 items but needs exactly 6"]),
    "unknown expectation": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    expect: {turns: 1}\n",
        ["house.yaml:8:14: error: unknown key 'turns' in 'examples.0.expect'", "did you mean 'turn'?"]),
    "bad decision": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    expect: {decision: leed}\n",
        ["'leed' is not one of 'lead'", "did you mean 'lead'?"]),
    "bad place": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n"
        "    expect: {places: [头科, 二科, 三科, 四科, 二落, 三落]}\n",
        ["'三落' is not one of '头科'"]),
    "adjudication expect is a word": (
        "  - name: x\n    play: 999R\n    expect: yes\n",
        ["house.yaml:8:13: error: True is not one of 'legal', 'illegal'"]),
    "bad card": (
        "  - name: x\n    play: 99X\n    expect: legal\n",
        ["house.yaml:7:11: error: bad cards in examples[0].play: column 3 of '99X'", "\n    99X\n      ^"]),
    "bad card in an action": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: ['burn 2X']\n    expect: {turn: 1}\n",
        ["house.yaml:8:15: error: bad cards in examples[0].actions[0]: column 7 of 'burn 2X'",
         "\n    burn 2X\n          ^"]),
    "unknown action": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: [Q, pas]\n    expect: {turn: 1}\n",
        ["house.yaml:8:18: error: unknown action 'pas' in examples[0].actions[1]", "did you mean 'pass'?"]),
    "seat out of range": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: ['7: Q']\n    expect: {turn: 1}\n",
        ["names seat 7; seats are 0-5"]),
    "hui3 choice": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: [hui3 5]\n    expect: {turn: 1}\n",
        ["hui3 takes 3, 4 or both"]),
    "burn without cards": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: [burn]\n    expect: {turn: 1}\n",
        ["'burn' needs the cards"]),
    "tribute line": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    expect: {tribute: [大落 pay 头科 2]}\n",
        ["house.yaml:8:24: error: tribute '大落 pay 头科 2' in examples[0].expect.tribute[0] is not "
         "'PLACE pays PLACE COUNT'"]),
    "tribute kind": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    expect: {tribute: [猫贡 大落 pays 头科 2]}\n",
        ["unknown tribute kind '猫贡'", "kinds are 点贡 闷贡 烧贡 落贡"]),
    "illegal without actions": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    expect: {illegal: true}\n",
        ["examples[0] expects its last action to be illegal but has no actions"]),
    "bad carried burn": (
        "  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n"
        "    carry: {places: [头科, 二科, 三科, 四科, 二落, 大落], burns: [1 burnt 0]}\n    expect: {turn: 0}\n",
        ["does not match"]),
    "not a mapping": ("  - just words\n", ["house.yaml:6:5: error: 'just words' is not a mapping"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_example_is_a_located_error(case: str) -> None:
    text, expected = BAD[case]
    rendered = errors_of(house(text))
    for part in expected:
        assert part in rendered, f"{case}: {part!r} not in\n{rendered}"
    assert "Traceback" not in rendered


def test_every_bad_example_of_a_file_is_reported_at_once() -> None:
    rendered = errors_of(house("  - name: a\n    play: 99X\n    expect: legal\n"
                               "  - name: b\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: [Q, pas]\n"
                               "    expect: {turn: 1}\n"))
    assert rendered.index("house.yaml:7:11") < rendered.index("house.yaml:11:18")


def test_validate_rejects_a_file_with_a_bad_example() -> None:
    result = gouji("validate", house("  - name: x\n    play: 99X\n    expect: legal\n"))
    assert result.exit_code == 1 and "house.yaml:7:11: error: bad cards" in result.output


def test_integers_are_read_as_cards() -> None:
    path = house("  - name: x\n    hands: [3, 4, 5, 6, 7, 8]\n    actions: [3, 4]\n    expect: {turn: 2}\n")
    (scenario,) = compile_path(path.resolve()).examples
    assert isinstance(scenario, examples.Scenario)
    assert [str(hand) for hand in scenario.hands] == ["3", "4", "5", "6", "7", "8"]
    assert [step.verb for step in scenario.steps] == ["play", "play"]


def test_decisions_are_the_engines() -> None:
    assert examples.DECISIONS == (*SLOT_NAMES, "over")


def test_every_engine_action_can_be_written() -> None:
    """Each kind of engine action has its word (the engine's record name) in the examples' vocabulary."""
    for cls in typing.get_args(actions.Action):
        fields = [field.name for field in dataclasses.fields(cls)]
        kind = cls.__name__.lower()
        if not fields:
            assert kind in examples.SIMPLE_VERBS, f"engine action {cls.__name__} has no word in examples"
        elif fields == ["cards"]:
            assert kind in (*examples.CARD_VERBS, "play"), f"engine action {cls.__name__} has no word in examples"
        else:
            assert kind == "hui3" and fields == ["which"], f"engine action {cls.__name__} is new to examples"


# ── running ──────────────────────────────────────────────────────────────────


def test_examples_are_not_inherited() -> None:
    assert load_ruleset("dagang").examples
    path = Path("plain.yaml")
    path.write_text(HEAD, encoding="utf-8")
    assert compile_path(path.resolve()).examples == ()
    result = gouji("check", path)
    assert result.exit_code == 0 and "plain.yaml (house): no examples" in result.output


def test_a_failing_example_is_reported_with_file_line_and_why() -> None:
    path = house("  - name: 接风 goes to the 对头\n    hands: [Q, '3', '4', '5', '6', '7']\n"
                 "    actions: [Q, '3: pass']\n    expect: {turn: 3, decision: lead}\n"
                 "  - name: a 大王 play is beaten\n    play: 999RR\n    previous: 888R\n    expect: legal\n")
    result = gouji("check", path)
    assert result.exit_code == 1
    out = result.output
    assert "FAIL house.yaml:6: 接风 goes to the 对头" in out
    assert "turn (line 9):\n    expected: seat 3\n    happened: seat 1" in out
    assert "FAIL house.yaml:10: a 大王 play is beaten" in out
    assert "happened: illegal (rule plays.kills)" in out
    assert "because:  a play with a big joker is dead" in out and "原因:     带大王的牌为死牌" in out
    assert out.rstrip().endswith("checked 1 file: 2 examples, 0 passed, 2 failed")


def _outcome(text: str) -> example_check.Outcome:
    (example,) = compile_path(house(text).resolve()).examples
    return example_check.run(example, load_ruleset("dagang"))


def test_an_illegal_last_action_and_its_rule() -> None:
    scenario = "  - name: x\n    hands: [33Q, '4466 5', '39', 88K, 55J, 4T]\n    actions: ['33', '5']\n"
    assert _outcome(scenario + "    expect: {illegal: plays.same-count, turn: 1}\n").ok
    assert _outcome(scenario + "    expect: {illegal: true}\n").ok
    wrong = _outcome(scenario + "    expect: {illegal: plays.higher-rank}\n")
    assert [(m.expected, m.actual) for m in wrong.mismatches] == [
        ("rejected by plays.higher-rank", "rejected by plays.same-count")]
    legal = _outcome("  - name: x\n    hands: [33Q, '4466 5', '39', 88K, 55J, 4T]\n    actions: ['33', '44']\n"
                     "    expect: {illegal: true}\n")
    assert legal.mismatches[0].expected == "rejected" and "may take it" in legal.mismatches[0].actual


def test_an_action_rejected_midway_fails_with_the_reason() -> None:
    outcome = _outcome("  - name: x\n    hands: [33Q, '4466 5', '39', 88K, 55J, 4T]\n    actions: [pass, '33']\n"
                       "    expect: {turn: 1}\n")
    (mismatch,) = outcome.mismatches
    assert mismatch.what == "action 1 'pass'" and mismatch.actual == "rejected by turns.lead"
    assert mismatch.mark.line == 8 and mismatch.en and mismatch.zh


def test_a_seat_that_is_not_on_turn() -> None:
    outcome = _outcome("  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: ['2: Q']\n"
                       "    expect: {turn: 1}\n")
    assert [(m.expected, m.actual) for m in outcome.mismatches] == [("seat 2 to act", "it is seat 0's turn (lead)")]


def test_rule_ids_match_with_or_without_the_index() -> None:
    kill = "  - name: x\n    play: 999R\n    previous: 888B\n    expect: legal\n"
    assert _outcome(kill + "    rule: plays.kills\n").ok
    assert _outcome(kill + "    rule: plays.kills[0]\n").ok
    assert not _outcome(kill + "    rule: plays.kills[1]\n").ok
    assert not _outcome(kill + "    rule: plays.higher-rank\n").ok


def test_a_previous_play_that_is_not_legal() -> None:
    outcome = _outcome("  - name: x\n    play: '9'\n    previous: '34'\n    expect: legal\n")
    assert outcome.mismatches[0].what == "previous" and "plays.one-rank" in outcome.mismatches[0].actual


def test_tribute_kind_and_unknown_counters() -> None:
    game = "  - name: x\n    hands: [A, K, Q, J, T, '9']\n    actions: [A, pass, K, pass, Q, J, T]\n"
    assert _outcome(game + "    expect: {tribute: [落贡 大落 pays 头科 2, 拉贡 二落 pays 二科 1]}\n").ok
    wrong = _outcome(game + "    expect: {tribute: [烧贡 大落 pays 头科 2, 二落 pays 二科 1]}\n")
    assert wrong.mismatches[0].actual == "落贡 大落 pays 头科 2; 落贡 二落 pays 二科 1"
    unknown = _outcome(game + "    expect: {stats: {jeifeng: 4}}\n")
    assert "no such counter" in unknown.mismatches[0].actual and "jiefeng" in unknown.mismatches[0].actual


def test_an_engine_error_fails_the_example_and_does_not_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    from gouji_variants.engine.game import Game

    class Broken(Game):  # (Game is a native class under the compiled core: a subclass, not a patched method)
        def apply(self, action: actions.Action) -> actions.Event:
            raise RuntimeError("boom")

    monkeypatch.setattr(example_check, "Game", Broken)
    outcome = _outcome("  - name: x\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: [Q]\n"
                       "    expect: {turn: 1}\n")
    assert [(m.what, m.actual) for m in outcome.mismatches] == [("run", "RuntimeError: boom")]




def test_a_house_rules_file_on_qingdao_carries_its_own_examples() -> None:
    """qingdao's example of 只上落贡, copied into house rules that pay 烧贡 first, fails there as it should."""
    example = ("  - name: no 烧贡\n    hands: [R3, '4', '5', '6', '7', 2B]\n"
               "    carry: {places: [头科, 二科, 三科, 四科, 二落, 大落], burns: [5 burned 0]}\n"
               "    expect: {hands: [32BR, '4', '5', '6', '7', ''], turn: 0, decision: return}\n")
    same = Path("same.yaml")
    same.write_text("id: same\nkind: ruleset\nname: {zh: 同, en: Same}\nextends: [qingdao]\nexamples:\n" + example,
                    encoding="utf-8")
    shao = Path("shao.yaml")
    shao.write_text("id: shao\nkind: ruleset\nname: {zh: 烧, en: Shao}\nextends: [qingdao]\n"
                    "tribute: {order: 烧 > 落}\nexamples:\n" + example, encoding="utf-8")
    assert gouji("check", same).exit_code == 0
    result = gouji("check", shao)
    assert result.exit_code == 1 and "expected: 32BR | 4 | 5 | 6 | 7 | -" in result.output


# ── the command ──────────────────────────────────────────────────────────────


def test_exit_codes() -> None:
    good = house("  - name: x\n    play: 999R\n    previous: 888B\n    expect: legal\n", "good.yaml")
    bad = house("  - name: x\n    play: 999R\n    previous: 888B\n    expect: illegal\n", "bad.yaml")
    invalid = house("  - name: x\n    play: 99X\n    expect: legal\n", "invalid.yaml")
    assert gouji("check", good).exit_code == 0
    assert gouji("check", good, bad).exit_code == 1
    assert gouji("check", good, bad, invalid).exit_code == 2
    missing = gouji("check", "no-such-ruleset")
    assert missing.exit_code == 2 and "no ruleset named 'no-such-ruleset'" in missing.output
    assert gouji("check").exit_code == 2


def test_check_all_runs_every_catalogue_ruleset() -> None:
    result = gouji("check", "--all", "--json")
    data = json.loads(result.output)
    assert {report["file"] for report in data["files"]} >= {str(RULESETS_DIR / "dagang.yaml"),
                                                            str(RULESETS_DIR / "qingdao.yaml")}


def test_json_shape() -> None:
    good = house("  - name: x\n    source: '000:120'\n    play: 999R\n    previous: 888B\n    expect: legal\n")
    bad = house("  - name: y\n    hands: [Q, '3', '4', '5', '6', '7']\n    actions: [Q]\n    expect: {turn: 2}\n",
                "bad.yaml")
    invalid = house("  - name: x\n    play: 99X\n    expect: legal\n", "invalid.yaml")
    result = gouji("check", "--json", good, bad, invalid)
    assert result.exit_code == 2
    data: dict[str, Any] = json.loads(result.output)
    assert set(data) == {"ok", "exit", "summary", "files"} and data["ok"] is False and data["exit"] == 2
    assert data["summary"] == {"files": 3, "invalid": 1, "examples": 2, "passed": 1, "failed": 1}
    first, second, third = data["files"]
    assert set(first) == {"ref", "file", "ruleset", "fingerprint", "examples", "errors", "warnings"}
    assert FINGERPRINT.fullmatch(first["fingerprint"])
    (passed,) = first["examples"]
    assert set(passed) == {"name", "kind", "source", "file", "line", "column", "describe", "ok", "failures"}
    assert (passed["kind"], passed["source"], passed["line"], passed["ok"]) == ("adjudication", "000:120", 6, True)
    (failure,) = second["examples"][0]["failures"]
    assert failure == {"what": "turn", "expected": "seat 2", "actual": "seat 3", "line": 9, "column": 14,
                       "reason": None}
    assert third["ruleset"] is None and third["examples"] == []
    (error,) = third["errors"]
    assert (error["file"], error["line"], error["column"]) == ("invalid.yaml", 7, 11)
    assert error["severity"] == "error" and error["message"] and third["warnings"] == []


# ── the built-in rulesets ────────────────────────────────────────────────────


def _builtin() -> list[Path]:
    return sorted(path for path in RULESETS_DIR.iterdir() if path.suffix in (".yaml", ".yml"))


@pytest.mark.parametrize("path", _builtin(), ids=lambda path: path.stem)
def test_builtin_examples_pass(path: Path) -> None:
    result = gouji("check", path)
    assert result.exit_code == 0, f"gouji check {path.name} fails:\n{result.output}"


def test_every_builtin_ruleset_has_enough_examples() -> None:
    short = []
    for path in _builtin():
        try:
            count = len(compile_path(path).examples)
        except RulesetError:
            continue  # test_builtin_examples_pass reports it
        if count < MIN_EXAMPLES:
            short.append(f"{path.name} ({count})")
    assert not short, f"built-in rulesets with fewer than {MIN_EXAMPLES} examples: {', '.join(short)}"


def _examples_of(path: Path) -> list[examples.Example]:
    try:
        return list(compile_path(path).examples)
    except RulesetError:
        pytest.skip("does not compile: test_builtin_examples_pass reports it")


@pytest.mark.parametrize("path", _builtin(), ids=lambda path: path.stem)
def test_builtin_examples_cite_sources_by_line(path: Path) -> None:
    for example in _examples_of(path):
        where = f"{path.name}:{example.mark.line} {example.name!r}"
        form = "NNN:LINE[-LINE][, [NNN:]LINE…]"
        assert SOURCE.match(example.source), f"{where}: source {example.source!r} is not {form!r}"


@pytest.mark.parametrize("path", _builtin(), ids=lambda path: path.stem)
def test_builtin_examples_cite_lines_of_the_seeds(path: Path) -> None:
    if not seed_files():
        pytest.skip(f"no source texts in {SEEDS_DIR} (a clone without ../shared/seeds)")
    sizes = {file: len(text.read_text(encoding="utf-8").splitlines()) for file, text in seed_files().items()}
    for example in _examples_of(path):
        where = f"{path.name}:{example.mark.line} {example.name!r}"
        for cited in citations(example.source):
            assert cited.file in sizes, f"{where}: no seed file {cited.file}"
            assert cited.last <= sizes[cited.file], f"{where}: {cited} is past the seed's end"


# ── docs/examples.md ─────────────────────────────────────────────────────────

BLOCKS = _blocks(PAGE)
SESSIONS = [block for block in BLOCKS if block.marker == "gouji"]
PAGE_FILES = {block.file: block.text + "\n" for block in BLOCKS if block.file}


def test_page_has_sessions() -> None:
    assert SESSIONS and PAGE_FILES
    assert {block.marker for block in BLOCKS if block.marker} == {"gouji"}


@pytest.mark.parametrize("block", SESSIONS, ids=lambda block: f"line{block.line}")
def test_page_session(block: Block) -> None:
    for name, text in PAGE_FILES.items():
        Path(name).write_text(text, encoding="utf-8")
    code: int | None = None
    for command, expected in block.steps():
        if command == "echo $?":
            assert code is not None and expected == str(code), f"examples.md:{block.line}: exit code was {code}"
            continue
        args = shlex.split(command)
        assert args[0] == "gouji", f"examples.md:{block.line}: only gouji commands are checked"
        result = gouji(*args[1:])
        code = result.exit_code
        actual = result.output.rstrip("\n")
        if expected.startswith("{"):
            actual, expected = (json.dumps(json.loads(FINGERPRINT.sub("xxxx-xxxx-xxxx", text)), ensure_ascii=False)
                                for text in (actual, expected))
        assert actual == expected, f"examples.md:{block.line}: {command!r} prints\n{actual}\nnot\n{expected}"


def test_page_examples_yaml_is_the_format() -> None:
    """The adjudication shown in the key table compiles (as the first example of a file)."""
    snippet = next(block for block in BLOCKS if block.info == "yaml")
    path = house("\n".join("  " + line for line in snippet.text.split("\n")) + "\n")
    (example,) = compile_path(path.resolve()).examples
    assert example_check.run(example, load_ruleset("dagang")).ok


# ── docs/rulesets/ ───────────────────────────────────────────────────────────


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return ruleset_pages()


def test_every_builtin_ruleset_has_a_fresh_page(pages: dict[str, str]) -> None:
    missing = [f"{path.name} -> docs/rulesets/{compile_path(path).id}.md" for path in _builtin()
               if not (RULESET_DOCS / f"{compile_path(path).id}.md").is_file()]
    assert not missing, f"built-in rulesets without a page: {', '.join(missing)}; {REGENERATE}"
    stale = [name for name, text in pages.items()
             if not (RULESET_DOCS / name).is_file() or (RULESET_DOCS / name).read_text(encoding="utf-8") != text]
    assert not stale, f"stale pages in docs/rulesets/: {', '.join(sorted(stale))}; {REGENERATE}"
    extra = sorted(path.name for path in RULESET_DOCS.glob("*.md") if path.name not in pages)
    assert not extra, f"pages of rulesets that are not built in: {', '.join(extra)}; {REGENERATE}"


def test_ruleset_pages_show_their_parts(pages: dict[str, str]) -> None:
    qingdao = pages["qingdao.md"]
    for part in ("# 青岛够级 / Qingdao", "## 出处 / Sources", "- [`dagang`](dagang.md)", "### `tribute.order`:",
                 "## 规则差异 / Departures", "| `reporting.teammate_view_at_most` | `10` | `null` |",
                 "## 示例 / Examples", "run by `gouji check qingdao`", "adjudication: `999RR on 888R → illegal"):
        assert part in qingdao, part
    assert "[`qingdao`](qingdao.md)" in pages["index.md"]
    assert "`dagang` is the base" in pages["dagang.md"]


@pytest.mark.parametrize("name", sorted(path.name for path in RULESET_DOCS.glob("*.md")))
def test_ruleset_page_links_resolve(name: str) -> None:
    page = RULESET_DOCS / name
    for target in _LINK.findall(page.read_text(encoding="utf-8")):
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        assert linked.is_file(), f"{name} links to a missing file {target!r}"
        if anchor:
            assert anchor in _anchors(linked), f"{name} links to a missing anchor {target!r}"


def test_per_seat_expectations_burned_and_counts() -> None:
    burn = ('  - name: x\n    hands: ["25", B88R55, "3", "4", R3, "6"]\n'
            '    actions: ["2", "4: pass", "1: burn B", "4: pass", 88R, "55"]\n')
    assert _outcome(burn + "    expect: {burned: [0], counts: [1, 0, 1, 1, 2, 1], opened: []}\n").ok
    wrong = _outcome(burn + "    expect: {burned: [1], counts: [~, 2, ~, ~, ~, ~], stifled: [3],"
                     " revolutionaries: []}\n")
    assert [(m.what, m.expected, m.actual) for m in wrong.mismatches] == [
        ("burned", "1", "0"), ("stifled", "3", "nobody"), ("counts", "* 2 * * * *", "* 0 * * * *")]


def test_per_seat_expectations_opened_under_dadian() -> None:
    path = Path("opened.yaml")
    path.write_text(HEAD.replace("extends: [dagang]", "extends: [dagang, dadian]") + "examples:\n"
                    "  - name: x\n    hands: [KK5, '3', '3', AA3, '3', '3']\n"
                    "    actions: [KK, '3: AA', '3: 3', '0: pass', '4: 3', '0: pass', '1: pass', '5: 3', '0: pass']\n"
                    "    expect: {opened: [3, 0]}\n", encoding="utf-8")
    (example,) = compile_path(path.resolve()).examples
    outcome = example_check.run(example, load_ruleset(str(path.resolve())))
    assert [(m.what, m.expected, m.actual) for m in outcome.mismatches] == [("opened", "0 3", "3")]


def test_check_speaks_chinese_and_shows_warnings() -> None:
    path = Path("zh.yaml")
    path.write_text(HEAD + "plays:\n  kills: [B by R, 'R alone by 2 twos, +1 card']\nexamples:\n"
                    "  - name: x\n    play: 999R\n    previous: 888R\n    expect: legal\n", encoding="utf-8")
    result = gouji("check", "--lang", "zh", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("zh.yaml:6:") and ": 警告: 打王规则 plays.kills[1]" in lines[0]
    assert "未通过 zh.yaml:8: x" in lines and "    预期: legal" in lines
    assert "    原因: 带大王的牌为死牌，无牌可灭，对头须扣牌" in lines
    assert lines[-1] == "检查了1个文件：1个示例，0个通过，1个未通过"
    assert "FAIL" not in result.output and "expected:" not in result.output


def test_the_house_rules_example_shows_every_composed_form_and_passes() -> None:
    """examples/house-rules.yaml (issues 26, 36): worked examples of kill_cover each-joker, killer sets, strict cover,
    a surplus per joker, plays.forbidden and the buying keys, all run by ``gouji check``."""
    path = ROOT / "examples" / "house-rules.yaml"
    result = gouji("check", "--json", str(path))
    (report,) = json.loads(result.output)["files"]
    assert result.exit_code == 0 and report["errors"] == [] and report["warnings"] == []
    assert len(report["examples"]) == 17 and all(not item["failures"] for item in report["examples"])
    rules = compile_path(path).rules
    assert rules.plays.kill_cover == "each-joker" and rules.bie3.buyers_served == "source-by-source"
    assert str(rules.bie3.buy_from) == "对门 > 上家 > 下家 > 联邦" and rules.bie3.buyers_order == "by-seat"
    written = {str(kill) for kill in rules.plays.kills}
    assert {"B by R or W", "R by 2R, +1 card each", "joker alone by higher jokers", "R by W"} <= written
    assert rules.bie3.nothing_to_pay == "free" and "top-joker" not in rules.bie3.pay_with
    assert {str(forbid) for forbid in rules.plays.forbidden} >= {"part of 4", "any with 2 on any with joker"}


def test_buying_comes_before_a_scenarios_first_play_and_after_a_revolution_offer() -> None:
    """docs/examples.md (issue 36): under 憋3 the 3s are bought before the first play; with 革命 in the rules a
    scenario with no actions stops at the 革命 offer, nothing bought yet."""
    path = Path("buying.yaml")
    path.write_text(HEAD.replace("[dagang]", "[dagang, bie3]") + "revolution:\n  enabled: true\nexamples:\n"
                    "  - name: no actions\n    hands: ['3345', '2456', '33', '5566', '33', '3367']\n"
                    "    expect: {decision: revolution, hands: ['3345', '2456', '33', '5566', '33', '3367']}\n"
                    "  - name: one play\n    hands: ['3345', '2456', '33', '5566', '33', '3367']\n    actions: ['4']\n"
                    "    expect: {hands: ['335', '3456', '33', '5566', '32', '3367'], stats: {bought: 1}}\n",
                    encoding="utf-8")
    result = gouji("check", str(path))
    assert result.exit_code == 0, result.output
