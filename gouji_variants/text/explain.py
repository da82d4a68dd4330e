"""Every rule value as one plain sentence a table understands, in Chinese and English.

``RULES`` holds, for each rule key of :data:`gouji_variants.ruleset.rules.SECTIONS`, a short name
and a function from the rule's typed value to ``(zh, en)``; a rule whose meaning other rules
narrow (贴钱 under 憋3) also says what holds ``given`` them. Sentences carry no final
full stop, so that they can be joined; :func:`sentence` adds it. A test checks that every
key and every value a key can take has a sentence in both languages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..ruleset.cards import BIG_JOKER, RANK_NAMES_EN, RANK_NAMES_ZH, SMALL_JOKER, TOP_JOKER, TWO
from ..ruleset.expressions import (
    ANY_JOKER,
    BUY_SOURCES,
    CONSEQUENCES,
    COVERING,
    RELATIVE,
    TRIBUTE_KINDS,
    BuyOrder,
    DeckRecipe,
    Forbid,
    Forfeit,
    HandRule,
    KillRule,
    Shape,
    Thresholds,
    TributeOrder,
)
from ..ruleset.rules import (
    GOUSIJI_DAGANG,
    PLACE_NAMES,
    SECTIONS,
    Needs,
    Outcomes,
    Rules,
    Stakes,
    XuandianTable,
    needs,
)

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")
Text = tuple[str, str]  # (zh, en)
Say = Callable[[Any], Text]
Given = Callable[[Any, Rules], Text | None]

_ZH_NUMBERS = "零一两三四五六七八九十"
_EN_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve")
_JOKER_NAMES = {BIG_JOKER: "大王", SMALL_JOKER: "小王", TOP_JOKER: "王中王"}


@dataclass(frozen=True)
class RuleText:
    """A rule's short name in both languages, what each of its values means, and what it means
    ``given`` the other rules where they narrow it (None where they do not)."""

    zh: str
    en: str
    say: Say
    given: Given | None = None

    def name(self, lang: Lang) -> str:
        return self.zh if lang == "zh" else self.en


# ── small helpers ────────────────────────────────────────────────────────────


def _zh_number(n: int) -> str:
    return _ZH_NUMBERS[n] if 0 < n <= 10 else str(n)


def _en_number(n: int) -> str:
    return _EN_NUMBERS[n] if 0 <= n < len(_EN_NUMBERS) else str(n)


def _en_cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _rank_zh(rank: int) -> str:
    return _JOKER_NAMES.get(rank, RANK_NAMES_ZH[rank])


def _rank_en(rank: int) -> str:
    return _JOKER_NAMES.get(rank, RANK_NAMES_EN[rank])


def _en_list(items: Sequence[str], word: str = "and") -> str:
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _flag(yes: Text, no: Text) -> Say:
    return lambda value: yes if value else no


def _choice(options: dict[str, Text]) -> Say:
    return lambda value: options[value]


def _number(some: Callable[[int], Text], none: Text | None = None) -> Say:
    """A count; ``none`` is what null means for the keys that may be null."""

    def say(value: int | None) -> Text:
        if value is None:
            if none is None:
                raise KeyError("null")
            return none
        return some(value)

    return say


def _options(names: dict[str, Text], some: Callable[[str, str], Text], empty: Text) -> Say:
    """A set of options: ``some`` receives the options joined in each language."""

    def say(value: tuple[str, ...]) -> Text:
        if not value:
            return empty
        zh = [names[v][0] for v in value]
        return some("、".join(zh[:-1]) + "或" * (len(zh) > 1) + zh[-1], _en_list([names[v][1] for v in value], "or"))

    return say


def _gousiji(places: Sequence[str]) -> Text:
    if not places:
        return "不打够死级", "No 够死级"
    if len(places) == 1:
        return (f"够死级：{places[0]}走后，其对头有一次无人能回的够级",
                f"够死级: after {places[0]} goes out, their 对头 gets one 够级 play that no 对头 answers")
    return (f"够死级：{'、'.join(places)}走后，其对头各有一次无人能回的够级",
            f"够死级: after {_en_list(list(places))} go out, each one's 对头 gets one 够级 play that no 对头 answers")


# ── expressions ──────────────────────────────────────────────────────────────


def _deck(recipe: DeckRecipe) -> Text:
    cards = len(recipe.cards())
    zh_parts = [f"{_zh_number(recipe.decks)}副牌"]
    en_parts = [f"{_en_number(recipe.decks)} deck" + ("s" if recipe.decks > 1 else "")]
    for verb, count, rank in recipe.adjustments:
        zh, en = _rank_zh(rank), _rank_en(rank)
        zh_parts.append({"only": f"{zh}只留{count}张", "remove": f"去掉{count}张{zh}", "add": f"加{count}张{zh}"}[verb])
        en_parts.append({"only": f"only {_en_number(count)} {en}s kept", "remove": f"{_en_number(count)} {en}s removed",
                         "add": f"{_en_number(count)} {en}s added"}[verb])
    return (f"用{'，'.join(zh_parts)}：共{cards}张，每人{cards // 6}张",
            f"Played with {', '.join(en_parts)}: {cards} cards, {cards // 6} each")


def _each_hand(rule: HandRule | None) -> Text:
    if rule is None:
        return "全部随机发牌", "The whole deck is dealt at random"
    zh = "、".join(f"{'恰好' if bound == 'exactly' else '至少'}{count}张{_rank_zh(rank)}" for bound, count, rank in
                  rule.clauses)
    en = ", ".join(f"{bound} {_en_number(count)} {_rank_en(rank)}" for bound, count, rank in rule.clauses)
    return f"每人先发{zh}，其余随机发", f"Every hand is dealt {en} first, the rest at random"


def _buy_order(order: BuyOrder) -> Text:
    if not order.sources:
        return "不买3：缺3者照常出牌", "Nobody buys: a seat without a 3 plays on without one"
    zh = "，再".join("向" + BUY_SOURCES[source][0] + ("要（白给）" if gives else "买")
                    for source, gives in order.sources)
    en = ", then ".join(BUY_SOURCES[source][1] + (" (who give it, unpaid)" if gives else "")
                        for source, gives in order.sources)
    return (f"缺3者依次{zh}，以先问到有多余3者为准（用2，无2用王）",
            f"A seat without a 3 asks {en}; the first with a 3 to spare sells it (for a 2, else a joker)")


def _buyers_served_given(served: str, rules: Rules) -> Text | None:
    """Buyers served one after another start at seat 0 under ``bie3.buyers_order: by-seat``, not the leader."""
    if served != "in-turn" or rules.bie3.buyers_order != "by-seat":
        return None
    return "几人都缺时按座位从0号座起逐个买，每人依次问遍来源", \
        "Several buyers are served one after another from seat 0, each asking down its sources"


def _buy_order_given(order: BuyOrder, rules: Rules) -> Text | None:
    """What pays is said by ``bie3.pay_with`` and ``bie3.nothing_to_pay`` when they are not 2s then jokers."""
    bie3 = rules.bie3
    if not order.sources or (bie3.pay_with == _PAY_ALL and bie3.nothing_to_pay == "goes-without"):
        return None
    zh, en = _buy_order(order)
    return zh.removesuffix("（用2，无2用王）"), en.removesuffix(" (for a 2, else a joker)")


#: ``bie3.pay_with``: each kind's name in both languages; its neutral value.
_PAYERS: dict[str, Text] = {"twos": ("2", "a 2"), "small-joker": ("小王", "a 小王"),
                            "big-joker": ("大王", "a 大王"), "top-joker": ("王中王", "a 王中王")}
_PAY_ALL = ("twos", "small-joker", "big-joker", "top-joker")


def _pay_with(kinds: tuple[str, ...]) -> Text:
    if not kinds:
        return ("买3不付牌，只能向赠的来源要",
                "Nothing pays for a bought card: only a source that gives (赠) hands one over")
    left = [name for name in _PAY_ALL if name not in kinds]
    zh = "，无则".join(_PAYERS[kind][0] for kind in kinds)
    en = ", else ".join(_PAYERS[kind][1] for kind in kinds)
    never = (f"；{'、'.join(_PAYERS[kind][0] for kind in left)}从不用来付",
             f"; {_en_list([_PAYERS[kind][0] for kind in left], 'or')} never pays") if left else ("", "")
    return f"买来的牌用{zh}付{never[0]}", f"A bought card is paid with {en}{never[1]}"


def _forfeits(forfeits: tuple[Forfeit, ...]) -> Text:
    if not forfeits:
        return "缺牌、错出不另罚", "No forfeit for a missing card or the way a card is played"
    zh: list[str] = []
    en: list[str] = []
    for forfeit in forfeits:
        rank_zh, rank_en = _rank_zh(forfeit.rank), _rank_en(forfeit.rank)
        if forfeit.condition == "holds-none":
            zh.append(f"买牌后手中没有{rank_zh}者{CONSEQUENCES[forfeit.consequence][1]}")
            en.append(f"a seat holding no {rank_en} once buying is over {CONSEQUENCES[forfeit.consequence][2]}")
        else:
            with_zh = "或".join(_rank_zh(a) for a in forfeit.attached)
            with_en = _en_list([_rank_en(a) for a in forfeit.attached], "or")
            zh.append(f"{rank_zh}与{with_zh}一同打出（开点前后皆然）者{CONSEQUENCES[forfeit.consequence][1]}")
            en.append(f"a seat playing {rank_en}s together with a {with_en} (before or after opening) "
                      f"{CONSEQUENCES[forfeit.consequence][2]}")
    text = "; ".join(en)
    return "；".join(zh), text[:1].upper() + text[1:]


def _shape(shape: Shape) -> Text:
    """A shape of play (``plays.forbidden``) in zh and en."""
    if shape.kind == "jokers-alone":
        zh, en = "只有王的牌", "a play of jokers alone"
    elif shape.kind == "part":
        zh, en = f"只出手中一部分{_rank_zh(shape.rank)}", f"some but not all of one's {_rank_en(shape.rank)}s"
    else:
        zh, en = ("任何牌", "any play") if shape.kind == "any" else (f"{_rank_zh(shape.rank)}",
                                                                   f"a play of {_rank_en(shape.rank)}s")
        if shape.attached:
            zh += "带" + "或".join(_rank_zh(a) for a in shape.attached)
            en += " with a " + _en_list([_rank_en(a) for a in shape.attached], "or")
    return ("非" + zh, "anything but " + en) if shape.negated else (zh, en)


def forbid_text(forbid: Forbid) -> Text:
    """What one entry of ``plays.forbidden`` forbids, in both languages."""
    play_zh, play_en = _shape(forbid.play)
    if forbid.target is None:
        return f"不许出{play_zh}", f"{play_en} may not be played"
    on_zh, on_en = _shape(forbid.target)
    return f"{on_zh}不能用{play_zh}来灭", f"{on_en} may not be answered by {play_en}"


def _forbidden(forbidden: tuple[Forbid, ...]) -> Text:
    if not forbidden:
        return "合法的牌都可以出", "Every legal combination may be played"
    texts = [forbid_text(forbid) for forbid in forbidden]
    text = "; ".join(en for _, en in texts)
    return "；".join(zh for zh, _ in texts), text[:1].upper() + text[1:]


def _thresholds(value: Thresholds, but: Text = ("", "")) -> Text:
    minimum = [(rank, count) for rank, count in value.minimum if not (but[0] and rank in _BIG_JOKERS)]
    zh = "、".join(f"{_zh_number(count)}张{_rank_zh(rank)}" for rank, count in minimum)
    en = ", ".join(f"{_en_number(count)} {_rank_en(rank)}" for rank, count in minimum)
    return (f"够级牌最低为{zh}；张数更多或点数更高亦为够级{but[0]}",
            f"The smallest 够级 plays are {en}; more cards or a higher rank are 够级 too{but[1]}")


_BIG_JOKERS = (BIG_JOKER, TOP_JOKER)


def _thresholds_given(value: Thresholds, rules: Rules) -> Text | None:
    """Under big-joker-open a play with a 大王 (or 王中王) is never 够级, whatever the thresholds list."""
    if rules.gouji.joker_plays != "big-joker-open":
        return None
    return _thresholds(value, ("，带大王的牌除外", ", except a play with a 大王"))


def _joker_names(joker: int) -> Text:
    """A kill rule's joker (or ``joker``, or 2s as killers) in zh and en."""
    if joker == ANY_JOKER:
        return "王", "joker"
    if joker == TWO:
        return "2", "2s"
    return _JOKER_NAMES[joker], _JOKER_NAMES[joker]


def _kill_target(rule: KillRule) -> Text:
    target_zh, target_en = _joker_names(rule.target)
    if rule.single_two:
        return f"{target_zh}挂单张2的牌", f"a {target_en} play on a single 2"
    if rule.on_two:
        return f"{target_zh}挂2的牌", f"a {target_en} play on 2s"
    if rule.alone:
        return f"只有王、带{target_zh}的牌", f"a {target_en} play of jokers alone"
    return f"带{target_zh}的牌", f"a {target_en} play"


def _killer_names(rule: KillRule) -> Text:
    """The killer cards of a rule: a joker, a set of them, any joker, or 2s."""
    names = [_joker_names(kind) for kind in (rule.killer, *rule.more)]
    zh, en = "或".join(zh for zh, _ in names), " or ".join(en for _, en in names)
    return zh, "jokers of any kind" if rule.killer == ANY_JOKER else en


def kill_text(rule: KillRule) -> Text:
    """What one kill rule says, in both languages."""
    target, target_en = _joker_names(rule.target)
    if rule.killer in RELATIVE:
        word_zh, word_en = ("同等或更大的王", "equal or higher joker") if rule.killer == COVERING else \
            ("更大的王", "higher joker")
        if rule.ratio == 1:
            need_zh = f"每张王都有{word_zh}相抵"
            need_en = f"{'an' if word_en[0] == 'e' else 'a'} {word_en} for each of its jokers"
        else:
            need_zh = f"每张王都有{_zh_number(rule.ratio)}张{word_zh}相抵"
            need_en = f"{_en_number(rule.ratio)} {word_en}s for each of its jokers"
    else:
        killer, killer_en = _killer_names(rule)
        if rule.in_all:
            need_zh, times_en = f"{killer}至少{rule.ratio}张（不论其{target}数）", _en_number(rule.ratio)
        elif rule.ratio == 1:
            need_zh, times_en = f"{killer}数不少于其{target}数", "as many"
        else:
            need_zh = f"{killer}数至少为其{target}数的{_zh_number(rule.ratio)}倍"
            times_en = "twice as many" if rule.ratio == 2 else f"{_en_number(rule.ratio)} times as many"
        as_en = "" if rule.killer == rule.target and not rule.more or rule.in_all else f" as it has {target_en}"
        as_en += f", however many {target_en} it has" if rule.in_all else ""
        need_en = f"at least {times_en} {killer_en}{as_en}"
    size_zh = f"多{rule.extra}张" if rule.extra else "张数相同"
    size_en = f"{_en_number(rule.extra)} more card" + ("s" * (rule.extra > 1)) if rule.extra else \
        "the same number of cards"
    if rule.each:
        size_zh, size_en = f"每灭一张{target}多{rule.extra}张", f"{size_en} for each {target_en} it kills"
    what_zh, what_en = _kill_target(rule)
    rank_zh, rank_en = ("点数不限", "any rank") if rule.any_rank else ("只有王", "jokers alone") if rule.alone \
        else ("点数更高", "a higher rank")
    return (f"{what_zh}可由{need_zh}、{size_zh}、{rank_zh}的牌来灭",
            f"{what_en} is beaten by a play with {need_en}, {size_en} and {rank_en}")


def _kills(rules: tuple[KillRule, ...]) -> Text:
    zh = [kill_text(rule)[0] for rule in rules]
    en = [kill_text(rule)[1] for rule in rules]
    named = {TOP_JOKER} & {joker for rule in rules for joker in (rule.target, rule.killer)}
    for joker in (*named, BIG_JOKER, SMALL_JOKER):  # the highest first; 王中王 only where a rule names it
        name = _JOKER_NAMES[joker]
        covering = [rule for rule in rules if rule.target in (joker, ANY_JOKER)]
        if not covering:
            zh.append(f"带{name}的牌为死牌，无人能灭")
            en.append(f"a {name} play is dead: nobody can beat it")
        elif all(rule.on_two or rule.alone for rule in covering):
            zh.append(f"其他带{name}的牌为死牌")
            en.append(f"any other {name} play is dead")
    text = "; ".join(en)
    return "；".join(zh), text[:1].upper() + text[1:]


def _kills_given(kills: tuple[KillRule, ...], rules: Rules) -> Text | None:
    if not (kills and rules.bie3.enabled):
        return None
    zh, en = _kills(kills)
    return (f"{zh}；憋3：3不贴不挂，带3的牌不能打王",
            f"{en}; under 憋3 no play of 3s beats a joker play (3s never go with 2s or jokers)")


def _tribute_order(order: TributeOrder) -> Text:
    zh = [TRIBUTE_KINDS[kind][0] + "贡" for kind in order.kinds]
    en = [TRIBUTE_KINDS[kind][1] for kind in order.kinds]
    if len(order.kinds) == 1:
        return f"只进{zh[0]}", f"Only {en[0]} is paid"
    return f"进贡顺序：{'、'.join(zh)}", f"Tribute is paid in this order: {', '.join(en)}"


# ── structured values ────────────────────────────────────────────────────────


def _stakes(name: str, when_zh: str, when_en: str) -> Say:
    def say(value: Stakes | None) -> Text:
        if value is None:
            return f"不可{name}", f"No {name}"
        return (f"可{name}（{when_zh}）：对头未开点吃{value.win}张，对头开点（翻车）进{value.lose}张",
                f"{name} may be declared ({when_en}): the declarer eats {_en_cards(value.win)} if the 对头 does "
                f"not open, and pays {_en_cards(value.lose)} if they do (翻车)")

    return say


def _xuandian(table: XuandianTable | None) -> Text:
    if table is None:
        return "无宣点表：宣点按明点、预点的输赢张数", "No 宣点 table: declarations use the 明点 and 预点 stakes"
    zh: list[str] = []
    en: list[str] = []
    for group in dataclasses.fields(XuandianTable):
        outcomes: Outcomes = getattr(table, group.name)
        cells = [(field.metadata, getattr(outcomes, field.name)) for field in dataclasses.fields(Outcomes)]
        zh.append(group.metadata["zh"] + "：" + "，".join(f"{m['zh']}{a}-{b}" for m, (a, b) in cells))
        en.append(group.metadata["en"] + ": " + ", ".join(f"{m['en']} {a}-{b}" for m, (a, b) in cells))
    return ("宣点按表进点贡（前者-后者）：" + "；".join(zh),
            "After declarations 点贡 follow a table (first-second): " + "; ".join(en))


def _points(points: tuple[int, ...]) -> Text:
    shown = [(place, f"{point:+d}" if point else "0") for place, point in zip(PLACE_NAMES, points, strict=True)]
    return ("各名次得分：" + "、".join(place + point for place, point in shown),
            "Points per place: " + ", ".join(f"{place} {point}" for place, point in shown))


_OPENERS: dict[str, Text] = {
    "pure": ("纯够级", "a pure 够级 play"), "twos": ("带2的够级", "one with 2s"),
    "pair-of-twos": ("两张2", "a pair of 2s"), "small-joker": ("带小王的牌", "one with a 小王"),
    "big-joker": ("带大王的牌", "one with a 大王"),
}
_BURN_CONDITIONS: dict[str, Text] = {
    "joker-every-play": ("此后每手都挂王", "carry a joker in every later play"),
    "one-rank-left": ("灭牌后只剩一种点数", "be left with one rank only"),
}
#: What an item of a list rule is called where another rule needs the list to hold it (rules.Needs.contains).
_ITEM_NAMES: dict[str, dict[str, Text]] = {
    "tribute.order": {kind: (zh + "贡", zh + "贡") for kind, (zh, _) in TRIBUTE_KINDS.items()},
    "burning.conditions": {"joker-every-play": ("每手挂王", "a joker in every play"),
                           "one-rank-left": ("只剩一种点数", "one rank left")},
}
_HUI3: dict[str, Text] = {"3": ("会3", "every 3 (会3)"), "4": ("会4", "every 4 (会4)"),
                          "both": ("3和4都会", "both")}


RULES: dict[str, RuleText] = {
    "deck.recipe": RuleText("牌组", "deck", _deck),
    "deck.each_hand": RuleText("每手必有", "what every hand holds", _each_hand),
    "plays.attach_twos": RuleText("贴钱", "attaching 2s", _flag(
        ("贴钱：2可随同任何牌打出，算作该牌",
         "2s may be attached to a play of another rank and count as that rank (贴钱)"),
        ("不许贴钱：2只能单独成手", "2s may not be attached to another rank (no 贴钱)")),
        lambda attach, rules: ("贴钱：2可随同3以外的任何牌打出，算作该牌（憋3：3不贴）",
                               "2s may be attached to a play of any other rank but 3 and count as that rank "
                               "(贴钱; 憋3)") if attach and rules.bie3.enabled else None),
    "plays.attach_jokers": RuleText("挂花", "attaching jokers", _flag(
        ("挂花：大王、小王可随同任何牌打出", "Jokers may be attached to a play of any rank (挂花)"),
        ("不许挂花：王只能单独成手", "Jokers may not be attached to another rank (no 挂花)")),
        lambda attach, rules: (
            ("挂花：大王、小王可随同3以外的任何牌打出" + ("（憋3：3不挂）" if rules.bie3.enabled else ""),
             "Jokers may be attached to a play of any rank but 3 (挂花" + ("; 憋3)"
                                                                         if rules.bie3.enabled else ")"))
            if attach and (rules.bie3.enabled or not rules.plays.jokers_with_threes) else None)),
    "plays.mix_jokers": RuleText("大小王混出", "mixing jokers", _flag(
        ("大王和小王可在同一手牌中混出", "A 大王 and a 小王 may go in the same play"),
        ("大王和小王不可混在同一手牌中", "A 大王 and a 小王 may not go in the same play"))),
    "plays.jokers_with_threes": RuleText("王挂3", "jokers on 3s", _flag(
        ("3也可以挂王", "Jokers may be attached to 3s too"), ("3不能挂王", "Jokers may not be attached to 3s"))),
    "plays.kills": RuleText("打王", "beating joker plays", _kills, _kills_given),
    "plays.forbidden": RuleText("不许出的牌", "plays not allowed", _forbidden),
    "plays.kill_cover": RuleText("打王组合", "covering jokers", _choice({
        "highest": ("灭带王的牌时只看其中最大的王，按其规则来灭，较小的王当普通牌计数",
                    "A play carrying jokers is beaten by a rule about its highest joker; lower jokers count as "
                    "plain cards"),
        "each": ("灭带王的牌时每种王都须按其规则相抵，多条规则可在一手中组合，同种的王用同一条规则，多出的王补足张数",
                 "Every kind of joker in a play is covered by a rule for it, several rules composing in one "
                 "answer, the jokers of one kind by one rule, spare killers filling the count"),
        "each-joker": ("灭带王的牌时每张王都须按其种类的规则相抵，同种的王也可分用几条规则"
                       "（一张用王中王抵、另一张用两张大王抵），多出的王补足张数",
                       "Every joker in a play is covered by a rule for its kind, the jokers of one kind shared among "
                       "several rules (one 大王 by a 王中王, another by two 大王), spare killers filling the count"),
    })),
    "gouji.thresholds": RuleText("够级牌", "够级 plays", _thresholds, _thresholds_given),
    "gouji.joker_plays": RuleText("挂王的牌", "plays with jokers", _choice({
        "gouji": ("挂王的牌都是够级牌", "Every play carrying a joker is 够级"),
        "big-joker-open": ("带大王的牌不是够级牌，谁都可以灭",
                           "A play with a 大王 is not 够级: anyone may beat it in turn"),
    })),
    "turns.pass_locks_out": RuleText("过牌", "passing", _flag(
        ("过牌后本轮不能再出，除非回应对头的牌", "A player who passes may not play again that round, except to answer "
         "their 对头"),
        ("过牌后本轮仍可再出", "A player who passed may still play later in the round"))),
    "turns.passed_answers_duitou": RuleText("过牌后上对头", "passing and the 对头", _flag(
        ("过牌者仍可上对头的牌", "A player who passed may still answer their 对头's play"),
        ("过牌后无权再出牌，连对头的牌也不能上", "A player who passed may not play again that round, not even on "
         "their 对头's play"))),
    "turns.allow_yield": RuleText("让牌", "yielding", _flag(
        ("可以让牌：上两家过牌后，可让下两家先上",
         "让牌 is allowed: after the two players before you pass on your 对头's play, you may let the next "
         "two try first"),
        ("不许让牌", "No 让牌 (yielding)"))),
    "turns.jiefeng": RuleText("接风", "接风", _choice({
        "next-player": ("接风：底牌无人灭时下家发牌", "接风: when a player's last play stands, the next player leads"),
        "on-request": ("接风：底牌无人灭时下家发牌；下家也可申请接风而不上牌",
                       "接风: when a player's last play stands, the next player leads, and may also ask to "
                       "lead instead of beating it"),
    })),
    "turns.gousiji": RuleText("够死级", "够死级", lambda places: _gousiji(
        GOUSIJI_DAGANG if places is True else () if places is False else places)),
    "turns.wutou": RuleText("无头", "无头", _flag(
        ("无头：头科走后其对头的牌谁都可灭，其亦可灭任何人",
         "无头: once 头科 is out, anyone may beat their 对头's plays and the 对头 may beat anyone's"),
        ("不打无头：头科的对头无人回应够级", "No 无头: nobody answers the 够级 plays of 头科's 对头"))),
    "turns.luanchan": RuleText("四人乱缠", "四人乱缠", _choice({
        "after-second-out": ("四人乱缠：头科、二科走后其余四人按顺序出牌，无够级、烧牌、让牌，过牌后仍可上",
                             "四人乱缠: once 头科 and 二科 are out, the four left play plain rounds: no 够级, burning "
                             "or yielding, and passing does not lock out"),
        "never": ("不打四人乱缠", "No 四人乱缠"),
    })),
    "turns.luanchan_with_revolution": RuleText("革命时的四人乱缠", "四人乱缠 with a revolutionary", _flag(
        ("有人革命时，头科走后即四人乱缠", "With a revolutionary sitting out, 四人乱缠 starts once 头科 is out"),
        ("有人革命时仍等二科走后才四人乱缠", "With a revolutionary sitting out, 四人乱缠 still waits for 二科"))),
    "turns.luanchan_cut_in": RuleText("抢垫", "cutting in", _flag(
        ("四人乱缠时联邦可抢垫", "In 四人乱缠 team-mates may cut in (抢垫)"),
        ("四人乱缠时不许抢垫", "In 四人乱缠 nobody cuts in (no 抢垫)"))),
    "reporting.public_at_most": RuleText("报牌", "reporting", _number(
        lambda n: (f"报牌：手中不多于{n}张时须报张数", f"报牌: a player with {_en_cards(n)} or fewer must say how many "
                   "they hold"),
        ("不报牌", "Nobody reports how many cards they hold (no 报牌)"))),
    "reporting.report_counts": RuleText("报牌的义务", "reporting: duty or on request", _choice({
        "shown": ("要报：牌少到报牌张数时，张数全桌都知道", "At or below the reporting count a hand's count is "
                  "always known to the table"),
        "when-asked": ("持牌人有权不主动报张数，有人问时才如实报明，出牌后须再问",
                       "Nobody has to volunteer their count: it is told truthfully when someone asks, and asked "
                       "again after the hand plays"),
    })),
    "reporting.teammate_view_at_most": RuleText("看牌", "seeing team-mates' hands", _number(
        lambda n: (f"看牌：手中不多于{n}张时联邦可看并提示", f"Team-mates may see and hint a hand of {_en_cards(n)} or "
                   "fewer (看牌)"),
        ("联邦不能看牌", "Team-mates never see each other's hands"))),
    "reporting.tiaopai": RuleText("挑牌", "挑牌", _flag(
        ("挑牌：能一次走完者可亮牌由联邦定出牌顺序", "挑牌: a player who can go out in one turn may show the hand for "
         "team-mates to order"),
        ("不许挑牌", "No 挑牌"))),
    "burning.enabled": RuleText("烧牌", "burning", _flag(("可以烧牌", "Burning (烧牌) is played"),
                                                         ("不许烧牌", "No burning (烧牌)"))),
    "burning.conditions": RuleText("烧牌条件", "burn conditions", _options(
        _BURN_CONDITIONS, lambda zh, en: (f"烧牌者须{zh}", f"A burner must {en}"),
        ("烧牌没有条件", "Burning has no condition"))),
    "burning.last_play_exempt": RuleText("最后一手", "the burner's last play", _flag(
        ("烧牌者最后一手可不挂王", "The burner's last play need not carry a joker"),
        ("烧牌者直至最后一手都须挂王", "The burner's last play must carry a joker too"))),
    "burning.team_priority": RuleText("烧牌优先", "who burns first", _choice({
        "gouji-team-first": ("多人欲烧时发够级者的联邦优先，同方按出牌顺序",
                             "If several want to burn, the 够级 player's team goes first, then play order"),
        "play-order": ("多人欲烧时按出牌顺序", "If several want to burn, play order decides"),
    })),
    "burning.passed_may_burn": RuleText("过牌后烧牌", "burning after passing", _flag(
        ("过牌后仍可烧牌", "A player who passed may still burn"),
        ("过牌后不能烧牌", "A player who passed may not burn"))),
    "burning.teammate_may_be_burned": RuleText("烧联邦", "burning a team-mate", _flag(
        ("可以烧联邦的够级牌", "A team-mate's 够级 play may be burned"),
        ("不能烧联邦", "A team-mate's 够级 play may not be burned"))),
    "burning.counter_burn": RuleText("反烧", "反烧", _flag(
        ("反烧：除烧牌者对头外，灭烧牌者接过烧牌", "反烧: anyone but the burner's 对头 who beats a burn play takes the "
         "burn over"),
        ("不许反烧", "No 反烧: only the burner's 对头 may beat a burn play"))),
    "burning.survives_beat_back": RuleText("压回", "beating back", _flag(
        ("对家打烧牌者后，烧牌者压回并走完仍算烧成",
         "The burn still succeeds if the burner beats the 对头's answer back and runs out"),
        ("对家一灭烧牌即解烧", "The burn ends (解烧) once the burner's 对头 beats a burn play"))),
    "kaidian.enabled": RuleText("打点", "打点", _flag(
        ("打点：未开点者向对头进点贡", "打点 is played: a player who did not open (开点) pays 点贡 to the 对头"),
        ("不打点", "No 打点: nobody needs to open (开点)")),
        lambda on, rules: ("打点：须开点，但进贡中没有点贡，未开点者不进贡",
                           "打点 is played: players open (开点), but no 点贡 is paid (no 点 in the tribute order)")
        if on and not (rules.tribute.enabled and "dian" in rules.tribute.order) else None),
    "kaidian.opens_with": RuleText("开点的牌", "plays that open", _options(
        _OPENERS, lambda zh, en: (f"站住的{zh}算开点", f"A 够级 play that lives opens if it is {en}"),
        ("没有牌能开点", "No play opens"))),
    "kaidian.answering": RuleText("够级压够级", "answering plays", _choice({
        "any": ("够级压够级站住也算开点", "An answering 够级 play that lives opens too"),
        "not-on-gouji": ("够级压够级不算开点", "A 够级 play on a 够级 play does not open"),
        "leads-only": ("只有主动发出的够级站住才算开点", "Only a led 够级 play opens"),
        "answers-only": ("主动发出的够级不算开点，只有压在别人牌上的够级站住才算",
                         "A led 够级 play does not open; only one made on another player's play does"),
    })),
    # Players say both "4s before 开点" and "4s after 开点": the names say which 4s and when.
    "kaidian.then_four": RuleText("开点须发4", "opening needs a lead of 4s", _flag(
        ("够级站住后，下一手须发4（不带2和王）才算开点：要开点，4得出去",
         "A 够级 play that lives opens only when its player's next lead is 4s (no 2s or jokers): to open, "
         "the 4s must go out"),
        ("够级站住即算开点，不须发4", "A 够级 play that lives opens at once; no 4s need to go out"))),
    "kaidian.fours_after_open": RuleText("落四（开点前不出4）", "落四: no 4s before opening", _flag(
        ("落四（开点冲四）：开点之前不能出4，4留到开点之后再出",
         "落四 (开点冲四): no 4 may be played before opening; the 4s wait until their player has opened"),
        ("4随时可出，开点前后都行", "4s may be played at any time, before or after opening"))),
    "kaidian.deadline": RuleText("开点期限", "deadline to open", _choice({
        "dagang": ("头科的对头须在头科走前开点，其余人在二科走前",
                   "头科's 对头 must open before 头科 goes out, everyone else before 二科"),
        "first-out": ("所有人须在头科走前开点", "Everyone must open before 头科 goes out"),
    })),
    "kaidian.penalty": RuleText("点贡", "点贡", _number(
        lambda n: (f"未开点者向对头进{n}张点贡", f"A player who did not open pays the 对头 {_en_cards(n)} of 点贡"))),
    "kaidian.mingdian": RuleText("明点", "明点",
                                 _stakes("明点", "进贡后首发前", "after tribute, before the first play")),
    "kaidian.yudian": RuleText("预点", "预点",
                               _stakes("预点", "开牌前，又称暗点、太空", "before dealing; also 暗点, 太空")),
    "kaidian.xuandian_table": RuleText("宣点表", "宣点 table", _xuandian),
    "kaidian.revolution_opens": RuleText("革命者开点", "revolutionaries open", _flag(
        ("革命者自动算开点", "A revolutionary counts as opened"),
        ("革命者不自动开点", "A revolutionary does not count as opened"))),
    "kaidian.revolution_duitou_gousiji": RuleText("革命者的对头", "the revolutionary's 对头", _number(
        lambda n: (f"革命者的对头须在二科走前够死级{n}把才算开点", f"A revolutionary's 对头 opens after {n} 够死级 play"
                   + ("" if n == 1 else "s") + " before 二科 goes out"))),
    "bie3.enabled": RuleText("憋3", "憋3", _flag(
        ("憋3：每人最后一手须是3，3不拆、不贴、不挂", "憋3: everyone's last play must be their 3s, all together, never "
         "with 2s or jokers"),
        ("不憋3", "No 憋3: 3s are played like any rank"))),
    "bie3.buy_fours": RuleText("买4", "buying 4s", _flag(
        ("缺4者也须像买3一样买4", "A player without a 4 buys one, as for 3s"), ("不买4", "Nobody buys 4s"))),
    "bie3.buy_from": RuleText("买3", "buying 3s", _buy_order, _buy_order_given),
    "bie3.pay_with": RuleText("买3付什么", "what pays for a 3", _pay_with),
    "bie3.nothing_to_pay": RuleText("买不起", "nothing to pay with", _choice({
        "goes-without": ("手中没有可付的牌者买不到，照常出牌（除非有赠的来源）",
                         "A buyer with nothing that pays gets no card (unless a source gives) and plays on "
                         "without"),
        "free": ("手中没有可付的牌者照样得到，不付",
                 "A buyer with nothing that pays gets the card all the same, unpaid"),
    })),
    "bie3.buyers_served": RuleText("买3的先后", "order of buyers", _choice({
        "in-turn": ("几人都缺时从首发牌人起逐个买，每人依次问遍来源",
                    "Several buyers are served one after another from the leader, each asking down its sources"),
        "source-by-source": ("几人都缺时先人人问第一个来源，未买到者再问下一个（对门先卖给自己的对头）",
                             "Several buyers all ask their first source before anyone asks the next (a 对门 "
                             "serves its own 对头 first)"),
    }), _buyers_served_given),
    "bie3.buyers_order": RuleText("谁先买", "first buyer", _choice({
        "from-leader": ("几人都缺时从首发牌人起按出牌顺序买", "Buyers are served from the leader on, in play order"),
        "by-seat": ("几人都缺时按座位从0号座（首局开牌人）起依次买，不论谁首发",
                    "Buyers are served by seat, seat 0 (the first game's 开牌人) first, whoever leads"),
    })),
    "bie3.men_places": RuleText("闷的名次", "places of 闷 players", lambda places: (
        f"被闷者依次为{'、'.join(places)}", f"Stifled (闷) players are ranked {', '.join(places)} in turn")),
    "bie3.jokers_last_is_dalu": RuleText("大小王不出手", "jokers left last", _flag(
        ("大小王不出手：最后一手前只剩王者为大落", "A player left with only jokers before the last play is 大落"),
        ("最后只剩王也不罚", "Being left with only jokers is not punished"))),
    "hui3.choices": RuleText("会3", "会3", _options(
        _HUI3, lambda zh, en: (f"首发牌人开牌前可选{zh}", f"Before the first play the leader may have {en} taken out"),
        ("不会3", "No 会3: the 3s stay in"))),
    "revolution.enabled": RuleText("革命", "革命", _flag(
        ("无2无王者可宣布革命，不参加本局", "A player without 2s or jokers may declare 革命 and sit the game out"),
        ("不许革命", "No 革命"))),
    "revolution.automatic_without_threes": RuleText("自动革命", "automatic 革命", _flag(
        ("无3也无2无王时自动革命", "With no 3s either, 革命 is automatic"),
        ("革命须自己宣布", "革命 must be declared by the player; it is never automatic"))),
    "revolution.requires_no_threes": RuleText("革命须无3", "革命 without 3s", _flag(
        ("革命还须手中无3", "革命 also needs no 3s in hand"),
        ("有3也可革命", "A player with 3s may still declare 革命"))),
    "revolution.void_at": RuleText("流局", "void games", _number(
        lambda n: (f"{n}人革命则本局作废重发",
                   f"{_en_number(n).capitalize()} revolutionar{'y voids' if n == 1 else 'ies void'} the game, "
                   "which is redealt"))),
    "first_player.first_game": RuleText("首局首发", "first game's leader", _choice({
        "draw": ("首局抽牌数人定首发", "In the first game a drawn card counts out the leader"),
        "liang3": ("首局亮两张同花色3者上班，亮得多者顶班",
                   "In the first game the first to show two same-suit 3s leads (上班); more same-suit 3s take "
                   "over (顶班)"),
    })),
    "first_player.later_games": RuleText("以后各局首发", "later games' leader", _choice({
        "dalu": ("以后各局由上局大落首发", "Later games are led by the last game's 大落"),
        "rotate": ("以后各局按反时针轮流首发", "The lead of later games passes counter-clockwise"),
        "draw": ("以后各局开牌人按反时针轮流，由其抽牌数出首发",
                 "The 开牌人 of later games passes counter-clockwise and draws a card to count out the leader"),
    })),
    "places.zhixi": RuleText("窒息", "窒息", _flag(
        ("窒息：头科最后一手前一张未出者为大落", "窒息: a player who played no card before 头科's last play is 大落"),
        ("不打窒息", "No 窒息"))),
    "places.revolution_place": RuleText("革命者名次", "a revolutionary's place", _choice({
        "third-or-fourth": ("革命者的联邦得头科、二科则为三科，否则四科",
                            "A revolutionary is 三科 if the team-mates take 头科 and 二科, else 四科"),
        "fourth": ("革命者一律四科", "A revolutionary is always 四科"),
    })),
    "score.points": RuleText("名次分", "points per place", _points),
    "score.record": RuleText("记分", "recording the score", _choice({
        "winner-difference": ("只有胜方记分，记两队之差",
                              "Only the winning team scores: the difference between the teams"),
        "both-teams": ("两队各记己分", "Each team records its own points"),
    })),
    "score.manguan": RuleText("满贯", "满贯", _choice({
        "none": ("不打满贯", "No 满贯"),
        "one-run": ("满贯：首发一口气走完无人出牌，分数加倍",
                    "满贯: the leader going out in one run with nobody playing doubles the score"),
        "top-three": ("满贯：一方包揽前三，分数加倍", "满贯: one team taking places 1-3 doubles the score"),
    })),
    "score.manguan_others_as": RuleText("满贯的其余五人", "the other five in a 满贯", _number(
        lambda place: (f"一口气走完的满贯，其余五人都按{place}计分", f"In a one-run 满贯 the other five all score as "
                       f"{place}"),
        ("一口气走完的满贯，其余五人按出牌顺序的名次计分",
         "In a one-run 满贯 the other five score by the places they are ranked in, in play order"))),
    "tribute.enabled": RuleText("进贡", "tribute", _flag(
        ("局间进贡", "Tribute is paid between games"), ("不进贡", "No tribute between games"))),
    "tribute.order": RuleText("进贡顺序", "tribute order", _tribute_order),
    "tribute.luo_cards": RuleText("落贡", "落贡", lambda cards: (
        f"落贡：大落向头科进{cards[0]}张，二落向二科进{cards[1]}张",
        f"落贡: 大落 pays 头科 {_en_cards(cards[0])} and 二落 pays 二科 {_en_cards(cards[1])}")),
    "tribute.returned": RuleText("还贡", "还贡", _flag(
        ("吃落贡者还等量的牌", "Receivers of 落贡 return as many cards (还贡)"),
        ("落贡不还", "落贡 is not returned"))),
    "tribute.waive_within_team": RuleText("联邦免贡", "waiving within a team", _flag(
        ("联邦之间可免落贡", "落贡 within one team may be waived"),
        ("联邦之间也须进落贡", "落贡 is paid within a team too"))),
    "tribute.chuansanhu": RuleText("串三户", "串三户", _choice({
        "redeal": ("串三户重新开牌", "After a 串三户 the next game is dealt afresh"),
        "one-to-duitou": ("串三户时被串方各向对头进1张", "After a 串三户 each swept player pays the 对头 one card"),
    })),
    "tribute.shao_cards": RuleText("烧贡", "烧贡", _number(
        lambda n: (f"被烧者进{n}张烧贡，反烧加倍", f"A burned player pays {_en_cards(n)} of 烧贡, doubled for 反烧"))),
    "tribute.men_cards": RuleText("闷贡", "闷贡", _number(
        lambda n: (f"被闷者进{n}张闷贡", f"A stifled (闷) player pays {_en_cards(n)} of 闷贡"))),
    "tribute.biewang_to": RuleText("憋王贡给谁", "who eats 憋王贡", _choice({
        "duitou": ("憋王贡进给对头", "憋王贡 is paid to the 对头"),
        "touke": ("憋王贡进给头科", "憋王贡 is paid to 头科"),
    })),
    "tribute.biewang_cards": RuleText("憋王贡张数", "憋王贡 cards", _number(
        lambda n: (f"到终局手中仍有王者进{n}张憋王贡", f"A seat left holding jokers pays {_en_cards(n)} of 憋王贡"),
        ("到终局手中仍有王者，剩几张王进几张憋王贡", "A seat left holding jokers pays one card of 憋王贡 per joker"))),
    "penalties.wrong_play": RuleText("错牌", "illegal plays", _choice({
        "reject": ("非法出牌不算，重出", "An illegal play is taken back"),
        "lose-turn": ("错牌不出：失去本次出牌权", "An illegal play loses the turn (错牌不出)"),
    })),
    "penalties.forfeits": RuleText("条件罚则", "forfeits", _forfeits),
}


# ── lookup ───────────────────────────────────────────────────────────────────


def keys() -> Iterator[str]:
    """Every rule key, ``section.key``, in catalogue order."""
    for section, cls in SECTIONS.items():
        for field in dataclasses.fields(cls):
            yield f"{section}.{field.name}"


def value(rules: Rules, key: str) -> Any:
    section, name = key.split(".")
    return getattr(getattr(rules, section), name)


def name(key: str, lang: Lang) -> str:
    """The rule's short name; the schema's description for a key without one."""
    text = RULES.get(key)
    if text is not None:
        return text.name(lang)
    section, field_name = key.split(".")
    field = next(f for f in dataclasses.fields(SECTIONS[section]) if f.name == field_name)
    return str(field.metadata[lang])


def phrase(key: str, rule_value: Any, lang: Lang, rules: Rules | None = None) -> str:
    """What ``rule_value`` of ``key`` means, without a final full stop; with ``rules``, what it means
    beside them (a sentence that holds as they act together)."""
    text = RULES.get(key)
    if text is None:  # a key added without a sentence: tests/text/test_card.py fails on it
        return f"{name(key, lang)}: {rule_value}"
    narrowed = text.given(rule_value, rules) if text.given is not None and rules is not None else None
    zh, en = narrowed or text.say(rule_value)
    return zh if lang == "zh" else en


def sentence(key: str, rule_value: Any, lang: Lang, rules: Rules | None = None) -> str:
    """:func:`phrase` as a sentence."""
    return phrase(key, rule_value, lang, rules) + ("。" if lang == "zh" else ".")


def off_gate(rules: Rules, key: str) -> Needs | None:
    """The unmet need that makes ``key`` meaningless (e.g. 烧牌 details without burning), if any."""
    return next((need for need in needs(key) if not need.met(value(rules, need.key))), None)


def active(rules: Rules, key: str) -> bool:
    return off_gate(rules, key) is None


def off_note(rules: Rules, key: str, lang: Lang) -> str:
    """Why a rule has no effect, for a rule that is not :func:`active`."""
    need = off_gate(rules, key)
    assert need is not None
    gate = name(need.key, lang)
    if need.contains:
        names = _ITEM_NAMES[need.key]
        items = ("或" if lang == "zh" else " or ").join(names[item][0 if lang == "zh" else 1] for item in need.contains)
        return f"（{gate}中没有{items}，此条不起作用）" if lang == "zh" else f" (not in play: {gate} without {items})"
    if need.values == (False,):
        return f"（{gate}时此条不起作用）" if lang == "zh" else f" (not in play: {gate} is on)"
    if need.values == (None,):
        return f"（已有{gate}，此条不起作用）" if lang == "zh" else f" (not in play: {gate} is set)"
    if need.values == (True,) and not need.unless:
        return f"（{gate}未启用，此条不起作用）" if lang == "zh" else f" (not in play: {gate} is off)"
    if need.unless:
        return f"（{gate}未设定，此条不起作用）" if lang == "zh" else f" (not in play: {gate} is not set)"
    wanted = ("或" if lang == "zh" else " or ").join(phrase(need.key, v, lang) for v in need.values)
    return f"（仅当{wanted}时起作用）" if lang == "zh" else f" (not in play: only with {wanted})"


def contrast(key: str, first: Any, second: Any, lang: Lang) -> tuple[str, str]:
    """Two values of ``key`` as phrases, without the clauses (parts between semicolons) both share."""
    joint = "；" if lang == "zh" else "; "
    old, new = (phrase(key, v, lang).split(joint) for v in (first, second))
    if old != new:
        old, new = [c for c in old if c not in new] or old, [c for c in new if c not in old] or new
    return joint.join(old), joint.join(new)
