"""Typed values of the ruleset expressions, parsed by ``grammar/expressions.lark``.

Each value validates itself, prints back in a canonical form (``str``), and is
what the compiled ruleset and the engine use; rulesets never carry code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

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
    TOP_JOKER,
    TWO,
    Cards,
    card_tokens,
    rank_index,
)
from .chinese import translate
from .grammar import NotationError

STARTS = ("thresholds", "kill", "tribute_order", "deck_recipe", "hand_rule", "buy_order", "forfeit", "forbid")
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


#: ``joker`` in a kill rule: any joker, the kinds counted together.
ANY_JOKER = -1
#: ``equal or higher jokers``: each joker of the target covered by an equal or higher one.
COVERING = -2
#: ``higher jokers``: each joker of the target covered by a strictly higher one.
HIGHER = -3
#: The killers named relative to the joker they cover.
RELATIVE = (COVERING, HIGHER)
_KILL_WORDS = {ANY_JOKER: "joker", COVERING: "equal or higher jokers", HIGHER: "higher jokers"}


@dataclass(frozen=True)
class KillRule:
    """How a play carrying jokers may be beaten: ``TARGET [where] by KILLER [in all] [, +E cards [each]]
    [, any rank]``.

    The rule covers the target's jokers of kind ``target`` (every kind for :data:`ANY_JOKER`), and
    applies only on 2s (``on_two``), on a single 2 (``single_two``) or on a play of jokers alone
    (``alone``) when it says so. Each joker covered takes ``ratio`` killer cards (``ratio`` in all for
    ``in_all``) of the kinds :meth:`killers` names: ``killer`` and ``more`` (any joker for
    :data:`ANY_JOKER`, 2s for ``TWO``), or relative to the joker covered, :data:`COVERING` (equal or
    higher) and :data:`HIGHER` (strictly higher). The killer has ``extra`` more cards than the target
    (``extra`` for each joker the rule covers with ``each``); and, unless ``any_rank``, a higher base
    rank, or, ``alone``, jokers alone. How rules compose in one answer is ``plays.kill_cover``'s
    (:mod:`gouji_variants.components.plays`)."""

    KIND: ClassVar[str] = "kill"
    target: int
    killer: int
    ratio: int = 1
    extra: int = 0
    on_two: bool = False
    any_rank: bool = False
    single_two: bool = False
    alone: bool = False
    in_all: bool = False
    more: tuple[int, ...] = ()  # further killer kinds: "R or W" is killer R, more (W,)
    each: bool = False  # the surplus is ``extra`` for each joker covered

    def __post_init__(self) -> None:
        if self.target not in (*JOKERS, ANY_JOKER) or \
                self.killer not in (*JOKERS, ANY_JOKER, *RELATIVE, TWO):
            raise ValueError("kill rules name jokers: B (小王), R (大王), W (王中王) or 'joker' (and 2s as killers)")
        if not 1 <= self.ratio <= 9:
            raise ValueError("the multiplier must be between 1 and 9")
        if self.killer in RELATIVE and self.in_all:
            raise ValueError(f"'{_KILL_WORDS[self.killer]}' cover each joker: they take no 'in all'")
        if self.more and (self.killer not in JOKERS or any(kind not in JOKERS for kind in self.more)
                          or len({self.killer, *self.more}) != len(self.more) + 1):
            raise ValueError("a set of killers names different jokers, e.g. 'R or W'")
        if self.each and not self.extra:
            raise ValueError("'each' multiplies the cards a kill adds: write e.g. '+1 card each'")
        if self.single_two and not self.on_two:
            raise ValueError("a rule on a single 2 is a rule on 2s")
        if self.alone and self.on_two:
            raise ValueError("a play on 2s is not jokers alone")

    def __str__(self) -> str:
        text = self._name(self.target)
        text += " on single 2" if self.single_two else " on 2" if self.on_two else " alone" if self.alone else ""
        ratio = str(self.ratio) if self.ratio > 1 else ""
        if self.killer == ANY_JOKER:
            killer = f"{ratio} jokers" if ratio else "joker"
        elif self.killer == TWO:
            killer = f"{self.ratio} two" + ("s" if self.ratio > 1 else "")
        elif self.killer in RELATIVE:
            killer = f"{ratio} {self._name(self.killer)}" if ratio else self._name(self.killer)
        elif self.more:
            kinds = " or ".join(RANK_SYMBOLS[kind] for kind in (self.killer, *self.more))
            killer = f"{ratio}({kinds})" if ratio else kinds
        else:
            killer = ratio + self._name(self.killer)
        text += " by " + killer + (" in all" if self.in_all else "")
        if self.extra:
            text += f", +{self.extra} card" + ("s" if self.extra > 1 else "") + (" each" if self.each else "")
        if self.any_rank:
            text += ", any rank"
        return text

    @property
    def since(self) -> int:
        """The ruleset format that says this rule: 3 for killer sets, strict cover, a number on relative killers
        and a surplus per joker, else 1."""
        relative_number = self.killer in RELATIVE and self.ratio > 1
        return 3 if self.more or self.killer == HIGHER or relative_number or self.each else 1

    def wanted(self, count: int) -> int:
        """How many killer cards a target with ``count`` of its jokers needs: ``ratio`` × ``count``,
        or ``ratio`` itself when the rule says ``in all``."""
        return self.ratio if self.in_all else self.ratio * count

    def killers(self, joker: int) -> tuple[int, ...]:
        """The kinds of cards that cover a ``joker`` of the target under this rule."""
        if self.killer == ANY_JOKER:
            return JOKERS
        if self.killer in RELATIVE:
            return tuple(kind for kind in JOKERS if kind > joker or kind == joker and self.killer == COVERING)
        return (self.killer, *self.more)

    @staticmethod
    def _name(joker: int) -> str:
        return _KILL_WORDS.get(joker) or RANK_SYMBOLS[joker]


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

    def __contains__(self, kind: object) -> bool:
        """Whether tribute ``kind`` (an id of :data:`TRIBUTE_KINDS`) is paid."""
        return kind in self.kinds


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
        jokers = sum(cards[joker] for joker in JOKERS)
        if len(cards) == jokers:
            raise ValueError("the recipe holds only jokers, but the first player is found by drawing a card that "
                             "is not a joker (第六条)")
        ordinary = len(cards) - cards[THREE] - cards[FOUR] - jokers
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
    counts[TOP_JOKER] = 0  # no standard deck has a 王中王: a recipe adds them
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


@dataclass(frozen=True)
class HandRule:
    """What every hand holds when the deck is dealt: ``exactly N of X`` or ``at least N of X``
    per rank (the deal gives these first, then the rest of the deck at random)."""

    KIND: ClassVar[str] = "hand_rule"
    clauses: tuple[tuple[str, int, int], ...]  # (bound, count, rank), by rank

    def __post_init__(self) -> None:
        ranks = [rank for _, _, rank in self.clauses]
        if len(set(ranks)) != len(ranks):
            raise ValueError("a rank appears twice in the hand rule")
        if any(count < 1 for _, count, _ in self.clauses):
            raise ValueError("each clause names at least one card")

    def bounds(self, rank: int) -> tuple[str, int] | None:
        """``(bound, count)`` for ``rank``, or None when the rule leaves it to chance."""
        return next(((bound, count) for bound, count, other in self.clauses if other == rank), None)

    def problem(self, deck: Cards) -> str | None:
        """Why ``deck`` cannot be dealt so that every hand obeys this rule, or None."""
        for bound, count, rank in self.clauses:
            have, need = deck[rank], PLAYERS * count
            if need > have or (bound == "exactly" and need != have):
                symbol = RANK_SYMBOLS[rank]
                return (f"'{bound} {count} of {symbol}' needs {bound} {need} cards of {symbol} for {PLAYERS} hands, "
                        f"but the recipe has {have}")
        return None

    def __str__(self) -> str:
        return ", ".join(f"{bound} {count} of {RANK_SYMBOLS[rank]}" for bound, count, rank in self.clauses)


#: Buy sources: id -> (Chinese, English); each names seats relative to the buyer.
BUY_SOURCES: dict[str, tuple[str, str]] = {
    "duitou": ("对门", "the 对门"),
    "team": ("联邦", "one's own team-mates"),
    "neighbours": ("上下家", "the 上家 and 下家 (the 对门's team-mates)"),
    "previous": ("上家", "the 上家"),
    "next": ("下家", "the 下家"),
    "previous-mate": ("上手联邦", "the team-mate by the 上家 (上手联邦)"),
    "next-mate": ("下手联邦", "the team-mate by the 下家 (下手联邦)"),
}
#: The sources that are one seat of a group: asked apart, in the order written (第三条: 上手联邦, 下手联邦).
BUY_SEATS: dict[str, str] = {"previous": "neighbours", "next": "neighbours", "previous-mate": "team",
                             "next-mate": "team"}
_SOURCE_SPELLINGS = {"对门": "duitou", "对头": "duitou", "联邦": "team", "上下家": "neighbours",
                     "neighbors": "neighbours", "上家": "previous", "上手": "previous", "下家": "next",
                     "下手": "next", "上手联邦": "previous-mate", "下手联邦": "next-mate"}
#: Orders that had a name before buy orders were written out; they print as that name.
LEGACY_BUY_ORDERS: dict[str, tuple[tuple[str, bool], ...]] = {
    "duitou-then-team": (("duitou", False), ("neighbours", False)),
    "whoever-has-extra": (("duitou", False), ("team", False), ("neighbours", False)),
}


def _asks_again(before: list[str], source: str) -> bool:
    """Whether ``source`` names a seat one of the sources ``before`` it already asks (联邦 and 上手联邦, say)."""
    group = BUY_SEATS.get(source)
    return any(other in (source, group) or BUY_SEATS.get(other) == source for other in before)


@dataclass(frozen=True)
class BuyOrder:
    """Whom a seat without a 3 (or 4) asks for one, first to last; ``gives``: that source hands it
    over unpaid (赠). Empty: nobody buys."""

    KIND: ClassVar[str] = "buy_order"
    sources: tuple[tuple[str, bool], ...]  # (source, gives)

    def __post_init__(self) -> None:
        names = [source for source, _ in self.sources]
        if any(name not in BUY_SOURCES for name in names):
            raise ValueError("buy sources are 对门, 联邦, 上下家, 上家, 下家, 上手联邦 and 下手联邦")
        if any(_asks_again(names[:index], name) for index, name in enumerate(names)):
            raise ValueError("a buy source appears twice in the order")

    @property
    def since(self) -> int:
        """The ruleset format that says this order: 1 for the orders that had names, 4 with single seats."""
        if any(source in BUY_SEATS for source, _ in self.sources):
            return 4
        return 1 if not self.sources or str(self) in LEGACY_BUY_ORDERS else 2

    def __str__(self) -> str:
        legacy = next((name for name, order in LEGACY_BUY_ORDERS.items() if order == self.sources), None)
        if legacy is not None:
            return legacy
        if not self.sources:
            return "none"
        return " > ".join(BUY_SOURCES[source][0] + "赠" * gives for source, gives in self.sources)


#: Consequences of a forfeit: id -> (how it is written, Chinese, English).
CONSEQUENCES: dict[str, tuple[str, str, str]] = {
    "dalu": ("大落", "即为大落（从末位排起）", "is ranked 大落 at once (from the bottom)"),
    "no-kaidian": ("不开点", "视同放弃开点", "gives 开点 up for the game"),
}
_CONSEQUENCE_SPELLINGS = {"大落": "dalu", "不开点": "no-kaidian"}
#: What may be attached to a play (贴钱, 挂花): 2s and jokers.
ATTACHABLE = (TWO, *JOKERS)


@dataclass(frozen=True)
class Forfeit:
    """A penalty, ``condition -> consequence``: ``no X`` (holds no X once buying is over) or
    ``X with A or B`` (plays Xs together with one of the attached ranks, at any time)."""

    KIND: ClassVar[str] = "forfeit"
    condition: str  # "holds-none" | "plays-with"
    rank: int
    attached: tuple[int, ...] = ()  # plays-with: ranks among ATTACHABLE, ascending
    consequence: str = "no-kaidian"

    def __post_init__(self) -> None:
        if self.consequence not in CONSEQUENCES:
            raise ValueError(f"unknown consequence {self.consequence!r}")
        if self.condition == "plays-with" and (
                not self.attached or any(a not in ATTACHABLE or a == self.rank for a in self.attached)):
            raise ValueError("only 2s and jokers go with a play of another rank: write e.g. '4 with 2 or joker'")

    def matches_play(self, base: int, counts: Cards | tuple[int, ...]) -> bool:
        """A play of ``base`` with these ``counts`` meets a ``plays-with`` condition."""
        return self.condition == "plays-with" and base == self.rank and any(counts[a] for a in self.attached)

    def __str__(self) -> str:
        rank = RANK_SYMBOLS[self.rank]
        if self.condition == "holds-none":
            text = f"no {rank}"
        else:
            names = [RANK_SYMBOLS[a] for a in self.attached if a not in JOKERS]
            jokers = [a for a in self.attached if a in JOKERS]
            names += ["joker"] if len(jokers) == len(JOKERS) else [RANK_SYMBOLS[a] for a in jokers]
            text = f"{rank} with " + " or ".join(names)
        return f"{text} -> {CONSEQUENCES[self.consequence][0]}"


#: The shapes of a play a :class:`Forbid` names: of a rank (``4``, ``4 with 2 or joker``), of jokers
#: alone, any play (``any``, ``any with W``), or some but not all of the cards of a rank held (``part of 4``).
SHAPES = ("rank", "jokers-alone", "any", "part")


@dataclass(frozen=True)
class Shape:
    """What a play looks like, for :class:`Forbid`; ``negated``: any play but such a one."""

    kind: str
    rank: int = -1  # rank, part
    attached: tuple[int, ...] = ()  # rank, any: holding one of these (ranks among ATTACHABLE, ascending)
    negated: bool = False

    def matches(self, base: int, counts: Cards | tuple[int, ...], hand: tuple[int, ...] | list[int] | None) -> bool:
        """Whether a play of ``base`` with ``counts`` from ``hand`` (None: unknown) looks like this."""
        if self.kind == "jokers-alone":
            found = base in JOKERS
        elif self.kind == "part":
            found = base == self.rank and hand is not None and counts[base] < hand[base]
        else:
            found = (self.kind == "any" or base == self.rank) and (
                not self.attached or any(counts[a] for a in self.attached))
        return found != self.negated

    def __str__(self) -> str:
        if self.kind == "jokers-alone":
            text = "jokers alone"
        elif self.kind == "part":
            text = f"part of {RANK_SYMBOLS[self.rank]}"
        else:
            text = "any" if self.kind == "any" else RANK_SYMBOLS[self.rank]
            if self.attached:
                names = [RANK_SYMBOLS[a] for a in self.attached if a not in JOKERS]
                jokers = [a for a in self.attached if a in JOKERS]
                names += ["joker"] if len(jokers) == len(JOKERS) else [RANK_SYMBOLS[a] for a in jokers]
                text += " with " + " or ".join(names)
        return "not " * self.negated + text


@dataclass(frozen=True)
class Forbid:
    """A combination the table does not allow (``play``), or, with ``target``, an answer it does not
    allow on such a play: ``SHAPE [on SHAPE]``."""

    KIND: ClassVar[str] = "forbid"
    play: Shape
    target: Shape | None = None

    def __post_init__(self) -> None:
        for shape in (self.play, self.target):
            if shape is not None and shape.kind not in SHAPES:
                raise ValueError(f"unknown shape {shape.kind!r}")
        if self.target is not None and self.target.kind == "part":
            raise ValueError("'part of' is about the hand of the one who plays: it names no play answered")

    def matches(self, base: int, counts: Cards | tuple[int, ...], hand: tuple[int, ...] | list[int] | None,
                target: tuple[int, Cards | tuple[int, ...]] | None) -> bool:
        """Whether a play (led, or answering ``target``: its base and counts) is forbidden by this."""
        if self.target is not None and (target is None or not self.target.matches(*target, None)):
            return False
        return self.play.matches(base, counts, hand)

    def __str__(self) -> str:
        return str(self.play) + ("" if self.target is None else f" on {self.target}")


Expression = Thresholds | KillRule | TributeOrder | DeckRecipe | HandRule | BuyOrder | Forfeit | Forbid
E = TypeVar("E", Thresholds, KillRule, TributeOrder, DeckRecipe, HandRule, BuyOrder, Forfeit, Forbid)


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
        target, where, killer, *clauses = self._kill_parts(tree)
        ratio, kind, more = killer
        extra = next((count for name, count in clauses if name == "extra"), 0)
        names = {name for name, _ in clauses}
        return KillRule(target, kind, ratio, extra, on_two=where in ("on_two", "on_single_two"),
                        any_rank="any_rank" in names, single_two=where == "on_single_two", alone=where == "alone",
                        in_all="in_all" in names, more=more, each="each" in names)

    @staticmethod
    def _kill_parts(tree: Tree[Token]) -> list[Any]:
        """(target, where, (ratio, killer, more), *(clause, value)) from a ``kill`` tree."""
        target_node, *rest = tree.children
        assert isinstance(target_node, Tree)
        parts: list[Any] = [_joker_of(target_node.children[0])]
        where = next((c.data for c in rest if isinstance(c, Tree) and c.data in _WHERE), "")
        parts.append(where)
        for child in rest:
            if not isinstance(child, Tree) or child.data in _WHERE:
                continue
            if child.data in ("covering_killer", "higher_killer"):
                ratio = next((int(c) for c in child.children if isinstance(c, Token) and c.type == "RATIO"), 1)
                parts.append((ratio, COVERING if child.data == "covering_killer" else HIGHER, ()))
            elif child.data == "kinds_killer":
                ratio = next((int(c) for c in child.children if isinstance(c, Token) and c.type == "RATIO"), 1)
                kinds = [_joker_of(c) for c in child.children if isinstance(c, Tree)]
                if len(set(kinds)) != len(kinds):
                    raise _Semantic(_at(child), "a set of killers names different jokers, e.g. 'R or W'")
                parts.append((ratio, kinds[0], tuple(kinds[1:])))
            elif child.data in ("kind_killer", "any_joker_killer", "twos_killer"):
                ratio = next((int(c) for c in child.children if isinstance(c, Token) and c.type == "RATIO"), 1)
                kind = TWO if child.data == "twos_killer" else _joker_of(child.children[-1])
                parts.append((ratio, kind, ()))
            else:
                value = child.children[0] if child.data == "extra" else 0
                parts.append((str(child.data), int(value)))  # type: ignore[arg-type]
                if child.data == "extra" and len(child.children) > 2:
                    parts.append(("each", 1))
        return parts

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

    def hand_rule(self, tree: Tree[Token]) -> HandRule:
        clauses: list[tuple[str, int, int]] = []
        for node in tree.children:
            assert isinstance(node, Tree)
            bound, count, _, card = node.children
            rank = rank_index(next(card_tokens(card)))  # type: ignore[arg-type]
            if any(rank == other for _, _, other in clauses):
                raise _Semantic(_at(node), f"{RANK_SYMBOLS[rank]} appears twice in the hand rule")
            clauses.append(("exactly" if str(bound).lower() == "exactly" else "at least", int(str(count)), rank))
        return HandRule(tuple(sorted(clauses, key=lambda clause: clause[2])))

    def buy_order(self, tree: Tree[Token]) -> BuyOrder:
        first = tree.children[0]
        if isinstance(first, Token):
            return BuyOrder(LEGACY_BUY_ORDERS.get(str(first).lower(), ()))
        sources: list[tuple[str, bool]] = []
        for node in tree.children:
            assert isinstance(node, Tree)
            word = str(node.children[0])
            source = _SOURCE_SPELLINGS.get(word, word.lower())
            if _asks_again([other for other, _ in sources], source):
                again = "appears twice" if any(source == other for other, _ in sources) else \
                    "asks a seat an earlier source asks"
                raise _Semantic(_at(node), f"buy source {BUY_SOURCES[source][0]} {again}")
            sources.append((source, len(node.children) > 1))
        return BuyOrder(tuple(sources))

    def forfeit(self, tree: Tree[Token]) -> Forfeit:
        condition, _, consequence = tree.children
        assert isinstance(condition, Tree)
        word = str(consequence)
        chosen = _CONSEQUENCE_SPELLINGS.get(word, "dalu" if word.lower() == "dalu" else "no-kaidian")
        cards = [rank_index(next(card_tokens(c))) for c in condition.children if isinstance(c, Tree)
                 and c.data == "card"]
        if condition.data == "holds_none":
            return Forfeit("holds-none", cards[0], (), chosen)
        attached: set[int] = set()
        for node in condition.children:
            if isinstance(node, Tree) and node.data == "attached":
                part = node.children[0]
                found = set(JOKERS) if isinstance(part, Token) else {rank_index(next(card_tokens(part)))}
                if not found <= set(ATTACHABLE) or cards[0] in found:
                    raise _Semantic(_at(node), "only 2s and jokers go with a play of another rank")
                attached |= found
        return Forfeit("plays-with", cards[0], tuple(sorted(attached)), chosen)


    def forbid(self, tree: Tree[Token]) -> Forbid:
        shapes = [_shape(node) for node in tree.children if isinstance(node, Tree)]
        if len(shapes) > 1 and shapes[1].kind == "part":
            raise _Semantic(_at(tree.children[-1]), "'part of' is about the hand of the one who plays: "
                                                    "it names no play answered")
        return Forbid(shapes[0], shapes[1] if len(shapes) > 1 else None)


def _shape(node: Tree[Token]) -> Shape:
    negated = any(isinstance(c, Token) and c.type == "NOT" for c in node.children)
    inner = next(c for c in node.children if isinstance(c, Tree))
    cards = [rank_index(next(card_tokens(c))) for c in inner.children if isinstance(c, Tree) and c.data == "card"]
    attached: set[int] = set()
    for part in inner.children:
        if isinstance(part, Tree) and part.data == "attached":
            word = part.children[0]
            found = set(JOKERS) if isinstance(word, Token) else {rank_index(next(card_tokens(word)))}
            if not found <= set(ATTACHABLE) or cards and cards[0] in found:
                raise _Semantic(_at(part), "only 2s and jokers go with a play of another rank")
            attached |= found
    kind = {"of_rank": "rank", "jokers_alone": "jokers-alone", "anything": "any", "part_of": "part"}[str(inner.data)]
    return Shape(kind, cards[0] if cards else -1, tuple(sorted(attached)), negated)


_WHERE = ("on_two", "on_single_two", "alone")


def _joker_of(node: Tree[Token] | Token) -> int:
    """The joker a ``joker`` node names, or :data:`ANY_JOKER` for the word ``joker``."""
    if isinstance(node, Token):
        return ANY_JOKER
    token = node.children[0]
    assert isinstance(token, Token)
    return rank_index(token)


def parse(kind: type[E], text: str) -> E:
    """Parse ``text`` as an expression of ``kind``; raises :class:`NotationError`."""
    tree = grammar.load("expressions", STARTS).parse(text, kind.KIND)
    try:
        value = _ToValues().transform(tree)
    except _Semantic as error:
        raise NotationError(text, error.column, str(error), translate(str(error))) from None
    except Exception as error:  # lark wraps errors raised in callbacks
        cause = getattr(error, "orig_exc", error)
        if isinstance(cause, _Semantic):
            raise NotationError(text, cause.column, str(cause), translate(str(cause))) from None
        if isinstance(cause, ValueError):
            raise NotationError(text, 1, str(cause), translate(str(cause))) from None
        raise
    assert isinstance(value, kind)
    return value


