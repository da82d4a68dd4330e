"""Bots: a uniformly random player, the basic heuristic one (the baseline) and the registry of
bots by name (the rule-aware ``heuristic`` is :mod:`.heuristic`).

An agent decides from a :class:`SeatView` (``act(view, rng)``): the acting seat's observation,
the rules and its legal actions, never the game (see :mod:`.seat`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..components.turns import duitou
from ..engine.actions import PASS, REVOLUTION, Action, Burn, Play, Return
from ..engine.agent import Agent, RandomAgent
from ..engine.seat import SeatView
from ..ruleset.cards import BIG_JOKER, JOKERS, N_RANKS, SMALL_JOKER, THREE, TOP_JOKER, TWO, Cards
from .base import Advice, Adviser
from .heuristic import HeuristicAgent

__all__ = ["AGENTS", "DEFAULT_AGENTS", "Advice", "Adviser", "Agent", "BasicAgent", "HeuristicAgent", "RandomAgent"]


def _cost(counts: Sequence[int], hand: Sequence[int]) -> int:
    """How dear a play is: jokers most, then 2s, then breaking a group, then its rank."""
    jokers = counts[SMALL_JOKER] + 3 * counts[BIG_JOKER] + 9 * counts[TOP_JOKER]
    base = next((rank for rank in range(N_RANKS) if counts[rank]), 0)
    split = 1 if base < TWO and counts[base] < hand[base] else 0
    return jokers * 1000 + counts[TWO] * 100 + split * 30 + base


def _groups(hand: Sequence[int]) -> int:
    """Plays needed for the non-joker cards, one per rank (2s on their own)."""
    return sum(1 for rank in range(SMALL_JOKER) if hand[rank])


def _jokers(hand: Sequence[int]) -> int:
    return hand[SMALL_JOKER] + hand[BIG_JOKER] + hand[TOP_JOKER]


class BasicAgent:
    """The baseline (the ``heuristic`` bot before the rule-aware one): plays the cheapest
    combination that works, keeps jokers for 够级 fights, answers its 对头's 够级 play when it can
    do so cheaply or is near the end, never helps the other team by beating a team-mate, burns
    only when it can keep the burn's condition, never yields, and knows nothing of 开点 or 落四."""

    name = "basic"

    def act(self, view: SeatView, rng: random.Random) -> Action:
        seen = view.observation
        seat = seen.seat
        hand = list(seen.hand.counts)
        decision = view.decision
        if decision == "revolution":
            return REVOLUTION
        if decision == "hui3":
            return PASS
        if decision == "return":
            owed = len(next(a for a in view.legal_actions() if isinstance(a, Return)).cards)
            return Return(Cards(tuple(_lowest(hand, owed))))
        if decision == "lead":
            lead = Play(Cards(self._lead(hand, seen.burner == seat, view.rules.bie3.enabled)))
            return lead if view.can(lead) else view.sample_action(rng)
        actions = view.legal_actions()
        plays = [a for a in actions if isinstance(a, (Play, Burn))]
        if not plays:
            return PASS
        best = min(plays, key=lambda a: _cost(a.cards.counts, hand))
        counts = best.cards.counts
        left = [have - used for have, used in zip(hand, counts, strict=True)]
        if not any(left):
            return best
        if decision == "burn-offer":
            feasible = _groups(left) <= 1 or _jokers(left) >= _groups(left) - 1
            return best if feasible else PASS
        player = seen.top_seat
        assert player is not None
        if player % 2 == seat % 2:
            return PASS
        jokers_used = _jokers(counts)
        small_hand = sum(left) <= 10
        if decision == "answer" and player == duitou(seat):
            if jokers_used == 0 or small_hand or _jokers(hand) - jokers_used >= 2:
                return best
            return PASS
        if jokers_used or (counts[TWO] and not small_hand):
            return PASS
        return best

    @staticmethod
    def _lead(hand: list[int], burning: bool, threes_last: bool) -> tuple[int, ...]:
        counts = [0] * N_RANKS
        plain = [rank for rank in range(TWO) if hand[rank]]
        if threes_last and len(plain) > 1 and plain[0] == THREE:  # 憋3: the 3s wait for the last play
            plain.pop(0)
            if len(plain) == 1:  # everything but the 3s in one play
                return tuple(0 if rank == THREE else count for rank, count in enumerate(hand))
        elif len(plain) <= 1:  # one rank with 2s and jokers: go out in one play
            return tuple(hand)
        base = plain[0]
        counts[base] = hand[base]
        if burning:  # every burn play carries a joker
            joker = next((joker for joker in JOKERS if hand[joker]), SMALL_JOKER)
            counts[joker] = 1 if hand[joker] else 0
        return tuple(counts)


def _lowest(hand: Sequence[int], count: int) -> list[int]:
    chosen = [0] * N_RANKS
    for rank in range(N_RANKS):
        take = min(count, hand[rank])
        chosen[rank] = take
        count -= take
    return chosen


#: The bots by name. Game records made before the rule-aware bot name ``BasicAgent`` "heuristic".
AGENTS: dict[str, type[RandomAgent] | type[BasicAgent] | type[HeuristicAgent]] = {
    "random": RandomAgent, "basic": BasicAgent, "heuristic": HeuristicAgent}
#: The bots of ``gouji simulate``, ``gouji diff --simulate`` and ``gouji play`` when none are named.
DEFAULT_AGENTS = "heuristic"
