"""The search player and agent specs: ``name:parameter`` parsing with clear errors, legal actions
under several rulesets, reasons that say how candidates fared, and decisions that never depend on
the cards hidden from the seat."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import document_text, house_rulesets
from test_seat_view import alike

from gouji_variants.agents import search as search_module
from gouji_variants.agents.basic import HeuristicAgent
from gouji_variants.agents.registry import make_agent, make_agents, parse_budget
from gouji_variants.agents.search import (
    BANK_LIMIT,
    FEW_WORLDS,
    PRUNE_AFTER,
    PRUNE_SIGNIFICANCE,
    SETTLE_AFTER,
    SIGNIFICANCE,
    Budget,
    SearchAgent,
    _count,
    _Tally,
    candidates_for,
)
from gouji_variants.components.burning import keepable
from gouji_variants.engine import PASS, Burn, Game, Match
from gouji_variants.engine.seat import SeatView
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset


@pytest.mark.parametrize(("spec", "budget"), [
    ("search", Budget(seconds=0.1)), ("search:40", Budget(worlds=40)), ("search:250ms", Budget(seconds=0.25)),
    ("search:1.5s", Budget(seconds=1.5)), (" search : 7 ", Budget(worlds=7)), ("strong", Budget(seconds=0.3)),
])
def test_search_specs_set_the_budget(spec: str, budget: Budget) -> None:
    agent = make_agent(spec)
    assert isinstance(agent, SearchAgent) and agent.budget == budget and agent.name == "search"


def test_a_comma_list_is_cycled_over_the_seats() -> None:
    agents = make_agents("search:3,heuristic")
    assert [agent.name for agent in agents] == ["search", "heuristic"] * 3
    assert len({id(agent) for agent in agents}) == 6  # one bot per seat


@pytest.mark.parametrize(("spec", "message"), [
    ("clever", "unknown agent 'clever'; choose from random, basic, heuristic, search, strong"),
    ("strong:2s", "agent 'strong' takes no parameter"),
    ("random:3", "agent 'random' takes no parameter"),
    ("search:", "search budget '' is not a number of worlds per decision"),
    ("search:fast", "search budget 'fast' is not a number of worlds"),
    ("search:0", "a whole number from 1 to 10000"),
    ("search:2.5", "a whole number from 1 to 10000"),
    ("search:" + "9" * 400, "a whole number from 1 to 10000"),
    ("search:0.1ms", "a think time is from 1ms to 60s"),
    ("search:2h", "is not a number of worlds"),
    ("search:١٢", "is not a number of worlds"),
    ("heuristic,,random", "has an empty entry"),
    ("", "has an empty entry"),
    ("random," * 7, "has an empty entry"),
    ("random,heuristic,random,heuristic,random,heuristic,random", "7 agents named for 6 seats"),
])
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make_agents(spec)


def test_a_budget_is_worlds_or_seconds() -> None:
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        Budget(worlds=3, seconds=1.0)
    assert parse_budget("60s") == Budget(seconds=60.0)


@pytest.mark.parametrize("ref", ["dagang", "jining", "qingdao", "bie3"])
def test_search_plays_legal_actions_and_says_why(ref: str) -> None:
    ruleset = load_ruleset(ref)
    game, rng = Match(ruleset, 4).new_game(), random.Random(4)
    search, other = make_agent("search:2"), HeuristicAgent()
    reasons = []
    while not game.over:
        view = game.view()
        if game.turn % 2:
            game.apply(other.act(view, rng))
            continue
        advice = search.advise(view, rng)
        assert view.can(advice.action)
        reasons.append(advice.reason.en)
        game.apply(advice.action)
    tried = [reason for reason in reasons if "rollouts against" in reason]
    assert tried and all(reason.startswith("search: ") for reason in reasons)
    assert all(" of 2 rollouts against " in reason and "too few rollouts to trust" in reason for reason in tried)


def test_a_search_answer_says_how_many_rollouts_it_rests_on() -> None:
    game = Game(load_ruleset("dagang"), 2)
    agent, rng = HeuristicAgent(), random.Random(2)
    while game.decision != "follow":
        game.apply(agent.act(game.view(), rng))
    many = make_agent(f"search:{FEW_WORLDS}").advise(game.view(), rng).reason
    assert f" of {FEW_WORLDS} rollouts against " in many.en and f"{FEW_WORLDS}次推演" in many.zh
    assert "too few" not in many.en and "太少" not in many.zh


class _Fixed(SearchAgent):
    """A search whose every challenger does ``diffs`` better than the policy's choice in 4 worlds."""

    diffs = (0.0, 0.0, 0.0, 0.0)

    def _search(self, view: SeatView, tallies: list[_Tally], rng: random.Random, start: float) -> int:
        policy, *others = tallies
        policy.values, policy.wins = [0.0] * 4, [0.0] * 4
        for tally in others:
            tally.values, tally.wins = list(self.diffs), list(self.diffs)
        return 4


@pytest.mark.parametrize("decision", ["follow", "lead"])
@pytest.mark.parametrize(("diffs", "replaced"), [((1.0, 0.0, 1.0, 0.0), False), ((1.0, 1.0, 1.0, 0.0), True)])
def test_a_challenger_replaces_the_policy_s_choice_only_past_two_standard_errors(
        decision: str, diffs: tuple[float, ...], replaced: bool) -> None:
    """Ahead by 1.7 standard errors of the paired differences, the policy's choice stands (and the answer says
    the challenger was not clearly better); by 3, the challenger is played (``SIGNIFICANCE``)."""
    assert SIGNIFICANCE == 2.0
    game = Game(load_ruleset("dagang"), 2)
    agent, rng = HeuristicAgent(), random.Random(2)
    while game.decision != decision or len(candidates_for(game.view(), agent.act(game.view(), rng))) < 2:
        game.apply(agent.act(game.view(), rng))
    view = game.view()
    default = agent.act(view, rng)
    search = _Fixed(HeuristicAgent())
    search.diffs = diffs
    advice = search.advise(view, rng)
    assert (advice.action != default) == replaced
    assert ("not clearly better" in advice.reason.en) != replaced


def test_candidates_are_the_policy_s_choice_then_passing_then_a_few_plays() -> None:
    game = Game(load_ruleset("dagang"), 2)
    agent, rng = HeuristicAgent(), random.Random(2)
    while game.decision != "follow":
        game.apply(agent.act(game.view(), rng))
    view = game.view()
    default = agent.act(view, rng)
    found = candidates_for(view, default)
    assert found[0] == default and len(found) == len(set(found)) <= 4
    assert all(view.can(action) for action in found)


def test_rollout_budgets_are_deterministic_for_a_given_rng() -> None:
    game = Game(load_ruleset("jining"), 9)
    agent = HeuristicAgent()
    rng = random.Random(9)
    for _ in range(30):
        game.apply(agent.act(game.view(), rng))
    view = game.view()
    first = make_agent("search:4").advise(view, random.Random(1))
    second = make_agent("search:4").advise(game.view(), random.Random(1))
    assert first == second


@pytest.mark.parametrize("pair", [(1, 3), (3, 5), (1, 5)])
def test_search_decides_the_same_whatever_the_cards_hidden_from_it(pair: tuple[int, int]) -> None:
    """Two deals that differ only in cards of seat 0's opponents, played alike: wherever seat 0 acts
    and sees the same, search gives the same advice for the same rng and number of worlds."""
    ruleset = load_ruleset("dagang")
    compared = 0
    for seed in range(40):
        for one, two in itertools.islice(alike(ruleset, seed, pair), 120):
            if one.turn != 0 or one.decision != two.decision or one.observation(0) != two.observation(0):
                continue
            assert one.hand(pair[0]) != two.hand(pair[0])  # the hidden cards differ
            first = make_agent("search:3").advise(one.view(), random.Random(seed))
            second = make_agent("search:3").advise(two.view(), random.Random(seed))
            assert first == second
            compared += 1
            break  # one position per deal
        if compared == 3:
            break
    assert compared == 3


def test_a_burn_the_hand_cannot_keep_is_never_tried() -> None:
    """A burn whose condition the hand left cannot keep (the terminal's warning) ends in 诈烧: search
    leaves it out of its candidates, whatever a few worlds would say."""
    ruleset = load_ruleset("dagang")
    agent = HeuristicAgent()
    checked = 0
    for seed in range(30):
        game, rng = Game(ruleset, seed), random.Random(seed)
        while not game.over and checked < 3:
            view = game.view()
            if view.decision == "burn-offer":
                hand = view.hand.counts
                left = {action: [have - used for have, used in zip(hand, action.cards.counts, strict=True)]
                        for action in view.legal_actions() if isinstance(action, Burn)}
                hopeless = {action for action, rest in left.items() if not keepable(ruleset.rules.burning, rest)}
                default = agent.act(view, rng)
                if hopeless - {default}:
                    assert not set(candidates_for(view, default)[1:]) & hopeless
                    checked += 1
            game.apply(agent.act(view, rng))
        if checked == 3:
            break
    assert checked == 3


def test_a_rollout_counts_the_tribute_the_game_leaves_owed() -> None:
    """Under 济宁 a seat that never opens owes 点贡: the same finished game is worth less to the payer's
    team with that debt than without it, and more to the receiver's."""
    game, rng = Game(load_ruleset("jining"), 3), random.Random(3)
    agents = make_agents("random")
    while not game.over:
        game.apply(agents[game.turn].act(game.view(), rng))
    dian = [due for due in game.owed if due.kind == "dian" and due.payer % 2 != due.receiver % 2]
    assert dian, "random bots fail to open under 济宁"
    payer = dian[0].payer % 2
    with_debt = [_Tally(PASS), _Tally(PASS)]
    _count(with_debt[0], game, payer)
    _count(with_debt[1], game, 1 - payer)
    game.owed[:] = [due for due in game.owed if due.kind != "dian"]
    without = [_Tally(PASS), _Tally(PASS)]
    _count(without[0], game, payer)
    _count(without[1], game, 1 - payer)
    assert with_debt[0].wins == without[0].wins  # the result of the game is the same
    assert with_debt[0].mean < without[0].mean and with_debt[1].mean > without[1].mean


def _searched(seed: int, budget: Budget, decisions: int) -> Iterator[tuple[_Tally, list[_Tally], int]]:
    """The policy's tally, the other candidates' and the worlds of each contested decision of
    ``decisions`` in a dagang game (the heuristic's choices played), searched with ``budget``."""
    game, agent, rng = Game(load_ruleset("dagang"), seed), HeuristicAgent(), random.Random(seed)
    search = SearchAgent(agent, budget)
    for step in range(decisions):
        view = game.view()
        default = agent.act(view, rng)
        tallies = [_Tally(action) for action in candidates_for(view, default)]
        if len(tallies) > 1:
            worlds = search._search(view, tallies, random.Random(step), time.process_time())
            policy, *others = tallies
            yield policy, others, worlds
        game.apply(default)


def _first(tally: _Tally, worlds: int) -> _Tally:
    """``tally`` in its first ``worlds`` worlds."""
    return _Tally(tally.action, tally.wins[:worlds], tally.values[:worlds])


def test_a_candidate_the_policy_clearly_beats_is_dropped_and_the_rest_share_every_world() -> None:
    """From PRUNE_AFTER worlds on, a candidate the policy's choice beats by PRUNE_SIGNIFICANCE standard
    errors is tried no more; the policy's choice and the candidates kept are tried in every world."""
    for policy, others, worlds in _searched(2, Budget(worlds=SETTLE_AFTER + 2), 20):
        assert len(policy.values) == worlds == SETTLE_AFTER + 2
        dropped = [tally for tally in others if len(tally.values) < worlds]
        for tally in dropped:
            tried = len(tally.values)
            assert tried >= PRUNE_AFTER
            assert _first(policy, tried).beats(tally, PRUNE_SIGNIFICANCE)
        if dropped:
            return
    pytest.fail("no candidate was dropped in 20 decisions")


def test_a_decision_is_not_settled_before_settle_after_worlds() -> None:
    """Before SETTLE_AFTER worlds, the best challenger left is tried in every world even once the policy's
    choice beats it clearly: a decision rests on SETTLE_AFTER worlds where the budget allows."""
    for policy, others, worlds in _searched(6, Budget(worlds=SETTLE_AFTER), 20):
        assert worlds == SETTLE_AFTER
        kept = [tally for tally in others if len(tally.values) == worlds]
        assert kept
        if any(_first(policy, tried).beats(_first(tally, tried), PRUNE_SIGNIFICANCE)
               for tally in kept for tried in range(PRUNE_AFTER, SETTLE_AFTER)):
            return  # (kept, though clearly beaten before SETTLE_AFTER worlds)
    pytest.fail("no challenger clearly beaten was kept in 20 decisions")


def test_a_budget_too_small_for_settle_after_worlds_races_the_leading_challenger() -> None:
    """With fewer than SETTLE_AFTER worlds to give, from the PRUNE_AFTER-th world on only the challenger with the best
    mean so far is tried beside the policy's choice (a race: it alone may overturn the choice); the others stop."""
    raced = 0
    for policy, others, worlds in _searched(2, Budget(worlds=SETTLE_AFTER - 5), 40):
        assert worlds == SETTLE_AFTER - 5
        longer = [tally for tally in others if len(tally.values) > PRUNE_AFTER]
        assert len(longer) <= 1
        if len(longer) == 1 and len(others) > 1:
            contenders = [_first(tally, PRUNE_AFTER) for tally in others
                          if not _first(policy, PRUNE_AFTER).beats(_first(tally, PRUNE_AFTER), PRUNE_SIGNIFICANCE)]
            assert _first(longer[0], PRUNE_AFTER).mean == max(tally.mean for tally in contenders)
            raced += len(contenders) > 1
            if raced == 3:
                return
    pytest.fail(f"{raced} decisions had two challengers or more left at the fifth world")


@pytest.mark.parametrize(("budget", "race"), [(0.04, True), (0.15, False)])
def test_a_time_budget_races_only_where_it_cannot_give_every_candidate_settle_after_worlds(
        monkeypatch: pytest.MonkeyPatch, budget: float, race: bool) -> None:
    """Under a clock that moves 1 ms a reading (a world costs about 2 ms at the mean costs so far): 40 ms cannot
    give the candidates left SETTLE_AFTER worlds, so the leader races alone; 150 ms can, so every challenger left at
    the fifth world is tried past it (until the policy's choice clearly beats it)."""
    clock = itertools.count()
    monkeypatch.setattr(search_module.time, "process_time", lambda: next(clock) / 1000)
    contested = 0
    for policy, others, worlds in _searched(2, Budget(seconds=budget), 30):
        left = [tally for tally in others
                if not _first(policy, PRUNE_AFTER).beats(_first(tally, PRUNE_AFTER), PRUNE_SIGNIFICANCE)]
        if worlds > PRUNE_AFTER and len(left) > 1:
            contested += 1
            assert (sum(len(tally.values) > PRUNE_AFTER for tally in others) == 1) == race
            if contested == 3:
                return
    pytest.fail(f"{contested} decisions had two challengers or more left at the fifth world")


@settings(max_examples=examples(3), derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(ruleset=house_rulesets(), seed=st.integers(0, 2**32 - 1))
def test_search_plays_generated_house_rulesets(ruleset: Ruleset, seed: int) -> None:
    """A search bot (its rollouts the heuristic's) at seat 0 of a game under a generated house ruleset:
    every advice is legal, and the game ends."""
    game, rng = Match(ruleset, seed).new_game(), random.Random(seed)
    search, other = make_agent("search:2"), HeuristicAgent()
    while not game.over:
        view = game.view()
        action = search.act(view, rng) if game.turn == 0 else other.act(view, rng)
        assert view.can(action), document_text(ruleset)
        game.apply(action)


def test_a_time_budget_banks_what_a_decision_leaves_unused_and_a_number_of_worlds_does_not() -> None:
    """A decision with one candidate takes no time to think: a search with a time budget keeps what it left for
    the next contested decisions, never more than BANK_LIMIT budgets; one counting worlds keeps nothing."""
    game, agent, rng = Game(load_ruleset("dagang"), 3), HeuristicAgent(), random.Random(3)
    while len(candidates_for(game.view(), agent.act(game.view(), rng))) > 1:
        game.apply(agent.act(game.view(), rng))
    timed, counted = SearchAgent(agent, Budget(seconds=1.0)), SearchAgent(agent, Budget(worlds=5))
    for _ in range(3):
        timed.act(game.view(), rng)
        counted.act(game.view(), rng)
    assert timed.banked == BANK_LIMIT * 1.0 and counted.banked == 0  # (capped: three decisions left near 3 s)
