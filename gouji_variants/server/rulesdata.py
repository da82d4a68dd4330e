"""Rulesets as the JSON the page reads: summaries, details, the rule card, diagnostics, the semantic diff and
the rules form (generated from the JSON Schema and the project's explanations). Plain functions, no HTTP."""

from __future__ import annotations

import dataclasses
import os
import threading
from functools import cache
from pathlib import Path
from typing import Any

from ..records.record import RecordError, replay
from ..ruleset import schema
from ..ruleset.catalog import Catalog
from ..ruleset.compiler import BASE_ID, compile_path
from ..ruleset.errors import Diagnostic, Mark, RulesetError
from ..ruleset.model import Ruleset
from ..ruleset.rules import SECTION_TITLES, SECTIONS, meta, needs
from ..ruleset.versions import RULESET_FORMAT
from ..ruleset.yamlsource import MAX_BYTES, read_bounded
from ..terminal.render import Words
from ..terminal.replay import steps
from ..text import card, explain, sources
from ..text.diff import diff, meaning, to_json
from ..text.docgen import builtin_rulesets
from ..text.explain import LANGS

Json = dict[str, Any]
_LOCK = threading.Lock()
_COMPILED: dict[tuple[Path, int], Ruleset] = {}
#: How many compiled catalogue rulesets are kept (the catalogue's files, each at its last modification).
_KEPT = 256


@cache
def catalog() -> Catalog:
    """The server's catalogue: ``GOUJI_RULESETS_PATH`` folders, then the built-in rulesets."""
    return Catalog.default()


def catalogued(ref: str) -> Ruleset:
    """The catalogue's ruleset ``ref`` names (id, alias or name; never a path), compiled once per version of
    its file; raises :class:`RulesetError` when there is none or it does not compile."""
    if ref.endswith((".yaml", ".yml")) or "/" in ref or os.sep in ref:
        raise RulesetError.at(Mark("<request>", 1, 1), f"no ruleset named {ref!r}",
                              hint="name a ruleset by id, alias or name")
    path = catalog().find(ref)
    key = (path, path.stat().st_mtime_ns)
    with _LOCK:
        found = _COMPILED.get(key)
    if found is None:
        found = compile_path(path, catalog())
        with _LOCK:
            if len(_COMPILED) >= _KEPT:
                _COMPILED.pop(next(iter(_COMPILED)))
            _COMPILED[key] = found
    return found


def bilingual(zh: str, en: str) -> Json:
    return {"zh": zh, "en": en}


def summary(ruleset: Ruleset) -> Json:
    """What a list of rulesets shows of one."""
    return {"id": ruleset.id, "kind": ruleset.kind, "name": bilingual(ruleset.name_zh, ruleset.name_en),
            "aliases": list(ruleset.aliases), "region": ruleset.region,
            "description": bilingual(ruleset.description_zh, ruleset.description_en),
            "extends": list(ruleset.extends), "fingerprint": ruleset.fingerprint}


def listing() -> list[Json]:
    """Every ruleset of the catalogue that compiles, the base first, then rulesets, then option packs."""
    found = []
    for entry in catalog().entries():
        try:
            found.append(catalogued(entry.id))
        except RulesetError:
            continue
    found.sort(key=lambda r: (r.id != BASE_ID, r.kind != "ruleset", r.id))
    return [summary(ruleset) for ruleset in found]


def diagnostic_json(diagnostic: Diagnostic) -> Json:
    """A located problem, with its rendering in both languages."""
    plain = {key: "" if value is None else value for key, value in diagnostic.to_json().items()}
    return {**plain, "zh": diagnostic.zh or diagnostic.message, "hint_zh": diagnostic.hint_zh or diagnostic.hint,
            "detail": diagnostic.detail, "chain": list(diagnostic.chain),
            "text": bilingual(diagnostic.render("zh"), diagnostic.render("en"))}


def sentences(ruleset: Ruleset) -> Json:
    """Each rule's value as its sentence in both languages, and whether it is in play beside the others."""
    found: Json = {}
    for key in explain.keys():
        value = explain.value(ruleset.rules, key)
        on = explain.active(ruleset.rules, key)
        found[key] = {lang: explain.sentence(key, value, lang, ruleset.rules)
                      + ("" if on else explain.off_note(ruleset.rules, key, lang)) for lang in LANGS}
        found[key]["active"] = on
    return found


def compiled(ruleset: Ruleset) -> Json:
    """Everything the page shows of a compiled ruleset: summary, rules, sentences, card, provenance."""
    cards = {lang: card.build(ruleset, catalogued(BASE_ID), lang).to_json() for lang in LANGS}
    return {**summary(ruleset), "rules": ruleset.rule_data(), "own": dict(ruleset.own),
            "sentences": sentences(ruleset), "card": cards,
            "provenance": {key: f"{Path(mark.file).name}:{mark.line}:{mark.column}"
                           for key, mark in ruleset.provenance.items()},
            "interpretations": [dataclasses.asdict(i) for i in ruleset.interpretations],
            "sources": [dataclasses.asdict(s) for s in ruleset.sources],
            "warnings": [diagnostic_json(w) for w in ruleset.warnings if w.severity == "warning"]}


def details(ref: str) -> Json:
    """One catalogue ruleset: :func:`compiled` and its file's text."""
    ruleset = catalogued(ref)
    return {**compiled(ruleset), "yaml": read_bounded(ruleset.path, ruleset.path.name).decode("utf-8")}


def diff_json(a: Ruleset, b: Ruleset) -> Json:
    """The semantic diff (``gouji diff --json``) with each differing rule's names and meaning in both languages."""
    result = diff(a, b)
    data = to_json(result)
    for side, ruleset in (("a", a), ("b", b)):
        data[side]["path"] = ruleset.path.name
    data["rules"] = [{"rule": rule, "name": {lang: explain.name(rule, lang) for lang in LANGS},
                      "meaning": {lang: meaning(result, rule, lang) for lang in LANGS}} for rule in result.rules()]
    return data


def replay_steps(record: dict[str, Any], seat: int | None, lang: explain.Lang) -> Json:
    """A game record re-played and checked, as the steps ``gouji replay --show`` prints (seen by ``seat``, or
    all hands); raises :class:`GoujiError` (``RecordError``) when it does not re-play."""
    replayed = replay(record, catalog())
    if replayed.game is None or not replayed.ok:
        raise RecordError.at(replayed.field, replayed.divergence or "the record does not re-play")
    words = Words(lang)
    return {"ok": True, "steps": [{"number": number, "lines": lines}
                                  for number, lines in steps(replayed.game, seat, words)]}


# ── the rules form ───────────────────────────────────────────────────────────


def _options(key: str, prop: Json) -> list[Json]:
    """The values a boolean or one-of rule can take, each with its sentence."""
    choices: list[Any] = []
    for option in prop.get("anyOf", [prop]):
        if option.get("type") == "boolean":
            choices += [True, False]
        elif "enum" in option and option.get("type") == "string":
            choices += option["enum"]
    return [{"value": value, **{lang: explain.phrase(key, value, lang) for lang in LANGS}} for value in choices]


def _stripped(prop: Json) -> Json:
    return {k: v for k, v in prop.items() if k != "description"}


@cache
def form() -> Json:
    """The rules form: each section and rule with its names, its schema, its options with their sentences,
    dagang's default and sentence, what it needs, and the built-in rulesets' readings of it with their source
    lines; the option packs as switches."""
    built = schema.build("2020-12")
    library = builtin_rulesets()
    base = next(r for r in library if r.id == BASE_ID)
    defaults = base.rule_data()
    readings: dict[str, list[Json]] = {}
    for ruleset in library:
        for item in ruleset.interpretations:
            readings.setdefault(item.rule, []).append(
                {"ruleset": ruleset.id, "choice": item.choice, "zh": item.zh, "en": item.en,
                 "citations": [str(c) for c in sources.citations(item.zh + " " + item.en)]})
    sections = []
    for section in SECTIONS:
        props = built["properties"][section]["properties"]
        rules = []
        for sub, prop in props.items():
            key = f"{section}.{sub}"
            about = meta(key)
            rules.append({
                "key": key, "name": {lang: explain.name(key, lang) for lang in LANGS},
                "about": bilingual(about["zh"], about["en"]), "schema": _stripped(prop),
                "options": _options(key, prop), "default": defaults[section][sub],
                "default_sentence": {lang: explain.sentence(key, explain.value(base.rules, key), lang)
                                     for lang in LANGS},
                "gate": bool(about["gate"]), "needs": [str(need) for need in needs(key)],
                "readings": readings.get(key, [])})
        title = SECTION_TITLES[section]
        sections.append({"id": section, "title": bilingual(*title), "rules": rules})
    packs = [{**summary(r), "sets": [f"{s}.{k}" for s in SECTIONS for k in (r.own.get(s) or {})]}
             for r in library if r.kind == "option-pack"]
    defs = {name: _stripped(value) for name, value in built.get("$defs", {}).items()}
    return {"sections": sections, "packs": packs, "defs": defs, "base": BASE_ID, "max_bytes": MAX_BYTES,
            "format": RULESET_FORMAT}
