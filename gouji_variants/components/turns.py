"""The ``turns`` component: seats, play order, who may follow or answer, 四人乱缠.

Seats 0-5 sit round the table; seat ``s + 1`` is the 下家 of ``s``, so play runs
0, 1, 2, 3, 4, 5 — the sources' counter-clockwise order (第八条(五)). Teams are
the even and the odd seats (联邦, seated alternately), and each seat's 对头 is the
one opposite, ``s + 3``.
"""

from __future__ import annotations

import typing
from collections.abc import Collection, Sequence

from ..rules import GOUSIJI_DAGANG, KePlace, Turns
from .deck import SEATS

KE_PLACES: tuple[KePlace, ...] = typing.get_args(KePlace)

#: ORDER[s]: the other seats in play order after s (下家 first).
ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple((seat + step) % SEATS for step in range(1, SEATS)) for seat in range(SEATS)
)


def duitou(seat: int) -> int:
    """The 对头: the seat opposite, each player's 够级 opponent."""
    return (seat + 3) % SEATS


def team(seat: int) -> int:
    return seat % 2


def next_in_play(seat: int, in_play: Sequence[bool]) -> int | None:
    """The first seat after ``seat`` still holding cards (for 接风 and the lead)."""
    for other in ORDER[seat]:
        if in_play[other]:
            return other
    return None


def may_request_jiefeng(rule: Turns, seat: int, player: int, in_play: Sequence[bool]) -> bool:
    """申请接风 ('on-request'; 001 Q&A 13 持牌人对上家的底牌可暂不上牌而申请由自己重新发牌 …
    如其余持牌人均同意, 002): ``player``'s last play (底牌: ``player`` is out of play) is on the
    table and ``seat``, the first seat in play after ``player``, may lead a new round instead of
    beating it. On a digital table the other players' consent is taken as granted."""
    return rule.jiefeng == "on-request" and player >= 0 and not in_play[player] \
        and next_in_play(player, in_play) == seat


def may_follow(rule: Turns, seat: int, player: int, passed: Collection[int]) -> bool:
    """过牌 (001 Q&A 5): a seat that passed this round may still answer its 对头's play, unless
    ``passed_answers_duitou`` is false (济宁 过牌后无权再出牌)."""
    return seat not in passed or (duitou(seat) == player and rule.passed_answers_duitou)


def answerers(rule: Turns, player: int, in_play: Sequence[bool], passed: Collection[int] = ()) -> list[int]:
    """Who may answer a 够级 play by ``player`` whose 对头 is in play, in play order: the 对头
    (unless it passed and ``passed_answers_duitou`` is false) and, under 无头, every seat whose
    own 对头 is out (it may beat anyone; 001 Q&A 11) unless it passed this round: 无头 gives it
    the others' powers (同样的职权), and a seat that passed keeps only the right to answer its
    own 对头 (001 Q&A 5, 000 俗语 过牌后此轮中即失去发言权)."""
    opposite = duitou(player)
    return [
        seat for seat in ORDER[player]
        if in_play[seat] and (may_follow(rule, seat, player, passed) if seat == opposite
                              else rule.wutou and not in_play[duitou(seat)] and seat not in passed)
    ]


def gousiji_chance(rule: Turns, finished: int) -> bool:
    """够死级 (001:30; 后水湾 002 头科 only): whether the ``finished``-th seat out (1 for 头科)
    leaves its 对头 one unanswerable 够级 play."""
    places = GOUSIJI_DAGANG if rule.gousiji is True else () if rule.gousiji is False else rule.gousiji
    return 0 < finished <= len(KE_PLACES) and KE_PLACES[finished - 1] in places


def luanchan_followers(rule: Turns, player: int, in_play: Sequence[bool]) -> list[int]:
    """Who may beat ``player``'s play in 四人乱缠, in order: every seat in play, in play order.

    抢垫 (``luanchan_cut_in``; 后水湾 002 四人乱弹，也应按顺序发牌，也可以在联邦的时候抢垫), read
    as: when a player's play is on the table, that player's team-mates still in play are asked
    first, in play order, whether to beat it, ahead of any opponent whose turn comes before
    theirs; a team-mate who declines the cut-in keeps its ordinary turn. Leading is unchanged.
    """
    order = [seat for seat in ORDER[player] if in_play[seat]]
    if not rule.luanchan_cut_in:
        return order
    first_opponent = next((index for index, seat in enumerate(order) if team(seat) != team(player)), len(order))
    return [seat for seat in order if team(seat) == team(player)] + order[first_opponent:]


def luanchan_due(rule: Turns, finished: int, revolutionaries: int) -> bool:
    """四人乱缠 (000:115, 001 Q&A 12): after 头科 and 二科, or with a revolutionary after 头科."""
    if rule.luanchan == "never":
        return False
    return finished >= 2 or (rule.luanchan_with_revolution and revolutionaries > 0 and finished >= 1)
