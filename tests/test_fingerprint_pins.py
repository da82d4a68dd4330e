"""Fingerprints that users keep: a built-in ruleset whose rules did not change keeps its fingerprint.

When the language grows, a new key names its ``neutral`` value (see ``rules.rule``), and a ruleset
that leaves it there keeps the fingerprint pinned here. Change a pin only when that ruleset's rules
really changed, and say which rule in the commit.
"""

from __future__ import annotations

import dataclasses

import pytest

from gouji_variants import compiler
from gouji_variants.docgen import builtin_rulesets
from gouji_variants.rules import rule

PINNED = {
    "dagang": "4d30-d11c-f8cf",
    "32-gui": "a64b-fddc-d264",
    "bie3": "1e43-b561-52ed",
    "dadian": "8c66-6d70-be2b",
    "danzhang3": "a830-e84c-c20b",
    "danzhang4": "003d-ce69-7075",
    "dezhou": "1e8b-c507-3221",
    "heze-mudan": "0e63-3272-9e88",
    "heze-shanxian": "2372-e4fb-b101",
    "hongui-2da1": "36ae-437b-9d33",
    "houshuiwan": "a993-3e99-8e52",
    "hui3": "4d30-d11c-f8cf",
    "jining": "c587-e261-be40",
    "liaocheng": "8df7-f313-68ef",
    "manguan": "5705-91e7-1fdd",
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
    assert compiler._fingerprinted(_Area(1, "off")) == {"old": 1}
    assert compiler._fingerprinted(_Area(1, "on")) == {"old": 1, "new": "on"}
