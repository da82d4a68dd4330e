"""``Game`` as a class: a native class under the compiled core, the same in both engines. A Python
subclass overrides its methods (the compiled engine calls the overrides) and clones with its own
attributes; a game itself has no ``__dict__``; a game let go is freed at once, a subclass's too."""

from __future__ import annotations

import gc
import random
import sys
from typing import Any

import pytest

from gouji_variants.components.notes import Note
from gouji_variants.components.vectors import Counts
from gouji_variants.engine import Game, RandomAgent, play_out
from gouji_variants.engine.actions import Burn, Play
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset


class Counting(Game):
    """Counts the plays the engine makes through ``_play`` (called from the compiled ``apply``)."""

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.plays: list[Counts] = []  # before the engine starts: the deal may not play, but must not fail
        super().__init__(ruleset, seed)

    def _play(self, seat: int, counts: Counts, kind: int, burn: bool, notes: list[Note]) -> None:
        self.plays.append(counts)
        super()._play(seat, counts, kind, burn, notes)


def test_a_subclass_overrides_what_the_engine_calls(dagang: Ruleset) -> None:
    game = Counting(dagang, 4)
    play_out(game, [RandomAgent()] * 6, random.Random(4))
    played = [event.action.cards.counts for event in game.log if isinstance(event.action, (Play, Burn))]
    assert game.plays == played and played
    assert repr(game).startswith("<Game dagang seed=4 over:")


def test_a_clone_of_a_subclass_has_its_own_attributes(dagang: Ruleset) -> None:
    game, rng = Counting(dagang, 5), random.Random(5)
    while not game.plays:
        game.apply(game.sample_action(rng))
    twin = game.clone()
    assert type(twin) is Counting and twin.plays == game.plays and twin.plays is not game.plays
    twin.plays.clear()
    assert game.plays
    while not (game.over or twin.over):  # the same future under the same actions
        action = game.sample_action(rng)
        game.apply(action)
        twin.apply(action)
    assert game.log == twin.log and game.plays[-len(twin.plays):] == twin.plays


def test_a_game_has_no_dict(dagang: Ruleset) -> None:
    """Its attributes are declared (native fields compiled, slots pure): a new one is an error in both engines."""
    game: Any = Game(dagang, 0)
    assert not hasattr(game, "__dict__")
    with pytest.raises(AttributeError):
        game.extra = 1


def test_a_game_let_go_is_freed_without_the_cyclic_collector(dagang: Ruleset) -> None:
    """The table and its areas reference each other; a game breaks that when it is let go (``__del__``),
    so self-play does not pay for the cyclic garbage collector: a subclass's game and clones too."""
    gc.collect()
    gc.disable()
    try:
        for seed in range(4):
            game = (Game if seed % 2 else Counting)(dagang, seed)
            play_out(game, [RandomAgent()] * 6, random.Random(seed))
            twin = game.clone()
            half = Game(dagang, seed)  # let go mid-game
            half.apply(half.sample_action(random.Random(seed)))
            del game, twin, half
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_game_that_failed_to_start_is_let_go_quietly(dagang: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """``__del__`` of a game whose ``__init__`` raised before it made the table does nothing."""
    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(ValueError, match="keep_hands"):
        Game(dagang, 0, keep_hands=True)
    gc.collect()
    assert unraisable == []


def test_a_clone_before_the_play_draws_its_own_redeal_and_in_the_play_shares_the_spent_generator() -> None:
    """Only a (re)deal draws from the game's generator: a clone made while one may still follow (会3, 革命 …)
    gets its own copy of the state, a clone made once the play began shares it (copying it was half the cost
    of a clone, and the scene's options clone once per option)."""
    game = Game(load_ruleset("qingdao"), 3)
    assert game.state.stage != "play"
    early = game.clone()
    assert early.state.rng is not game.state.rng and early.state.rng.getstate() == game.state.rng.getstate()
    rng = random.Random(3)
    while game.state.stage != "play":
        game.apply(game.sample_action(rng))
    assert game.clone().state.rng is game.state.rng
