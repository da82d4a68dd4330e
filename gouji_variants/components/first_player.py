"""The ``first_player`` component: who leads the first game (亮3 / 顶班, or a drawn card) and later ones."""

from __future__ import annotations

import random

from ..ruleset.cards import ACE, JOKERS, TWO
from ..ruleset.expressions import DeckRecipe
from ..ruleset.rules import FirstPlayer
from .deck import SEATS

DRAWER = 0  # the 开牌人 of the first game: seat 0 by convention


def liang3(threes_by_suit: list[list[int]]) -> int | None:
    """亮3 / 顶班 (第七条): the seat with the most 3s of one suit (at least two) leads.

    A tie goes to the lowest seat (who is taken to have shown first); None when nobody has two.
    """
    best, leader = 1, None
    for seat, suits in enumerate(threes_by_suit):
        most = max(suits)
        if most > best:
            best, leader = most, seat
    return leader


def card_value(rank: int) -> int:
    """A drawn card's natural value for counting seats: 3..10 face, J 11, Q 12, K 13, A 1, 2 2."""
    if rank == ACE:
        return 1
    if rank == TWO:
        return 2
    return rank + 3


def draw(recipe: DeckRecipe, rng: random.Random, drawer: int = DRAWER) -> int:
    """第六条: the 开牌人 ``drawer`` draws a card and counts counter-clockwise by its value,
    starting with themself; a joker passes the draw to the 下家."""
    counts = recipe.cards().counts
    ranks = [rank for rank, count in enumerate(counts) for _ in range(count)]
    while True:
        rank = rng.choice(ranks)
        if rank not in JOKERS:
            return (drawer + card_value(rank) - 1) % SEATS
        drawer = (drawer + 1) % SEATS


def first_game(rule: FirstPlayer, recipe: DeckRecipe, threes_by_suit: list[list[int]], rng: random.Random) -> int:
    """The leader of a first game (or of a 重新开牌): 亮3 when the ruleset says so and someone can,
    else a drawn card."""
    if rule.first_game == "liang3":
        leader = liang3(threes_by_suit)
        if leader is not None:
            return leader
    return draw(recipe, rng)


def later_game(rule: FirstPlayer, previous_places: list[int], previous_leader: int) -> int | None:
    """Later games: the last game's 大落 leads, or the lead passes to the 下家 ('rotate'); None
    for 'draw', whose leader is drawn by the next 开牌人 (:func:`next_drawer`)."""
    if rule.later_games == "dalu":
        return previous_places.index(5)
    return (previous_leader + 1) % SEATS if rule.later_games == "rotate" else None


def next_drawer(rule: FirstPlayer, previous_drawer: int) -> int | None:
    """'draw' (第二十六条(一) 首开牌人确定后，以后即按反时针方向依次循环开牌，开牌确定的首取牌人即为该局的
    首发牌人): the 开牌人 of the next game is the 下家 of the last one, and draws as in the first
    game; None for the other values, whose next leader needs no draw."""
    return (previous_drawer + 1) % SEATS if rule.later_games == "draw" else None
