"""Every number of the rule language has its domain (rules.Domain, declared beside the rule): the schema, the
compiler's check against the deck and the form all read it. A value just outside is refused, located at
the number; one just inside (the edge itself) compiles to that value and changes the rules."""

from __future__ import annotations

import copy
import dataclasses
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from gouji_variants.ruleset import schema
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.expressions import MAX_DECKS
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import MAX_HAND, SECTIONS, Domain, needs, numbers

#: Rules whose standard value is null: a value that holds their numbers.
STAKES = {"win": 2, "lose": 2}
LIVE: dict[str, Any] = {
    "kaidian.mingdian": STAKES,
    "kaidian.yudian": STAKES,
    "kaidian.xuandian_table": {table: {outcome: [1, 1] for outcome in ("only_first_opened", "neither_opened",
                                                                       "both_opened", "only_second_opened")}
                               for table in ("both_declared", "neither_declared", "one_declared")},
    "reporting.public_at_most": 10,
    "reporting.teammate_view_at_most": 10,
    "tribute.biewang_cards": 1,
}


def _integers(fragment: Any, defs: dict[str, Any]) -> list[dict[str, Any]]:
    """The integer schemas inside ``fragment``."""
    if isinstance(fragment, dict):
        if "$ref" in fragment:
            return _integers(defs[fragment["$ref"].rsplit("/", 1)[-1]], defs)
        own = [fragment] if fragment.get("type") == "integer" else []
        return own + [found for value in fragment.values() for found in _integers(value, defs)]
    if isinstance(fragment, list):
        return [found for value in fragment for found in _integers(value, defs)]
    return []


SCHEMA = schema.build()
NUMERIC = sorted(f"{section}.{key}" for section in SECTIONS
                 for key, prop in SCHEMA["properties"][section]["properties"].items()
                 if _integers(prop, SCHEMA["$defs"]))


def test_every_number_of_every_rule_has_a_domain_in_the_schema() -> None:
    assert len(NUMERIC) >= 13
    for key in NUMERIC:
        section, name = key.split(".")
        for integer in _integers(SCHEMA["properties"][section]["properties"][name], SCHEMA["$defs"]):
            assert {"minimum", "maximum"} <= set(integer), key


@cache
def _catalog() -> Catalog:
    return Catalog.default()


@cache
def _base(key: str) -> Ruleset:
    """A built-in ruleset in which ``key`` means something (all it needs is met), else dagang."""
    rulesets = [load_ruleset(path.stem, _catalog()) for path in sorted(RULESETS_DIR.glob("*.yaml"))]
    for ruleset in sorted((r for r in rulesets if r.kind == "ruleset"), key=lambda r: r.id != "dagang"):
        if all(need.met(_typed(ruleset, need.key)) for need in needs(key)):
            return ruleset
    return load_ruleset("dagang", _catalog())


def _typed(ruleset: Ruleset, key: str) -> Any:
    section, name = key.split(".")
    return getattr(getattr(ruleset.rules, section), name)


def _compile(tmp_path: Path, base: Ruleset, key: str, value: Any, decks: int | None = None) -> Ruleset:
    section, name = key.split(".")
    data: dict[str, Any] = {"id": "edge", "kind": "ruleset", "name": {"zh": "边界", "en": "Edge"},
                            "extends": [base.id], section: {name: value}}
    if decks is not None:
        data.setdefault("deck", {})["recipe"] = f"{decks} decks"
    path = tmp_path / "edge.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return compile_path(path, _catalog())


def _set(value: Any, below: str, number: int) -> Any:
    """The plain ``value`` with the number at the pointer ``below`` replaced."""
    if not below:
        return number
    value = copy.deepcopy(value)
    parts = below.strip("/").split("/")
    inner = value
    for part in parts[:-1]:
        inner = inner[int(part) if isinstance(inner, list) else part]
    inner[int(parts[-1]) if isinstance(inner, list) else parts[-1]] = number
    return value


def _plain(base: Ruleset, key: str) -> Any:
    section, name = key.split(".")
    value = base.rule_data()[section][name]
    return LIVE.get(key) if value is None else value


def _positions(tmp_path: Path, key: str) -> list[tuple[str, Domain]]:
    base = _base(key)
    typed = _typed(_compile(tmp_path, base, key, _plain(base, key)), key)
    return [(below, domain) for below, _, domain in numbers(key, typed)]


def _at(typed: Any, below: str) -> Any:
    for part in below.strip("/").split("/") if below else []:
        if typed is None:  # a rule that is null in the base
            return None
        typed = typed[int(part)] if isinstance(typed, tuple) else getattr(typed, part)
    return typed


@pytest.mark.parametrize("key", NUMERIC)
def test_just_outside_the_domain_is_refused_where_the_number_is(key: str, tmp_path: Path) -> None:
    base = _base(key)
    positions = _positions(tmp_path, key)
    assert positions, f"{key}: no number found"
    for below, domain in positions:
        for outside in (domain.low - 1, domain.high + 1):
            with pytest.raises(RulesetError) as refused:
                _compile(tmp_path, base, key, _set(_plain(base, key), below, outside))
            pointer = f"/{key.replace('.', '/')}{below}"
            located = [d for d in refused.value.diagnostics if d.pointer == pointer]
            assert located, (key, outside, refused.value.render())
            assert located[0].mark.file.endswith("edge.yaml") and located[0].mark.line > 1
            assert "outside its range" in located[0].message and "超出了它的范围" in located[0].zh


@pytest.mark.parametrize("key", NUMERIC)
def test_the_edges_of_the_domain_are_accepted_and_change_the_rules(key: str, tmp_path: Path) -> None:
    base = _base(key)
    for below, domain in _positions(tmp_path, key):
        for edge in (domain.low, domain.high):
            decks = MAX_DECKS if domain.per_hand and edge > MAX_HAND // 2 else None
            compiled = _compile(tmp_path, base, key, _set(_plain(base, key), below, edge), decks)
            assert _at(_typed(compiled, key), below) == edge
            if _at(_typed(base, key), below) != edge and decks is None:
                assert compiled.fingerprint != base.fingerprint, (key, below, edge)


@pytest.mark.parametrize("key", [key for key in NUMERIC if any(
    f.metadata["domain"] is not None and f.metadata["domain"].per_hand
    for f in dataclasses.fields(SECTIONS[key.split(".")[0]]) if f.name == key.split(".")[1])])
def test_a_count_of_cards_is_at_most_a_hand_of_the_deck(key: str, tmp_path: Path) -> None:
    """With one deck a hand holds 9 cards: 10 is refused, at the number, naming the deck; 9 is accepted."""
    base = _base(key)
    for below, domain in _positions(tmp_path, key):
        if not domain.per_hand:
            continue
        with pytest.raises(RulesetError) as refused:
            _compile(tmp_path, base, key, _set(_plain(base, key), below, 10), decks=1)
        pointer = f"/{key.replace('.', '/')}{below}"
        located = [d for d in refused.value.diagnostics if d.pointer == pointer]
        assert located and "the 9 cards a hand holds" in located[0].message, refused.value.render()
        assert _at(_typed(_compile(tmp_path, base, key, _set(_plain(base, key), below, 9), decks=1), key),
                   below) == 9


def test_the_form_takes_its_bounds_from_the_domain() -> None:
    from gouji_variants.server import rulesdata

    rules = {rule["key"]: rule for section in rulesdata.form()["sections"] for rule in section["rules"]}
    luo = rules["tribute.luo_cards"]["schema"]["items"]
    assert (luo["minimum"], luo["maximum"], luo["x-per-hand"]) == (0, MAX_HAND, True)
    void_at = rules["revolution.void_at"]["schema"]
    assert (void_at["minimum"], void_at["maximum"]) == (1, 6)
    assert typing.get_type_hints(Domain)["low"] is int


def test_void_at_six_is_all_six_and_is_never_a_redeal_loop_of_its_own(tmp_path: Path) -> None:
    """At 6 the game is void only when all six sit out, as the engine does whatever void_at says; a deck where
    every hand may declare 革命 is no loop of this rule's making (7, which meant the same, is now refused)."""
    path = tmp_path / "no-twos.yaml"
    path.write_text("id: no-twos\nkind: ruleset\nname: {zh: 无王无2, en: No twos}\nextends: [dagang]\n"
                    "deck: {recipe: '4 decks, remove 16 of 2, remove 4 of R, remove 4 of B'}\n"
                    "revolution: {void_at: 6}\n", encoding="utf-8")
    assert compile_path(path, _catalog()).rules.revolution.void_at == 6
    path.write_text(path.read_text(encoding="utf-8").replace("void_at: 6", "void_at: 5"), encoding="utf-8")
    with pytest.raises(RulesetError, match="redealt for ever"):
        compile_path(path, _catalog())
