"""The rule-aware heuristic (``heuristic``): each decision it makes because of a rule, from scripted
positions, with the same position under the rule's other value deciding otherwise; and on whole
games of every built-in ruleset, its choices are always its own (legal) and say why."""

from __future__ import annotations

import random

import pytest
from engine_helpers import PLACE, deal, variant
from golden_corpus import builtin_ids

from gouji_variants.agents.basic import AGENTS, BasicAgent
from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.agents.offers import declaring_gains
from gouji_variants.agents.registry import make_agents
from gouji_variants.engine import PASS, Burn, Declare, Game, Hui3, Match, Play, Return
from gouji_variants.engine.game import Carry
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import Stakes

BOT = HeuristicAgent()
RNG = random.Random(0)


def advise(game: Game) -> tuple[object, str]:
    advice = BOT.advise(game.view(), RNG)
    assert advice.action == BOT.act(game.view(), RNG)
    return advice.action, advice.reason.en


def play_and_lead_again(game: Game, action: object) -> tuple[object, str]:
    """Seat 0 plays ``action``, everyone passes, and seat 0 is advised at its next lead."""
    game.apply(action)  # type: ignore[arg-type]
    while game.turn != 0:
        game.apply(PASS)
    return advise(game)


@pytest.fixture(scope="module")
def dadian() -> Ruleset:
    return load_ruleset("dadian")


def test_it_keeps_its_4s_until_it_has_opened_where_luosi_applies(dadian: Ruleset) -> None:
    hands = ("449J", "5", "6", "7", "8", "T")
    luosi = deal(variant(dadian, kaidian={"fours_after_open": True}), *hands)
    action, reason = advise(luosi)
    assert action == Play("9") and "落四" in reason
    plain = deal(variant(dadian, kaidian={"fours_after_open": False}), *hands)
    assert advise(plain)[0] == Play("44")


def test_it_leads_the_4s_that_complete_its_opening_where_then_four_asks(dadian: Ruleset) -> None:
    game = deal(variant(dadian, kaidian={"then_four": True, "fours_after_open": True}), "KK49", "5", "6", "7", "8", "T")
    action, reason = advise(game)
    assert action == Play("KK") and "开点" in reason
    action, reason = play_and_lead_again(game, action)
    assert action == Play("4") and "complete 开点" in reason
    game.apply(action)
    assert game.state.kaidian.opened[0]


def test_it_opens_with_the_plays_these_rules_count(dadian: Ruleset) -> None:
    hands = ("55QQ2", "6", "7", "8", "9", "T")
    with_twos = deal(variant(dadian, kaidian={"opens_with": ("pure", "twos")}), *hands)
    action, reason = advise(with_twos)
    assert action == Play("QQ2") and "opens (开点)" in reason
    pure = deal(variant(dadian, kaidian={"opens_with": ("pure",)}), *hands)
    assert advise(pure)[0] == Play("55")


def test_under_bie3_the_3s_go_last_and_the_play_before_them_is_kept_safe() -> None:
    hands = ("39KK", "35", "36", "37", "38", "3T")
    bie3 = deal(load_ruleset("bie3"), *hands)
    action, reason = advise(bie3)
    assert action == Play("9") and "憋3" in reason
    action, reason = play_and_lead_again(bie3, action)
    assert action == Play("KK") and "nobody can beat" in reason
    assert advise(deal(load_ruleset("dagang"), *hands))[0] == Play("3")


def test_it_burns_only_when_it_can_keep_the_condition_to_the_end() -> None:
    hands = ("KK5", "AA9JB", "6", "7", "8", "T")
    for exempt, burns in ((True, True), (False, False)):
        game = deal(variant(load_ruleset("dagang"), burning={"last_play_exempt": exempt}), *hands)
        game.apply(Play("KK"))
        assert game.turn == 1 and game.decision == "burn-offer"
        action, reason = advise(game)
        assert isinstance(action, Burn) == burns, reason
        assert burns or "诈烧" in reason


def burns_to_the_end(name: str, hands: tuple[str, ...], lead: str) -> tuple[list[object], Game]:
    """Seat 0 leads ``lead``, seat 1 burns it as the bot advises and plays on as it advises while the others
    pass, until seat 1 is out of play: seat 1's plays and the game."""
    game = deal(load_ruleset(name), *hands)
    game.apply(Play(lead))
    assert game.turn == 1 and game.decision == "burn-offer"
    plays: list[object] = []
    while game.in_play[1] and not game.over:
        if game.turn == 1:
            plays.append(advise(game)[0])
            game.apply(plays[-1])  # type: ignore[arg-type]
        else:
            game.apply(PASS)
    return plays, game


def test_a_burner_left_with_its_4_and_a_big_joker_leads_them_together_not_the_4_alone() -> None:
    """济宁 (憋3, 落四, a joker in every burn play but the last): after burning with AAA the burner holds 3, 4 and
    大王; the 4s were offered only with a 小王, which it lacks, so it led the 4 alone (诈烧)."""
    plays, game = burns_to_the_end("jining", ("34QQQ", "34AAAR", "345", "346", "347", "348"), "QQQ")
    assert plays == [Burn("AAA"), Play("4R"), Play("3")]
    assert not game.seat_stats[1].get("zhashao") and 1 in game.finished


def test_a_burner_under_bie3_never_keeps_jokers_with_its_3s_only() -> None:
    """后水湾 (大小王不出手: jokers with 3s only before the last play is 大落): after burning with AA the burner
    holds 3QQRR and led QQR, its cheapest play with a joker, left with 3R (ranked at once); a lone R first leaves
    3QQR, whose QQR leaves the 3 alone."""
    plays, game = burns_to_the_end("houshuiwan", ("34KK", "3AAQQRR", "345", "346", "347", "348"), "KK")
    assert plays == [Burn("AA"), Play("R"), Play("QQR"), Play("3")]
    assert not game.seat_stats[1].get("stuck_jokers") and 1 in game.finished


def test_it_stops_its_duitou_from_opening_only_when_it_bet_against_it(dadian: Ruleset) -> None:
    hands = [Cards.parse(hand) for hand in ("KK5", "6", "7", "AA9", "8", "T")]
    for declares, answer in ((False, PASS), (True, Play("AA"))):
        game = Game(dadian, 0, hands=hands, leader=0)
        while game.decision != "lead":
            game.apply(Declare() if declares and game.turn == 3 and game.decision == "mingdian" else PASS)
        game.apply(Play("KK"))
        assert game.turn == 3 and game.decision == "answer"
        action, reason = advise(game)
        assert action == answer and "开点" in reason
    plain = deal(load_ruleset("dagang"), *map(str, hands))
    plain.apply(Play("KK"))
    assert advise(plain)[0] == Play("AA")


def test_it_declares_mingdian_when_its_duitou_is_unlikely_to_open() -> None:
    jining = load_ruleset("jining")
    rule = jining.rules.kaidian
    assert declaring_gains(rule, 0, "mingdian", 0.2, 0.5) > 0 > declaring_gains(rule, 0, "mingdian", 0.6, 0.5)
    dearer = variant(jining, kaidian={"mingdian": Stakes(win=2, lose=8)}).rules.kaidian
    assert declaring_gains(dearer, 0, "mingdian", 0.2, 0.5) < 0
    hands = ("34RRRR5", "346", "347", "348", "349", "34T")
    for stakes, declares in ((Stakes(win=2, lose=2), True), (Stakes(win=2, lose=8), False)):
        game = Game(variant(jining, kaidian={"mingdian": stakes}), 0, hands=[Cards.parse(h) for h in hands], leader=0)
        while not (game.turn == 0 and game.decision == "mingdian"):
            game.apply(PASS)
        action, reason = advise(game)
        assert (action == Declare()) == declares and "明点" in reason


def test_hui3_keeps_the_4s_where_opening_needs_them() -> None:
    hui3 = load_ruleset("hui3")
    hands = ("3456", "3457", "3458", "3459", "345T", "345J")
    for ruleset, which in ((hui3, "both"), (variant(hui3, kaidian={"enabled": True, "then_four": True}), "3")):
        game = Game(ruleset, 0, hands=[Cards.parse(h) for h in hands], leader=0)
        while game.decision != "hui3":
            game.apply(PASS)
        assert advise(game)[0] == Hui3(which)  # type: ignore[arg-type]


def test_it_returns_spare_low_cards_and_keeps_its_3s_under_bie3() -> None:
    placed = (PLACE["头科"], PLACE["二科"], 2, 3, PLACE["二落"], PLACE["大落"])
    hands = ("3366", "44", "2", "2", "2255", "RB2277")
    returned = {}
    for name in ("dagang", "bie3"):
        ruleset = variant(load_ruleset(name), tribute={"enabled": True})
        game = Game(ruleset, 0, hands=[Cards.parse(h) for h in hands], leader=0, carry=Carry(places=placed))
        while not (game.turn == 0 and game.decision == "return"):
            game.apply(game.legal_actions()[0])
        action, _ = advise(game)
        assert isinstance(action, Return)
        returned[name] = str(action.cards)
    assert returned == {"dagang": "33", "bie3": "66"}


@pytest.mark.parametrize("ruleset_id", builtin_ids())
def test_every_choice_is_its_own_and_says_why(ruleset_id: str) -> None:
    """On whole games of every built-in ruleset, the bot's choice is legal (never the random fallback)."""
    match, rng = Match(load_ruleset(ruleset_id), 3), random.Random(3)
    for _ in range(3):
        game = match.new_game()
        while not game.over:
            advice = BOT.advise(game.view(), rng)
            assert "at random" not in advice.reason.en and advice.reason.en
            game.apply(advice.action)
        match.record(game)


@pytest.mark.parametrize("ruleset_id", ["dagang", "bie3", "dadian"])
def test_act_takes_the_choice_advise_explains(ruleset_id: str) -> None:
    """One decision procedure: ``act`` plays the action of ``choose`` (whose reason waits until called) and
    ``advise`` says that action with the reason the deferred one builds, at every decision of a game."""
    match, rng = Match(load_ruleset(ruleset_id), 5), random.Random(5)
    for _ in range(2):
        game = match.new_game()
        while not game.over:
            view = game.view()
            action, why = BOT.choose(view, random.Random(1))
            advice = BOT.advise(view, random.Random(1))
            assert BOT.act(view, random.Random(1)) == action == advice.action
            assert why() == advice.reason and advice.reason.en
            game.apply(BOT.act(view, rng))
        match.record(game)


def test_the_registry_names_every_bot_and_the_baseline_is_basic() -> None:
    assert set(AGENTS) >= {"random", "basic", "heuristic"}
    assert [agent.name for agent in make_agents("heuristic,basic")] == ["heuristic", "basic"] * 3
    assert isinstance(make_agents("basic")[0], BasicAgent)
    with pytest.raises(ValueError, match="choose from random, basic, heuristic"):
        make_agents("genius")


def test_a_bot_that_played_other_rules_decides_as_a_fresh_one() -> None:
    """The heuristic keeps what it works out of plays (combinations, 够级) across decisions and games,
    under the rules it worked them out for only: one bot playing dagang, jining and bie3 in turn
    decides as a fresh bot at every decision."""
    veteran = HeuristicAgent()
    for ref in ("dagang", "jining", "bie3", "dagang"):
        game, rng = Game(load_ruleset(ref), 3), random.Random(3)
        while not game.over:
            view = game.view()
            action = veteran.act(view, rng)
            assert action == HeuristicAgent().act(view, random.Random(0))
            game.apply(action)
