"""What the engine says about an event beside its action: the typed notes of ``Event.notes`` (who
bought what from whom, who paid which tribute to whom, which burn broke, …).

The rule areas make them, so they live here, below the engine. They stay interpreted Python
classes (as the actions do): notes are made at a few decisions only, the nullary ones are the
members of :class:`Mark`, made once. Each note's ``str`` is the engine's own short text of it (what
``Event.notes`` held as strings before the notes were typed; the golden corpus's trace is made of
it); the words for people, in English or Chinese, are ``gouji_variants.text.events``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..ruleset.cards import RANK_SYMBOLS, Cards
from ..ruleset.expressions import TRIBUTE_KINDS, Forfeit
from ..ruleset.rules import PLACE_NAMES


def tribute_name(kind: str) -> str:
    """``落贡`` for ``luo``: the Chinese name of a tribute kind (an id of ``TRIBUTE_KINDS``)."""
    return TRIBUTE_KINDS[kind][0] + "贡"


class Mark(Enum):
    """A note that says no more than its kind."""

    BURN = "烧牌"  # a burn declared
    COUNTER_BURN = "反烧"  # a burn declared against a burn
    BEAT_BACK = "压回"  # the burner beat its 对头's answer back: the burn goes on
    BURN_BROKEN = "解烧"
    ZHASHAO = "诈烧"  # the burn failed its condition: the burner is ranked at once
    MANGUAN = "满贯"  # a one-run win ends the game
    JIEFENG = "接风"  # the lead passes on from a seat gone out
    ASKS_JIEFENG = "申请接风"
    YIELDS = "让牌"
    LUANCHAN = "四人乱缠"
    CANNOT_ANSWER = "扣牌"  # the 对头 could not answer the burn
    WRONG_PLAY = "错牌不出"  # an illegal play cost the turn (a RuleBroken note says which rule)
    YUDIAN = "预点"
    MINGDIAN = "明点"
    TIAOPAI = "挑牌"
    REVOLUTION = "革命"
    STUCK_JOKERS = "大小王不出手"  # left with jokers only: ranked 大落 at once
    NO_BURN = "no burn"  # a burn offer declined
    NO_REVOLUTION = "no 革命"
    NO_HUI3 = "no 会3"
    NO_DECLARATION = "no 宣点"
    VOID = "流局: void, redeal"
    REDEALT = "the given hands void the game by themselves (automatic 革命): dealt from the seed instead"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class WentOut:
    """The event's seat went out, the ``place``-th to (1 for the first)."""

    place: int

    def __str__(self) -> str:
        return f"out {self.place}"


@dataclass(frozen=True, slots=True)
class Suffocated:
    """窒息: ``seat`` had played no card when the first seat went out, and is ranked at once."""

    seat: int

    def __str__(self) -> str:
        return f"窒息 {self.seat}"


@dataclass(frozen=True, slots=True)
class Stifled:
    """闷: the play stifled ``seat``, left with 3s only."""

    seat: int

    def __str__(self) -> str:
        return f"闷 {self.seat}"


@dataclass(frozen=True, slots=True)
class Told:
    """问张数: ``seat`` holds ``count`` cards, told to the table."""

    seat: int
    count: int

    def __str__(self) -> str:
        return f"{self.seat}: {self.count}张"


@dataclass(frozen=True, slots=True)
class Bought:
    """买3 / 买4: the event's seat bought a card of ``rank`` from ``seller``, paying a card of
    ``payment`` (None: a gift, 赠)."""

    rank: int
    seller: int
    payment: int | None

    def __str__(self) -> str:
        paid = "as a gift (赠)" if self.payment is None else f"for {RANK_SYMBOLS[self.payment]}"
        return f"买{RANK_SYMBOLS[self.rank]} from {self.seller} {paid}"


@dataclass(frozen=True, slots=True)
class TributePaid:
    """``payer`` paid ``receiver`` the tribute of ``kind`` (an id of ``TRIBUTE_KINDS``): ``cards``,
    which may be none."""

    kind: str
    payer: int
    receiver: int
    cards: Cards

    def __str__(self) -> str:
        paid = str(self.cards) if len(self.cards) else "none"
        return f"{tribute_name(self.kind)} {self.payer}->{self.receiver}: {paid}"


@dataclass(frozen=True, slots=True)
class TributeReturned:
    """还贡: ``giver``, who received tribute, gave cards back to ``to``."""

    giver: int
    to: int

    def __str__(self) -> str:
        return f"还贡 {self.giver}->{self.to}"


@dataclass(frozen=True, slots=True)
class Hui3Taken:
    """会3: every ``which`` ("3", "4" or "both") was taken out of the hands."""

    which: str

    def __str__(self) -> str:
        return f"会{self.which}"


@dataclass(frozen=True, slots=True)
class RuleBroken:
    """The rule (its id) an illegal play broke, and why, in Chinese and English (错牌不出)."""

    rule: str
    zh: str
    en: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.en}"


@dataclass(frozen=True, slots=True)
class Forfeited:
    """The event's seat paid ``forfeit``'s consequence (``penalties.forfeits``)."""

    forfeit: Forfeit

    def __str__(self) -> str:
        return str(self.forfeit)


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over: each seat's place (an index of ``PLACE_NAMES``), by seat."""

    places: tuple[int, ...]

    def __str__(self) -> str:
        return "over: " + " ".join(PLACE_NAMES[place] for place in self.places)


@dataclass(frozen=True, slots=True)
class Remark:
    """A note of a component outside the library, in its own words (both languages)."""

    zh: str
    en: str

    def __str__(self) -> str:
        return self.zh


Note = (Mark | WentOut | Suffocated | Stifled | Told | Bought | TributePaid | TributeReturned | Hui3Taken | RuleBroken
        | Forfeited | GameOver | Remark)
#: every kind of note, for the renderers' checks
NOTE_TYPES = (Mark, WentOut, Suffocated, Stifled, Told, Bought, TributePaid, TributeReturned, Hui3Taken, RuleBroken,
              Forfeited, GameOver, Remark)
