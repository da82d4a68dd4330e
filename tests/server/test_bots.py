"""The room service's bots (server.bots): a search bot, ``strong`` included, thinks in a worker process,
never in a thread of the server, where its tenths of a second of CPU would hold every room's event loop;
the other bots think on a copy of the game in a thread."""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import Future, ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.engine import Game, RandomAgent
from gouji_variants.engine.actions import to_json
from gouji_variants.engine.match import Match
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.server.bots import Bots, decide_from_observation, searches
from gouji_variants.server.protocol import observation_from_json
from gouji_variants.server.statejson import observation_json


class Recording(ThreadPoolExecutor):
    """The worker processes' stand-in: runs in a thread, and counts what it was given."""

    def __init__(self) -> None:
        super().__init__(1)
        self.given = 0

    def submit(self, *arguments: Any, **keywords: Any) -> Future[Any]:  # type: ignore[override]
        self.given += 1
        return super().submit(*arguments, **keywords)


def test_search_bots_are_told_apart_by_what_they_are_not_by_their_name() -> None:
    assert searches("strong") and searches("search:40") and searches("search:100ms")
    assert not searches("heuristic") and not searches("basic") and not searches("random")


def _decided(game: Game, spec: str) -> tuple[dict[str, Any], int]:
    """What bot ``spec`` does at ``game``'s decision in a room, and how many calls the worker processes got."""
    room = SimpleNamespace(game=game, ruleset=game.ruleset, bot_spec=lambda seat: spec)
    bots, pool = Bots(pace=0.0, processes=1), Recording()
    bots._pool = pool
    try:
        return asyncio.run(bots.decide(room, game.turn)), pool.given  # type: ignore[arg-type]
    finally:
        pool.shutdown()


@pytest.mark.parametrize(("spec", "remote"), [("strong", True), ("search:2", True), ("heuristic", False)])
def test_a_search_bot_decides_in_the_worker_processes_and_another_in_a_thread(spec: str, remote: bool) -> None:
    game = Match(load_ruleset("qingdao"), 7).new_game()
    action, given = _decided(game, spec)
    assert action in [to_json(legal) for legal in game.legal_actions()]
    assert given == (1 if remote else 0)


def _returning() -> Game:
    """The second game of a dagang match, at a 还贡 decision (tribute paid for the first game's places)."""
    ruleset = load_ruleset("dagang")
    match, rng = Match(ruleset, 83), random.Random(83)
    agents = [HeuristicAgent(), RandomAgent()] * 3
    game = match.new_game()
    while not game.over:
        game.apply(agents[game.turn].act(game.view(), rng))
    match.record(game)
    game = match.new_game()
    assert game.decision == "return"
    return game


def test_a_search_bot_returns_tribute_as_its_policy_does_in_a_thread() -> None:
    """No world can be drawn before tribute is paid, so a search bot's 还贡 is its policy's choice, made on
    the room's game in a thread (the search defers it to its policy anyway), not a worker's fallback."""
    game = _returning()
    action, given = _decided(game, "strong")
    assert given == 0
    assert action == to_json(HeuristicAgent().act(game.view(), random.Random(0)))


@pytest.mark.parametrize("spec", ["strong", "search:40", "heuristic"])
def test_a_network_clients_bot_returns_tribute_as_its_policy_does(spec: str) -> None:
    """A network client has only its observation and no world to act in before tribute is paid: its bot's
    还贡 is still the heuristic's (the search's policy), not the first legal return."""
    game = _returning()
    legal = [to_json(action) for action in game.legal_actions()]
    seen = observation_from_json(json.loads(json.dumps(observation_json(game.observation(game.turn)))))
    policy = to_json(HeuristicAgent().act(game.view(), random.Random(0)))
    assert policy != legal[0]  # (what the client played before)
    assert decide_from_observation(game.ruleset, seen, legal, spec, 0) == policy
