"""Bots at a room's seats, thinking off the event loop: a bot decides on a copy of the game in a
thread, a search bot in a separate process from the seat's observation (so that it never stalls the
other rooms), and the decision is taken no sooner than a human pace allows."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from ..agents.heuristic import HeuristicAgent
from ..agents.offers import return_cards
from ..agents.registry import make_agent
from ..agents.search import SearchAgent
from ..agents.worlds import NoWorld, sample_world
from ..engine.actions import Return, from_json, to_json
from ..engine.agent import Agent
from ..engine.game import Game, Observation
from ..ruleset.catalog import Catalog
from ..ruleset.compiler import compile_data
from ..ruleset.model import Ruleset
from .protocol import observation_from_json
from .rooms import Room
from .statejson import observation_json


def think(game: Game, spec: str, seed: int) -> dict[str, Any]:
    """What bot ``spec`` does at ``game``'s decision (a copy of the room's game: the bot sees its view only)."""
    return to_json(make_agent(spec).act(game.view(), random.Random(seed)))


def decide_from_observation(ruleset: Ruleset, seen: Observation, legal: list[dict[str, Any]], spec: str,
                            seed: int) -> dict[str, Any]:
    """What bot ``spec`` does knowing only ``seen`` (a network client's case): it acts in a world
    consistent with the observation (:func:`sample_world`). No world exists before tribute is paid: a 还贡
    is the heuristic's choice from the seat's hand (:func:`return_cards`) where the bot is the heuristic or
    a search playing it, as at a room's table; elsewhere, where no world is found, the first legal action
    that is not a play, else the first."""
    agent = make_agent(spec)
    returns = [action for action in map(from_json, legal) if isinstance(action, Return)] \
        if seen.decision == "return" else []
    if returns and _plays_heuristic(agent):
        chosen = Return(return_cards(ruleset.rules, seen.hand.counts, len(returns[0].cards)))
        if chosen in returns:
            return to_json(chosen)
    try:
        world = sample_world(ruleset, seen, seed)
        if not world.over and world.turn == seen.seat:
            return to_json(agent.act(world.view(), random.Random(seed)))
    except NoWorld:
        pass
    return next((action for action in legal if action["type"] == "pass"), legal[0])


def _plays_heuristic(agent: Agent) -> bool:
    """Whether ``agent``'s 还贡 is the heuristic's: the heuristic itself, or a search (which leaves 还贡 to its
    policy) playing it."""
    return isinstance(agent.policy if isinstance(agent, SearchAgent) else agent, HeuristicAgent)


@lru_cache(maxsize=16)
def _compiled(rules: str) -> Ruleset:
    return compile_data(json.loads(rules), "<room rules>", Catalog.default())


@lru_cache(maxsize=64)
def searches(spec: str) -> bool:
    """Whether bot ``spec`` is a search (``search:…``, ``strong``): it thinks in a worker process, where its
    tenths of a second of CPU do not hold the server's interpreter lock (in a thread they would: every
    room's event loop would wait for it)."""
    return isinstance(make_agent(spec), SearchAgent)


def think_remote(rules: str, seen: dict[str, Any], legal: list[dict[str, Any]], spec: str,
                 seed: int) -> dict[str, Any]:
    """:func:`decide_from_observation` in a worker process, from the resolved rules as JSON text."""
    return decide_from_observation(_compiled(rules), observation_from_json(seen), legal, spec, seed)


class Bots:
    """Runs the bots of every room: ``pace`` seconds at least a decision; search bots in ``processes``
    worker processes (0: in threads like the others)."""

    def __init__(self, pace: float = 1.0, processes: int = 1) -> None:
        self.pace, self.processes = pace, processes
        self._pool: Executor | None = None

    def _processes(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def decide(self, room: Room, seat: int) -> dict[str, Any]:
        game = room.game
        assert game is not None and game.turn == seat
        started = time.monotonic()
        spec, seed = room.bot_spec(seat), random.getrandbits(32)
        loop = asyncio.get_running_loop()
        if self.processes and searches(spec) and game.decision != "return":  # (还贡: a search plays its policy)
            legal = [to_json(action) for action in game.legal_actions()]
            rules = json.dumps(room.ruleset.resolved(), sort_keys=True, ensure_ascii=False)
            action = await loop.run_in_executor(self._processes(), think_remote, rules,
                                                observation_json(game.observation(seat)), legal, spec, seed)
        else:
            action = await asyncio.to_thread(think, game.clone(), spec, seed)
        left = self.pace - (time.monotonic() - started)
        if left > 0:
            await asyncio.sleep(left)
        return action

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
