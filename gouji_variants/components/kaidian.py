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
from typing import Literal

from ..cards import FOUR, TWO
from ..rules import Kaidian, Outcomes
from .plays import Play
from .tribute import Due
from .turns import duitou

Declaration = Literal["mingdian", "yudian"]
PAIRS = ((0, 3), (1, 4), (2, 5))


def kinds(play: Play) -> frozenset[str]:
    """The ``opens_with`` kinds ``play`` belongs to (a 王中王 play counts with the 大王 plays)."""
    if play.big or play.top:
        return frozenset({"big-joker"})
    if play.small:
        return frozenset({"small-joker"})
    if play.base == TWO:
        return frozenset({"twos", "pair-of-twos"} if play.twos >= 2 else {"twos"})
    return frozenset({"twos"}) if play.twos else frozenset({"pure"})


def opens(rule: Kaidian, play: Play, led: bool, on_gouji: bool) -> bool:
    """Whether ``play``, a 够级 play that lived, counts towards 开点 (``answering``: led plays
    only, plays made on another's play only, or not when it was played onto a 够级 play)."""
    if not kinds(play) & set(rule.opens_with):
        return False
    if rule.answering in ("leads-only", "answers-only"):
        return led == (rule.answering == "leads-only")
    return not (rule.answering == "not-on-gouji" and on_gouji)


def confirms(play: Play) -> bool:
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
