"""The table: the mutable state of one game that every rule area shares, and the decision slots.

The engine keeps the immutable definition (the compiled :class:`~gouji_variants.compiler.Ruleset`)
apart from this state, as OpenSpiel does. The state every area reads is here: the hands, the cards
on the table, who is in play, the decision *slots* (a kind and the seat that decides), the top play
and the round. What one area alone reads and writes lives in that area's class (``components.<area>``),
which the table holds as an attribute named like the area, so the areas call each other by name
(``table.burning.close("解烧")``). The engine's own steps (ending the game, logging an event) are
the table's own (:meth:`Table.emit`, :meth:`Table.finish`); it holds no reference to the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..cards import N_RANKS, Cards
from ..rules import Rules
from .plays import Play as Combo
from .plays import Verdict

if TYPE_CHECKING:
    from .protocols import (
        Bie3Hooks,
        BurningHooks,
        Hui3Hooks,
        KaidianHooks,
        PenaltiesHooks,
        PlacesHooks,
        ReportingHooks,
        RevolutionHooks,
        TributeHooks,
        TurnsHooks,
    )
    from .registry import Components
    from .tribute import Due

Counts = tuple[int, ...]
Slot = tuple[int, int]
Chain = tuple[Any, ...]  # () or (earlier chain, entry): an immutable list, newest first, shared as it grows

# Slot kinds: what the seat of a slot decides.
LEAD, FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER, BURN, RETURN, REVOLT, HUI3, YUDIAN, MINGDIAN = range(11)
SLOT_NAMES = (
    "lead", "follow", "follow-on-yield", "after-yield", "answer", "burn-offer", "return", "revolution", "hui3",
    "yudian", "mingdian",
)
DECLARING = (YUDIAN, MINGDIAN)
BEATING = (FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER)

# Stages, in order (a 流局 goes back to the deal).
YUDIAN_STAGE, RETURNS, REVOLUTIONS, HUI3_STAGE, MINGDIAN_STAGE, PLAYING, OVER = (
    "yudian", "returns", "revolution", "hui3", "mingdian", "play", "over")


class Moves(Protocol):
    """The move generator the areas consult (:mod:`gouji_variants.engine.moves`)."""

    def can_beat(self, hand: Sequence[int], top: Combo) -> bool: ...

    def beating(self, hand: Sequence[int], top: Combo) -> Iterator[Counts]: ...

    def leads(self, hand: Sequence[int]) -> Iterator[Counts]: ...

    def lead_list(self, hand: Sequence[int]) -> list[Counts]: ...

    def beating_list(self, hand: Sequence[int], top: Combo) -> list[Counts]: ...

    def lead_groups(self, hand: Sequence[int]) -> list[tuple[Counts, ...]]: ...

    def beating_groups(self, hand: Sequence[int], top: Combo) -> list[tuple[Counts, ...]]: ...

    def sample_lead(self, hand: Sequence[int], rng: random.Random) -> Counts: ...


@dataclass(frozen=True)
class Transfer:
    """Cards that changed hands before the first play: ``kind`` is a tribute kind (``luo``, ``shao``
    …), ``return`` (还贡), ``buy`` (买3 / 买4: the card bought), ``pay`` (what the buyer paid) or
    ``hui3`` (taken out of the game: ``taker`` None). ``cards`` is None for a seat that may not see
    them (tribute and returns between two other seats); the ``count`` is public."""

    kind: str
    giver: int
    taker: int | None
    count: int
    cards: Cards | None


_CLASSIFY_CACHES: dict[object, dict[Counts, Combo | Verdict]] = {}
_GOUJI_CACHES: dict[object, dict[Counts, bool]] = {}
_SHARED = ("_classified", "_gouji")  # caches shared by every game under the same rules (not copied)


def unchained(chain: Chain) -> list[Any]:
    """The entries of ``chain``, oldest first."""
    found = []
    while chain:
        chain, entry = chain
        found.append(entry)
    found.reverse()
    return found


class Table:
    """One game's shared state (see the module docstring); the areas are set by the engine."""

    # The rule areas holding their own state and flow, set by the engine (components.protocols).
    tribute: TributeHooks
    revolution: RevolutionHooks
    bie3: Bie3Hooks
    hui3: Hui3Hooks
    kaidian: KaidianHooks
    turns: TurnsHooks
    reporting: ReportingHooks
    burning: BurningHooks
    penalties: PenaltiesHooks
    places: PlacesHooks

    def __init__(self, rules: Rules, components: Components, moves: Moves, rng: random.Random, log: list[Any],
                 note: Callable[[int, tuple[str, ...]], Any]) -> None:
        self.rules = rules
        self.components = components
        self.moves = moves
        self.rng = rng
        self.log = log  # the game's event log; ``note`` makes an engine event (seat, notes)
        self.note = note
        self.final_places: list[int] | None = None  # set by finish()
        self.final_score: tuple[int, int] | None = None
        self.owed: list[Due] = []  # 点贡, 闷贡, 憋王贡 for the next game
        self._classified = _CLASSIFY_CACHES.setdefault((rules.plays, rules.bie3, components.plays.classify), {})
        self._gouji = _GOUJI_CACHES.setdefault((rules.plays, rules.gouji, components.gouji.is_gouji), {})
        self.stats = {"burns": 0, "counter_burns": 0, "successful_burns": 0, "broken_burns": 0, "zhashao": 0,
                      "jiefeng": 0, "revolutions": 0, "voids": 0, "forced": 0, "hui3": 0, "men": 0, "bought": 0,
                      "stuck_jokers": 0, "kaidian_failures": 0, "declarations": 0, "gave_up_kaidian": 0,
                      "forfeits": 0}
        self.stage = RETURNS
        self.kind = LEAD  # the kind of the decision awaited
        self.turn = -1
        self.leader = 0

    def reset(self, hands: list[list[int]]) -> None:
        """The state of a fresh deal of ``hands``."""
        self.hands = hands
        self.total = tuple(sum(hand[rank] for hand in hands) for rank in range(N_RANKS))
        self.played_cards = [0] * N_RANKS
        self.removed = [0] * N_RANKS
        self.in_play = [True] * len(hands)
        self.finished: list[int] = []
        self.bottom: list[int] = []  # ranked at once from the bottom: 诈烧, 窒息, 大小王不出手, forfeits
        self.men: list[int] = []  # stifled (闷), in order
        self.played = [False] * len(hands)  # has played a card this game (窒息, 满贯)
        self.revolutionaries: list[int] = []
        self.slots: list[Slot] = []
        self.top: Combo | None = None
        self.top_seat = -1
        self.round: list[tuple[int, Cards]] = []
        self.passed: set[int] = set()
        self.on_yield = False
        # the public record of the deal, for the seats' observations
        self.dealt = tuple(map(sum, hands))  # how many cards each seat was dealt
        self.deal_leader = -1
        # The public actions of this deal (forced passes too), newest first as a chain of immutable
        # pairs (earlier chain, (seat, action)): a seat's observation takes it as it is, in O(1).
        self.history: Chain = ()
        self.history_length = 0
        # each seat's private actions only it knows, as a chain of (place in history, action)
        self.private: list[Chain] = [() for _ in hands]
        self.played_by: list[Counts] = [(0,) * N_RANKS for _ in hands]  # replaced, not changed, on each play
        self.transfers: list[Transfer] = []  # tribute, 还贡, 买3 / 买4 and what was paid, 会3
        # as each seat sees them, by (seat, 预点 stage): the number of transfers then, and the copy
        self.seen_transfers: dict[tuple[int, bool], tuple[int, tuple[Transfer, ...]]] = {}

    @property
    def over(self) -> bool:
        return self.stage == OVER

    def record(self, seat: int, action: Any) -> None:
        """Add ``seat``'s public ``action`` to the history of the deal."""
        self.history = (self.history, (seat, action))
        self.history_length += 1

    def record_private(self, seat: int, action: Any) -> None:
        """Add ``seat``'s ``action`` that only it knows (a declined offer) at this place in the history."""
        self.private[seat] = (self.private[seat], (self.history_length, action))

    def emit(self, seat: int, notes: tuple[str, ...]) -> None:
        """Log an engine event (no action): tribute paid, 买3, 接风, …"""
        self.log.append(self.note(seat, notes))

    def finish(self) -> None:
        """The game ends: a burn under way is unfinished; the places, the score and what the next
        game owes (点贡, 闷贡, 憋王贡)."""
        if self.burning.burner is not None:
            self.burning.close("unfinished")
        self.final_places = places = self.places.final()
        self.final_score = self.components.score.recorded(places, self.rules.score, self.places.one_run)
        self.owed = (self.kaidian.dues() if self.rules.kaidian.enabled else []) + \
            (self.bie3.dues(places) if self.rules.bie3.enabled else [])
        self.stage = OVER
        self.slots.clear()
        self.turn = -1

    def combo(self, counts: Counts) -> Combo | Verdict:
        """What ``counts`` is as a play under the rules (cached per rules)."""
        found = self._classified.get(counts)
        if found is None:
            found = self._classified[counts] = self.components.plays.classify(Cards(counts), self.rules.plays,
                                                                             self.rules.bie3)
        return found

    def is_gouji(self, combo: Combo) -> bool:
        """Whether ``combo`` (a play under the rules) is 够级: the gouji component's answer, cached per
        rules (it is asked after every play)."""
        counts = combo.cards.counts
        found = self._gouji.get(counts)
        if found is None:
            found = self._gouji[counts] = self.components.gouji.is_gouji(combo, self.rules.gouji)
        return found

    def kind_at(self, seat: int) -> int:
        """The kind of ``seat``'s decision if it is the next one, else -1."""
        return self.slots[0][0] if self.slots and self.slots[0][1] == seat else -1

    def from_leader(self) -> tuple[int, ...]:
        """Every seat, the leader first, in play order."""
        seats = len(self.hands)
        return tuple((self.leader + step) % seats for step in range(seats))

    def rank_now(self, seat: int, stifled: bool = False) -> None:
        """Take ``seat`` out of play, ranked at once: from the bottom (诈烧, 窒息, 大小王不出手) or,
        when ``stifled``, as 闷. Its cards stay in its hand; the game ends when one seat is left."""
        self.in_play[seat] = False
        (self.men if stifled else self.bottom).append(seat)
        self.slots[:] = [slot for slot in self.slots if slot[1] != seat]
        if sum(self.in_play) <= 1:
            self.finish()

    def copy(self) -> Table:
        """An independent copy, areas included (same future under the same actions)."""
        twin: Table = copy_state(self)
        twin.rng = random.Random.__new__(random.Random)  # not seeded from the system first: the state is set
        twin.rng.setstate(self.rng.getstate())
        for name in AREA_ATTRIBUTES:
            area = copy_state(getattr(self, name))
            area.table = twin
            setattr(twin, name, area)
        return twin


AREA_ATTRIBUTES = ("tribute", "revolution", "bie3", "hui3", "kaidian", "turns", "reporting", "burning", "penalties",
                   "places")


def copy_state(owner: Any) -> Any:
    """A copy of ``owner`` whose lists, sets and dicts (and lists of lists) are its own."""
    twin = object.__new__(type(owner))
    for name, value in vars(owner).items():
        if isinstance(value, list):
            value = [list(item) if isinstance(item, list) else item.copy() if hasattr(item, "copy") else item
                     for item in value]
        elif isinstance(value, (set, dict)) and name not in _SHARED:
            value = value.copy()
        setattr(twin, name, value)
    return twin


class Area:
    """The base of a rule area's class: bound to its game's :class:`Table`. A replacement
    subclasses the built-in area and overrides its named hooks (``components.registry``)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rules = table.rules
