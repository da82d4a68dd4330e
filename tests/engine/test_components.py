"""Third-party components: a package registers one in the ``gouji_variants.components``
entry-point group, a ruleset names it under ``components:``, and the game calls it."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gouji_variants.compiler import Ruleset, compile_path
from gouji_variants.components import registry
from gouji_variants.components.tribute import BurnDue, Due
from gouji_variants.engine import Game
from gouji_variants.engine.game import Carry
from gouji_variants.errors import RulesetError
from gouji_variants.rules import SECTIONS, Tribute


def one_card_to_touke(rule: Tribute, places: Sequence[int], burns: Sequence[BurnDue],
                      owed: Sequence[Due] = ()) -> list[Due]:
    """A house rule: only 大落 pays 头科, one card, never returned."""
    return [Due("luo", places.index(5), places.index(0), 1, False)]


#: What the fake package registers: a tribute component (its ``pay`` is the built-in one) and a
#: component for another area.
PACKAGE = {
    "one-card": SimpleNamespace(SECTION="tribute", dues=one_card_to_touke),
    "odd-score": SimpleNamespace(SECTION="score"),
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


def tribute_notes(ruleset: Ruleset) -> list[str]:
    game = Game(ruleset, 0, carry=Carry(places=(0, 1, 2, 3, 4, 5)))
    return [note for event in game.log for note in event.notes if note.startswith("落贡")]


def test_a_registered_component_replaces_the_builtin_one(installed: None, tmp_path: Path, dagang: Ruleset) -> None:
    ruleset = compile_path(house(tmp_path, "  tribute: one-card\n"))
    assert dict(ruleset.components) == {"tribute": "one-card"} and ruleset.fingerprint != dagang.fingerprint
    assert ruleset.metadata()["components"] == {"tribute": "one-card"}
    assert [note.split(":")[0] for note in tribute_notes(ruleset)] == ["落贡 5->0"]
    assert [note.split(":")[0] for note in tribute_notes(dagang)] == ["落贡 5->0", "落贡 4->1"]  # the built-in one
    game = Game(ruleset, 0, carry=Carry(places=(0, 1, 2, 3, 4, 5)))
    assert game.components.tribute.pay is registry.DEFAULT.tribute.pay  # what it leaves out is built in
    assert game.components.score is registry.DEFAULT.score


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
