"""The ``reporting`` component: which hand counts (报牌) and hands (看牌, 挑牌) a seat may see."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..rules import Reporting


def count_visible(rule: Reporting, viewer: int, seat: int, count: int, shown: bool = False,
                  told: int | None = None) -> bool:
    """报牌 (第十四条): a count at or below ``public_at_most`` is public ('shown'), or, under
    'when-asked', once it has been ``told`` in answer to a question and not changed since; one's
    own, and a hand a team-mate may see, are known too."""
    if viewer == seat or (reportable(rule, count) and (rule.report_counts == "shown" or told == count)):
        return True
    return hand_visible(rule, viewer, seat, count, shown)


def reportable(rule: Reporting, count: int) -> bool:
    """A hand of ``count`` cards is at or below the 报牌 limit."""
    return rule.public_at_most is not None and count <= rule.public_at_most


def to_ask(rule: Reporting, asker: int, counts: Sequence[int], told: Sequence[int | None],
           in_play: Sequence[bool]) -> list[int]:
    """问张数 ('when-asked', 第十四条 任何人询问其手中持牌数量时，应如实报明 … 持牌人有权不主动报户):
    the seats ``asker`` would learn something from by asking now: the others in play at or below
    the limit whose current count has not been told. Under 'shown' there is nothing to ask."""
    if rule.report_counts != "when-asked":
        return []
    return [seat for seat, count in enumerate(counts)
            if seat != asker and in_play[seat] and reportable(rule, count) and told[seat] != count]


def hand_visible(rule: Reporting, viewer: int, seat: int, count: int, shown: bool = False) -> bool:
    """看牌 (青岛): team-mates see a hand at or below ``teammate_view_at_most`` cards; 挑牌: they
    see a hand its holder has ``shown``, whatever its size."""
    if viewer == seat:
        return True
    if viewer % 2 != seat % 2:
        return False
    limit = rule.teammate_view_at_most
    return shown or (limit is not None and count <= limit)


def may_tiaopai(rule: Reporting, seat: int, shown: Collection[int], bie3: bool = False) -> bool:
    """挑牌 (第十五条 持牌人自认为手中所有牌可一次发尽时，可提出由本方其他持牌人确定发牌顺序): with
    ``tiaopai``, a seat at its lead may show its hand to its team-mates, once. Whether it could
    really go out at once is its own judgement (自认为) and is not checked. On a digital table
    the team-mates then see the hand for the rest of the game and may hint; the holder still
    plays its own cards (what cannot go out stays in its hand, as 第十五条 says). Never under
    憋3 (第二十六条(四) 不挑牌; the compiler refuses such a ruleset, a ruleset built in code may not)."""
    return rule.tiaopai and not bie3 and seat not in shown
