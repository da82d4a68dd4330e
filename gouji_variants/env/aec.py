"""The PettingZoo AEC environment: six agents ``seat_0`` … ``seat_5``, one acting at a time.

Each agent's observation is ``{"observation": vector, "action_mask": mask}`` (docs/env.md); the
rewards come when a game ends (each game of a match). :func:`env` wraps :class:`raw_env` in the usual
PettingZoo wrappers (an illegal action ends the episode with ``illegal_reward``; out-of-range actions
and calls out of order are refused).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..components.deck import SEATS
from ..ruleset.model import Ruleset
from . import observations
from .actions import Family
from .session import Reward, Session, load

AGENTS = tuple(f"seat_{seat}" for seat in range(SEATS))
_SEAT = {agent: seat for seat, agent in enumerate(AGENTS)}


def observation_space(session: Session) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-1.0, float(max(session.family.naturals, session.family.twos) * SEATS * 4),
                                  (observations.SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (session.encoding.size,), np.int8),
    })


class raw_env(AECEnv[str, dict[str, Any], int]):  # noqa: N801  # PettingZoo's name
    """Six seats of 够级 under ``ruleset`` (id, alias, name, path or a compiled Ruleset); ``games`` per
    episode (a match: tribute and lead carried), ``reward`` ``team`` or ``place``, ``family`` to share
    one action encoding across decks (default: the ruleset's own deck family)."""

    metadata = {"name": "gouji_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset: str | Ruleset = "dagang", *, games: int = 1, reward: Reward = "team",
                 family: Family | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.session = Session(load(ruleset), games, reward, family)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.render_mode = render_mode
        space = observation_space(self.session)
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = {agent: spaces.Discrete(self.session.encoding.size) for agent in AGENTS}
        self._seeds = random.Random()
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _start(self) -> None:
        self.agents = list(AGENTS)
        self.rewards, self._rewarded = dict.fromkeys(AGENTS, 0.0), False
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._select()

    def _select(self) -> None:
        """The seat to act is the selected agent; its info lists its legal action indices."""
        self.agent_selection = agent = AGENTS[self.session.turn]
        info = self.infos[agent]
        self.infos[agent] = {**info, "legal_actions": self.session.legal_indices()} if info else \
            {"legal_actions": self.session.legal_indices()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode; the same ``seed`` deals and plays out the same episode under the same actions."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.session.reset(self._seeds.getrandbits(63))
        self._start()

    def observe(self, agent: str) -> dict[str, Any]:
        session, seat = self.session, _SEAT[agent]
        acting = session.played < session.games and seat == session.game.turn
        mask = session.mask() if acting else np.zeros(session.encoding.size, dtype=np.int8)
        return {"observation": session.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step() takes an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step's rewards are not this one's
            self.rewards, self._rewarded = dict.fromkeys(self.agents, 0.0), False
        info = self.infos[agent]
        self.infos[agent] = {key: value for key, value in info.items() if key != "legal_actions"} if len(info) > 1 \
            else {}
        finished = self.session.step(int(action))
        if finished is not None:
            self.rewards, self._rewarded = {name: finished[seat] for seat, name in enumerate(AGENTS)}, True
            self.infos = {name: {"places": list(self.session.match.carry.places or ())} for name in AGENTS}
            self._accumulate_rewards()
        if self.session.played >= self.session.games:  # the episode is over
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return str(self.session.game)

    def close(self) -> None:
        """Nothing to release."""


def env(ruleset: str | Ruleset = "dagang", *, illegal_reward: float | None = None, **options: Any) -> AECEnv[
        str, dict[str, Any], int]:
    """The AEC environment in PettingZoo's usual wrappers: an illegal action ends the episode, the
    offender getting ``illegal_reward`` (default: below any game's worst score) and the others 0."""
    raw = raw_env(ruleset, **options)
    low, _ = raw.session.bounds()
    wrapped: AECEnv[str, dict[str, Any], int] = wrappers.TerminateIllegalWrapper(
        raw, illegal_reward=low - 1.0 if illegal_reward is None else illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
