"""The ``places`` component: 头科 … 大落 from the going-out order, with the overrides for seats ranked
at once (诈烧, 窒息, 大小王不出手), stifled (闷) seats and revolutionaries.

Readings named here:

* 窒息 (``places.zhixi``): when 头科 goes out, each seat in play that never played a card
  is ranked from the bottom at once, in play order after 头科 (大落 first), and plays no more.
* 满贯 'one-run' (003:28): when the first seat goes out and no other seat has played a card,
  the game ends at once (窒息 does not apply then). 003 says 五个大落一个头科; places stay a
  permutation, so the others are ranked in play order after the leader (its 下家 二科 … its
  上家 大落); ``score.manguan_others_as`` makes them all score as one place; both teams'
  recorded scores are doubled (``components.score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from mypy_extensions import mypyc_attr

from ..ruleset.rules import PLACE_NAMES, Places
from .deck import SEATS
from .notes import Mark, Note, Suffocated, WentOut
from .table import Area, Table
from .turns import ORDER

THIRD, FOURTH = 2, 3


def assign(finished: list[int], bottom: list[int], revolutionaries: list[int], rule: Places,
           men: Sequence[int] = (), men_places: Sequence[int] = ()) -> list[int]:
    """Each seat's place index (0 头科 … 5 大落).

    ``finished`` is every other seat in the order it went out (the last one left in play
    last). ``bottom`` seats (诈烧, 窒息, 大小王不出手) take the bottom places in the order they
    were ranked (大落, 二落, …; 000:131). Stifled (``men``) seats then take, in order, the first
    of ``men_places`` still free (so 诈烧 ranks below 闷, 000:142), or the lowest free place
    once the list is used up.
    A revolutionary is 三科 when both team-mates take 头科 and 二科, else 四科 (第二十三条), or
    always 四科 (``revolution_place: fourth``); if that place is taken, the next free one below.
    """
    places = [-1] * SEATS
    free = list(range(SEATS))
    for index, seat in enumerate(bottom):
        places[seat] = SEATS - 1 - index
        free.remove(places[seat])
    for seat in men:
        wanted = [place for place in men_places if place in free]
        places[seat] = wanted[0] if wanted else free[-1]
        free.remove(places[seat])
    top_two = finished[:2]
    for seat in revolutionaries:
        mates_on_top = len(top_two) == 2 and all(other % 2 == seat % 2 for other in top_two)
        want = THIRD if rule.revolution_place == "third-or-fourth" and mates_on_top else FOURTH
        below = [place for place in free[len(top_two):] if place >= want]
        places[seat] = below[0] if below else free[-1]
        free.remove(places[seat])
    for seat, place in zip(finished, free, strict=False):
        places[seat] = place
    return places


def revolution_places(rule: Places) -> tuple[int, ...]:
    """The place a revolutionary takes (:func:`assign`): 三科 or 四科 (by its team-mates' places), or 四科
    only; the next free one below where a seat ranked at once holds it."""
    return (THIRD, FOURTH) if rule.revolution_place == "third-or-fourth" else (FOURTH,)


def zhixi(rule: Places, first_out: int, in_play: Sequence[bool], played: Sequence[bool]) -> list[int]:
    """窒息 (003:58): when 头科 (``first_out``) goes out, every seat still in play that has never
    played a card, in play order after 头科; the game ranks them from the bottom at once in that
    order (大落, then 二落, …) and they play no more."""
    if not rule.zhixi:
        return []
    return [seat for seat in ORDER[first_out] if in_play[seat] and not played[seat]]


def names(places: list[int]) -> list[str]:
    return [PLACE_NAMES[place] for place in places]


@mypyc_attr(allow_interpreted_subclasses=True)
class PlacesArea(Area):
    """Places in play: going out, 窒息, 满贯 'one-run', ranking at once from the bottom, and the
    places at the end (by the places component's ``assign``). Hooks: :meth:`go_out`,
    :meth:`rank_at_once`, :meth:`final`."""

    __slots__ = ("one_run",)

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.one_run = False  # 满贯: the leader went out with nobody else playing

    def copy(self, table: Table) -> PlacesArea:
        twin = cast(PlacesArea, super().copy(table))
        twin.one_run = self.one_run
        return twin

    def go_out(self, seat: int, notes: list[Note]) -> None:
        table = self.table
        table.in_play[seat] = False
        table.finished.append(seat)
        notes.append(WentOut(len(table.finished)))
        table.burning.on_out(seat)
        if table.components.score.one_run(self.rules.score, seat, table.played, len(table.finished)):
            self.one_run = True
            notes.append(Mark.MANGUAN)
            table.finish()
            return
        if len(table.finished) == 1:
            for other in table.components.places.zhixi(self.rules.places, seat, table.in_play, table.played):
                notes.append(Suffocated(other))
                table.rank_now(other)
            if table.over:
                return
        table.turns.on_out(seat)
        if sum(table.in_play) <= 1:
            table.finish()

    def rank_at_once(self, seat: int, notes: list[Note], why: Note) -> None:
        """Ranked from the bottom at once, for ``why``; a burn of this seat ends with it."""
        table = self.table
        if table.burning.burner == seat:
            table.burning.close(str(why))
        notes.append(why)
        table.rank_now(seat)

    def final(self) -> list[int]:
        """Each seat's place at the end (the seats still in play in play order after the last out)."""
        table = self.table
        start = table.finished[-1] if table.finished else table.leader
        remaining = [seat for seat in (start, *ORDER[start]) if table.in_play[seat]]  # in play order (满贯)
        men_places = [PLACE_NAMES.index(name) for name in self.rules.bie3.men_places]
        return table.components.places.assign(table.finished + remaining, table.bottom, table.revolutionaries,
                                              self.rules.places, table.men, men_places)
