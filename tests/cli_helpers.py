"""Running the ``gouji`` command in-process for tests."""

from __future__ import annotations

from pathlib import Path

import click
from click.testing import CliRunner, Result

from gouji_variants.cli import main


def gouji(*args: str | Path, env: dict[str, str] | None = None) -> Result:
    """Run ``gouji ARGS`` (200 columns wide); never a traceback, whatever happened."""
    result = CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": "200", **(env or {})})
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def every_command() -> dict[str, click.Command]:
    """Each ``gouji`` command by name, loaded (the group loads a command's module only when it runs)."""
    context = click.Context(main)
    loaded = {name: main.get_command(context, name) for name in main.list_commands(context)}
    return {name: command for name, command in loaded.items() if command is not None}
