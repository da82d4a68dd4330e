"""The engine's shared action objects: one :class:`Play`, :class:`Burn` or :class:`Return` per
count vector, made the first time and looked up after (move lists repeat the same plays, and a
list of shared objects lets the game apply what it listed without checking it again).

Compiled with the core (the listing path makes an action per legal play at every decision).
Each table is bounded: past :data:`KEPT` entries it starts again, and the objects made after
that are equal to the earlier ones but not the same (the plays remembered per group start again
with the plays' table, so a group's plays are always the table's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..components.moves import GROUPS_KEPT
from ..components.vectors import Counts, cards_of
from .actions import Burn, Play, Return

KEPT: Final = GROUPS_KEPT  # entries of each table

_PLAYS: Final[dict[Counts, Play]] = {}
_BURNS: Final[dict[Counts, Burn]] = {}
_RETURNS: Final[dict[Counts, Return]] = {}
_GROUP_PLAYS: Final[dict[int, tuple[tuple[Counts, ...], tuple[Play, ...]]]] = {}  # by id: the group
# (kept, so that the id stays its own) and its plays


def play_of(counts: Counts) -> Play:
    """The (shared, immutable) :class:`Play` of a count vector the engine made."""
    found = _PLAYS.get(counts)
    if found is None:
        if len(_PLAYS) >= KEPT:
            _PLAYS.clear()
            _GROUP_PLAYS.clear()  # (a group's plays are the table's objects: made again with it)
        found = _PLAYS[counts] = Play(cards_of(counts))
    return found


def burn_of(counts: Counts) -> Burn:
    """The (shared) :class:`Burn` of a count vector, as :func:`play_of`."""
    found = _BURNS.get(counts)
    if found is None:
        if len(_BURNS) >= KEPT:
            _BURNS.clear()
        found = _BURNS[counts] = Burn(cards_of(counts))
    return found


def return_of(counts: Counts) -> Return:
    """The (shared) :class:`Return` of a count vector, as :func:`play_of` (a 还贡's choices are listed)."""
    found = _RETURNS.get(counts)
    if found is None:
        if len(_RETURNS) >= KEPT:
            _RETURNS.clear()
        found = _RETURNS[counts] = Return(cards_of(counts))
    return found


def plays_of(found: Iterable[Counts]) -> tuple[Play, ...]:
    """:func:`play_of` of each count vector."""
    return tuple([play_of(counts) for counts in found])


def burns_of(found: Iterable[Counts]) -> tuple[Burn, ...]:
    """:func:`burn_of` of each count vector."""
    return tuple([burn_of(counts) for counts in found])


def plays_of_groups(groups: list[tuple[Counts, ...]]) -> tuple[Play, ...]:
    """:func:`plays_of` of groups of count vectors joined (``Moves.lead_groups``, ``beating_groups``),
    each group's plays remembered by the group's identity: one look-up per group, not per play."""
    found: list[Play] = []
    for group in groups:
        known = _GROUP_PLAYS.get(id(group))
        if known is None or known[0] is not group:
            if len(_GROUP_PLAYS) >= KEPT:  # bounded: start again rather than grow
                _GROUP_PLAYS.clear()
            known = _GROUP_PLAYS[id(group)] = group, plays_of(group)
        found.extend(known[1])
    return tuple(found)
