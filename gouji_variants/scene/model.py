"""The scene: everything a face may state to one seat (or a spectator) at one moment, as typed,
immutable facts. A face (the terminal, the record viewer, the room protocol) writes these in its own
words and works out no fact of the game itself; :mod:`.build` makes a scene from a seat's view only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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


@dataclass(frozen=True)
class SeatScene:
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


@dataclass(frozen=True)
class Option:
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


@dataclass(frozen=True)
class SeenEvent:
    """One event of the game as the viewer may see it: ``action`` None for the table's own steps and for
    an action whose cards the viewer may not see (a 还贡 between two other seats, told by its note); for
    each note, how many of its cards are hidden from the viewer (tribute between two other seats, or any
    before the cards are seen, 预点), else None."""

    seat: int
    action: Action | None
    forced: bool
    notes: tuple[Note, ...]
    hidden: tuple[int | None, ...]


@dataclass(frozen=True)
class Result:
    """A finished game's public result: each seat's place and points, the teams' points and recorded
    scores, the match's totals, and what the next game owes."""

    places: tuple[int, ...]  # each seat's place (0: 头科 … 5: 大落)
    points: tuple[int, ...]  # each seat's points for the game (``score.points`` of the place it scores as)
    team_points: tuple[int, int]  # the points of seats 0, 2, 4 and of seats 1, 3, 5 summed
    score: tuple[int, int]  # what each team records (``score.record``, doubled by 满贯)
    totals: tuple[int, int] | None  # a match's recorded totals after this game (None: a lone game)
    dues: tuple[Due, ...] | None  # the tribute the next game owes (None: no game follows, a match's last)

    @property
    def by_place(self) -> tuple[int, ...]:
        """The seats in the order of their places, 头科 first."""
        return tuple(sorted(range(len(self.places)), key=self.places.__getitem__))


@dataclass(frozen=True)
class Scene:
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
