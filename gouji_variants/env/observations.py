"""The numeric observation: a flat vector built from a seat's :class:`Observation` only.

Nothing else of the game is read, so the vector holds nothing the seat may not know. Seats are
*relative*: position ``k`` of a six-wide slice is seat ``(seat + k) % 6`` (0 the seat itself, 1 its
下家, 3 its 对头). Card slices are 16 rank counts, 3 … A, 2, 小王, 大王, 王中王. :data:`SLICES`
names every slice in order with its size and meaning (docs/env.md prints them with index ranges).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from ..components.deck import SEATS
from ..components.recent import keep
from ..components.table import SLOT_NAMES, Transfer
from ..engine.game import Observation
from ..ruleset.cards import N_RANKS
from ..ruleset.rules import Rules

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
_RANKS = attrgetter("out_of_play", "revolutionaries", "stifled", "shown")  # four adjacent seat sets, mostly empty
assert [OFFSETS[name] for name in ("out_of_play", "revolutionaries", "stifled", "shown")] == \
    list(range(OFFSETS["out_of_play"], OFFSETS["out_of_play"] + 4 * _S, _S))
_counts = attrgetter("counts")
(_DECIDE, _TO_ACT, _TOP, _TOP_SEAT, _MAY_ANSWER, _IN_ROUND, _PASSED, _OUT_OF_PLAY, _COUNTS, _PLAYED, _REMOVED, _VISIBLE,
 _HANDS, _GIVEN, _RECEIVED, _BURNER, _LUANCHAN, _BURNED, _OPENED, _DECLARED, _GAVE_UP, _PLACES, _LAST_PLACES,
 _RULES) = (OFFSETS[name] for name in (
     "decision", "to_act", "top", "top_seat", "may_answer", "in_round", "passed", "out_of_play", "counts", "played",
     "removed", "hand_visible", "hands", "given", "received", "burner", "luanchan", "burned", "opened", "declared",
     "gave_up", "places", "last_places", "rules"))
_BLANKS: dict[int, tuple[Rules, bytearray]] = {}  # by id, the rules (kept so that the id stays theirs) and a
# blank vector with their switches set: the RULESETS_KEPT rules that came last (components.recent)
_HIDDEN = 255  # the byte of a hidden hand size: -1 as a signed byte
_BYTE: dict[int | None, int] = {None: _HIDDEN, **{n: n for n in range(_HIDDEN)}}  # the byte of a hand size (or None)
_KEPT = 1 << 14  # entries of each cache below (then it is cleared, to bound the memory)
_MARKS: dict[tuple[Any, ...], bytes] = {}  # seat-set slices by (seat, sets …): _marks
_RANKED: dict[tuple[int, tuple[int, ...] | None, tuple[int, ...], tuple[int, ...]], bytes] = {}  # six bytes
# by (seat, places, finished, bottom): 1 + each seat's place, in place
_MOVED: dict[tuple[int, int], tuple[tuple[Transfer, ...], bytes]] = {}  # by (id of transfers, seat): the
# transfers (kept, so that the id stays theirs) and the seat's given and received cards; a game's own only
# matter (a new game makes new transfers), so a few are kept: old ones would keep their cards alive
_MOVED_KEPT = 64
_RELATIVE = tuple(tuple((other - seat) % _S for other in range(_S)) for seat in range(_S))  # [seat][other]: k
_ORDER = tuple(tuple((seat + k) % _S for k in range(_S)) for seat in range(_S))  # [seat][k]: the other seat


def _blank(rules: Rules) -> bytearray:
    """A vector of zeros but the ``rules`` slice, as bytes (every value but the counts is a small count)."""
    known = _BLANKS.get(id(rules))
    if known is None or known[0] is not rules:
        blank = bytearray(SIZE)
        blank[_RULES:_RULES + len(switches(rules))] = bytes(on for _, on in switches(rules))
        known = keep(_BLANKS, id(rules), (rules, blank))
    return known[1]


def encode(seen: Observation, rules: Rules, picked: Sequence[int] | None = None) -> Vector:
    """The observation vector of ``seen`` (what one seat may know), slice by slice (:data:`SLICES`).

    Built as signed bytes (a copy of the ruleset's blank vector; a hidden hand size is -1, every
    other value a count of at most 127: a recipe deals at most 432 cards, 72 a hand) and converted
    to float32 once. Six-wide slices are put in the seat's relative order by slicing
    (``values[seat:] + values[:seat]``) or through :data:`_RELATIVE`."""
    known = _BLANKS.get(id(rules))
    out = (known[1] if known is not None and known[0] is rules else _blank(rules))[:]
    seat = seen.seat
    relative = _RELATIVE[seat]
    out[0:_R] = seen.hand.counts
    if picked is not None:
        out[_R:2 * _R] = bytes(picked)
    out[_DECIDE + _DECISION[seen.decision or "none"]] = 1
    if seen.to_act is not None:
        out[_TO_ACT + relative[seen.to_act]] = 1
    top = seen.top
    if top is not None:
        out[_TOP:_TOP + _R] = top.counts
        if seen.top_seat is not None:
            out[_TOP_SEAT + relative[seen.top_seat]] = 1
    for other in seen.may_answer:
        out[_MAY_ANSWER + relative[other]] = 1
    for other, _ in seen.round_plays:
        out[_IN_ROUND + relative[other]] = 1
    for other in seen.passed:
        out[_PASSED + relative[other]] = 1
    if seen.out_of_play or seen.revolutionaries or seen.stifled or seen.shown:
        key = seat, *_RANKS(seen)
        out[_OUT_OF_PLAY:_OUT_OF_PLAY + 4 * _S] = _MARKS.get(key) or _marks(key)
    sizes = bytes(map(_BYTE.__getitem__, seen.counts))
    out[_COUNTS:_COUNTS + _S] = sizes[seat:] + sizes[:seat]
    played = seen.played
    if played:
        out[_PLAYED:_PLAYED + _S * _R] = b"".join(map(bytes, map(_counts, played[seat:] + played[:seat])))
    out[_REMOVED:_REMOVED + _R] = seen.removed.counts
    hands = seen.hands
    if hands.count(None) != _S - 1 or hands[seat] is None:  # another seat's hand is shown
        for other, hand in enumerate(hands):
            k = relative[other]
            if k and hand is not None:
                out[_VISIBLE + k] = 1
                out[_HANDS + k * _R:_HANDS + (k + 1) * _R] = hand.counts
    transfers = seen.transfers
    if transfers:
        moved = _MOVED.get((id(transfers), seat))
        out[_GIVEN:_RECEIVED + _R] = moved[1] if moved is not None and moved[0] is transfers else \
            _moved(transfers, seat)
    if seen.burner is not None:
        out[_BURNER + relative[seen.burner]] = 1
    out[_LUANCHAN] = seen.luanchan
    for burn in seen.burns:
        out[_BURNED + relative[burn[1]]] = 1
    opened = seen.opened
    if True in opened:
        out[_OPENED:_OPENED + _S] = opened[seat:] + opened[:seat]
    declared = seen.declared
    if declared.count(None) != _S:
        out[_DECLARED:_DECLARED + _S] = [declared[other] is not None for other in _ORDER[seat]]
    gave_up = seen.gave_up
    if True in gave_up:
        out[_GAVE_UP:_GAVE_UP + _S] = gave_up[seat:] + gave_up[:seat]
    if seen.places is not None or seen.finished or seen.bottom:
        ranked = seat, seen.places, seen.finished, seen.bottom
        out[_PLACES:_PLACES + _S] = _RANKED.get(ranked) or _ranked(ranked)
    carry = seen.carry
    if carry is not None and carry.places is not None:
        ranked = seat, carry.places, (), ()
        out[_LAST_PLACES:_LAST_PLACES + _S] = _RANKED.get(ranked) or _ranked(ranked)
    vector: Vector = np.frombuffer(out, np.int8).astype(np.float32)
    return vector


def _marks(key: tuple[Any, ...]) -> bytes:
    """Adjacent six-wide slices for seat ``key[0]``, one per seat set of ``key[1:]``: 1 at the relative
    place of each seat of the set (remembered)."""
    seat, *sets = key
    found = bytearray(_S * len(sets))
    for at, seats in enumerate(sets):
        for other in seats:
            found[at * _S + (other - seat) % _S] = 1
    if len(_MARKS) >= _KEPT:
        _MARKS.clear()
    _MARKS[key] = marks = bytes(found)
    return marks


def _moved(transfers: tuple[Transfer, ...], seat: int) -> bytes:
    """The cards ``seat`` gave and received in ``transfers``, as the ``given`` and ``received`` slices
    (remembered by the identity of ``transfers``: a game hands a seat the same tuple until one is added)."""
    found = bytearray(2 * _R)
    for item in transfers:
        if item.cards is not None and seat in (item.giver, item.taker):
            at = 0 if item.giver == seat else _R
            for rank, count in enumerate(item.cards.counts):
                found[at + rank] += count
    if len(_MOVED) >= _MOVED_KEPT:
        _MOVED.clear()
    _MOVED[id(transfers), seat] = transfers, bytes(found)
    return bytes(found)


def _ranked(key: tuple[int, tuple[int, ...] | None, tuple[int, ...], tuple[int, ...]]) -> bytes:
    """1 + the place of each seat ranked so far (0 not yet; 1 头科 … 6 大落), in seat ``key[0]``'s relative
    order, from the game's places if over, else from those finished and those ranked from the bottom."""
    seat, places, finished, bottom = key
    if places is not None:
        found = [value + 1 for value in places]
    else:
        found = [0] * _S
        for index, other in enumerate(finished):
            found[other] = index + 1
        for index, other in enumerate(bottom):  # the first ranked from the bottom is 大落
            found[other] = _S - index
    if len(_RANKED) >= _KEPT:
        _RANKED.clear()
    _RANKED[key] = ranked = bytes(found[seat:] + found[:seat])
    return ranked
