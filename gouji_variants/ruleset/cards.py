"""Cards as rank-count vectors, and the card notation (parse and print losslessly)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar, Final

from lark import Token, Tree

from . import grammar
from .errors import InvalidCards

#: Ranks from lowest to highest; suits never matter in 够级.
#: ``W`` (王中王) is a joker above 大王 that some tables add to the deck; the standard deck has none.
RANK_SYMBOLS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "B", "R", "W")
RANK_NAMES_ZH: tuple[str, ...] = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "小王", "大王", "王中王",
)
RANK_NAMES_EN: tuple[str, ...] = (
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "small joker", "big joker", "super joker",
)
# The number of ranks and the indices of named ones in RANK_SYMBOLS (literals, which the compiled
# core inlines; tests/test_cards.py checks them against RANK_SYMBOLS).
N_RANKS: Final = 16
THREE: Final = 0
FOUR: Final = 1
FIVE: Final = 2
TEN: Final = 7
ACE: Final = 11
TWO: Final = 12
SMALL_JOKER: Final = 13
BIG_JOKER: Final = 14
TOP_JOKER: Final = 15
JOKERS: Final = (SMALL_JOKER, BIG_JOKER, TOP_JOKER)

_NOTATION = ("cards", ("start",))


def rank_index(token: Token) -> int:
    """The rank index of one ``card`` token of either grammar."""
    if token.type == "SMALL_JOKER":
        return SMALL_JOKER
    if token.type == "BIG_JOKER":
        return BIG_JOKER
    if token.type == "TOP_JOKER":
        return TOP_JOKER
    if token.type == "TEN":
        return TEN
    return RANK_SYMBOLS.index(str(token).upper())


def card_tokens(tree: Tree[Token]) -> Iterator[Token]:
    """Every card token under ``tree`` (each ``card`` node holds one)."""
    if tree.data == "card":
        token = tree.children[0]
        assert isinstance(token, Token)
        yield token
        return
    for child in tree.children:
        if isinstance(child, Tree):
            yield from card_tokens(child)


@dataclass(frozen=True, slots=True)
class Cards:
    """A multiset of cards: ``counts[rank]`` copies of each rank, lowest rank first.

    The rank order (index: symbol) is the order of strength in 够级, suits never matter:
    0 ``3``, 1 ``4``, 2 ``5``, … 7 ``T`` (10), 8 ``J``, 9 ``Q``, 10 ``K``, 11 ``A``, 12 ``2``,
    13 ``B`` 小王, 14 ``R`` 大王, 15 ``W`` 王中王 (:data:`RANK_SYMBOLS`; named indices
    :data:`THREE`, :data:`TWO`, :data:`SMALL_JOKER` …). ``str`` prints the notation, lowest
    first (``Cards.parse("B888")`` prints ``888B``); ``a <= b`` is "every card of a is in b".
    """

    counts: tuple[int, ...]

    EMPTY: ClassVar[Cards]

    def __post_init__(self) -> None:
        counts = self.counts
        if type(counts) is not tuple or len(counts) != N_RANKS \
                or not all(type(c) is int and c >= 0 for c in counts):
            shown = repr(counts)
            shown = shown if len(shown) <= 120 else shown[:117] + "..."
            raise InvalidCards(f"a card vector is a tuple of {N_RANKS} non-negative integers (bools and "
                               f"fractions are refused), got {shown}")

    @classmethod
    def unchecked(cls, counts: tuple[int, ...]) -> Cards:
        """A :class:`Cards` for a vector the engine built itself (16 non-negative ints), unchecked:
        observations copy hands at every decision."""
        cards = object.__new__(cls)
        object.__setattr__(cards, "counts", counts)
        return cards

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Parse the card notation: one symbol per card, in any order, case-insensitive, spaces
        ignored: ``3``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``, ``2``, ``B`` or ``小王``,
        ``R`` or ``大王``, ``W`` or ``王中王`` — ``Cards.parse("888 b")`` is three 8s and a 小王
        (docs/notation.md has every spelling). Raises :class:`grammar.NotationError` naming the column."""
        tree = grammar.load(*_NOTATION).parse(text, "start")
        return cls.of(rank_index(token) for token in card_tokens(tree))

    @classmethod
    def of(cls, ranks: Iterable[int]) -> Cards:
        counts = [0] * N_RANKS
        for rank in ranks:
            if type(rank) is not int or not 0 <= rank < N_RANKS:
                raise InvalidCards(f"a rank index is an integer from 0 to {N_RANKS - 1}, got {rank!r}")
            counts[rank] += 1
        return cls(tuple(counts))

    def __str__(self) -> str:
        return "".join(symbol * count for symbol, count in zip(RANK_SYMBOLS, self.counts, strict=True))

    def __len__(self) -> int:
        return sum(self.counts)

    def __getitem__(self, rank: int) -> int:
        return self.counts[rank]

    def __add__(self, other: Cards) -> Cards:
        return Cards(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def __sub__(self, other: Cards) -> Cards:
        return Cards(tuple(a - b for a, b in zip(self.counts, other.counts, strict=True)))

    def __le__(self, other: Cards) -> bool:
        """Sub-multiset: every card of ``self`` is in ``other``."""
        return all(a <= b for a, b in zip(self.counts, other.counts, strict=True))

    def ranks(self) -> list[int]:
        """The ranks present, lowest first."""
        return [rank for rank, count in enumerate(self.counts) if count]

    def describe(self, lang: str = "en") -> str:
        """Readable grouped form: ``3×8 + 小王``."""
        names = RANK_NAMES_ZH if lang == "zh" else RANK_NAMES_EN
        parts = [f"{count}×{names[rank]}" if count > 1 else names[rank]
                 for rank, count in enumerate(self.counts) if count]
        return " + ".join(parts)


Cards.EMPTY = Cards((0,) * N_RANKS)
