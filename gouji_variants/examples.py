"""Examples in a ruleset file: adjudications and scenarios that document its rules, run by ``gouji check``.

A ruleset's ``examples:`` list is data, never code. An *adjudication* is one play on a previous
play with the referee's expected answer (run through :mod:`gouji_variants.judge`); a *scenario*
is six small hands, a leader, actions in order and what must hold at the end (run through the
engine). Examples belong to the file that holds them: they are not inherited through ``extends``.

:func:`parse` turns a file's validated ``examples`` into typed examples (card notation, actions
and tribute lines are checked here, each error located at file:line:col); :func:`run` runs one;
:func:`check` runs every example of several rulesets for ``gouji check``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from .cards import Cards
from .errors import Diagnostic, Mark, RulesetError
from .expressions import TRIBUTE_KINDS
from .grammar import NotationError
from .rules import PLACE_NAMES
from .yamlsource import Document

if TYPE_CHECKING:
    from .catalog import Catalog
    from .compiler import Ruleset
    from .engine import Action, Game

SEATS = 6
#: What ``decision`` may name: the engine's decision kinds, and ``over``.
DECISIONS = ("lead", "follow", "follow-on-yield", "after-yield", "answer", "burn-offer", "return", "revolution",
             "hui3", "yudian", "mingdian", "over")
#: Actions written as one word, as the engine names them in game records.
SIMPLE_VERBS = ("pass", "yield", "revolution", "declare", "jiefeng", "tiaopai", "ask")
CARD_VERBS = ("burn", "return")
VERBS = (*SIMPLE_VERBS, *CARD_VERBS, "hui3")
#: Offers declined unless the next action takes them: decision -> the verb that takes it.
OFFERS = {"revolution": "revolution", "hui3": "hui3", "yudian": "declare", "mingdian": "declare"}
HUI3_CHOICES = ("3", "4", "both")
#: A tribute kind as written before 贡 ("落贡 大落 pays 头科 2"), to its id.
TRIBUTE_SPELLINGS = {zh: kind for kind, (zh, _) in TRIBUTE_KINDS.items()} | {"拉": "luo", "掐": "men"}
RULE_ID = r"^[a-z0-9_]+(\.[a-z0-9_-]+)+(\[[0-9]+\])?$"
BURN_PATTERN = r"^\s*[0-5]\s+(burned|counter-burned)\s+[0-5]\s*$"
_SEAT_PREFIX = re.compile(r"^\s*([0-9]+)\s*:\s*(.*)$", re.S)
_DUE = re.compile(r"^\s*(?:(?P<kind>\S+?)贡\s*)?(?P<payer>\S+)\s+pays\s+(?P<receiver>\S+)\s+(?P<count>[0-9]+)\s*$")
_CARD_LETTERS = set("tjqkabr")


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

    def action(self) -> Action:
        """The engine action, read as a game record reads it (imported late: the engine needs the compiler,
        which needs this module)."""
        from .engine.actions import from_json

        data: dict[str, str] = {"type": self.verb}
        if self.cards is not None:
            data["cards"] = str(self.cards)
        if self.which:
            data["which"] = self.which
        return from_json(data)

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

    def fail(self, pointer: str, message: str, hint: str = "", detail: str = "") -> None:
        self.problems.append(Diagnostic(self.doc.mark(pointer), message, pointer, hint, detail))

    def cards(self, pointer: str, value: Any, text: str | None = None, offset: int = 0) -> Cards | None:
        """Card notation at ``pointer`` (``text[offset:]`` of the written value when given)."""
        written = str(value) if text is None else text
        try:
            return Cards.parse(written[offset:])
        except NotationError as error:
            located = NotationError(written, offset + error.column, error.message)
            self.fail(pointer, f"bad cards in {_where(pointer)}: column {located.column} of {written!r}: "
                      f"{error.message}", "write cards as in 'gouji judge', e.g. 99B, TTTTT, 3 3 大王",
                      located.render("    ").split("\n", 1)[1])
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
                          _ACTION_HINT)
                return None
        body = text[offset:]
        words = body.split()
        mark = self.doc.mark(pointer)
        if not words:
            self.fail(pointer, f"empty action in {_where(pointer)}", _ACTION_HINT)
            return None
        verb = words[0].lower()
        start = offset + body.index(words[0]) + len(words[0])
        if verb in SIMPLE_VERBS:
            if len(words) > 1:
                self.fail(pointer, f"action {text!r} in {_where(pointer)}: '{verb}' takes nothing after it",
                          _ACTION_HINT)
                return None
            return Step(text, seat, verb, mark)
        if verb == "hui3":
            which = " ".join(words[1:])
            if which not in HUI3_CHOICES:
                self.fail(pointer, f"action {text!r} in {_where(pointer)}: hui3 takes 3, 4 or both",
                          "e.g. 'hui3 3' (会3) or 'hui3 both'")
                return None
            return Step(text, seat, "hui3", mark, which=which)
        if verb in CARD_VERBS:
            if len(words) == 1:
                self.fail(pointer, f"action {text!r} in {_where(pointer)}: '{verb}' needs the cards",
                          f"e.g. '{verb} 2R'")
                return None
            cards = self.cards(pointer, text, text, start)
            return None if cards is None else Step(text, seat, verb, mark, cards)
        if verb.isalpha() and len(verb) > 1 and not set(verb) <= _CARD_LETTERS:
            close = difflib.get_close_matches(verb, VERBS, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            self.fail(pointer, f"unknown action {words[0]!r} in {_where(pointer)}", hint + _ACTION_HINT)
            return None
        cards = self.cards(pointer, text, text, offset)
        return None if cards is None else Step(text, seat, "play", mark, cards)

    def due(self, pointer: str, text: str) -> Due | None:
        found = _DUE.match(text)
        places = {name: index for index, name in enumerate(PLACE_NAMES)}
        if found is None or found["payer"] not in places or found["receiver"] not in places:
            self.fail(pointer, f"tribute {text!r} in {_where(pointer)} is not 'PLACE pays PLACE COUNT'",
                      "e.g. '大落 pays 头科 2' or '烧贡 二落 pays 头科 1'; places are " + " ".join(PLACE_NAMES))
            return None
        kind = found["kind"]
        if kind is not None and kind not in TRIBUTE_SPELLINGS:
            self.fail(pointer, f"unknown tribute kind '{kind}贡' in {_where(pointer)}",
                      "kinds are " + " ".join(f"{zh}贡" for zh, _ in TRIBUTE_KINDS.values()))
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
        if "out" in expected:
            expected["out"] = tuple(expected["out"])
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
                      "no actions", "list the actions, the illegal one last")
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


# ── running ──────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Mismatch:
    """One expectation that did not hold: what, expected, what happened, where it was written, and why."""

    what: str
    expected: str
    actual: str
    mark: Mark
    zh: str = ""
    en: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "expected": self.expected, "actual": self.actual, "line": self.mark.line,
                "column": self.mark.column, "reason": {"zh": self.zh, "en": self.en} if self.zh or self.en else None}


@dataclass(frozen=True)
class Outcome:
    example: Example
    mismatches: tuple[Mismatch, ...]

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def to_json(self) -> dict[str, Any]:
        example = self.example
        return {"name": example.name, "kind": example.kind, "source": example.source or None,
                "file": example.mark.file, "line": example.mark.line, "column": example.mark.column,
                "describe": example.describe(), "ok": self.ok, "failures": [m.to_json() for m in self.mismatches]}


def run(example: Example, ruleset: Ruleset) -> Outcome:
    """Run one example under ``ruleset``; an engine error is a failure of the example, never an exception."""
    try:
        found = _adjudicate(example, ruleset) if isinstance(example, Adjudication) else _play(example, ruleset)
    except Exception as error:  # the engine or the referee broke on this example: report it, do not crash
        found = [Mismatch("run", "the example runs", f"{type(error).__name__}: {error}", example.mark)]
    return Outcome(example, tuple(found))


def _verdict_text(ok: bool, rule: str) -> str:
    return f"{'legal' if ok else 'illegal'} (rule {rule})"


def _rule_matches(expected: str, actual: str) -> bool:
    """``plays.kills`` matches ``plays.kills`` and ``plays.kills[0]``."""
    return actual == expected or (actual.startswith(expected + "[") and "[" not in expected)


def _adjudicate(example: Adjudication, ruleset: Ruleset) -> list[Mismatch]:
    from .judge import BadPrevious, judge

    at = example.marks.get
    try:
        result = judge(ruleset, example.play, example.on)
    except BadPrevious as error:
        verdict = error.verdict
        return [Mismatch("previous", f"{example.on} is a legal play to answer", f"it is not (rule {verdict.rule})",
                         at("previous", example.mark), verdict.zh, verdict.en)]
    verdict = result.verdict
    found: list[Mismatch] = []
    if result.ok != example.legal:
        wanted = "legal" if example.legal else "illegal"
        found.append(Mismatch("verdict", wanted, _verdict_text(result.ok, verdict.rule), at("expect", example.mark),
                              verdict.zh, verdict.en))
    elif example.rule and not _rule_matches(example.rule, verdict.rule):
        found.append(Mismatch("rule", example.rule, verdict.rule, at("rule", example.mark), verdict.zh, verdict.en))
    for key, want, actual in (("gouji", example.gouji, result.gouji),
                              ("pure_gouji", example.pure_gouji, result.pure_gouji)):
        if want is not None and want != actual:
            found.append(Mismatch(key, str(want).lower(), str(actual).lower(), at(key, example.mark)))
    return found


def _decline_offers(game: Game, step: Step) -> None:
    """Decline the offers (宣点, 革命, 会3) that stand before ``step``; an action that takes an offer takes the
    next one of its kind (for its seat, when it names one)."""
    from .engine import PASS

    while game.decision in OFFERS:
        if OFFERS[game.decision] == step.verb and step.seat in (None, game.turn):
            return
        game.apply(PASS)


def _play(example: Scenario, ruleset: Ruleset) -> list[Mismatch]:
    from .components import tribute
    from .engine import Carry, Game, IllegalAction, NotSupported

    at = example.marks.get
    expect = example.expect
    carry = None
    if example.carry_places is not None:
        carry = Carry(places=example.carry_places,
                      burns=tuple(tribute.BurnDue(burner, burned, counter)
                                  for burner, burned, counter in example.carry_burns))
    try:
        game = Game(ruleset, 0, hands=list(example.hands), leader=example.leader, carry=carry)
    except NotSupported as error:
        return [Mismatch("engine", "a ruleset the engine plays", f"the engine refuses {ruleset.id}: {error}",
                         example.mark, "引擎暂不支持此规则集的某些规则，无法运行情景示例",
                         "the engine does not play some of this ruleset's rules yet, so scenarios cannot run")]
    for number, step in enumerate(example.steps, 1):
        _decline_offers(game, step)
        if step.seat is not None and step.seat != game.turn:
            actual = "the game is over" if game.over else f"it is seat {game.turn}'s turn ({game.decision})"
            return [Mismatch(f"action {number} {str(step)!r}", f"seat {step.seat} to act", actual, step.mark)]
        action = step.action()
        if expect.illegal and number == len(example.steps):
            try:
                game.verify(action)
            except IllegalAction as error:
                verdict = error.verdict
                if isinstance(expect.illegal, str) and not _rule_matches(expect.illegal, verdict.rule):
                    return [Mismatch("illegal", f"rejected by {expect.illegal}", f"rejected by {verdict.rule}",
                                     at("expect.illegal", example.mark), verdict.zh, verdict.en)]
                return _compare(example, game)
            return [Mismatch(f"action {number} {str(step)!r}", "rejected", f"seat {game.turn} may take it",
                             at("expect.illegal", step.mark))]
        try:
            game.apply(action)
        except IllegalAction as error:
            verdict = error.verdict
            return [Mismatch(f"action {number} {str(step)!r}", f"legal for seat {game.turn} ({game.decision})",
                             f"rejected by {verdict.rule}", step.mark, verdict.zh, verdict.en)]
    return _compare(example, game)


def _compare(example: Scenario, game: Game) -> list[Mismatch]:
    """Every expectation against the game as it stands."""

    expect = example.expect
    found: list[Mismatch] = []

    def check(key: str, wanted: Any, actual: Any, show: Any = str) -> None:
        if wanted is not None and wanted != actual:
            found.append(Mismatch(key, show(wanted), show(actual), example.marks.get(f"expect.{key}", example.mark)))

    def names(places: Sequence[int] | None) -> str:
        return "not over" if places is None else " ".join(PLACE_NAMES[place] for place in places)

    def cards(hands: Sequence[Cards | None]) -> str:
        return " | ".join("*" if hand is None else str(hand) or "-" for hand in hands)

    check("turn", expect.turn, None if game.over else game.turn,
          lambda seat: "nobody (the game is over)" if seat is None else f"seat {seat}")
    check("decision", expect.decision, game.decision)
    check("places", expect.places, None if game.places is None else tuple(game.places), names)
    check("score", expect.score, game.score, lambda score: "not over" if score is None else " : ".join(map(str, score)))
    check("out", expect.out, game.finished, lambda seats: " ".join(map(str, seats)) or "nobody")
    if expect.hands is not None:
        actual = tuple(None if wanted is None else game.hand(seat) for seat, wanted in enumerate(expect.hands))
        check("hands", expect.hands, actual, cards)
    for name, count in expect.stats:
        if name not in game.stats:
            found.append(Mismatch(f"stats.{name}", f"{name} = {count}", "no such counter; counters: "
                                  + ", ".join(game.stats), example.marks.get("expect.stats", example.mark)))
        elif game.stats[name] != count:
            found.append(Mismatch(f"stats.{name}", str(count), str(game.stats[name]),
                                  example.marks.get("expect.stats", example.mark)))
    if expect.tribute is not None:
        if game.places is None:
            check("tribute", expect.tribute, None, lambda dues: "not over" if dues is None else _dues_text(dues))
        else:
            places = game.places
            actual_dues = tuple(Due(due.kind, places[due.payer], places[due.receiver], due.count)
                                for due in game.next_dues())
            same = len(actual_dues) == len(expect.tribute) and all(
                want.matches(got) for want, got in zip(expect.tribute, actual_dues, strict=True))
            if not same:
                found.append(Mismatch("tribute", _dues_text(expect.tribute), _dues_text(actual_dues),
                                      example.marks.get("expect.tribute", example.mark)))
    return found


def _dues_text(dues: Sequence[Due]) -> str:
    return "; ".join(str(due) for due in dues) or "no tribute"


# ── gouji check ──────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class FileReport:
    """The examples of one ruleset file, or why it could not be checked."""

    ref: str
    ruleset: Ruleset | None
    outcomes: tuple[Outcome, ...] = ()
    error: RulesetError | None = None

    @property
    def failed(self) -> int:
        return sum(not outcome.ok for outcome in self.outcomes)

    def to_json(self) -> dict[str, Any]:
        ruleset = self.ruleset
        return {
            "ref": self.ref,
            "file": None if ruleset is None else _display(ruleset.path),
            "ruleset": None if ruleset is None else ruleset.id,
            "fingerprint": None if ruleset is None else ruleset.fingerprint,
            "examples": [outcome.to_json() for outcome in self.outcomes],
            "errors": [] if self.error is None else [
                {"file": d.mark.file, "line": d.mark.line, "column": d.mark.column, "message": d.message,
                 "hint": d.hint or None} for d in self.error.diagnostics],
        }


EXIT_OK, EXIT_FAILED, EXIT_INVALID = 0, 1, 2


@dataclass(frozen=True)
class CheckReport:
    files: tuple[FileReport, ...]

    @property
    def outcomes(self) -> list[Outcome]:
        return [outcome for report in self.files for outcome in report.outcomes]

    @property
    def exit_code(self) -> int:
        if any(report.error for report in self.files):
            return EXIT_INVALID
        return EXIT_FAILED if any(not outcome.ok for outcome in self.outcomes) else EXIT_OK

    def summary(self) -> dict[str, int]:
        outcomes = self.outcomes
        passed = sum(outcome.ok for outcome in outcomes)
        return {"files": len(self.files), "invalid": sum(report.error is not None for report in self.files),
                "examples": len(outcomes), "passed": passed, "failed": len(outcomes) - passed}

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.exit_code == EXIT_OK, "exit": self.exit_code, "summary": self.summary(),
                "files": [report.to_json() for report in self.files]}

    def render(self) -> str:
        """The text report: each failing example with where and why, a line per file, then a summary."""
        lines: list[str] = []
        for report in self.files:
            if report.error is not None:
                lines += [f"{report.ref}: invalid, its examples were not run", report.error.render()]
                continue
            assert report.ruleset is not None
            for outcome in report.outcomes:
                if not outcome.ok:
                    lines += _render_failure(outcome)
            count = len(report.outcomes)
            status = ("no examples" if not count else f"{count} example{'s' * (count != 1)}, "
                      + (f"{report.failed} failed" if report.failed else "all passed"))
            lines.append(f"{_display(report.ruleset.path)} ({report.ruleset.id}): {status}")
        totals = self.summary()
        invalid = f", {totals['invalid']} invalid file{'s' * (totals['invalid'] != 1)}" if totals["invalid"] else ""
        lines.append(f"checked {totals['files']} file{'s' * (totals['files'] != 1)}: {totals['examples']} examples, "
                     f"{totals['passed']} passed, {totals['failed']} failed{invalid}")
        return "\n".join(lines)


def _render_failure(outcome: Outcome) -> list[str]:
    example = outcome.example
    source = f" [source {example.source}]" if example.source else ""
    lines = [f"FAIL {example.mark.file}:{example.mark.line}: {example.name}{source}",
             f"  {example.kind}: {example.describe()}"]
    for mismatch in outcome.mismatches:
        lines += [f"  {mismatch.what} (line {mismatch.mark.line}):",
                  f"    expected: {mismatch.expected}",
                  f"    happened: {mismatch.actual}"]
        if mismatch.en:
            lines.append(f"    because:  {mismatch.en}")
        if mismatch.zh:
            lines.append(f"    原因:     {mismatch.zh}")
    return lines


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def check_ruleset(ruleset: Ruleset) -> tuple[Outcome, ...]:
    """Run every example of ``ruleset`` (its own file's: examples are not inherited)."""
    return tuple(run(example, ruleset) for example in ruleset.examples)


def check(refs: Sequence[str], catalog: Catalog) -> CheckReport:
    """Compile each ruleset (id, alias, name or path) and run its examples."""
    from .compiler import compile_path

    reports: list[FileReport] = []
    for ref in refs:
        try:
            ruleset = compile_path(catalog.find(ref), catalog)
        except RulesetError as error:
            reports.append(FileReport(ref, None, error=error))
            continue
        reports.append(FileReport(ref, ruleset, check_ruleset(ruleset)))
    return CheckReport(tuple(reports))
