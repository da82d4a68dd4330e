"""The heuristic's plan of its hand: one play per rank, the 2s and jokers as attachments and answers.

A play is cards of one rank with 2s (贴钱) and jokers (挂花) added, and a play is beaten only by as
many cards of a higher rank; so a hand needs one play per rank it holds (:func:`plays_left`), and
its 2s and jokers never need a turn of their own: they fill a group out to the count of the play on
the table, or make a play nobody beats. The plan says which group to lead, which play to beat with,
and when a joker is worth spending; measured against ``basic`` in ``docs/players.md``.

* **Lead what cannot follow** (:func:`lead_key`): a group can go out on another seat's play only
  when that play has as many cards at a lower rank, which low ranks and large groups rarely find;
  so they are led, and small high groups wait to beat other seats' plays.
* **Do not break a group** (:func:`follow_cost`): a broken group still needs its own turn, so a
  whole group filled out with 2s beats before a part of one; when only a part of one beats, the
  seat passes (or yields) instead, until its hand is small or the player is near going out (not
  while it holds 3s under 憋3, where passing left more seats stifled, 闷).
* **Keep control** (:data:`JOKERS_KEPT`): 2s are spent on any play (filling a group out, on an
  opponent's plain play only once the hand is small: :func:`.tactics.fills_with_twos`), but jokers
  only while :data:`JOKERS_KEPT` stay in hand to win a lead back or finish with.
"""

from __future__ import annotations

from typing import Final

from ..ruleset.cards import SMALL_JOKER, TWO
from .reading import Counts, cost, lowest

#: Jokers a seat keeps, before its hand is small, rather than spend one to beat a play.
JOKERS_KEPT: Final = 3
#: What breaking a group adds to a play's cost: more than a 2 (100) filling out a whole group.
BREAK: Final = 100


def plays_left(hand: Counts) -> int:
    """The plays that empty the hand: one per rank held below the 2s, with the 2s and jokers
    attached (one play when the hand is 2s and jokers only)."""
    groups = sum(1 for rank in range(TWO) if hand[rank])
    return groups or (1 if any(hand[TWO:]) else 0)


def base(play: Counts) -> int:
    """The lowest rank in the play (its group's rank)."""
    return lowest(play)


def lead_key(play: Counts) -> int:
    """Lower for a group led first: a low rank, and a large group (each card more is worth a rank)."""
    return base(play) - sum(play[:SMALL_JOKER])


def breaks(play: Counts, hand: Counts) -> bool:
    """Whether the play takes part of a group below the 2s and leaves the rest in hand."""
    rank = base(play)
    return rank < TWO and play[rank] < hand[rank]


def follow_cost(play: Counts, hand: Counts) -> int:
    """How dear a play that beats is: :func:`.reading.cost`, and :data:`BREAK` more when it breaks a
    group, so that 2s filling out a whole group come before part of another."""
    return cost(play, hand) + (BREAK if breaks(play, hand) else 0)
