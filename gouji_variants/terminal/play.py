"""Playing games and matches in the terminal against five bots: the session loop, its prompts and the
confirmations of what cannot be undone (quitting, 革命, a burn or a play that ranks you at once)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..agents.basic import Agent, HeuristicAgent
from ..agents.hints import advise
from ..components.table import YUDIAN_STAGE
from ..engine.actions import Action, IllegalAction
from ..engine.game import Game
from ..engine.match import Match
from ..ruleset.model import Ruleset
from ..ruleset.vocabulary import DECISIONS
from ..scene import Scene, scene_of
from ..text.fit import fit
from .effects import chosen_option, confirmation, hint_text
from .menu import describe_menu, label, menu, parse
from .render import Words, event_lines, result_lines, scene_lines

HELP = (
    ("Type a play in card notation: 3-9, T or 10, J, Q, K, A, 2, B (小王), R (大王); e.g. Q, 888, KK2, B99. "
     "A card typed alone is always a play. #N picks option N of the list. Words: pass, yield, jiefeng, "
     "tiaopai, ask (问张数), burn CARDS, revolution, hui3 3|4|both, declare, return CARDS (each only when possible), "
     "hint (what the bot would do), auto (let it do that), table (show the table again), help, quit."),
    ("按记法出牌：3-9、T或10、J、Q、K、A、2、B（小王）、R（大王），例如 Q、888、KK2、B99。单独一张牌永远是出牌。"
     "#N 选列表中第N项。命令：过、让牌、接风、挑牌、问张数、烧 牌、革命、会3 3|4|3和4、宣点、还贡 牌（只在可以时），"
     "提示、托管、牌桌、帮助、退出（英文命令也可用）。"),
)


def _prompt(game: Game, me: int, words: Words) -> str:
    decision = game.decision
    top = game.top
    on = words.cards(top[1]) if top is not None else ""
    text = {
        "lead": words("your lead", "你发牌"),
        "follow": words(f"beat {on}, or pass", f"管{on}，或过"),
        "follow-on-yield": words(f"beat {on} (yielded to you), or pass", f"管{on}（让牌），或过"),
        "after-yield": words(f"beat {on}, or pass", f"管{on}，或过"),
        "answer": words(f"answer {on}, or pass (扣牌)", f"回{on}，或扣牌"),
        "burn-offer": words(f"burn {on}? cards, or pass", f"烧{on}？出牌，或过"),
        "return": words("还贡", "还贡"),
        "revolution": words("革命? revolution or pass", "革命？革命或过"),
        "hui3": words("会3? hui3 … or pass", "会3？会3 …或过"),
        "yudian": words("预点? declare or pass", "预点？宣点或过"),
        "mingdian": words("明点? declare or pass", "明点？宣点或过"),
    }.get(decision) or words.label(DECISIONS[decision])
    return words.style(words(f"seat {me}, {text}> ", f"{me}号位，{text}> "), bold=True)


@dataclass
class Seat:
    """The human at one seat: how to read and write, in which language, and a bot for hints."""

    me: int
    read: Callable[[str], str | None]  # None at the end of input
    write: Callable[[str], None]
    words: Words
    rng: random.Random

    def say(self, text: str) -> None:
        for line in fit(text):
            self.write(line)

    def confirm(self, question: str) -> bool:
        """Ask until yes or no; the end of input is no."""
        for line in fit(question):
            self.write(self.words.style(line, fg="yellow"))
        while True:
            answer = self.read(self.words("yes or no> ", "是或否> "))
            if answer is None:
                return False
            word = answer.strip().lower()
            if word in ("yes", "y", "是"):
                return True
            if word in ("no", "n", "否", ""):
                return False

    def _show(self, game: Game, shown: int) -> int:
        for line in event_lines(game.log[shown:], self.me, game.state.stage == YUDIAN_STAGE, self.words):
            self.say(line)
        return len(game.log)

    def play(self, game: Game, bots: Sequence[Agent], helper: Agent) -> bool:
        """Run ``game`` with the human at :attr:`me` and ``bots`` elsewhere; False if the human quit."""
        shown = 0
        while not game.over:
            shown = self._show(game, shown)
            if game.turn != self.me:
                game.apply(bots[game.turn].act(game.view(), self.rng))
                continue
            action = self.decide(game, helper)
            if action is None:
                return False
            game.apply(action)
        self._show(game, shown)
        return True

    def decide(self, game: Game, helper: Agent) -> Action | None:
        """Read until a legal, confirmed action; None when the human leaves."""
        words = self.words
        options = menu(game)
        found = scene_of(game, self.me)
        refresh = True
        while True:
            if refresh:
                for line in [*scene_lines(found, game.rules.burning, words), *describe_menu(options, game, words)]:
                    self.say(line)
                refresh = False
            text = self.read(_prompt(game, self.me, words))
            if text is None:
                self.say(words("end of input: leaving the game", "输入结束：离开牌局"))
                return None
            command = parse(text, game, options, words)
            if command == "quit":
                if self.confirm(words("Leave now? The game is not finished.", "现在离开？本局尚未打完。")):
                    return None
                continue
            if command in ("help", "table"):
                if command == "help":
                    self.say(HELP[words.lang == "zh"])
                refresh = command == "table"
                continue
            if command == "hint":  # from the seat's view only, with the bot's reason
                self.say(hint_text(advise(helper, game.view(), self.rng), found, words))
                continue
            if command == "auto":
                command = helper.act(game.view(), self.rng)
                self.say(words("hint: ", "提示：") + label(command, words))
            if isinstance(command, str):
                self.say(words.style(command, fg="red"))
                continue
            if self._accepted(game, found, command):
                return command

    def _accepted(self, game: Game, found: Scene, action: Action) -> bool:
        """Legal (or, under 错牌不出, confirmed as costing the turn) and, where it is final, confirmed."""
        words = self.words
        try:
            game.verify(action)
        except IllegalAction as error:
            verdict = error.verdict
            self.say(words.style(words(f"illegal: {verdict.en}", f"不合规：{verdict.zh}"), fg="red")
                     + words(f" (rule {verdict.rule})", f"（规则 {verdict.rule}）"))
            try:
                game.clone().apply(action)  # under 错牌不出 the engine takes a wrong play as a lost turn
            except IllegalAction:
                return False
            return self.confirm(words("错牌不出: this table plays a wrong play as a lost turn. Play it anyway?",
                                      "错牌不出：错牌视为失去出牌权。仍然出？"))
        warning = confirmation(chosen_option(found, action), found, game.rules.burning, words)
        return warning is None or self.confirm(warning + words(" Go ahead?", " 确定吗？"))


def session(ruleset: Ruleset, seed: int, games: int, seat: Seat, keep: Callable[[Game], None] | None = None,
            helper: Agent | None = None, bots: Sequence[Agent] | None = None) -> int:
    """``gouji play``: who sits where, the help, then a match of ``games`` games against ``bots`` (one a seat,
    the human's unused; heuristic bots when None); ``helper`` answers ``hint`` and ``auto`` (a heuristic bot
    when None)."""
    words, me = seat.words, seat.me
    mates = words.join((str((me + 2) % 6), str((me + 4) % 6)))
    seat.say(words(f"{ruleset.name_zh} / {ruleset.name_en} ({ruleset.fingerprint}), seed {seed}. You are seat "
                   f"{me}; your 对头 is seat {(me + 3) % 6}, your team-mates seats {mates}. Play runs 0→1→…→5.",
                   f"{ruleset.name_zh}（{ruleset.fingerprint}），种子 {seed}。你是{me}号位，对头{(me + 3) % 6}号位，"
                   f"联邦{mates}号位。出牌顺序 0→1→…→5。"))
    seat.say(HELP[words.lang == "zh"])
    table = [HeuristicAgent() for _ in range(6)] if bots is None else bots
    return play_match(Match(ruleset, seed), games, seat, table, helper or HeuristicAgent(), keep)


def play_match(match: Match, games: int, seat: Seat, bots: Sequence[Agent], helper: Agent,
               keep: Callable[[Game], None] | None = None) -> int:
    """Play up to ``games`` games of ``match``: tribute, 还贡, the lead and the score carried; places and
    the running score after each game. Returns the games finished (fewer when the human left)."""
    words = seat.words
    for number in range(1, games + 1):
        game = match.new_game()
        seat.say(words.style(words(f"— game {number} of {games}, seed {game.seed} —",
                                   f"— 第{number}局（共{games}局），种子 {game.seed} —"), bold=True))
        if not seat.play(game, bots, helper):
            seat.say(words("you left the match", "你离开了比赛"))
            return number - 1
        match.record(game)
        if keep is not None:
            keep(game)
        found = scene_of(game, seat.me, (match.totals[0], match.totals[1]), last=number == games).result
        assert found is not None and found.totals is not None
        for line in result_lines(found, seat.me, words):
            seat.write(line)
        first, second = found.totals
        seat.say(words(f"match score after {number} game(s): seats 0,2,4 {first} — seats 1,3,5 {second}",
                       f"{number}局后总分：0、2、4号位 {first}，1、3、5号位 {second}"))
    return games
