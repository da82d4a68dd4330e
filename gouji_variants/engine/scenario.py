"""What a scenario may give a game instead of a deal, checked: six hands, the leader, the suits of
the 3s (for 亮3), whether the given hands are dealt again after a 流局."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..components.deck import SEATS, SUITS
from ..ruleset.cards import THREE, Cards


def check_scenario(hands: Sequence[Cards] | None, leader: int | None,
                   threes: Sequence[Sequence[int]] | None, keep_hands: bool) -> None:
    """Raise ValueError saying what is wrong with a scenario's given setup."""
    if hands is not None and len(hands) != SEATS:
        raise ValueError(f"give {SEATS} hands, not {len(hands)}")
    if hands is not None and not all(isinstance(hand, Cards) and len(hand) for hand in hands):
        raise ValueError("every given hand is a Cards holding at least one card")
    if leader is not None and leader not in range(SEATS):
        raise ValueError(f"leader is a seat from 0 to {SEATS - 1}, not {leader!r}")
    if (threes is not None or keep_hands) and hands is None:
        raise ValueError("threes= and keep_hands= go with given hands=")
    if threes is None or hands is None:
        return
    if len(threes) != SEATS:
        raise ValueError(f"threes gives each of the {SEATS} seats its 3s by suit, not {len(threes)} seats")
    for seat, (suits, hand) in enumerate(zip(threes, hands, strict=True)):
        if len(suits) != SUITS or not all(isinstance(n, int) and n >= 0 for n in suits):
            raise ValueError(f"threes[{seat}] is {SUITS} counts (3s of each suit), not {list(suits)!r}")
        if sum(suits) != hand[THREE]:
            raise ValueError(f"threes[{seat}] counts {sum(suits)} 3s, but hand {seat} holds {hand[THREE]}")


def threes_of(hands: Sequence[Cards], threes: Sequence[Sequence[int]] | None) -> list[list[int]]:
    """Each seat's 3s by suit: as given, or all of one suit."""
    if threes is not None:
        return [list(suits) for suits in threes]
    return [[hand[THREE]] + [0] * (SUITS - 1) for hand in hands]


def scenario_fields(threes: Sequence[Sequence[int]] | None, keep_hands: bool, offers: bool) -> dict[str, Any]:
    """A record's fields for the scenario options that differ from the defaults (none for a plain game)."""
    return {**({} if threes is None else {"threes": [list(suits) for suits in threes]}),
            **({"keep_hands": True} if keep_hands else {}), **({} if offers else {"offers": False})}


def scenario_options(record: Mapping[str, Any]) -> dict[str, Any]:
    """``Game`` keyword arguments from a record's scenario fields."""
    return {"threes": record.get("threes"), "keep_hands": record.get("keep_hands", False),
            "offers": record.get("offers", True)}
