"""The scene: everything a face may state to one seat (or a spectator) at one moment, as typed,
immutable facts. A face (the terminal, the record viewer, the room protocol) writes these in its own
words and works out no fact of the game itself; :mod:`.build` makes a scene from a seat's view only.

The classes are part of the compiled core (docs/compiled-core.md): native classes made as the engine's
``Event`` is (each field written once in ``__init__``, assignment refused), so that a scene's 40-odd
objects an action cost a direct write a field; compared, hashed, shown and pickled by their fields."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, Literal

from ..components.notes import Note
from ..components.tribute import Due
from ..engine.actions import Action
from ..ruleset.cards import Cards

#: how the viewer stands to a seat (None: the viewer has no seat)
Relation = Literal["self", "duitou", "team-mate", "opponent"]
#: what a seat is doing
Standing = Literal["unseen", "playing", "gone-out", "ranked", "revolution"]
#: why a seat was ranked at once: 诈烧, 闷, or another ranking from the bottom (窒息, 大小王不出手, a forfeit)
Ranked = Literal["诈烧", "闷", "bottom"]
#: why a seat's count is not stated: no 报牌 under the rules, a count above the limit, not asked (when-asked)
Untold = Literal["no-reporting", "above-limit", "not-asked"]


class Facts:
    """Immutable facts: equal, hashed, shown and pickled by the fields ``NAMES`` lists, in ``__init__``'s order."""

    NAMES: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.NAMES)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Facts) and self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self.NAMES, self.values(), strict=True))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[type[Facts], tuple[Any, ...]]:
        return type(self), self.values()


class SeatScene(Facts):
    """One seat as the viewer may know it."""

    seat: int
    relation: Relation | None
    standing: Standing
    count: int | None  # the count the rules tell the viewer (its own always), None where they do not
    untold: Untold | None  # why ``count`` is None (None when it is told, or not a question: gone out …)
    hand: Cards | None  # the hand the viewer sees (its own; a team-mate's under 看牌 or 挑牌), else None
    order: int | None  # gone out: the order (1 for the first out)
    ranked: Ranked | None  # ranked at once: why
    to_act: bool
    NAMES = ("seat", "relation", "standing", "count", "untold", "hand", "order", "ranked", "to_act")

    def __init__(self, seat: int, relation: Relation | None, standing: Standing, count: int | None,
                 untold: Untold | None, hand: Cards | None, order: int | None, ranked: Ranked | None,
                 to_act: bool) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "relation", relation)
        object.__setattr__(self, "standing", standing)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "untold", untold)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "ranked", ranked)
        object.__setattr__(self, "to_act", to_act)


class Option(Facts):
    """One legal action of the viewer and what it does beyond the play itself: what it ranks, what it
    reveals and to whom, what it costs. Whether it ranks the viewer (and where) is the engine's answer:
    :func:`~.build.options_of` plays it on a copy of the game and keeps the viewer's own standing only,
    which the viewer's hand and the public record decide."""

    action: Action
    reveals_to: tuple[int, ...]  # seats that see the viewer's whole hand from then on and did not before (挑牌;
    # a play that leaves the hand within 看牌's limit, ``reporting.teammate_view_at_most``)
    shows_to: tuple[int, ...]  # seats that see the action's cards: the other five for a play or a burn
    # (spectators too), the seat a 还贡 goes to
    sits_out: bool  # 革命: the viewer plays no more this game
    burn_unkeepable: bool  # a burn whose condition the hand cannot keep, as far as the cards show (诈烧)
    ranks: Ranked | None  # the action ranks the viewer at once, and why (诈烧, or from the bottom: a forfeit,
    # 大小王不出手); None when it does not
    places: tuple[int, ...]  # the place it ranks the viewer at (0: 头科 … 5: 大落): ranked at once its one
    # place; 革命 the places it may take (三科 or 四科); empty when it ranks nothing yet
    goes_out: int | None  # the play takes the viewer out: in which order (1 for the first out)
    why: tuple[Note, ...]  # the engine's notes of a ranking at once (诈烧, a forfeit, 大小王不出手 …)
    NAMES = ("action", "reveals_to", "shows_to", "sits_out", "burn_unkeepable", "ranks", "places", "goes_out", "why")

    def __init__(self, action: Action, reveals_to: tuple[int, ...], shows_to: tuple[int, ...], sits_out: bool,
                 burn_unkeepable: bool, ranks: Ranked | None, places: tuple[int, ...], goes_out: int | None,
                 why: tuple[Note, ...]) -> None:
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "reveals_to", reveals_to)
        object.__setattr__(self, "shows_to", shows_to)
        object.__setattr__(self, "sits_out", sits_out)
        object.__setattr__(self, "burn_unkeepable", burn_unkeepable)
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "goes_out", goes_out)
        object.__setattr__(self, "why", why)


class SeenEvent(Facts):
    """One event of the game as the viewer may see it: ``action`` None for the table's own steps and for
    an action whose cards the viewer may not see (a 还贡 between two other seats, told by its note); for
    each note, how many of its cards are hidden from the viewer (tribute between two other seats, or any
    before the cards are seen, 预点), else None."""

    seat: int
    action: Action | None
    forced: bool
    notes: tuple[Note, ...]
    hidden: tuple[int | None, ...]
    NAMES = ("seat", "action", "forced", "notes", "hidden")

    def __init__(self, seat: int, action: Action | None, forced: bool, notes: tuple[Note, ...],
                 hidden: tuple[int | None, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "forced", forced)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "hidden", hidden)


class Result(Facts):
    """A finished game's public result: each seat's place and points, the teams' points and recorded
    scores, the match's totals, and what the next game owes."""

    places: tuple[int, ...]  # each seat's place (0: 头科 … 5: 大落)
    points: tuple[int, ...]  # each seat's points for the game (``score.points`` of the place it scores as)
    team_points: tuple[int, int]  # the points of seats 0, 2, 4 and of seats 1, 3, 5 summed
    score: tuple[int, int]  # what each team records (``score.record``, doubled by 满贯)
    totals: tuple[int, int] | None  # a match's recorded totals after this game (None: a lone game)
    dues: tuple[Due, ...] | None  # the tribute the next game owes (None: no game follows, a match's last)
    NAMES = ("places", "points", "team_points", "score", "totals", "dues")

    def __init__(self, places: tuple[int, ...], points: tuple[int, ...], team_points: tuple[int, int],
                 score: tuple[int, int], totals: tuple[int, int] | None, dues: tuple[Due, ...] | None) -> None:
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "team_points", team_points)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "dues", dues)

    @property
    def by_place(self) -> tuple[int, ...]:
        """The seats in the order of their places, 头科 first."""
        return tuple(sorted(range(len(self.places)), key=self.places.__getitem__))


class Scene(Facts):
    """What a face may state to ``viewer`` (None: a spectator, or the all-hands view of a record)."""

    viewer: int | None
    stage: str
    decision: str | None  # the viewer's own decision (lead, follow, burn-offer …), when it is to act
    hand: Cards | None  # the viewer's hand (None before the cards are seen, 预点, or without a seat)
    seats: tuple[SeatScene, ...]
    limit: int | None  # 报牌: counts at or below are told (``reporting.public_at_most``)
    top: Cards | None  # the play to beat, by ``top_seat``
    top_seat: int | None
    may_answer: tuple[int, ...]
    round_plays: tuple[tuple[int, Cards], ...]
    passed: tuple[int, ...]
    burner: int | None
    luanchan: bool
    opened: tuple[int, ...] | None  # 开点 so far (None where 打点 is not played)
    declared: tuple[tuple[int, str], ...]  # 明点 / 预点 declarations: (seat, 'mingdian' | 'yudian')
    options: tuple[Option, ...]
    result: Result | None  # once the game is over
    NAMES = ("viewer", "stage", "decision", "hand", "seats", "limit", "top", "top_seat", "may_answer", "round_plays",
             "passed", "burner", "luanchan", "opened", "declared", "options", "result")

    def __init__(self, viewer: int | None, stage: str, decision: str | None, hand: Cards | None,
                 seats: tuple[SeatScene, ...], limit: int | None, top: Cards | None, top_seat: int | None,
                 may_answer: tuple[int, ...], round_plays: tuple[tuple[int, Cards], ...], passed: tuple[int, ...],
                 burner: int | None, luanchan: bool, opened: tuple[int, ...] | None,
                 declared: tuple[tuple[int, str], ...], options: tuple[Option, ...], result: Result | None) -> None:
        object.__setattr__(self, "viewer", viewer)
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "decision", decision)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "top_seat", top_seat)
        object.__setattr__(self, "may_answer", may_answer)
        object.__setattr__(self, "round_plays", round_plays)
        object.__setattr__(self, "passed", passed)
        object.__setattr__(self, "burner", burner)
        object.__setattr__(self, "luanchan", luanchan)
        object.__setattr__(self, "opened", opened)
        object.__setattr__(self, "declared", declared)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "result", result)