"""A ruleset sent as text: compiled like a file, reaching only the catalogue, every mark on a base name."""

from __future__ import annotations

import pytest

from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.uploaded import DEFAULT_NAME, clean_name, compile_text

HEADER = "id: house\nkind: ruleset\nname: {zh: 家规, en: House}\n"


@pytest.mark.parametrize(("given", "shown"), [
    ("../../etc/x.yaml", "x.yaml"), ("my house.yml", "my-house.yaml"), ("家规", "家规.yaml"), ("", DEFAULT_NAME),
    ("..", DEFAULT_NAME), ("a\\b\\c.yaml", "c.yaml"), ("x" * 300, "x" * 55 + ".yaml")])
def test_a_name_is_cleaned_to_a_file_name(given: str, shown: str) -> None:
    assert clean_name(given) == shown


def test_text_compiles_to_the_same_rules_as_its_file() -> None:
    ruleset = compile_text(HEADER + "extends: [青岛]\n", "mine.yaml")
    assert ruleset.fingerprint == load_ruleset("qingdao").fingerprint
    assert str(ruleset.path) == "mine.yaml"
    assert {mark.file for mark in ruleset.provenance.values()} <= {"dagang.yaml", "qingdao.yaml", "mine.yaml"}


def test_errors_are_located_in_the_text_by_its_name() -> None:
    with pytest.raises(RulesetError) as caught:
        compile_text(HEADER + "extends: [dagang]\nplays:\n  kills: [B by RR]\n", "/tmp/secret/house.yaml")
    first = caught.value.diagnostics[0]
    assert (first.mark.file, first.mark.line, first.pointer) == ("house.yaml", 6, "/plays/kills/0")


@pytest.mark.parametrize("ref", ["../../../etc/passwd.yaml", "/etc/hosts.yaml", "other.yaml"])
def test_extends_reaches_no_file_of_the_machine(ref: str) -> None:
    with pytest.raises(RulesetError) as caught:
        compile_text(HEADER + f"extends: [{ref!r}]\n")
    assert "/" not in caught.value.diagnostics[0].mark.file
    assert "extends" in caught.value.diagnostics[0].message


def test_text_that_is_not_utf8_or_too_large_is_refused_with_a_located_error() -> None:
    with pytest.raises(RulesetError, match="not valid UTF-8"):
        compile_text(HEADER + "region: '\ud800'\n")
    with pytest.raises(RulesetError, match="larger than the 256 KiB"):
        compile_text(HEADER + "#" * 300_000)
