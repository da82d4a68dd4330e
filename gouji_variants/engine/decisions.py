"""Legality: which actions a decision allows (:func:`check`, :func:`legal`), per slot kind.

Each kind of decision is owned by a rule area (a return by tribute, a burn offer by burning, a
lead or follow by turns and plays, …); this module asks that area's class on the game's table,
so a replaced area (``components.registry``) is asked too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import le

from ..components.checked import stranded
from ..components.draws import below, choice
from ..components.plays import Verdict, forbids
from ..components.table import BEATING, BURN, DECLARING, FOLLOW, HUI3, LEAD, MINGDIAN, RETURN, REVOLT, Counts, Table
from ..ruleset.cards import N_RANKS
from .actions import (
    ASK,
    DECLARE,
    JIEFENG,
    PASS,
    REVOLUTION,
    TIAOPAI,
    YIELD,
    Action,
    Ask,
    Burn,
    Declare,
    Hui3,
    Jiefeng,
    Pass,
    Play,
    Return,
    Revolution,
    Tiaopai,
    Yield,
)
from .interned import burn_of, burns_of, play_of, plays_of_groups, return_of


def no(rule: str, zh: str, en: str) -> Verdict:
    return Verdict(False, rule, zh, en)


def check(table: Table, action: Action) -> Verdict | None:
    """None when ``action`` is legal for the seat to act, else the verdict saying why not."""
    if table.over:
        return no("game.over", "本局已结束", "the game is over")
    kind, seat = table.kind, table.turn
    hand = table.hands[seat]
    if isinstance(action, (Play, Burn, Return)):
        counts = action.cards.counts
        if not all(map(le, counts, hand)):
            return no("cards.in-hand", f"手中没有这些牌：{action.cards}",
                      f"those cards are not in your hand: {action.cards}")
    if kind == RETURN:
        owed = table.tribute.owed_back()
        if isinstance(action, Return) and len(action.cards) == owed:
            return None
        return no("tribute.returned", f"还贡：须还{owed}张牌", f"还贡: return {owed} card(s) of your choice")
    if kind == REVOLT:
        if isinstance(action, (Revolution, Pass)):
            return None
        return no("revolution.enabled", "出牌前可宣布革命或不革命（过）",
                  "before the first play you may declare 革命 or pass")
    if kind in DECLARING:
        if isinstance(action, (Declare, Pass)):
            return None
        return no("kaidian.mingdian" if kind == MINGDIAN else "kaidian.yudian",
                  "宣点：宣布对头不开点（declare），或过", "宣点: declare that your 对头 will not 开点, or pass")
    if kind == HUI3:
        if isinstance(action, Pass) or (isinstance(action, Hui3) and action.which in table.rules.hui3.choices):
            return None
        choices = ", ".join(table.rules.hui3.choices)
        return no("hui3.choices", f"会3：可选 {choices}，或过", f"会3: choose one of {choices}, or pass")
    if isinstance(action, Ask):
        if table.reporting.to_ask(seat):
            return None
        return no("reporting.report_counts", "问张数：报牌须有人问时，轮到自己出牌时可问；现在没有未报的张数",
                  "ask for hand counts: where counts are told only when asked, at your turn to play, while a "
                  "hand at or below the reporting count has not told its count")
    if kind == LEAD:
        return _check_lead(table, seat, action)
    if kind == BURN:
        if isinstance(action, Pass):
            return None
        if not isinstance(action, Burn):
            return no("burning.enabled", "这是烧牌机会：烧（burn 牌）或不烧（过）",
                      "this is your chance to burn the 够级 play: burn with cards that beat it, or pass")
        return _beats(table, action.cards.counts)
    return _check_beating(table, seat, action)


_NO_YIELD = no("turns.allow_yield", "只有对头出牌、上两家都过后才可让牌（让牌后须自己上或扣）",
               "you may yield only on your 对头's play after the two players before you passed, once")
_NO_JIEFENG = no("turns.jiefeng", "只有在上家的底牌前、且本规则许可时，下家才可申请接风",
                 "only the next player, on the last play of a player who went out, may ask to lead "
                 "(申请接风), where the ruleset allows it")


def _check_lead(table: Table, seat: int, action: Action) -> Verdict | None:
    if isinstance(action, Tiaopai):
        if table.reporting.may_tiaopai(seat):
            return None
        return no("reporting.tiaopai", "挑牌：本规则许可时，轮到自己发牌时可挑牌一次",
                  "挑牌: where the ruleset allows it, you may show your hand once, at your lead")
    if not isinstance(action, Play):
        return _not_a_lead(action)
    found = table.combo(action.cards.counts)
    if isinstance(found, Verdict):
        return found
    if table.rules.plays.forbidden:
        forbidden = forbids(table.rules.plays, found, table.hands[seat], None)
        if forbidden is not None:
            return forbidden
    return _threes(table, seat, action.cards.counts)


def _not_a_lead(action: Action) -> Verdict:
    """Why ``action`` is no lead: its own rule where it has one (a burn, 让牌, 接风, 革命), else that a
    leader plays."""
    if isinstance(action, Burn):
        return no("burning.enabled", "发牌时没有可烧的牌：烧牌是在够级牌打出后管上它；发牌请直接出这手牌",
                  "you lead: a burn answers a 够级 play and there is none to answer; lead the cards as a play")
    if isinstance(action, Yield):
        return _NO_YIELD
    if isinstance(action, Jiefeng):
        return _NO_JIEFENG
    if isinstance(action, Revolution):
        return no("revolution.enabled", "革命只能在第一手牌之前、轮到宣布时宣布",
                  "革命 is declared before the first play, when you are asked; you lead now")
    if isinstance(action, Pass):
        return no("turns.lead", "该你发牌：须出一手牌，发牌人不能过",
                  "you lead: play a combination (a leader cannot pass)")
    return no("turns.lead", "该你发牌：须出一手牌", "you lead: play a combination")


def _threes(table: Table, seat: int, counts: Counts) -> Verdict | None:
    """憋3's rule for 3s, asked of every play, led or not (the move generator keeps it: ``whole_threes``)."""
    if table.rules.bie3.enabled and table.bie3.splits_threes(seat, counts):
        return no("bie3.enabled", "憋3：3须全部一起、作为最后一手打出（第二十六条）",
                  "憋3: your 3s go all together, as your last play (article 26)")
    return None


def _check_beating(table: Table, seat: int, action: Action) -> Verdict | None:
    """FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER."""
    if isinstance(action, Pass):
        return None
    if isinstance(action, Yield):
        if table.turns.may_yield(seat):
            return None
        return _NO_YIELD
    if isinstance(action, Jiefeng):
        if table.turns.may_request_jiefeng(seat):
            return None
        return _NO_JIEFENG
    if isinstance(action, Burn):
        return no("burning.enabled", "现在不能烧牌：烧牌须在够级牌打出后、对头之前，且未过牌",
                  "you cannot burn now: a burn is declared right after a 够级 play, ahead of its 对头, "
                  "before passing")
    if not isinstance(action, Play):
        return no("turns.order", "现在只能上牌或过牌", "you may only beat the play or pass now")
    return _beats(table, action.cards.counts)


def _beats(table: Table, counts: Counts) -> Verdict | None:
    found = table.combo(counts)
    if isinstance(found, Verdict):
        return found
    assert table.top is not None
    verdict = table.components.plays.beats(found, table.top, table.rules.plays)
    if verdict.ok and table.rules.plays.forbidden:
        forbidden = forbids(table.rules.plays, found, table.hands[table.turn], table.top)
        if forbidden is not None:
            return forbidden
    return _threes(table, table.turn, counts) if verdict.ok else verdict


def legal(table: Table) -> list[Action]:
    """Every legal action of the seat to act (a lead lists every distinct combination)."""
    if table.over:
        return []
    kind, seat = table.kind, table.turn
    hand = table.hands[seat]
    if kind == LEAD:
        leads: list[Action] = list(lead_plays(table, seat))
        return leads + ([TIAOPAI] if table.reporting.may_tiaopai(seat) else []) + \
            ([ASK] if table.reporting.to_ask(seat) else [])
    if kind == RETURN:
        return list(map(return_of, submultisets(hand, table.tribute.owed_back())))
    if kind == REVOLT:
        return [REVOLUTION, PASS]
    if kind == HUI3:
        return [PASS, *(Hui3(which) for which in table.rules.hui3.choices)]
    if kind in DECLARING:
        return [DECLARE, PASS]
    assert table.top is not None
    if kind == BURN:
        return [*burns_of(table.moves.beating_list(hand, table.top)), PASS]
    return [*plays_of_groups(table.moves.beating_groups(hand, table.top)), *others(table, kind)]


def lead_plays(table: Table, seat: int) -> tuple[Play, ...]:
    """The leads of ``seat``: those the move generator lists, each checked with the 憋3 area's
    :meth:`~.Bie3Area.splits_threes` where that area or the ``plays`` area is replaced."""
    found = plays_of_groups(table.moves.lead_groups(table.hands[seat]))
    if table.threes_checked:
        bie3 = table.bie3
        found = tuple([play for play in found if not bie3.splits_threes(seat, play.cards.counts)])
    return found


def others(table: Table, kind: int) -> list[Action]:
    """What the seat to act may do on the play besides beating it."""
    found: list[Action] = [PASS]
    seat = table.turn
    if kind == FOLLOW and table.turns.may_yield(seat):
        found.append(YIELD)
    if table.turns.may_request_jiefeng(seat):
        found.append(JIEFENG)
    if table.reporting.to_ask(seat):
        found.append(ASK)
    return found


def sample(table: Table, rng: random.Random) -> Action:
    """A legal action drawn uniformly at random; leads are drawn without listing them."""
    kind = table.kind
    if table.over or kind not in BEATING and kind != BURN:
        if kind == LEAD and not table.over:
            if table.threes_checked:
                leads = lead_plays(table, table.turn)
                if not leads:
                    raise stranded(table.hands[table.turn])
                return choice(rng, leads)
            return play_of(table.moves.sample_lead(table.hands[table.turn], rng))
        if kind == RETURN and not table.over:  # the draw choice(rng, legal(table)) makes, without the list
            hand, size = table.hands[table.turn], table.tribute.owed_back()
            ways = submultiset_counts(hand, size)
            return return_of(nth_submultiset(hand, size, below(rng, ways[0][size]), ways))
        return choice(rng, legal(table))
    assert table.top is not None
    plays = table.moves.beating_list(table.hands[table.turn], table.top)
    extra = others(table, kind)
    pick = below(rng, len(plays) + len(extra))
    if pick >= len(plays):
        return extra[pick - len(plays)]
    return burn_of(plays[pick]) if kind == BURN else play_of(plays[pick])


def submultisets(hand: Sequence[int], size: int) -> list[Counts]:
    """Every distinct multiset of ``size`` cards from ``hand``, the most of the lowest ranks first
    (descending order of the count vectors)."""
    found: list[Counts] = []
    ways = submultiset_counts(hand, size)
    if ways[0][size]:
        _walk(hand, ways, [0] * N_RANKS, found, 0, size)
    return found


def _walk(hand: Sequence[int], ways: list[list[int]], chosen: list[int], found: list[Counts],
          rank: int, left: int) -> None:
    """Add to ``found`` every way of taking ``left`` more cards from the ranks from ``rank`` on
    (a function of the module, not a closure: a recursive closure is a reference cycle that only
    the garbage collector frees)."""
    if left == 0:
        found.append(tuple(chosen))
        return
    for take in range(min(left, hand[rank]), -1, -1):
        if ways[rank + 1][left - take]:  # the later ranks can make up the rest
            chosen[rank] = take
            _walk(hand, ways, chosen, found, rank + 1, left - take)
    chosen[rank] = 0


def submultiset_counts(hand: Sequence[int], size: int) -> list[list[int]]:
    """``ways[rank][left]``: how many distinct multisets of ``left`` cards the ranks from ``rank`` on
    give (``ways[0][size]`` is ``len(submultisets(hand, size))``)."""
    ways = [[1] + [0] * size for _ in range(N_RANKS + 1)]
    for rank in range(N_RANKS - 1, -1, -1):
        later, here, most = ways[rank + 1], ways[rank], hand[rank]
        for left in range(1, size + 1):
            here[left] = sum(later[left - most if most < left else 0:left + 1])
    return ways


def nth_submultiset(hand: Sequence[int], size: int, index: int, ways: list[list[int]]) -> Counts:
    """``submultisets(hand, size)[index]``, found through the counts ``ways`` without the list."""
    chosen = [0] * N_RANKS
    left = size
    for rank in range(N_RANKS):
        if not left:
            break
        for take in range(min(left, hand[rank]), -1, -1):
            here = ways[rank + 1][left - take]
            if index < here:
                chosen[rank] = take
                left -= take
                break
            index -= here
    return tuple(chosen)
