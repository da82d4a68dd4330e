"""Whole matches under a ruleset, checked at every decision (issue 22): listing equals accepting, cards are
conserved, games end with places a permutation, a match carries each game to the next, records replay."""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Sequence

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.engine import Agent, Burn, Game, Match, Play, RandomAgent
from gouji_variants.records.record import game_record, replay
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.runs.invariants import conserved, problems

#: The decisions where a seat plays cards: candidates drawn from the hand are checked there.
PLAYING = ("lead", "follow", "follow-on-yield", "after-yield", "answer", "burn-offer")
STEPS = 5000  # more decisions than any game takes: past it the game does not end


def agents_for(mix: int) -> list[Agent]:
    """Seat ``s`` a heuristic bot when bit ``s`` of ``mix`` is set, else a random one."""
    return [HeuristicAgent() if mix >> seat & 1 else RandomAgent() for seat in range(6)]


def candidates(hand: Sequence[int], rng: random.Random, count: int) -> list[Cards]:
    """``count`` random sub-multisets of ``hand`` (counts by rank), most of one rank with 2s and jokers."""
    ranks = [rank for rank, held in enumerate(hand) if held]
    found = []
    for _ in range(count):
        chosen = [rng.randint(0, held) if rank in ranks and (rng.random() < 0.3 or rank >= 12) else 0
                  for rank, held in enumerate(hand)]
        if ranks and not any(chosen):
            rank = rng.choice(ranks)
            chosen[rank] = rng.randint(1, hand[rank])
        if any(chosen):
            found.append(Cards(tuple(chosen)))
    return found


def check_decision(game: Game, rng: random.Random, tries: int = 6) -> None:
    """Listing equals accepting now: every listed action verifies and the seat's view accepts it; a
    candidate play from the hand that the game accepts is listed, and the view agrees on it."""
    legal = game.legal_actions()
    assert legal, f"no legal action at {game.decision}"
    listed = set(legal)
    view = game.view()
    for action in legal:
        game.verify(action)
        assert view.can(action), f"the view refuses the listed {action!r} at {game.decision}"
    if game.decision in PLAYING:
        make = Burn if game.decision == "burn-offer" else Play
        for cards in candidates(game.hand(game.turn).counts, rng, tries):
            action = make(cards)
            accepted = game.can(action)
            assert not accepted or action in listed, f"{action!r} is accepted but not listed at {game.decision}"
            assert view.can(action) == accepted, f"the view and the game disagree on {action!r} at {game.decision}"


def check_game(game: Game, agents: Sequence[Agent], rng: random.Random, every: int = 1) -> None:
    """Play ``game`` out, checking every ``every``-th decision and the cards after each step."""
    steps = 0
    while not game.over:
        if steps % every == 0:
            check_decision(game, rng)
        game.apply(agents[game.turn].act(game.view(), rng))
        assert conserved(game), "cards not conserved"
        steps += 1
        assert steps < STEPS, "the game does not end"
    found = problems(game)
    assert not found, "; ".join(found)
    record = json.loads(json.dumps(game_record(game), ensure_ascii=False))
    replayed = replay(record)
    assert replayed.ok, f"the record does not replay: {replayed.divergence}"
    assert replayed.game is not None and replayed.game.places == game.places


def checked_match(ruleset: Ruleset, games: int, seed: int, mix: int = 0, every: int = 1) -> list[str]:
    """``games`` games as one match (agents by ``mix``), each checked; a failure is described (where it
    happened) and the match starts again."""
    failures: list[str] = []
    match, rng, agents = Match(ruleset, seed), random.Random(seed), agents_for(mix)
    for index in range(games):
        try:
            game = match.new_game()
            check_game(game, agents, rng, every)
            match.record(game)
            match.games.clear()
        except Exception as error:  # noqa: BLE001 - each kind of failure is reported, not only asserts
            where = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
            at = f" at {where.filename.rsplit('/', 1)[-1]}:{where.lineno}" if where else ""
            failures.append(f"game {index} (seed {seed}): {type(error).__name__}: {error}{at}")
            match = Match(ruleset, seed + index + 1)
    return failures
