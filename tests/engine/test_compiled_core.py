"""The compiled core (docs/compiled-core.md) against the pure-Python engine, its reference: the same
seeded games under every built-in ruleset, by random and heuristic agents, give identical records
through both (each engine in its own process, chosen by ``GOUJI_ENGINE``); and where a C compiler
is present the build must have made the compiled core, so this comparison is never vacuous there."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from typing import Any

import pytest

from gouji_variants import ENGINE, enginecore

#: games per ruleset and kind of agent: 20 rulesets x 2 x 20 = 800 through each engine in the suite, ten times as
#: many in the thorough run
GAMES = 20
CHILD = """
import hashlib, json, sys
from gouji_variants import enginecore
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.agents.registry import make_agents
from gouji_variants.runs.simulate import simulate
from gouji_variants.ruleset.resources import RULESETS_DIR

digests = {}
for entry in sorted(Catalog((RULESETS_DIR,)).entries(), key=lambda entry: entry.id):
    ruleset = load_ruleset(entry.id)
    for seed, spec in enumerate(("random", "heuristic")):
        records = []
        simulate(ruleset, int(sys.argv[1]), seed, make_agents(spec), keep=records.append)
        text = json.dumps([{k: v for k, v in record.items() if k != "headers"} for record in records], sort_keys=True)
        digests[f"{entry.id}/{spec}"] = [len(records), hashlib.sha256(text.encode()).hexdigest()]
print(json.dumps({"engine": enginecore.active(), "digests": digests}))
"""


def compiler_present() -> bool:
    return any(shutil.which(name) for name in ("cc", "gcc", "clang"))


def played(games: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """What each engine, pure then compiled, played: both at once, each in a process of its own."""
    children = [subprocess.Popen([sys.executable, "-c", CHILD, str(games)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env={**os.environ, "GOUJI_ENGINE": engine})
                for engine in ("pure", "compiled")]
    results = []
    for engine, child in zip(("pure", "compiled"), children, strict=True):
        out, err = child.communicate()
        assert child.returncode == 0, err
        result: dict[str, Any] = json.loads(out)
        assert result["engine"] == engine
        results.append(result)
    return results[0], results[1]


def test_the_compiled_core_is_built_where_a_compiler_is_present() -> None:
    if not compiler_present():
        pytest.skip("no C compiler here: the installation is pure Python by design")
    assert enginecore.built(), "a C compiler is present but the compiled core is not built (or is older than " \
        "its sources): reinstall with pip install -e ."
    assert ENGINE == os.environ.get("GOUJI_ENGINE", "compiled") == enginecore.active()


@pytest.mark.parametrize("games", [GAMES, pytest.param(10 * GAMES, marks=pytest.mark.thorough)])
def test_both_engines_play_identical_records(games: int) -> None:
    if os.environ.get("GOUJI_ENGINE") == "pure":
        pytest.skip("it plays both engines itself, whichever runs the suite: the suite's first run made it")
    if not enginecore.built():
        assert not compiler_present(), "a C compiler is present but the compiled core is not built"
        pytest.skip("the compiled core is not built here (no C compiler)")
    pure, compiled = played(games)
    assert sum(count for count, _ in pure["digests"].values()) >= 38 * games
    assert compiled["digests"] == pure["digests"]


def test_the_engine_is_chosen_by_gouji_engine() -> None:
    code = "import gouji_variants; print(gouji_variants.ENGINE)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "GOUJI_ENGINE": "pure"})
    assert run.stdout.strip() == "pure"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "GOUJI_ENGINE": "fast"})
    assert run.returncode != 0 and "GOUJI_ENGINE='fast': the engine is 'pure' or 'compiled'" in run.stderr


def test_the_stamp_digest_covers_every_compiled_source() -> None:
    root = enginecore._ROOT
    assert all(enginecore.source_path(root, module).is_file() for module in enginecore.COMPILED)
    assert len(enginecore.digest(root)) == len(hashlib.sha256().hexdigest())
