"""Malformed rulesets: every one fails `gouji validate` with exit 1, located errors and no traceback.

Each ``tests/malformed/<name>.yaml`` (not the helper files under ``tests/malformed/parents/``,
which the corpus extends) is validated with cwd = the repository root, so paths print as
``tests/malformed/<name>.yaml``. The whole stderr must equal ``tests/malformed/golden/<name>.txt``.

Regenerate the golden files after an intended change of wording, then review the diff:

    GOUJI_UPDATE_GOLDEN=1 python -m pytest tests/ruleset/test_malformed.py
    git diff tests/malformed/golden/

Normalised before comparing (so goldens do not churn or depend on the machine): the absolute
repository path, and the line:column of marks inside the built-in ``rulesets/`` files (which other
work edits), written as ``rulesets/<id>.yaml:LINE:COL``. ``GOUJI_RULESETS_PATH`` is unset.

``non-utf8.yaml`` and ``control-character.yaml`` are committed with their bad bytes; a test checks
that they still hold them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from gouji_variants.cli import main
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.errors import Diagnostic, RulesetError
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.versions import RULESET_FORMAT

ROOT = Path(__file__).resolve().parents[2]
MALFORMED = ROOT / "tests" / "malformed"
GOLDEN = MALFORMED / "golden"
UPDATE = os.environ.get("GOUJI_UPDATE_GOLDEN", "") not in ("", "0")
CASES = sorted(path.stem for path in MALFORMED.glob("*.yaml"))
LOCATED = re.compile(r"^(?P<file>\S+\.ya?ml):(?P<line>[1-9][0-9]*):(?P<column>[1-9][0-9]*): error: \S", re.M)
BUILTIN_MARK = re.compile(r"\brulesets/([\w.-]+\.ya?ml):[0-9]+:[0-9]+")


def normalise(text: str) -> str:
    text = text.replace(str(RULESETS_DIR) + os.sep, "rulesets/").replace(str(ROOT) + os.sep, "")
    return BUILTIN_MARK.sub(r"rulesets/\1:LINE:COL", text)


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click 8.1
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("GOUJI_RULESETS_PATH", raising=False)


#: What a case must say whatever the golden holds (guards against regenerating a bad golden).
MUST_SAY = {
    "unknown-key-typo": ["unknown key 'atach_twos' in 'plays'", "hint: did you mean 'attach_twos'?"],
    "bad-enum": ["'next-playr' is not one of", "did you mean 'next-player'?"],
    "type-bool-as-string": ["'yes' is not true or false", "without quotes"],
    "expr-bad-card": ["column 15 of the string", "\n    R, B, 2, AA, KX, QQQ\n                  ^"],
    "expr-mixed-ranks": ["one rank"],
    "expr-non-monotone": ["monotone"],
    "expr-deck-not-divisible": ["215 cards"],
    "expr-deck-remove-too-many": ["cannot remove 18 of 3"],
    "expr-duplicate-tribute-kind": ["appears twice"],
    "extends-cycle-a": ["extends cycle", "extends chain: tests/malformed/extends-cycle-a.yaml -> "],
    "extends-self": ["extends cycle"],
    "extends-missing-parent": ["no ruleset named 'qingdoa'", "did you mean 'qingdao'"],
    "extends-path-traversal": ["leaves the ruleset folders"],
    "non-utf8": ["not valid UTF-8"],
    "python-tag": ["!!python/object/apply:os.system"],
    "alias-bomb": ["alias bomb"],
    "merge-key": ["(<<)"],
    "duplicate-keys": ["appears twice", "line 9"],
    "score-points-length": ["score.points has 5 items but needs exactly 6"],
    "bie3-exclusions": ["会3", "报牌", "tests/malformed/bie3-exclusions.yaml:10:12"],
    "tribute-impossible-kind": ["闷", "bie3.enabled"],
    "ruleset-missing-values": ["names no base", "60 rules have no value", "extends: [dagang]"],
    # Untrusted input (docs/untrusted-input.md): every class of issue 9 says what was wrong and which limit.
    "deck-only-jokers": ["only jokers", "not a joker"],
    "deck-empty": ["makes no cards"],
    "deck-billion-decks": ["more than a deal's 432 cards"],
    "deck-nine-decks": ["1 to 8 decks"],
    "deck-too-many-cards": ["at most 432"],
    "alias-recursive-list": ["recursive alias"],
    "alias-chain-90": ["more than 50 levels (through YAML aliases)"],
    "alias-bomb-mappings": ["alias bomb"],
    "too-many-values": ["more than 20000 values", "a few hundred"],
    "float-score-points": ["4.0 is not a whole number", "write 4 without the decimal point"],
    "float-void-at": ["2.0 is not a whole number"],
    "float-luo-cards": ["2.0 is not a whole number", "1.0 is not a whole number"],
    "int-5000-digits": ["more than 18 digits"],
    "bom-only": ["the file is empty"],
    "dev-zero-link": ["not a regular file", "character device"],
    "escape-in-name": ["U+001B", "rewrite the terminal"],
    "bidi-override": ["U+202E (RIGHT-TO-LEFT OVERRIDE)"],
    "lookalike-kind": ["did you mean 'ruleset'? 'е' is CYRILLIC SMALL LETTER IE"],
    "lookalike-fullwidth": ["did you mean 'turns'?", "FULLWIDTH"],
    "all-at-once": ["no ruleset named 'qingdoa'", "atach_twos", "217 cards", "KX"],
    "all-at-once-semantic": ["'maybe' is not one of", "no play can 开点"],
    "all-at-once-examples": ["score.points has 5 items", "'maybe' is not one of 'legal', 'illegal'"],
    "all-at-once-components": ["R bye R", "unknown component"],
    "schema-and-tribute": ["can never occur", "'yes' is not true or false"],
    # Issue 32: every number has its domain; one answer per mistake.
    "domain-luo-cards-negative": ["tribute.luo_cards[0] is -1, outside its range 0 to 72", ":7:15:"],
    "domain-luo-cards-99": ["tribute.luo_cards[1] is 99, outside its range 0 to 72", ":7:18:"],
    "domain-more-than-a-hand": ["kaidian.mingdian.win is 10, more than the 9 cards a hand holds", ":9:19:",
                                "tribute.shao_cards is 12", ":11:15:"],
    "domain-void-at-seven": ["revolution.void_at is 7, outside its range 1 to 6"],
    "domain-points-huge": ["score.points[0] is 1001", "score.points[5] is -1001"],
    "domain-format-zero": [f"format is 0, outside its range 1 to {RULESET_FORMAT}"],
    "missing-extends-packs-only": ["extends only option packs", "extends: [dagang, …]"],
    "enabled-chinese-no": ["'否' is not true or false", "write false"],
}

#: What the new cases of issue 32 must say under --lang zh.
MUST_SAY_ZH = {
    "domain-luo-cards-negative": ["tribute.luo_cards[0] 为 -1，超出了它的范围 0 到 72", "这是张数"],
    "domain-luo-cards-99": ["tribute.luo_cards[1] 为 99，超出了它的范围 0 到 72"],
    "domain-more-than-a-hand": ["kaidian.mingdian.win 为 10，多于这副牌（deck.recipe「1 deck」）每手的 9 张"],
    "domain-void-at-seven": ["revolution.void_at 为 7，超出了它的范围 1 到 6"],
    "domain-points-huge": ["score.points[0] 为 1001"],
    "domain-format-zero": ["format 为 0"],
    "missing-extends-packs-only": ["只继承了选项包", "extends: [dagang, …]"],
    "ruleset-missing-values": ["没有写基础规则集", "60 条规则没有值"],
    "enabled-chinese-no": ["不用「否」"],
    "extends-missing-parent": ["没有名为 'qingdoa' 的规则集", "是不是 'qingdao'"],
    "expr-bad-card": ["的表达式有误：字符串第 15 列：不应出现 'X'"],
    "example-bad-cards": ["的牌有误", "不应出现 'X'"],
}

#: Cases whose problem leaves some rules without a value: no 'rule X has no value' line may follow.
NO_FLOOD = ("bad-extends-and-key", "missing-kind-and-bad-rule", "all-at-once", "extends-duplicate-broken")


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 150
    assert set(MUST_SAY) | set(NO_FLOOD) | set(MUST_SAY_ZH) <= set(CASES)


@pytest.mark.parametrize("name", NO_FLOOD)
def test_a_broken_extends_does_not_flood(name: str, at_root: None) -> None:
    stderr = _runner().invoke(main, ["validate", f"tests/malformed/{name}.yaml"]).stderr
    assert "has no value" not in stderr, stderr


@pytest.mark.parametrize("name", ["several-errors", "several-compile-errors"])
def test_several_errors_are_all_reported_best_first(name: str, at_root: None) -> None:
    """Every error of the file, each once, in the order of the file (the first to fix first)."""
    stderr = _runner().invoke(main, ["validate", f"tests/malformed/{name}.yaml"]).stderr
    lines = [int(m["line"]) for m in LOCATED.finditer(stderr)]
    assert len(lines) >= 3 and lines == sorted(lines)
    if name == "several-errors":
        assert [p in stderr for p in ("atach_twos", "mix_jokers", "jiefeng", "score/points")] == [True] * 4
        assert stderr.count("/turns/jiefeng") == 1


@pytest.mark.parametrize("name", CASES)
def test_malformed_ruleset(name: str, at_root: None) -> None:
    relative = f"tests/malformed/{name}.yaml"
    result = _runner().invoke(main, ["validate", relative])
    output = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    assert "Traceback" not in output
    assert result.exit_code == 1, output
    assert result.stdout == "", "nothing is printed as valid"
    stderr = normalise(result.stderr)
    first = LOCATED.match(stderr)
    assert first, f"the first line is not 'path:line:col: error: ...':\n{stderr}"
    assert relative in stderr, "the output names the file that was validated"
    for line in stderr.splitlines():  # every paragraph starts located; the rest is indented
        assert LOCATED.match(line) or line.startswith("  "), line
    for phrase in MUST_SAY.get(name, []):
        assert phrase in stderr, phrase
    golden = GOLDEN / f"{name}.txt"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(stderr, encoding="utf-8")
    assert golden.is_file(), f"no golden file; run with GOUJI_UPDATE_GOLDEN=1 to write {golden.relative_to(ROOT)}"
    assert stderr == golden.read_text(encoding="utf-8")


def test_no_stale_goldens() -> None:
    stale = sorted(path.name for path in GOLDEN.glob("*.txt") if path.stem not in CASES)
    if UPDATE:
        for name in stale:
            (GOLDEN / name).unlink()
        stale = []
    assert not stale, f"golden files without a case: {stale}"


def test_bad_bytes_are_still_there() -> None:
    raw = (MALFORMED / "non-utf8.yaml").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    assert b"\x07" in (MALFORMED / "control-character.yaml").read_bytes()


def test_all_at_once_in_a_real_process() -> None:
    """One `gouji validate` process on the whole corpus: exit 1, every file's golden in order, no traceback."""
    env = {k: v for k, v in os.environ.items() if k != "GOUJI_RULESETS_PATH"}
    files = [f"tests/malformed/{name}.yaml" for name in CASES]
    code = "import sys; from gouji_variants.cli import main; sys.argv[0] = 'gouji'; main()"
    done = subprocess.run([sys.executable, "-c", code, "validate", *files], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert "Traceback" not in done.stderr
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    if not UPDATE:
        expected = "".join((GOLDEN / f"{name}.txt").read_text(encoding="utf-8") for name in CASES)
        assert normalise(done.stderr) == expected


#: the schema's problems (a key, a value's kind or choice, a list's length, a missing key, the id)
SCHEMA_PROBLEM = re.compile(r"unknown key|is not one of|missing required key|is not (a |an |true|lower)|has \d+ items?")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: the schema's hints in English (a look-alike letter's hint names the letter in English, by its Unicode name)
ENGLISH_HINT = re.compile(r"提示: (write |allowed keys|quote the value|an empty value|every ruleset file|e\.g\. 'id|"
                          r"a ruleset file|an adjudication)")


def test_the_schema_s_problems_are_said_in_chinese(at_root: None) -> None:
    """`gouji validate --lang zh`: every problem the schema finds in the corpus reads in Chinese."""
    said = 0
    for name in CASES:
        english = _runner().invoke(main, ["validate", f"tests/malformed/{name}.yaml"]).stderr
        if not SCHEMA_PROBLEM.search(english):
            continue
        chinese = _runner().invoke(main, ["validate", "--lang", "zh", f"tests/malformed/{name}.yaml"]).stderr
        for line in chinese.splitlines():
            if LOCATED.match(line) and SCHEMA_PROBLEM.search(line) or ENGLISH_HINT.search(line):
                raise AssertionError(f"{name}: {line}")
        said += 1
    assert said >= 40
    chinese = _runner().invoke(main, ["validate", "--lang", "zh", "tests/malformed/lookalike-fullwidth.yaml"]).stderr
    assert CJK.search(chinese) and "错误" in chinese


def _diagnostics(name: str) -> list[Diagnostic]:
    try:
        ruleset = compile_path(MALFORMED / f"{name}.yaml")
    except RulesetError as error:
        return error.diagnostics
    return list(ruleset.warnings)


def test_every_problem_of_the_corpus_has_its_chinese(at_root: None) -> None:
    """Every message and hint of every case, errors and warnings, has its Chinese (issue 32): none falls back to
    English under --lang zh."""
    untranslated = [f"{name}: {d.message}" + (f" / hint {d.hint}" if d.hint and not d.hint_zh else "")
                    for name in CASES for d in _diagnostics(name)
                    if not CJK.search(d.zh) or (d.hint and not CJK.search(d.hint_zh))]
    assert not untranslated, "\n".join(untranslated)


@pytest.mark.parametrize("name", CASES)
def test_the_corpus_reads_in_chinese_under_lang_zh(name: str, at_root: None) -> None:
    """`gouji validate --lang zh`: the same exit code and places as in English, every line in Chinese."""
    relative = f"tests/malformed/{name}.yaml"
    english = _runner().invoke(main, ["validate", relative])
    chinese = _runner().invoke(main, ["validate", "--lang", "zh", relative])
    assert chinese.exit_code == english.exit_code == 1
    assert [m.group("line", "column") for m in LOCATED_ZH.finditer(chinese.stderr)] == \
        [m.group("line", "column") for m in LOCATED.finditer(english.stderr)]
    for phrase in MUST_SAY_ZH.get(name, []):
        assert phrase in chinese.stderr, phrase
    for line in chinese.stderr.splitlines():
        located = LOCATED_ZH.match(line)
        if located or line.startswith("  提示: "):
            assert CJK.search(line[located.end() if located else 6:]), line


LOCATED_ZH = re.compile(r"^(?P<file>\S+\.ya?ml):(?P<line>[1-9][0-9]*):(?P<column>[1-9][0-9]*): 错误: ", re.M)
