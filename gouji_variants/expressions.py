"""Typed values of the ruleset expressions, parsed by ``grammar/expressions.lark``.

Each value validates itself, prints back in a canonical form (``str``), and is
what the compiled ruleset and the engine use; rulesets never carry code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from lark import Token, Transformer, Tree, v_args

from . import grammar
from .cards import (
    BIG_JOKER,
    FOUR,
    JOKERS,
    N_RANKS,
    RANK_SYMBOLS,
    SMALL_JOKER,
    THREE,
    Cards,
    card_tokens,
    rank_index,
)
from .grammar import NotationError

_STARTS = ("thresholds", "kill", "tribute_order", "deck_recipe")
PLAYERS = 6
#: The deals a recipe may make (docs/untrusted-input.md): at most eight decks' worth, twice the standard
#: four, and at least one deck's ordinary cards (the 44 from 5 to 2): 3s and 4s have rules of their own
#: (会3, 憋3) that a deal of little else cannot play, and jokers cannot start the first-player draw.
MAX_DECKS = 8
MAX_CARDS = MAX_DECKS * 54
MIN_ORDINARY = 44


def _at(meta_holder: Tree[Token] | Token) -> int:
    column = getattr(meta_holder, "column", None)
    if column is None and isinstance(meta_holder, Tree):
        column = getattr(meta_holder.meta, "column", None)
    return int(column or 1)


@dataclass(frozen=True)
class Thresholds:
    """The smallest 够级 plays: a play is 够级 when some threshold has a rank at
    or below the play's rank and a count at or below the play's count."""

    KIND: ClassVar[str] = "thresholds"
    minimum: tuple[tuple[int, int], ...]  # (rank, count), highest rank first

    def __post_init__(self) -> None:
        ranks = [rank for rank, _ in self.minimum]
        if len(set(ranks)) != len(ranks):
            raise ValueError("a rank appears twice in the thresholds")
        if list(self.minimum) != sorted(self.minimum, key=lambda item: -item[0]):
            raise ValueError("list thresholds from the highest rank down, e.g. 'R, B, 2, AA, KK'")
        counts = [count for _, count in self.minimum]
        if counts != sorted(counts):
            raise ValueError(
                "thresholds must be monotone: a lower rank may not need fewer cards than a higher one"
            )

    def is_gouji(self, rank: int, count: int) -> bool:
        return any(rank >= low and count >= need for low, need in self.minimum)

    def __str__(self) -> str:
        return ", ".join(RANK_SYMBOLS[rank] * count for rank, count in self.minimum)


@dataclass(frozen=True)
class KillRule:
    """How a play carrying jokers may be beaten: ``TARGET [on 2] by [N]KILLER``.

    The killer carries at least ``ratio`` × (the target's ``target`` jokers) of
    ``killer`` jokers, has ``extra`` more cards than the target, and, unless
    ``any_rank``, a higher base rank."""

    KIND: ClassVar[str] = "kill"
    target: int
    killer: int
    ratio: int = 1
    extra: int = 0
    on_two: bool = False
    any_rank: bool = False

    def __post_init__(self) -> None:
        if self.target not in JOKERS or self.killer not in JOKERS:
            raise ValueError("kill rules name jokers: B (小王) or R (大王)")
        if not 1 <= self.ratio <= 9:
            raise ValueError("the multiplier must be between 1 and 9")

    def __str__(self) -> str:
        text = RANK_SYMBOLS[self.target] + (" on 2" if self.on_two else "")
        text += " by " + (str(self.ratio) if self.ratio > 1 else "") + RANK_SYMBOLS[self.killer]
        if self.extra:
            text += f", +{self.extra} card" + ("s" if self.extra > 1 else "")
        if self.any_rank:
            text += ", any rank"
        return text


TRIBUTE_KINDS: dict[str, tuple[str, str]] = {
    # id: (Chinese name, English name)
    "dian": ("点", "点贡 (not opened)"),
    "men": ("闷", "闷贡 (stifled 3s)"),
    "shao": ("烧", "烧贡 (burned)"),
    "luo": ("落", "落贡 (last places)"),
    "qing": ("清", "清贡 (team swept, 串三户)"),
    "biewang": ("憋王", "憋王贡 (left with jokers)"),
}
_KIND_SPELLINGS = {
    "点": "dian", "闷": "men", "掐": "men", "烧": "shao", "落": "luo", "拉": "luo", "清": "qing", "憋王": "biewang",
}


@dataclass(frozen=True)
class TributeOrder:
    """Which tribute kinds are paid, in payment order."""

    KIND: ClassVar[str] = "tribute_order"
    kinds: tuple[str, ...]

    def __post_init__(self) -> None:
        unknown = [kind for kind in self.kinds if kind not in TRIBUTE_KINDS]
        if unknown:
            raise ValueError(f"unknown tribute kind {unknown[0]!r}")
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("a tribute kind appears twice in the order")

    def __str__(self) -> str:
        return " > ".join(TRIBUTE_KINDS[kind][0] for kind in self.kinds)


@dataclass(frozen=True)
class DeckRecipe:
    """``N decks`` of 54 cards, then ``only``/``remove``/``add`` adjustments to single ranks."""

    KIND: ClassVar[str] = "deck_recipe"
    decks: int
    adjustments: tuple[tuple[str, int, int], ...] = ()  # (verb, count, rank)

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= MAX_DECKS:
            raise ValueError(f"a deck recipe has 1 to {MAX_DECKS} decks, not {self.decks}")
        cards = self.cards()  # raises on negative counts
        if not cards:
            raise ValueError("the recipe makes no cards")
        if len(cards) > MAX_CARDS:
            raise ValueError(f"the recipe makes {len(cards)} cards; a deal holds at most {MAX_CARDS}")
        if len(cards) == cards[SMALL_JOKER] + cards[BIG_JOKER]:
            raise ValueError("the recipe holds only jokers, but the first player is found by drawing a card that "
                             "is not a joker (第六条)")
        ordinary = len(cards) - cards[THREE] - cards[FOUR] - cards[SMALL_JOKER] - cards[BIG_JOKER]
        if ordinary < MIN_ORDINARY:
            raise ValueError(f"the recipe makes {ordinary} cards from 5 to 2; a deal needs at least {MIN_ORDINARY} "
                             "(as many as one deck holds)")
        if len(cards) % PLAYERS:
            raise ValueError(
                f"the recipe makes {len(cards)} cards, which do not divide evenly among {PLAYERS} players "
                f"({len(cards) % PLAYERS} left over)"
            )

    def cards(self) -> Cards:
        return Cards(tuple(_deck_counts(self.decks, self.adjustments)))

    def __str__(self) -> str:
        parts = [f"{self.decks} deck" + ("s" if self.decks > 1 else "")]
        parts += [f"{verb} {count} of {RANK_SYMBOLS[rank]}" for verb, count, rank in self.adjustments]
        return ", ".join(parts)


def _deck_counts(decks: int, adjustments: Iterable[tuple[str, int, int]]) -> list[int]:
    counts = [4 * decks] * N_RANKS
    counts[SMALL_JOKER] = counts[BIG_JOKER] = decks
    for verb, count, rank in adjustments:
        if verb == "only":
            counts[rank] = count
        elif verb == "remove":
            if count > counts[rank]:
                raise ValueError(f"cannot remove {count} of {RANK_SYMBOLS[rank]}: only {counts[rank]} left")
            counts[rank] -= count
        else:
            counts[rank] += count
    return counts


Expression = Thresholds | KillRule | TributeOrder | DeckRecipe
E = TypeVar("E", Thresholds, KillRule, TributeOrder, DeckRecipe)


class _Semantic(ValueError):
    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column


def _count(token: object) -> int:
    """A COUNT of a deck recipe, refused (at its column) beyond any deal's size before it is converted."""
    assert isinstance(token, Token)
    if len(token) > len(str(MAX_CARDS)):
        raise _Semantic(_at(token), f"{token[:12]}{'…' * (len(token) > 12)} is more than a deal's {MAX_CARDS} cards")
    return int(token)


@v_args(tree=True)
class _ToValues(Transformer[Token, object]):
    """Lark trees to typed values; semantic errors carry the column."""

    def thresholds(self, tree: Tree[Token]) -> Thresholds:
        groups: list[tuple[int, int]] = []
        for group in tree.children:
            assert isinstance(group, Tree)
            ranks = {rank_index(token) for token in card_tokens(group)}
            if len(ranks) != 1:
                raise _Semantic(_at(group), "each threshold is cards of one rank, like 'QQQ'")
            groups.append((ranks.pop(), len(list(card_tokens(group)))))
        for end, group in enumerate(tree.children, 1):  # locate the first group that breaks the order
            try:
                Thresholds(tuple(groups[:end]))
            except ValueError as error:
                raise _Semantic(_at(group), str(error)) from None
        return Thresholds(tuple(groups))

    def kill(self, tree: Tree[Token]) -> KillRule:
        jokers = [child for child in tree.children if isinstance(child, Tree) and child.data == "joker"]
        target, killer = (rank_index(j.children[0]) for j in jokers)  # type: ignore[arg-type]
        ratio = next((int(c) for c in tree.children if isinstance(c, Token) and c.type == "RATIO"), 1)
        extra = next(
            (int(c.children[0]) for c in tree.children if isinstance(c, Tree) and c.data == "extra"), 0  # type: ignore[arg-type]
        )
        flags = {c.data for c in tree.children if isinstance(c, Tree)}
        return KillRule(target, killer, ratio, extra, "on_two" in flags, "any_rank" in flags)

    def tribute_order(self, tree: Tree[Token]) -> TributeOrder:
        kinds = [_KIND_SPELLINGS.get(str(c.children[0]), str(c.children[0]).lower()) for c in tree.children]  # type: ignore[union-attr]
        seen: set[str] = set()
        for node, kind in zip(tree.children, kinds, strict=True):
            if kind in seen:
                raise _Semantic(_at(node), f"tribute kind {TRIBUTE_KINDS[kind][0]} appears twice")
            seen.add(kind)
        return TributeOrder(tuple(kinds))

    def deck_recipe(self, tree: Tree[Token]) -> DeckRecipe:
        decks = _count(tree.children[0])
        adjustments = []
        for node in tree.children[2:]:
            assert isinstance(node, Tree)
            verb, count, _, card = node.children
            rank = rank_index(next(card_tokens(card)))  # type: ignore[arg-type]
            adjustments.append((str(verb).lower(), _count(count), rank))
            try:  # removing more than there are is located at the adjustment
                _deck_counts(decks, adjustments)
            except ValueError as error:
                raise _Semantic(_at(node), str(error)) from None
        try:
            return DeckRecipe(decks, tuple(adjustments))
        except ValueError as error:
            raise _Semantic(1, str(error)) from None


def parse(kind: type[E], text: str) -> E:
    """Parse ``text`` as an expression of ``kind``; raises :class:`NotationError`."""
    tree = grammar.load("expressions", _STARTS).parse(text, kind.KIND)
    try:
        value = _ToValues().transform(tree)
    except _Semantic as error:
        raise NotationError(text, error.column, str(error)) from None
    except Exception as error:  # lark wraps errors raised in callbacks
        cause = getattr(error, "orig_exc", error)
        if isinstance(cause, _Semantic):
            raise NotationError(text, cause.column, str(cause)) from None
        if isinstance(cause, ValueError):
            raise NotationError(text, 1, str(cause)) from None
        raise
    assert isinstance(value, kind)
    return value


