"""The ``deck`` component: build the deck from the ruleset's recipe and deal it with a seeded RNG."""

from __future__ import annotations

import random

from ..cards import N_RANKS, THREE
from ..expressions import DeckRecipe

SEATS = 6
SUITS = 4


def deal(recipe: DeckRecipe, rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """Shuffle and deal round the table: each seat's rank counts, and its 3s by suit.

    Suits matter only for 亮3 (first_player); the ``n``-th copy of a rank has suit ``n % 4``.
    """
    deck: list[int] = []
    for rank, count in enumerate(recipe.cards().counts):
        deck.extend(rank * SUITS + copy % SUITS for copy in range(count))
    rng.shuffle(deck)
    hands = [[0] * N_RANKS for _ in range(SEATS)]
    threes = [[0] * SUITS for _ in range(SEATS)]
    for index, card in enumerate(deck):
        seat = index % SEATS
        rank, suit = divmod(card, SUITS)
        hands[seat][rank] += 1
        if rank == THREE:
            threes[seat][suit] += 1
    return hands, threes
