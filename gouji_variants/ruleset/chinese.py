"""Chinese for the English messages of the expression checks (:mod:`.expressions`), which the typed values
raise as plain ``ValueError`` text: one pattern per message, kept beside each other here so that a new
message without its Chinese shows in one place (a test runs every expression error of the corpus)."""

from __future__ import annotations

import re

_N = r"(?P<n>-?[0-9]+)"
#: (English, as a full-match regular expression; Chinese, formatted with its named groups)
_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"a rank appears twice in the thresholds", "够级牌里同一点数出现了两次"),
    (r"list thresholds from the highest rank down, e\.g\. 'R, B, 2, AA, KK'",
     "够级牌从最大的点数往下列，如 'R, B, 2, AA, KK'"),
    (r"thresholds must be monotone: a lower rank may not need fewer cards than a higher one",
     "够级牌须单调：点数小的不能比点数大的要的张数少"),
    (r"kill rules name jokers: B \(小王\), R \(大王\), W \(王中王\) or 'joker' \(and 2s as killers\)",
     "打王规则写的是王：B（小王）、R（大王）、W（王中王）或 'joker'（2 只能用来灭）"),
    (r"the multiplier must be between 1 and 9", "倍数须在 1 到 9 之间"),
    (r"'(?P<w>[a-z ]+)' cover each joker: they take no 'in all'", "'{w}' 逐张抵王：不能加 'in all'"),
    (r"a set of killers names different jokers, e\.g\. 'R or W'", "几种灭牌须是不同的王，如 'R or W'"),
    (r"'each' multiplies the cards a kill adds: write e\.g\. '\+1 card each'",
     "'each' 是把多出的张数按王数加倍：写成如 '+1 card each'"),
    (r"a rule on a single 2 is a rule on 2s", "单张2的规则就是2的规则"),
    (r"a play on 2s is not jokers alone", "压在2上的牌不是只有王的牌"),
    (r"unknown tribute kind (?P<k>.+)", "没有 {k} 这种贡"),
    (r"a tribute kind appears twice in the order", "进贡次序里同一种贡出现了两次"),
    (r"tribute kind (?P<k>\S+) appears twice", "{k}贡出现了两次"),
    (rf"a deck recipe has 1 to {_N.replace('n', 'most')} decks, not {_N}", "牌组须有 1 到 {most} 副牌，不能是 {n} 副"),
    (r"the recipe makes no cards", "牌组一张牌也没有"),
    (rf"the recipe makes {_N} cards; a deal holds at most {_N.replace('n', 'most')}",
     "牌组有 {n} 张牌；一局至多 {most} 张"),
    (r"the recipe holds only jokers, but the first player is found by drawing a card that is not a joker \(第六条\)",
     "牌组只有王，而首发牌人要抽一张不是王的牌来定（第六条）"),
    (rf"the recipe makes {_N} cards from 5 to 2; a deal needs at least {_N.replace('n', 'least')} "
     r"\(as many as one deck holds\)", "牌组里5到2的牌只有 {n} 张；一局至少要 {least} 张（一副牌那么多）"),
    (rf"the recipe makes {_N} cards, which do not divide evenly among 6 players \((?P<left>[0-9]+) left over\)",
     "牌组有 {n} 张牌，不能平分给6人（余 {left} 张）"),
    (rf"cannot remove {_N} of (?P<r>\S+): only (?P<left>[0-9]+) left", "不能去掉 {n} 张 {r}：只剩 {left} 张"),
    (r"a rank appears twice in the hand rule", "每手牌的规则里同一点数出现了两次"),
    (r"(?P<r>\S+) appears twice in the hand rule", "每手牌的规则里 {r} 出现了两次"),
    (r"each clause names at least one card", "每一项至少要写一张牌"),
    (r"buy sources are 对门, 联邦 and 上下家", "买牌来源只有对门、联邦和上下家"),
    (r"a buy source appears twice in the order", "买牌次序里同一来源出现了两次"),
    (r"buy source (?P<s>\S+) appears twice", "买牌来源 {s} 出现了两次"),
    (r"unknown consequence (?P<c>.+)", "没有 {c} 这种后果"),
    (r"only 2s and jokers go with a play of another rank(?P<rest>: write e\.g\. '4 with 2 or joker')?",
     "只有2和王能随别的点数一起出"),
    (r"'part of' is about the hand of the one who plays: it names no play answered",
     "'part of' 说的是出牌人手里的牌：不写所压的牌"),
    (rf"(?P<t>\S+) is more than a deal's {_N} cards", "{t} 多于一局的 {n} 张牌"),
    (r"each threshold is cards of one rank, like 'QQQ'", "每个够级牌是同一点数的牌，如 'QQQ'"),
)
_COMPILED = tuple((re.compile(english), zh) for english, zh in _MESSAGES)


def translate(message: str) -> str:
    """``message`` in Chinese, or "" when it has no Chinese here.

    >>> translate("cannot remove 18 of 3: only 16 left")
    '不能去掉 18 张 3：只剩 16 张'
    """
    for pattern, zh in _COMPILED:
        found = pattern.fullmatch(message)
        if found:
            return zh.format(**found.groupdict())
    return ""
