"""The ``tribute`` component: what is paid between games, by whom, to whom, and which cards
(第二十一条, 000:167-180)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, cast

from mypy_extensions import mypyc_attr

from ..ruleset.cards import BIG_JOKER, N_RANKS, SMALL_JOKER, TOP_JOKER, TWO, Cards
from ..ruleset.rules import Tribute
from .notes import Note, TributePaid, TributeReturned
from .score import swept
from .table import RETURN, Area, Slot, Table, Transfer
from .turns import duitou

#: Tribute cards, largest first (第二十一条(一)); an A is not one.
TRIBUTE_RANKS: Final = (TOP_JOKER, BIG_JOKER, SMALL_JOKER, TWO)
DALUO: Final = 5
ERLUO: Final = 4
TOUKE: Final = 0
ERKE: Final = 1


@dataclass(frozen=True)
class Due:
    """One tribute owed: ``count`` cards of ``kind`` from ``payer`` to ``receiver``."""

    kind: str
    payer: int
    receiver: int
    count: int
    returned: bool


@dataclass(frozen=True)
class BurnDue:
    """A successful burn of the last game: ``burned`` pays ``burner`` (double after 反烧)."""

    burner: int
    burned: int
    counter: bool


#: Tribute kinds the game itself works out (开点, 闷, 憋王), carried as :class:`Due` lists.
GAME_KINDS: Final = ("dian", "men", "biewang")


def dues(rule: Tribute, places: Sequence[int], burns: Sequence[BurnDue], owed: Sequence[Due] = ()) -> list[Due]:
    """Every tribute owed after a game with these places, in the ruleset's order.

    落贡: 大落 pays 头科 ``luo_cards[0]`` and 二落 pays 二科 ``luo_cards[1]``, waived within a team
    when ``waive_within_team`` (taken as always waived). After a 串三户, 'redeal' pays nothing
    and 'one-to-duitou' has each swept player pay their 对头 one card instead of 落贡, at the
    place of 清 in the order when it is listed (清贡), else of 落. 烧贡 comes from ``burns``;
    点贡, 闷贡 and 憋王贡 from ``owed``, worked out by the game.
    """
    if not rule.enabled:
        return []
    sweeper = swept(list(places))
    if sweeper is not None and rule.chuansanhu == "redeal":
        return []
    sweep_kind = "qing" if "qing" in rule.order.kinds else "luo"
    due: list[Due] = []
    for kind in rule.order.kinds:
        if kind == sweep_kind and sweeper is not None:
            due += [Due(kind, seat, duitou(seat), 1, rule.returned) for seat in range(6) if seat % 2 != sweeper]
        elif kind == "luo" and sweeper is None:
            pairs = ((DALUO, TOUKE, rule.luo_cards[0]), (ERLUO, ERKE, rule.luo_cards[1]))
            for payer_place, receiver_place, count in pairs:
                payer, receiver = places.index(payer_place), places.index(receiver_place)
                if count and not (rule.waive_within_team and payer % 2 == receiver % 2):
                    due.append(Due("luo", payer, receiver, count, rule.returned))
        elif kind == "shao":
            for burn in burns:
                count = rule.shao_cards * (2 if burn.counter else 1)
                if count:
                    due.append(Due("shao", burn.burned, burn.burner, count, False))
        elif kind in GAME_KINDS:
            due += [item for item in owed if item.kind == kind]
    return due


def pay(hand: Sequence[int], received: Sequence[int], count: int) -> tuple[int, ...]:
    """The cards paid: the largest tribute cards, up to ``count``, never one received as tribute
    (吃了不吐); fewer or none if the payer has fewer."""
    paid = [0] * N_RANKS
    left = count
    for rank in TRIBUTE_RANKS:
        take = min(left, hand[rank] - received[rank])
        if take > 0:
            paid[rank] = take
            left -= take
    return tuple(paid)


@mypyc_attr(allow_interpreted_subclasses=True)
class TributeArea(Area):
    """Tribute in play: paying what the last game left owed (by the tribute component's ``dues``
    and ``pay``) and the 还贡 that follow. Hooks: :meth:`pay_all`, :meth:`return_slots`,
    :meth:`owed_back`, :meth:`give_back`."""

    __slots__ = ("returns",)

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.returns: list[tuple[int, int, int]] = []  # (receiver, payer, count), in order

    def copy(self, table: Table) -> TributeArea:
        twin = cast(TributeArea, super().copy(table))
        twin.returns = list(self.returns)
        return twin

    def pay_all(self, places: Sequence[int], burns: Sequence[BurnDue], owed: Sequence[Due]) -> None:
        table = self.table
        policy = table.components.tribute
        hands = table.hands
        received = [[0] * N_RANKS for _ in hands]
        for due in policy.dues(self.rules.tribute, places, burns, owed):
            paid = policy.pay(hands[due.payer], received[due.payer], due.count)
            count = sum(paid)
            table.transfers.append(Transfer(due.kind, due.payer, due.receiver, count, Cards(paid)))
            for rank in range(N_RANKS):
                hands[due.payer][rank] -= paid[rank]
                hands[due.receiver][rank] += paid[rank]
                received[due.receiver][rank] += paid[rank]
            table.emit(due.payer, (TributePaid(due.kind, due.payer, due.receiver, Cards(paid)),))
            if due.returned and count:
                self.returns.append((due.receiver, due.payer, count))

    def return_slots(self) -> list[Slot]:
        return [(RETURN, receiver) for receiver, _, _ in self.returns]

    def owed_back(self) -> int:
        """How many cards the seat to return now owes."""
        return self.returns[0][2]

    def give_back(self, cards: Cards, notes: list[Note]) -> None:
        """还贡: the receiver gives ``cards`` back to the payer."""
        receiver, payer, _ = self.returns.pop(0)
        hands = self.table.hands
        self.table.transfers.append(Transfer("return", receiver, payer, len(cards), cards))
        for rank, count in enumerate(cards.counts):
            hands[receiver][rank] -= count
            hands[payer][rank] += count
        notes.append(TributeReturned(receiver, payer))
