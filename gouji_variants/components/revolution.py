"""The ``revolution`` component: who may declare 革命, when it is automatic, when the game is void."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKERS, THREE, TWO
from ..rules import Revolution


def eligible(hand: Sequence[int], rule: Revolution) -> bool:
    """No 2s and no jokers (第二十三条); also no 3s when ``requires_no_threes`` (憋3)."""
    if not rule.enabled or hand[TWO] or any(hand[joker] for joker in JOKERS):
        return False
    return not (rule.requires_no_threes and hand[THREE])


def automatic(hand: Sequence[int], rule: Revolution) -> bool:
    """With no 3s as well, 革命 is automatic when the ruleset says so (000:113)."""
    return eligible(hand, rule) and rule.automatic_without_threes and not hand[THREE]


def voids(declared: int, rule: Revolution) -> bool:
    """Enough revolutionaries void the game, which is redealt (流局)."""
    return declared >= rule.void_at
