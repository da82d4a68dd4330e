"""Every test that plays the engine runs under both engines: a test module outside the engine folders
(suite.ENGINE_FOLDERS) that imports the engine's side of the package (the engine, its rule areas, the bots,
the environments, runs and records) or the tests' game helpers, or runs a command that plays, is marked
``engine`` or named here with the reason its outcome cannot depend on the engine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from suite import ENGINE_FOLDERS, HERE

#: the package's modules that play, decide or record games, and the tests' helpers that do
PLAYING = re.compile(r"^gouji_variants\.(engine|components|agents|env|runs|records)\b|"
                     r"^(engine_helpers|run_helpers|golden_corpus|strategies\.play)$")
#: what the package's top level offers that neither plays nor decides
NOT_PLAYING = {"__version__", "ENGINE", "Cards", "Ruleset", "RulesetError", "load_ruleset"}
#: commands whose answer is the engine's: a test that runs one plays the engine
PLAYING_COMMANDS = re.compile(r"""\[\s*["'](judge|check|simulate|replay|hint|play)["']""")
#: modules that play the engine but check something the engine cannot change, and why
ENGINE_INDEPENDENT = {
    "cli/test_cli.py": "the commands' arguments, exit codes and messages",
    "cli/test_cli_grammar.py": "the command line's grammar: options, help texts, bot names",
    "cli/test_cli_mistakes.py": "the answers to a rule writer's mistakes (a record for a ruleset and the reverse)",
    "ruleset/test_static_checks.py": "the warnings of gouji validate and check",
    "ruleset/test_untrusted_rulesets.py": "what each command does with hostile files: exit codes and messages",
    "ruleset/test_vocabulary.py": "the names and labels of the vocabulary",
    "terminal/test_render_counts.py": "the terminal's words for the counts a seat is told",
    "server/test_hidden_information.py": "each message against the view of its seat, both made by the engine that runs",
    "server/test_rooms_play.py": "the room protocol: agreement, stale and duplicate actions, records kept",
    "server/test_words.py": "the words events are told in",
    "server/test_service.py": "the service's store, queues, expiry and 托管; the engine only moves its rooms along",
    "server/test_bots.py": "where a bot thinks (a worker process or a thread), not how it plays",
    "test_benchmarks.py": "the benchmark scripts run short; the digest test runs both engines itself",
    "terminal/test_zh_only.py": "the terminal's words in Chinese",
    "test_bench_agents.py": "the benchmark script runs and prints its tables",
    "text/test_diff.py": "the semantic diff's goldens and properties",
}


def _plays(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and PLAYING.search(node.module):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "gouji_variants" and \
                {alias.name for alias in node.names} - NOT_PLAYING:
            return True
        if isinstance(node, ast.Import) and any(PLAYING.search(alias.name) for alias in node.names):
            return True
    return PLAYING_COMMANDS.search(text) is not None


def _marked(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            return "mark.engine" in ast.unparse(node.value)
    return False


OUTSIDE = sorted(path for path in HERE.rglob("test_*.py") if path.relative_to(HERE).parts[0] not in ENGINE_FOLDERS)


@pytest.mark.parametrize("path", OUTSIDE, ids=lambda path: path.relative_to(HERE).as_posix())
def test_a_test_that_plays_the_engine_runs_under_both(path: Path) -> None:
    name = path.relative_to(HERE).as_posix()
    if name in ENGINE_INDEPENDENT:
        assert _plays(path), f"{name} no longer plays the engine: take it out of ENGINE_INDEPENDENT"
        assert not _marked(path), f"{name} is marked engine and named engine-independent"
    elif _plays(path):
        assert _marked(path), (f"{name} plays the engine: mark it (pytestmark = pytest.mark.engine) or name it in "
                               "ENGINE_INDEPENDENT with the reason its outcome cannot depend on the engine")
