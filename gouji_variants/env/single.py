"""The Gymnasium environment: one seat learns, the project's bots play the other five.

An observation is ``{"observation": vector, "action_mask": mask}`` of the learning seat
(:meth:`GoujiEnv.action_masks` returns the mask too, as sb3-contrib's maskable PPO expects); the
reward comes when a game ends. An action outside the mask ends the episode with ``illegal_reward``
(or raises, with ``illegal="raise"``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium as gym
import numpy as np

from ..agents.registry import make_agents
from ..components.deck import SEATS
from ..engine import Agent
from ..ruleset.model import Ruleset
from .actions import Family
from .aec import observation_space
from .session import EnvError, Mask, Reward, Session, load


def opponents_of(opponents: str | Sequence[Agent], seat: int) -> list[Agent]:
    """Six agents (the learner's own place is never used) from a ``make_agents`` spec (``random``,
    ``heuristic``, a comma list cycled over the seats) or a list of six agents."""
    if isinstance(opponents, str):
        try:
            return make_agents(opponents)
        except ValueError as error:
            raise EnvError(f"opponents=: {error}") from None
    agents = list(opponents)
    if len(agents) != SEATS or not all(callable(getattr(agent, "act", None)) for agent in agents):
        raise EnvError(f"opponents= takes a bot name (make_agents) or six agents, one per seat (seat {seat}'s is "
                       "not used)")
    return agents


class GoujiEnv(gym.Env[dict[str, Any], np.int64]):
    """Seat ``seat`` of 够级 under ``ruleset`` (id, alias, name, path or a compiled Ruleset) against
    ``opponents``; ``games`` per episode (a match), ``reward`` ``team`` or ``place``."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, ruleset: str | Ruleset = "dagang", seat: int = 0, opponents: str | Sequence[Agent] = "random",
                 *, games: int = 1, reward: Reward = "team", family: Family | None = None,
                 illegal: Literal["end", "raise"] = "end", illegal_reward: float | None = None,
                 render_mode: str | None = None) -> None:
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise EnvError(f"seat= is a seat number 0 … 5, not {seat!r}")
        if illegal not in ("end", "raise"):
            raise EnvError(f"illegal= is 'end' or 'raise', not {illegal!r}")
        self.session = Session(load(ruleset), games, reward, family)
        self.seat = seat
        self.bots = opponents_of(opponents, seat)
        self.illegal = illegal
        low, _ = self.session.bounds()
        self.illegal_reward = low - 1.0 if illegal_reward is None else illegal_reward
        self.observation_space = observation_space(self.session)
        self.action_space = gym.spaces.Discrete(self.session.encoding.size)
        self.render_mode = render_mode
        self._seeds = random.Random()
        self._rng = random.Random()
        self._ended = False

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[
            dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self._ended = False
        skipped = 0
        while True:  # an episode in which the learning seat never acts (an automatic 革命) is skipped
            self.session.reset(self._seeds.getrandbits(63))
            self._rng = random.Random(self._seeds.getrandbits(63))  # the bots' choices
            reward = self._bots_play()
            if not self.session.over:
                break
            skipped += 1
        info: dict[str, Any] = {"reward_before_first_turn": reward} if reward else {}
        return self._observe(), {**info, "skipped_episodes": skipped} if skipped else info

    def _bots_play(self) -> float:
        """Let the bots act until the learner's turn or the episode's end; the learner's reward meanwhile."""
        session, total = self.session, 0.0
        while not session.over and session.turn != self.seat:
            view = session.view()
            rewards = session.apply(self.bots[view.seat].act(view, self._rng))
            total += 0.0 if rewards is None else rewards[self.seat]
        return total

    def _observe(self) -> dict[str, Any]:
        return {"observation": self.session.observe(self.seat), "action_mask": self.action_masks()}

    def action_masks(self) -> Mask:
        if self.session.over or self.session.turn != self.seat:
            return np.zeros(self.session.encoding.size, dtype=np.int8)
        return self.session.mask()

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        session = self.session
        if session.over or self._ended:
            raise ValueError("the episode is over: call reset()")
        if not session.legal(int(action)):
            if self.illegal == "raise":
                session.step(int(action))  # raises, saying why
            self._ended = True
            return self._observe(), self.illegal_reward, True, False, {"illegal": int(action)}
        finished = session.step(int(action))
        reward = 0.0 if finished is None else finished[self.seat]
        reward += self._bots_play()
        return self._observe(), reward, session.over, False, {}

    def render(self) -> str | None:
        return str(self.session.game) if self.render_mode == "ansi" else None
