"""The ruleset format (``format:``) and the rules that say nothing unless another rule is set."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from cli_helpers import gouji

from gouji_variants import __version__
from gouji_variants.ruleset import schema
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.versions import FIRST_FORMAT, RULESET_FORMAT

HEAD = "id: house\nkind: ruleset\nname: {zh: 家规, en: House}\nextends: [dagang]\n"


def _write(folder: Path, text: str, name: str = "house.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", [FIRST_FORMAT, RULESET_FORMAT, None])
def test_files_of_this_release_formats_and_without_one_load_alike(tmp_path: Path, fmt: int | None) -> None:
    """A file without ``format`` is format 1; formats up to this release's read the same rules."""
    text = ("" if fmt is None else f"format: {fmt}\n") + HEAD
    ruleset = compile_path(_write(tmp_path, text))
    assert ruleset.fingerprint == load_ruleset("dagang").fingerprint


def test_a_newer_format_is_refused_at_its_key_before_anything_else(tmp_path: Path) -> None:
    """A file of a newer format may use rules this release does not know: a located error, not a wrong game
    (and not a list of 'unknown key' errors for the newer language's keys)."""
    path = _write(tmp_path, HEAD + f"format: {RULESET_FORMAT + 1}\nturns:\n  a_rule_from_the_future: true\n")
    with pytest.raises(RulesetError) as caught:
        compile_path(path)
    (problem,) = caught.value.diagnostics
    assert (problem.mark.line, problem.mark.column, problem.pointer) == (5, 9, "/format")
    assert f"ruleset format {RULESET_FORMAT + 1} is newer than this release of gouji-variants ({__version__})" \
        in problem.message and "upgrade" in problem.hint


def test_a_parent_of_a_newer_format_is_refused_with_the_extends_chain(tmp_path: Path) -> None:
    _write(tmp_path, f"format: {RULESET_FORMAT + 1}\n" + HEAD.replace("house", "parent"), "parent.yaml")
    child = _write(tmp_path, HEAD.replace("[dagang]", "[./parent.yaml]"))
    with pytest.raises(RulesetError) as caught:
        compile_path(child)
    (problem,) = caught.value.diagnostics
    assert problem.mark.file.endswith("parent.yaml") and problem.chain and "newer" in problem.message


@pytest.mark.parametrize(("value", "message"), [("'2'", "'2' is not a whole number"),
                                               ("0", f"format is 0, outside its range 1 to {RULESET_FORMAT}")])
def test_a_malformed_format_is_a_schema_error(tmp_path: Path, value: str, message: str) -> None:
    with pytest.raises(RulesetError) as caught:
        compile_path(_write(tmp_path, f"format: {value}\n" + HEAD))
    assert message in caught.value.render() and "house.yaml:1:9" in caught.value.render()


def test_the_schema_knows_the_format_key() -> None:
    for draft in schema.FILES:
        prop = schema.build(draft)["properties"]["format"]
        assert prop["type"] == "integer" and prop["maximum"] == RULESET_FORMAT and prop["minimum"] == FIRST_FORMAT


def test_gouji_new_and_resolved_output_write_the_current_format(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    assert gouji("new", path).exit_code == 0
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["format"] == RULESET_FORMAT
    resolved = load_ruleset("jining").resolved()
    assert resolved["format"] == RULESET_FORMAT
    again = compile_path(_write(tmp_path, yaml.safe_dump(resolved, allow_unicode=True), "resolved.yaml"))
    assert again.fingerprint == load_ruleset("jining").fingerprint


@pytest.mark.parametrize(("rules", "key"), [
    ("score: {manguan_others_as: 大落}", "score.manguan_others_as"),
    ("turns: {passed_answers_duitou: false, pass_locks_out: false}", "turns.passed_answers_duitou"),
    ("reporting: {report_counts: when-asked, public_at_most: null}", "reporting.report_counts"),
])
def test_a_rule_that_needs_another_is_refused_without_it(tmp_path: Path, rules: str, key: str) -> None:
    """满贯 scoring without a one-run 满贯, a pass that locks out of the 对头's play while passes do not lock
    out, and counts told on asking with no 报牌 would do nothing: an error, not a silent no-op."""
    with pytest.raises(RulesetError) as caught:
        compile_path(_write(tmp_path, HEAD + rules + "\n"))
    assert f"{key} does nothing here" in caught.value.render()


@pytest.mark.parametrize(("spelled", "same"), [("true", "[头科, 二科]"), ("false", "[]"), ("true", "[二科, 头科]")])
def test_gousiji_written_as_places_keeps_the_boolean_fingerprint(tmp_path: Path, spelled: str, same: str) -> None:
    """turns.gousiji grew from a boolean to a list of places: the list that means true (or false) is the
    same rule, with the same fingerprint and the same canonical value."""
    old = compile_path(_write(tmp_path, HEAD + f"turns: {{gousiji: {spelled}}}\n", "old.yaml"))
    new = compile_path(_write(tmp_path, HEAD + f"turns: {{gousiji: {same}}}\n", "new.yaml"))
    assert old.fingerprint == new.fingerprint and new.rules.turns.gousiji is (spelled == "true")
    only_touke = compile_path(_write(tmp_path, HEAD + "turns: {gousiji: [头科]}\n", "touke.yaml"))
    assert only_touke.rules.turns.gousiji == ("头科",) and only_touke.fingerprint != old.fingerprint


def test_a_file_without_a_format_using_newer_keys_is_read_as_the_newest_it_needs_with_a_warning(
        tmp_path: Path) -> None:
    """Not silently format 1: the warning is at the key that needs the newest format, and says which."""
    path = _write(tmp_path, HEAD + "deck:\n  each_hand: null\nplays:\n  kill_cover: each\n")
    ruleset = compile_path(path)
    (warning,) = ruleset.warnings
    assert (warning.severity, warning.pointer, warning.mark.line) == ("warning", "/plays/kill_cover", 8)
    assert "belongs to ruleset format 3" in warning.message and "read as format 3" in warning.message
    assert warning.hint == "write format: 3 at the top of the file" and "格式 3" in warning.zh
    assert ruleset.rules.plays.kill_cover == "each"
    assert not compile_path(_write(tmp_path, "format: 3\n" + path.read_text(encoding="utf-8"))).warnings


def test_a_file_that_says_an_older_format_than_its_keys_is_refused_at_each_key(tmp_path: Path) -> None:
    path = _write(tmp_path, "format: 2\n" + HEAD + "plays:\n  kill_cover: each\nkaidian:\n  answering: answers-only\n")
    with pytest.raises(RulesetError) as caught:
        compile_path(path)
    (problem,) = caught.value.diagnostics  # answers-only came with format 2: it is not refused
    assert (problem.pointer, problem.mark.line) == ("/plays/kill_cover", 7)
    assert "plays.kill_cover belongs to ruleset format 3, but this file says format 2" in problem.message
    with pytest.raises(RulesetError) as caught:
        compile_path(_write(tmp_path, path.read_text(encoding="utf-8").replace("format: 2", "format: 1")))
    assert [d.pointer for d in caught.value.diagnostics] == ["/plays/kill_cover", "/kaidian/answering"]


def test_every_builtin_ruleset_says_the_format_its_keys_need() -> None:
    from gouji_variants.text.docgen import builtin_rulesets

    assert [str(d.mark) for ruleset in builtin_rulesets() for d in ruleset.warnings] == []


def test_expression_forms_of_a_later_format_count_too(tmp_path: Path) -> None:
    """A buy order naming single seats is format 4, a kill rule with a set of killers format 3."""
    path = _write(tmp_path, HEAD.replace("[dagang]", "[dagang, bie3]") + "bie3:\n  buy_from: 对门 > 上家 > 下家\n")
    (warning,) = compile_path(path).warnings
    assert warning.pointer == "/bie3/buy_from" and "bie3.buy_from '对门 > 上家 > 下家' belongs to ruleset format 4" \
        in warning.message
    with pytest.raises(RulesetError) as caught:
        compile_path(_write(tmp_path, "format: 2\n" + HEAD + "plays:\n  kills: [B by R, B by R or W]\n"))
    (problem,) = caught.value.diagnostics
    assert problem.pointer == "/plays/kills/1" and "format 3, but this file says format 2" in problem.message
