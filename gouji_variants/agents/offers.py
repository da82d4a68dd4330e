"""The rule-aware heuristic's choices before play: 革命, 会3, 还贡 and 宣点 (明点 / 预点).

Each reads the compiled rules: 会3 keeps the 4s where 开点 needs them; 还贡 never gives back a
seat's 3s under 憋3 nor its 4s where they are bought or complete 开点 (it would have to buy them
back, paying with a 2); a declaration is made when the 对头 is unlikely enough to open for the
stakes (``mingdian`` / ``yudian``, or the ``xuandian_table``) to pay better than the plain
penalty. (买3 / 买4 payments are the engine's: a 2, else the cheaper joker; there is no choice.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..components.kaidian import PAIRS
from ..engine.actions import DECLARE, PASS, REVOLUTION, Hui3, Hui3Choice, Return
from ..engine.seat import SeatView
from ..ruleset.cards import BIG_JOKER, FOUR, JOKERS, SMALL_JOKER, THREE, TWO, Cards
from ..ruleset.rules import Kaidian, Outcomes, Rules
from ..ruleset.vocabulary import HUI3_CHOICES, Label
from .base import Choice

#: How often a seat opens (开点) when nothing is known of its hand, before the rules' hurdles.
OPEN_PRIOR = 0.8


def offer_advice(view: SeatView) -> Choice:
    """The choice at a decision before play (or the first legal action, for one it does not know)."""
    decision = view.decision
    if decision == "revolution":
        return (REVOLUTION, lambda: Label(zh="革命：没有2也没有王，这手牌多半落到最后",
                                          en="革命: without 2s or jokers this hand would likely finish last"))
    if decision == "hui3":
        return _hui3(view)
    if decision == "return":
        return _return(view)
    if decision in ("yudian", "mingdian"):
        return _declare(view, decision)
    return (view.legal_actions()[0], lambda: Label(zh="选第一个合规动作", en="takes the first legal action"))


def _keeps_fours(rules: Rules) -> bool:
    return rules.kaidian.enabled and (rules.kaidian.then_four or rules.kaidian.fours_after_open) \
        or rules.bie3.buy_fours


def _hui3(view: SeatView) -> Choice:
    hand = view.hand.counts
    choices = view.rules.hui3.choices
    threes, fours = hand[THREE] > 0 and "3" in choices, hand[FOUR] > 0 and "4" in choices
    fours = fours and not _keeps_fours(view.rules)
    which: Hui3Choice = "both" if threes and fours and "both" in choices else "3" if threes else "4"
    if threes or fours:
        taken = HUI3_CHOICES[which]
        return (Hui3(which), lambda: Label(zh=f"会{taken.zh}：难出的小牌从每家手里拿走",
                                           en=f"会3 of the {taken.en}: low cards hard to play leave every hand"))
    return (PASS, lambda: Label(zh="不会3：手里没有值得拿走的小牌",
                                en="no 会3: you hold no low cards you would gain by taking out"))


def _return(view: SeatView) -> Choice:
    """还贡 as :func:`return_cards` chooses it."""
    owed = next(len(a.cards) for a in view.legal_actions() if isinstance(a, Return))
    given = return_cards(view.rules, view.hand.counts, owed)
    return (Return(given), lambda: Label(
        zh=f"还{given}：能省下的小牌，留着这套规则需要的牌",
        en=f"returns {given}: low cards you can spare, keeping the cards these rules need"))


def return_cards(rules: Rules, hand: Sequence[int], owed: int) -> Cards:
    """The heuristic's 还贡 of ``owed`` cards from ``hand`` (all it reads: a network client without a world
    to act in decides it from its observation): whole small groups of low cards first (each saves a play),
    never 2s or jokers, and not the 3s (憋3) or 4s (where 开点 or buying needs them) it must keep."""
    keep = [0] * len(hand)
    if rules.bie3.enabled:
        keep[THREE] = hand[THREE]
    if _keeps_fours(rules):
        keep[FOUR] = min(hand[FOUR], 1)
    spare = [hand[rank] - keep[rank] if rank < TWO else 0 for rank in range(len(hand))]
    order = sorted((rank for rank in range(TWO) if spare[rank]), key=lambda rank: (spare[rank] > owed, rank))
    chosen = [0] * len(hand)
    left = owed
    for rank in order:
        take = min(left, spare[rank])
        chosen[rank] += take
        left -= take
    for rank in [*range(TWO), TWO, *JOKERS]:  # not enough to spare: the lowest of what is left
        take = min(left, hand[rank] - chosen[rank])
        chosen[rank] += take
        left -= take
    return Cards.unchecked(tuple(chosen))


def opening_chance(rule: Kaidian) -> float:
    """How often a seat opens by these rules, nothing known of its hand: :data:`OPEN_PRIOR` less
    each hurdle the rules set (``then_four``, pure plays only, one kind of play opening)."""
    chance = OPEN_PRIOR
    chance -= 0.15 if rule.then_four else 0
    chance -= 0.1 if set(rule.opens_with) <= {"pure"} else 0
    chance -= 0.1 if rule.answering in ("leads-only", "answers-only") else 0
    return chance


def _chance_duitou_opens(view: SeatView, mingdian: bool) -> float:
    """A rough chance that the 对头 opens: the prior, less for each hurdle the rules set, and (when
    the hand is seen, 明点) less for each joker the seat holds to beat the 对头's 够级 plays with."""
    chance = opening_chance(view.rules.kaidian)
    if mingdian:
        hand = view.hand.counts
        chance -= 0.06 * hand[BIG_JOKER] + 0.03 * hand[SMALL_JOKER] + 0.01 * hand[TWO]
    return min(max(chance, 0.05), 0.95)


def _row_value(part: Outcomes, first_opens: float, second_opens: float) -> float:
    """What the pair's first seat expects to gain from a part of the 宣点 table."""
    value = 0.0
    for first, second, row in ((True, True, part.both_opened), (True, False, part.only_first_opened),
                               (False, True, part.only_second_opened), (False, False, part.neither_opened)):
        chance = (first_opens if first else 1 - first_opens) * (second_opens if second else 1 - second_opens)
        value += chance * (row[1] - row[0])
    return value


def declaring_gains(rule: Kaidian, seat: int, kind: str, duitou_opens: float, own_opens: float) -> float:
    """How much more the seat expects from declaring (``kind``) than from not, against its 对头."""
    table = rule.xuandian_table
    if table is not None:
        first = any(seat == pair[0] for pair in PAIRS)
        mine, theirs = (own_opens, duitou_opens)
        neither = _row_value(table.neither_declared, *((mine, theirs) if first else (theirs, mine)))
        return _row_value(table.one_declared, mine, theirs) - (neither if first else -neither)
    stakes = rule.mingdian if kind == "mingdian" else rule.yudian
    assert stakes is not None
    declared = stakes.win * (1 - duitou_opens) - stakes.lose * duitou_opens
    return declared - rule.penalty * (1 - duitou_opens)


def _declare(view: SeatView, kind: str) -> Choice:
    chance = _chance_duitou_opens(view, kind == "mingdian")
    gain = declaring_gains(view.rules.kaidian, view.seat, kind, chance, _chance_duitou_opens(view, False))
    name = "明点" if kind == "mingdian" else "预点"
    if gain > 0:
        return (DECLARE, lambda: Label(zh=f"宣点（{name}）：对头开点的机会约{chance:.0%}，押注比普通罚分划算",
                                       en=f"declares {name}: your 对头 opens about {chance:.0%} of the time, "
                                          "and the stakes pay better than the plain penalty"))
    return (PASS, lambda: Label(zh=f"不宣点（{name}）：对头开点的机会约{chance:.0%}，太高，押注不划算",
                                en=f"no {name}: your 对头 opens about {chance:.0%} of the time, "
                                   "too often for the stakes"))
