"""Making a :class:`~.model.Scene` from a seat's view only: its :class:`~gouji_variants.engine.Observation`,
the public rules, its options and, once the game is over, the public result. A scene cannot hold what
the view does not (the test of the scene checks every fact against the engine). What an option does to
its own seat (out, ranked at once, where) the engine answers on a copy of the game (:func:`option`): a
fact of the seat's own hand and the public record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import le
from typing import Any

from ..components import burning, reporting
from ..components.deck import SEATS
from ..components.notes import Forfeited, Mark, Note, TributePaid, TributeReturned
from ..components.places import revolution_places
from ..components.score import seat_points
from ..components.turns import duitou
from ..engine.actions import Action, Burn, Play, Return, Revolution
from ..engine.events import Event
from ..engine.game import Game
from ..engine.observing import Observation
from ..ruleset.cards import Cards
from ..ruleset.rules import Reporting, Rules
from .model import Option, Ranked, Relation, Result, Scene, SeatScene, SeenEvent, Standing, Untold

#: the notes of a seat ranking itself at once (a forfeit is a :class:`Forfeited`)
_RANKING = (Mark.ZHASHAO, Mark.STUCK_JOKERS)

__all__ = ["alike", "option", "options_of", "relation", "result_of", "scene", "scene_of", "seen_events", "untold"]


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


def _ranked_in(game: Game, seat: int) -> Ranked:
    return "闷" if seat in game.stifled else "诈烧" if seat in game.zhashao else "bottom"


def _viewer(seen: Observation) -> int | None:
    """``seen``'s seat, None for a spectator's public view (its ``seat`` None, which the field's type does not
    say: read by name, so that the compiled core does not require an int)."""
    view: Any = seen
    return view.seat  # type: ignore[no-any-return]


def _seat(seen: Observation, rules: Rules, seat: int, hands: Sequence[Cards] | None, viewer: int | None
          ) -> SeatScene:
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


def option(game: Game, action: Action, seen: tuple[bool, ...] | None = None) -> Option:
    """What ``action`` of the seat to act in ``game`` does beyond the play: whom it shows the whole hand to
    (挑牌, or a play that leaves it within 看牌's limit), whom its cards go before, whether 革命 sits the
    game out (and its places), whether a burn leaves a hand that cannot keep its condition (诈烧), whether
    it takes the seat out or ranks it at once and where. The engine answers: a copy of the game plays the
    action, and only the seat's own standing and who sees its cards are kept (what its hand, the rules
    and the public record decide, nothing of another hand). ``seen``: which seats see its hand now
    (:func:`_seen_by`), where the caller made it once for all the options."""
    seat, rules = game.turn, game.rules
    hand = game.hand(seat)
    unkeepable = isinstance(action, Burn) and all(map(le, action.cards.counts, hand.counts)) \
        and not burning.keepable(rules.burning, (hand - action.cards).counts)
    twin = game.clone()
    event = twin.apply(action)
    before = _seen_by(game, seat) if seen is None else seen
    mates = tuple(other for other in range(SEATS) if other != seat and not before[other]
                  and _sees(twin, other, seat)) if any(twin.hand(seat).counts) else ()
    shown: tuple[int, ...] = tuple(other for other in range(SEATS) if other != seat) \
        if isinstance(action, (Play, Burn)) else ()
    shown += tuple(note.to for note in event.notes if isinstance(note, TributeReturned))
    order = twin.finished.index(seat) + 1 if seat in twin.finished else None
    ranks: Ranked | None = None
    places: tuple[int, ...] = revolution_places(rules.places) if isinstance(action, Revolution) else ()
    if order is None and not twin.in_play[seat] and seat not in twin.revolutionaries:
        ranks = _ranked_in(twin, seat)
        bottom = twin.state.bottom
        places = (twin.places[seat],) if twin.places is not None else \
            (SEATS - 1 - bottom.index(seat),) if seat in bottom else ()
    # (the seat's own ranking only, from the events the action led to: the same play's 闷 of another seat
    # would tell that seat's hand)
    why = tuple(note for later in twin.log[len(game.log):] if later.seat == seat for note in later.notes
                if note in _RANKING or isinstance(note, Forfeited)) if ranks else ()
    return Option(action, mates, shown, isinstance(action, Revolution), unkeepable, ranks, places, order, why)


def options_of(game: Game, actions: Sequence[Action] | None = None) -> tuple[Option, ...]:
    """The options of the seat to act in ``game``: each of ``actions`` (legal ones; all its legal actions
    when None) with what it does (:func:`option`)."""
    seen = _seen_by(game, game.turn)
    return tuple(option(game, action, seen) for action in (game.legal_actions() if actions is None else actions))


def _sees(game: Game, viewer: int, seat: int) -> bool:
    """Whether ``viewer`` sees ``seat``'s hand in ``game`` now: the reporting area's
    :meth:`~.ReportingArea.hands_seen`, worked out for the one hand where the area is the built-in one
    (:func:`.reporting.hand_visible`; a replaced area answers itself)."""
    table = game.state
    reported = table.reporting
    if table.sight_replaced:
        return reported.hands_seen(viewer)[seat]
    return reporting.hand_visible(reported.rules.reporting, viewer, seat, sum(table.hands[seat]),
                                  seat in reported.shown)


def _seen_by(game: Game, seat: int) -> tuple[bool, ...]:
    """Which seats see ``seat``'s hand in ``game`` now (:func:`_sees`)."""
    return tuple(_sees(game, other, seat) for other in range(SEATS))


def scene(seen: Observation, rules: Rules, options: Sequence[Option] = (), result: Result | None = None,
          hands: Sequence[Cards] | None = None) -> Scene:
    """The scene of ``seen`` (its ``seat`` None: a spectator's public view), with the viewer's ``options``
    (:func:`options_of`) and, once over, the public ``result``; ``hands``: every hand, for the all-hands
    view of a record (the viewer then has no seat)."""
    viewer = _viewer(seen)
    seats = tuple(_seat(seen, rules, seat, hands, viewer) for seat in range(len(seen.dealt) or 6))
    kaidian = rules.kaidian.enabled
    opened = tuple(seat for seat, done in enumerate(seen.opened) if done) if kaidian else None
    declared = tuple((seat, kind) for seat, kind in enumerate(seen.declared) if kind)
    return Scene(
        viewer, seen.stage, seen.decision if viewer is not None else None,
        None if viewer is None or seen.stage == "yudian" else seen.hand, seats, rules.reporting.public_at_most,
        seen.top, seen.top_seat, seen.may_answer, seen.round_plays, seen.passed, seen.burner, seen.luanchan,
        opened, declared,
        () if viewer is None else tuple(options), result)


def result_of(game: Game, totals: tuple[int, int] | None = None, last: bool = False) -> Result | None:
    """A finished game's public result (None while it is under way); ``totals``: a match's recorded
    totals after it, ``last``: no game follows it (the match's last), so it owes none."""
    places, score = game.places, game.score
    if places is None or score is None:
        return None
    points = seat_points(places, game.rules.score, game.state.places.one_run)
    teams = (sum(points[0::2]), sum(points[1::2]))
    return Result(tuple(places), points, teams, score, totals, None if last else tuple(game.next_dues()))


def scene_of(game: Game, viewer: int | None, totals: tuple[int, int] | None = None, last: bool = False) -> Scene:
    """``viewer``'s scene of ``game`` now; None: the all-hands view (every hand, as a record shows them);
    ``totals`` and ``last`` as :func:`result_of` takes them."""
    seen = game.observation(0 if viewer is None else viewer)
    result = result_of(game, totals, last)
    if viewer is None:  # (seen from no seat: every hand given whole, the seat to act whatever it decides)
        unseated = replace(seen, seat=None, decision=None, to_act=None if game.over else game.turn)  # type: ignore[arg-type]
        return scene(unseated, game.rules, (), result, tuple(game.hand(seat) for seat in range(6)))
    to_act = not game.over and game.turn == viewer
    return scene(seen, game.rules, options_of(game) if to_act else (), result)


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


def alike(events: Sequence[Event]) -> bool:
    """Whether every viewer sees ``events`` alike (:func:`seen_events` gives the same for every viewer, 预点
    or not): none is private and none moves tribute or 还贡 cards, the only notes whose cards a viewer may
    not see."""
    return not any(event.private or any(isinstance(note, (TributePaid, TributeReturned)) for note in event.notes)
                   for event in events)
