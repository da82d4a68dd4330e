"""The numeric observation: a flat vector built from a seat's :class:`Observation` only.

Nothing else of the game is read, so the vector holds nothing the seat may not know. Seats are
*relative*: position ``k`` of a six-wide slice is seat ``(seat + k) % 6`` (0 the seat itself, 1 its
下家, 3 its 对头). Card slices are 16 rank counts, 3 … A, 2, 小王, 大王, 王中王. :data:`SLICES`
names every slice in order with its size and meaning (docs/env.md prints them with index ranges).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import N_RANKS
from ..components.deck import SEATS
from ..components.table import SLOT_NAMES
from ..engine.game import Observation
from ..rules import Rules

Vector = npt.NDArray[np.float32]
DECISIONS = (*SLOT_NAMES, "none")  # the seat's own decision, or none (another seat is to act)


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


_S, _R = SEATS, N_RANKS
SLICES: tuple[Slice, ...] = (
    Slice("hand", _R, "own hand: count of each rank"),
    Slice("return_picked", _R, "cards already chosen for the 还贡 in progress"),
    Slice("decision", len(DECISIONS), "one-hot: the seat's own decision (" + ", ".join(DECISIONS) + ")"),
    Slice("to_act", _S, "one-hot: the seat to act, when public"),
    Slice("top", _R, "the play to beat (zeros when none)"),
    Slice("top_seat", _S, "one-hot: who made the play to beat"),
    Slice("may_answer", _S, "seats that may still answer the play to beat"),
    Slice("in_round", _S, "seats that played in this round"),
    Slice("passed", _S, "seats that passed in this round"),
    Slice("counts", _S, "hand sizes the rules reveal to the seat (-1 hidden)"),
    Slice("played", _S * _R, "cards each seat has played this deal (16 per seat, relative order)"),
    Slice("removed", _R, "cards taken out of the deal (会3)"),
    Slice("hand_visible", _S, "other seats whose hand the seat sees (挑牌, team-mate view)"),
    Slice("hands", _S * _R, "those hands (16 per seat; zeros when not visible; own hand in 'hand')"),
    Slice("given", _R, "cards the seat gave before play (tribute, 还贡, 买3 payment)"),
    Slice("received", _R, "cards the seat received before play"),
    Slice("burner", _S, "one-hot: the seat whose burn (烧牌) is in progress"),
    Slice("luanchan", 1, "乱缠 in force"),
    Slice("burned", _S, "seats burned so far this game"),
    Slice("opened", _S, "seats that have 开点"),
    Slice("declared", _S, "seats that declared (宣点: 预点 or 明点)"),
    Slice("gave_up", _S, "seats that gave up 开点"),
    Slice("places", _S, "1 + place of each seat ranked so far (1 头科 … 6 大落; 0 not yet)"),
    Slice("out_of_play", _S, "seats out of play (革命, finished)"),
    Slice("revolutionaries", _S, "seats that declared 革命"),
    Slice("stifled", _S, "seats 闷 (憋3)"),
    Slice("shown", _S, "seats that showed their hand (挑牌)"),
    Slice("last_places", _S, "1 + each seat's place in the previous game of the match (0 none)"),
    Slice("rules", 21, "the ruleset's key switches (1 on): see the list below"),
)
SIZE = sum(part.size for part in SLICES)
OFFSETS: dict[str, int] = {}
for _part in SLICES:
    OFFSETS[_part.name] = sum(p.size for p in SLICES[:SLICES.index(_part)])
_DECISION = {name: index for index, name in enumerate(DECISIONS)}
_ORDER = tuple(tuple((seat + k) % _S for k in range(_S)) for seat in range(_S))  # relative order of each seat
_FLAGS = ("may_answer", "passed", "out_of_play", "revolutionaries", "stifled", "shown")
_SWITCHES: dict[int, tuple[Rules, list[float]]] = {}  # by id, the rules kept so that the id stays theirs


def _mark(out: Vector, at: int, seat: int, seats: Iterable[int | None]) -> None:
    """Set the flags of ``seats`` (absolute) in the six-wide slice at ``at``, relative to ``seat``."""
    for other in seats:
        if other is not None:
            out[at + (other - seat) % _S] = 1.0


def _moved(out: Vector, at: int, seen: Observation, given: bool) -> None:
    """Cards the seat gave (or received) before the first play: tribute, 还贡, 买3, 会3."""
    for item in seen.transfers:
        if item.cards is not None and (item.giver if given else item.taker) == seen.seat:
            out[at:at + _R] += item.cards.counts


def encode(seen: Observation, rules: Rules, picked: Sequence[int] | None = None) -> Vector:
    """The observation vector of ``seen`` (what one seat may know), slice by slice (:data:`SLICES`)."""
    out: Vector = np.zeros(SIZE, dtype=np.float32)
    at, seat, order = OFFSETS, seen.seat, _ORDER[seen.seat]
    out[0:_R] = seen.hand.counts
    if picked is not None:
        out[_R:2 * _R] = picked
    out[at["decision"] + _DECISION[seen.decision or "none"]] = 1.0
    _mark(out, at["to_act"], seat, (seen.to_act,))
    if seen.top is not None:
        out[at["top"]:at["top"] + _R] = seen.top.counts
        _mark(out, at["top_seat"], seat, (seen.top_seat,))
    for name in _FLAGS:
        _mark(out, at[name], seat, getattr(seen, name))
    _mark(out, at["in_round"], seat, (player for player, _ in seen.round_plays))
    out[at["counts"]:at["counts"] + _S] = [-1.0 if (n := seen.counts[other]) is None else n for other in order]
    if seen.played:
        out[at["played"]:at["played"] + _S * _R] = [count for other in order for count in seen.played[other].counts]
    out[at["removed"]:at["removed"] + _R] = seen.removed.counts
    for k, other in enumerate(order[1:], 1):
        hand = seen.hands[other]
        if hand is not None:
            out[at["hand_visible"] + k] = 1.0
            out[at["hands"] + k * _R:at["hands"] + (k + 1) * _R] = hand.counts
    if seen.transfers:
        _moved(out, at["given"], seen, True)
        _moved(out, at["received"], seen, False)
    _mark(out, at["burner"], seat, (seen.burner,))
    out[at["luanchan"]] = float(seen.luanchan)
    _mark(out, at["burned"], seat, (burn[1] for burn in seen.burns))
    _mark(out, at["opened"], seat, (other for other in order if seen.opened[other]))
    _mark(out, at["declared"], seat, (other for other in order if seen.declared[other] is not None))
    _mark(out, at["gave_up"], seat, (other for other in order if seen.gave_up and seen.gave_up[other]))
    _places(out, at["places"], seen)
    if seen.carry is not None and seen.carry.places is not None:
        places = seen.carry.places
        out[at["last_places"]:at["last_places"] + _S] = [places[other] + 1.0 for other in order]
    known = _SWITCHES.get(id(rules))
    if known is None or known[0] is not rules:
        known = _SWITCHES[id(rules)] = rules, [1.0 if on else 0.0 for _, on in switches(rules)]
    out[at["rules"]:at["rules"] + len(known[1])] = known[1]
    return out


def _places(out: Vector, at: int, seen: Observation) -> None:
    """1 + the place of each seat ranked so far (0 not yet): 1 头科 … 6 大落."""
    place = [0.0] * _S
    if seen.places is not None:
        for other, value in enumerate(seen.places):
            place[other] = value + 1.0
    else:
        for index, other in enumerate(seen.finished):
            place[other] = index + 1.0
        for index, other in enumerate(seen.bottom):  # the first ranked from the bottom is 大落
            place[other] = float(_S - index)
    out[at:at + _S] = [place[other] for other in _ORDER[seen.seat]]
