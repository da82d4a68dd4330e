"""The ``deck`` component: build the deck from the ruleset's recipe and deal it with a seeded RNG."""

from __future__ import annotations

import random
from typing import Final

from ..ruleset.cards import N_RANKS, THREE
from ..ruleset.expressions import DeckRecipe, HandRule
from .draws import shuffle

SEATS: Final = 6
SUITS: Final = 4


def deal(recipe: DeckRecipe, rng: random.Random,
         each_hand: HandRule | None = None) -> tuple[list[list[int]], list[list[int]]]:
    """Shuffle and deal round the table: each seat's rank counts, and its 3s by suit.

    Suits matter only for 亮3 (first_player); the ``n``-th copy of a rank has suit ``n % 4``.
    With ``each_hand``, every seat is first given the cards it names (copies drawn at random,
    rank by rank); the rest of the deck (what 'at least' leaves over included) is shuffled and
    dealt round as usual, so it is as random as a plain deal. The compiler has checked that the
    recipe holds enough (``HandRule.problem``).
    """
    hands = [[0] * N_RANKS for _ in range(SEATS)]
    threes = [[0] * SUITS for _ in range(SEATS)]

    def give(seat: int, cards: list[int]) -> None:
        hand, suits = hands[seat], threes[seat]
        for card in cards:
            rank = card // SUITS
            hand[rank] += 1
            if rank == THREE:
                suits[card % SUITS] += 1

    deck: list[int] = []
    for rank, count in enumerate(recipe.cards().counts):
        copies = [rank * SUITS + copy % SUITS for copy in range(count)]
        bounds = each_hand.bounds(rank) if each_hand is not None else None
        if bounds is not None:
            shuffle(rng, copies)
            _, each = bounds
            for seat in range(SEATS):
                give(seat, copies[seat * each:(seat + 1) * each])
            copies = copies[SEATS * each:]
        deck.extend(copies)
    shuffle(rng, deck)
    for seat in range(SEATS):  # dealt round: seat s gets the cards at s, s + 6, …
        give(seat, deck[seat::SEATS])
    return hands, threes
