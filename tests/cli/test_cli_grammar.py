"""One command-line grammar (issue 21): rulesets named one way, every --help ending with its exit codes
(the README's table), every bot option listing every bot, ``gouji list`` showing the columns it promises."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import click
import pytest
from cli_helpers import every_command, gouji
from rich.console import Console

from gouji_variants.agents.registry import PARAMETERS, PLAYERS
from gouji_variants.cli.common import complete_ruleset
from gouji_variants.cli.listing import COLUMNS, plain, table
from gouji_variants.ruleset.compiler import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
#: the options that take a bot (or, --agents, a list of bots)
BOT_OPTIONS = {"--agents", "--agent", "--hints"}


def _readme_exits() -> dict[str, set[int]]:
    """The exit codes README's table gives each command (a cell other than — is a code it returns)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Exit codes"):].split("\n## ", 1)[0]
    codes: dict[str, set[int]] = {}
    for name, *cells in re.findall(r"^\| `([a-z]+)` \| (.*?) \| (.*?) \| (.*?) \|$", section, re.M):
        codes[name] = {code for code, cell in enumerate(cells) if cell != "—"}
    paragraph = section[section.index("\nCtrl-C"):].split("\n\n")[0].replace("\n", " ")
    for sentence in re.findall(r"Ctrl-C.*? exits [^(]*", paragraph):  # who is stopped, then how it exits
        who, how = sentence.split(" exits ", 1)
        for name in re.findall(r"`([a-z]+)[^`]*`", who):
            codes[name].update(int(code) for code in re.findall(r"\b1\d\d\b", how))
    return codes


def _help_exits(*args: str) -> dict[int, str]:
    """The ``Exit codes`` section of ``gouji ARGS --help``, which must end the help."""
    text = gouji(*args, "--help").output
    assert "\nExit codes:\n" in text, f"gouji {' '.join(args)} --help has no exit codes"
    section = text.split("\nExit codes:\n", 1)[1]
    codes: dict[int, str] = {}
    for line in section.splitlines():
        found = re.match(r"  (\d+) +(\S.*)", line)
        if found:
            codes[int(found[1])] = found[2]
        else:  # a meaning's continuation line, nothing else
            assert re.match(r" {4,}\S", line), f"gouji {' '.join(args)} --help: {line!r} after the exit codes"
    return codes


@pytest.mark.parametrize("name", sorted(every_command()))
def test_every_help_ends_with_the_exit_codes_of_the_readme(name: str) -> None:
    assert set(_help_exits(name)) == _readme_exits()[name]


def test_the_group_help_gives_every_code_and_how_rulesets_are_named() -> None:
    assert set(_help_exits()) == {0, 1, 2, 130}
    text = gouji("--help").output
    assert "A RULESET is named by its id, an alias, its name" in text and "-r/--ruleset option" in text


def _ruleset_parameters() -> dict[str, list[click.Parameter]]:
    """Each command's parameters that take a ruleset (those completing ruleset names)."""
    return {name: [param for param in command.params
                   if getattr(param, "_custom_shell_complete", None) is complete_ruleset]
            for name, command in every_command().items()}


def test_a_ruleset_is_an_argument_or_the_ruleset_option() -> None:
    options = set()
    for name, params in _ruleset_parameters().items():
        for param in params:
            if isinstance(param, click.Option):
                assert param.opts[:2] == ["--ruleset", "-r"], (name, param.opts)
                options.add(name)
            else:
                assert param.metavar in ("RULESET", "RULESET...", "A", "[B]"), (name, param.metavar)
    assert options == {"judge", "new", "play", "simulate"}  # as the group's help says


def test_new_still_takes_from(tmp_path: Path) -> None:
    for option in ("--from", "-r", "--ruleset"):
        target = tmp_path / f"{option.strip('-')}.yaml"
        result = gouji("new", target, option, "qingdao")
        assert result.exit_code == 0 and "extends qingdao" in result.output


def test_every_bot_option_lists_every_bot() -> None:
    found = set()
    for name, command in every_command().items():
        for param in command.params:
            if isinstance(param, click.Option) and BOT_OPTIONS & set(param.opts):
                found.add(name)
                help_text = " ".join((param.help or "").split())
                for bot in PLAYERS:
                    assert f"{bot}[:X]" in help_text if bot in PARAMETERS else f"{bot} (" in help_text, (name, bot)
                for meaning in PARAMETERS.values():
                    assert meaning in help_text
    assert found == {"bot", "diff", "hint", "play", "simulate"}


def test_simulate_accepts_every_bot() -> None:
    spec = ",".join(f"{bot}:1" if bot in PARAMETERS else bot for bot in PLAYERS)
    result = gouji("simulate", "-n", "1", "--workers", "1", "--agents", spec, "--json")
    assert result.exit_code == 0, result.output
    assert "search" in spec and json.loads(result.stdout)["games"] == 1


# ── gouji list: the columns its help promises ──────────────────────────────


def test_list_help_promises_the_columns() -> None:
    assert ", ".join(COLUMNS) in " ".join(gouji("list", "--help").output.split())


def test_list_piped_shows_every_column() -> None:
    lines = gouji("list").stdout.splitlines()
    assert lines[0].split() == ["id", "fingerprint", "中文名", "region", "aliases"]
    assert set(lines[0].split()) == set(COLUMNS)
    dagang, ruleset = next(line for line in lines if line.startswith("dagang ")), load_ruleset("dagang")
    assert dagang.endswith(", ".join(ruleset.aliases)) and ruleset.fingerprint in dagang and ruleset.aliases


def test_list_table_and_json_show_every_column() -> None:
    rows = json.loads(gouji("list", "--json").stdout)
    dagang = next(row for row in rows if row["id"] == "dagang")
    assert {"id", "name_zh", "region", "aliases", "fingerprint"} <= set(dagang)
    aliases = ", ".join(dagang["aliases"])
    assert dagang["aliases"] == list(load_ruleset("dagang").aliases)
    out = StringIO()
    table([dagang], Console(file=out, width=200))
    body = out.getvalue()
    header = next(line for line in body.splitlines() if line.startswith("┃"))
    assert [cell.strip() for cell in header.strip("┃").split("┃")] == list(COLUMNS)
    assert aliases in body and plain([dagang]).splitlines()[1].endswith(aliases)
