"""The action encoding and mask against the engine, and the observation against hidden cards.

Over many random positions of several rulesets: every masked index is an action the engine accepts,
every unmasked one an action it refuses (all indices whose cards the hand holds, every special and
还贡 index, and a random sample of the rest), and every legal engine action has a masked index that
decodes back to it. The observation of a seat is the same under two deals that differ only in cards
hidden from it.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.engine import Burn, Game, Play, RandomAgent, Return
from gouji_variants.env import ActionEncoding, Family, Session
from gouji_variants.env.actions import PLAYS, RETURNS, SPECIALS
from gouji_variants.env.observations import SIZE, encode
from gouji_variants.ruleset.cards import ACE, BIG_JOKER, N_RANKS, SMALL_JOKER, TOP_JOKER, TWO, Cards
from gouji_variants.ruleset.compiler import load_ruleset

RULESETS = ("dagang", "qingdao", "jining", "bie3", "hui3", "dadian", "tingpai", "zhixi", "32-gui", "liaocheng")


def in_hand(encoding: ActionEncoding, hand: tuple[int, ...]) -> list[int]:
    """Every play index whose cards the hand holds."""
    found = []
    for rank in [None, *(r for r in range(ACE + 1) if hand[r])]:
        counts = range(1, hand[rank] + 1) if rank is not None else [0]
        for count, twos, small, big, top in itertools.product(
                counts, range(hand[TWO] + 1), range(hand[SMALL_JOKER] + 1), range(hand[BIG_JOKER] + 1),
                range(hand[TOP_JOKER] + 1)):
            vector = [0] * N_RANKS
            if rank is not None:
                vector[rank] = count
            vector[TWO], vector[SMALL_JOKER], vector[BIG_JOKER], vector[TOP_JOKER] = twos, small, big, top
            if any(vector):
                found.append(encoding.play_index(tuple(vector)))
    return found


def check_position(session: Session, rng: random.Random) -> None:
    game, view, mask = session.game, session.view(), session.mask()
    encoding = session.encoding
    burn = view.decision == "burn-offer"
    if view.decision == "return":
        owed = len(view.legal_actions()[0].cards)  # type: ignore[union-attr]
        picked = session.picked
        for rank in range(N_RANKS):
            assert mask[RETURNS + rank] == (view.hand[rank] > picked[rank])
        assert not mask[:RETURNS].any() and not mask[PLAYS:].any()
        rest = [r for r in range(N_RANKS) for _ in range(view.hand[r] - picked[r])]
        chosen = Cards(tuple(picked)) + Cards.of(rng.sample(rest, owed - sum(picked)))
        assert game.can(Return(chosen))
        return
    assert not mask[RETURNS:PLAYS].any()
    checked = set(range(SPECIALS)) | set(in_hand(encoding, view.hand.counts)) | {
        rng.randrange(PLAYS + 1, encoding.size) for _ in range(300)}
    for index in checked:
        action = encoding.action(index, burn_offer=burn)
        assert not isinstance(action, int)
        assert game.can(action) == bool(mask[index]), (index, action, view.decision)
    for action in view.legal_actions():
        index = encoding.index(action)
        assert mask[index] and encoding.action(index, burn_offer=burn) == action
        assert isinstance(action, Burn) == (burn and isinstance(action, (Play, Burn)))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_mask_is_exactly_what_the_engine_accepts(ruleset: str) -> None:
    session, rng = Session(load_ruleset(ruleset), games=3), random.Random(ruleset)
    positions = 0
    for seed in range(3):
        session.reset(seed)
        while not session.over:
            if rng.random() < 0.3 or session.view().decision not in ("lead", "follow"):
                check_position(session, rng)
                positions += 1
            session.step(int(rng.choice(np.flatnonzero(session.mask()))))
    assert positions > 100


def test_a_return_is_given_card_by_card() -> None:
    """A 还贡 of n cards is n steps of one rank each; the engine receives the Return of all n."""
    session, rng = Session(load_ruleset("dagang"), games=4), random.Random(1)
    session.reset(11)
    returns = 0
    while not session.over:
        decision, seat = session.view().decision, session.turn
        index = int(rng.choice(np.flatnonzero(session.mask())))
        before = len(session.game.actions)
        session.step(index)
        if decision == "return":
            returns += 1
            given = session.game.actions[before:]
            assert not given or given[0][0] == seat and isinstance(given[0][1], Return)
    assert returns > 0


def test_the_encoding_round_trips_every_play_of_the_family() -> None:
    family = Family.of(load_ruleset("dagang"))
    encoding = ActionEncoding(family)
    assert (family.naturals, family.twos, family.small, family.big, family.top) == (16, 16, 4, 4, 0)
    assert encoding.size == PLAYS + (12 * 16 + 1) * 17 * 5 * 5
    for index in range(PLAYS + 1, encoding.size, 97):
        counts = encoding.play_counts(index)
        assert counts is not None and encoding.play_index(counts) == index
    with pytest.raises(ValueError, match="outside 0"):
        encoding.action(encoding.size)
    assert Family.of(load_ruleset("jining")) == family and Family.of(load_ruleset("32-gui")) != family


def swap(hands: tuple[Cards, ...], one: int, other: int) -> list[Cards] | None:
    """The hands with one card of different ranks swapped between seats ``one`` and ``other``."""
    first = next((r for r in range(N_RANKS) if hands[one][r] and not hands[other][r]), None)
    second = next((r for r in range(N_RANKS) if hands[other][r] and not hands[one][r]), None)
    if first is None or second is None:
        return None
    moved = list(hands)
    moved[one] = hands[one] - Cards.of((first,)) + Cards.of((second,))
    moved[other] = hands[other] - Cards.of((second,)) + Cards.of((first,))
    return moved


@pytest.mark.parametrize("ruleset", ["dagang", "qingdao", "jining", "dadian", "liaocheng"])
def test_a_seat_observation_ignores_cards_hidden_from_it(ruleset: str) -> None:
    """Two deals differing only in a card swapped between two other seats, played alike: seat 0's
    vector is the same at every step while neither hand is visible to it and the same seat is to act
    in both (a private offer to another seat, which its hidden cards decide, is not seen by seat 0:
    it only delays seat 0's turn); its own cards do change its vector."""
    compiled = load_ruleset(ruleset)
    rules, compared = compiled.rules, 0
    for seed, pair in itertools.product(range(4), [(1, 3), (2, 4), (3, 5)]):
        dealt = Game(compiled, seed)
        other = swap(dealt.deals[0], *pair)
        if other is None:
            continue
        one = Game(compiled, seed, hands=list(dealt.deals[0]), leader=dealt.leader)
        two = Game(compiled, seed, hands=other, leader=dealt.leader)
        agents, rng = [HeuristicAgent(), RandomAgent()] * 3, random.Random(seed)
        while not one.over and not two.over and (one.turn, one.decision) == (two.turn, two.decision):
            seen = one.observation(0), two.observation(0)
            if any(s.hands[x] is not None for s in seen for x in pair) or seen[0].history != seen[1].history:
                break
            assert (encode(seen[0], rules) == encode(seen[1], rules)).all()
            compared += 1
            action = agents[one.turn].act(one.view(), rng)
            if not two.can(action):
                break
            one.apply(action)
            two.apply(action)
        mine = swap(dealt.deals[0], 0, pair[0])
        if mine is not None:  # the seat's own cards do change its vector
            fresh = Game(compiled, seed, hands=list(dealt.deals[0]), leader=dealt.leader, offers=False)
            three = Game(compiled, seed, hands=mine, leader=dealt.leader, offers=False)
            assert (encode(three.observation(0), rules) != encode(fresh.observation(0), rules)).any()
    assert compared > 20
    assert len(encode(Game(compiled, 0).observation(0), rules)) == SIZE
