"""Examples in a ruleset file: adjudications and scenarios that document its rules, run by ``gouji check``.

A ruleset's ``examples:`` list is data, never code. An *adjudication* is one play on a previous
play with the referee's expected answer (run through :mod:`gouji_variants.text.judge`); a *scenario*
is six small hands, a leader, actions in order and what must hold at the end (run through the
engine). Examples belong to the file that holds them: they are not inherited through ``extends``.

:func:`parse` turns a file's validated ``examples`` into typed examples (card notation, actions
and tribute lines are checked here, each error located at file:line:col); running them is
:mod:`gouji_variants.text.check` (this module needs neither the compiler nor the engine, so
the compiler and the schema can use it).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from . import lookalike, vocabulary
from .cards import Cards
from .errors import Diagnostic, Mark, RulesetError
from .expressions import TRIBUTE_KINDS
from .grammar import NotationError
from .rules import PLACE_NAMES
from .yamlsource import Document

SEATS = 6
#: What ``decision`` may name: the engine's decision kinds, and ``over``.
DECISIONS = tuple(vocabulary.DECISIONS)
#: Actions written as one word, as the engine names them in game records.
SIMPLE_VERBS = vocabulary.SIMPLE_VERBS
CARD_VERBS = vocabulary.CARD_VERBS
VERBS = (*SIMPLE_VERBS, *CARD_VERBS, vocabulary.HUI3.name)
#: Offers declined unless the next action takes them: decision -> the verb that takes it.
OFFERS = {"revolution": "revolution", "hui3": "hui3", "yudian": "declare", "mingdian": "declare"}
HUI3_CHOICES = tuple(vocabulary.HUI3_CHOICES)
#: A tribute kind as written before 贡 ("落贡 大落 pays 头科 2"), to its id.
TRIBUTE_SPELLINGS = {zh: kind for kind, (zh, _) in TRIBUTE_KINDS.items()} | {"拉": "luo", "掐": "men"}
RULE_ID = r"^[a-z0-9_]+(\.[a-z0-9_-]+)+(\[[0-9]+(\+[0-9]+)*\])?$"
BURN_PATTERN = r"^\s*[0-5]\s+(burned|counter-burned)\s+[0-5]\s*$"
_SEAT_PREFIX = re.compile(r"^\s*([0-9]+)\s*:\s*(.*)$", re.S)
_DUE = re.compile(r"^\s*(?:(?P<kind>\S+?)贡\s*)?(?P<payer>\S+)\s+pays\s+(?P<receiver>\S+)\s+(?P<count>[0-9]+)\s*$")
_CARD_LETTERS = set("tjqkabr")
#: Per-seat states an example may expect, each as the list of seats in that state: name -> (zh, en).
SEAT_STATES = {
    "opened": ("已开点的座位（打点）", "the seats that have opened (开点, under 打点), in any order"),
    "burned": ("被烧成的座位", "the seats burned by a burn that succeeded, in any order"),
    "stifled": ("被闷的座位（憋3），按先后", "the seats stifled (闷, under 憋3), in order"),
    "revolutionaries": ("革命的座位，按先后", "the seats that declared 革命, in order"),
}


# ── typed examples ───────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Step:
    """One scenario action as written: ``99B``, ``pass``, ``burn 2R``, ``3: hui3 both`` …"""

    text: str
    seat: int | None
    verb: str  # "play", one of VERBS
    mark: Mark
    cards: Cards | None = None
    which: str = ""

    def __str__(self) -> str:
        return " ".join(self.text.split())


@dataclass(frozen=True)
class Due:
    """One expected tribute of the next game, by place: ``落贡 大落 pays 头科 2``."""

    kind: str | None  # a TRIBUTE_KINDS id; None: any kind
    payer: int  # place index
    receiver: int
    count: int

    def __str__(self) -> str:
        kind = f"{TRIBUTE_KINDS[self.kind][0]}贡 " if self.kind else ""
        return f"{kind}{PLACE_NAMES[self.payer]} pays {PLACE_NAMES[self.receiver]} {self.count}"

    def matches(self, other: Due) -> bool:
        return (self.payer, self.receiver, self.count) == (other.payer, other.receiver, other.count) and (
            self.kind is None or self.kind == other.kind)


@dataclass(frozen=True)
class Expect:
    """What must hold when a scenario's actions are done (None: not checked)."""

    places: tuple[int, ...] | None = None
    score: tuple[int, ...] | None = None
    tribute: tuple[Due, ...] | None = None
    illegal: str | bool = False  # the last action must be rejected (by this rule, when a string)
    turn: int | None = None
    decision: str | None = None
    stats: tuple[tuple[str, int], ...] = ()
    hands: tuple[Cards | None, ...] | None = None
    out: tuple[int, ...] | None = None
    opened: frozenset[int] | None = None
    burned: frozenset[int] | None = None
    stifled: tuple[int, ...] | None = None
    revolutionaries: tuple[int, ...] | None = None
    counts: tuple[int | None, ...] | None = None


@dataclass(frozen=True)
class Adjudication:
    """A play on a previous play (or alone), and the referee's expected answer."""

    name: str
    source: str
    note: str
    mark: Mark
    play: Cards
    on: Cards | None
    legal: bool
    rule: str | None = None
    gouji: bool | None = None
    pure_gouji: bool | None = None
    marks: Mapping[str, Mark] = field(default_factory=dict)

    kind = "adjudication"

    def describe(self) -> str:
        on = f" on {self.on}" if self.on is not None else ""
        extra = [f"rule {self.rule}"] if self.rule else []
        if self.gouji is not None:
            extra.append("够级" if self.gouji else "not 够级")
        if self.pure_gouji is not None:
            extra.append("pure 够级" if self.pure_gouji else "not pure 够级")
        return f"{self.play}{on} → {'legal' if self.legal else 'illegal'}" + (f" ({', '.join(extra)})" if extra else "")


@dataclass(frozen=True)
class Scenario:
    """Six hands, a leader, actions in order, and the expectations at the end."""

    name: str
    source: str
    note: str
    mark: Mark
    hands: tuple[Cards, ...]
    leader: int
    steps: tuple[Step, ...]
    expect: Expect
    carry_places: tuple[int, ...] | None = None
    carry_burns: tuple[tuple[int, int, bool], ...] = ()
    marks: Mapping[str, Mark] = field(default_factory=dict)

    kind = "scenario"

    def describe(self) -> str:
        hands = " | ".join(str(hand) for hand in self.hands)
        carry = f"; after {' '.join(PLACE_NAMES[p] for p in self.carry_places)}" if self.carry_places else ""
        actions = ", ".join(str(step) for step in self.steps) or "no actions"
        return f"hands {hands}; seat {self.leader} leads{carry}; {actions}"


Example = Adjudication | Scenario


# ── parsing ──────────────────────────────────────────────────────────────────


class _Common(TypedDict):
    name: str
    source: str
    note: str
    mark: Mark
    marks: Mapping[str, Mark]


@dataclass
class _Parser:
    doc: Document
    problems: list[Diagnostic] = field(default_factory=list)

    def fail(self, pointer: str, message: str, hint: str = "", detail: str = "",
             zh: tuple[str, str] = ("", "")) -> None:
        """A problem at ``pointer``: ``message`` and ``hint``, ``zh`` the two in Chinese."""
        self.problems.append(Diagnostic(self.doc.mark(pointer), message, pointer, hint, detail, zh=zh[0],
                                        hint_zh=zh[1]))

    def cards(self, pointer: str, value: Any, text: str | None = None, offset: int = 0) -> Cards | None:
        """Card notation at ``pointer`` (``text[offset:]`` of the written value when given)."""
        written = str(value) if text is None else text
        try:
            return Cards.parse(written[offset:])
        except NotationError as error:
            located = NotationError(written, offset + error.column, error.message)
            hint, hint_zh = lookalike.fullwidth(written, located.column)
            self.fail(pointer, f"bad cards in {_where(pointer)}: column {located.column} of {written!r}: "
                      f"{error.message}", hint or "write cards as in 'gouji judge', e.g. 99B, TTTTT, 3 3 大王",
                      located.render("    ").split("\n", 1)[1],
                      (f"{_where(pointer)} 的牌有误：{written!r} 的第 {located.column} 列：{error.zh or error.message}",
                       hint_zh or "按 'gouji judge' 的写法写牌，如 99B、TTTTT、3 3 大王"))
            return None

    def step(self, pointer: str, value: Any) -> Step | None:
        text = str(value)
        seat: int | None = None
        offset = 0
        prefixed = _SEAT_PREFIX.match(text)
        if prefixed:
            seat, offset = int(prefixed.group(1)), prefixed.start(2)
            if seat >= SEATS:
                self.fail(pointer, f"action {text!r} in {_where(pointer)} names seat {seat}; seats are 0-5",
                          _ACTION_HINT, zh=(f"{_where(pointer)} 的动作 {text!r} 写的座位是 {seat}；座位是 0-5",
                                            _ACTION_HINT_ZH))
                return None
        body = text[offset:]
        words = body.split()
        mark = self.doc.mark(pointer)
        if not words:
            self.fail(pointer, f"empty action in {_where(pointer)}", _ACTION_HINT,
                      zh=(f"{_where(pointer)} 的动作是空的", _ACTION_HINT_ZH))
            return None
        verb = words[0].lower()
        start = offset + body.index(words[0]) + len(words[0])
        if verb in SIMPLE_VERBS:
            if len(words) > 1:
                self.fail(pointer, f"action {text!r} in {_where(pointer)}: '{verb}' takes nothing after it",
                          _ACTION_HINT, zh=(f"{_where(pointer)} 的动作 {text!r}：'{verb}' 后面不跟别的",
                                            _ACTION_HINT_ZH))
                return None
            return Step(text, seat, verb, mark)
        if verb == "hui3":
            which = " ".join(words[1:])
            if which not in HUI3_CHOICES:
                self.fail(pointer, f"action {text!r} in {_where(pointer)}: hui3 takes 3, 4 or both",
                          "e.g. 'hui3 3' (会3) or 'hui3 both'",
                          zh=(f"{_where(pointer)} 的动作 {text!r}：hui3 后面是 3、4 或 both",
                              "如 'hui3 3'（会3）或 'hui3 both'"))
                return None
            return Step(text, seat, "hui3", mark, which=which)
        if verb in CARD_VERBS:
            if len(words) == 1:
                self.fail(pointer, f"action {text!r} in {_where(pointer)}: '{verb}' needs the cards",
                          f"e.g. '{verb} 2R'", zh=(f"{_where(pointer)} 的动作 {text!r}：'{verb}' 后面要写牌",
                                                  f"如 '{verb} 2R'"))
                return None
            cards = self.cards(pointer, text, text, start)
            return None if cards is None else Step(text, seat, verb, mark, cards)
        if verb.isalpha() and len(verb) > 1 and not set(verb) <= _CARD_LETTERS:
            close = difflib.get_close_matches(verb, VERBS, n=1)
            hint, hint_zh = (f"did you mean {close[0]!r}? ", f"是不是 {close[0]!r}？") if close else ("", "")
            self.fail(pointer, f"unknown action {words[0]!r} in {_where(pointer)}", hint + _ACTION_HINT,
                      zh=(f"{_where(pointer)} 里没有 {words[0]!r} 这个动作", hint_zh + _ACTION_HINT_ZH))
            return None
        cards = self.cards(pointer, text, text, offset)
        return None if cards is None else Step(text, seat, "play", mark, cards)

    def due(self, pointer: str, text: str) -> Due | None:
        found = _DUE.match(text)
        places = {name: index for index, name in enumerate(PLACE_NAMES)}
        if found is None or found["payer"] not in places or found["receiver"] not in places:
            self.fail(pointer, f"tribute {text!r} in {_where(pointer)} is not 'PLACE pays PLACE COUNT'",
                      "e.g. '大落 pays 头科 2' or '烧贡 二落 pays 头科 1'; places are " + " ".join(PLACE_NAMES),
                      zh=(f"{_where(pointer)} 的进贡 {text!r} 不是「名次 pays 名次 张数」",
                          "如 '大落 pays 头科 2' 或 '烧贡 二落 pays 头科 1'；名次有 " + " ".join(PLACE_NAMES)))
            return None
        kind = found["kind"]
        if kind is not None and kind not in TRIBUTE_SPELLINGS:
            kinds = " ".join(f"{zh}贡" for zh, _ in TRIBUTE_KINDS.values())
            self.fail(pointer, f"unknown tribute kind '{kind}贡' in {_where(pointer)}", "kinds are " + kinds,
                      zh=(f"{_where(pointer)} 里没有「{kind}贡」这种贡", "贡的种类有 " + kinds))
            return None
        return Due(TRIBUTE_SPELLINGS[kind] if kind else None, places[found["payer"]], places[found["receiver"]],
                   int(found["count"]))

    def marks(self, pointer: str, data: Mapping[str, Any], prefix: str = "") -> dict[str, Mark]:
        found = {prefix + key: self.doc.mark(f"{pointer}/{key}", key=True) for key in data}
        expect = data.get("expect")
        if isinstance(expect, dict) and not prefix:
            found |= self.marks(f"{pointer}/expect", expect, "expect.")
        return found

    def example(self, index: int, data: Mapping[str, Any]) -> Example | None:
        pointer = f"/examples/{index}"
        common: _Common = {"name": str(data["name"]), "source": str(data.get("source", "")),
                           "note": str(data.get("note", "")), "mark": self.doc.mark(pointer),
                           "marks": self.marks(pointer, data)}
        if "hands" in data or "actions" in data:
            return self.scenario(pointer, data, common)
        play = self.cards(f"{pointer}/play", data["play"])
        on = self.cards(f"{pointer}/previous", data["previous"]) if "previous" in data else None
        if play is None or ("previous" in data and on is None):
            return None
        return Adjudication(play=play, on=on, legal=data["expect"] == "legal", rule=data.get("rule"),
                            gouji=data.get("gouji"), pure_gouji=data.get("pure_gouji"), **common)

    def scenario(self, pointer: str, data: Mapping[str, Any], common: _Common) -> Scenario | None:
        before = len(self.problems)
        hands = [self.cards(f"{pointer}/hands/{i}", hand) for i, hand in enumerate(data["hands"])]
        steps = [self.step(f"{pointer}/actions/{i}", action) for i, action in enumerate(data.get("actions") or [])]
        expected: dict[str, Any] = dict(data["expect"])
        if "places" in expected:
            expected["places"] = tuple(PLACE_NAMES.index(name) for name in expected["places"])
        if "score" in expected:
            expected["score"] = tuple(expected["score"])
        for key in ("out", "stifled", "revolutionaries", "counts"):
            if key in expected:
                expected[key] = tuple(expected[key])
        for key in ("opened", "burned"):
            if key in expected:
                expected[key] = frozenset(expected[key])
        if "stats" in expected:
            expected["stats"] = tuple(expected["stats"].items())
        if "tribute" in expected:
            expected["tribute"] = tuple(self.due(f"{pointer}/expect/tribute/{i}", str(text))
                                        for i, text in enumerate(expected["tribute"]))
        if "hands" in expected:
            expected["hands"] = tuple(
                None if hand is None else Cards.EMPTY if hand == "" else self.cards(f"{pointer}/expect/hands/{i}", hand)
                for i, hand in enumerate(expected["hands"]))
        if expected.get("illegal") not in (None, False) and not steps:
            self.fail(f"{pointer}/expect/illegal", f"{_where(pointer)} expects its last action to be illegal but has "
                      "no actions", "list the actions, the illegal one last",
                      zh=(f"{_where(pointer)} 要最后一个动作不合法，却没有动作", "列出动作，不合法的放最后"))
        carry = data.get("carry") or {}
        burns = tuple((int(words[0]), int(words[2]), "counter" in words[1])
                      for words in (text.split() for text in carry.get("burns", ())))
        if len(self.problems) > before:
            return None
        return Scenario(hands=tuple(h for h in hands if h is not None), leader=data.get("leader", 0),
                        steps=tuple(s for s in steps if s is not None), expect=Expect(**expected),
                        carry_places=tuple(PLACE_NAMES.index(p) for p in carry["places"]) if carry else None,
                        carry_burns=burns, **common)


_ACTION_HINT = ("an action is a play in card notation (99B), " + ", ".join(SIMPLE_VERBS) + ", 'burn CARDS', "
                "'return CARDS' or 'hui3 3|4|both', optionally after the seat that must take it: '3: 99B' "
                "(quote it in YAML)")
_ACTION_HINT_ZH = ("动作是一手牌（牌面记法，如 99B）、" + "、".join(SIMPLE_VERBS) + "、'burn 牌'、'return 牌' 或 "
                   "'hui3 3|4|both'，前面可写须做这个动作的座位：'3: 99B'（在 YAML 里加引号）")


def _where(pointer: str) -> str:
    """``/examples/2/actions/1`` as ``examples[2].actions[1]``."""
    parts = pointer.strip("/").split("/")
    return "".join(f"[{part}]" if part.isdigit() else f".{part}" for part in parts).lstrip(".")


def parse(doc: Document) -> tuple[Example, ...]:
    """The typed examples of a schema-valid document; raises :class:`RulesetError` listing every bad one."""
    parser = _Parser(doc)
    found = [parser.example(index, data) for index, data in enumerate(doc.data.get("examples") or [])]
    if parser.problems:
        raise RulesetError(sorted(parser.problems, key=lambda d: (d.mark.line, d.mark.column)))
    return tuple(example for example in found if example is not None)
