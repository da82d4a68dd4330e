"""docs/adding-a-rule-key.md, enforced: every rule key passes every item of the checklist."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import typing
from pathlib import Path

import pytest
import yaml

from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.rules import ALWAYS, SECTIONS, meta, needs
from gouji_variants.text import explain

ROOT = Path(__file__).resolve().parents[2]
KEYS = [f"{section}.{field.name}" for section, area in SECTIONS.items() for field in dataclasses.fields(area)]


def _checklist() -> list[str]:
    text = (ROOT / "docs" / "adding-a-rule-key.md").read_text(encoding="utf-8")
    return re.findall(r"^\d+\. \*\*([a-z]+)\*\*", text, flags=re.M)


def check_field(key: str) -> None:
    assert meta(key)["zh"].strip() and meta(key)["en"].strip()


def check_neutral(key: str) -> None:
    first = json.loads((ROOT / "rulesets" / "earlier" / "0.1.0.json").read_text(encoding="utf-8"))
    section, name = key.split(".")  # the built-in rules as 0.1.0 wrote them hold every key it knew
    known = any(name in (entry["rules"].get(section) or {}) for entry in first["rulesets"])
    assert known or meta(key)["neutral"] is not ALWAYS, f"{key} is newer than 0.1.0 and names no neutral value"
    assert known == (meta(key)["since"] == 1), f"{key}: 'since' must name the ruleset format that added it"


def check_default(key: str) -> None:
    dagang = yaml.safe_load((ROOT / "rulesets" / "dagang.yaml").read_text(encoding="utf-8"))
    section, name = key.split(".")
    assert name in (dagang.get(section) or {}), f"rulesets/dagang.yaml does not set {key}"


def check_sentence(key: str) -> None:
    assert key in explain.RULES and explain.name(key, "zh") and explain.name(key, "en")


def check_needs(key: str) -> None:
    section, name = key.split(".")
    if meta(key)["gate"]:
        assert typing.get_type_hints(SECTIONS[section])[name] is bool
    rules = load_ruleset("dagang").rules
    for need in needs(key):
        assert need.key in KEYS and need.key != key
        need.met(explain.value(rules, need.key))  # a 'contains' need names a rule whose value can hold it


def check_reference(key: str) -> None:
    section, name = key.split(".")
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    assert f"| `{name}` |" in reference, f"docs/reference.md does not list {key}"


def check_effect(key: str) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_rule_coverage import COVERAGE

    assert COVERAGE.get(key), f"tests/test_rule_coverage.py lists no test of {key}'s effect"


CHECKS = {name: globals()[f"check_{name}"] for name in _checklist()}


def test_the_checklist_and_its_checks_are_the_same_list() -> None:
    assert list(CHECKS) == ["field", "neutral", "default", "sentence", "needs", "reference", "effect"]


@pytest.mark.parametrize("item", list(CHECKS))
def test_every_key_passes(item: str) -> None:
    failing = []
    for key in KEYS:
        try:
            CHECKS[item](key)
        except AssertionError as error:
            failing.append(f"{key}: {error}")
    assert failing == []
