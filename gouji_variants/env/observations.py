"""The numeric observation: a flat vector built from a seat's :class:`Observation` only.

Nothing else of the game is read, so the vector holds nothing the seat may not know. Seats are
*relative*: position ``k`` of a six-wide slice is seat ``(seat + k) % 6`` (0 the seat itself, 1 its
下家, 3 its 对头). Card slices are 16 rank counts, 3 … A, 2, 小王, 大王, 王中王. :data:`SLICES`
names every slice in order with its size and meaning (docs/env.md prints them with index ranges).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import N_RANKS
from ..components.deck import SEATS
from ..components.table import SLOT_NAMES
from ..engine.game import Observation
from ..rules import Rules

Vector = list[float]
DECISIONS = (*SLOT_NAMES, "none")  # the seat's own decision, or none (another seat is to act)


@dataclass(frozen=True)
class Context:
    """What a slice is built from: the seat's observation, the (public) rules, and the cards chosen so
    far for a 还贡 in progress (the environment's own state, not the engine's)."""

    seen: Observation
    rules: Rules
    picked: tuple[int, ...]


def _cards(counts: Sequence[int]) -> Vector:
    return [float(count) for count in counts]


def _relative(seen: Observation, seats: Sequence[int]) -> Vector:
    """Six flags, relative seat order: 1 where the seat is in ``seats``."""
    marked = set(seats)
    return [1.0 if (seen.seat + k) % SEATS in marked else 0.0 for k in range(SEATS)]


def _per_seat(seen: Observation, values: Sequence[float]) -> Vector:
    """Six values given by absolute seat, in relative seat order."""
    return [float(values[(seen.seat + k) % SEATS]) for k in range(SEATS)]


def _one(seen: Observation, seat: int | None) -> Vector:
    return _relative(seen, () if seat is None else (seat,))


def _hands(c: Context) -> Vector:
    found: Vector = []
    for k in range(SEATS):
        hand = c.seen.hands[(c.seen.seat + k) % SEATS] if k else None  # the own hand is slice "hand"
        found += _cards(hand.counts) if hand is not None else [0.0] * N_RANKS
    return found


def _played(c: Context) -> Vector:
    seen = c.seen
    found: Vector = []
    for k in range(SEATS):
        seat = (seen.seat + k) % SEATS
        found += _cards(seen.played[seat].counts) if seen.played else [0.0] * N_RANKS
    return found


def _places(c: Context) -> Vector:
    """1 + the place of each seat ranked so far (0 not yet): 1 头科 … 6 大落."""
    seen, place = c.seen, [0.0] * SEATS
    if seen.places is not None:
        for seat, value in enumerate(seen.places):
            place[seat] = value + 1.0
    else:
        for index, seat in enumerate(seen.finished):
            place[seat] = index + 1.0
        for index, seat in enumerate(seen.bottom):  # the first ranked from the bottom is 大落
            place[seat] = SEATS - index
    return _per_seat(seen, place)


def _moved(c: Context, given: bool) -> Vector:
    """Cards the seat gave (or received) before the first play: tribute, 还贡, 买3, 会3."""
    total = [0] * N_RANKS
    seat = c.seen.seat
    for item in c.seen.transfers:
        if item.cards is not None and (item.giver if given else item.taker) == seat:
            total = [a + b for a, b in zip(total, item.cards.counts, strict=True)]
    return _cards(total)


def _carried(c: Context) -> Vector:
    carry = c.seen.carry
    if carry is None or carry.places is None:
        return [0.0] * SEATS
    return _per_seat(c.seen, [place + 1.0 for place in carry.places])


def _switches(c: Context) -> Vector:
    return [1.0 if on else 0.0 for _, on in switches(c.rules)]


def switches(rules: Rules) -> list[tuple[str, bool]]:
    """The ruleset's key switches, in the order of the ``rules`` slice."""
    plays, turns, reporting, kaidian = rules.plays, rules.turns, rules.reporting, rules.kaidian
    return [
        ("plays.attach_twos", plays.attach_twos), ("plays.attach_jokers", plays.attach_jokers),
        ("plays.mix_jokers", plays.mix_jokers), ("plays.jokers_with_threes", plays.jokers_with_threes),
        ("turns.pass_locks_out", turns.pass_locks_out), ("turns.allow_yield", turns.allow_yield),
        ("turns.jiefeng is on-request", turns.jiefeng == "on-request"),
        ("turns.luanchan is not never", turns.luanchan != "never"),
        ("reporting.tiaopai", reporting.tiaopai), ("reporting.report_counts is when-asked",
                                                   reporting.report_counts == "when-asked"),
        ("burning.enabled", rules.burning.enabled), ("burning.counter_burn", rules.burning.counter_burn),
        ("kaidian.enabled", kaidian.enabled), ("kaidian.mingdian is set", kaidian.mingdian is not None),
        ("kaidian.yudian is set", kaidian.yudian is not None), ("bie3.enabled", rules.bie3.enabled),
        ("hui3.choices is not empty", bool(rules.hui3.choices)), ("revolution.enabled", rules.revolution.enabled),
        ("tribute.enabled", rules.tribute.enabled), ("places.zhixi", rules.places.zhixi),
        ("penalties.wrong_play is lose-turn", rules.penalties.wrong_play == "lose-turn"),
    ]


@dataclass(frozen=True)
class Slice:
    name: str
    size: int
    meaning: str
    build: Callable[[Context], Vector]


_S = SEATS
SLICES: tuple[Slice, ...] = (
    Slice("hand", N_RANKS, "own hand: count of each rank", lambda c: _cards(c.seen.hand.counts)),
    Slice("return_picked", N_RANKS, "cards already chosen for the 还贡 in progress", lambda c: _cards(c.picked)),
    Slice("decision", len(DECISIONS), "one-hot: the seat's own decision (" + ", ".join(DECISIONS) + ")",
          lambda c: [1.0 if (c.seen.decision or "none") == name else 0.0 for name in DECISIONS]),
    Slice("to_act", _S, "one-hot: the seat to act, when public", lambda c: _one(c.seen, c.seen.to_act)),
    Slice("top", N_RANKS, "the play to beat (zeros when none)",
          lambda c: _cards(c.seen.top.counts) if c.seen.top is not None else [0.0] * N_RANKS),
    Slice("top_seat", _S, "one-hot: who made the play to beat", lambda c: _one(c.seen, c.seen.top_seat)),
    Slice("may_answer", _S, "seats that may still answer the play to beat",
          lambda c: _relative(c.seen, c.seen.may_answer)),
    Slice("in_round", _S, "seats that played in this round",
          lambda c: _relative(c.seen, [s for s, _ in c.seen.round_plays])),
    Slice("passed", _S, "seats that passed in this round", lambda c: _relative(c.seen, c.seen.passed)),
    Slice("counts", _S, "hand sizes the rules reveal to the seat (-1 hidden)",
          lambda c: _per_seat(c.seen, [-1.0 if n is None else float(n) for n in c.seen.counts])),
    Slice("played", _S * N_RANKS, "cards each seat has played this deal (16 per seat, relative order)", _played),
    Slice("removed", N_RANKS, "cards taken out of the deal (会3)", lambda c: _cards(c.seen.removed.counts)),
    Slice("hand_visible", _S, "other seats whose hand the seat sees (挑牌, team-mate view)",
          lambda c: [1.0 if k and c.seen.hands[(c.seen.seat + k) % _S] is not None else 0.0 for k in range(_S)]),
    Slice("hands", _S * N_RANKS, "those hands (16 per seat; zeros when not visible; own hand in 'hand')", _hands),
    Slice("given", N_RANKS, "cards the seat gave before play (tribute, 还贡, 买3 payment)", lambda c: _moved(c, True)),
    Slice("received", N_RANKS, "cards the seat received before play", lambda c: _moved(c, False)),
    Slice("burner", _S, "one-hot: the seat whose burn (烧牌) is in progress", lambda c: _one(c.seen, c.seen.burner)),
    Slice("luanchan", 1, "乱缠 in force", lambda c: [1.0 if c.seen.luanchan else 0.0]),
    Slice("burned", _S, "seats burned so far this game", lambda c: _relative(c.seen, [b[1] for b in c.seen.burns])),
    Slice("opened", _S, "seats that have 开点", lambda c: _per_seat(c.seen, [float(o) for o in c.seen.opened])),
    Slice("declared", _S, "seats that declared (宣点: 预点 or 明点)",
          lambda c: _per_seat(c.seen, [0.0 if d is None else 1.0 for d in c.seen.declared])),
    Slice("gave_up", _S, "seats that gave up 开点",
          lambda c: _per_seat(c.seen, [float(g) for g in c.seen.gave_up]) if c.seen.gave_up else [0.0] * _S),
    Slice("places", _S, "1 + place of each seat ranked so far (1 头科 … 6 大落; 0 not yet)", _places),
    Slice("out_of_play", _S, "seats out of play (革命, finished)", lambda c: _relative(c.seen, c.seen.out_of_play)),
    Slice("revolutionaries", _S, "seats that declared 革命", lambda c: _relative(c.seen, c.seen.revolutionaries)),
    Slice("stifled", _S, "seats 闷 (憋3)", lambda c: _relative(c.seen, c.seen.stifled)),
    Slice("shown", _S, "seats that showed their hand (挑牌)", lambda c: _relative(c.seen, c.seen.shown)),
    Slice("last_places", _S, "1 + each seat's place in the previous game of the match (0 none)", _carried),
    Slice("rules", 21, "the ruleset's key switches (1 on): see the list below", _switches),
)
SIZE = sum(part.size for part in SLICES)


def encode(seen: Observation, rules: Rules, picked: tuple[int, ...] = (0,) * N_RANKS) -> Vector:
    """The observation vector of ``seen`` (what one seat may know), slice by slice."""
    context = Context(seen, rules, picked)
    found: Vector = []
    for part in SLICES:
        found += part.build(context)
    return found
