"""The protocol of every rule area: what the engine and the other areas call, so what a
replacement must provide (see docs/components.md).

*Policies* are stateless functions of the rules (a replacement is a module or object with any of
them; the rest stay built-in). *Area hooks* are the methods and attributes of an area's object in
a game, called at fixed points by the engine (:mod:`gouji_variants.engine.phases`,
:mod:`gouji_variants.engine.game`) and by the other areas through the :class:`~.table.Table`
(``table.burning.burner``); a replacement subclasses the built-in area class
(``components.registry.AREAS``), which satisfies these protocols (mypy checks it below).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..ruleset.cards import Cards
from ..ruleset.expressions import DeckRecipe, HandRule
from ..ruleset.rules import Bie3, FirstPlayer, Gouji, Places, Plays, Score, Tribute
from .burning import BurnRecord
from .notes import Note
from .plays import Combo, Verdict
from .table import Counts, MoveGenerator, Slot, Table
from .tribute import BurnDue, Due

# ── policies ──────────────────────────────────────────────────────────────


class PlacesComponent(Protocol):
    def assign(self, finished: list[int], bottom: list[int], revolutionaries: list[int], rule: Places,
               men: Sequence[int] = ..., men_places: Sequence[int] = ...) -> list[int]: ...

    def zhixi(self, rule: Places, first_out: int, in_play: Sequence[bool], played: Sequence[bool]) -> list[int]: ...


class ScoreComponent(Protocol):
    def recorded(self, places: list[int], rule: Score, one_run: bool = ...) -> tuple[int, int]: ...

    def one_run(self, rule: Score, seat: int, played: Sequence[bool], finished: int) -> bool: ...


class TributeComponent(Protocol):
    def dues(self, rule: Tribute, places: Sequence[int], burns: Sequence[BurnDue],
             owed: Sequence[Due] = ...) -> list[Due]: ...

    def pay(self, hand: Sequence[int], received: Sequence[int], count: int) -> tuple[int, ...]: ...


class GoujiComponent(Protocol):
    def is_gouji(self, play: Combo, gouji: Gouji) -> bool: ...


class DeckComponent(Protocol):
    def deal(self, recipe: DeckRecipe, rng: random.Random,
             each_hand: HandRule | None = ...) -> tuple[list[list[int]], list[list[int]]]: ...


class FirstPlayerComponent(Protocol):
    def first_game(self, rule: FirstPlayer, recipe: DeckRecipe, threes_by_suit: list[list[int]],
                   rng: random.Random) -> int: ...

    def draw(self, recipe: DeckRecipe, rng: random.Random, drawer: int = ...) -> int: ...

    def later_game(self, rule: FirstPlayer, previous_places: list[int], previous_leader: int) -> int | None: ...

    def next_drawer(self, rule: FirstPlayer, previous_drawer: int) -> int | None: ...


class PlaysComponent(Protocol):
    """What a play is, what beats what, and the move generator that lists them. Under a replacement
    the engine lists the generated plays that ``classify`` and ``beats`` allow (:mod:`.checked`): one
    that allows more than the built-in rules replaces ``moves_for`` to generate them."""

    def classify(self, cards: Cards, plays: Plays, bie3: Bie3) -> Combo | Verdict: ...

    def beats(self, play: Combo, target: Combo, plays: Plays) -> Verdict: ...

    def moves_for(self, plays: Plays, whole_threes: bool = ...) -> MoveGenerator: ...


# ── area hooks ────────────────────────────────────────────────────────────


class TurnsHooks(Protocol):
    """The round: who acts on a play, 让牌, 接风, the end of a round, 够死级 and 四人乱缠."""

    luanchan: bool

    def slots_after(self, player: int, combo: Combo) -> list[Slot]: ...

    def may_yield(self, seat: int) -> bool: ...

    def yield_to(self, seat: int) -> None: ...

    def may_request_jiefeng(self, seat: int) -> bool: ...

    def on_out(self, seat: int) -> None: ...

    def new_round(self) -> None: ...

    def round_over(self) -> None: ...


class BurningHooks(Protocol):
    """烧牌: offers, the burn under way, its end (success, 解烧, 反烧, 诈烧, unfinished)."""

    burner: int | None
    beat_back: bool

    burns: list[BurnRecord]

    def offers(self, player: int, opposite: int) -> list[Slot]: ...

    def on_play(self, seat: int, combo: Combo, burn: bool, empty: bool, notes: list[Note]) -> bool: ...

    def on_pass(self, seat: int, notes: list[Note]) -> None: ...

    def on_out(self, seat: int) -> None: ...

    def close(self, outcome: str) -> None: ...

    def break_burn(self, notes: list[Note]) -> None: ...

    def successful(self) -> tuple[BurnDue, ...]: ...


class KaidianHooks(Protocol):
    """开点: the 宣点 offers, plays that count, giving up, the 点贡."""

    opened: list[bool]
    gave_up: list[bool]

    @property
    def declared(self) -> Sequence[str | None]: ...

    def yudian_slots(self) -> list[Slot]: ...

    def mingdian_slots(self) -> list[Slot]: ...

    def declare(self, seat: int, kind: int, notes: list[Note]) -> None: ...

    def on_play(self, seat: int, combo: Combo, kind: int) -> None: ...

    def lived(self, player: int) -> None: ...

    def give_up(self, seat: int) -> None: ...

    def dues(self) -> list[Due]: ...


class Bie3Hooks(Protocol):
    """憋3: which leads split the 3s, 买3 / 买4, 闷, 大小王不出手, 闷贡 and 憋王贡."""

    def splits_threes(self, seat: int, counts: Counts) -> bool: ...

    def buy_all(self) -> None: ...

    def stifle(self, seat: int, notes: list[Note]) -> None: ...

    def stuck(self, seat: int, notes: list[Note]) -> None: ...

    def dues(self, places: Sequence[int]) -> list[Due]: ...


class Hui3Hooks(Protocol):
    def offers(self) -> list[Slot]: ...

    def remove(self, which: str) -> None: ...


class RevolutionHooks(Protocol):
    def offers(self) -> list[Slot]: ...

    def declare(self, seat: int) -> None: ...

    def voided(self) -> bool: ...


class ReportingHooks(Protocol):
    """报牌, 看牌, 挑牌, 问张数: what each seat sees."""

    told: list[int | None]
    shown: list[int]

    def may_tiaopai(self, seat: int) -> bool: ...

    def tiaopai(self, seat: int, notes: list[Note]) -> None: ...

    def to_ask(self, seat: int, deciding: bool = ...) -> list[int]: ...

    def ask(self, seat: int, kind: int, notes: list[Note]) -> None: ...

    def counts_seen(self, seat: int) -> tuple[int | None, ...]: ...

    def hands_seen(self, seat: int) -> tuple[bool, ...]: ...


class PenaltiesHooks(Protocol):
    """错牌不出 and the forfeits."""

    def wrong_play_costs_turn(self, verdict: Verdict) -> bool: ...

    def lose_turn(self, seat: int, kind: int, verdict: Verdict, notes: list[Note]) -> None: ...

    def forfeit_holdings(self) -> None: ...

    def forfeits_play(self, seat: int, combo: Combo, notes: list[Note]) -> bool: ...


class PlacesHooks(Protocol):
    """Going out, 窒息, 满贯, ranking at once, the places at the end."""

    one_run: bool

    def go_out(self, seat: int, notes: list[Note]) -> None: ...

    def rank_at_once(self, seat: int, notes: list[Note], why: Note) -> None: ...

    def final(self) -> list[int]: ...


class TributeHooks(Protocol):
    """Paying what the last game left owed, and the 还贡 decisions."""

    def pay_all(self, places: Sequence[int], burns: Sequence[BurnDue], owed: Sequence[Due]) -> None: ...

    def return_slots(self) -> list[Slot]: ...

    def owed_back(self) -> int: ...

    def give_back(self, cards: Cards, notes: list[Note]) -> None: ...


if TYPE_CHECKING:  # the built-in area classes satisfy the protocols
    from .bie3 import Bie3Area
    from .burning import BurningArea
    from .hui3 import Hui3Area
    from .kaidian import KaidianArea
    from .penalties import PenaltiesArea
    from .places import PlacesArea
    from .reporting import ReportingArea
    from .revolution import RevolutionArea
    from .tribute import TributeArea
    from .turns import TurnsArea

    def _conform(table: Table) -> tuple[TurnsHooks, BurningHooks, KaidianHooks, Bie3Hooks, Hui3Hooks,
                                        RevolutionHooks, ReportingHooks, PenaltiesHooks, PlacesHooks, TributeHooks]:
        return (TurnsArea(table), BurningArea(table), KaidianArea(table), Bie3Area(table), Hui3Area(table),
                RevolutionArea(table), ReportingArea(table), PenaltiesArea(table), PlacesArea(table),
                TributeArea(table))
