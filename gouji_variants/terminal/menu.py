"""What a human may do at a prompt of ``gouji play``, and reading what was typed, without ambiguity.

Every card symbol typed alone is a play (``Q``, ``A``, ``J``, ``2``, ``B``, ``10`` …); commands are
whole words (English or Chinese), never single letters; the numbered options are chosen as ``#3``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..engine.actions import (
    ASK,
    CARD_ACTIONS,
    HUI3_CHOICES,
    SIMPLE_ACTIONS,
    TIAOPAI,
    Action,
    Burn,
    Hui3,
    Hui3Choice,
    Play,
    Return,
    describe,
    verb_of,
)
from ..engine.game import Game
from ..ruleset import vocabulary
from ..ruleset.cards import BIG_JOKER, SMALL_JOKER, TWO, Cards
from ..ruleset.grammar import NotationError
from ..ruleset.vocabulary import HUI3, SIMPLE, VERB_NAMED, WITH_CARDS
from ..text.fit import KEEP
from .render import Words

#: Commands of the session itself, possible at every prompt.
Session = Literal["hint", "auto", "help", "quit", "table"]
SESSION_WORDS: dict[str, Session] = {"hint": "hint", "提示": "hint", "auto": "auto", "托管": "auto",
                                     "help": "help", "帮助": "help", "quit": "quit", "exit": "quit", "退出": "quit",
                                     "table": "table", "牌桌": "table"}
#: Action words: the verb and the Chinese words for it (:mod:`~gouji_variants.ruleset.vocabulary`).
ACTION_WORDS: dict[str, Action] = {word: SIMPLE_ACTIONS[verb.name] for verb in SIMPLE
                                   for word in (verb.name, *verb.typed)}
CARD_WORDS: dict[str, Callable[[Cards], Action]] = {word: CARD_ACTIONS[verb.name] for verb in WITH_CARDS if verb.typed
                                                    for word in (verb.name, *verb.typed)}
HUI3_WORDS = (HUI3.name, *HUI3.typed)
#: A 会3's choice as typed: as records write it, or in Chinese.
HUI3_TYPED: dict[str, Hui3Choice] = {word: which for which in HUI3_CHOICES
                                     for word in (which, vocabulary.HUI3_CHOICES[which].zh)}
#: Plays listed by number at most; the rest are typed in notation.
SHOWN = 12


@dataclass(frozen=True)
class Menu:
    """The legal options now, numbered: plays first (cheapest first), then the other actions possible now."""

    options: tuple[Action, ...]
    more: int  # legal plays not listed (typed in notation)


def _cost(cards: Cards) -> tuple[int, int, int, int]:
    """Cheapest first: fewer jokers, fewer 2s, lower rank, fewer cards."""
    return (cards[SMALL_JOKER] + 3 * cards[BIG_JOKER], cards[TWO], cards.ranks()[0] if len(cards) else 0, len(cards))


def label(action: Action, words: Words) -> str:
    """How an option is typed: its cards, ``burn B99``, or its command word in the session's language."""
    if isinstance(action, Play):
        return words.cards(action.cards)
    if isinstance(action, (Burn, Return)):
        verb = VERB_NAMED[verb_of(action)]
        return f"{words(verb.name, verb.typed[0])} {words.cards(action.cards)}"
    return describe(action, words.lang)


def menu(game: Game) -> Menu:
    """What :attr:`Game.turn` may do: at a lead each rank of the hand whole (any other combination is
    typed); otherwise every legal play, cheapest first, the first :data:`SHOWN` numbered."""
    hand = game.hand(game.turn)
    if game.decision == "lead":
        groups = [Play(Cards(tuple(count if r == rank else 0 for r, count in enumerate(hand.counts))))
                  for rank in hand.ranks()]
        plays: list[Action] = [play for play in groups if game.can(play)]
        legal = [*plays, *(other for other in (TIAOPAI, ASK) if game.can(other))]
        more = 1  # any other combination
    elif game.decision == "return":
        return Menu((), 0)
    else:
        legal = game.legal_actions()
        carded = sorted((a for a in legal if isinstance(a, (Play, Burn))), key=lambda a: _cost(a.cards))
        plays = list(carded[:SHOWN])
        more = len(carded) - len(plays)
        legal = plays + [a for a in legal if not isinstance(a, (Play, Burn))]
    return Menu(tuple(legal), more)


def describe_menu(options: Menu, game: Game, words: Words) -> list[str]:
    """The options as lines: ``#1 333  #2 44 …`` then the command words."""
    numbered = [f"#{index} {label(action, words)}".replace(" ", KEEP)
                for index, action in enumerate(options.options, 1)]
    lines: list[str] = []
    if game.decision == "return":
        owed = len(next(a for a in game.legal_actions() if isinstance(a, Return)).cards)
        lines.append(words(f"还贡: type the {owed} card(s) you give back, e.g. {_lowest(game, owed)}",
                           f"还贡：输入要还的{owed}张牌，例如 {_lowest(game, owed)}"))
    elif numbered:
        lines.append(words("you may: ", "可以：") + "  ".join(numbered))
    if options.more and game.decision == "lead":
        lines.append(words("or lead any other combination in notation, e.g. 8B or KK2",
                           "或按记法出任何其他牌型，例如 8B、KK2"))
    elif options.more:
        lines.append(words(f"or one of {options.more} more plays, typed in notation",
                           f"或另外{options.more}种出法，按记法输入"))
    lines.append(words("also: hint · auto · table · help · quit", "另有：提示 · 托管 · 牌桌 · 帮助 · 退出"))
    return lines


def _lowest(game: Game, count: int) -> str:
    chosen: list[int] = []
    for rank in game.hand(game.turn).ranks():
        chosen += [rank] * min(count - len(chosen), game.hand(game.turn)[rank])
    return str(Cards.of(chosen))


Command = Action | Session


def parse(text: str, game: Game, options: Menu, words: Words) -> Command | str:
    """An action or a session command from what was typed, or a message saying what was wrong.

    ``#N`` picks option N; a command word (either language, any case) its command; anything else is
    card notation: a play, or at a burn offer a burn, or at 还贡 the cards returned. Messages are in
    the session's language."""
    line = text.strip()
    if not line:
        return "table"
    if line.startswith("#"):
        number = line[1:].strip()
        if number.isdigit() and 1 <= int(number) <= len(options.options):
            return options.options[int(number) - 1]
        return words(f"error: choose an option from #1 to #{len(options.options)}",
                     f"错误：请从 #1 到 #{len(options.options)} 中选一项") if options.options else \
            words("error: there are no numbered options now", "错误：现在没有编号的选项")
    head, _, rest = line.partition(" ")
    word, rest = head.lower(), rest.strip()
    if word in SESSION_WORDS and not rest:
        return SESSION_WORDS[word]
    if word in ACTION_WORDS and not rest:
        return ACTION_WORDS[word]
    if word in HUI3_WORDS and rest in HUI3_TYPED:
        return Hui3(HUI3_TYPED[rest])
    if word in CARD_WORDS:
        if not rest:
            return words(f"error: say which cards, e.g. '{word} B99'", f"错误：请说明哪些牌，例如「{word} B99」")
        return _cards(rest, CARD_WORDS[word], words)
    kinds: dict[str, Callable[[Cards], Action]] = {"burn-offer": Burn, "return": Return}
    kind = kinds.get(game.decision, Play)
    found = _cards(line, kind, words)
    if isinstance(found, str) and not any(char.isdigit() for char in line):
        guesses = difflib.get_close_matches(word, [*SESSION_WORDS, *ACTION_WORDS, *CARD_WORDS, *HUI3_WORDS], n=1)
        if guesses:
            return words(f"error: unknown command {head!r}; did you mean {guesses[0]!r}?",
                         f"错误：没有「{head}」这个命令；是不是「{guesses[0]}」？")
    return found


def _cards(text: str, make: Callable[[Cards], Action], words: Words) -> Action | str:
    try:
        cards = Cards.parse(text)
    except NotationError as error:
        shown = error.render().split("\n", 1)[1]  # the text, and a caret under the column
        return words(f"error: not a command nor card notation — {error.render()}",
                     f"错误：既不是命令也不是牌的记法（第{error.column}列）\n{shown}")
    return make(cards)
