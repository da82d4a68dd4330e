"""Property-based fuzzing: random YAML documents and mutated built-in rulesets, run in-process through
the CLI (validate, show, card, diff, fingerprint). Any exception other than the project's own exit, or a
run over the bound (10 s of CPU), fails. Kept to a few seconds per test; ``pytest --thorough`` digs deeper.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from budget import examples
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji_variants.cli import main
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import SECTIONS

EXAMPLES = examples(25)
BOUND = 10.0  # seconds of CPU one command may take on any input (in-process: the machine's load adds none)
COMMANDS = (["validate"], ["show"], ["card"], ["diff"], ["fingerprint"])
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Words and numbers a ruleset is made of, and the odd ones a hostile file would use.
WORDS = st.sampled_from(["dagang", "qingdao", "ruleset", "option-pack", "4 decks", "R, B, 2, AA", "B by R", "落",
                         "next-player", "pure", "true", "", "~", "rulesеt", "\x1b[2J", "\u202e", "4 decks, add 1 of R",
                         "1000000000 decks", "only 0 of 3", "点 > 落", "both", "3", "draw", "liang3"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(10**25), 10**25), st.floats(allow_nan=True),
                    WORDS, st.text(max_size=12))
KEYS = st.one_of(st.sampled_from(["id", "kind", "name", "zh", "en", "extends", "aliases", "examples", "play",
                                  "expect", "hands", "actions", *SECTIONS]), st.text(min_size=1, max_size=8))
DOCUMENTS = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(KEYS, inner, max_size=6)), max_leaves=30)


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click 8.1
    except TypeError:
        return CliRunner()


def _run_all(text: str | bytes) -> None:
    """Every command on the file holding ``text``: an exit code of the table, in time, never an exception."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        for command in COMMANDS:
            start = time.process_time()
            result = _runner().invoke(main, [*command, str(path)])
            elapsed = time.process_time() - start
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                f"gouji {command[0]} raised {result.exception!r} on:\n{text!r}")
            assert result.exit_code in (0, 1, 2), result.exit_code
            assert elapsed < BOUND, f"gouji {command[0]} took {elapsed:.1f}s on:\n{text!r}"


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@FUZZ
@given(DOCUMENTS)
def test_random_documents(data: Any) -> None:
    _run_all(_dump(data))


@FUZZ
@given(st.fixed_dictionaries({"id": st.just("fuzz"), "kind": st.sampled_from(["ruleset", "option-pack"]),
                              "name": st.just({"zh": "测", "en": "Fuzz"}), "extends": st.just(["dagang"])},
                             optional={section: st.dictionaries(KEYS, SCALARS, max_size=4) for section in SECTIONS}))
def test_random_rules_on_a_valid_header(data: dict[str, Any]) -> None:
    """Past the header: random values for real rule sections, so the later checks are reached."""
    _run_all(_dump(data))


BUILTIN = sorted(RULESETS_DIR.glob("*.yaml"))


@FUZZ
@given(st.sampled_from(BUILTIN), st.data())
def test_mutated_builtin_values(path: Path, draw: st.DataObject) -> None:
    """A built-in ruleset with one rule replaced by a random value (its id changed, so it is a new file)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["id"] = "mutant"
    data.pop("examples", None)  # keep each run short: examples are fuzzed by the random documents
    section = draw.draw(st.sampled_from(sorted(SECTIONS)))
    rules = data.setdefault(section, {}) if isinstance(data.get(section), dict) else {}
    data[section] = rules
    key = draw.draw(st.sampled_from(sorted(rules) or ["enabled"]))
    rules[key] = draw.draw(DOCUMENTS)
    _run_all(_dump(data))


@FUZZ
@given(st.sampled_from(BUILTIN), st.data())
def test_mutated_builtin_text(path: Path, draw: st.DataObject) -> None:
    """A built-in ruleset's bytes cut, spliced or sprinkled with random bytes (BOMs, NULs, escapes…)."""
    raw = path.read_bytes()
    start = draw.draw(st.integers(0, len(raw)))
    end = draw.draw(st.integers(start, min(len(raw), start + 200)))
    insert = draw.draw(st.one_of(st.binary(max_size=20), st.sampled_from(
        [b"\xef\xbb\xbf", b"\x00", b"\x1b[2J", b"&a [*a]", b"*x", b"\t", b"\n---\n", b"9" * 5000, b": ", b"- "])))
    _run_all(raw[:start] + insert + raw[end:])
