"""What a seat may know: the :class:`Observation` a game builds for it (its hand, the public record
of the deal, what the rules show it), from copies taken when asked, so that a seat's view holds
neither the game nor another seat's hidden cards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..cards import Cards
from ..components import reporting
from ..components.deck import SEATS
from ..components.moves import Counts
from ..components.table import BURN, REVOLT, YUDIAN_STAGE, Transfer
from ..rules import Reporting
from .actions import Action
from .carry import Carry

if TYPE_CHECKING:
    from .game import Game

_PUBLIC_TRANSFERS = ("buy", "pay", "hui3")  # made in front of the table; tribute and 还贡 only between the two


@dataclass(frozen=True)
class Observation:
    """What ``seat`` may know: its hand, hands and counts the rules make visible, the table."""

    seat: int
    stage: str
    to_act: int | None  # None while the decision is private (another seat's burn or 革命 offer)
    decision: str | None  # the kind of decision, when it is ``seat``'s own
    hand: Cards
    counts: tuple[int | None, ...]
    hands: tuple[Cards | None, ...]
    top: Cards | None
    top_seat: int | None
    may_answer: tuple[int, ...]
    round_plays: tuple[tuple[int, Cards], ...]
    passed: tuple[int, ...]
    burner: int | None
    luanchan: bool
    finished: tuple[int, ...]
    out_of_play: tuple[int, ...]
    revolutionaries: tuple[int, ...]
    removed: Cards
    opened: tuple[bool, ...]  # 开点 so far (打点)
    declared: tuple[str | None, ...]  # 明点 / 预点 declarations
    # The public record of the current deal (a 流局 redeal starts a new one), and what follows from it:
    deal: int = 0  # which deal of this game (0, or more after 流局)
    deal_leader: int = -1  # the leader the deal started with (before a 革命 moves the lead on)
    history: tuple[tuple[int, Action], ...] = ()  # public actions in order (forced passes too) and the seat's own
    played: tuple[Cards, ...] = ()  # the cards each seat has played
    dealt: tuple[int, ...] = ()  # how many cards each seat was dealt
    sizes: tuple[int, ...] = ()  # hand sizes, as counting the public record gives them
    transfers: tuple[Transfer, ...] = ()  # tribute, 还贡, 买3 and 会3, cards where this seat sees them
    deck: Cards = Cards.EMPTY  # the cards of the deal (the recipe's deck, or a scenario's hands)
    shown: tuple[int, ...] = ()  # seats that showed their hand (挑牌) to their team-mates
    told: tuple[int | None, ...] = ()  # counts told on asking (报牌 'when-asked')
    gave_up: tuple[bool, ...] = ()  # 开点 given up (落四, forfeits)
    burns: tuple[tuple[int, int, bool, str], ...] = ()  # (burner, burned, 反烧, outcome)
    bottom: tuple[int, ...] = ()  # ranked from the bottom at once (诈烧, 窒息, 大小王不出手, forfeits)
    stifled: tuple[int, ...] = ()  # 闷, in order
    places: tuple[int, ...] | None = None  # each seat's place once the game is over
    carry: Carry | None = None  # what this game inherited (last game's places, burns, dues, lead)



def observing(game: Game, seat: int) -> Callable[[], Observation]:
    """``seat``'s observation, built when called from copies taken now that leave out what the
    seat may not see: a seat's view holds this, never the game, and an agent that does not look
    at its observation pays only for the copies."""
    table = game.state
    yudian = table.stage == YUDIAN_STAGE
    rule = game.rules.reporting
    sizes = tuple(map(sum, table.hands))  # equal to what the public record adds up to (test_seat_view.py)
    shown = tuple(table.reporting.shown)
    if rule.teammate_view_at_most is None and not shown:  # only its own (the common case, quickly)
        hands = tuple(None if yudian or other != seat else tuple(table.hands[seat]) for other in range(SEATS))
    else:
        hands = tuple(None if yudian or not reporting.hand_visible(rule, seat, other, sizes[other], other in shown)
                      else tuple(table.hands[other]) for other in range(SEATS))
    public_turn = not game.over and (table.kind not in (BURN, REVOLT) or game.turn == seat)
    burning, kaidian = table.burning, table.kaidian
    ready: dict[str, Any] = {
        "seat": seat,
        "stage": table.stage,
        "to_act": game.turn if public_turn else None,
        "decision": game.decision if game.turn == seat else None,
        "top": None if table.top is None else table.top.cards,
        "top_seat": None if table.top is None else table.top_seat,
        "may_answer": game.may_answer(),
        "round_plays": tuple(table.round),
        "burner": burning.burner,
        "luanchan": table.turns.luanchan,
        "finished": tuple(table.finished),
        "revolutionaries": tuple(table.revolutionaries),
        "opened": tuple(kaidian.opened),
        "declared": tuple(kaidian.declared),
        "deal": len(game.deals) - 1,
        "deal_leader": table.deal_leader,
        "history": history_of(table.history, table.private, seat),
        "dealt": table.dealt,
        "sizes": sizes,
        "transfers": tuple(
            item if not yudian and (item.kind in _PUBLIC_TRANSFERS or seat in (item.giver, item.taker))
            else Transfer(item.kind, item.giver, item.taker, item.count, None) for item in table.transfers),
        "shown": shown,
        "told": tuple(table.reporting.told),
        "gave_up": tuple(kaidian.gave_up),
        "burns": tuple((b.burner, b.burned, b.counter, b.outcome) for b in burning.burns),
        "bottom": tuple(table.bottom),
        "stifled": tuple(table.men),
        "places": None if game.places is None else tuple(game.places),
        "carry": game.carry,
    }
    return partial(_observed, rule, ready, hands, tuple(table.in_play), tuple(table.passed), tuple(table.removed),
                   tuple(map(tuple, table.played_by)), tuple(table.total))


def history_of(history: list[tuple[int, Action]], private: list[tuple[int, int, Action]],
               seat: int) -> tuple[tuple[int, Action], ...]:
    """The public actions of this deal, with ``seat``'s own private ones (offers it declined) in place."""
    mine = [(place, action) for place, other, action in private if other == seat]
    if not mine:
        return tuple(history)
    found = list(history)
    for place, action in reversed(mine):
        found.insert(place, (seat, action))
    return tuple(found)


def _observed(rule: Reporting, ready: dict[str, Any], hands: tuple[Counts | None, ...], in_play: tuple[bool, ...],
              passed: tuple[int, ...], removed: Counts, played: tuple[Counts, ...], deck: Counts) -> Observation:
    """An observation from the copies :func:`observing` took (the hands in them are those the
    seat may see)."""
    seat, yudian, told, shown = ready["seat"], ready["stage"] == YUDIAN_STAGE, ready["told"], ready["shown"]
    own = hands[seat]
    return Observation(
        **ready,
        hand=Cards.EMPTY if own is None else Cards.unchecked(own),
        counts=tuple(count if not yudian and reporting.count_visible(rule, seat, other, count, other in shown,
                                                                     told[other]) else None
                     for other, count in enumerate(ready["sizes"])),
        hands=tuple(None if hand is None else Cards.unchecked(hand) for hand in hands),
        passed=tuple(sorted(passed)),
        out_of_play=tuple(other for other in range(SEATS) if not in_play[other]),
        removed=Cards.unchecked(removed),
        played=tuple(map(Cards.unchecked, played)),
        deck=Cards.unchecked(deck),
    )
