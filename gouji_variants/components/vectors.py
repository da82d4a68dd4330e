"""Count vectors (16 counts, 3 … 王中王: :mod:`..cards`) as the move generator makes and keeps them:
a play's vector from its base and attachments, its shared :class:`Cards`, a hand as a list, and
the packed key of a group of plays (:class:`.moves.Moves`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..ruleset.cards import BIG_JOKER, N_RANKS, SMALL_JOKER, TOP_JOKER, TWO, Cards

Counts = tuple[int, ...]

#: entries of each table of count vectors or groups of them (then it starts again): bounded memory
VECTORS_KEPT: Final = 20_000
_CARDS: Final[dict[Counts, Cards]] = {}  # at most 3 * VECTORS_KEPT (the engine's three tables of actions make them)


def cards_of(counts: Counts) -> Cards:
    """The (shared, immutable) :class:`Cards` for a count vector the engine made (16 non-negative
    ints: not checked again); plays repeat, so they are kept (a bounded number: past that, equal but new)."""
    found = _CARDS.get(counts)
    if found is None:
        if len(_CARDS) >= 3 * VECTORS_KEPT:
            _CARDS.clear()
        found = _CARDS[counts] = Cards.unchecked(counts)
    return found


def held(hand: Sequence[int]) -> list[int]:
    """A hand as a list: the move generator's public methods take any sequence, the compiled core
    indexes a list fastest (the table's hands are lists already)."""
    return hand if isinstance(hand, list) else list(hand)


def group_key(base: int, have: int, twos: int, small: int, big: int, top: int, size: int) -> object:
    """The key of a move group: a base rank's count, the 2s and jokers held, and the size of the
    plays (0 for leads), packed into one int while each is below 512 (any deck a ruleset makes),
    which hashes and compares far faster than a tuple; a tuple beyond (a scenario's hands)."""
    if have | twos | small | big | top | size < 512:
        return base | have << 4 | twos << 13 | small << 22 | big << 31 | top << 40 | size << 49
    return base, have, twos, small, big, top, size


def vector(base: int, k: int, twos: int, small: int, big: int, top: int = 0) -> Counts:
    """The play of ``k`` cards of ``base`` with ``twos`` 2s and these jokers attached."""
    counts = [0] * N_RANKS  # (set, then one addition: the cheapest for the compiled core)
    counts[TWO] = twos
    counts[SMALL_JOKER] = small
    counts[BIG_JOKER] = big
    counts[TOP_JOKER] = top
    counts[base] += k
    return tuple(counts)
