"""The ``plays`` component: what a combination is, and whether it beats another.

Rules: one rank per play; 贴钱 2s and 挂花 jokers fill the count (000:117-120);
步步高 + 张数相同; plays carrying jokers follow the ruleset's kill rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ..ruleset.cards import BIG_JOKER, JOKERS, RANK_NAMES_EN, RANK_NAMES_ZH, SMALL_JOKER, THREE, TOP_JOKER, TWO, Cards
from ..ruleset.expressions import ANY_JOKER, COVERING, RELATIVE, KillRule
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
    counts = cards.counts  # (a tuple: compiled, indexed directly, not through Cards.__getitem__)
    if not any(counts):
        return _no("plays.one-rank", "没有牌", "no cards")
    plain = [rank for rank in range(TWO) if counts[rank]]
    if len(plain) > 1:
        names = "、".join(RANK_NAMES_ZH[r] for r in plain)
        mixed = ", ".join(RANK_NAMES_EN[r] for r in plain)
        return _no("plays.one-rank", f"一手牌须是同一点数（{names}混出）",
                   f"a play is cards of one rank, with only 2s and jokers added ({mixed} mixed)")
    if plain:
        base = plain[0]
    elif counts[TWO]:
        base = TWO
    else:  # jokers alone: the lowest joker
        base = next(joker for joker in JOKERS if counts[joker])
    small, big = counts[SMALL_JOKER], counts[BIG_JOKER] + counts[TOP_JOKER]
    if base < TWO and counts[TWO] and not plays.attach_twos:
        return _no("plays.attach_twos", "本规则不许贴钱（2不能随同其他牌打出）",
                   "2s may not be attached to another rank here")
    if base <= TWO and (small or big) and not plays.attach_jokers:
        return _no("plays.attach_jokers", "本规则不许挂花", "jokers may not be attached to another rank here")
    if sum(1 for joker in JOKERS if counts[joker]) > 1 and not plays.mix_jokers:
        return _no("plays.mix_jokers", "大王、小王不可混出", "a big and a small joker may not go in the same play here")
    if base == THREE and (small or big) and not plays.jokers_with_threes:
        return _no("plays.jokers_with_threes", "3不能挂王", "jokers may not be attached to 3s here")
    if base == THREE and bie3.enabled and (small or big or counts[TWO]):
        return _no("bie3.enabled", "憋3：3不能贴钱或挂花（第二十六条(三)）",
                   "憋3: 3s are never played with 2s or jokers (article 26 (3))")
    return Combo(cards, base)


def kind_of(play: Combo) -> int:
    """The joker a kill rule's target names for ``play``: its highest joker."""
    return next(joker for joker in reversed(JOKERS) if play.cards[joker])


def count_jokers(cards: Cards, joker: int) -> int:
    """How many ``joker`` cards (or 2s), or all jokers together for :data:`ANY_JOKER`."""
    return sum(cards[j] for j in JOKERS) if joker == ANY_JOKER else cards[joker]


def _where(rule: KillRule, target: Combo) -> bool:
    """Whether ``target`` is a play ``rule`` is about by where its jokers go (on 2s, a single 2, alone)."""
    return (not rule.on_two or target.base == TWO) and (not rule.single_two or target.twos == 1) \
        and (not rule.alone or target.base in JOKERS)


def applies(rule: KillRule, target: Combo) -> bool:
    """Whether ``rule`` is about plays like ``target`` (its highest joker and where it applies)."""
    return rule.target in (ANY_JOKER, kind_of(target)) and _where(rule, target)


#: What a kill asks of the killer's cards: (how many, of which kinds), one entry a rule and joker kind.
Need = tuple[int, tuple[int, ...]]
#: The jokers of a target one rule covers: (joker kind, how many), lowest kind first.
Covered = tuple[tuple[int, int], ...]
#: One rule of a kill: its index in ``plays.kills``, the rule, and the jokers it covers.
Part = tuple[int, KillRule, Covered]


@dataclass(frozen=True, slots=True)
class Kill:
    """One way to beat a play carrying jokers: the rules it uses (:data:`Part`) and, for the answer, its
    size, its lowest base rank (a higher rank, jokers alone or any: each rule's bound, the highest) and
    the killer cards it holds (:data:`Need`, which :func:`enough` checks)."""

    parts: tuple[Part, ...]
    size: int
    low: int
    needs: tuple[Need, ...]

    @property
    def rule(self) -> str:
        """The rule id of a verdict: ``plays.kills[1]``, or ``plays.kills[0+2]`` for rules composed."""
        return "plays.kills[" + "+".join(str(index) for index, _, _ in self.parts) + "]"

    def names(self, between: str) -> str:
        """The rules, as written, ``between`` each other."""
        return between.join(str(rule) for _, rule, _ in self.parts)


def _kill(parts: list[Part], target: Combo) -> Kill:
    """The :class:`Kill` of rules each covering some of the target's jokers."""
    size = target.size
    low = 0
    needs: dict[tuple[int, ...], int] = {}  # killer kinds -> how many (the same kinds asked twice: added)
    for _, rule, covered in parts:
        size += rule.extra * sum(count for _, count in covered) if rule.each else rule.extra
        low = max(low, 0 if rule.any_rank else SMALL_JOKER if rule.alone else target.base + 1)
        if rule.in_all:  # one count for the rule, of the killers it names (never relative)
            killers = rule.killers(covered[0][0])
            needs[killers] = needs.get(killers, 0) + rule.ratio
            continue
        for kind, count in covered:
            killers = rule.killers(kind)
            needs[killers] = needs.get(killers, 0) + rule.ratio * count
    return Kill(tuple(parts), size, low, tuple([(amount, kinds) for kinds, amount in needs.items()]))


def shares(count: int, rules: int) -> list[tuple[int, ...]]:
    """Every way to share ``count`` jokers among ``rules`` rules, the first rule's largest share first."""
    if rules == 1:
        return [(count,)]
    return [(first, *rest) for first in range(count, -1, -1) for rest in shares(count - first, rules - 1)]


def _splits(plays: Plays, target: Combo, kind: int) -> list[tuple[tuple[int, int], ...]]:
    """How the rules may cover the target's jokers of ``kind``: (rule index, how many) each. ``each``: all by
    one rule; ``each-joker``: shared among the rules for the kind in every way (the first rule's share first)."""
    indices = [index for index, rule in enumerate(plays.kills) if rule.target in (ANY_JOKER, kind)
               and _where(rule, target)]
    if plays.kill_cover == "each" or not indices:
        return [((index, target.cards[kind]),) for index in indices]
    return [tuple([(index, count) for index, count in zip(indices, share, strict=True) if count])
            for share in shares(target.cards[kind], len(indices))]


def kills_of(plays: Plays, target: Combo) -> list[Kill]:
    """Every way the kill rules beat ``target``, a play carrying jokers (none: it is dead), each distinct
    way once (the first found kept).

    ``plays.kill_cover`` ``highest``: one rule, about the target's highest joker (or ``joker``),
    covers that kind, or each joker for ``joker`` and relative killers; lower jokers count as
    plain cards. ``each``: every kind of joker the target holds is covered by a rule for it, the
    rules composing in one answer (a rule covering several kinds counts once). ``each-joker``: every
    joker is covered by a rule for its kind, the jokers of one kind shared among several rules."""
    kinds = tuple([joker for joker in JOKERS if target.cards[joker]])
    if plays.kill_cover == "highest":
        top = (kind_of(target),)
        return [_kill([(index, rule, tuple([(kind, target.cards[kind]) for kind in
                                            (kinds if rule.target == ANY_JOKER or rule.killer in RELATIVE else top)]))],
                      target) for index, rule in enumerate(plays.kills) if applies(rule, target)]
    found: list[Kill] = []
    seen: set[tuple[int, int, tuple[Need, ...]]] = set()
    for chosen in product(*[_splits(plays, target, kind) for kind in kinds]):
        parts: dict[int, Covered] = {}
        for kind, split in zip(kinds, chosen, strict=True):
            for index, count in split:
                parts[index] = (*parts.get(index, ()), (kind, count))
        kill = _kill([(index, plays.kills[index], covered) for index, covered in parts.items()], target)
        key = (kill.size, kill.low, tuple(sorted(kill.needs)))
        if key not in seen:
            seen.add(key)
            found.append(kill)
    return found


def enough(needs: tuple[Need, ...], counts: tuple[int, ...]) -> bool:
    """Whether ``counts`` holds the killer cards of ``needs``, each card covering one need (Hall: every
    set of needs has as many cards of their kinds together as it needs)."""
    if len(needs) == 1:
        amount, kinds = needs[0]
        return sum(counts[kind] for kind in kinds) >= amount
    for chosen in range(1, 1 << len(needs)):
        wanted = 0
        union: set[int] = set()
        for index, (amount, kinds) in enumerate(needs):
            if chosen >> index & 1:
                wanted += amount
                union.update(kinds)
        if sum(counts[kind] for kind in union) < wanted:
            return False
    return True


def meets(kill: Kill, play: Combo) -> bool:
    """Whether ``play`` beats the target of ``kill`` that way."""
    return play.size == kill.size and play.base >= kill.low and enough(kill.needs, play.cards.counts)


def _name(joker: int, names: tuple[str, ...], any_joker: str) -> str:
    return any_joker if joker == ANY_JOKER else names[joker]


def _needs_text(rule: KillRule, covered: Covered) -> tuple[str, str]:
    """What ``rule`` asks of the killer for the target's jokers it covers."""
    if rule.killer in RELATIVE:
        zh, en = ("同等或更大的王", "equal or higher joker") if rule.killer == COVERING else \
            ("更大的王", "higher joker")
        if rule.ratio == 1:
            return f"每张王都有{zh}相抵", f"{'an' if en[0] == 'e' else 'a'} {en} for each of its jokers"
        return f"每张王{rule.ratio}张{zh}", f"{rule.ratio} {en}s for each of its jokers"
    wanted = rule.wanted(sum(count for _, count in covered))
    killers = (rule.killer, *rule.more)
    zh = "或".join(_name(kind, RANK_NAMES_ZH, "王") for kind in killers)
    en = " or ".join(_name(kind, RANK_NAMES_EN, "joker") for kind in killers)
    return f"至少{wanted}张{zh}", f"at least {wanted} {en}(s)"


def _kill_requirement(kill: Kill, target: Combo) -> tuple[str, str]:
    needs = [_needs_text(rule, covered) for _, rule, covered in kill.parts]
    if not kill.low:
        rank_zh = rank_en = ""
    elif kill.low == SMALL_JOKER and any(rule.alone for _, rule, _ in kill.parts):
        rank_zh, rank_en = "、只出王", ", jokers alone"
    else:
        rank_zh, rank_en = f"、点数高于{RANK_NAMES_ZH[target.base]}", f", a rank above {RANK_NAMES_EN[target.base]}"
    rules_zh, rules_en = kill.names("」「"), kill.names("', '")
    return (
        f"须{'、'.join(zh for zh, _ in needs)}、共{kill.size}张{rank_zh}（规则「{rules_zh}」）",
        f"needs {', '.join(en for _, en in needs)}, {kill.size} cards in all{rank_en} (rule '{rules_en}')",
    )


def beats(play: Combo, target: Combo, plays: Plays) -> Verdict:
    """Whether ``play`` may be played on ``target`` (combination only, seats aside)."""
    if target.has_jokers:
        found = kills_of(plays, target)
        for kill in found:
            if meets(kill, play):
                rules_zh, rules_en = kill.names("」「"), kill.names("' with '")
                return Verdict(True, kill.rule, f"按打王规则「{rules_zh}」可灭",
                               f"beats it by the kill rule '{rules_en}'")
        if not found:
            kind = kind_of(target) if plays.kill_cover == "highest" else next(
                joker for joker in JOKERS if target.cards[joker] and not any(
                    rule.target in (ANY_JOKER, joker) and _where(rule, target) for rule in plays.kills))
            return _no("plays.kills", f"带{RANK_NAMES_ZH[kind]}的牌为死牌，无牌可灭，对头须扣牌",
                       f"a play with a {RANK_NAMES_EN[kind]} is dead: nothing beats it, and its 对头 must 扣 it")
        kind = kind_of(target)
        # the requirement of the most particular rules (on 2s, jokers alone), else of the first
        first = next((kill for kill in found if any(rule.on_two or rule.alone for _, rule, _ in kill.parts)), found[0])
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


def forbids(plays: Plays, play: Combo, hand: tuple[int, ...] | list[int] | None,
            target: Combo | None) -> Verdict | None:
    """The verdict of the first of ``plays.forbidden`` that forbids ``play`` from ``hand`` (None: unknown)
    led, or on ``target``; None if none does."""
    on = None if target is None else (target.base, target.cards.counts)
    for index, forbid in enumerate(plays.forbidden):
        if forbid.matches(play.base, play.cards.counts, hand, on):
            return _no(f"plays.forbidden[{index}]", f"本规则不许这样出牌（「{forbid}」）",
                       f"this table does not allow that play ('{forbid}')")
    return None
