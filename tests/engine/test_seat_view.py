"""A seat's view: agents decide from what their seat may know, never from the game.

The view holds no reference to the game nor to another seat's cards; a seat's observation does not
change when only cards hidden from it differ; the observation adds up (sizes from the public record);
and the view's legal actions, checks and random draws are the game's own.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import types
from collections.abc import Iterator

import pytest
from budget import examples
from engine_helpers import deal, variant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.engine import PASS, Game, IllegalAction, Match, Observation, Play, RandomAgent
from gouji_variants.engine.seat import SeatView
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset

DAGANG = load_ruleset("dagang")
#: 打点, 憋3 with 买3 and 买4, 会3 offered, 看牌 and 挑牌 off: public transfers of every kind.
BUSY = variant(DAGANG, kaidian={"enabled": True, "then_four": True, "fours_after_open": True},
               bie3={"enabled": True, "buy_fours": True}, revolution={"requires_no_threes": True})
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SOME = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through references, not entering classes, modules or code."""
    seen: set[int] = set()
    pending = [root]
    while pending:
        item = pending.pop()
        if id(item) in seen or isinstance(item, (type, types.ModuleType, types.FunctionType,
                                                 types.BuiltinFunctionType, types.CodeType)):
            continue
        seen.add(id(item))
        yield item
        pending.extend(gc.get_referents(item))


def test_a_view_holds_neither_the_game_nor_hidden_hands() -> None:
    game, rng = Game(DAGANG, 5), random.Random(5)
    agents = [HeuristicAgent(), RandomAgent()] * 3
    for step in range(400):
        if game.over:
            break
        view = game.view()
        if step % 40 == 0:
            hidden = {id(hand) for seat, hand in enumerate(game.state.hands) if seat != view.seat}
            found = list(reachable(view))
            assert not any(isinstance(item, Game) for item in found)
            assert not any(id(item) in hidden for item in found)
            view.legal_actions()  # worked out when asked: still nothing of the game
            assert not any(isinstance(item, Game) for item in reachable(view))
        game.apply(agents[game.turn].act(view, rng))


def test_an_observation_read_late_is_the_one_of_its_decision() -> None:
    """Views kept while the game goes on and read afterwards, newest first (the public record the game
    remembers for observations has moved on), see their own decision; every field is the instance's own."""
    game, rng = Game(DAGANG, 5), random.Random(5)
    held = []
    while not game.over:
        view = game.view()
        held.append((view, game.observation(game.turn)))
        game.apply(view.sample_action(rng))
    assert len(held) > 50
    for view, seen in reversed(held):
        assert view.observation == seen and view.observation.history == seen.history
        assert set(vars(seen)) == {field.name for field in dataclasses.fields(Observation)}



def test_the_seats_views_of_a_decision_share_their_public_fields() -> None:
    """The public fields of the six seats' observations of a decision are one object each (a room keeps one
    where it kept six), and a field equal to the last decision's is the very object observed then."""
    game, rng = Game(BUSY, 5), random.Random(5)
    public = ("round_plays", "finished", "opened", "declared", "told", "gave_up", "bottom", "burns", "sizes",
              "played", "passed", "out_of_play", "may_answer")
    last: Observation | None = None
    kept = 0
    for _ in range(80):
        if game.over:
            break
        seen = [game.observation(seat) for seat in range(6)]
        for name in public:
            assert all(getattr(view, name) is getattr(seen[0], name) for view in seen), name
            if last is not None and getattr(last, name) == getattr(seen[0], name):
                assert getattr(last, name) is getattr(seen[0], name), name
                kept += 1
        last = seen[0]
        game.apply(game.view().sample_action(rng))
    assert kept > 500

def test_only_the_very_actions_drawn_or_listed_are_applied_unchecked() -> None:
    """The game applies the objects it or a view of this decision drew or listed without checking them
    again; anything else is checked, even appended to the list the game handed out, or listed by a
    view of an earlier decision."""
    game, rng = Game(DAGANG, 5), random.Random(5)
    stale = game.view()
    stale.legal_actions()
    game.apply(game.sample_action(rng))
    bogus = Play(game.hand((game.turn + 1) % 6))  # another seat's whole hand: not this seat's to play
    assert not game.can(bogus)
    listed = game.legal_actions()
    listed.append(bogus)
    with pytest.raises(IllegalAction):
        game.apply(listed[-1])
    view = game.view()
    assert bogus not in view.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(bogus)
    game.apply(view.legal_actions()[0])
    for action in stale.legal_actions():  # listed for the first decision, not this one
        if not game.can(action):
            with pytest.raises(IllegalAction):
                game.apply(action)
            break
    else:
        pytest.fail("every lead of the first decision is still legal")


def swapped(hands: tuple[Cards, ...], one: int, other: int) -> list[Cards] | None:
    """The deal with one card of ``one``'s swapped for a card of another rank of ``other``'s."""
    first = next((rank for rank in hands[one].ranks() if hands[other][rank] < hands[one][rank]), None)
    second = next((rank for rank in hands[other].ranks() if rank != first and hands[one][rank] <= hands[other][rank]),
                  None)
    if first is None or second is None:
        return None
    moved = list(hands)
    moved[one] = hands[one] - Cards.of((first,)) + Cards.of((second,))
    moved[other] = hands[other] - Cards.of((second,)) + Cards.of((first,))
    return moved


def public(seen: Observation) -> object:
    """What the table saw: the actions, the cards that changed hands in front of it, who was announced 闷
    (a stifled seat's 3s are all it holds, which its hidden cards decide), and the stage and seat it waits
    on (a wait on a hidden 革命 or burn offer is public, not its seat: docs/engine.md)."""
    return seen.history, seen.transfers, seen.stifled, seen.stage, seen.to_act


def alike(ruleset: Ruleset, seed: int, pair: tuple[int, int]) -> Iterator[tuple[Game, Game]]:
    """Two deals that differ only in one card swapped between the opponents ``pair`` of seat 0, played
    alike: the two games after each step, while seat 0's public record is the same in both."""
    dealt = Game(ruleset, seed)
    other = swapped(dealt.deals[0], *pair)
    if other is None:
        return
    one = Game(ruleset, seed, hands=list(dealt.deals[0]), leader=dealt.leader)
    two = Game(ruleset, seed, hands=other, leader=dealt.leader)
    agents, rng = [HeuristicAgent(), RandomAgent()] * 3, random.Random(seed)
    while not one.over and not two.over and public(one.observation(0)) == public(two.observation(0)):
        yield one, two
        action = agents[one.turn].act(one.view(), rng)
        if (one.turn, one.decision) != (two.turn, two.decision) or not two.can(action):
            return
        one.apply(action)
        two.apply(action)


@SOME
@given(seed=SEEDS, busy=st.booleans(), pair=st.sampled_from([(1, 3), (3, 5), (1, 5)]))
def test_a_seat_sees_the_same_whatever_the_cards_hidden_from_it(seed: int, busy: bool, pair: tuple[int, int]) -> None:
    """While the public record is the same, seat 0's observation is the same, field for field (会3
    shows every seat's 3s, so the record may differ there)."""
    ruleset = BUSY if busy else DAGANG
    compared = 0
    for one, two in alike(ruleset, seed, pair):
        assert one.observation(0) == two.observation(0)
        compared += 1
    assert compared > 0 or swapped(Game(ruleset, seed).deals[0], *pair) is None


def added_up(seen: Observation, seat: int) -> int:
    """A hand size from the public record: dealt, minus played, plus what changed hands."""
    moved = sum(item.count * ((item.taker == seat) - (item.giver == seat)) for item in seen.transfers)
    return seen.dealt[seat] - len(seen.played[seat]) + moved


@SOME
@given(seed=SEEDS, busy=st.booleans())
def test_the_view_is_the_game_s_own_and_the_observation_adds_up(seed: int, busy: bool) -> None:
    ruleset = BUSY if busy else DAGANG
    match, rng = Match(ruleset, seed), random.Random(seed)
    agents = [HeuristicAgent(), RandomAgent()] * 3
    for _ in range(2):  # the second game pays tribute
        game = match.new_game()
        step = 0
        while not game.over:
            view = game.view()
            glanced = (view.top, view.top_seat, view.burner)  # (read before the observation is built)
            if step % 7 == 0:
                assert glanced == (view.observation.top, view.observation.top_seat, view.observation.burner)
                assert view.legal_actions() == tuple(game.legal_actions())
                assert view.observation == game.observation(game.turn) and view.decision == game.decision
                draw = random.Random(step)
                assert view.sample_action(random.Random(step)) == game.sample_action(draw)
                for action in view.legal_actions()[:30]:
                    assert view.can(action)
                seen = view.observation
                assert seen.sizes == tuple(added_up(seen, seat) for seat in range(6))
                assert sum(seen.played, Cards.EMPTY) == game.table
                assert len(seen.deck) == sum(seen.dealt)
                for item in seen.transfers:
                    visible = seen.stage != "yudian" and (
                        item.kind in ("buy", "pay", "hui3") or seen.seat in (item.giver, item.taker))
                    assert (item.cards is not None) == visible and (item.cards is None or len(item.cards) == item.count)
            action = agents[game.turn].act(view, rng)
            assert view.can(action) == game.can(action)
            game.apply(action)
            step += 1
        match.record(game)


def test_a_lead_is_checked_without_listing_every_lead() -> None:
    game = Game(DAGANG, 0, hands=[Cards.parse(hand) for hand in ("3345B", "244", "255", "266", "277", "288")], leader=0)
    assert game.view().legal_actions()[0] == PASS  # 会3 offered first: declined
    game.apply(PASS)
    view = game.view()
    assert isinstance(view, SeatView) and view.decision == "lead" and view.seat == 0
    assert view.hand == Cards.parse("3345B") and view.observation.hands[1] is None
    assert view.can(Play("33B")) and not view.can(Play("34")) and not view.can(Play("99"))
    assert [view.can(action) for action in (Play("33B"), Play("34"), PASS)] == \
        [game.can(action) for action in (Play("33B"), Play("34"), PASS)]


@pytest.mark.parametrize("ruleset", [DAGANG, BUSY], ids=["dagang", "busy"])
def test_passing_and_yielding_are_checked_without_listing_the_plays(ruleset: Ruleset) -> None:
    """On a play (and a burn offer) an action that is not a play is legal exactly when the listed
    actions hold it, and checking it lists no play (the game then checks it as it applies it)."""
    from gouji_variants.engine.actions import ASK, JIEFENG, YIELD

    game, rng, agent = Match(ruleset, 5).new_game(), random.Random(5), HeuristicAgent()
    checked = 0
    while not game.over:
        if game.decision in ("follow", "answer", "burn-offer", "follow-on-yield", "after-yield"):
            view = game.view()
            told = [view.can(action) for action in (PASS, YIELD, JIEFENG, ASK)]
            assert view._legal is None  # (nothing was listed to tell)
            assert told == [action in view.legal_actions() for action in (PASS, YIELD, JIEFENG, ASK)]
            checked += 1
        game.apply(agent.act(game.view(), rng))
    assert checked > 20


def test_a_view_cannot_be_changed() -> None:
    """A view is immutable, as the frozen dataclass it was (a compiled class now)."""
    view = Game(load_ruleset("dagang"), 3).view()
    for name in ("seat", "decision", "_listed", "_legal"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(view, name, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        del view.seat
    assert view.legal_actions() and view.observation.seat == view.seat == Game(load_ruleset("dagang"), 3).turn


@pytest.mark.parametrize(("seat", "error"), [(None, TypeError), ("0", TypeError), (6, ValueError), (-1, ValueError)])
def test_an_observation_is_of_a_seat_from_0_to_5(dagang: Ruleset, seat: object, error: type[Exception]) -> None:
    """The same error on the pure and the compiled engine (whose call refuses a non-int as a TypeError)."""
    game = deal(dagang, "4445", "66", "77", "88", "99", "TT")
    with pytest.raises(error):  # (the compiled call's TypeError has words of its own)
        game.observation(seat)  # type: ignore[arg-type]
