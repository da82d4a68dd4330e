"""A match: a series of games carrying tribute, the lead and the cumulative team score."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..components import score
from ..ruleset.model import Ruleset
from .agent import Agent, RandomAgent
from .game import Carry, Game


def play_out(game: Game, agents: Sequence[Agent], rng: random.Random) -> int:
    """Let the agents finish ``game``; returns the number of decisions taken. The decisions of a
    :class:`RandomAgent` (that class, not a subclass) are drawn by the game itself
    (:meth:`Game.sample_action`: the draw its view would make): a player that looks at nothing
    is not handed a view."""
    decisions = 0
    while not game.over:
        agent = agents[game.turn]
        game.apply(game.sample_action(rng) if type(agent) is RandomAgent else agent.act(game.view(), rng))
        decisions += 1
    return decisions


class Match:
    """Games under one ruleset; each game's seed comes from the match seed.

    >>> import random
    >>> from gouji_variants import RandomAgent, load_ruleset
    >>> match = Match(load_ruleset("dagang"), seed=3)
    >>> games = match.play([RandomAgent()] * 6, 2, random.Random(3))
    >>> len(games), all(game.over for game in games), sum(games[0].score) >= 0
    (2, True, True)
    """

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self._rng = random.Random(seed)
        self.carry = Carry()
        self.games: list[Game] = []
        self.totals = [0, 0]

    def new_game(self) -> Game:
        """The next game, dealt, with tribute paid and the lead decided from the last one."""
        return Game(self.ruleset, self._rng.getrandbits(32), carry=self.carry)

    def record(self, game: Game) -> None:
        """Add a finished game's score and carry its places, burns and lead to the next game."""
        assert game.places is not None and game.score is not None
        self.games.append(game)
        self.totals[0] += game.score[0]
        self.totals[1] += game.score[1]
        rules = self.ruleset.rules
        redeal = score.swept(game.places) is not None and rules.tribute.chuansanhu == "redeal"
        rule = rules.first_player
        leader = None if redeal else game.components.first_player.later_game(rule, game.places, game.leader)
        drawer = game.components.first_player.next_drawer(rule, game.drawer)  # a redeal is drawn by the next 开牌人 too
        self.carry = Carry(tuple(game.places), game.successful_burns(), leader, tuple(game.owed), drawer)

    def play(self, agents: Sequence[Agent], games: int, rng: random.Random) -> list[Game]:
        for _ in range(games):
            game = self.new_game()
            play_out(game, agents, rng)
            self.record(game)
        return self.games
