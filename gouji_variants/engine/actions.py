"""Actions a seat takes, and the errors for an action that is not one or not legal now (what they cause:
:mod:`.events`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ..components.plays import Verdict
from ..ruleset import vocabulary
from ..ruleset.cards import Cards
from ..ruleset.errors import GoujiError, InvalidCards
from ..ruleset.grammar import NotationError
from ..ruleset.vocabulary import CARD_VERBS, SIMPLE_VERBS, VERB_NAMED

Hui3Choice = Literal["3", "4", "both"]
HUI3_CHOICES: tuple[Hui3Choice, ...] = ("3", "4", "both")  # the keys of vocabulary.HUI3_CHOICES (a test checks)


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


def verb_of(action: Action) -> str:
    """The action's verb (:mod:`gouji_variants.ruleset.vocabulary`): ``play``, ``pass``, ``hui3`` …"""
    return type(action).__name__.lower()


#: The actions without cards, by their verb (in the vocabulary's order).
SIMPLE_ACTIONS: dict[str, Action] = {verb: next(action for action in (PASS, YIELD, REVOLUTION, DECLARE, JIEFENG,
                                                                      TIAOPAI, ASK) if verb_of(action) == verb)
                                     for verb in SIMPLE_VERBS}
#: The actions with cards, by their verb.
CARD_ACTIONS: dict[str, type[Play | Burn | Return]] = {verb: kind for kind in (Play, Burn, Return)
                                                   for verb in CARD_VERBS + ("play",) if kind.__name__.lower() == verb}


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
        return {"type": verb_of(action), "cards": str(action.cards)}
    if isinstance(action, Hui3):
        return {"type": "hui3", "which": action.which}
    return {"type": verb_of(action)}


def from_json(data: dict[str, Any]) -> Action:
    """The action a record's ``{"type": ..., "cards": ...}`` object names; InvalidAction or InvalidCards if none."""
    kind = data.get("type") if isinstance(data, dict) else None
    kind = kind if isinstance(kind, str) else None
    if kind in CARD_ACTIONS:
        cards: Any = data.get("cards")  # as_cards checks it
        return CARD_ACTIONS[kind](cards)
    if kind == "hui3":
        return Hui3(data.get("which"))  # type: ignore[arg-type]  # Hui3 checks it
    if kind in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[kind]
    shown = repr(data)
    raise InvalidAction(f"not an action: {shown if len(shown) <= 80 else shown[:77] + '...'}")


def describe(action: Action | None, lang: str = "en") -> str:
    """Short text, as a player types it: ``88B``, ``pass``, ``burn 2R``, ``hui3 both``; in Chinese
    (``lang="zh"``) ``过``, ``烧 2R``, ``会3 3和4``."""
    if action is None:
        return "-"
    if isinstance(action, Play):
        return str(action.cards)
    verb = VERB_NAMED[verb_of(action)]
    word = verb.typed[0] if lang == "zh" else verb.name
    if isinstance(action, (Burn, Return)):
        return f"{word} {action.cards}"
    if isinstance(action, Hui3):
        return f"{word} {vocabulary.HUI3_CHOICES[action.which].zh if lang == 'zh' else action.which}"
    return word
