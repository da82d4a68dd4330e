"""World sampling for search players: sampled worlds never contradict what the seat knows, never
depend on the hands hidden from it, and continue the game from where it stands."""

from __future__ import annotations

import itertools
import random

import pytest
from budget import examples
from engine_helpers import deal, variant
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_seat_view import alike, public

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.worlds import NoWorld, Sampler, hand_bounds, sample_world, unseen_cards
from gouji_variants.engine import Game, Match, RandomAgent
from gouji_variants.ruleset.cards import TWO, Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset

DAGANG = load_ruleset("dagang")
RULESETS = {
    "dagang": DAGANG,
    "jining": load_ruleset("jining"),  # 憋3 and each_hand: exactly one 3 and one 4 in every hand
    "qingdao": load_ruleset("qingdao"),  # 看牌: team-mates' small hands are shown
    "busy": variant(DAGANG, kaidian={"enabled": True, "then_four": True, "fours_after_open": True},
                    bie3={"enabled": True, "buy_fours": True}, revolution={"requires_no_threes": True}),
    # 憋3 buying paid with a 小王 before a 2, free to a buyer with nothing to pay, served source by source
    "buying": variant(DAGANG, bie3={"enabled": True, "buy_fours": True, "pay_with": ("small-joker", "twos"),
                                    "nothing_to_pay": "free", "buyers_served": "source-by-source"}),
}
SOME = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
AGENTS = [HeuristicAgent(), RandomAgent()] * 3
BEFORE_PLAY = ("dealt", "transfers", "carry", "deal")


def position(ruleset: Ruleset, seed: int, earlier: int, steps: int) -> Game:
    """A game of a match after ``earlier`` finished games (so tribute is paid) and ``steps`` decisions."""
    match, rng = Match(ruleset, seed), random.Random(seed)
    for _ in range(earlier):
        game = match.new_game()
        while not game.over:
            game.apply(AGENTS[game.turn].act(game.view(), rng))
        match.record(game)
    game = match.new_game()
    for _ in range(steps):
        if game.over:
            break
        game.apply(AGENTS[game.turn].act(game.view(), rng))
    return game


def rebuilt_deal(game: Game, world: Game, seat: int) -> list[int] | None:
    """``seat``'s dealt hand in ``world`` as its seat-to-act can rebuild it, or None (unseen tribute)."""
    seen = game.observation(game.turn)
    hand = list((world.hand(seat) + seen.played[seat]).counts)
    for item in seen.transfers:
        if seat in (item.giver, item.taker):
            if item.cards is None:
                return None
            for rank, count in enumerate(item.cards.counts):
                hand[rank] += count if item.giver == seat else -count
    return hand


@SOME
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 2**32 - 1), earlier=st.integers(0, 1),
       steps=st.integers(0, 160), world_seed=st.integers(0, 2**32 - 1))
# (济宁 after a game: nobody bought a 3 or a 4, which a random deal of the hidden hands rarely gives: the
# sampler's first tries assume every seat that did not buy held one)
@example(name="jining", seed=1, earlier=1, steps=6, world_seed=0)
@example(name="dagang", seed=1662, earlier=1, steps=0, world_seed=0)  # (a 还贡 decision: before any world)
@example(name="busy", seed=0, earlier=0, steps=105, world_seed=0)  # (after a 闷: seat 3 holds eight 3s)
def test_sampled_worlds_never_contradict_the_observation(name: str, seed: int, earlier: int, steps: int,
                                                         world_seed: int) -> None:
    ruleset = RULESETS[name]
    game = position(ruleset, seed, earlier, steps)
    if game.over:
        return
    me = game.turn
    seen = game.observation(me)
    if seen.stage == "returns":  # (worlds start after tribute: said at once, not after every try)
        with pytest.raises(NoWorld, match="还贡"):
            Sampler(ruleset, seen)
        return
    world = sample_world(ruleset, seen, world_seed, tries=300)
    assert world.hand(me) == game.hand(me) or seen.stage == "yudian"  # 预点: the seat has not seen its cards
    assert [len(world.hand(seat)) for seat in range(6)] == [len(game.hand(seat)) for seat in range(6)]
    assert list(seen.sizes) == [len(game.hand(seat)) for seat in range(6)]
    assert all(world.hand(seat) == shown for seat, shown in enumerate(seen.hands) if shown is not None)
    assert world.table == game.table and world.removed == game.removed
    assert world.deck_total == game.deck_total == ruleset.rules.deck.recipe.cards()
    assert sum((world.hand(seat) for seat in range(6)), world.table + world.removed) == world.deck_total
    mine = world.observation(me)
    assert all(getattr(mine, field) == getattr(seen, field) for field in seen.__dataclass_fields__
               if field not in BEFORE_PLAY)
    rule = ruleset.rules.deck.each_hand
    for seat in range(6):
        dealt = rebuilt_deal(game, world, seat)
        if rule is not None and dealt is not None:
            for bound, count, rank in rule.clauses:
                assert dealt[rank] == count if bound == "exactly" else dealt[rank] >= count
    assert (world.turn, world.decision) == (game.turn, game.decision)
    legal = game.legal_actions()
    assert world.legal_actions() == legal
    action = random.Random(world_seed).choice(legal)
    event = world.apply(action)
    assert event.action == action


@SOME
@given(seed=st.integers(0, 2**32 - 1), busy=st.booleans(), pair=st.sampled_from([(1, 3), (3, 5), (1, 5)]),
       steps=st.integers(0, 80), world_seed=st.integers(0, 2**32 - 1))
def test_worlds_never_depend_on_the_hidden_hands(seed: int, busy: bool, pair: tuple[int, int], steps: int,
                                                 world_seed: int) -> None:
    """Two deals that differ only in the opponents' cards, played alike: while seat 0 sees the same,
    it samples the same worlds; and one observation and seed always give the same world."""
    ruleset = RULESETS["busy" if busy else "dagang"]
    positions = list(itertools.islice(alike(ruleset, seed, pair), steps + 1))
    if not positions:
        return
    one, two = positions[-1]
    seen = one.observation(0)
    if one.over or two.over or public(seen) != public(two.observation(0)):
        return  # the last step told them apart (alike stopped there)
    assert seen == two.observation(0)
    try:
        first = sample_world(ruleset, seen, world_seed, tries=300)
    except NoWorld:
        raise AssertionError("no world found") from None
    second = sample_world(ruleset, two.observation(0), world_seed, tries=300)
    again = sample_world(ruleset, seen, world_seed, tries=300)
    hands = [[world.hand(seat) for seat in range(6)] for world in (first, second, again)]
    assert hands[0] == hands[1] == hands[2] and first.deals == second.deals == again.deals


def test_the_unseen_cards_are_the_deck_less_what_the_seat_accounts_for() -> None:
    game = position(DAGANG, 3, 0, 40)
    seen = game.observation(game.turn)
    unseen = unseen_cards(seen)
    hidden = [seat for seat in range(6) if seat != game.turn]
    assert unseen == sum((game.hand(seat) for seat in hidden), Cards.EMPTY)
    worlds = {tuple(sample_world(DAGANG, seen, seed).hand(hidden[0]).counts) for seed in range(5)}
    assert len(worlds) > 1  # the hidden hands are drawn, not copied


def test_a_sampler_draws_the_worlds_of_sample_world_and_deals_the_unseen_cards_evenly() -> None:
    game = position(DAGANG, 5, 0, 30)
    seen = game.observation(game.turn)
    sampler = Sampler(DAGANG, seen)  # (the work that does not depend on the draw, done once)
    hidden = [seat for seat in range(6) if seat != game.turn]
    assert all(sampler.world(seed).state.hands == sample_world(DAGANG, seen, seed).state.hands for seed in range(3))
    unseen, draws = unseen_cards(seen).counts, 400
    held = [[0] * len(unseen) for _ in range(6)]
    for seed in range(draws):
        world = sampler.world(seed)
        for seat in hidden:
            for rank, count in enumerate(world.hand(seat).counts):
                held[seat][rank] += count
    room = sum(seen.sizes[seat] for seat in hidden)
    for seat in hidden:  # each seat holds, on average, its share of every rank (no cap here: a uniform deal)
        for rank, count in enumerate(unseen):
            assert abs(held[seat][rank] / draws - count * seen.sizes[seat] / room) <= 0.15 * count + 0.1


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["houshuiwan", "jining", "bie3", "heze-mudan", "qingdao", "busy", "buying"]),
       seed=st.integers(0, 2**32 - 1), earlier=st.integers(0, 1), steps=st.integers(0, 200))
def test_the_true_hands_are_always_within_the_bounds_a_world_is_drawn_in(name: str, seed: int, earlier: int,
                                                                          steps: int) -> None:
    """What the sampler reads off the record (sizes, 买3, forfeits, each_hand, 革命) never rules the
    real deal out, so it never biases worlds away from it; where a world is found, it agrees."""
    ruleset = RULESETS.get(name) or load_ruleset(name)
    game = position(ruleset, seed, earlier, steps)
    if game.over:
        return
    seen = game.observation(game.turn)
    for seat in range(6):
        if seat != seen.seat:
            low, high = hand_bounds(seen, seat, ruleset)
            hand = game.hand(seat).counts
            assert all(least <= held and (most is None or held <= most)
                       for least, held, most in zip(low, hand, high, strict=True)), (seat, low, hand, high)
    try:
        world = sample_world(ruleset, seen, seed, tries=30)
    except NoWorld:
        return
    assert world.legal_actions() == game.legal_actions()


def test_a_stifled_seat_is_dealt_its_3s_only() -> None:
    """闷: seat 3, stifled under "busy" (seed 0, 105 decisions in), kept its eight cards, all 3s; the bounds say
    so, so a world is found at once (drawn at random, eight 3s for one seat came once in many thousand tries)."""
    ruleset = RULESETS["busy"]
    game = position(ruleset, 0, 0, 105)
    seen = game.observation(game.turn)
    assert seen.stifled == (3,) and game.hand(3) == Cards.parse("33333333") and seen.seat != 3
    low, high = hand_bounds(seen, 3, ruleset)
    assert low == high == list(game.hand(3).counts)
    assert sample_world(ruleset, seen, 0, tries=3).hand(3) == game.hand(3)


def test_a_buyer_that_paid_a_joker_after_its_2_is_dealt_no_2() -> None:
    """买3 then 买4 under 憋3, paid with the 2s first: seat 0 paid its 2 for the 3, then a 小王 for the 4, so it
    had no 2 left then and holds none now (the bound was missed after a second purchase: on houshuiwan a world
    was found in none of 100 tries)."""
    ruleset = variant(DAGANG, bie3={"enabled": True, "buy_fours": True})
    game = deal(ruleset, "2B5678", "34569", "3457T", "33444J", "345Q", "345K")
    seen = game.observation(1)
    assert [(item.kind, item.giver, str(item.cards)) for item in seen.transfers] == [
        ("buy", 3, "3"), ("pay", 0, "2"), ("buy", 3, "4"), ("pay", 0, "B")]
    low, high = hand_bounds(seen, 0, ruleset)
    assert high[TWO] == low[TWO] == 0
    assert sample_world(ruleset, seen, 0, tries=300).hand(0)[TWO] == 0


def test_a_hidden_revolution_offer_is_a_public_wait_and_worlds_keep_it() -> None:
    """Seed 547 under "busy" (革命 needs no 3s either): the table waits on a 革命 offer to a seat it does not
    name, for two deals alike to seat 0; a world is found (one hidden seat may declare) and it waits the same."""
    ruleset = RULESETS["busy"]
    one, two = list(itertools.islice(alike(ruleset, 547, (3, 5)), 7))[-1]
    seen = one.observation(0)
    assert (seen.stage, seen.to_act) == ("revolution", None) and seen == two.observation(0)
    world = sample_world(ruleset, seen, 1, tries=300)
    assert world.observation(0) == seen
    assert any(world.turn == seat and world.decision == "revolution" for seat in range(1, 6))
