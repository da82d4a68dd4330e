"""The scene's classes (compiled as native classes with the engine's core): made by their fields, never changed
after, equal and hashed by their fields, shown and pickled whole, under both engines."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest

from gouji_variants.engine.game import Game
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.scene import Result, SeatScene, scene_of

pytestmark = pytest.mark.engine  # (compiled with the engine's core: the same under both)


def test_a_seat_scene_is_made_compared_and_pickled_by_its_fields_and_never_changed() -> None:
    seat = SeatScene(2, "team-mate", "playing", 7, None, Cards.parse("33"), None, None, True)
    same = SeatScene(2, "team-mate", "playing", 7, None, Cards.parse("33"), None, None, True)
    other = SeatScene(2, "team-mate", "playing", 6, None, Cards.parse("33"), None, None, True)
    assert (seat.seat, seat.relation, seat.count, seat.to_act) == (2, "team-mate", 7, True)
    assert seat == same and hash(seat) == hash(same) and seat != other and len({seat, same, other}) == 2
    assert repr(seat).startswith("SeatScene(seat=2, relation='team-mate', standing='playing', count=7,")
    assert pickle.loads(pickle.dumps(seat)) == seat
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'count'"):
        seat.count = 3
    with pytest.raises(FrozenInstanceError):
        del seat.hand


def test_a_scene_of_a_game_is_equal_to_itself_made_again_and_differs_by_its_viewer() -> None:
    game = Game(load_ruleset("qingdao"), 3)
    first, again, other = scene_of(game, 1), scene_of(game, 1), scene_of(game, 2)
    assert first == again and first is not again and hash(first) == hash(again) and first != other
    assert pickle.loads(pickle.dumps(first)) == first and repr(first).startswith("Scene(viewer=1, stage=")
    assert Result((1, 0), (2, 3), (2, 3), (1, 1), None, None).by_place == (1, 0)
