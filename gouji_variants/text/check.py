"""Running a ruleset's examples (``gouji check``): adjudications through :mod:`gouji_variants.text.judge`,
scenarios through the engine, each failure with where it was written and why.

The examples themselves are parsed by :mod:`gouji_variants.ruleset.examples`, which the compiler uses; this
module sits above both the compiler and the engine, so no import cycle runs through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..components import tribute
from ..engine import PASS, Action, Carry, Game, IllegalAction
from ..engine.actions import from_json
from ..ruleset.cards import Cards
from ..ruleset.catalog import Catalog
from ..ruleset.compiler import compile_path
from ..ruleset.errors import Mark, RulesetError
from ..ruleset.examples import OFFERS, Adjudication, Due, Example, Scenario, Step
from ..ruleset.model import Ruleset
from ..ruleset.rules import PLACE_NAMES
from .judge import BadPrevious, judge


def step_action(step: Step) -> Action:
    """The engine action a scenario step names, read as a game record reads it."""
    data: dict[str, str] = {"type": step.verb}
    if step.cards is not None:
        data["cards"] = str(step.cards)
    if step.which:
        data["which"] = step.which
    return from_json(data)


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
    while game.decision in OFFERS:
        if OFFERS[game.decision] == step.verb and step.seat in (None, game.turn):
            return
        game.apply(PASS)


def _play(example: Scenario, ruleset: Ruleset) -> list[Mismatch]:
    at = example.marks.get
    expect = example.expect
    carry = None
    if example.carry_places is not None:
        carry = Carry(places=example.carry_places,
                      burns=tuple(tribute.BurnDue(burner, burned, counter)
                                  for burner, burned, counter in example.carry_burns))
    game = Game(ruleset, 0, hands=list(example.hands), leader=example.leader, carry=carry)
    for number, step in enumerate(example.steps, 1):
        _decline_offers(game, step)
        if step.seat is not None and step.seat != game.turn:
            actual = "the game is over" if game.over else f"it is seat {game.turn}'s turn ({game.decision})"
            return [Mismatch(f"action {number} {str(step)!r}", f"seat {step.seat} to act", actual, step.mark)]
        action = step_action(step)
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
    check("out", expect.out, game.finished, seat_list)
    check("opened", expect.opened, frozenset(seat for seat, opened in enumerate(game.opened) if opened), seat_list)
    check("burned", expect.burned, frozenset(burn.burned for burn in game.successful_burns()), seat_list)
    check("stifled", expect.stifled, game.stifled, seat_list)
    check("revolutionaries", expect.revolutionaries, game.revolutionaries, seat_list)
    if expect.counts is not None:
        actual_counts = tuple(None if wanted is None else len(game.hand(seat))
                              for seat, wanted in enumerate(expect.counts))
        check("counts", expect.counts, actual_counts, lambda counts: " ".join("*" if n is None else str(n)
                                                                                for n in counts))
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


def seat_list(seats: Iterable[int]) -> str:
    """Seats as ``0 3``, in order (sorted for a set), or ``nobody``."""
    return " ".join(map(str, sorted(seats) if isinstance(seats, frozenset) else seats)) or "nobody"


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
            "errors": [] if self.error is None else [d.to_json() for d in self.error.diagnostics],
            "warnings": [] if ruleset is None else [d.to_json() for d in ruleset.warnings],
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

    def render(self, lang: str = "en") -> str:
        """The text report: each failing example with where and why, a line per file, then a summary; ``lang``
        zh frames it in Chinese (the reasons are in both languages; what the engine and judge print stays)."""
        zh = lang == "zh"
        lines: list[str] = []
        for report in self.files:
            if report.error is not None:
                lines += [f"{report.ref}: " + ("无效，示例未运行" if zh else "invalid, its examples were not run"),
                          report.error.render(lang)]
                continue
            assert report.ruleset is not None
            lines += [warning.render(lang) for warning in report.ruleset.warnings]
            for outcome in report.outcomes:
                if not outcome.ok:
                    lines += _render_failure(outcome, zh)
            count = len(report.outcomes)
            if zh:
                status = "没有示例" if not count else f"{count}个示例，" + (
                    f"{report.failed}个未通过" if report.failed else "全部通过")
            else:
                status = ("no examples" if not count else f"{count} example{'s' * (count != 1)}, "
                          + (f"{report.failed} failed" if report.failed else "all passed"))
            lines.append(f"{_display(report.ruleset.path)} ({report.ruleset.id}): {status}")
        totals = self.summary()
        if zh:
            invalid = f"，{totals['invalid']}个文件无效" if totals["invalid"] else ""
            lines.append(f"检查了{totals['files']}个文件：{totals['examples']}个示例，{totals['passed']}个通过，"
                         f"{totals['failed']}个未通过{invalid}")
            return "\n".join(lines)
        invalid = f", {totals['invalid']} invalid file{'s' * (totals['invalid'] != 1)}" if totals["invalid"] else ""
        lines.append(f"checked {totals['files']} file{'s' * (totals['files'] != 1)}: {totals['examples']} examples, "
                     f"{totals['passed']} passed, {totals['failed']} failed{invalid}")
        return "\n".join(lines)


def _render_failure(outcome: Outcome, zh: bool = False) -> list[str]:
    example = outcome.example
    kind = {"adjudication": "裁判", "scenario": "情景"}[example.kind] if zh else example.kind
    if zh:
        source = f"［出处 {example.source}］" if example.source else ""
        lines = [f"未通过 {example.mark.file}:{example.mark.line}: {example.name}{source}",
                 f"  {kind}: {example.describe()}"]
    else:
        source = f" [source {example.source}]" if example.source else ""
        lines = [f"FAIL {example.mark.file}:{example.mark.line}: {example.name}{source}",
                 f"  {kind}: {example.describe()}"]
    for mismatch in outcome.mismatches:
        if zh:
            lines += [f"  {mismatch.what}（第{mismatch.mark.line}行）:",
                      f"    预期: {mismatch.expected}",
                      f"    实际: {mismatch.actual}"]
        else:
            lines += [f"  {mismatch.what} (line {mismatch.mark.line}):",
                      f"    expected: {mismatch.expected}",
                      f"    happened: {mismatch.actual}"]
            if mismatch.en:
                lines.append(f"    because:  {mismatch.en}")
        if mismatch.zh:
            lines.append(f"    原因:     {mismatch.zh}" if not zh else f"    原因: {mismatch.zh}")
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
    reports: list[FileReport] = []
    for ref in refs:
        try:
            ruleset = compile_path(catalog.find(ref), catalog)
        except RulesetError as error:
            reports.append(FileReport(ref, None, error=error))
            continue
        reports.append(FileReport(ref, ruleset, check_ruleset(ruleset)))
    return CheckReport(tuple(reports))
