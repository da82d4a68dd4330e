"""House rulesets as a new user writes them: a built-in base, a few option packs, overrides of schema keys.

:func:`house_documents` draws the YAML document (every key of every rule area is reachable, its value
drawn from the key's schema: booleans, enums, integers within their domain and at and just beyond its
edges, nested objects and grammar-aware expressions); :func:`compile_house` compiles one, dropping what
the compiler refuses (the overrides it points at, else the last override or pack) until it compiles, a
number beyond its domain always refused at it; :func:`house_rulesets` is both in one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from gouji_variants.ruleset import schema
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import SECTIONS

from .expressions import EXPRESSIONS

#: Integers are drawn from their schema minimum (or -SPAN/2) up this far, or at and just beyond their domain's edges.
SPAN = 6


def _kinds() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"ruleset": [], "option-pack": []}
    for path in sorted(RULESETS_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found[data["kind"]].append(data["id"])
    return found


KINDS = _kinds()
BASES: tuple[str, ...] = tuple(KINDS["ruleset"])
PACKS: tuple[str, ...] = tuple(KINDS["option-pack"])


@cache
def _schema() -> dict[str, Any]:
    return schema.build()


def _resolve(fragment: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = fragment.get("$ref")
    if ref is None:
        return fragment
    return _schema()["$defs"][ref.rsplit("/", 1)[-1]]


def value_of(fragment: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    """Values of the schema ``fragment``: what a key may hold."""
    fragment = _resolve(fragment)
    if "anyOf" in fragment:
        return st.one_of([value_of(option) for option in fragment["anyOf"]])
    if "x-expression" in fragment:
        return EXPRESSIONS[fragment["x-expression"]]
    if "enum" in fragment:
        return st.sampled_from(fragment["enum"])
    kind = fragment.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "integer":  # counts a table would agree on, and the edges of the domain and just beyond them
        low, high = fragment["minimum"], fragment["maximum"]  # every number has its domain (rules.Domain)
        usual = max(low, -SPAN // 2)
        return st.one_of(st.integers(usual, min(high, usual + SPAN)), st.sampled_from((low, high, low - 1, high + 1)))
    if kind == "array":
        items = _resolve(fragment["items"])
        length = fragment.get("minItems")
        if length is not None and length == fragment.get("maxItems"):
            return st.lists(value_of(items), min_size=length, max_size=length)
        if "enum" in items:  # a set of choices
            return st.lists(st.sampled_from(items["enum"]), unique=True, max_size=len(items["enum"]))
        return st.lists(value_of(items), max_size=3)
    if kind == "object":
        return st.fixed_dictionaries({key: value_of(prop) for key, prop in fragment["properties"].items()})
    raise TypeError(f"no strategy for the schema fragment {dict(fragment)!r}")


@cache
def keys() -> dict[tuple[str, str], Mapping[str, Any]]:
    """Every rule key, ``(section, key)``, with its schema fragment."""
    properties = _schema()["properties"]
    return {(section, key): fragment for section in SECTIONS
            for key, fragment in properties[section]["properties"].items()}


@st.composite
def overrides(draw: st.DrawFn, most: int = 5) -> dict[str, dict[str, Any]]:
    """A few rule keys set by hand, by section."""
    chosen = draw(st.lists(st.sampled_from(sorted(keys())), unique=True, max_size=most))
    found: dict[str, dict[str, Any]] = {}
    for section, key in chosen:
        found.setdefault(section, {})[key] = draw(value_of(keys()[(section, key)]))
    return found


@st.composite
def house_documents(draw: st.DrawFn, most_packs: int = 3, most_keys: int = 5) -> dict[str, Any]:
    """The YAML document of a house ruleset (before it is known to compile)."""
    base = draw(st.sampled_from(BASES))
    packs = draw(st.lists(st.sampled_from(PACKS), unique=True, max_size=most_packs))
    return {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House rules"},
            "extends": [base, *packs], **draw(overrides(most_keys))}


@cache
def _catalog() -> Catalog:
    """The built-in catalogue, scanned once (not per compile)."""
    return Catalog.default()


def _compile(document: Mapping[str, Any]) -> Ruleset:
    handle, name = tempfile.mkstemp(suffix=".yaml", prefix="gouji-house-")  # a new name: nothing cached applies
    os.close(handle)
    path = Path(name)
    path.write_text(yaml.safe_dump(dict(document), allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        return compile_path(path, _catalog())
    finally:
        path.unlink()


def _dropped(document: dict[str, Any], error: RulesetError) -> dict[str, Any]:
    """``document`` without the overrides the diagnostics point at, else without its last override or pack."""
    pointed = {tuple(d.pointer.strip("/").split("/")[:2]) for d in error.diagnostics if d.pointer}
    sections = {name: dict(rules) for name, rules in document.items() if name in SECTIONS}
    kept = {name: {key: value for key, value in rules.items() if (name, key) not in pointed}
            for name, rules in sections.items()}
    if kept == sections:
        if sections:
            name = list(sections)[-1]
            kept[name].pop(list(kept[name])[-1])
        else:
            return {**document, "extends": document["extends"][:-1]}
    header = {name: value for name, value in document.items() if name not in SECTIONS}
    return {**header, **{name: rules for name, rules in kept.items() if rules}}


def outside(fragment: Mapping[str, Any], value: Any, pointer: str) -> set[str]:
    """The pointers of the numbers in ``value`` (of the schema ``fragment``, at ``pointer``) beyond their domain."""
    options = [_resolve(option) for option in fragment.get("anyOf", [fragment])]
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        ranges = [(o["minimum"], o["maximum"]) for o in options if o.get("type") == "integer"]
        return {pointer} if ranges and not ranges[0][0] <= value <= ranges[0][1] else set()
    found: set[str] = set()
    for option in options:
        if isinstance(value, list) and option.get("type") == "array":
            found |= {p for i, item in enumerate(value) for p in outside(option["items"], item, f"{pointer}/{i}")}
        if isinstance(value, dict) and option.get("type") == "object":
            found |= {p for key, item in value.items() if key in option["properties"]
                      for p in outside(option["properties"][key], item, f"{pointer}/{key}")}
    return found


def compile_house(document: dict[str, Any]) -> Ruleset:
    """The ruleset ``document`` makes, less what the compiler refuses (see the module's docstring); the
    ruleset's ``own`` is the document that compiled. A number drawn beyond its domain must be refused, at it."""
    while True:
        beyond = {p for (section, key), fragment in keys().items() if key in (document.get(section) or {})
                  for p in outside(fragment, document[section][key], f"/{section}/{key}")}
        try:
            ruleset = _compile(document)
            assert not beyond, f"compiled with numbers beyond their domain at {sorted(beyond)}"
            return ruleset
        except RulesetError as error:
            missed = beyond - {d.pointer for d in error.diagnostics}
            assert not missed, f"numbers beyond their domain not refused at {sorted(missed)}: {error.render()}"
            if len(document["extends"]) == 1 and not any(name in SECTIONS for name in document):
                raise  # a built-in base alone: never refused
            document = _dropped(document, error)


def house_rulesets(most_packs: int = 3, most_keys: int = 5) -> st.SearchStrategy[Ruleset]:
    """Compiled house rulesets: a built-in base, up to ``most_packs`` option packs and up to ``most_keys``
    overrides of schema keys, as much of them as compiles."""
    return house_documents(most_packs, most_keys).map(compile_house)


def document_text(ruleset: Ruleset) -> str:
    """The YAML a house ruleset compiled from, to write a failing one out."""
    return yaml.safe_dump(_plain(ruleset.own), allow_unicode=True, sort_keys=False)


def _plain(data: Any) -> Any:
    if isinstance(data, Mapping):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_plain(value) for value in data]
    return data
