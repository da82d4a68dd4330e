"""The ``penalties`` component: what an illegal play costs (第八条(一), 第三十条)."""

from __future__ import annotations

from ..rules import Penalties

#: Verdicts that are refused whatever the ruleset says: no table could see such a play.
ALWAYS_REFUSED = ("cards.in-hand", "game.over")


def loses_turn(rule: Penalties, verdict_rule: str) -> bool:
    """错牌不出 ('lose-turn'; 第八条(一) 如顺牌有误，按照"错牌不出"的原则，其顺牌权自动取消，由其
    下家行使顺牌权): an illegal play or burn, made where the seat is to play cards (a lead, a
    follow or answer, a burn offer), is not refused but costs the turn. Cards the seat does not
    hold are still refused ('reject' refuses every illegal action)."""
    return rule.wrong_play == "lose-turn" and verdict_rule not in ALWAYS_REFUSED
