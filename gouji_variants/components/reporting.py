"""The ``reporting`` component: which hand counts (报牌) and hands (看牌, 挑牌) a seat may see."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final, cast

from mypy_extensions import mypyc_attr

from ..ruleset.rules import Reporting
from .notes import Mark, Note, Told
from .table import BEATING, LEAD, Area, Table


def count_visible(rule: Reporting, viewer: int, seat: int, count: int, shown: bool = False,
                  told: int | None = None) -> bool:
    """报牌 (第十四条): a count at or below ``public_at_most`` is public ('shown'), or, under
    'when-asked', once it has been ``told`` in answer to a question and not changed since; one's
    own, and a hand a team-mate may see, are known too."""
    if viewer == seat or (reportable(rule, count) and (rule.report_counts == "shown" or told == count)):
        return True
    return hand_visible(rule, viewer, seat, count, shown)


def counts_known(rule: Reporting, viewer: int, counts: Sequence[int], shown: Collection[int],
                 told: Sequence[int | None]) -> tuple[int | None, ...]:
    """Each of ``counts`` as ``viewer`` may know it, None where it may not (:func:`count_visible`
    for every seat at once)."""
    return tuple(count if count_visible(rule, viewer, seat, count, seat in shown, told[seat]) else None
                 for seat, count in enumerate(counts))


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


def hands_known(rule: Reporting, viewer: int, hands: Sequence[Sequence[int]],
                shown: Collection[int]) -> tuple[tuple[int, ...] | None, ...]:
    """Each hand as ``viewer`` may see it, None where it may not (:func:`hand_visible` for every seat
    at once)."""
    return tuple(tuple(hand) if hand_visible(rule, viewer, seat, sum(hand), seat in shown) else None
                 for seat, hand in enumerate(hands))


def may_tiaopai(rule: Reporting, seat: int, shown: Collection[int], bie3: bool = False) -> bool:
    """挑牌 (第十五条 持牌人自认为手中所有牌可一次发尽时，可提出由本方其他持牌人确定发牌顺序): with
    ``tiaopai``, a seat at its lead may show its hand to its team-mates, once. Whether it could
    really go out at once is its own judgement (自认为) and is not checked. On a digital table
    the team-mates then see the hand for the rest of the game and may hint; the holder still
    plays its own cards (what cannot go out stays in its hand, as 第十五条 says). Never under
    憋3 (第二十六条(四) 不挑牌; the compiler refuses such a ruleset, a ruleset built in code may not)."""
    return rule.tiaopai and not bie3 and seat not in shown


ASKING: Final = (LEAD, *BEATING)  # the decisions at which a seat may ask


@mypyc_attr(allow_interpreted_subclasses=True)
class ReportingArea(Area):
    """报牌, 看牌 and 挑牌 in play: hands shown by 挑牌, counts told on asking, and what each seat
    sees of the others. Hooks: :meth:`may_tiaopai`, :meth:`tiaopai`, :meth:`to_ask`, :meth:`ask`,
    :meth:`counts_seen`, :meth:`hands_seen`."""

    __slots__ = ("shown", "told")

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.shown: list[int] = []  # seats that declared 挑牌: their team-mates see their hands
        self.told: list[int | None] = [None] * len(table.hands)  # 'when-asked': the count last told

    def copy(self, table: Table) -> ReportingArea:
        twin = cast(ReportingArea, super().copy(table))
        twin.shown, twin.told = list(self.shown), list(self.told)
        return twin

    def may_tiaopai(self, seat: int) -> bool:
        return may_tiaopai(self.rules.reporting, seat, self.shown, self.rules.bie3.enabled)

    def tiaopai(self, seat: int, notes: list[Note]) -> None:
        """挑牌: the hand is shown; showing it does not use up the lead."""
        self.shown.append(seat)
        self.table.slots.insert(0, (LEAD, seat))
        notes.append(Mark.TIAOPAI)

    def to_ask(self, seat: int, deciding: bool = True) -> list[int]:
        """问张数: whose counts ``seat`` would be told by asking now; only at its own playing decision
        (``deciding``: not yet taken off the slots)."""
        table = self.table
        if self.rules.reporting.report_counts != "when-asked" or deciding and table.kind_at(seat) not in ASKING:
            return []
        counts = [sum(hand) for hand in table.hands]
        return to_ask(self.rules.reporting, seat, counts, self.told, table.in_play)

    def ask(self, seat: int, kind: int, notes: list[Note]) -> None:
        """The counts are told, in public; asking does not use up the decision."""
        table = self.table
        for other in self.to_ask(seat, deciding=False):
            self.told[other] = count = sum(table.hands[other])
            notes.append(Told(other, count))
        table.slots.insert(0, (kind, seat))

    def counts_seen(self, seat: int) -> tuple[int | None, ...]:
        """Each hand's count as ``seat`` may know it (None: not known). A replaced area's answer is what
        the seat's observation shows (the built-in observation works this answer out when it is built)."""
        return counts_known(self.rules.reporting, seat, [sum(hand) for hand in self.table.hands], self.shown,
                            self.told)

    def hands_seen(self, seat: int) -> tuple[bool, ...]:
        """Which hands ``seat`` may see (its observation's hands, as :meth:`counts_seen` says)."""
        return tuple(hand is not None for hand in hands_known(self.rules.reporting, seat, self.table.hands, self.shown))
