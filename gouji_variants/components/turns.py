"""The ``turns`` component: seats, play order, who may follow or answer, 四人乱缠.

Seats 0-5 sit round the table; seat ``s + 1`` is the 下家 of ``s``, so play runs
0, 1, 2, 3, 4, 5 — the sources' counter-clockwise order (第八条(五)). Teams are
the even and the odd seats (联邦, seated alternately), and each seat's 对头 is the
one opposite, ``s + 3``.

Readings named here (000 = 《够级大纲》, 001 = the Q&A):

* 无头 applies to any seat whose 对头 is out of play (gone out, 革命 or 诈烧), not only
  头科's: with ``turns.wutou`` anyone may beat its 够级 plays in turn order and it may
  answer anyone's 够级 play (answer order is play order) unless it passed this round (a
  pass keeps only the right to answer one's own 对头); without it nobody answers them.
* 够死级: after a seat goes out in a place ``turns.gousiji`` lists (头科 and 二科 for true),
  its 对头's next 够级 play in that round has no answer (only a burn can take it); the chance
  lapses when the round ends. 四人乱缠 therefore starts with the next round after its condition
  is met.
"""

from __future__ import annotations

import typing
from collections.abc import Collection, Sequence
from typing import Final, cast

from mypy_extensions import mypyc_attr

from ..ruleset.rules import GOUSIJI_DAGANG, KePlace, Turns
from .deck import SEATS
from .notes import Mark
from .plays import Combo
from .table import ANSWER, BEATING, FOLLOW, LEAD, YIELD_FOLLOW, YIELDED, Area, Slot, Table

KE_PLACES: Final[tuple[KePlace, ...]] = typing.get_args(KePlace)

#: ORDER[s]: the other seats in play order after s (下家 first).
ORDER: Final[tuple[tuple[int, ...], ...]] = tuple(
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


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnsArea(Area):
    """The round in play: who may act on a play and in what order (follow, answer, 无头, 够死级,
    四人乱缠), 让牌, 接风 and the end of a round. Hooks: :meth:`slots_after`, :meth:`may_yield`,
    :meth:`yield_to`, :meth:`may_request_jiefeng`, :meth:`new_round`, :meth:`round_over`, :meth:`on_out`."""

    __slots__ = ("gousiji", "luanchan", "luanchan_due")

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.gousiji: set[int] = set()  # seats whose next 够级 play this round has no answer
        self.luanchan = False
        self.luanchan_due = False

    def copy(self, table: Table) -> TurnsArea:
        twin = cast(TurnsArea, super().copy(table))
        twin.gousiji, twin.luanchan, twin.luanchan_due = set(self.gousiji), self.luanchan, self.luanchan_due
        return twin

    def slots_after(self, player: int, combo: Combo) -> list[Slot]:
        """Who may act on ``player``'s play, in order (000:115-122, 001 Q&A 4-12)."""
        table, rule = self.table, self.rules.turns
        in_play = table.in_play
        if self.luanchan:
            return [(FOLLOW, seat) for seat in luanchan_followers(rule, player, in_play)]
        opposite = duitou(player)
        burning = table.burning
        if burning.burner == player:
            slots = burning.offers(player, opposite) if self.rules.burning.counter_burn else []
            return slots + ([(ANSWER, opposite)] if in_play[opposite] else [])
        if table.is_gouji(combo):
            slots = burning.offers(player, opposite)
            if player in self.gousiji:  # 够死级: no 对头 answers it
                self.gousiji.discard(player)
                return slots
            if in_play[opposite]:
                return slots + [(ANSWER, seat) for seat in answerers(rule, player, in_play, table.passed)]
            return slots + (self.follow_slots(player) if rule.wutou else [])
        if table.on_yield:  # only the 对头 may beat a play made onto a yield (001 Q&A 6)
            return [(ANSWER, opposite)] if in_play[opposite] and may_follow(
                rule, opposite, player, table.passed) else []
        return self.follow_slots(player)

    def follow_slots(self, player: int) -> list[Slot]:
        table = self.table
        return [(FOLLOW, seat) for seat in ORDER[player]
                if table.in_play[seat] and may_follow(self.rules.turns, seat, player, table.passed)]

    def may_yield(self, seat: int) -> bool:
        table = self.table
        return (self.rules.turns.allow_yield and table.kind_at(seat) == FOLLOW and not self.luanchan
                and table.burning.burner is None and not table.on_yield and table.top_seat == duitou(seat)
                and bool(self.yield_targets(seat)))

    def yield_targets(self, seat: int) -> list[int]:
        """The next two seats in play after ``seat`` (not the 对头 who played), if they may follow."""
        table = self.table
        following = [other for other in ORDER[seat] if table.in_play[other] and other != table.top_seat][:2]
        return [other for other in following if may_follow(self.rules.turns, other, table.top_seat, table.passed)]

    def yield_to(self, seat: int) -> None:
        """让牌: the next two seats may beat the 对头's play, then ``seat`` beats it or passes."""
        table = self.table
        targets = self.yield_targets(seat)
        rest = [slot for slot in table.slots if slot[1] not in targets]
        table.slots[:] = [(YIELD_FOLLOW, other) for other in targets] + [(YIELDED, seat)] + rest

    def may_request_jiefeng(self, seat: int) -> bool:
        table, rule = self.table, self.rules.turns
        return rule.jiefeng == "on-request" and table.kind_at(seat) in BEATING and may_request_jiefeng(
            rule, seat, table.top_seat, table.in_play)

    def on_out(self, seat: int) -> None:
        """After ``seat`` went out: the 够死级 chance of its 对头, 四人乱缠 from the next round."""
        table = self.table
        opposite = duitou(seat)
        if gousiji_chance(self.rules.turns, len(table.finished)) and table.in_play[opposite]:
            self.gousiji.add(opposite)
        if luanchan_due(self.rules.turns, len(table.finished), len(table.revolutionaries)):
            self.luanchan_due = True

    def new_round(self) -> None:
        table = self.table
        table.passed.clear()
        self.gousiji.clear()
        table.round.clear()
        table.top = None
        table.top_seat = -1
        table.on_yield = False
        if self.luanchan_due and not self.luanchan:
            self.luanchan = True
            table.emit(-1, (Mark.LUANCHAN,))

    def round_over(self) -> None:
        """Nobody beat the top play: it lives; its player leads (a burner leads on), or 接风."""
        table = self.table
        player = table.top_seat
        if self.rules.kaidian.enabled:
            table.kaidian.lived(player)
        if table.burning.burner is not None and table.burning.burner == player:
            table.round.clear()
            table.top = None
            table.on_yield = False
            table.slots.append((LEAD, player))
            return
        self.new_round()
        if table.in_play[player]:
            table.slots.append((LEAD, player))
            return
        leader = next_in_play(player, table.in_play)
        assert leader is not None
        table.stats["jiefeng"] += 1
        table.emit(leader, (Mark.JIEFENG,))
        table.slots.append((LEAD, leader))
