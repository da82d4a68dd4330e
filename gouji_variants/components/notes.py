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
from typing import ClassVar

from ..ruleset.cards import RANK_SYMBOLS, Cards
from ..ruleset.expressions import TRIBUTE_KINDS, Forfeit
from ..ruleset.rules import PLACE_NAMES


def tribute_name(kind: str) -> str:
    """``落贡`` for ``luo``: the Chinese name of a tribute kind (an id of ``TRIBUTE_KINDS``)."""
    return TRIBUTE_KINDS[kind][0] + "贡"


@dataclass(frozen=True, slots=True)
class Mark:
    """A note that says no more than its kind: ``Mark.BURN`` 烧牌, ``Mark.JIEFENG`` 接风 … (each made
    once, below; equal by its text, so an unpickled one equals it). A class attribute read is
    cheap where an enum member's is not (``EnumType.__getattr__`` before Python 3.12), and the
    engine makes some of these at most decisions (``NO_BURN``, ``CANNOT_ANSWER``)."""

    text: str  # the engine's text of it

    BURN: ClassVar[Mark]
    COUNTER_BURN: ClassVar[Mark]
    BEAT_BACK: ClassVar[Mark]
    BURN_BROKEN: ClassVar[Mark]
    ZHASHAO: ClassVar[Mark]
    MANGUAN: ClassVar[Mark]
    JIEFENG: ClassVar[Mark]
    ASKS_JIEFENG: ClassVar[Mark]
    YIELDS: ClassVar[Mark]
    LUANCHAN: ClassVar[Mark]
    CANNOT_ANSWER: ClassVar[Mark]
    WRONG_PLAY: ClassVar[Mark]
    YUDIAN: ClassVar[Mark]
    MINGDIAN: ClassVar[Mark]
    TIAOPAI: ClassVar[Mark]
    REVOLUTION: ClassVar[Mark]
    STUCK_JOKERS: ClassVar[Mark]
    NO_BURN: ClassVar[Mark]
    NO_REVOLUTION: ClassVar[Mark]
    NO_HUI3: ClassVar[Mark]
    NO_DECLARATION: ClassVar[Mark]
    VOID: ClassVar[Mark]
    REDEALT: ClassVar[Mark]

    def __str__(self) -> str:
        return self.text


Mark.BURN = Mark("烧牌")  # a burn declared
Mark.COUNTER_BURN = Mark("反烧")  # a burn declared against a burn
Mark.BEAT_BACK = Mark("压回")  # the burner beat its 对头's answer back: the burn goes on
Mark.BURN_BROKEN = Mark("解烧")
Mark.ZHASHAO = Mark("诈烧")  # the burn failed its condition: the burner is ranked at once
Mark.MANGUAN = Mark("满贯")  # a one-run win ends the game
Mark.JIEFENG = Mark("接风")  # the lead passes on from a seat gone out
Mark.ASKS_JIEFENG = Mark("申请接风")
Mark.YIELDS = Mark("让牌")
Mark.LUANCHAN = Mark("四人乱缠")
Mark.CANNOT_ANSWER = Mark("扣牌")  # the 对头 could not answer the burn
Mark.WRONG_PLAY = Mark("错牌不出")  # an illegal play cost the turn (a RuleBroken note says which rule)
Mark.YUDIAN = Mark("预点")
Mark.MINGDIAN = Mark("明点")
Mark.TIAOPAI = Mark("挑牌")
Mark.REVOLUTION = Mark("革命")
Mark.STUCK_JOKERS = Mark("大小王不出手")  # left with jokers only: ranked 大落 at once
Mark.NO_BURN = Mark("no burn")  # a burn offer declined
Mark.NO_REVOLUTION = Mark("no 革命")
Mark.NO_HUI3 = Mark("no 会3")
Mark.NO_DECLARATION = Mark("no 宣点")
Mark.VOID = Mark("流局: void, redeal")
Mark.REDEALT = Mark("the given hands void the game by themselves (automatic 革命): dealt from the seed instead")
#: every mark
ALL_MARKS: tuple[Mark, ...] = tuple(value for value in vars(Mark).values() if isinstance(value, Mark))


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
