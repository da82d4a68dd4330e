"""The ``reporting`` component: which hand counts (报牌) and hands (看牌) a seat may see."""

from __future__ import annotations

from ..rules import Reporting


def count_visible(rule: Reporting, viewer: int, seat: int, count: int) -> bool:
    """报牌 (第十四条): a count at or below ``public_at_most`` is public; one's own, and a hand a
    team-mate may see, are known too."""
    if viewer == seat or (rule.public_at_most is not None and count <= rule.public_at_most):
        return True
    return hand_visible(rule, viewer, seat, count)


def hand_visible(rule: Reporting, viewer: int, seat: int, count: int) -> bool:
    """看牌 (青岛): team-mates see a hand at or below ``teammate_view_at_most`` cards."""
    if viewer == seat:
        return True
    limit = rule.teammate_view_at_most
    return limit is not None and viewer % 2 == seat % 2 and count <= limit
