"""The ruleset format: which version of the rule language a ruleset file is written in.

A file says it with a top-level ``format: N``; a file without it is format 1, the language
of the first release. This release reads every format up to :data:`RULESET_FORMAT` and
writes that one (``gouji new``, ``gouji show --resolved``). A file of a newer format names
rules or values this release does not know, so it is refused with an error at its
``format`` key instead of being read as a different game. A file that uses a key (or value) of
a newer format than it says is refused at that key; one that says no format is read as the
newest format its keys need, with a warning at the key (:func:`format_problems`).
See docs/reference.md.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from typing import Any

from .. import __version__
from .errors import Diagnostic, Mark
from .expressions import parse
from .grammar import NotationError
from .rules import SECTIONS

#: The ruleset format this release reads (and every older one) and writes.
RULESET_FORMAT = 4
#: The format of a file without a ``format`` key.
FIRST_FORMAT = 1
#: What each format added, for the reference docs and the error's hint.
CHANGES: dict[int, str] = {
    1: "the first rule language",
    2: "`deck.each_hand`; `bie3.buy_from` as an ordered buy order (the old names still mean the same); "
       "`penalties.forfeits`; `tribute.biewang_to`, `tribute.biewang_cards`; "
       "`score.manguan_others_as`; `first_player.later_games: draw`; `turns.gousiji` as a list of places "
       "(`true`/`false` still mean the same); `kaidian.answering: answers-only`; `turns.passed_answers_duitou`; "
       "`reporting.report_counts` with the `ask` action; the `format` key itself",
    3: "`plays.kill_cover`; kill rules with killer kind sets (`B by R or W`), strict cover (`higher jokers`), a "
       "number on relative killers and a surplus per joker (`+1 card each`); `plays.forbidden`; `bie3.pay_with`, "
       "`bie3.nothing_to_pay`, `bie3.buyers_served`",
    4: "`plays.kill_cover: each-joker` (the jokers of one kind shared among several kill rules)",
}


def too_new(data: Any, mark: Mark) -> Diagnostic | None:
    """The error for a file whose ``format`` is newer than :data:`RULESET_FORMAT`, else None
    (a malformed value is left to the schema)."""
    found = data.get("format") if isinstance(data, dict) else None
    if not isinstance(found, int) or isinstance(found, bool) or found <= RULESET_FORMAT:
        return None
    return Diagnostic(mark, f"ruleset format {found} is newer than this release of gouji-variants "
                      f"({__version__}) reads (formats {FIRST_FORMAT} to {RULESET_FORMAT})", "/format",
                      "upgrade gouji-variants (pip install -U gouji-variants) to read this file; "
                      "it may use rules this release would not play",
                      zh=f"规则集格式 {found} 比本版 gouji-variants（{__version__}）能读的新（格式 {FIRST_FORMAT} 到 "
                      f"{RULESET_FORMAT}）",
                      hint_zh="升级 gouji-variants（pip install -U gouji-variants）再读这个文件；"
                      "它可能用了本版不会玩的规则")


def needed_formats(data: Any) -> list[tuple[int, str, str]]:
    """The keys, values and expression forms of a file's rule sections that a format after the first added:
    (format, JSON pointer, what), in file order (each rule field's ``since`` and ``values_since``,
    :func:`.rules.rule`, and each expression's ``since``)."""
    found: list[tuple[int, str, str]] = []
    if not isinstance(data, dict):
        return found
    hints: dict[str, dict[str, Any]] = {}
    for section, values in data.items():
        cls = SECTIONS.get(section)
        if cls is None or not isinstance(values, dict):
            continue
        fields = {field.name: field for field in dataclasses.fields(cls)}
        hints.setdefault(section, typing.get_type_hints(cls))
        for key, value in values.items():
            field = fields.get(key)
            if field is None:
                continue
            since, values_since = field.metadata["since"], field.metadata["values_since"]
            pointer = f"/{section}/{key}"
            if since > FIRST_FORMAT:
                found.append((since, pointer, f"{section}.{key}"))
            if isinstance(value, str) and values_since.get(value, FIRST_FORMAT) > FIRST_FORMAT:
                found.append((values_since[value], pointer, f"{section}.{key}: {value}"))
            found += _forms(hints[section][key], value, pointer, f"{section}.{key}")
    return found


def _forms(hint: Any, value: Any, pointer: str, key: str) -> list[tuple[int, str, str]]:
    """The expressions of ``value`` (one, or a list of them) whose form a later format added (their ``since``)."""
    kind = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else hint
    since = getattr(kind, "since", None)
    if not isinstance(since, property):
        return []
    found: list[tuple[int, str, str]] = []
    for index, text in (enumerate(value) if isinstance(value, list) else [(None, value)]):
        try:
            form = parse(kind, text) if isinstance(text, str) else None
        except NotationError:  # reported where the expression is compiled
            continue
        if form is not None and form.since > FIRST_FORMAT:
            at = pointer if index is None else f"{pointer}/{index}"
            found.append((form.since, at, f"{key} '{form}'"))
    return found


def format_problems(data: Any, mark: Callable[[str], Mark]) -> list[Diagnostic]:
    """A file that says a format older than a key (or value) it uses: an error at each such key. A file that
    says none and uses one of a later format than the first: read as the newest format its keys need, with a
    warning at the first key that needs it (``mark`` locates a JSON pointer)."""
    said = data.get("format") if isinstance(data, dict) else None
    needed = needed_formats(data)
    if isinstance(said, int) and not isinstance(said, bool):
        return [Diagnostic(mark(pointer), f"{what} belongs to ruleset format {since}, but this file says format {said}",
                           pointer, f"write format: {since} (or leave {what} out)",
                           zh=f"{what} 属于规则集格式 {since}，而本文件写的是 format: {said}",
                           hint_zh=f"改为 format: {since}（或删去 {what}）")
                for since, pointer, what in needed if since > said]
    if said is not None or not needed:
        return []
    newest = max(since for since, _, _ in needed)
    since, pointer, what = next(item for item in needed if item[0] == newest)
    return [Diagnostic(mark(pointer), f"{what} belongs to ruleset format {since}, and this file says no format "
                       f"(format {FIRST_FORMAT}): it is read as format {since}", pointer,
                       f"write format: {since} at the top of the file", severity="warning",
                       zh=f"{what} 属于规则集格式 {since}，而本文件没写 format（即格式 {FIRST_FORMAT}）："
                          f"按格式 {since} 读",
                       hint_zh=f"在文件开头写 format: {since}")]
