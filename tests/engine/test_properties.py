"""Property tests over many seeds: conservation, legality, termination, places, score, determinism,
replay, hidden information; and the move generator against brute force."""

from __future__ import annotations

import itertools
import json
import operator
import random

from budget import examples
from engine_helpers import variant
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.components import reporting, score
from gouji_variants.components.bie3 import splits_threes
from gouji_variants.components.moves import moves_for
from gouji_variants.components.plays import Verdict, beats, classify
from gouji_variants.engine import Game, Match, RandomAgent, decisions, interned, play_out
from gouji_variants.records.record import game_record, replay
from gouji_variants.ruleset.cards import BIG_JOKER, FIVE, N_RANKS, SMALL_JOKER, THREE, TWO, Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.expressions import DeckRecipe, KillRule, TributeOrder, parse
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.runs.invariants import conserved

DAGANG = load_ruleset("dagang")
#: 打点 with both declarations, then_four and 落四, and 憋3 with 买4 and 大小王不出手, on dagang.
DADIAN_BIE3 = variant(
    DAGANG,
    kaidian={"enabled": True, "then_four": True, "fours_after_open": True},
    bie3={"enabled": True, "buy_fours": True, "jokers_last_is_dalu": True},
    revolution={"requires_no_threes": True},
    tribute={"order": TributeOrder(("dian", "men", "shao", "luo", "biewang"))},
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def agents_for(mix: int) -> list[RandomAgent | HeuristicAgent]:
    return [HeuristicAgent() if mix >> seat & 1 else RandomAgent() for seat in range(6)]


def no_leak(game: Game, ruleset: Ruleset) -> None:
    rule = ruleset.rules.reporting
    for viewer in range(6):
        seen = game.observation(viewer)
        if game.stage == "yudian":  # 预点 comes before the cards are seen
            assert len(seen.hand) == 0 and set(seen.counts) == {None} and set(seen.hands) == {None}
            continue
        assert seen.hand == game.hand(viewer)
        for seat in range(6):
            count = len(game.hand(seat))
            if seen.hands[seat] is not None:
                assert reporting.hand_visible(rule, viewer, seat, count) and seen.hands[seat] == game.hand(seat)
            if seen.counts[seat] is not None:
                assert reporting.count_visible(rule, viewer, seat, count, told=game.told[seat])
                assert seen.counts[seat] == count
            elif seat != viewer:
                assert rule.public_at_most is None or count > rule.public_at_most or game.told[seat] != count
        if game.decision == "burn-offer" and game.turn != viewer:
            assert seen.to_act is None and seen.decision is None


@GAMES
@given(seed=SEEDS, mix=st.integers(0, 63), ruleset=st.sampled_from([DAGANG, DADIAN_BIE3]))
def test_every_step_is_legal_conserves_cards_and_hides_what_it_should(seed: int, mix: int, ruleset: Ruleset) -> None:
    game = Game(ruleset, seed)
    agents, rng = agents_for(mix), random.Random(seed)
    steps = 0
    while not game.over:
        action = agents[game.turn].act(game.view(), rng)
        if steps % 5 == 0:
            assert action in game.legal_actions()
            assert game.sample_action(rng) in game.legal_actions()
            no_leak(game, ruleset)
        assert game.can(action)
        game.apply(action)
        assert conserved(game)
        steps += 1
        assert steps < 3000, "the game does not terminate"
    assert game.places is not None and sorted(game.places) == list(range(6))
    assert game.score == score.recorded(game.places, ruleset.rules.score)
    first, second = score.team_points(game.places, ruleset.rules.score)
    assert min(game.score) == 0 and max(game.score) == abs(first - second)


@GAMES
@given(seed=SEEDS)
def test_same_seed_same_record_and_replay_reaches_the_same_state(seed: int) -> None:
    records = []
    for _ in range(2):
        game = Game(DAGANG, seed)
        play_out(game, [RandomAgent()] * 6, random.Random(seed))
        records.append(json.dumps(game_record(game), ensure_ascii=False))
    assert records[0] == records[1]
    replayed = replay(json.loads(records[0]))
    assert replayed.ok, replayed.divergence
    assert replayed.game is not None and replayed.game.places == game.places
    assert [replayed.game.hand(seat) for seat in range(6)] == [game.hand(seat) for seat in range(6)]


@GAMES
@given(seed=SEEDS)
def test_clone_is_independent_and_follows_the_same_future(seed: int) -> None:
    game = Game(DAGANG, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 60)):
        if game.over:
            break
        game.apply(game.sample_action(rng))
    twin = game.clone()
    actions = []
    while not game.over:
        action = game.sample_action(rng)
        actions.append(action)
        game.apply(action)
    for action in actions:
        twin.apply(action)
    assert twin.places == game.places and twin.log == game.log


@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_a_match_carries_tribute_and_scores(seed: int) -> None:
    match = Match(DAGANG, seed)
    rng = random.Random(seed)
    match.play([RandomAgent()] * 6, 4, rng)
    assert len(match.games) == 4
    assert match.totals[0] + match.totals[1] == sum(sum(g.score) for g in match.games if g.score)


def _hand(ranks: dict[int, int]) -> list[int]:
    return [ranks.get(rank, 0) for rank in range(N_RANKS)]


#: Hands of a few ranks (brute force lists every sub-multiset).
HANDS = st.dictionaries(st.integers(0, N_RANKS - 1), st.integers(1, 3), max_size=5).map(_hand)
#: Every form of kill rule (issue 11): jokers alone, a single 2, any joker, covering, 王中王.
KILLS = tuple(parse(KillRule, text) for text in (
    "B by R", "B on single 2 by B", "R by 2 jokers, +1 card", "R alone by 2R, +1 card", "R by W",
    "joker by equal or higher jokers", "W alone by 2W, +1 card", "joker alone by 3 jokers, +2 cards, any rank",
    "R by 3 twos, +2 cards", "R by 2R in all, +1 card"))
RULESETS = [DAGANG, variant(DAGANG, plays={"mix_jokers": False, "jokers_with_threes": False}),
            variant(DAGANG, plays={"attach_twos": False}), load_ruleset("qingdao"),
            variant(DAGANG, plays={"kills": KILLS}), variant(DAGANG, plays={"kills": KILLS, "mix_jokers": False}),
            # 憋3 under kills of any rank by 2s (issue 22: 322 on R was listed, which 憋3 forbids)
            variant(DAGANG, bie3={"enabled": True}, plays={"kills": (*KILLS, *(parse(KillRule, text) for text in (
                "R alone by 2 twos, +2 cards, any rank", "B by 2 twos, +1 card, any rank", "joker by W, any rank")))})]


def brute(hand: list[int]) -> list[tuple[int, ...]]:
    return [combo for combo in itertools.product(*(range(n + 1) for n in hand)) if any(combo)]


@settings(max_examples=examples(150), deadline=None)
@given(hand=HANDS, target=HANDS, which=st.integers(0, len(RULESETS) - 1), seed=SEEDS)
@example(hand=_hand({THREE: 1, FIVE: 1, TWO: 2}), target=_hand({BIG_JOKER: 1}), which=len(RULESETS) - 1, seed=0)
def test_moves_match_the_referee(hand: list[int], target: list[int], which: int, seed: int) -> None:
    rules = RULESETS[which].rules
    moves = moves_for(rules.plays, rules.bie3.enabled)
    legal = {combo for combo in brute(hand)
             if not isinstance(classify(Cards(combo), rules.plays, rules.bie3), Verdict)
             and not (rules.bie3.enabled and splits_threes(hand, combo))}
    leads = list(moves.leads(hand))
    assert len(leads) == len(set(leads)) == moves.count_leads(hand) and set(leads) == legal
    if legal:
        assert moves.sample_lead(hand, random.Random(seed)) in legal
    small = [min(n, 2) for n in target]
    for combo in brute(small)[-40:]:
        found = classify(Cards(combo), rules.plays, rules.bie3)
        if isinstance(found, Verdict):
            continue
        expected = {play for play in legal if beats(classify(Cards(play), rules.plays, rules.bie3), found,  # type: ignore[arg-type]
                                                    rules.plays).ok}
        beating = list(moves.beating(hand, found))
        assert len(beating) == len(set(beating)) and set(beating) == expected
        assert moves.can_beat(hand, found) == bool(expected)
        assert list(moves.beating(hand, found)) == beating  # the second time from the kept groups


VARIANTS = [
    {"burning": {"enabled": False}},
    {"burning": {"counter_burn": False, "passed_may_burn": True, "team_priority": "play-order"}},
    {"turns": {"wutou": False, "gousiji": False, "allow_yield": False}},
    {"turns": {"luanchan": "never", "pass_locks_out": False}},
    {"revolution": {"void_at": 1, "automatic_without_threes": True}},
    {"first_player": {"first_game": "draw", "later_games": "rotate"}},
    {"tribute": {"order": TributeOrder(("shao", "luo")), "chuansanhu": "one-to-duitou", "waive_within_team": False}},
    {"plays": {"mix_jokers": False, "kills": (KillRule(BIG_JOKER, BIG_JOKER, 2, 1), KillRule(SMALL_JOKER, BIG_JOKER))}},
    {"deck": {"recipe": parse(DeckRecipe, "4 decks, add 6 of W")}, "plays": {"kills": KILLS}},
    {"gouji": {"joker_plays": "big-joker-open"}, "reporting": {"public_at_most": None, "teammate_view_at_most": 10}},
    {"places": {"revolution_place": "fourth"}, "score": {"record": "both-teams"}},
    {"places": {"zhixi": True}, "score": {"manguan": "top-three"}, "burning": {"survives_beat_back": True},
     "turns": {"jiefeng": "on-request", "luanchan_cut_in": True}, "penalties": {"wrong_play": "lose-turn"}},
    {"reporting": {"report_counts": "when-asked"}, "first_player": {"first_game": "draw", "later_games": "draw"},
     "turns": {"gousiji": ("头科",), "passed_answers_duitou": False},
     "score": {"manguan": "one-run", "manguan_others_as": "大落"}},
]


@settings(max_examples=len(VARIANTS) * 2, deadline=None)
@given(which=st.integers(0, len(VARIANTS) - 1), seed=SEEDS)
def test_matches_under_rule_variants_stay_consistent(which: int, seed: int) -> None:
    ruleset = variant(DAGANG, **VARIANTS[which])
    match = Match(ruleset, seed)
    rng = random.Random(seed)
    for index in range(3):
        game = match.new_game()
        agents = agents_for(seed >> index & 63)
        while not game.over:
            action = agents[game.turn].act(game.view(), rng)
            game.apply(action)
            assert conserved(game)
        assert game.places is not None and sorted(game.places) == list(range(6))
        no_leak(game, ruleset)
        match.record(game)


@settings(max_examples=examples(200), deadline=None)
@given(hand=st.lists(st.integers(0, 8), min_size=N_RANKS, max_size=N_RANKS), size=st.integers(0, 6),
       seed=SEEDS)
def test_a_return_is_drawn_as_from_the_list_of_every_return(hand: list[int], size: int, seed: int) -> None:
    """还贡 sampling counts the choices instead of listing them: the count is the list's length and the
    n-th choice is the list's n-th, so a drawn return is the one ``rng.choice`` of the list gives."""
    listed = decisions.submultisets(hand, size)
    ways = decisions.submultiset_counts(hand, size)
    assert ways[0][size] == len(listed)
    small = [min(count, 2) for count in hand[:8]] + [0] * (N_RANKS - 8)  # brute force: at most 3^8 vectors
    every = [combo for combo in itertools.product(*(range(count + 1) for count in small)) if sum(combo) == size]
    assert decisions.submultisets(small, size) == sorted(every, reverse=True)  # every choice, descending
    rng = random.Random(seed)
    for index in sorted(rng.sample(range(len(listed)), min(len(listed), 40))):
        assert decisions.nth_submultiset(hand, size, index, ways) == listed[index]


def test_move_groups_of_counts_beyond_the_packed_keys_are_their_own() -> None:
    """A holding of 512 or more of a rank (a scenario's hand) is kept under a key of its own, not
    mixed with a smaller holding's group (a packed key holds counts below 512)."""
    moves = moves_for(DAGANG.rules.plays)
    for have in (8, 520, 8 + 512, 520, 8):
        hand = [0] * N_RANKS
        hand[1], hand[SMALL_JOKER] = have, 1
        leads = moves.lead_list(hand)
        assert len(leads) == len(set(leads)) == moves.count_leads(hand)
        assert max(lead[1] for lead in leads) == have


def test_plays_remembered_per_group_start_again_with_the_table_of_plays() -> None:
    """A group's plays remembered before the bounded table of plays started again are made again
    with it: listing the group after the restart gives the table's objects (CI once saw '3' and
    '33' remembered from before a restart)."""
    moves = moves_for(RULESETS[0].rules.plays)
    counts = (2,) + (0,) * (N_RANKS - 1)
    groups = moves.lead_groups(counts)
    interned.plays_of_groups(groups)  # remembered by the group
    small = itertools.product(range(4), repeat=8)  # more vectors than the table keeps
    for vector in itertools.islice(small, interned.KEPT + 1):
        interned.play_of(vector + (0,) * (N_RANKS - 8))
    again = interned.plays_of_groups(groups)
    assert all(map(operator.is_, again, interned.plays_of(moves.lead_list(counts))))


@settings(max_examples=examples(60), deadline=None)
@given(hand=HANDS, which=st.integers(0, len(RULESETS) - 1))
def test_plays_made_per_group_are_the_plays_of_the_list(hand: list[int], which: int) -> None:
    """Leads made into actions a group at a time (remembered by the group) are the actions of the
    joined list, in order, and the same objects when listed again (also after the bounded table of
    plays started again since the group was first made)."""
    moves = moves_for(RULESETS[which].rules.plays)
    counts = tuple(hand)
    interned.plays_of(moves.lead_list(counts))  # (if the bounded table starts again while listing,
    joined = interned.plays_of(moves.lead_list(counts))  # the second listing is all the new table's)
    assert interned.plays_of_groups(moves.lead_groups(counts)) == joined
    assert all(map(operator.is_, interned.plays_of_groups(moves.lead_groups(counts)), joined))
