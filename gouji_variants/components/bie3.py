"""The ``bie3`` component: 憋3 / 冲三 — 3s are each player's last play, all together and never
decorated; 买3 before the first play; 闷 when the play before one's 3s is beaten (第二十六条,
000:140-142, 001:46, 002, 003:50-54).

Readings named here:

* 买3 is paid with the first kind of ``pay_with`` held (by default a 2, else the cheaper joker:
  小王 before 大王); the seller must keep at least one (so needs two or more). ``buy_from`` lists
  the sources asked, in order (对门, 联邦 = one's own team-mates, 上下家 = the 对门's team-mates),
  each group in play order; a source marked 赠 gives the card unpaid, so a seat with nothing to
  pay can still get one from it, and under ``nothing_to_pay: free`` any source does. A source may
  be one seat (上家, 下家, 上手联邦, 下手联邦), asked apart. Buyers are served from the leader on (or
  ``buyers_order: by-seat`` from seat 0), each in turn down its sources, or (``buyers_served:
  source-by-source``) all asking their first source before anyone asks a second.
  Revolutionaries neither buy nor sell.
* A seat that cannot buy (nothing to pay with, or nobody with a spare) plays without the
  rank: nothing constrains its last play.
* 大小王不出手 (后水湾): a seat whose hand, after a play, is jokers and nothing else but 3s is
  ranked 大落 at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from mypy_extensions import mypyc_attr

from ..ruleset.cards import BIG_JOKER, FOUR, JOKERS, SMALL_JOKER, THREE, TOP_JOKER, TWO, Cards
from ..ruleset.rules import Bie3
from .notes import Bought, Mark, Note, Stifled
from .table import Area, Counts, Table, Transfer
from .tribute import Due
from .turns import ORDER, duitou

#: The cards ``bie3.pay_with`` names, by name.
PAYMENT: Final = {"twos": TWO, "small-joker": SMALL_JOKER, "big-joker": BIG_JOKER, "top-joker": TOP_JOKER}


def payments(rule: Bie3) -> list[int]:
    """The ranks that pay for a bought card, first to last."""
    return [PAYMENT[name] for name in rule.pay_with]


def source_groups(rule: Bie3, seat: int, in_play: Sequence[bool]) -> list[list[tuple[int, bool]]]:
    """Whom ``seat`` asks, source by source (each in play order), each seat with whether it gives (赠)."""
    opposite = duitou(seat)
    after = ORDER[seat]  # 下家, 下手联邦, 对门, 上手联邦, 上家
    groups = {
        "duitou": [opposite],
        "team": [other for other in after if other % 2 == seat % 2],
        "neighbours": [other for other in after if other % 2 == opposite % 2 and other != opposite],
        "next": [after[0]],
        "next-mate": [after[1]],
        "previous-mate": [after[-2]],
        "previous": [after[-1]],
    }
    return [[(other, gives) for other in groups[source] if in_play[other]] for source, gives in rule.buy_from.sources]


def sellers(rule: Bie3, seat: int, in_play: Sequence[bool]) -> list[tuple[int, bool]]:
    """Whom ``seat`` asks to buy from, in order, each with whether it gives (赠) rather than sells."""
    return [asked for group in source_groups(rule, seat, in_play) for asked in group]


def buy(rule: Bie3, hands: list[list[int]], seat: int, rank: int,
        asked: Sequence[tuple[int, bool]]) -> tuple[int, int | None] | None:
    """Buy one card of ``rank`` for ``seat`` if it has none, from the first of ``asked`` with one to
    spare: moves the cards and returns ``(seller, payment rank)`` (None when unpaid), or None when
    nothing was bought."""
    hand = hands[seat]
    if hand[rank]:
        return None
    payment = next((card for card in payments(rule) if hand[card]), None)
    free = payment is None and rule.nothing_to_pay == "free"
    seller, gives = next(((other, gives) for other, gives in asked
                          if hands[other][rank] >= 2 and (gives or free or payment is not None)), (None, False))
    if seller is None:
        return None
    if not gives and payment is not None:
        hand[payment] -= 1
        hands[seller][payment] += 1
    hands[seller][rank] -= 1
    hand[rank] += 1
    return seller, None if gives else payment


def splits_threes(hand: Sequence[int], counts: Sequence[int]) -> bool:
    """A play with 3s that is not the whole hand: 3s go all together, as the last play."""
    return bool(counts[THREE]) and tuple(counts) != tuple(hand)


def only_threes(hand: Sequence[int]) -> bool:
    """The hand is 3s and nothing else: its next play is its last (闷 if the play before is beaten)."""
    return bool(hand[THREE]) and not any(count for rank, count in enumerate(hand) if rank != THREE)


_THREES_AND_JOKERS: Final = (THREE, *JOKERS)


def stuck_with_jokers(hand: Sequence[int]) -> bool:
    """大小王不出手: jokers are left and nothing else but 3s."""
    return any(hand[joker] for joker in JOKERS) and not any(
        count for rank, count in enumerate(hand) if rank not in _THREES_AND_JOKERS)


@mypyc_attr(allow_interpreted_subclasses=True)
class Bie3Area(Area):
    """憋3 in play: the 3s led last, 买3 / 买4 before the first play, 闷 (stifling), 大小王不出手, and
    the 闷贡 and 憋王贡 owed at the end. Hooks: :meth:`splits_threes`, :meth:`buy_all`, :meth:`stifle`,
    :meth:`stuck`, :meth:`dues`."""

    __slots__ = ("stifler",)

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.stifler = [-1] * len(table.hands)  # who beat the play before a seat's 3s

    def copy(self, table: Table) -> Bie3Area:
        twin = cast(Bie3Area, super().copy(table))
        twin.stifler = list(self.stifler)
        return twin

    def splits_threes(self, seat: int, counts: Counts) -> bool:
        """Whether ``seat`` leading ``counts`` breaks 憋3's rule: 3s go all together, as the last play
        (asked of every lead under 憋3; the seat's view lists its leads checked with it when the area
        is replaced)."""
        return splits_threes(self.table.hands[seat], counts)

    def buy_all(self) -> None:
        """买3, then 买4 if the rules say so (第二十六条(二))."""
        self.buy_rank(THREE)
        if self.rules.bie3.buy_fours:
            self.buy_rank(FOUR)

    def buy_rank(self, rank: int) -> None:
        """Every seat in play without the rank buys one, from the leader on (``by-seat``: from seat 0): each
        in turn down its sources, or under ``source-by-source`` source by source."""
        table, rule = self.table, self.rules.bie3
        rounds = len(rule.buy_from.sources) if rule.buyers_served == "source-by-source" else 1
        buyers = table.from_leader() if rule.buyers_order == "from-leader" else tuple(range(len(table.hands)))
        for round_ in range(rounds):
            for seat in buyers:
                if not table.in_play[seat]:
                    continue
                if rounds == 1:
                    asked = sellers(rule, seat, table.in_play)
                else:
                    asked = source_groups(rule, seat, table.in_play)[round_]
                bought = buy(rule, table.hands, seat, rank, asked)
                if bought is not None:
                    seller, payment = bought
                    table.transfers.append(Transfer("buy", seller, seat, 1, Cards.of((rank,))))
                    if payment is not None:
                        table.transfers.append(Transfer("pay", seat, seller, 1, Cards.of((payment,))))
                    table.stats["bought"] += 1
                    table.emit(seat, (Bought(rank, seller, payment),))

    def stifle(self, seat: int, notes: list[Note]) -> None:
        """Beating the play before someone's 3s stifles them (闷)."""
        table = self.table
        stifled = table.top_seat
        if table.top is not None and stifled != seat and table.in_play[stifled] \
                and only_threes(table.hands[stifled]):
            self.stifler[stifled] = seat
            table.count("men", stifled)
            notes.append(Stifled(stifled))
            table.rank_now(stifled, stifled=True)

    def stuck(self, seat: int, notes: list[Note]) -> None:
        """大小王不出手 (``jokers_last_is_dalu``): left with jokers only, ranked 大落 at once."""
        if self.rules.bie3.jokers_last_is_dalu and stuck_with_jokers(self.table.hands[seat]):
            self.table.count("stuck_jokers", seat)
            self.table.places.rank_at_once(seat, notes, Mark.STUCK_JOKERS)

    def dues(self, places: Sequence[int]) -> list[Due]:
        """闷贡 to the stifler; 憋王贡: a seat still holding jokers at the end pays its 对头 or 头科
        (``tribute.biewang_to``) ``biewang_cards``, or one card per joker held."""
        table, rule = self.table, self.rules.tribute
        owed = [Due("men", seat, self.stifler[seat], rule.men_cards, False) for seat in table.men if rule.men_cards]
        for seat in range(len(table.hands)):
            jokers = sum(table.hands[seat][joker] for joker in JOKERS)
            receiver = duitou(seat) if rule.biewang_to == "duitou" else places.index(0)
            if jokers and receiver != seat:
                owed.append(Due("biewang", seat, receiver, rule.biewang_cards or jokers, False))
        return owed
