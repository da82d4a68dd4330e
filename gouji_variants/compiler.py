"""From ruleset files to an immutable, typed :class:`Ruleset`.

Steps: load each file safely with marks, validate it against the schema,
resolve ``extends`` (cycles, missing parents and paths leaving the ruleset
folders are errors that show the chain), merge the layers (later wins),
compile every value to its typed form (expressions through the grammar),
then check the rules that span sections. Every problem is reported with
the file, line and column that caused it; all of them at once, best first.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, relevance

from . import expressions, schema
from .catalog import Catalog
from .errors import Diagnostic, Mark, RulesetError
from .expressions import TRIBUTE_KINDS
from .grammar import NotationError
from .rules import SECTIONS, Rules
from .yamlsource import Document, load, pointer_join

BASE_ID = "dagang"
META_KEYS = ("id", "kind", "name", "aliases", "region", "description", "sources", "extends", "interpretations")


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
            "description": {"zh": self.description_zh, "en": self.description_en},
            "sources": [{k: v for k, v in dataclasses.asdict(s).items() if v} for s in self.sources],
            "extends": list(self.extends),
            "interpretations": [dataclasses.asdict(i) for i in self.interpretations],
        }
        return {k: v for k, v in data.items() if v not in ("", [], None)}

    def resolved(self) -> dict[str, Any]:
        """Metadata and every rule: a self-contained ruleset that loads to the same rules."""
        data = self.metadata()
        data.pop("extends", None)
        return {**data, **self.rule_data()}


def _plain(value: Any) -> Any:
    if isinstance(value, (expressions.Thresholds, expressions.KillRule, expressions.TributeOrder,
                          expressions.DeckRecipe)):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def rules_to_data(rules: Rules) -> dict[str, dict[str, Any]]:
    return {name: _plain(getattr(rules, name)) for name in SECTIONS}


def fingerprint(rules: Rules) -> str:
    """A short stable hash of the resolved rules: ``xxxx-xxxx-xxxx``."""
    canonical = json.dumps(rules_to_data(rules), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:12]
    return "-".join(digest[i : i + 4] for i in range(0, 12, 4))


# ── schema validation ──────────────────────────────────────────────────────


def _validator() -> jsonschema.protocols.Validator:
    built = schema.build("2020-12")
    return jsonschema.Draft202012Validator(built)


_VALIDATOR = None


def _schema_diagnostics(doc: Document) -> list[Diagnostic]:
    global _VALIDATOR
    if _VALIDATOR is None:
        _VALIDATOR = _validator()
    errors = sorted(_VALIDATOR.iter_errors(doc.data), key=relevance)
    return [_diagnose(doc, error) for error in errors]


def _allowed_keys(error: ValidationError) -> list[str]:
    props = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
    return list(props)


def _diagnose(doc: Document, error: ValidationError) -> Diagnostic:
    if error.validator == "anyOf" and error.context and isinstance(error.instance, (dict, list)):
        # A nullable object or list: the error inside the non-null branch says what is wrong.
        deep = [sub for sub in error.context if sub.validator != "type" or sub.validator_value != "null"]
        if deep:
            return _diagnose(doc, min(deep, key=relevance))
    pointer = "".join(pointer_join("", part) for part in error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = _allowed_keys(error)
        extra = [key for key in error.instance if key not in allowed]
        key = extra[0]
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        where = "the top level" if not pointer else f"'{pointer.strip('/').replace('/', '.')}'"
        hint = f"did you mean {close[0]!r}?" if close else "allowed keys: " + ", ".join(allowed)
        return Diagnostic(doc.mark(pointer_join(pointer, key), key=True),
                          f"unknown key {key!r} in {where}", pointer_join(pointer, key), hint)
    if error.validator == "enum":
        options = ", ".join(repr(o) for o in error.validator_value)
        close = difflib.get_close_matches(str(error.instance), [str(o) for o in error.validator_value], n=1)
        hint = f"did you mean {close[0]!r}?" if close else ""
        return Diagnostic(doc.mark(pointer), f"{error.instance!r} is not one of {options}", pointer, hint)
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return Diagnostic(doc.mark(pointer), f"missing required key {missing[0]!r}", pointer)
    if error.validator in ("type", "anyOf"):
        expected = _expected_type(error)
        return Diagnostic(doc.mark(pointer), f"{_show(error.instance)} is not {expected}", pointer,
                          _type_hint(error.instance, expected))
    return Diagnostic(doc.mark(pointer), error.message, pointer)


_TYPE_WORDS = {"string": "a string", "integer": "a whole number", "boolean": "true or false", "array": "a list",
               "object": "a mapping", "null": "null", "number": "a number"}


def _expected_type(error: ValidationError) -> str:
    schemas = error.validator_value if error.validator == "anyOf" else [{"type": error.validator_value}]
    words: list[str] = []
    for sub in schemas:
        kinds = sub.get("type", "object" if "$ref" in sub else "")
        for kind in kinds if isinstance(kinds, list) else [kinds]:
            word = _TYPE_WORDS.get(kind, kind)
            if word and word not in words:
                words.append(word)
    return " or ".join(words) if words else "allowed here"


def _show(value: Any) -> str:
    return repr(value) if not isinstance(value, (dict, list)) else ("a mapping" if isinstance(value, dict) else "a list")


def _type_hint(value: Any, expected: str) -> str:
    if isinstance(value, str) and value.lower() in ("yes", "no", "on", "off", "true", "false") and "true" in expected:
        return "write true or false without quotes"
    if isinstance(value, str) and "number" in expected and value.strip().lstrip("-").isdigit():
        return "write the number without quotes"
    if isinstance(value, (int, bool)) and "string" in expected:
        return "quote the value to make it a string"
    return ""


# ── extends resolution ─────────────────────────────────────────────────────


@dataclass
class _Resolver:
    catalog: Catalog
    docs: dict[Path, Document] = dataclasses.field(default_factory=dict)

    def document(self, path: Path) -> Document:
        if path not in self.docs:
            doc = load(path, _display(path))
            problems = _schema_diagnostics(doc)
            if problems:
                raise RulesetError(problems)
            self.docs[path] = doc
        return self.docs[path]

    def layers(self, path: Path, chain: tuple[Path, ...] = ()) -> list[Document]:
        """The documents to merge, parents first, each once (depth-first, first occurrence)."""
        doc = self.document(path)
        order: list[Document] = []
        names = tuple(_display(p) for p in (*chain, path))
        for index, ref in enumerate(doc.data.get("extends") or []):
            mark = doc.mark(f"/extends/{index}")
            parent = self.parent(ref, path, mark, names)
            if parent in (*chain, path):
                cycle = " -> ".join((*names, _display(parent)))
                raise RulesetError.at(mark, f"extends cycle: {cycle}", pointer=f"/extends/{index}",
                                      hint="a ruleset may not extend itself, directly or through others")
            for layer in self.layers(parent, (*chain, path)):
                if all(layer is not seen for seen in order):
                    order.append(layer)
        order.append(doc)
        return order

    def parent(self, ref: str, child: Path, mark: Mark, chain: tuple[str, ...]) -> Path:
        if ref.endswith((".yaml", ".yml")) or "/" in ref:
            target = (child.parent / ref).resolve()
            if not self.catalog.inside(target, child):
                raise RulesetError.at(mark, f"extends path {ref!r} leaves the ruleset folders", chain=chain,
                                      hint="extend a ruleset by id, or by a path inside this file's folder")
            if not target.is_file():
                raise RulesetError.at(mark, f"extends a missing file {ref!r}", chain=chain)
            return target
        return self.catalog.find(ref, mark=mark, chain=chain)


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# ── compiling ──────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class _Origin:
    doc: Document
    pointer: str


def _merge(layers: list[Document]) -> tuple[dict[str, dict[str, Any]], dict[str, _Origin]]:
    merged: dict[str, dict[str, Any]] = {name: {} for name in SECTIONS}
    origins: dict[str, _Origin] = {}
    for doc in layers:
        for section in SECTIONS:
            for key, value in (doc.data.get(section) or {}).items():
                merged[section][key] = value
                origins[f"{section}.{key}"] = _Origin(doc, f"/{section}/{key}")
    return merged, origins


def _convert(hint: Any, value: Any, origin: _Origin, problems: list[Diagnostic]) -> Any:
    """A validated YAML value to its typed form; expression errors are located in the string."""
    if hint in schema.EXPRESSIONS:
        try:
            return expressions.parse(hint, value)
        except NotationError as error:
            problems.append(_expression_problem(origin, error))
            return None
    origin_type = typing.get_origin(hint)
    if origin_type is tuple:
        (item,) = typing.get_args(hint)[:1]
        items = [
            _convert(item, v, _Origin(origin.doc, f"{origin.pointer}/{i}"), problems) for i, v in enumerate(value)
        ]
        return tuple(items)
    if isinstance(value, dict):
        cls = next(arg for arg in typing.get_args(hint) or (hint,) if dataclasses.is_dataclass(arg))
        fields = typing.get_type_hints(cls)
        return cls(**{k: _convert(fields[k], v, _Origin(origin.doc, f"{origin.pointer}/{k}"), problems)
                      for k, v in value.items()})
    return value


def _expression_problem(origin: _Origin, error: NotationError) -> Diagnostic:
    mark = origin.doc.mark(origin.pointer)
    rule = origin.pointer.strip("/").replace("/", ".")
    return Diagnostic(mark, f"bad expression in {rule}: column {error.column} of the string: {error.message}",
                      origin.pointer, detail=error.render("    ").split("\n", 1)[1])


def _build_rules(merged: dict[str, dict[str, Any]], origins: dict[str, _Origin], root: Document) -> Rules:
    problems: list[Diagnostic] = []
    sections: dict[str, Any] = {}
    for name, cls in SECTIONS.items():
        hints = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            key = f"{name}.{field.name}"
            if field.name not in merged[name]:
                problems.append(Diagnostic(root.mark(""), f"rule {key} has no value",
                                           hint=f"extend {BASE_ID!r} (or set {key}) so every rule has a value"))
                continue
            values[field.name] = _convert(hints[field.name], merged[name][field.name], origins[key], problems)
        sections[name] = values
    if problems:
        raise RulesetError(problems)
    rules = Rules(**{name: cls(**sections[name]) for name, cls in SECTIONS.items()})
    problems = list(_semantic_problems(rules, origins))
    if problems:
        raise RulesetError(problems)
    return rules


def _semantic_problems(rules: Rules, origins: dict[str, _Origin]) -> Iterator[Diagnostic]:
    """Rules that span sections: exclusions the sources state, and tribute kinds that can occur."""

    def at(key: str, message: str, hint: str = "") -> Diagnostic:
        origin = origins[key]
        return Diagnostic(origin.doc.mark(origin.pointer), message, origin.pointer, hint)

    if rules.bie3.enabled:
        excluded = [
            ("hui3.choices", rules.hui3.choices != (), "会3", "set hui3.choices: []"),
            ("reporting.public_at_most", rules.reporting.public_at_most is not None, "报牌",
             "set reporting.public_at_most: null"),
            ("reporting.tiaopai", rules.reporting.tiaopai, "挑牌", "set reporting.tiaopai: false"),
            ("first_player.first_game", rules.first_player.first_game == "liang3", "亮3 上班",
             "set first_player.first_game: draw"),
            ("first_player.later_games", rules.first_player.later_games != "rotate", "the 大落 leading",
             "set first_player.later_games: rotate"),
        ]
        for key, clash, what, hint in excluded:
            if clash:
                yield at(key, f"憋3 (bie3.enabled) turns off {what} (第二十六条), but {key} still uses it", hint)
    available = {
        "luo": True,
        "dian": rules.kaidian.enabled,
        "men": rules.bie3.enabled,
        "biewang": rules.bie3.enabled,
        "shao": rules.burning.enabled,
        "qing": rules.tribute.chuansanhu == "one-to-duitou",
    }
    needs = {"dian": "kaidian.enabled", "men": "bie3.enabled", "biewang": "bie3.enabled",
             "shao": "burning.enabled", "qing": "tribute.chuansanhu: one-to-duitou"}
    for kind in rules.tribute.order.kinds:
        if not available[kind]:
            yield at("tribute.order", f"tribute kind {TRIBUTE_KINDS[kind][0]} is in tribute.order but can never "
                     f"occur: it needs {needs[kind]}", "remove it from the order or turn its rule on")
    if rules.kaidian.enabled and not rules.kaidian.opens_with:
        yield at("kaidian.opens_with", "打点 is on but no play can 开点", "list at least one kind, e.g. [pure]")
    if rules.burning.enabled and not rules.burning.conditions:
        yield at("burning.conditions", "burning is on but has no condition", "list joker-every-play or one-rank-left")


def compile_path(path: Path, catalog: Catalog | None = None) -> Ruleset:
    """Load, resolve and compile the ruleset file at ``path``."""
    catalog = catalog or Catalog.default()
    resolver = _Resolver(catalog)
    path = path.resolve()
    layers = resolver.layers(path)
    root = layers[-1]
    data = root.data
    merged, origins = _merge(layers)
    complete = all(f.name in merged[name] for name, cls in SECTIONS.items() for f in dataclasses.fields(cls))
    if data["kind"] == "option-pack" and not complete:
        base = catalog.find(BASE_ID)
        layers = [layer for layer in resolver.layers(base) if all(layer is not own for own in layers)] + layers
        merged, origins = _merge(layers)
    rules = _build_rules(merged, origins, root)
    name = data["name"]
    description = data.get("description") or {"zh": "", "en": ""}
    return Ruleset(
        id=data["id"],
        kind=data["kind"],
        name_zh=name["zh"],
        name_en=name["en"],
        aliases=tuple(data.get("aliases") or ()),
        region=data.get("region", ""),
        description_zh=description["zh"],
        description_en=description["en"],
        sources=tuple(Source(s["file"], str(s["lines"]), s.get("note", "")) for s in data.get("sources") or ()),
        extends=tuple(data.get("extends") or ()),
        interpretations=tuple(Interpretation(**i) for i in data.get("interpretations") or ()),
        path=path,
        rules=rules,
        provenance=MappingProxyType({key: o.doc.mark(o.pointer) for key, o in origins.items()}),
        fingerprint=fingerprint(rules),
        own=MappingProxyType(data),
    )


def load_ruleset(ref: str, catalog: Catalog | None = None) -> Ruleset:
    """Compile the ruleset named by id, alias, name or path."""
    catalog = catalog or Catalog.default()
    return compile_path(catalog.find(ref), catalog)
