"""The ``kaidian`` component: 开点 under 打点, the declarations 明点 / 预点, and the 点贡 they settle
(第二十四条, 000:125-126, 000:153-166, 001:46-51, 002, 003:52-53).

Readings named here:

* A 够级 play *lives* when the round ends with it on top (nobody beat it); that is when it
  counts, so a play still on the table when its player's deadline passes does not.
* ``opens_with`` kinds: ``big-joker`` a play with a 大王; ``small-joker`` with a 小王 and no
  大王; ``twos`` a play of 2s or with 2s attached (贴钱); ``pair-of-twos`` a play of 2s only,
  at least two of them (聊城 "俩2也开点"); ``pure`` no 2s and no jokers (纯够级牌).
* ``then_four``: the play that lived only opens if its player's next lead is a play of 4s
  without 2s or jokers (000:127, 济宁); any other lead loses that chance.
* ``fours_after_open`` (落四, 开点冲四): a play of 4s (with or without 2s or jokers) by a seat
  that has not opened (and is not confirming with it) gives up 开点 for the game (003:53 "开点前把4
  打出 … 视同于主动放弃开点", 002 "否则视为不开点"). 开点冲四's "4与带2、黑鬼、红鬼一同打出", before
  or after opening, and "没有4" are ``penalties.forfeits`` ('4 with 2 or joker -> 不开点', 'no 4 -> 不开点').
* A declaration's stakes replace the plain penalty in that direction: the declarer eats
  ``win`` from a 对头 who did not open, or pays ``lose`` to a 对头 who did; the declarer's own
  opening is settled as usual. With a ``xuandian_table`` each 对头 pair pays by the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, cast

from mypy_extensions import mypyc_attr

from ..ruleset.cards import FOUR, TWO
from ..ruleset.rules import Kaidian, Outcomes
from .notes import Mark, Note
from .plays import Combo
from .table import LEAD, MINGDIAN, YUDIAN, Area, Slot, Table
from .tribute import Due
from .turns import duitou

Declaration = Literal["mingdian", "yudian"]
PAIRS: Final = ((0, 3), (1, 4), (2, 5))


def kinds(play: Combo) -> frozenset[str]:
    """The ``opens_with`` kinds ``play`` belongs to (a 王中王 play counts with the 大王 plays)."""
    if play.big or play.top:
        return frozenset({"big-joker"})
    if play.small:
        return frozenset({"small-joker"})
    if play.base == TWO:
        return frozenset({"twos", "pair-of-twos"} if play.twos >= 2 else {"twos"})
    return frozenset({"twos"}) if play.twos else frozenset({"pure"})


def opens(rule: Kaidian, play: Combo, led: bool, on_gouji: bool) -> bool:
    """Whether ``play``, a 够级 play that lived, counts towards 开点 (``answering``: led plays
    only, plays made on another's play only, or not when it was played onto a 够级 play)."""
    if not kinds(play) & set(rule.opens_with):
        return False
    if rule.answering in ("leads-only", "answers-only"):
        return led == (rule.answering == "leads-only")
    return not (rule.answering == "not-on-gouji" and on_gouji)


def confirms(play: Combo) -> bool:
    """``then_four``: a lead of 4s without 2s or jokers confirms the opening."""
    return play.base == FOUR and not play.twos and not play.has_jokers


def deadline_passed(rule: Kaidian, seat: int, finished: Sequence[int]) -> bool:
    """第二十四条: 头科 and 头科's 对头 must open before 头科 goes out, everyone else before 二科
    ('dagang'); or all before 头科 ('first-out', 后水湾)."""
    if not finished:
        return False
    if rule.deadline == "first-out" or seat in (finished[0], duitou(finished[0])):
        return True
    return len(finished) >= 2


def needed(rule: Kaidian, seat: int, revolutionaries: Sequence[int]) -> int:
    """How many qualifying plays must live: one, or ``revolution_duitou_gousiji`` for a
    revolutionary's 对头 (第二十四条 end: "够死级三把")."""
    return rule.revolution_duitou_gousiji if duitou(seat) in revolutionaries else 1


def stakes(rule: Kaidian, declared: Declaration) -> tuple[int, int]:
    chosen = rule.mingdian if declared == "mingdian" else rule.yudian
    assert chosen is not None
    return chosen.win, chosen.lose


def dues(rule: Kaidian, opened: Sequence[bool], declared: Sequence[Declaration | None]) -> list[Due]:
    """The 点贡 owed after a game: each pair of 对头 settles by the table or by penalty and stakes."""
    owed: list[Due] = []
    for first, second in PAIRS:
        if rule.xuandian_table is not None:
            owed += _by_table(rule, first, second, opened, declared)
            continue
        for seat in (first, second):
            opposite = duitou(seat)
            if declared[seat] is not None:
                win, lose = stakes(rule, declared[seat])  # type: ignore[arg-type]
                owed.append(Due("dian", seat, opposite, lose, False) if opened[opposite]
                            else Due("dian", opposite, seat, win, False))
            elif not opened[opposite]:
                owed.append(Due("dian", opposite, seat, rule.penalty, False))
    return [due for due in owed if due.count]


def _by_table(rule: Kaidian, first: int, second: int, opened: Sequence[bool],
              declared: Sequence[Declaration | None]) -> list[Due]:
    """000:153-166: who declared picks the part of the table (the declarer is 'first' when only one
    did), who opened picks the row; each row is what ``[first, second]`` pay the other."""
    table = rule.xuandian_table
    assert table is not None
    if declared[first] and declared[second]:
        part = table.both_declared
    elif declared[first] or declared[second]:
        part = table.one_declared
        if declared[second]:
            first, second = second, first
    else:
        part = table.neither_declared
    row = _row(part, opened[first], opened[second])
    return [Due("dian", first, second, row[0], False), Due("dian", second, first, row[1], False)]


def _row(part: Outcomes, first_opened: bool, second_opened: bool) -> tuple[int, ...]:
    if first_opened and second_opened:
        return part.both_opened
    if first_opened:
        return part.only_first_opened
    if second_opened:
        return part.only_second_opened
    return part.neither_opened


@mypyc_attr(allow_interpreted_subclasses=True)
class KaidianArea(Area):
    """开点 in play: the 宣点 offers (预点 before the deal is seen, 明点 before the first play), which
    plays lived and count, then_four, 落四, and the 点贡 at the end. Hooks: :meth:`yudian_slots`,
    :meth:`mingdian_slots`, :meth:`declare`, :meth:`on_play`, :meth:`lived`, :meth:`give_up`, :meth:`dues`."""

    __slots__ = ("lived_plays", "opened", "gave_up", "four_due", "declared", "top_led", "top_on_gouji")

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        seats = len(table.hands)
        self.lived_plays = [0] * seats  # 够级 plays that lived and count towards 开点
        self.opened = [False] * seats
        self.gave_up = [False] * seats  # 落四: played 4s before opening; forfeits
        self.four_due = [False] * seats  # then_four: the next lead must be 4s
        self.declared: list[Declaration | None] = [None] * seats
        self.top_led = False
        self.top_on_gouji = False

    def copy(self, table: Table) -> KaidianArea:
        twin = cast(KaidianArea, super().copy(table))
        twin.lived_plays, twin.opened, twin.gave_up = list(self.lived_plays), list(self.opened), list(self.gave_up)
        twin.four_due, twin.declared = list(self.four_due), list(self.declared)
        twin.top_led, twin.top_on_gouji = self.top_led, self.top_on_gouji
        return twin

    def yudian_slots(self) -> list[Slot]:
        """预点: every seat, from the leader on, before seeing its hand."""
        rule = self.rules.kaidian
        if rule.enabled and rule.yudian is not None:
            return [(YUDIAN, seat) for seat in self.table.from_leader()]
        return []

    def mingdian_slots(self) -> list[Slot]:
        """明点 (第二十四条): after tribute, before the first play, seats in play that have not declared."""
        rule, table = self.rules.kaidian, self.table
        if rule.enabled and rule.mingdian is not None:
            return [(MINGDIAN, seat) for seat in table.from_leader()
                    if table.in_play[seat] and self.declared[seat] is None]
        return []

    def declare(self, seat: int, kind: int, notes: list[Note]) -> None:
        self.declared[seat] = "yudian" if kind == YUDIAN else "mingdian"
        self.table.stats["declarations"] += 1
        notes.append(Mark.YUDIAN if kind == YUDIAN else Mark.MINGDIAN)

    def give_up(self, seat: int) -> None:
        """开点 given up for this game (落四, a forfeit), even if opened."""
        if not self.gave_up[seat]:
            self.gave_up[seat] = True
            self.table.count("gave_up_kaidian", seat)
        self.opened[seat] = False

    def on_play(self, seat: int, combo: Combo, kind: int) -> None:
        """开点 bookkeeping for a play: what it is played on, then_four and 落四."""
        rule, table = self.rules.kaidian, self.table
        self.top_led = kind == LEAD
        self.top_on_gouji = table.top is not None and table.is_gouji(table.top)
        if self.four_due[seat] and kind == LEAD:
            self.four_due[seat] = False
            if confirms(combo) and not deadline_passed(rule, seat, table.finished):
                self.opened[seat] = True
                return
        if rule.fours_after_open and combo.base == FOUR and not self.opened[seat] and not self.gave_up[seat]:
            self.gave_up[seat] = True
            table.count("gave_up_kaidian", seat)

    def lived(self, player: int) -> None:
        """A 够级 play lived (nobody beat it): it counts towards its player's 开点 if it qualifies."""
        rule, table = self.rules.kaidian, self.table
        top = table.top
        assert top is not None
        if table.turns.luanchan or self.opened[player] or self.gave_up[player] \
                or not table.is_gouji(top) \
                or deadline_passed(rule, player, table.finished) \
                or not opens(rule, top, self.top_led, self.top_on_gouji):
            return
        if rule.then_four and table.in_play[player]:
            self.four_due[player] = True
            return
        self.lived_plays[player] += 1
        if self.lived_plays[player] >= needed(rule, player, table.revolutionaries):
            self.opened[player] = True

    def dues(self) -> list[Due]:
        """At the end: revolutionaries open if the rules say so; the 点贡 owed."""
        rule, table = self.rules.kaidian, self.table
        for seat in table.revolutionaries:
            self.opened[seat] = self.opened[seat] or rule.revolution_opens
        for seat, opened in enumerate(self.opened):
            if not opened:
                table.count("kaidian_failures", seat)
        return dues(rule, self.opened, self.declared)
