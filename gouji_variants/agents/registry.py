"""The bots by name, and agent specs as ``--agents`` gives them: ``heuristic``, ``search:200ms``,
``search:40,heuristic`` (a comma list of at most six, cycled over seats 0-5)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .basic import AGENTS, DEFAULT_AGENTS, Agent
from .search import DEFAULT_BUDGET, Budget, SearchAgent

#: The bot a search player plays its rollouts with (every seat of every rollout).
ROLLOUT_POLICY = DEFAULT_AGENTS
#: Bounds of a search budget, so that a typo cannot make a decision run for hours.
MAX_WORLDS = 10_000
MAX_SECONDS = 60.0
_BUDGET = re.compile(r"(?P<number>[0-9]+(?:[.][0-9]+)?)(?P<unit>ms|s)?")


def _plain(make: Callable[[], Agent]) -> Callable[[str | None], Agent]:
    """The factory of a bot that takes no parameter."""
    return lambda param: make()


#: The think time of ``strong``: the search's worlds at a pace a player at the table does not wait for
#: (about 40 worlds a contested decision on dagang; well under the second a phone player notices).
STRONG_BUDGET = Budget(seconds=0.3)


def _search(param: str | None) -> Agent:
    return SearchAgent(AGENTS[ROLLOUT_POLICY](), DEFAULT_BUDGET if param is None else parse_budget(param))


#: Every bot, by name: a factory given the spec's parameter (None when the spec has none).
PLAYERS: dict[str, Callable[[str | None], Agent]] = {
    **{name: _plain(make) for name, make in AGENTS.items()},
    "search": _search,
    "strong": _plain(lambda: SearchAgent(AGENTS[ROLLOUT_POLICY](), STRONG_BUDGET)),
}
#: Bots that take a parameter after a colon, and what it means.
PARAMETERS = {"search": "a number of worlds per decision (search:40) or a think time (search:100ms, search:1s)"}
#: What each bot is, in a few words (the help of every command option that takes a bot).
ABOUT = {"random": "uniformly random", "basic": "the baseline", "heuristic": "rule-aware: the bots of gouji play",
         "search": f"plays each candidate out in sampled deals, {DEFAULT_BUDGET} a decision",
         "strong": f"the search at {STRONG_BUDGET} a decision, the strongest bot a table does not wait for"}


def parse_budget(text: str) -> Budget:
    """``40`` worlds, or ``100ms`` / ``1.5s`` of thinking; ValueError saying what is accepted."""
    found = _BUDGET.fullmatch(text.strip())
    if found is None:
        raise ValueError(f"search budget {text!r} is not {PARAMETERS['search']}")
    number, unit = float(found["number"]), found["unit"]
    if unit is None:
        if "." in found["number"] or not 1 <= number <= MAX_WORLDS:
            raise ValueError(f"search budget {text!r}: a number of worlds is a whole number from 1 to {MAX_WORLDS}")
        return Budget(worlds=int(number))
    seconds = number / 1000 if unit == "ms" else number
    if not 0.001 <= seconds <= MAX_SECONDS:
        raise ValueError(f"search budget {text!r}: a think time is from 1ms to {MAX_SECONDS:g}s")
    return Budget(seconds=seconds)


def make_agent(spec: str) -> Agent:
    """One agent from ``name`` or ``name:parameter``; ValueError naming what is wrong."""
    name, colon, param = spec.strip().partition(":")
    name = name.strip()
    if name not in PLAYERS:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(PLAYERS)}")
    if colon and name not in PARAMETERS:
        raise ValueError(f"agent {name!r} takes no parameter (got {spec.strip()!r})")
    return PLAYERS[name](param if colon else None)


def make_agents(spec: str) -> list[Agent]:
    """Six agents from one spec or a comma list of at most six (cycled over the seats from seat 0):
    ``heuristic``, ``search:200ms,heuristic`` (team 0 searches)."""
    specs = [part.strip() for part in spec.split(",")]
    if not spec.strip() or any(not part for part in specs):
        raise ValueError(f"agent list {spec!r} has an empty entry; choose from {', '.join(PLAYERS)}")
    if len(specs) > 6:
        raise ValueError(f"{len(specs)} agents named for 6 seats; give at most six, one per seat from seat 0")
    return [make_agent(specs[seat % len(specs)]) for seat in range(6)]
