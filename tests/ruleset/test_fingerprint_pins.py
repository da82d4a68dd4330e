"""Fingerprints that users keep: a built-in ruleset whose rules did not change keeps its fingerprint.

When the language grows, a new key names its ``neutral`` value (see ``rules.rule``), and a ruleset
that leaves it there keeps the fingerprint pinned here. Change a pin only when that ruleset's rules
really changed, say which rule in the commit, and keep the rules it had in ``rulesets/earlier/``
(see ``gouji_variants/ruleset/earlier.py``) so that records naming it by id still replay.
"""

from __future__ import annotations

import dataclasses

import pytest

from gouji_variants.ruleset import compiler, model
from gouji_variants.ruleset.earlier import earlier_fingerprints, earlier_rules
from gouji_variants.ruleset.rules import rule
from gouji_variants.text.docgen import builtin_rulesets

PINNED = {
    "dagang": "4d30-d11c-f8cf",
    "32-gui": "a64b-fddc-d264",
    "bie3": "f951-c151-89d5",
    "dadian": "8c66-6d70-be2b",
    "danzhang3": "e214-4d6a-52bc",
    "danzhang4": "8c12-5d00-ffcd",
    "dezhou": "948f-b283-6768",
    "heze-mudan": "9eaa-e176-1839",
    "heze-shanxian": "e808-6cd4-6fb2",
    "hongui-2da1": "36ae-437b-9d33",
    "houshuiwan": "523f-900e-00e6",
    "hui3": "4d30-d11c-f8cf",
    "jining": "f99e-6748-b938",
    "liaocheng": "4522-f037-072c",
    "manguan": "29e7-6162-1700",
    "qingdao": "c6a5-acd2-b042",
    "tingpai": "4d30-d11c-f8cf",
    "zhenying": "c4c5-d1be-029f",
    "zhixi": "900e-6c13-3f89",
}


@pytest.fixture(scope="module")
def fingerprints() -> dict[str, str]:
    return {ruleset.id: ruleset.fingerprint for ruleset in builtin_rulesets()}


@pytest.mark.parametrize("ruleset_id", sorted(PINNED))
def test_builtin_fingerprint_is_pinned(fingerprints: dict[str, str], ruleset_id: str) -> None:
    assert fingerprints[ruleset_id] == PINNED[ruleset_id]


def test_every_builtin_ruleset_is_pinned(fingerprints: dict[str, str]) -> None:
    assert set(fingerprints) == set(PINNED)


@dataclasses.dataclass(frozen=True)
class _Area:
    old: int = rule("旧键", "a key of the first format")
    new: str = rule("新键", "a key added later", neutral="off")


def test_a_key_at_its_neutral_value_is_left_out_of_the_fingerprint() -> None:
    assert model._fingerprinted(_Area(1, "off")) == {"old": 1}
    assert model._fingerprinted(_Area(1, "on")) == {"old": 1, "new": "on"}


@pytest.mark.parametrize(("ruleset_id", "stored"), earlier_fingerprints())
def test_an_earlier_release_s_rules_compile_to_the_fingerprint_they_were_stored_under(
    fingerprints: dict[str, str], ruleset_id: str, stored: str
) -> None:
    rules = earlier_rules(ruleset_id, stored)
    assert rules is not None and rules["id"] == ruleset_id
    assert compiler.compile_data(rules, "<earlier>").fingerprint == stored
    assert fingerprints[ruleset_id] != stored  # only rules that changed are kept
