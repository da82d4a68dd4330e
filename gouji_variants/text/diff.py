"""Semantic ruleset diff: the resolved rules compared rule by rule, never the YAML text.

Two rulesets are compared on their canonical rule data (what the fingerprint hashes), so key
order, aliases, expression spellings and inherited-versus-restated values make no difference.
A change is one rule (``section.key``) at one path: nested mappings such as ``kaidian.mingdian``
give one change per differing leaf. :func:`render` prints the changes as a terminal view,
Markdown or JSON.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..ruleset.catalog import Catalog, looks_like_path
from ..ruleset.compiler import BASE_ID, compile_path
from ..ruleset.model import Ruleset, joined_names
from ..ruleset.rules import SECTION_TITLES, SECTIONS
from . import explain
from .explain import Lang

Format = Literal["text", "markdown", "json"]


@dataclass(frozen=True)
class Change:
    """One difference: the rule id, the JSON pointer of the value, and both plain values."""

    rule: str
    path: str
    old: Any
    new: Any

    @property
    def section(self) -> str:
        return self.rule.split(".")[0]


@dataclass(frozen=True)
class Diff:
    a: Ruleset
    b: Ruleset
    changes: tuple[Change, ...]

    @property
    def same(self) -> bool:
        return not self.changes

    def rules(self) -> list[str]:
        """The rule ids that differ, each once, in catalogue order."""
        return list(dict.fromkeys(change.rule for change in self.changes))


def _leaves(rule: str, path: str, old: Any, new: Any) -> Iterator[Change]:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in dict.fromkeys([*old, *new]):
            yield from _leaves(rule, f"{path}/{key}", old.get(key), new.get(key))
        return
    yield Change(rule, path, old, new)


def diff(a: Ruleset, b: Ruleset) -> Diff:
    """What changes from ``a`` to ``b``."""
    old, new = a.rule_data(), b.rule_data()
    changes = [change for section in SECTIONS for key in old[section]
               for change in _leaves(f"{section}.{key}", f"/{section}/{key}", old[section][key], new[section][key])]
    return Diff(a, b, tuple(changes))


# ── the base of a house-rules file ───────────────────────────────────────────


class NoBase(ValueError):
    """The ruleset extends nothing, so a one-argument diff has nothing to compare with."""


def base_of(ruleset: Ruleset, catalog: Catalog) -> Ruleset:
    """What ``ruleset`` extends, resolved: its one parent, or its parents merged as the compiler merges them
    (that merge has no file of its own: its path is ``ruleset``'s, whose ``extends`` defines it)."""
    if not ruleset.extends:
        if ruleset.kind == "option-pack":
            return compile_path(catalog.find(BASE_ID), catalog)
        raise NoBase(f"{ruleset.path}: {ruleset.id} extends nothing; give a second ruleset to compare it with")
    if len(ruleset.extends) == 1:
        ref = ruleset.extends[0]
        path = (ruleset.path.parent / ref).resolve() if looks_like_path(ref) else catalog.find(ref)
        return compile_path(path, catalog)
    refs = [str((ruleset.path.parent / ref).resolve()) if looks_like_path(ref) else ref for ref in ruleset.extends]
    _, zh, en = joined_names([compile_path(catalog.find(ref), catalog) for ref in refs])  # as gouji new names it
    with tempfile.TemporaryDirectory() as folder:
        stub = Path(folder) / "base.yaml"
        stub.write_text(json.dumps({"id": f"{ruleset.id}-base", "kind": ruleset.kind, "name": {"zh": zh, "en": en},
                                    "extends": refs}, ensure_ascii=False), encoding="utf-8")
        merged = compile_path(stub, Catalog((*catalog.dirs, Path(folder), ruleset.path.parent)))
    return dataclasses.replace(merged, path=ruleset.path)


# ── rendering ────────────────────────────────────────────────────────────────


def show(value: Any) -> str:
    """A plain value as it reads in JSON: ``true``, ``null``, ``["B by R"]``."""
    return json.dumps(value, ensure_ascii=False)


def label(ruleset: Ruleset, lang: Lang) -> str:
    """A short name for sentences: the shortest Chinese name, or the English name without its gloss."""
    if lang == "zh":
        names = [n for n in (ruleset.name_zh, *ruleset.aliases) if any("\u3400" <= c <= "\u9fff" for c in n)]
        return min(names, key=len) if names else ruleset.id
    return ruleset.name_en.split(" (")[0] or ruleset.id


def _labels(result: Diff, lang: Lang) -> tuple[str, str]:
    first, second = label(result.a, lang), label(result.b, lang)
    return (first, second) if first != second else (f"{first} (A)", f"{second} (B)")


def meaning(result: Diff, rule: str, lang: Lang) -> str:
    """One line on what the difference changes at the table: each side's rule, the clauses both share left out."""
    first, second = _labels(result, lang)
    old, new = explain.contrast(rule, explain.value(result.a.rules, rule), explain.value(result.b.rules, rule), lang)
    return f"{first}：{old}；{second}：{new}。" if lang == "zh" else f"{first}: {old}; {second}: {new}."


def _title(ruleset: Ruleset, lang: Lang = "en") -> str:
    fingerprint = "指纹" if lang == "zh" else "fingerprint"
    return f"{ruleset.id}: {ruleset.name_zh} / {ruleset.name_en}, {fingerprint} {ruleset.fingerprint}"


def _summary(result: Diff, lang: Lang = "en") -> str:
    count = len(result.rules())
    if lang == "zh":
        return "规则相同" if result.same else f"{count} 条规则不同"
    return "same rules" if result.same else f"{count} rule{'s' * (count != 1)} differ{'s' * (count == 1)}"


def _rule_name(rule: str) -> str:
    return f"{explain.name(rule, 'zh')} · {explain.name(rule, 'en')}"


def _section_title(section: str) -> str:
    zh, en = SECTION_TITLES[section]
    return f"{zh} · {en}"


def _by_section(result: Diff) -> dict[str, dict[str, list[Change]]]:
    grouped: dict[str, dict[str, list[Change]]] = {}
    for change in result.changes:
        grouped.setdefault(change.section, {}).setdefault(change.rule, []).append(change)
    return grouped


def to_json(result: Diff, provenance: bool = False) -> dict[str, Any]:
    """The stable JSON form: both rulesets, and the list of changes."""

    def side(ruleset: Ruleset) -> dict[str, Any]:
        return {"id": ruleset.id, "name": {"zh": ruleset.name_zh, "en": ruleset.name_en},
                "fingerprint": ruleset.fingerprint, "path": str(ruleset.path)}

    changes: list[dict[str, Any]] = []
    for change in result.changes:
        item: dict[str, Any] = {"rule": change.rule, "path": change.path, "old": change.old, "new": change.new}
        if provenance:
            item["provenance"] = {"old": str(result.a.provenance[change.rule]),
                                  "new": str(result.b.provenance[change.rule])}
        changes.append(item)
    return {"a": side(result.a), "b": side(result.b), "same": result.same, "changes": changes}


@dataclass(frozen=True)
class _Row:
    """One change of a rule as shown: the path inside the rule ('' for the whole rule), both values, and
    where each was set ('' without provenance)."""

    path: str
    old: str
    new: str
    old_mark: str
    new_mark: str


def _rows(result: Diff, changes: list[Change], provenance: bool) -> list[_Row]:
    marks = [(str(result.a.provenance[c.rule]), str(result.b.provenance[c.rule])) if provenance else ("", "")
             for c in changes]
    return [_Row(c.path.split("/", 3)[3] if c.path.count("/") > 2 else "", show(c.old), show(c.new), *mark)
            for c, mark in zip(changes, marks, strict=True)]


def render_markdown(result: Diff, lang: Lang, provenance: bool = False) -> str:
    a, b = result.a, result.b
    lines = [f"# {a.id} → {b.id}", "",
             f"- A: {_title(a)}", f"- B: {_title(b)}", "", f"{_summary(result).capitalize()}."]
    for section, rules in _by_section(result).items():
        lines += ["", f"## {_section_title(section)}", "", f"| rule | {a.id} | {b.id} | at the table |",
                  "| --- | --- | --- | --- |"]
        for rule, changes in rules.items():
            rows = _rows(result, changes, provenance)
            old, new = ("<br>".join(f"{r.path + ': ' if r.path else ''}`{value}`{f' ({mark})' if mark else ''}"
                                    for r, value, mark in cells)
                        for cells in ([(r, r.old, r.old_mark) for r in rows], [(r, r.new, r.new_mark) for r in rows]))
            cells = [f"{_rule_name(rule)}<br>`{rule}`", old, new, meaning(result, rule, lang)]
            lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"


def render_text(result: Diff, lang: Lang, provenance: bool = False) -> list[tuple[str, str]]:
    """The terminal view as (text, rich style) lines."""
    a, b = result.a, result.b
    width = max(len(a.id), len(b.id))
    lines = [(f"A {_title(a, lang)}", "bold"), (f"B {_title(b, lang)}", "bold"), (_summary(result, lang), "")]
    for section, rules in _by_section(result).items():
        lines += [("", ""), (_section_title(section), "bold underline")]
        for rule, changes in rules.items():
            lines.append((f"  {_rule_name(rule)}  [{rule}]", "cyan"))
            for row in _rows(result, changes, provenance):
                where = f" {row.path}:" if row.path else ""
                for sign, ruleset, value, mark, style in (("-", a, row.old, row.old_mark, "red"),
                                                          ("+", b, row.new, row.new_mark, "green")):
                    lines.append((f"    {sign} {ruleset.id:<{width}}{where} {value}" + (f"  ({mark})" if mark else ""),
                                  style))
            lines.append((f"    {meaning(result, rule, lang)}", ""))
    return lines


def render(result: Diff, fmt: Format, lang: Lang = "en", provenance: bool = False) -> str:
    """The diff as plain text (no colour), Markdown or JSON."""
    if fmt == "json":
        return json.dumps(to_json(result, provenance), ensure_ascii=False, indent=2) + "\n"
    if fmt == "markdown":
        return render_markdown(result, lang, provenance)
    return "\n".join(text for text, _ in render_text(result, lang, provenance)) + "\n"
