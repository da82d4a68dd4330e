"""What a seat may know: the :class:`Observation` a game builds for it (its hand, the public record
of the deal, what the rules show it), from copies taken when asked, so that a seat's view holds
neither the game nor another seat's hidden cards."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from ..components import reporting
from ..components.deck import SEATS
from ..components.table import BURN, OVER, REVOLT, SLOT_NAMES, YUDIAN_STAGE, Chain, Table, Transfer, unchained
from ..components.vectors import Counts
from ..ruleset.cards import Cards
from ..ruleset.rules import Reporting
from .actions import Action
from .carry import Carry

if TYPE_CHECKING:
    from .game import Game

#: the hands a seat may see (None where it may not), the table's hands when taken live, or None for its own only
Visible = tuple[Counts | None, ...] | list[list[int]] | None
_PUBLIC_TRANSFERS = ("buy", "pay", "hui3")  # made in front of the table; tribute and 还贡 only between the two


@mypyc_attr(native_class=False)
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



def observing(game: Game, seat: int, live: bool = False) -> partial[Observation]:
    """``seat``'s observation, built when called from snapshots taken now that leave out what the
    seat may not see: a seat's view holds this, never the game, and an agent that does not look
    at its observation pays only for the snapshots (immutable chains and tuples, taken as they are).

    With ``live``, the public lists the areas change in place (the round, who passed, 开点 …) are
    taken as they are, not copied: the caller must :func:`frozen` it before the game changes
    (:meth:`Game.apply` does, for a view still held), so an agent that only samples copies nothing."""
    table = game.state
    stage = table.stage
    yudian = stage == YUDIAN_STAGE
    rule = game.rules.reporting
    reported, kaidian = table.reporting, table.kaidian
    shown = tuple(reported.shown)
    visible: Visible = None  # None: its own hand only (the common case, quickly)
    counts: tuple[int | None, ...] | None = None  # None: the counts the rule shows, worked out when observed
    if yudian:
        visible = (None,) * SEATS
    elif table.sight_replaced:  # a replaced reporting area says what the seat sees, now
        visible, counts = seen_by(reported, seat, table.hands), reported.counts_seen(seat)
    elif shown or rule.teammate_view_at_most is not None:  # (live: the table's hands, seen when observed)
        visible = table.hands if live else reporting.hands_known(rule, seat, table.hands, shown)
    sources: tuple[Iterable[Any], ...] = (
        table.round, table.finished, table.revolutionaries, kaidian.opened, kaidian.declared, reported.told,
        kaidian.gave_up, table.bottom, table.men, table.in_play, table.passed, table.removed, table.slots,
        table.played_by, table.burning.burns)
    lists = sources if live else _copied(sources)
    known = table.seen_transfers.get((seat, yudian))  # (kept while no transfer is added: the common case)
    final = table.final_places
    scalars = (stage, game.turn, table.kind, table.top, table.top_seat, table.burning.burner,
               table.turns.luanchan, len(game.deals) - 1, table.deal_leader, table.dealt, table.total,
               known[1] if known is not None and known[0] == len(table.transfers) else _transfers(table, seat, yudian),
               None if final is None else tuple(final), game.carry, table.history, table.private[seat],
               game.public_record, counts)
    return partial(_observed, seat, rule, tuple(table.hands[seat]), visible, shown, lists, scalars)


def glance(observe: partial[Observation]) -> tuple[Cards | None, int | None, int | None]:
    """The observation's ``top``, ``top_seat`` and ``burner`` (public), read from the snapshot
    :func:`observing` took without building the observation."""
    scalars = observe.args[6]
    top, burner = scalars[3], scalars[5]
    return (None, None, burner) if top is None else (top.cards, scalars[4], burner)


def seen_by(reported: reporting.ReportingArea, seat: int, hands: list[list[int]]) -> tuple[Counts | None, ...]:
    """The hands the reporting area's :meth:`~.ReportingArea.hands_seen` shows ``seat`` (its own always)."""
    return tuple(tuple(hand) if seen or other == seat else None
                 for other, (hand, seen) in enumerate(zip(hands, reported.hands_seen(seat), strict=True)))


def frozen(observe: partial[Observation]) -> partial[Observation]:
    """A live ``observe`` (:func:`observing`) with the lists it reads copied now."""
    (seat, rule, mine, visible, shown, lists, scalars) = observe.args
    return partial(_observed, seat, rule, mine, _seen(rule, seat, visible, shown), shown, _copied(lists), scalars)


def _seen(rule: Reporting, seat: int, visible: Visible, shown: tuple[int, ...]) -> tuple[Counts | None, ...] | None:
    """The hands ``seat`` may see, from the table's hands when :func:`observing` took them live."""
    return reporting.hands_known(rule, seat, visible, shown) if isinstance(visible, list) else visible


def _copied(lists: tuple[Iterable[Any], ...]) -> tuple[tuple[Any, ...], ...]:
    """The lists :func:`observing` reads, copied (the burns as rows: a burn's outcome changes)."""
    *others, burns = lists
    return (*map(tuple, others), burns if isinstance(burns, tuple) else
            tuple((burn.burner, burn.burned, burn.counter, burn.outcome) for burn in burns))


def _transfers(table: Table, seat: int, yudian: bool) -> tuple[Transfer, ...]:
    """The transfers of the deal as ``seat`` sees them (kept on the table while no transfer is added)."""
    made = table.transfers
    seen = tuple(item if not yudian and (item.kind in _PUBLIC_TRANSFERS or seat in (item.giver, item.taker))
                 else Transfer(item.kind, item.giver, item.taker, item.count, None) for item in made)
    table.seen_transfers[seat, yudian] = (len(made), seen)
    return seen


class PublicRecord:
    """What observations derive from a game's public record, remembered from one decision to the next:
    the history of the deal as a tuple (each observation unchains only the actions added since the
    last) and each seat's played cards as :class:`Cards` (made again only for the seat that played).
    Public values only, so a seat's view may hold it."""

    def __init__(self) -> None:
        self.chain: Chain = ()
        self.actions: tuple[tuple[int, Action], ...] = ()
        self.played: tuple[Counts, ...] = ()
        self.played_cards: tuple[Cards, ...] = ()
        self.counts: tuple[int, ...] = ()
        self.deck: tuple[Counts, Cards] = ((), Cards.EMPTY)  # the deal's cards, and the counts they were made of
        self.removed: tuple[Counts, Cards] = ((), Cards.EMPTY)  # the cards taken out of play, likewise
        self.fields: tuple[Any, ...] = ()  # the public fields last observed (:meth:`same`)

    def same(self, made: tuple[Any, ...]) -> tuple[Any, ...]:
        """``made``, an observation's public fields, each the very object observed last where it is equal: the
        six seats' views of a decision, and the next decision's where a field did not change, share one
        object (a room keeps one where it kept six, and compares a view with the last by identity)."""
        known = self.fields
        if len(known) == len(made):
            found = list(made)
            for index in range(len(found)):  # (an index loop: compiled)
                old = known[index]
                if old is not found[index] and old == found[index]:
                    found[index] = old
            made = tuple(found)
        self.fields = made
        return made

    def cards_of(self, counts: Counts, removed: bool) -> Cards:
        """The :class:`Cards` of the deal's cards (or those taken out of play, ``removed``), made
        again only when they changed (they rarely do within a deal)."""
        known, made = self.removed if removed else self.deck
        if counts is known or counts == known:
            return made
        made = Cards.unchecked(counts)
        if removed:
            self.removed = counts, made
        else:
            self.deck = counts, made
        return made

    def history(self, history: Chain, mine: Chain, seat: int) -> tuple[tuple[int, Action], ...]:
        """The public actions of a deal (a chain, :func:`unchained`), with ``seat``'s own private ones
        (offers it declined: a chain of (place, action)) in place."""
        known, added, rest = self.chain, [], history
        while rest and rest is not known:
            rest, entry = rest
            added.append(entry)
        added.reverse()
        actions = (self.actions if rest is known else ()) + tuple(added)
        self.chain, self.actions = history, actions
        if not mine:
            return actions
        found = list(actions)
        own: list[tuple[int, Action]] = unchained(mine)
        for place, action in reversed(own):
            found.insert(place, (seat, action))
        return tuple(found)

    def played_and_sizes(self, dealt: tuple[int, ...], played: tuple[Counts, ...],
                         transfers: tuple[Transfer, ...]) -> tuple[tuple[Cards, ...], tuple[int, ...]]:
        """Each seat's played cards, and the hand sizes the public record gives: dealt, minus played,
        plus what changed hands (the hands themselves are not looked at). The game replaces a seat's
        tuple of played cards when it plays: identity says which seat's changed."""
        known = self.played
        if len(known) != len(played):
            cards, counts = tuple(map(Cards.unchecked, played)), tuple(map(sum, played))
        else:  # (index loops: compiled, a generator over ``zip`` or ``map`` of a function is not)
            old_cards, old_counts = list(self.played_cards), list(self.counts)
            for seat in range(len(played)):
                if played[seat] is not known[seat]:
                    old_cards[seat], old_counts[seat] = Cards.unchecked(played[seat]), sum(played[seat])
            cards, counts = tuple(old_cards), tuple(old_counts)
        self.played, self.played_cards, self.counts = played, cards, counts
        sizes = [dealt[seat] - counts[seat] for seat in range(len(dealt))]
        for item in transfers:
            if item.taker is not None:
                sizes[item.taker] += item.count
            sizes[item.giver] -= item.count
        return cards, tuple(sizes)


def _observed(seat: int, rule: Reporting, mine: Counts, visible: Visible,
              shown: tuple[int, ...], lists: tuple[Iterable[Any], ...],
              scalars: tuple[Any, ...]) -> Observation:
    """An observation from the snapshots :func:`observing` took (``visible``: the hands the seat
    may see, or None for its own hand ``mine`` only; ``lists`` copied, or live and unchanged since)."""
    (round_plays, finished, revolutionaries, opened, declared, told, gave_up, bottom, stifled, in_play, passed,
     removed, slots, played, burns) = _copied(lists)
    (stage, turn, kind, top, top_seat, burner, luanchan, deal, deal_leader, dealt, deck, transfers, places,
     carry, history, private, record, counts) = scalars
    yudian, over = stage == YUDIAN_STAGE, stage == OVER
    seen = _seen(rule, seat, visible, shown)
    hands = seen if seen is not None else (None,) * seat + (mine,) + (None,) * (SEATS - 1 - seat)
    played_cards, sizes = record.played_and_sizes(dealt, played, transfers)
    (round_plays, finished, revolutionaries, opened, declared, told, gave_up, bottom, stifled, burns, shown, sizes,
     played_cards, may_answer, passed_in_order, out_of_play) = record.same((
        round_plays, finished, revolutionaries, opened, declared, told, gave_up, bottom, stifled, burns, shown, sizes,
        played_cards, () if top is None or over else tuple(other for slot, other in slots if slot != BURN),
        tuple(sorted(passed)), () if all(in_play) else tuple(other for other in range(SEATS) if not in_play[other])))
    own = hands[seat]
    mine_cards = Cards.EMPTY if own is None else Cards.unchecked(own)
    public_turn = not over and (kind not in (BURN, REVOLT) or turn == seat)
    observation = object.__new__(Observation)  # every field set at once: the frozen __init__ sets them one by one
    object.__setattr__(observation, "__dict__", dict(
        seat=seat,
        stage=stage,
        to_act=turn if public_turn else None,
        decision=("over" if over else SLOT_NAMES[kind]) if turn == seat else None,
        top=None if top is None else top.cards,
        top_seat=None if top is None else top_seat,
        may_answer=may_answer,
        round_plays=round_plays,
        burner=burner,
        luanchan=luanchan,
        finished=finished,
        revolutionaries=revolutionaries,
        opened=opened,
        declared=declared,
        deal=deal,
        deal_leader=deal_leader,
        history=record.history(history, private, seat),
        dealt=dealt,
        sizes=sizes,
        transfers=transfers,
        shown=shown,
        told=told,
        gave_up=gave_up,
        burns=burns,
        bottom=bottom,
        stifled=stifled,
        places=places,
        carry=carry,
        hand=mine_cards,
        counts=(None,) * SEATS if yudian else counts if counts is not None else reporting.counts_known(
            rule, seat, sizes, shown, told),
        hands=tuple(None if hand is None else mine_cards if hand is own else Cards.unchecked(hand) for hand in hands),
        passed=passed_in_order,
        out_of_play=out_of_play,
        removed=record.cards_of(removed, True),
        played=played_cards,
        deck=record.cards_of(deck, False),
    ))
    return observation
