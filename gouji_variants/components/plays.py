"""The ``plays`` component: what a combination is, and whether it beats another.

Rules: one rank per play; 贴钱 2s and 挂花 jokers fill the count (000:117-120);
步步高 + 张数相同; plays carrying jokers follow the ruleset's kill rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset.cards import BIG_JOKER, JOKERS, RANK_NAMES_EN, RANK_NAMES_ZH, SMALL_JOKER, THREE, TOP_JOKER, TWO, Cards
from ..ruleset.expressions import ANY_JOKER, COVERING, KillRule
from ..ruleset.rules import Bie3, Plays


@dataclass(frozen=True, slots=True)
class Verdict:
    """A referee's answer: whether, the id of the rule that decided, and why (zh/en)."""

    ok: bool
    rule: str
    zh: str
    en: str


@dataclass(frozen=True, slots=True)
class Combo:
    """A legal combination: its base rank and what is attached."""

    cards: Cards
    base: int

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def small(self) -> int:
        return self.cards[SMALL_JOKER]

    @property
    def big(self) -> int:
        return self.cards[BIG_JOKER]

    @property
    def top(self) -> int:
        """How many 王中王 (W) it carries."""
        return self.cards[TOP_JOKER]

    @property
    def has_jokers(self) -> bool:
        counts = self.cards.counts
        return bool(counts[SMALL_JOKER] or counts[BIG_JOKER] or counts[TOP_JOKER])

    @property
    def twos(self) -> int:
        return self.cards[TWO]


def _no(rule: str, zh: str, en: str) -> Verdict:
    return Verdict(False, rule, zh, en)


def classify(cards: Cards, plays: Plays, bie3: Bie3) -> Combo | Verdict:
    """The :class:`Combo` these cards make, or the :class:`Verdict` saying why they make none."""
    if not len(cards):
        return _no("plays.one-rank", "没有牌", "no cards")
    plain = [rank for rank in range(TWO) if cards[rank]]
    if len(plain) > 1:
        names = "、".join(RANK_NAMES_ZH[r] for r in plain)
        mixed = ", ".join(RANK_NAMES_EN[r] for r in plain)
        return _no("plays.one-rank", f"一手牌须是同一点数（{names}混出）",
                   f"a play is cards of one rank, with only 2s and jokers added ({mixed} mixed)")
    if plain:
        base = plain[0]
    elif cards[TWO]:
        base = TWO
    else:  # jokers alone: the lowest joker
        base = next(joker for joker in JOKERS if cards[joker])
    small, big = cards[SMALL_JOKER], cards[BIG_JOKER] + cards[TOP_JOKER]
    if base < TWO and cards[TWO] and not plays.attach_twos:
        return _no("plays.attach_twos", "本规则不许贴钱（2不能随同其他牌打出）",
                   "2s may not be attached to another rank here")
    if base <= TWO and (small or big) and not plays.attach_jokers:
        return _no("plays.attach_jokers", "本规则不许挂花", "jokers may not be attached to another rank here")
    if sum(1 for joker in JOKERS if cards[joker]) > 1 and not plays.mix_jokers:
        return _no("plays.mix_jokers", "大王、小王不可混出", "a big and a small joker may not go in the same play here")
    if base == THREE and (small or big) and not plays.jokers_with_threes:
        return _no("plays.jokers_with_threes", "3不能挂王", "jokers may not be attached to 3s here")
    if base == THREE and bie3.enabled and (small or big or cards[TWO]):
        return _no("bie3.enabled", "憋3：3不能贴钱或挂花（第二十六条(三)）",
                   "憋3: 3s are never played with 2s or jokers (article 26 (3))")
    return Combo(cards, base)


def kind_of(play: Combo) -> int:
    """The joker a kill rule's target names for ``play``: its highest joker."""
    return next(joker for joker in reversed(JOKERS) if play.cards[joker])


def count_jokers(cards: Cards, joker: int) -> int:
    """How many ``joker`` cards (or 2s), or all jokers together for :data:`ANY_JOKER`."""
    return sum(cards[j] for j in JOKERS) if joker == ANY_JOKER else cards[joker]


def applies(rule: KillRule, target: Combo) -> bool:
    """Whether ``rule`` is about plays like ``target`` (its joker and where it applies)."""
    return (
        rule.target in (ANY_JOKER, kind_of(target))
        and (not rule.on_two or target.base == TWO)
        and (not rule.single_two or target.twos == 1)
        and (not rule.alone or target.base in JOKERS)
    )


def covers(play: Cards, target: Cards) -> bool:
    """Each of ``target``'s jokers is matched by an equal or higher joker of ``play``."""
    have = need = 0
    for joker in reversed(JOKERS):
        have += play[joker]
        need += target[joker]
        if have < need:
            return False
    return True


def kills(rule: KillRule, play: Combo, target: Combo) -> bool:
    """Whether ``play`` meets ``rule`` against ``target`` (``rule`` applies to it)."""
    if play.size != target.size + rule.extra:
        return False
    if rule.killer == COVERING:
        if not covers(play.cards, target.cards):
            return False
    elif count_jokers(play.cards, rule.killer) < rule.wanted(count_jokers(target.cards, rule.target)):
        return False
    if rule.any_rank:
        return True
    return play.base in JOKERS if rule.alone else play.base > target.base


def _name(joker: int, names: tuple[str, ...], any_joker: str) -> str:
    return any_joker if joker == ANY_JOKER else names[joker]


def _kill_requirement(rule: KillRule, target: Combo) -> tuple[str, str]:
    size = target.size + rule.extra
    if rule.killer == COVERING:
        zh_need, en_need = "每张王都有同等或更大的王相抵", "an equal or higher joker for each of its jokers"
    else:
        wanted = rule.wanted(count_jokers(target.cards, rule.target))
        zh_need = f"至少{wanted}张{_name(rule.killer, RANK_NAMES_ZH, '王')}"
        en_need = f"at least {wanted} {_name(rule.killer, RANK_NAMES_EN, 'joker')}(s)"
    if rule.any_rank:
        rank_zh = rank_en = ""
    elif rule.alone:
        rank_zh, rank_en = "、只出王", ", jokers alone"
    else:
        rank_zh, rank_en = f"、点数高于{RANK_NAMES_ZH[target.base]}", f", a rank above {RANK_NAMES_EN[target.base]}"
    return (
        f"须{zh_need}、共{size}张{rank_zh}（规则「{rule}」）",
        f"needs {en_need}, {size} cards in all{rank_en} (rule '{rule}')",
    )


def beats(play: Combo, target: Combo, plays: Plays) -> Verdict:
    """Whether ``play`` may be played on ``target`` (combination only, seats aside)."""
    if target.has_jokers:
        kind = kind_of(target)
        applying = [(index, rule) for index, rule in enumerate(plays.kills) if applies(rule, target)]
        for index, rule in applying:
            if kills(rule, play, target):
                return Verdict(True, f"plays.kills[{index}]", f"按打王规则「{rule}」可灭",
                               f"beats it by the kill rule '{rule}'")
        if not applying:
            return _no("plays.kills", f"带{RANK_NAMES_ZH[kind]}的牌为死牌，无牌可灭，对头须扣牌",
                       f"a play with a {RANK_NAMES_EN[kind]} is dead: nothing beats it, and its 对头 must 扣 it")
        # the requirement of the most particular rule (on 2s, jokers alone), else of the first
        first = next((rule for _, rule in applying if rule.on_two or rule.alone), applying[0][1])
        zh, en = _kill_requirement(first, target)
        return _no("plays.kills", f"灭带{RANK_NAMES_ZH[kind]}的牌{zh}",
                   f"to beat a play with a {RANK_NAMES_EN[kind]}: {en}")
    if play.size != target.size:
        return _no("plays.same-count", f"张数相同：须出{target.size}张",
                   f"张数相同: the play must have {target.size} cards")
    if play.base <= target.base:
        return _no("plays.higher-rank", f"步步高：点数须高于{RANK_NAMES_ZH[target.base]}",
                   f"步步高: the rank must be higher than {RANK_NAMES_EN[target.base]}")
    return Verdict(True, "plays.higher-rank", "步步高、张数相同，可以上",
                   "same number of cards at a higher rank: it beats")

