"""Making a :class:`~.model.Scene` from a seat's view only: its :class:`~gouji_variants.engine.Observation`,
the public rules, its legal actions and, once the game is over, the public result. A scene cannot hold
what the view does not (the test of the scene checks every fact against the engine)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import le

from ..components import burning
from ..components.notes import Note, TributePaid, TributeReturned
from ..components.turns import duitou
from ..engine.actions import Action, Burn, Return, Revolution, Tiaopai
from ..engine.events import Event
from ..engine.game import Game
from ..engine.observing import Observation
from ..ruleset.cards import Cards
from ..ruleset.rules import Reporting, Rules
from .model import Option, Ranked, Relation, Result, Scene, SeatScene, SeenEvent, Standing, Untold

__all__ = ["option", "relation", "result_of", "scene", "scene_of", "seen_events", "untold"]


def relation(viewer: int | None, seat: int) -> Relation | None:
    """How ``viewer`` stands to ``seat``: itself, its 对头, a team-mate or an opponent (None without a seat)."""
    if viewer is None:
        return None
    if seat == viewer:
        return "self"
    if seat == duitou(viewer):
        return "duitou"
    return "team-mate" if seat % 2 == viewer % 2 else "opponent"


def untold(rule: Reporting) -> Untold:
    """Why the rules leave a count untold: no 报牌 at all, a count above the limit (told ones are at or
    below it), or not asked for (``when-asked``)."""
    if rule.public_at_most is None:
        return "no-reporting"
    return "above-limit" if rule.report_counts == "shown" else "not-asked"


def _public_count(rule: Reporting, size: int) -> int | None:
    """A count the whole table is told (a spectator's): at or below the limit, under ``shown``."""
    limit = rule.public_at_most
    return size if limit is not None and rule.report_counts == "shown" and size <= limit else None


def _ranked(seen: Observation, seat: int) -> Ranked:
    if seat in seen.stifled:
        return "闷"
    if any(burner == seat and outcome == "诈烧" for burner, _, _, outcome in seen.burns):
        return "诈烧"
    return "bottom"


def _seat(seen: Observation, rules: Rules, seat: int, hands: Sequence[Cards] | None) -> SeatScene:
    viewer = seen.seat
    standing: Standing = "playing"
    order = ranked = None
    if seat in seen.revolutionaries:
        standing = "revolution"
    elif seat in seen.finished:
        standing, order = "gone-out", seen.finished.index(seat) + 1
    elif seat in seen.out_of_play:
        standing, ranked = "ranked", _ranked(seen, seat)
    elif seen.stage == "yudian":
        standing = "unseen"
    if hands is not None:
        hand: Cards | None = hands[seat]
        count: int | None = len(hands[seat])
    elif viewer is None:  # a spectator: the public record only
        hand, count = None, _public_count(rules.reporting, seen.sizes[seat]) if seen.sizes else None
    else:
        hand = seen.hand if seat == viewer else seen.hands[seat]
        count = seen.counts[seat]
    if standing == "unseen" and hands is None:  # 预点: no hand is seen yet, the viewer's own included
        hand = count = None
    reason = untold(rules.reporting) if count is None and standing == "playing" else None
    to_act = seen.to_act == seat and standing == "playing"
    return SeatScene(seat, relation(viewer, seat), standing, count, reason, hand, order, ranked, to_act)


def option(rules: Rules, seat: int, hand: Cards, action: Action) -> Option:
    """What ``action`` of ``seat``, holding ``hand``, does beyond the play: whom 挑牌 shows the hand to,
    whether 革命 sits the game out, whether a burn leaves a hand that cannot keep its condition (诈烧)."""
    mates = ((seat + 2) % 6, (seat + 4) % 6) if isinstance(action, Tiaopai) else ()
    unkeepable = isinstance(action, Burn) and all(map(le, action.cards.counts, hand.counts)) \
        and not burning.keepable(rules.burning, (hand - action.cards).counts)
    return Option(action, mates, isinstance(action, Revolution), unkeepable)


def scene(seen: Observation, rules: Rules, legal: Sequence[Action] = (), result: Result | None = None,
          hands: Sequence[Cards] | None = None) -> Scene:
    """The scene of ``seen`` (its ``seat`` None: a spectator's public view), with the viewer's ``legal``
    actions and, once over, the public ``result``; ``hands``: every hand, for the all-hands view of a
    record (the viewer then has no seat)."""
    viewer = seen.seat
    seats = tuple(_seat(seen, rules, seat, hands) for seat in range(len(seen.dealt) or 6))
    kaidian = rules.kaidian.enabled
    opened = tuple(seat for seat, done in enumerate(seen.opened) if done) if kaidian else None
    declared = tuple((seat, kind) for seat, kind in enumerate(seen.declared) if kind)
    return Scene(
        viewer, seen.stage, seen.decision if viewer is not None else None,
        None if viewer is None or seen.stage == "yudian" else seen.hand, seats, rules.reporting.public_at_most,
        seen.top, seen.top_seat, seen.may_answer, seen.round_plays, seen.passed, seen.burner, seen.luanchan,
        opened, declared,
        () if viewer is None else tuple(option(rules, viewer, seen.hand, action) for action in legal), result)


def result_of(game: Game) -> Result | None:
    """A finished game's public result (None while it is under way)."""
    if game.places is None or game.score is None:
        return None
    return Result(tuple(game.places), game.score, tuple(game.next_dues()))


def scene_of(game: Game, viewer: int | None) -> Scene:
    """``viewer``'s scene of ``game`` now; None: the all-hands view (every hand, as a record shows them)."""
    seen = game.observation(0 if viewer is None else viewer)
    legal = game.legal_actions() if viewer is not None and not game.over and game.turn == viewer else ()
    if viewer is None:  # (seen from no seat: every hand given whole, the seat to act whatever it decides)
        unseated = replace(seen, seat=None, decision=None, to_act=None if game.over else game.turn)  # type: ignore[arg-type]
        return scene(unseated, game.rules, (), result_of(game), tuple(game.hand(seat) for seat in range(6)))
    return scene(seen, game.rules, legal, result_of(game))


def _hidden(note: Note, viewer: int | None, yudian: bool) -> int | None:
    """How many cards of ``note`` are hidden from ``viewer`` (tribute between two other seats, or any
    while the cards are not seen: 预点), or None."""
    if isinstance(note, TributePaid) and (yudian or viewer not in (note.payer, note.receiver)):
        return len(note.cards)
    return None


def _seen_event(event: Event, viewer: int | None, yudian: bool) -> SeenEvent:
    if isinstance(event.action, Return):
        for note in event.notes:
            if isinstance(note, TributeReturned) and (yudian or viewer not in (note.giver, note.to)):
                return SeenEvent(event.seat, None, event.forced, (note,), (len(event.action.cards),))
    hidden = tuple(_hidden(note, viewer, yudian) for note in event.notes)
    return SeenEvent(event.seat, event.action, event.forced, event.notes, hidden)


def seen_events(events: Sequence[Event], viewer: int | None, yudian: bool = False,
                every: bool = False) -> tuple[SeenEvent, ...]:
    """``events`` as ``viewer`` (None: a spectator) may see them: an event only its own seat may know
    (declining a burn or a 革命) left out, the cards of tribute and 还贡 between two other seats (and any
    before the cards are seen, ``yudian``) counted, not shown; ``every``: all of them as they are (the
    all-hands view of a record)."""
    if every:
        return tuple(SeenEvent(e.seat, e.action, e.forced, e.notes, (None,) * len(e.notes)) for e in events)
    return tuple(_seen_event(event, viewer, yudian) for event in events
                 if (event.action is not None or event.notes) and not (event.private and event.seat != viewer))
