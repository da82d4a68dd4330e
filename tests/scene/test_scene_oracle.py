"""The scene against the engine (issue 30): games under every built-in ruleset and generated house
rulesets, and at their decisions, for every seat and a spectator, each fact of the scene checked against
the engine (counts and why one is untold, hands shown, who went out and in which order, who was ranked
at once and why, the options, the places, the events each seat sees); then the terminal's lines against
the engine too, so that what the table says is true, not only what the scene says."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import house_rulesets

from gouji_variants.components import burning, reporting
from gouji_variants.components.notes import TributePaid, TributeReturned
from gouji_variants.engine.actions import Burn, Play, Return, Revolution, Tiaopai
from gouji_variants.engine.game import Game
from gouji_variants.engine.match import Match
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.scene import Option, Result, Scene, scene, scene_of, seen_events
from gouji_variants.server.protocol import public_observation
from gouji_variants.terminal.render import Words, result_lines, table

pytestmark = pytest.mark.engine  # (the scene is compiled with the engine's core: checked under both)

BUILT_IN = sorted(entry.id for entry in Catalog((RULESETS_DIR,)).entries())
#: every how many decisions the scenes are checked (every one for the first and the last)
EVERY = 4


def _check_seats(game: Game, found: Scene) -> None:
    rule, table_ = game.rules.reporting, game.state
    viewer = found.viewer
    for seat in found.seats:
        s, hand = seat.seat, game.hand(seat.seat)
        assert (seat.standing == "revolution") == (s in game.revolutionaries)
        assert (seat.standing == "gone-out") == (s in game.finished)
        if seat.standing == "gone-out":
            assert seat.order == game.finished.index(s) + 1
        ranked = not game.in_play[s] and s not in game.finished and s not in game.revolutionaries
        assert (seat.standing == "ranked") == ranked, (s, seat)
        if ranked:
            assert (seat.ranked == "诈烧") == (s in game.zhashao) and (seat.ranked == "闷") == (s in game.stifled)
        if seat.hand is not None:
            assert seat.hand == hand
            assert viewer is None or s == viewer or reporting.hand_visible(rule, viewer, s, len(hand),
                                                                           s in table_.reporting.shown)
        if seat.count is not None:
            assert seat.count == len(hand)
        elif seat.standing == "playing":
            assert seat.untold is not None
            if viewer is not None and not table_.sight_replaced:  # the engine would not show it
                assert not reporting.count_visible(rule, viewer, s, len(hand), s in table_.reporting.shown,
                                                   table_.reporting.told[s])
            if seat.untold == "no-reporting":
                assert rule.public_at_most is None
            elif seat.untold == "above-limit":  # 'more than N cards': true of the hand
                assert rule.public_at_most is not None and len(hand) > rule.public_at_most
            else:
                assert rule.report_counts == "when-asked"
        if seat.to_act:  # never a wrong seat; the viewer's own turn always
            assert not game.over and game.turn == s
        if s == viewer:
            assert seat.to_act == (not game.over and game.turn == s and seat.standing == "playing")


def _check_scene(game: Game, viewer: int) -> Scene:
    found = scene_of(game, viewer)
    seen = game.observation(viewer)
    assert found.hand == (None if seen.stage == "yudian" else game.hand(viewer))
    _check_seats(game, found)
    to_act = not game.over and game.turn == viewer
    assert [option.action for option in found.options] == (list(game.legal_actions()) if to_act else [])
    _check_options(game, found)
    assert (found.opened is None) == (not game.rules.kaidian.enabled)
    if found.opened is not None:
        assert found.opened == tuple(seat for seat in range(6) if game.opened[seat])
    if game.over:
        _check_result(game, found.result)
    else:
        assert found.result is None
    _check_lines(game, found)
    return found


def _check_options(game: Game, found: Scene) -> None:
    """Each option's stated effect against the engine: a copy of the game plays it; whether the seat went
    out (in which order) or was ranked at once (why, and the place, which holds to the end of the game),
    which seats now see its whole hand that did not, and whose view holds the option's cards."""
    me = found.viewer
    assert me is not None
    sight = [game.observation(other).hands[me] is not None for other in range(6)]
    for chosen in found.options:
        action = chosen.action
        twin = game.clone()
        twin.apply(action)
        out = me in twin.finished
        assert chosen.goes_out == (twin.finished.index(me) + 1 if out else None)
        ranked = not twin.in_play[me] and not out and me not in twin.revolutionaries
        assert (chosen.ranks is not None) == ranked and bool(chosen.why) == ranked, chosen
        assert chosen.sits_out == isinstance(action, Revolution)
        if ranked:
            assert (chosen.ranks == "诈烧") == (me in twin.zhashao) and len(chosen.places) == 1
            rng = random.Random(0)
            while not twin.over:  # ranked at once: its place is settled, whatever the others do
                twin.apply(rng.choice(twin.legal_actions()))
            assert twin.places is not None and chosen.places == (twin.places[me],)
        elif chosen.sits_out:
            assert chosen.places and all(place in (2, 3) for place in chosen.places)
        else:
            assert chosen.places == ()
        if isinstance(action, Burn):
            left = (game.hand(me) - action.cards).counts
            assert chosen.burn_unkeepable == (not burning.keepable(game.rules.burning, left))
        if isinstance(action, Tiaopai) or (isinstance(action, Play) and len(action.cards) == len(game.hand(me))) \
                or chosen.reveals_to or game.rules.reporting.teammate_view_at_most is not None:
            for other in range(6):
                sees = other != me and twin.observation(other).hands[me] is not None and bool(twin.hand(me))
                assert (other in chosen.reveals_to) == (sees and not sight[other]), (other, chosen)
        _check_shown(twin, me, chosen)


def _check_shown(twin: Game, me: int, chosen: Option) -> None:
    """The option's cards: a play or a burn in every other seat's history, a 还贡 in its receiver's view only."""
    action = chosen.action
    if isinstance(action, (Play, Burn)):
        assert chosen.shows_to == tuple(other for other in range(6) if other != me)
        assert all((me, action) in twin.observation(other).history for other in chosen.shows_to)
    elif isinstance(action, Return):
        for other in range(6):
            if other != me:
                last = twin.observation(other).transfers[-1]
                assert last.kind == "return" and (last.cards is not None) == (other in chosen.shows_to)
    else:
        assert chosen.shows_to == ()


def _check_result(game: Game, found: Result | None) -> None:
    """The end: places by seat and in place order, each seat's points, the teams' points and recorded
    scores, the dues the next game owes."""
    rule = game.rules.score
    assert found is not None and list(found.places) == game.places and game.places is not None
    assert [game.places[seat] for seat in found.by_place] == list(range(6))
    if not game.state.places.one_run:
        assert found.points == tuple(rule.points[place] for place in game.places)
    assert found.team_points == (sum(found.points[0::2]), sum(found.points[1::2]))
    first, second = found.team_points
    plain = (first, second) if rule.record == "both-teams" else (max(first - second, 0), max(second - first, 0))
    assert found.score == game.score
    assert all(score in (kept, 2 * kept) for score, kept in zip(found.score, plain, strict=True))  # (满贯 doubles)
    assert found.totals is None and found.dues is not None and list(found.dues) == game.next_dues()


def _check_lines(game: Game, found: Scene) -> None:
    """What the terminal's table says of each seat is true of the engine: its count, 'more than N cards',
    gone out in which order, ranked at once and why, sitting out (革命)."""
    viewer = found.viewer
    for line in table(game, viewer, Words()):
        said = re.match(r"^  (.+?): (?:(\d+) cards|more than (\d+) cards|gone out, (\d+)\w\w|ranked at once \((.+?)\)"
                        r"|(sits out))", line)
        if said is None:
            continue
        seats = [int(seat) for seat in re.findall(r"seat (\d)", said.group(1))]
        seats += [viewer] if viewer is not None and re.search(r"\byou\b", said.group(1)) else []
        count, more, order, ranked, out = said.groups()[1:]
        for seat in seats:
            if count is not None:
                assert int(count) == len(game.hand(seat)), line
            elif more is not None:
                assert len(game.hand(seat)) > int(more), line
            elif order is not None:
                assert game.finished.index(seat) + 1 == int(order), line
            elif ranked is not None:
                assert not game.in_play[seat] and seat not in game.finished, line
                assert (ranked == "诈烧") == (seat in game.zhashao) and (ranked == "闷") == (seat in game.stifled)
            else:
                assert out and seat in game.revolutionaries, line


def _check_spectator(game: Game) -> None:
    found = scene(public_observation(game), game.rules)
    rule = game.rules.reporting
    assert found.viewer is None and found.hand is None and not found.options
    for seat in found.seats:
        assert seat.hand is None and seat.relation is None
        if seat.count is not None:  # told to the whole table: at or below the limit, under 'shown'
            assert seat.count == len(game.hand(seat.seat)) and rule.report_counts == "shown"
            assert rule.public_at_most is not None and seat.count <= rule.public_at_most
    _check_seats(game, found)


def _check_events(game: Game, viewer: int | None) -> None:
    """The game's events as ``viewer`` sees them: another seat's private decline left out, the cards of tribute
    and 还贡 only to the two seats (or to no seat, paid before the cards are seen: counted only)."""
    seen = seen_events(game.log, viewer)
    assert all(not event.private or event.seat == viewer for event in game.log
               if any(event.seat == s.seat and event.action is s.action and event.notes == s.notes for s in seen))
    for event in seen:
        if isinstance(event.action, Return):
            returned = next(note for note in event.notes if isinstance(note, TributeReturned))
            assert viewer in (returned.giver, returned.to)
        for note, hidden in zip(event.notes, event.hidden, strict=True):
            if isinstance(note, TributePaid) and hidden is None:
                assert viewer in (note.payer, note.receiver)
            assert hidden is None or isinstance(note, (TributePaid, TributeReturned))


def play_checked(ruleset: Ruleset, seed: int) -> int:
    """One game played at random, its scenes checked at every ``EVERY``-th decision; the scenes checked."""
    return _played_checked(Game(ruleset, seed), random.Random(seed))


def _played_checked(game: Game, rng: random.Random) -> int:
    checked = step = 0
    while True:
        if game.over or step % EVERY == 0:
            for viewer in range(6):
                _check_scene(game, viewer)
            _check_spectator(game)
            all_hands = scene_of(game, None)
            assert all(seat.hand == game.hand(seat.seat) for seat in all_hands.seats)
            _check_seats(game, all_hands)
            checked += 7
        if game.over:
            for viewer in (*range(6), None):
                _check_events(game, viewer)
            return checked
        game.apply(rng.choice(game.legal_actions()))
        step += 1


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_every_fact_of_the_scene_is_the_engine_s_under_the_built_in_rulesets(ruleset_id: str) -> None:
    assert play_checked(load_ruleset(ruleset_id), sum(map(ord, ruleset_id))) > 7 * 10


@settings(max_examples=6, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(house_rulesets())
def test_every_fact_of_the_scene_is_the_engine_s_under_house_rulesets(ruleset: Ruleset) -> None:
    assert play_checked(ruleset, 7) > 7 * 5


def test_the_counts_the_issue_names() -> None:
    """青岛 + 憋3 (no 报牌): no seat is 'more than 10 cards'; a limit of 9: a hand of 10 is 'more than 9'."""
    bie3 = load_ruleset("bie3")
    for seed in range(3):
        play_checked(bie3, seed)
    for viewer in range(6):
        assert all(seat.untold in (None, "no-reporting") for seat in scene_of(Game(bie3, 0), viewer).seats)


def _second_game_with_tribute(ruleset: Ruleset) -> tuple[Game, random.Random]:
    """The second game of the first match (by seed) whose second game pays tribute at its deal."""
    for seed in range(40):
        match, rng = Match(ruleset, seed), random.Random(seed)
        first = match.new_game()
        while not first.over:
            first.apply(rng.choice(first.legal_actions()))
        match.record(first)
        second = match.new_game()
        if second.state.transfers:
            return second, rng
    raise AssertionError("no second game paid tribute in 40 matches")


@pytest.mark.parametrize("ruleset_id", ["qingdao", "dagang", "jining"])
def test_a_second_game_s_tribute_and_returns_are_seen_only_by_their_two_seats(ruleset_id: str) -> None:
    second, rng = _second_game_with_tribute(load_ruleset(ruleset_id))
    assert _played_checked(second, rng) > 7 * 10


def _kinds(found: Scene) -> set[str]:
    kinds = set()
    for chosen in found.options:
        kinds |= {name for name, stated in (("诈烧", chosen.ranks == "诈烧"), ("bottom", chosen.ranks == "bottom"),
                                            ("reveals", chosen.reveals_to), ("goes out", chosen.goes_out),
                                            ("one seat", len(chosen.shows_to) == 1), ("革命", chosen.sits_out))
                  if stated}
    return kinds


@pytest.mark.parametrize(("ruleset_id", "wanted"), [
    ("qingdao", {"诈烧", "reveals", "goes out", "one seat", "革命"}),
    ("houshuiwan", {"bottom"}),  # 大小王不出手
])
def test_the_oracle_meets_every_kind_of_effect_an_option_states(ruleset_id: str, wanted: set[str]) -> None:
    """Second games of matches (tribute and 还贡) played at random, every option of the seat to act checked
    against the engine, until each kind of effect has been stated and checked."""
    ruleset, met = load_ruleset(ruleset_id), set[str]()
    for seed in range(60):
        match, rng = Match(ruleset, seed), random.Random(seed)
        for _ in range(2):
            game = match.new_game()
            while not game.over:
                found = scene_of(game, game.turn)
                if not _kinds(found) <= met:
                    _check_options(game, found)
                    met |= _kinds(found)
                game.apply(rng.choice(game.legal_actions()))
            match.record(game)
        if wanted <= met:
            return
    raise AssertionError(f"never met: {wanted - met}")


def test_the_end_carries_the_match_totals_and_owes_nothing_after_the_last_game() -> None:
    """A match's game: its result holds the totals after it; what the next game owes, unless none follows
    (then the terminal announces no tribute either)."""
    match, rng = Match(load_ruleset("qingdao"), 4), random.Random(4)
    game = match.new_game()
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    match.record(game)
    totals = (match.totals[0], match.totals[1])
    going_on, last = (scene_of(game, 0, totals, last=done).result for done in (False, True))
    assert going_on is not None and going_on.totals == totals == tuple(game.score or ())
    assert going_on.dues is not None and list(going_on.dues) == game.next_dues()
    assert last is not None and last.dues is None and last.places == going_on.places
    assert any("tribute next game" in line for line in result_lines(going_on, 0, Words()))
    assert not any("tribute" in line or "进贡" in line for line in result_lines(last, 0, Words()))
