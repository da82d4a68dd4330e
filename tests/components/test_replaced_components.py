"""A replaced rule area is honoured everywhere the engine or a seat's view asks (issue 21): with
replaced ``plays``, ``bie3`` and ``reporting`` areas, the game's ``can`` and ``verify``, the seat's
view's ``can``, ``Game.legal_actions()`` and the view's listed actions agree, random draws are
among them, and a seat's observation shows what the reporting area's hooks say."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from types import MappingProxyType, SimpleNamespace
from typing import Any

import pytest
from engine_helpers import deal, play, variant

from gouji_variants.components import registry
from gouji_variants.components.bie3 import Bie3Area
from gouji_variants.components.checked import CheckedMoves
from gouji_variants.components.moves import moves_for
from gouji_variants.components.plays import Play as Combo
from gouji_variants.components.plays import Verdict, beats, classify
from gouji_variants.components.reporting import ReportingArea
from gouji_variants.components.table import Counts
from gouji_variants.engine import Action, Burn, Game, IllegalAction, Jiefeng, Play, Yield
from gouji_variants.ruleset.cards import FOUR, THREE, Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset, fingerprint
from gouji_variants.ruleset.rules import Bie3, Plays
from gouji_variants.text.judge import judge

DAGANG = load_ruleset("dagang")
BIE3 = variant(DAGANG, bie3={"enabled": True, "buy_fours": True})


def no_singles(cards: Cards, plays: Plays, bie3: Bie3) -> Combo | Verdict:
    """A house rule: no single cards."""
    if len(cards) == 1:
        return Verdict(False, "house.no-singles", "不出单张", "no single cards")
    return classify(cards, plays, bie3)


def skip_a_rank(combo: Combo, target: Combo, plays: Plays) -> Verdict:
    """A house rule: a play without jokers is beaten only from two ranks up (隔级)."""
    verdict = beats(combo, target, plays)
    if verdict.ok and not target.has_jokers and combo.base == target.base + 1:
        return Verdict(False, "house.skip-a-rank", "须隔一级", "a beat skips a rank")
    return verdict


class FoursBeforeThrees(Bie3Area):
    """A house rule: while a seat holds 3s, its 4s are led all together."""

    def splits_threes(self, seat: int, counts: Counts) -> bool:
        hand = self.table.hands[seat]
        return super().splits_threes(seat, counts) or bool(
            counts[FOUR] and hand[THREE] and counts[FOUR] != hand[FOUR])


class OpenTable(ReportingArea):
    """A house rule: every count is public, and team-mates see each other's hands."""

    def counts_seen(self, seat: int) -> tuple[int | None, ...]:
        return tuple(sum(hand) for hand in self.table.hands)

    def hands_seen(self, seat: int) -> tuple[bool, ...]:
        return tuple(other % 2 == seat % 2 for other in range(len(self.table.hands)))


class SameReporting(ReportingArea):
    """A replacement that overrides nothing: its hooks are the built-in ones."""


PACKAGE: dict[str, Any] = {
    "no-singles": SimpleNamespace(SECTION="plays", classify=no_singles),
    "skip-a-rank": SimpleNamespace(SECTION="plays", beats=skip_a_rank),
    # its own moves_for (the built-in generator), which lists more than its classify allows
    "no-singles-generated": SimpleNamespace(SECTION="plays", classify=no_singles, moves_for=moves_for),
    "fours-before-threes": FoursBeforeThrees,
    "open-table": OpenTable,
    "same-reporting": SameReporting,
}


@pytest.fixture(autouse=True)
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend a package registering :data:`PACKAGE` is installed."""
    entries = {name: SimpleNamespace(name=name, load=lambda name=name: PACKAGE[name]) for name in PACKAGE}
    monkeypatch.setattr(registry, "registered", lambda: entries)


def replacing(ruleset: Ruleset, **chosen: str) -> Ruleset:
    components: Mapping[str, str] = MappingProxyType(chosen)
    return dataclasses.replace(ruleset, components=components, fingerprint=fingerprint(ruleset.rules, components))


def probes(game: Game) -> Iterator[Action]:
    """Plays to ask about at the decision: every one-rank play of the hand the built-in rules make
    at a lead (3s split too), or every play beating the top under them."""
    table = game.state
    hand, rules = table.hands[game.turn], game.rules
    generator = moves_for(rules.plays)
    if game.decision == "lead":
        yield from (Play(Cards(counts)) for counts in generator.lead_list(hand))
    elif game.decision in ("follow", "follow-on-yield", "after-yield", "answer", "burn-offer"):
        assert table.top is not None
        kind = Burn if game.decision == "burn-offer" else Play
        yield from (kind(Cards(counts)) for counts in generator.beating_list(hand, table.top))


def agreeing(game: Game, rng: random.Random) -> Action:
    """Check that the game, its verify, the seat's view and both lists agree at this decision; the
    action the game and the view draw (the same one)."""
    listed = game.legal_actions()
    view = game.view()
    assert view.legal_actions() == tuple(listed)
    for action in listed:
        game.verify(action)
        assert game.can(action) and view.can(action)
    for action in probes(game):
        legal = action in listed
        assert game.can(action) is legal and view.can(action) is legal, (game.decision, action)
        if not legal:
            with pytest.raises(IllegalAction):
                game.verify(action)
    if game.decision in ("follow", "answer", "after-yield", "follow-on-yield"):
        # a seat that cannot beat the play is passed for, unless it may yield or ask to lead
        assert any(isinstance(action, (Play, Yield, Jiefeng)) for action in listed)
    if game.decision == "burn-offer":  # offered only to a seat that can burn
        assert any(isinstance(action, Burn) for action in listed)
    state = rng.getstate()
    drawn = game.sample_action(rng)
    rng.setstate(state)
    assert view.sample_action(rng) == drawn and drawn in listed
    return drawn


def played_out(ruleset: Ruleset, seed: int) -> Game:
    """A random game, checked at every decision, until it ends or a house rule leaves the seat to
    lead without a legal lead (refusing singles strands a hand of one card)."""
    game, rng = Game(ruleset, seed), random.Random(seed)
    while not game.over:
        if game.decision == "lead" and not any(isinstance(action, Play) for action in game.legal_actions()):
            assert not any(isinstance(action, Play) for action in game.view().legal_actions())
            with pytest.raises(ValueError, match="no legal lead from the hand"):
                game.sample_action(rng)
            break
        game.apply(agreeing(game, rng))
    return game


REPLACED = {
    "no-singles": replacing(DAGANG, plays="no-singles"),
    "skip-a-rank": replacing(DAGANG, plays="skip-a-rank"),
    "no-singles-generated": replacing(DAGANG, plays="no-singles-generated"),
    "fours-before-threes": replacing(BIE3, bie3="fours-before-threes"),
    "no-singles-bie3": replacing(BIE3, plays="no-singles"),
}


@pytest.mark.parametrize("name", sorted(REPLACED))
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_agree_under_a_replaced_area(name: str, seed: int) -> None:
    game = played_out(REPLACED[name], seed)
    assert game.over or len(game.actions) > 20


def test_the_builtin_areas_agree_too() -> None:
    played_out(DAGANG, 3)
    played_out(BIE3, 3)


def test_a_plays_area_refusing_singles_is_asked_at_a_lead() -> None:
    """The defect of issue 21: the view asked the built-in classify."""
    game = deal(REPLACED["no-singles"], "556", "6", "7", "8", "9", "T")
    view = game.view()
    assert not game.can(play("5")) and not view.can(play("5")) and play("5") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="no single cards"):
        game.verify(play("5"))
    assert game.can(play("55")) and view.can(play("55")) and play("55") in view.legal_actions()
    assert play("6") not in view.legal_actions()
    # the built-in area, on the same hands
    plain = deal(DAGANG, "556", "6", "7", "8", "9", "T")
    assert plain.can(play("5")) and plain.view().can(play("5"))


def test_a_seat_that_cannot_beat_under_the_replaced_rule_is_passed_for() -> None:
    """The forced pass asks the checked generator (a 6 does not beat a 5 when a beat skips a rank)."""
    game = deal(REPLACED["skip-a-rank"], "5K", "6", "67", "8A", "9A", "TA")
    game.apply(play("5"))
    assert game.turn == 2 and play("7") in game.legal_actions() and play("6") not in game.legal_actions()
    assert any(event.forced and event.seat == 1 for event in game.log)
    assert not game.can(play("6")) and not game.view().can(play("6"))


def test_a_replaced_bie3_area_rules_the_leads() -> None:
    game = deal(REPLACED["fours-before-threes"], "33445", "6", "7", "8", "9", "T")
    view = game.view()
    for action in (play("4"), play("33"), play("3")):
        assert not game.can(action) and not view.can(action) and action not in view.legal_actions()
    assert game.can(play("44")) and view.can(play("44")) and play("44") in game.legal_actions()
    twin = game.clone()  # a clone asks the replaced area too
    assert not twin.can(play("4")) and not twin.view().can(play("4")) and twin.can(play("44"))
    plain = deal(BIE3, "33445", "6", "7", "8", "9", "T")
    assert plain.can(play("4")) and plain.view().can(play("4"))


def test_a_plays_component_with_its_own_generator_is_checked_too() -> None:
    game = Game(REPLACED["no-singles-generated"], 4)
    assert isinstance(game.state.moves, CheckedMoves)
    assert isinstance(Game(REPLACED["no-singles"], 4).state.moves, CheckedMoves)
    assert not isinstance(Game(DAGANG, 4).state.moves, CheckedMoves)  # the built-in path checks nothing


def test_a_replaced_reporting_area_says_what_a_seat_sees() -> None:
    game, rng = Game(replacing(DAGANG, reporting="open-table"), 5), random.Random(5)
    while not game.over:
        if len(game.actions) == 30:
            game = game.clone()  # a clone asks the replaced area too
        hands = [Cards(tuple(hand)) for hand in game.state.hands]
        for seat in range(6):
            seen = game.observation(seat)
            if seen.stage == "yudian":
                continue
            assert seen.counts == tuple(map(len, hands))
            assert seen.hands == tuple(hand if other % 2 == seat % 2 else None for other, hand in enumerate(hands))
        view, observed = game.view(), game.observation(game.turn)
        game.apply(agreeing(game, rng))
        assert view.observation == observed  # (the view's snapshot, taken live, kept as it was)


def test_a_reporting_area_overriding_nothing_shows_what_the_builtin_one_does() -> None:
    ruleset = variant(DAGANG, reporting={"report_counts": "when-asked", "teammate_view_at_most": 6})
    game, same = Game(ruleset, 6), Game(replacing(ruleset, reporting="same-reporting"), 6)
    rng = random.Random(6)
    while not game.over:
        assert [game.observation(seat) for seat in range(6)] == [same.observation(seat) for seat in range(6)]
        assert game.view().observation == same.view().observation
        action = game.sample_action(rng)
        game.apply(action)
        same.apply(action)
    assert game.log == same.log


def test_the_judge_asks_the_replaced_plays_area() -> None:
    assert not judge(REPLACED["no-singles"], Cards.parse("5")).valid and judge(DAGANG, Cards.parse("5")).valid
    assert judge(REPLACED["skip-a-rank"], Cards.parse("6"), Cards.parse("5")).beats is False
    assert judge(REPLACED["skip-a-rank"], Cards.parse("7"), Cards.parse("5")).beats is True
