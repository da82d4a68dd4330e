"""The compiled ruleset: :class:`Ruleset` (metadata, typed rules, provenance), its canonical rule data
and its fingerprint. What the engine holds; it needs neither the schema nor YAML (the compiler,
:mod:`.compiler`, makes one from files)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from . import expressions
from .errors import Diagnostic, Mark
from .rules import ALWAYS, SECTIONS, Rules
from .versions import RULESET_FORMAT

if TYPE_CHECKING:
    from . import examples as examples_


@dataclass(frozen=True)
class Source:
    file: str
    lines: str
    note: str = ""


@dataclass(frozen=True)
class Interpretation:
    rule: str
    choice: str
    zh: str
    en: str


@dataclass(frozen=True)
class Ruleset:
    """A resolved, compiled ruleset: metadata, typed rules, provenance and fingerprint."""

    id: str
    kind: str
    name_zh: str
    name_en: str
    aliases: tuple[str, ...]
    region: str
    description_zh: str
    description_en: str
    sources: tuple[Source, ...]
    extends: tuple[str, ...]
    interpretations: tuple[Interpretation, ...]
    path: Path
    rules: Rules
    provenance: Mapping[str, Mark]  # "section.key" -> where its value was set
    fingerprint: str
    own: Mapping[str, Any]  # the file's own data, as written
    examples: tuple[examples_.Example, ...] = ()  # this file's own examples (never inherited)
    #: rule area -> registered name of the component that replaces the built-in one (inherited)
    components: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    #: rules that compile but can never apply (see ``gouji validate``); not part of the fingerprint
    warnings: tuple[Diagnostic, ...] = ()

    def __reduce__(self) -> tuple[Callable[..., Ruleset], tuple[dict[str, Any]]]:
        """Picklable, for worker processes and cluster workers: the read-only mappings travel as dicts."""
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        values.update({name: dict(values[name]) for name in _PROXIES})
        return _unpickled, (values,)

    def rule_data(self) -> dict[str, dict[str, Any]]:
        """The resolved rules as plain data, expressions in canonical form."""
        return rules_to_data(self.rules)

    def metadata(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "name": {"zh": self.name_zh, "en": self.name_en},
            "aliases": list(self.aliases),
            "region": self.region,
            "description": {"zh": self.description_zh, "en": self.description_en}
            if self.description_zh and self.description_en else None,
            "sources": [{k: int(v) if k == "lines" and v.isdigit() else v  # 47 stays 47, 74-83 a string
                         for k, v in dataclasses.asdict(s).items() if v} for s in self.sources],
            "extends": list(self.extends),
            "interpretations": [dataclasses.asdict(i) for i in self.interpretations],
            "components": dict(self.components),
        }
        return {k: v for k, v in data.items() if v not in ("", [], None, {})}

    def resolved(self) -> dict[str, Any]:
        """Metadata and every rule: a self-contained ruleset that loads to the same rules."""
        data = self.metadata()
        data.pop("extends", None)
        return {"format": RULESET_FORMAT, **data, **self.rule_data()}


_PROXIES = ("provenance", "own", "components")


def joined_names(parts: Sequence[Ruleset]) -> tuple[str, str, str]:
    """How rulesets extended together are named on every screen (``gouji new``'s header and description, the
    base ``gouji diff`` compares with): ids joined by ' + ', Chinese names by '+', English names by ' + '."""
    return (" + ".join(part.id for part in parts), "+".join(part.name_zh for part in parts),
            " + ".join(part.name_en for part in parts))


def _unpickled(values: dict[str, Any]) -> Ruleset:
    return Ruleset(**{**values, **{name: MappingProxyType(values[name]) for name in _PROXIES}})


#: The typed values of rule expressions: each is written as its canonical string.
_EXPRESSIONS = (expressions.Thresholds, expressions.KillRule, expressions.TributeOrder, expressions.DeckRecipe,
                expressions.HandRule, expressions.BuyOrder, expressions.Forfeit, expressions.Forbid)


def _plain(value: Any) -> Any:
    if isinstance(value, _EXPRESSIONS):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def rules_to_data(rules: Rules) -> dict[str, dict[str, Any]]:
    return {name: _plain(getattr(rules, name)) for name in SECTIONS}


def _fingerprinted(value: Any) -> Any:
    """The plain value of a rule area without the keys that sit at their ``neutral`` value."""
    if isinstance(value, _EXPRESSIONS) or not (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        return _plain(value)
    data: dict[str, Any] = {}
    for field in dataclasses.fields(value):
        plain = _fingerprinted(getattr(value, field.name))
        neutral = field.metadata.get("neutral", ALWAYS)
        if neutral is ALWAYS or plain != neutral:
            data[field.name] = plain
    return data


def fingerprint(rules: Rules, components: Mapping[str, str] | None = None) -> str:
    """A short stable hash of the resolved rules (and of the components replaced, if any):
    ``xxxx-xxxx-xxxx``. Keys at their ``neutral`` value (see :func:`rules.rule`) are left out,
    so adding a key to the language does not change the fingerprint of a ruleset that does not use it."""
    data: dict[str, Any] = {name: _fingerprinted(getattr(rules, name)) for name in SECTIONS}
    if components:
        data["components"] = dict(components)
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:12]
    return "-".join(digest[i : i + 4] for i in range(0, 12, 4))
