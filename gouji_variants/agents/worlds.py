"""Worlds for search players: complete games consistent with what one seat knows.

:func:`sample_world` takes a seat's :class:`Observation` (public information and that seat's own
cards, nothing else) and returns a :class:`Game` at the same position, with the hands the seat
cannot see drawn at random among those the record allows, deterministically for a seed:

1. The cards nobody can account for (the deck, less every card played, taken out by 会3 and held in
   a hand the seat sees) are dealt to the seats it cannot see, each getting the size the public
   record gives it (``Observation.sizes``) and what the record says it must or cannot hold
   (:func:`known_floor`: what the seat paid or returned to it; the deal's ``each_hand`` where the
   dealt hand can be rebuilt; 革命: no 2s, no jokers; 买3 / 买4: a buyer had none, a seller a spare;
   forfeits for holding none; a stifled (闷) seat holds its 3s only: :func:`hand_bounds`), bounds the real
   deal always meets.
2. The hands are taken back to where the 革命 stage began (undoing the plays, 买3 and 会3, whose
   cards are public) and a game is started from them with the deal's leader; the public history is
   replayed on it (the seat's own declined offers are in its history), the other seats' offers
   that left no trace declined.
3. The world is kept only if the seat would have seen exactly what it saw: the same observation
   field for field (history, sizes and reported counts, hands shown, 买3 and 会3, burns, 开点,
   places so far …), so every rule the sampler does not bound (who can beat, 革命 eligibility,
   forfeits, who may be stifled) is respected by drawing again.

Tribute is not replayed: the world starts after it (its ``carry`` is empty), which changes nothing
of the play from here on. A world may still be unlikely (every consistent deal is not equally
likely to have produced the actions seen: no player model weighs them).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Collection, Sequence
from functools import partial

from ..components import bie3
from ..components.deck import SEATS
from ..components.table import RETURNS
from ..engine.actions import PASS, Action, Burn, IllegalAction, Revolution
from ..engine.game import Game, Observation
from ..ruleset.cards import FOUR, JOKERS, N_RANKS, THREE, TWO, Cards
from ..ruleset.expressions import Forfeit
from ..ruleset.model import Ruleset
from ..ruleset.rules import Bie3

#: Decisions only the deciding seat knows of: declining them leaves no public trace.
PRIVATE_OFFERS = {"burn-offer": Burn, "revolution": Revolution}
#: Transfers made in front of the table, replayed by the world itself.
PUBLIC_MOVES = ("buy", "pay", "hui3")
#: Observation fields a world started after tribute cannot share with the real game.
_BEFORE_PLAY = ("dealt", "transfers", "carry", "deal")
_AFTER_BUYING = ("hui3", "mingdian", "play", "over")


class NoWorld(ValueError):
    """No consistent world was found in the tries allowed (or the observation contradicts itself)."""


def sample_world(ruleset: Ruleset, seen: Observation, seed: int, tries: int = 100) -> Game:
    """A game at the position ``seen`` describes, consistent with everything its seat knows and built
    from nothing else; the same observation and ``seed`` give the same world."""
    return Sampler(ruleset, seen).world(seed, tries)


class _Draw:
    """The hidden hands' bounds (:func:`hand_bounds`) and what they leave to deal: the unseen cards less
    what the hidden seats must hold, and each seat's room for them."""

    def __init__(self, bounds: dict[int, tuple[list[int], list[int | None]]], seen: Observation) -> None:
        self.bounds = bounds
        self.pool = list(unseen_cards(seen).counts)
        for low, _ in bounds.values():
            for rank, count in enumerate(low):
                self.pool[rank] -= count
        self.cards = [rank for rank, count in enumerate(self.pool) for _ in range(count)]
        self.room = {seat: seen.sizes[seat] - sum(low) for seat, (low, _) in bounds.items()}


class Sampler:
    """The worlds of one observation (:func:`sample_world`): what does not depend on the hands drawn
    (the unseen cards, each hidden seat's :func:`hand_bounds`, what undoes the public moves) is worked
    out once, for all the worlds a search draws at one decision."""

    def __init__(self, ruleset: Ruleset, seen: Observation) -> None:
        if seen.stage == RETURNS:
            raise NoWorld("worlds start after tribute is paid: there is none at the 还贡 (returns) stage")
        self.ruleset, self.seen = ruleset, seen
        self.known = _known(seen)
        self.hidden = [seat for seat in range(SEATS) if self.known[seat] is None]
        plain = _Draw({seat: hand_bounds(seen, seat, ruleset) for seat in self.hidden}, seen)
        likely = _Draw({seat: hand_bounds(seen, seat, ruleset, held=True) for seat in self.hidden}, seen)
        #: the first half of the tries deal as if every seat that did not buy held the rank bought (the likely
        #: reason it did not; a rare deal where it had none and could not buy is left to the second half)
        self.draws = [likely, plain] if likely.bounds != plain.bounds else [plain]
        self.undo = [list(seen.played[seat].counts) for seat in range(SEATS)]  # back to the start of the 革命 stage
        for item in seen.transfers:  # (undo 会3, 买3 and the plays)
            if item.kind in PUBLIC_MOVES and item.cards is not None:
                _move(self.undo[item.giver], item.cards, +1)
                if item.taker is not None:
                    _move(self.undo[item.taker], item.cards, -1)

    def world(self, seed: int, tries: int = 100) -> Game:
        """A world drawn with ``seed`` (:func:`sample_world`)."""
        rng = random.Random(seed)
        for attempt in range(tries):
            world = self._attempt(rng, self.draws[0] if attempt < tries // 2 else self.draws[-1])
            if world is not None:
                return world
        raise NoWorld(f"no world consistent with seat {self.seen.seat}'s observation in {tries} tries")

    def _attempt(self, rng: random.Random, draw: _Draw) -> Game | None:
        seen = self.seen
        hands = self._deal_unseen(rng, draw)
        if hands is None:
            return None
        start = [[have + back for have, back in zip(hand, undo, strict=True)]
                 for hand, undo in zip(hands, self.undo, strict=True)]
        if any(min(hand) < 0 or not any(hand) for hand in start):
            return None
        world = Game(self.ruleset, rng.getrandbits(32), hands=[Cards(tuple(hand)) for hand in start],
                     leader=seen.deal_leader)
        if not _replay(world, seen.history, seen.seat) or not _agrees(world, seen):
            return None
        return world

    def _deal_unseen(self, rng: random.Random, draw: _Draw) -> list[tuple[int, ...]] | None:
        """Every hand's counts: those the seat sees as they are, the others drawn from the unseen cards within
        ``draw``'s bounds (None when this draw runs into a dead end)."""
        seen, known, hidden = self.seen, self.known, self.hidden
        hands = {seat: list(draw.bounds[seat][0]) for seat in hidden}  # (what each must hold, then the draw)
        bounds = {seat: (low, list(high)) for seat, (low, high) in draw.bounds.items()}  # (a 革命 offer may cap one)
        highs = {seat: high for seat, (_, high) in bounds.items()}
        _pending_revolution(seen, self.ruleset, bounds, rng)
        for seat in hidden:
            if any(high is not None and high < least for least, high in zip(hands[seat], highs[seat], strict=True)):
                return None
        if min(draw.pool) < 0:
            return None
        cards = list(draw.cards)
        rng.shuffle(cards)
        room = dict(draw.room)
        if all(high is None for seat in hidden for high in highs[seat]):  # no cap: the shuffled cards cut in turn
            if min(room.values(), default=0) < 0:
                return None
            taken = 0  # (the same chances as the draw below: a uniform deal of the cards over the room)
            for seat in hidden:
                for rank in cards[taken:taken + room[seat]]:
                    hands[seat][rank] += 1
                taken += room[seat]
            if taken != len(cards):
                return None
        else:
            for rank in cards:  # each card to a seat with room for it, as likely as the room it has
                open_: list[int] = []
                rooms: list[int] = []  # the room of the seats in ``open_``, added up
                for seat in hidden:
                    high = highs[seat][rank]
                    if room[seat] > 0 and (high is None or hands[seat][rank] < high):
                        open_.append(seat)
                        rooms.append(room[seat] + (rooms[-1] if rooms else 0))
                if not open_:
                    return None
                # (``rng.choices(open_, weights)[0]`` inlined: the same draw from ``rng``)
                seat = open_[bisect(rooms, rng.random() * rooms[-1], 0, len(open_) - 1)]
                hands[seat][rank] += 1
                room[seat] -= 1
            if any(room.values()):
                return None
        return [tuple(hands[seat]) if seat in hands else (known[seat] or Cards.EMPTY).counts for seat in range(SEATS)]


def unseen_cards(seen: Observation) -> Cards:
    """The cards in hands ``seen.seat`` cannot see: the deck less everything accounted for."""
    accounted = [0] * N_RANKS
    gone = [*seen.played, *(item.cards for item in seen.transfers if item.kind == "hui3" and item.cards)]
    for cards in (*gone, *(hand for hand in _known(seen) if hand is not None)):
        for rank, count in enumerate(cards.counts):
            accounted[rank] += count
    left = tuple(total - used for total, used in zip(seen.deck.counts, accounted, strict=True))
    if min(left) < 0:
        raise NoWorld(f"seat {seen.seat}'s observation accounts for more cards than the deck holds")
    return Cards(left)


def _known(seen: Observation) -> list[Cards | None]:
    """The hands the seat sees now (its own once the cards are seen, and those the rules show it)."""
    return [None if seen.stage == "yudian" else hand for hand in seen.hands]


def known_floor(seen: Observation, seat: int) -> list[int]:
    """Cards ``seat`` must still hold, as far as ``seen.seat`` knows: what it saw go to ``seat``, less
    what ``seat`` has played, given back where it saw it, or may have passed on unseen."""
    floor = [0] * N_RANKS
    unseen_given = 0
    for item in seen.transfers:
        if item.cards is None:
            unseen_given += item.count if item.giver == seat else 0
            continue
        _move(floor, item.cards, (item.taker == seat) - (item.giver == seat))
    _move(floor, seen.played[seat], -1)
    return [max(0, count - unseen_given) for count in floor]


def _offset(seen: Observation, seat: int, kinds: Collection[str] | None) -> list[int] | None:
    """What ``seat``'s hand was then less what it is now, undoing its plays and the transfers of
    ``kinds`` (every kind when None); None when one of them is hidden from ``seen.seat``."""
    offset = list(seen.played[seat].counts)
    for item in seen.transfers:
        if seat in (item.giver, item.taker) and (kinds is None or item.kind in kinds):
            if item.cards is None:
                return None
            _move(offset, item.cards, 1 if item.giver == seat else -1)
    return offset


def hand_bounds(seen: Observation, seat: int, ruleset: Ruleset,
                held: bool = False) -> tuple[list[int], list[int | None]]:
    """Least and most of each rank ``seat`` may hold now: :func:`known_floor`, the deal's
    ``each_hand`` (where the seat's dealt hand can be rebuilt), a revolutionary's hand (no 2s, no
    jokers), a stifled (闷) seat's (its 3s only, kept) and what 买3 / 买4 tell (:func:`_buying`); ``held``:
    as if a seat that did not buy a rank held one (the likely reason, not a certain one)."""
    low: list[int] = known_floor(seen, seat)
    high: list[int | None] = [None] * N_RANKS

    def need(offset: list[int], rank: int, bound: str, count: int) -> None:
        """``bound`` ('at least', 'at most', 'exactly') ``count`` of ``rank`` when ``offset`` was taken."""
        if bound != "at most":
            low[rank] = max(low[rank], count - offset[rank])
        if bound != "at least":
            most = count - offset[rank]
            high[rank] = most if high[rank] is None else min(high[rank] or 0, most)

    if seat in seen.stifled:  # 闷: stifled holding nothing but 3s, its hand kept as it was
        for rank in range(N_RANKS):
            need([0] * N_RANKS, rank, "exactly", seen.sizes[seat] if rank == THREE else 0)
    rules = ruleset.rules
    dealt = _offset(seen, seat, None)
    if rules.deck.each_hand is not None and dealt is not None:
        for bound, count, rank in rules.deck.each_hand.clauses:
            need(dealt, rank, bound, count)
    before_buying = _offset(seen, seat, PUBLIC_MOVES)  # back to the 革命 stage
    if seat in seen.revolutionaries and before_buying is not None:  # 革命: no 2s, no jokers (no 3s …)
        for rank in (TWO, *JOKERS, *((THREE,) if rules.revolution.requires_no_threes else ())):
            need(before_buying, rank, "exactly", 0)
    elif seen.stage in _AFTER_BUYING and before_buying is not None:
        if rules.bie3.enabled:
            _buying(seen, seat, rules.bie3, partial(need, before_buying), held)
        after_buying = _offset(seen, seat, ("hui3",))
        if after_buying is not None:
            _holdings(seen, seat, rules.penalties.forfeits, partial(need, after_buying))
    return low, high


def _holdings(seen: Observation, seat: int, forfeits: Sequence[Forfeit], need: Callable[[int, str, int], None]) -> None:
    """penalties.forfeits 'no X' after buying: a seat ranked at once (大落) or that gave 开点 up then
    had no X, and a seat still in play that did not had one. Told apart only where nothing else can
    be the cause: the seat has not played (落四, 'X with A'), nobody is out yet (窒息), and one rule
    alone has that consequence; a seat ranked at once is not asked about the rules after."""
    idle = not any(seen.played[seat].counts)
    ranked = seat in seen.bottom and idle
    rules = [forfeit for forfeit in forfeits if forfeit.condition == "holds-none"]
    for forfeit in rules:
        alone = sum(other.consequence == forfeit.consequence for other in rules) == 1
        if forfeit.consequence == "dalu":
            if ranked and alone and not seen.finished:
                need(forfeit.rank, "exactly", 0)
            elif seat not in seen.bottom:
                need(forfeit.rank, "at least", 1)
        elif seen.gave_up[seat]:
            if idle and alone:
                need(forfeit.rank, "exactly", 0)
        elif not ranked:
            need(forfeit.rank, "at least", 1)


def _buying(seen: Observation, seat: int, rule: Bie3, need: Callable[[int, str, int], None],
            held: bool = False) -> None:
    """What 买3 / 买4 (all public) tell of ``seat``'s hand before buying: a buyer had none of the rank
    and, paying with a joker, no 2 then (it pays with the first of ``pay_with`` it holds: before buying, it had
    as many 2s as it had paid until then, less those it had been paid); a seller one more than it sold; a seat asked
    before the seller had no spare then. (A seat that did not buy may still have had none, with
    nothing to pay or nobody to sell: the replay decides; ``held`` assumes it had one.)"""
    in_play = [other not in seen.revolutionaries for other in range(SEATS)]
    paid = [item for item in seen.transfers if item.kind == "pay"]
    for rank in (THREE, FOUR) if rule.buy_fours else (THREE,):
        buys = [item for item in seen.transfers if item.kind == "buy" and item.cards and item.cards[rank]]
        if any(item.taker == seat for item in buys):
            need(rank, "exactly", 0)
        elif any(item.giver == seat for item in buys):  # a seller keeps one
            need(rank, "at least", 1 + sum(item.giver == seat for item in buys))
        elif held and in_play[seat]:
            need(rank, "at least", 1)
        for index, item in enumerate(buys):
            assert item.taker is not None
            asked = bie3.sellers(rule, item.taker, in_play)
            before = asked[:[other for other, _ in asked].index(item.giver)]
            paying = any(pay.giver == item.taker and pay.taker == item.giver for pay in paid)
            unpaid = paying or rule.nothing_to_pay == "free"  # free: any source with a spare would have served
            if any(other == seat and (gives or unpaid) for other, gives in before):  # no spare then
                need(rank, "at most", 1 + sum(sold.giver == seat for sold in buys[:index]))
    paid_with = bie3.payments(rule)
    moved = [0] * N_RANKS  # what the seat has paid so far, less what it has been paid (as a seller)
    for pay in paid:
        if seat not in (pay.giver, pay.taker):
            continue
        if pay.cards is None:
            break
        if pay.giver == seat:  # it pays with the first of ``paid_with`` it holds: none of those before, then
            for cheaper in paid_with[:paid_with.index(pay.cards.ranks()[0])]:
                need(cheaper, "exactly", moved[cheaper])
        _move(moved, pay.cards, 1 if pay.giver == seat else -1)


def _pending_revolution(seen: Observation, ruleset: Ruleset,
                        bounds: dict[int, tuple[list[int], list[int | None]]], rng: random.Random) -> None:
    """While the table waits on a 革命 offer to a seat it does not name, some hidden seat may declare: one of
    them, drawn at random, is dealt a hand that may (no 2s, no jokers, no 3s where the rule says so); the
    replay then checks the wait is the same (docs/engine.md: the wait is public, not its seat)."""
    if seen.stage != "revolution" or seen.to_act is not None:
        return
    ranks = (TWO, *JOKERS, *((THREE,) if ruleset.rules.revolution.requires_no_threes else ()))
    free = [seat for seat, (low, _) in sorted(bounds.items())
            if seat not in seen.revolutionaries and not any(low[rank] for rank in ranks)]
    if free:
        high = bounds[rng.choice(free)][1]
        for rank in ranks:
            high[rank] = 0


def _move(hand: list[int], cards: Cards, sign: int) -> None:
    for rank, count in enumerate(cards.counts):
        hand[rank] += sign * count


def _replay(world: Game, history: Sequence[tuple[int, Action]], me: int) -> bool:
    """Play the history ``me`` saw on ``world``: its own declined offers are in it, other seats' are
    not and are declined here; the passes the world forces itself must be the history's next
    entries. False when the world does not allow it (a different turn, an illegal action, an offer
    to ``me`` it never had, a pass forced where the seat played, the game over early)."""
    done = 0
    while done < len(history):
        seat, action = history[done]
        if world.over:
            return False
        logged = len(world.log)
        offer = PRIVATE_OFFERS.get(world.decision)
        if offer is not None and not (world.turn == seat and (isinstance(action, offer) or seat == me)):
            if world.turn == me:
                return False
            world.apply(PASS)
        elif world.turn != seat:
            return False
        else:
            try:
                world.apply(action)
            except IllegalAction:
                return False
            done += 1
        for event in world.log[logged:]:
            if event.forced:
                if done >= len(history) or history[done] != (event.seat, PASS):
                    return False
                done += 1
    return True


def _agrees(world: Game, seen: Observation) -> bool:
    """The world shows the seat what it saw, once the offers declined unseen before the decision
    the table waits for are declined (while the table waits on an offer, the world must too)."""
    while seen.to_act is not None and not world.over and world.decision in PRIVATE_OFFERS \
            and (world.turn, world.decision) != (seen.seat, seen.decision):
        world.apply(PASS)
    mine = world.observation(seen.seat)
    if any(getattr(mine, name) != getattr(seen, name) for name in seen.__dataclass_fields__
           if name not in _BEFORE_PLAY):
        return False
    public = [item for item in seen.transfers if item.kind in PUBLIC_MOVES]
    return list(mine.transfers) == public
