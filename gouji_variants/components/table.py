"""The table: the mutable state of one game that every rule area shares, and the decision slots.

The engine keeps the immutable definition (the compiled :class:`~gouji_variants.ruleset.compiler.Ruleset`)
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
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

from mypy_extensions import mypyc_attr

from ..ruleset.cards import N_RANKS, Cards
from ..ruleset.rules import Rules
from ..ruleset.vocabulary import DECISION_NAMES, STATISTIC_NAMES
from .notes import Note
from .plays import Combo, Verdict
from .recent import shared
from .vectors import VECTORS_KEPT

if TYPE_CHECKING:  # the areas' modules import this one
    from .bie3 import Bie3Area
    from .burning import BurningArea
    from .hui3 import Hui3Area
    from .kaidian import KaidianArea
    from .penalties import PenaltiesArea
    from .places import PlacesArea
    from .registry import Components
    from .reporting import ReportingArea
    from .revolution import RevolutionArea
    from .tribute import Due, TributeArea
    from .turns import TurnsArea

Counts = tuple[int, ...]
Slot = tuple[int, int]
Chain = tuple[Any, ...]  # () or (earlier chain, entry): an immutable list, newest first, shared as it grows

# Slot kinds: what the seat of a slot decides (Final literals: the compiled core inlines them).
LEAD: Final = 0
FOLLOW: Final = 1
YIELD_FOLLOW: Final = 2
YIELDED: Final = 3
ANSWER: Final = 4
BURN: Final = 5
RETURN: Final = 6
REVOLT: Final = 7
HUI3: Final = 8
YUDIAN: Final = 9
MINGDIAN: Final = 10
SLOT_NAMES: Final = DECISION_NAMES  # the decision kinds' names, by kind
DECLARING: Final = (YUDIAN, MINGDIAN)
BEATING: Final = (FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER)

# Stages, in order (a 流局 goes back to the deal).
YUDIAN_STAGE: Final = "yudian"
RETURNS: Final = "returns"
REVOLUTIONS: Final = "revolution"
HUI3_STAGE: Final = "hui3"
MINGDIAN_STAGE: Final = "mingdian"
PLAYING: Final = "play"
OVER: Final = "over"


class MoveGenerator(Protocol):
    """What the areas ask the move generator (:class:`gouji_variants.components.moves.Moves` is the built-in one)."""

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


#: what each play is, and whether it is 够级, under the :data:`.recent.RULESETS_KEPT` rules used last: shared
#: by every game under them, each at most :data:`.vectors.VECTORS_KEPT` plays (then it starts again)
_CLASSIFY_CACHES: Final[dict[object, dict[Counts, Combo | Verdict]]] = {}
_GOUJI_CACHES: Final[dict[object, dict[Counts, bool]]] = {}


def unchained(chain: Chain) -> list[Any]:
    """The entries of ``chain``, oldest first."""
    found = []
    while chain:
        chain, entry = chain
        found.append(entry)
    found.reverse()
    return found


@mypyc_attr(serializable=True)  # (compiled: __new__ makes a blank table without __init__, for copy())
class Table:
    """One game's shared state (see the module docstring); the areas are set by the engine."""

    # The rule areas holding their own state and flow, set by the engine: the built-in area class
    # or a subclass of it (components.registry; the hooks are in components.protocols).
    tribute: TributeArea
    revolution: RevolutionArea
    bie3: Bie3Area
    hui3: Hui3Area
    kaidian: KaidianArea
    turns: TurnsArea
    reporting: ReportingArea
    burning: BurningArea
    penalties: PenaltiesArea
    places: PlacesArea
    __deletable__ = ("tribute", "revolution", "bie3", "hui3", "kaidian", "turns", "reporting", "burning",
                     "penalties", "places")

    def __init__(self, rules: Rules, components: Components, moves: MoveGenerator, rng: random.Random, log: list[Any],
                 note: Callable[[int, tuple[Note, ...]], Any]) -> None:
        self.rules = rules
        self.components = components
        self.moves = moves
        self.rng = rng
        self.log = log  # the game's event log; ``note`` makes an engine event (seat, notes)
        self.note = note
        self.final_places: list[int] | None = None  # set by finish()
        self.final_score: tuple[int, int] | None = None
        self.owed: list[Due] = []  # 点贡, 闷贡, 憋王贡 for the next game
        self._classified = shared(_CLASSIFY_CACHES, (rules.plays, rules.bie3, components.plays.classify))
        self._gouji = shared(_GOUJI_CACHES, (rules.plays, rules.gouji, components.gouji.is_gouji))
        # where a replaced area is asked at each decision rather than the engine's own shortcut:
        # each lead the generator lists is checked with the 憋3 area's 3s hook (``Bie3Area.splits_threes``)
        self.threes_checked = rules.bie3.enabled and not components.replaced.isdisjoint(("bie3", "plays"))
        # the reporting area's hooks say what each seat sees (``counts_seen``, ``hands_seen``)
        self.sight_replaced = "reporting" in components.replaced
        self.stats = dict.fromkeys(STATISTIC_NAMES, 0)
        self.seat_counted: list[tuple[int, str]] = []  # (seat, statistic) of each event counted against a seat
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

    def count(self, name: str, seat: int) -> None:
        """Count an event of statistic ``name`` that is ``seat``'s (闷, 诈烧, a 开点 failure, …): in :attr:`stats`
        and against the seat (:attr:`seat_counted`)."""
        self.stats[name] += 1
        self.seat_counted.append((seat, name))

    def emit(self, seat: int, notes: tuple[Note, ...]) -> None:
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
            if len(self._classified) >= VECTORS_KEPT:
                self._classified.clear()
            found = self._classified[counts] = self.components.plays.classify(Cards(counts), self.rules.plays,
                                                                             self.rules.bie3)
        return found

    def is_gouji(self, combo: Combo) -> bool:
        """Whether ``combo`` (a play under the rules) is 够级: the gouji component's answer, cached per
        rules (it is asked after every play)."""
        counts = combo.cards.counts
        found = self._gouji.get(counts)
        if found is None:
            if len(self._gouji) >= VECTORS_KEPT:
                self._gouji.clear()
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
        """An independent copy, areas included (same future under the same actions): the lists, sets
        and dicts of the state are its own, and each area copies its own state (:meth:`Area.copy`)."""
        twin = Table.__new__(Table)
        twin.rules, twin.components, twin.moves, twin.note = self.rules, self.components, self.moves, self.note
        if self.stage == PLAYING:  # no deal follows: only a (re)deal draws from the generator, so it is shared
            twin.rng = self.rng  # (copying its state was half the cost of a copy: the scene's options copy often)
        else:
            twin.rng = random.Random.__new__(random.Random)  # not seeded from the system first: the state is set
            twin.rng.setstate(self.rng.getstate())
        twin.log = list(self.log)
        twin.final_places = None if self.final_places is None else list(self.final_places)
        twin.final_score, twin.owed = self.final_score, list(self.owed)
        twin._classified, twin._gouji = self._classified, self._gouji  # shared by every game under the rules
        twin.threes_checked, twin.sight_replaced = self.threes_checked, self.sight_replaced
        twin.stats, twin.seat_counted = dict(self.stats), list(self.seat_counted)
        twin.stage, twin.kind, twin.turn, twin.leader = self.stage, self.kind, self.turn, self.leader
        twin.hands = [list(hand) for hand in self.hands]
        twin.total, twin.played_cards, twin.removed = self.total, list(self.played_cards), list(self.removed)
        twin.in_play, twin.finished, twin.bottom = list(self.in_play), list(self.finished), list(self.bottom)
        twin.men, twin.played, twin.revolutionaries = list(self.men), list(self.played), list(self.revolutionaries)
        twin.slots, twin.top, twin.top_seat = list(self.slots), self.top, self.top_seat
        twin.round, twin.passed, twin.on_yield = list(self.round), set(self.passed), self.on_yield
        twin.dealt, twin.deal_leader = self.dealt, self.deal_leader
        twin.history, twin.history_length, twin.private = self.history, self.history_length, list(self.private)
        twin.played_by, twin.transfers = list(self.played_by), list(self.transfers)
        twin.seen_transfers = dict(self.seen_transfers)
        twin.tribute = self.tribute.copy(twin)
        twin.revolution = cast("RevolutionArea", self.revolution.copy(twin))  # (no state: the hook returns its class)
        twin.bie3 = self.bie3.copy(twin)
        twin.hui3 = cast("Hui3Area", self.hui3.copy(twin))  # (no state: the hook returns its class)
        twin.kaidian = self.kaidian.copy(twin)
        twin.turns = self.turns.copy(twin)
        twin.reporting = self.reporting.copy(twin)
        twin.burning = self.burning.copy(twin)
        twin.penalties = cast("PenaltiesArea", self.penalties.copy(twin))  # (no state: the hook returns its class)
        twin.places = self.places.copy(twin)
        return twin

    def unbind(self) -> None:
        """Let the areas go (they refer back to the table): a game let go is then freed at once rather
        than by the cyclic garbage collector (which costs self-play a few per cent)."""
        del self.tribute, self.revolution, self.bie3, self.hui3, self.kaidian, self.turns, self.reporting
        del self.burning, self.penalties, self.places


def one_level(value: Any) -> Any:
    """A copy of ``value`` for a copied area: lists (and the lists and copyable items in them), sets
    and dicts are new; anything else is shared (immutable, or the area's own to copy)."""
    if isinstance(value, list):
        return [list(item) if isinstance(item, list) else item.copy() if hasattr(item, "copy") else item
                for item in value]
    return value.copy() if isinstance(value, (set, dict)) else value


@mypyc_attr(allow_interpreted_subclasses=True)
class Area:
    """The base of a rule area's class: bound to its game's :class:`Table`. A replacement
    subclasses the built-in area and overrides its named hooks (``components.registry``)."""

    __slots__ = ("table", "rules")  # the built-in areas keep their state in slots; a subclass's own is in its __dict__

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rules = table.rules

    def copy(self, table: Table) -> Area:
        """This area, bound to ``table`` (the copy of its table), with a state of its own (the copy hook of
        :meth:`Table.copy`). A built-in area extends it to copy its state; so may a subclass keeping state
        deeper than the attributes it adds, whose lists, sets and dicts are copied one level deep here."""
        twin = type(self).__new__(type(self))  # (no __init__: the state is copied, not made afresh)
        twin.table, twin.rules = table, self.rules
        own: dict[str, Any] | None = getattr(self, "__dict__", None)  # a subclass's attributes
        if own:
            vars(twin).update({name: one_level(value) for name, value in own.items()})
        return twin
