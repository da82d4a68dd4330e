"""What ``gouji list``, ``gouji play`` and ``gouji diff --simulate`` show on a terminal 80 columns
wide: snapshots (fingerprints masked, as in tests/diff_golden), every line within 80 columns and
every fingerprint whole. Rewrite the snapshots with

    GOUJI_UPDATE_GOLDEN=1 python -m pytest tests/terminal/test_terminal_snapshots.py
"""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import gouji
from rich.cells import cell_len
from terminal_helpers import Terminal, drive

GOLDEN = Path(__file__).parents[1] / "terminal_golden"
UPDATE = os.environ.get("GOUJI_UPDATE_GOLDEN", "") not in ("", "0")
FINGERPRINT = re.compile(r"\b[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\b")
NO_COLOR = {"NO_COLOR": "1"}


def _snapshot(name: str, text: str) -> None:
    assert not [line for line in text.splitlines() if cell_len(line) > 80], text
    masked = FINGERPRINT.sub("xxxx-xxxx-xxxx", text)
    golden = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(masked, encoding="utf-8")
    assert golden.is_file(), f"no snapshot; run with GOUJI_UPDATE_GOLDEN=1 to write {golden.name}"
    assert masked == golden.read_text(encoding="utf-8")


def _run(*args: str) -> str:
    """The output of a command that asks nothing (stdout only: the progress bar is on stderr)."""
    out, code = drive(Terminal(*args, env=NO_COLOR, stderr=False), lambda prompt, chunk: "")
    assert code in (0, 1), out
    return out


def test_list_on_a_terminal_and_piped() -> None:
    rows = json.loads(gouji("list", "--json").stdout)
    fingerprints = {row["fingerprint"] for row in rows}
    table = _run("list")
    assert fingerprints <= set(FINGERPRINT.findall(table))  # none broken across lines
    _snapshot("list.txt", table)
    piped = gouji("list").stdout
    assert "┃" not in piped and fingerprints <= set(FINGERPRINT.findall(piped))
    assert len(piped.splitlines()) == len(rows) + 1  # a header, then one line per ruleset


def test_list_json_has_english_names() -> None:
    rows = {row["id"]: row for row in json.loads(gouji("list", "--json").stdout)}
    assert rows["qingdao"]["name_en"] == "Qingdao" and rows["qingdao"]["name_zh"] == "青岛够级"


def test_play_first_screen() -> None:
    answers = iter(["quit", "yes"])
    out, code = drive(Terminal("play", "-r", "qingdao", "--seed", "1", env=NO_COLOR),
                      lambda prompt, chunk: next(answers))
    assert code == 0
    _snapshot("play-qingdao.txt", out)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_diff_simulate(lang: str) -> None:
    out = _run("diff", "qingdao", "jining", "--simulate", "6", "--seed", "1", "--lang", lang)
    _snapshot(f"diff-simulate-{lang}.txt", out)


def test_the_readme_session_is_real() -> None:
    """README.md's `console play-session` block is what `gouji play` shows given the answers typed in it."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("```console play-session\n", 1)[1].split("```", 1)[0]
    command, shown = block.split("\n", 1)
    answers = iter(re.findall(r"^(?:seat \d, .*|yes or no)> (.+)$", shown, re.M))
    args = shlex.split(command.removeprefix("$ gouji "))
    out, code = drive(Terminal(*args, env=NO_COLOR), lambda prompt, chunk: next(answers))
    assert code == 0 and FINGERPRINT.sub("x", out) == FINGERPRINT.sub("x", shown)
