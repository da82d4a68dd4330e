"""Third-party components: a package registers one in the ``gouji_variants.components``
entry-point group, a ruleset names it under ``components:``, and the game calls it."""

from __future__ import annotations

import importlib.metadata
import random
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gouji_variants.components import registry
from gouji_variants.components.burning import BurningArea
from gouji_variants.components.notes import TributePaid
from gouji_variants.components.table import Slot, Table
from gouji_variants.components.tribute import BurnDue, Due
from gouji_variants.engine import Game
from gouji_variants.engine.game import Carry
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import SECTIONS, Tribute


def one_card_to_touke(rule: Tribute, places: Sequence[int], burns: Sequence[BurnDue],
                      owed: Sequence[Due] = ()) -> list[Due]:
    """A house rule: only 大落 pays 头科, one card, never returned."""
    return [Due("luo", places.index(5), places.index(0), 1, False)]


class NotedBurning(BurningArea):
    """An area class with state of its own: a list (copied by the built-in copy hook) and lists in a
    dict (copied deeper by its own extension of the hook)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.asked: list[int] = []  # whose plays burn offers were asked on
        self.offered: dict[int, list[int]] = {}  # player -> the seats offered a burn on its plays

    def offers(self, player: int, opposite: int) -> list[Slot]:
        found = super().offers(player, opposite)
        self.asked.append(player)
        self.offered.setdefault(player, []).extend(seat for _, seat in found)
        return found

    def copy(self, table: Table) -> NotedBurning:
        twin = super().copy(table)
        assert isinstance(twin, NotedBurning)
        twin.offered = {player: list(seats) for player, seats in self.offered.items()}
        return twin


#: What the fake package registers: a tribute component (its ``pay`` is the built-in one), a
#: component for another area and an area class.
PACKAGE = {
    "one-card": SimpleNamespace(SECTION="tribute", dues=one_card_to_touke),
    "odd-score": SimpleNamespace(SECTION="score"),
    "noted-burning": NotedBurning,
}


class FakeEntryPoint:
    def __init__(self, name: str) -> None:
        self.name = name

    def load(self) -> Any:
        return PACKAGE[self.name]


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend a package registering :data:`PACKAGE` is installed."""

    def entry_points(**selection: str) -> list[FakeEntryPoint]:
        return [FakeEntryPoint(name) for name in PACKAGE] if selection.get("group") == registry.GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


def house(tmp_path: Path, components: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nkind: ruleset\nname: {zh: 家规, en: House rules}\nextends: [dagang]\n"
                    f"components:\n{components}", encoding="utf-8")
    return path


def tribute_notes(ruleset: Ruleset) -> list[tuple[int, int]]:
    """Who paid 落贡 to whom: (payer, receiver)."""
    game = Game(ruleset, 0, carry=Carry(places=(0, 1, 2, 3, 4, 5)))
    return [(note.payer, note.receiver) for event in game.log for note in event.notes
            if isinstance(note, TributePaid) and note.kind == "luo"]


def test_a_registered_component_replaces_the_builtin_one(installed: None, tmp_path: Path, dagang: Ruleset) -> None:
    ruleset = compile_path(house(tmp_path, "  tribute: one-card\n"))
    assert dict(ruleset.components) == {"tribute": "one-card"} and ruleset.fingerprint != dagang.fingerprint
    assert ruleset.metadata()["components"] == {"tribute": "one-card"}
    assert tribute_notes(ruleset) == [(5, 0)]
    assert tribute_notes(dagang) == [(5, 0), (4, 1)]  # the built-in one
    game = Game(ruleset, 0, carry=Carry(places=(0, 1, 2, 3, 4, 5)))
    assert game.components.tribute.pay is registry.DEFAULT.tribute.pay  # what it leaves out is built in
    assert game.components.score is registry.DEFAULT.score


def test_a_clone_copies_an_area_subclass_state_as_its_copy_hook_says(installed: None, tmp_path: Path) -> None:
    """The built-in areas are compiled classes under the compiled core: a subclass written in Python
    still plays, and a clone copies its own attributes (one level deep, and deeper where its hook says)."""
    game = Game(compile_path(house(tmp_path, "  burning: noted-burning\n")), 3)
    rng = random.Random(3)
    while not game.state.burning.asked:  # type: ignore[attr-defined]
        game.apply(game.sample_action(rng))
    twin = game.clone()
    mine, theirs = game.state.burning, twin.state.burning
    assert isinstance(theirs, NotedBurning) and theirs.table is twin.state and mine.table is game.state
    assert (theirs.asked, theirs.offered, theirs.burns) == (mine.asked, mine.offered, mine.burns)  # type: ignore[attr-defined]
    theirs.asked.append(-1)
    for seats in theirs.offered.values():
        seats.append(-1)
    assert -1 not in mine.asked and all(-1 not in seats for seats in mine.offered.values())  # type: ignore[attr-defined]
    while not (game.over or twin.over):  # the same future under the same actions
        action = game.sample_action(rng)
        game.apply(action)
        twin.apply(action)
    assert game.log == twin.log


def test_the_builtin_name_is_the_section_name(installed: None, tmp_path: Path, dagang: Ruleset) -> None:
    ruleset = compile_path(house(tmp_path, "  tribute: tribute\n"))
    assert Game(ruleset, 0).components.tribute is registry.DEFAULT.tribute
    assert registry.resolve({}) is registry.DEFAULT


def test_an_unknown_component_is_a_located_ruleset_error(installed: None, tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as caught:
        compile_path(house(tmp_path, "  tribute: no-such\n"))
    (problem,) = caught.value.diagnostics
    assert (Path(problem.mark.file).name, problem.mark.line, problem.mark.column) == ("house.yaml", 6, 12)
    assert problem.message == "unknown component 'no-such' for tribute"
    assert "one-card" in problem.hint and registry.GROUP in problem.hint


def test_a_component_for_another_area_is_refused(installed: None, tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="component 'odd-score' is for score, not tribute"):
        compile_path(house(tmp_path, "  tribute: odd-score\n"))


def test_only_the_rule_areas_take_a_component(tmp_path: Path) -> None:
    assert set(registry.REPLACEABLE) == set(SECTIONS)  # schema section = component = ruleset key
    with pytest.raises(RulesetError, match="unknown key 'dealing' in 'components'"):
        compile_path(house(tmp_path, "  dealing: my-deal\n"))
