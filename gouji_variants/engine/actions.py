"""Actions a seat takes, and the errors for an action that is not one or not legal now (what they cause:
:mod:`.events`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ..components.plays import Verdict
from ..ruleset.cards import Cards
from ..ruleset.errors import GoujiError, InvalidCards
from ..ruleset.grammar import NotationError

Hui3Choice = Literal["3", "4", "both"]
HUI3_CHOICES: tuple[Hui3Choice, ...] = ("3", "4", "both")


_parse = lru_cache(maxsize=4096)(Cards.parse)  # records and agents repeat the same few plays


def as_cards(cards: Cards | str, action: str) -> Cards:
    """``cards`` itself, or the card notation ``cards`` parsed (``Play("33")``); else InvalidCards."""
    if isinstance(cards, Cards):
        return cards
    if isinstance(cards, str):
        try:
            return _parse(cards)
        except NotationError as error:
            raise InvalidCards(f"{action}({cards!r}): not card notation: {error.message} "
                               f"(column {error.column})") from None
    raise InvalidCards(f"{action}() takes Cards or card notation such as '33', not {type(cards).__name__}")


class InvalidAction(GoujiError, ValueError):
    """An action built from arguments that do not make one (``Hui3("5")``, ``game.apply("33")``)."""


class _WithCards:
    """The constructor of the actions that carry cards (Cards or card notation), and their text:
    ``repr`` evaluates back to the action (``Play('888B')``), ``str`` is ``Play(888B)``."""

    __slots__ = ()
    cards: Cards

    def __init__(self, cards: Cards | str) -> None:
        object.__setattr__(self, "cards", as_cards(cards, type(self).__name__))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.cards)!r})"

    def __str__(self) -> str:
        return f"{type(self).__name__}({self.cards})"


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Play(_WithCards):
    """Lead, follow or answer with these cards (a :class:`Cards`, or notation: ``Play("33")``)."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Pass:
    """过牌 / 扣牌; also declining an offer (to burn, to 革命, to 会3)."""


@dataclass(frozen=True, slots=True)
class Yield:
    """让牌: let the next two try the 对头's play first."""


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Burn(_WithCards):
    """烧牌: declare a burn of the 够级 play on the table, beating it with these cards."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Revolution:
    """革命: sit this game out (no 2s, no jokers)."""


@dataclass(frozen=True, slots=True)
class Hui3:
    """会3: the first player has every 3 (or 4, or both) taken out of all hands."""

    which: Hui3Choice

    def __str__(self) -> str:
        return f"Hui3({self.which})"

    def __post_init__(self) -> None:
        if self.which not in HUI3_CHOICES:
            raise InvalidAction(f"Hui3() takes one of {', '.join(map(repr, HUI3_CHOICES))}, not {self.which!r}")


@dataclass(frozen=True, slots=True)
class Declare:
    """宣点: declare that one's 对头 will not 开点 — 预点 before the cards are seen, 明点 after tribute."""


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Return(_WithCards):
    """还贡: the cards a tribute receiver gives back."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class Jiefeng:
    """申请接风: on the 上家's last play (底牌), lead a new round instead of beating it."""


@dataclass(frozen=True, slots=True)
class Tiaopai:
    """挑牌: at one's lead, show the hand to one's team-mates for the rest of the game."""


@dataclass(frozen=True, slots=True)
class Ask:
    """问张数: ask the hands at or below the 报牌 count how many cards they hold (when counts are
    told only on asking); the answers are public, and the decision is not used up."""


Action = Play | Pass | Yield | Burn | Revolution | Hui3 | Return | Declare | Jiefeng | Tiaopai | Ask
ACTION_TYPES = (Play, Pass, Yield, Burn, Revolution, Hui3, Return, Declare, Jiefeng, Tiaopai, Ask)
PASS = Pass()
YIELD = Yield()
REVOLUTION = Revolution()
DECLARE = Declare()
JIEFENG = Jiefeng()
TIAOPAI = Tiaopai()
ASK = Ask()


def check_action(action: object) -> None:
    """Raise :class:`InvalidAction` unless ``action`` is one of the engine's actions."""
    if not isinstance(action, ACTION_TYPES):
        raise InvalidAction(f"not an action: {type(action).__name__} (use Play, Pass, Burn, … from "
                            "gouji_variants.engine)")


class IllegalAction(ValueError):
    """An action the rules do not allow now; carries the deciding rule and a zh/en reason."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(f"{verdict.en} (rule {verdict.rule})")


def to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, (Play, Burn, Return)):
        return {"type": type(action).__name__.lower(), "cards": str(action.cards)}
    if isinstance(action, Hui3):
        return {"type": "hui3", "which": action.which}
    return {"type": type(action).__name__.lower()}


def from_json(data: dict[str, Any]) -> Action:
    """The action a record's ``{"type": ..., "cards": ...}`` object names; InvalidAction or InvalidCards if none."""
    kind = data.get("type") if isinstance(data, dict) else None
    if kind in ("play", "burn", "return"):
        with_cards: dict[str, type[Play | Burn | Return]] = {"play": Play, "burn": Burn, "return": Return}
        cards: Any = data.get("cards")  # as_cards checks it
        return with_cards[kind](cards)
    if kind == "hui3":
        return Hui3(data.get("which"))  # type: ignore[arg-type]  # Hui3 checks it
    simple: dict[Any, Action] = {"pass": PASS, "yield": YIELD, "revolution": REVOLUTION, "declare": DECLARE,
                                 "jiefeng": JIEFENG, "tiaopai": TIAOPAI, "ask": ASK}
    if isinstance(kind, str) and kind in simple:
        return simple[kind]
    shown = repr(data)
    raise InvalidAction(f"not an action: {shown if len(shown) <= 80 else shown[:77] + '...'}")


def describe(action: Action | None) -> str:
    """Short text: ``88B``, ``pass``, ``burn 2R`` …"""
    if action is None:
        return "-"
    if isinstance(action, Play):
        return str(action.cards)
    if isinstance(action, (Burn, Return)):
        return f"{type(action).__name__.lower()} {action.cards}"
    if isinstance(action, Hui3):
        return f"hui3 {action.which}"
    return type(action).__name__.lower()
