"""The ``places`` component: 头科 … 大落 from the going-out order, with the 诈烧 and 革命 overrides."""

from __future__ import annotations

from ..rules import PLACE_NAMES, Places
from .deck import SEATS

THIRD, FOURTH = 2, 3


def assign(finished: list[int], zhashao: list[int], revolutionaries: list[int], rule: Places) -> list[int]:
    """Each seat's place index (0 头科 … 5 大落).

    ``finished`` is every other seat in the order it went out (the last one left in play
    last). 诈烧 players take the bottom places in the order they failed (大落, 二落, …; 000:131).
    A revolutionary is 三科 when both team-mates take 头科 and 二科, else 四科 (第二十三条), or
    always 四科 (``revolution_place: fourth``); if that place is taken, the next free one below.
    """
    places = [-1] * SEATS
    free = list(range(SEATS))
    for index, seat in enumerate(zhashao):
        places[seat] = SEATS - 1 - index
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


def names(places: list[int]) -> list[str]:
    return [PLACE_NAMES[place] for place in places]
