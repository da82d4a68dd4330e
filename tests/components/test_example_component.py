"""The worked example of a third-party component (``examples/gouji-strict-burning``): registered
through the ``gouji_variants.components`` entry points from its own pyproject.toml, named by a
ruleset, and changing how burning plays.

By default the package is made importable and its distribution metadata (the entry points of
its pyproject.toml) is put on ``sys.path``, which is what ``importlib.metadata`` reads for an
installed package; the slow test (marker ``wheel``, needs PyPI for the build backend) really
pip-installs it and plays it in a subprocess.
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gouji_variants.components import registry
from gouji_variants.engine import Game, Match, RandomAgent, play_out
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.model import Ruleset

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gouji-strict-burning"
HOUSE = "id: house\nkind: ruleset\nname: {{zh: 严烧, en: Strict burning}}\nextends: [{base}]\n" \
        "components:\n  burning: strict-burning\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The example on ``sys.path`` with the dist-info metadata pip would write from its pyproject.toml."""
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    site = tmp_path_factory.mktemp("site")
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n",
                                   encoding="utf-8")
    entries = project["entry-points"][registry.GROUP]
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\n" + "".join(f"{name} = {target}\n"
                                                                             for name, target in entries.items()),
                                           encoding="utf-8")
    sys.path[:0] = [str(EXAMPLE / "src"), str(site)]
    yield
    sys.path[:] = [entry for entry in sys.path if entry not in (str(EXAMPLE / "src"), str(site))]


def house(tmp_path: Path, base: str) -> Ruleset:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE.format(base=base), encoding="utf-8")
    return compile_path(path)


def games(ruleset: Ruleset, count: int) -> Iterator[Game]:
    match, rng = Match(ruleset, 7), random.Random(7)
    for _ in range(count):
        game = match.new_game()
        play_out(game, [RandomAgent()] * 6, rng)
        match.record(game)
        yield game


def burners(game: Game) -> list[int]:
    return [record.burner for record in game.burns]


def test_the_example_registers_and_loads(installed: None) -> None:
    component = registry.load("burning", "strict-burning")
    assert issubclass(component, registry.AREAS["burning"]) and component.__module__ == "gouji_strict_burning"


def test_each_seat_burns_at_most_once_a_game(installed: None, tmp_path: Path, dagang: Ruleset) -> None:
    strict = house(tmp_path, "dagang")
    assert strict.fingerprint != dagang.fingerprint
    assert any(len(set(burners(game))) < len(burners(game)) for game in games(dagang, 60))  # built in: again
    played = list(games(strict, 60))
    assert sum(len(burners(game)) for game in played) > 20
    assert all(len(set(burners(game))) == len(burners(game)) for game in played)


def test_a_broken_burn_gives_up_kaidian(installed: None, tmp_path: Path) -> None:
    strict = house(tmp_path, "dagang, dadian")
    broken = [(game, record.burner) for game in games(strict, 80) for record in game.burns if record.outcome == "解烧"]
    assert broken and all(not game.opened[burner] for game, burner in broken)
    penalty = importlib.import_module("gouji_strict_burning").PENALTY  # Remark("解烧罚点", …)
    assert all(any(penalty in event.notes for event in game.log) for game, _ in broken)


@pytest.mark.wheel
def test_the_example_installs_with_pip(tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(EXAMPLE)],
                   check=True, capture_output=True, timeout=600)
    (tmp_path / "house.yaml").write_text(HOUSE.format(base="dagang"), encoding="utf-8")
    code = ("import sys; from gouji_variants.cli import main; sys.argv = ['gouji', 'simulate', '-r', 'house.yaml', "
            "'-n', '5', '--json']; main()")
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    assert '"games": 5' in result.stdout
