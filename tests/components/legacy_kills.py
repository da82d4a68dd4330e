"""0.3.0's judge of a play carrying jokers, kept as the oracle of the kill algebra's property tests
(``test_kill_algebra.py``): the rule of the target's highest joker (or ``joker``) decides alone, counting
that kind only, and ``equal or higher jokers`` covers every joker cumulatively."""

from __future__ import annotations

from gouji_variants.components.plays import Combo
from gouji_variants.ruleset.cards import JOKERS, TWO, Cards
from gouji_variants.ruleset.expressions import ANY_JOKER, COVERING, KillRule


def _kind(play: Combo) -> int:
    return next(joker for joker in reversed(JOKERS) if play.cards[joker])


def _count(cards: Cards, joker: int) -> int:
    return sum(cards[j] for j in JOKERS) if joker == ANY_JOKER else cards[joker]


def _applies(rule: KillRule, target: Combo) -> bool:
    return (rule.target in (ANY_JOKER, _kind(target)) and (not rule.on_two or target.base == TWO)
            and (not rule.single_two or target.twos == 1) and (not rule.alone or target.base in JOKERS))


def _covers(play: Cards, target: Cards) -> bool:
    have = need = 0
    for joker in reversed(JOKERS):
        have += play[joker]
        need += target[joker]
        if have < need:
            return False
    return True


def _kills(rule: KillRule, play: Combo, target: Combo) -> bool:
    if play.size != target.size + rule.extra:
        return False
    if rule.killer == COVERING:
        if not _covers(play.cards, target.cards):
            return False
    elif _count(play.cards, rule.killer) < rule.wanted(_count(target.cards, rule.target)):
        return False
    if rule.any_rank:
        return True
    return play.base in JOKERS if rule.alone else play.base > target.base


def legacy_beats(play: Combo, target: Combo, kills: tuple[KillRule, ...]) -> tuple[bool, str]:
    """Whether ``play`` beats ``target`` under 0.3.0's reading, and the rule id that said so."""
    if not target.has_jokers:
        ok = play.size == target.size and play.base > target.base
        return ok, "plays.higher-rank" if ok else ""
    for index, rule in enumerate(kills):
        if _applies(rule, target) and _kills(rule, play, target):
            return True, f"plays.kills[{index}]"
    return False, "plays.kills"
