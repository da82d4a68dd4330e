"""The game's words, each defined once and in one order: the action verbs (as records, the env and
a player name them), the decisions, the engine's statistics, and their Chinese and English labels.

The engine, the examples, the terminal, the env and the reports read these tables; nothing else
lists a verb, a decision or a statistic. A :class:`Label` is written by keyword
(``Label(zh="过", en="passes")``), so the two languages cannot be swapped.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Label:
    """One thing said in Chinese and in English."""

    zh: str
    en: str

    def __call__(self, lang: str) -> str:
        """The label in ``lang`` (``"zh"``; anything else is English)."""
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True, slots=True)
class Verb:
    """An action verb: its ``name`` in records, the env and English commands; what a seat taking it
    is said to do (``said``); the Chinese words a player may type for it (the first is shown)."""

    name: str
    said: Label
    typed: tuple[str, ...]


#: The actions without cards, in the env's encoding order (docs/env.md).
SIMPLE = (
    Verb("pass", Label(zh="过", en="passes"), ("过",)),
    Verb("yield", Label(zh="让牌", en="yields (让牌)"), ("让牌", "让")),
    Verb("jiefeng", Label(zh="申请接风", en="asks to lead (申请接风)"), ("接风", "申请接风")),
    Verb("tiaopai", Label(zh="挑牌", en="shows the hand to the team (挑牌)"), ("挑牌",)),
    Verb("ask", Label(zh="问张数", en="asks the counts (问张数)"), ("问张数", "问")),
    Verb("revolution", Label(zh="革命", en="革命"), ("革命",)),
    Verb("declare", Label(zh="宣点", en="declares (宣点)"), ("宣点",)),
)
#: The actions followed by cards; ``said`` comes before the cards.
WITH_CARDS = (
    Verb("play", Label(zh="出牌", en="plays"), ()),
    Verb("burn", Label(zh="烧牌", en="burns with"), ("烧", "烧牌")),
    Verb("return", Label(zh="还贡", en="returns"), ("还贡",)),
)
#: 会3, followed by one of :data:`HUI3_CHOICES`.
HUI3 = Verb("hui3", Label(zh="会3", en="会3"), ("会3",))
VERBS = (*SIMPLE, *WITH_CARDS, HUI3)
VERB_NAMED = {verb.name: verb for verb in VERBS}
SIMPLE_VERBS = tuple(verb.name for verb in SIMPLE)
CARD_VERBS = tuple(verb.name for verb in WITH_CARDS if verb.name != "play")
#: What a 会3 takes out of every hand: the choice as records write it, and the cards taken out
#: (in Chinese also the word a player may type for the choice).
HUI3_CHOICES: dict[str, Label] = {"3": Label(zh="3", en="3s"), "4": Label(zh="4", en="4s"),
                                  "both": Label(zh="3和4", en="3s and 4s")}

#: The decisions the engine asks for, in the engine's order (its decision kinds 0 …), then ``over``.
DECISIONS: dict[str, Label] = {
    "lead": Label(zh="发牌", en="lead"),
    "follow": Label(zh="管牌", en="follow"),
    "follow-on-yield": Label(zh="管让来的牌", en="follow on a yield"),
    "after-yield": Label(zh="让牌后管牌", en="follow after a yield"),
    "answer": Label(zh="回牌", en="answer"),
    "burn-offer": Label(zh="烧牌", en="burn offer"),
    "return": Label(zh="还贡", en="return"),
    "revolution": Label(zh="革命", en="revolution"),
    "hui3": Label(zh="会3", en="会3"),
    "yudian": Label(zh="预点", en="预点"),
    "mingdian": Label(zh="明点", en="明点"),
    "over": Label(zh="已结束", en="over"),
}
#: The decisions a seat is asked for (``over`` is none).
DECISION_NAMES = tuple(name for name in DECISIONS if name != "over")


@dataclass(frozen=True, slots=True)
class Statistic:
    """A counter of the engine's ``Game.stats``: its name, its label, and (for a detail such as a
    successful burn) the statistic it details, whose English label it is read under."""

    name: str
    label: Label
    detail_of: str | None = None


#: The engine's counters, in the order reports list them.
STATISTICS = (
    Statistic("burns", Label(zh="烧牌", en="burns (烧牌)")),
    Statistic("successful_burns", Label(zh="烧牌成功", en="successful"), "burns"),
    Statistic("broken_burns", Label(zh="解烧", en="broken (解烧)"), "burns"),
    Statistic("counter_burns", Label(zh="反烧", en="taken over (反烧)"), "burns"),
    Statistic("zhashao", Label(zh="诈烧 → 大落", en="诈烧 → 大落"), "burns"),
    Statistic("jiefeng", Label(zh="接风", en="接风")),
    Statistic("revolutions", Label(zh="革命", en="revolutions (革命)")),
    Statistic("voids", Label(zh="流局", en="void games (流局)")),
    Statistic("hui3", Label(zh="会3", en="会3")),
    Statistic("kaidian_failures", Label(zh="未开点（打点）", en="开点 failures (seats that did not open, 打点)")),
    Statistic("gave_up_kaidian", Label(zh="放弃开点（落四、罚）", en="开点 given up (落四, forfeits)"),
              "kaidian_failures"),
    Statistic("declarations", Label(zh="宣点（明点 / 预点）", en="宣点 (明点 / 预点)")),
    Statistic("bought", Label(zh="买3 / 买4（憋3）", en="买3 / 买4 (憋3)")),
    Statistic("men", Label(zh="闷（憋3）", en="闷 (stifled, 憋3)")),
    Statistic("stuck_jokers", Label(zh="大小王不出手 → 大落", en="大小王不出手 → 大落")),
    Statistic("forfeits", Label(zh="罚（大落或不开点）", en="forfeits (penalties.forfeits: 大落 or 不开点)")),
    Statistic("forced", Label(zh="被迫过牌", en="forced passes (cannot beat)")),
)
STATISTIC_NAMES = tuple(statistic.name for statistic in STATISTICS)
