"""``gouji`` starts at once: importing the command line, ``--version`` and ``--help`` load no command's module
(each is loaded when it runs) and none of the rulesets', engine's or bots' modules. Counted in modules, not timed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gouji_variants.cli.commands import COMMANDS

#: the package's modules the command line may load before a command runs
STARTUP = {"gouji_variants", "gouji_variants.enginecore", "gouji_variants.cli", "gouji_variants.cli.group",
           "gouji_variants.cli.commands", "gouji_variants.cli.common"}
#: modules of other packages a start may load at most (click and the standard library's, measured: about 120)
MOST_MODULES = 200


def _loaded(code: str) -> tuple[list[str], int]:
    """The package's modules, and how many modules in all, loaded by ``code`` in a fresh interpreter."""
    probe = (f"import sys\n{code}\nimport json\n"
             "print(json.dumps([sorted(m for m in sys.modules if m.split('.')[0] == 'gouji_variants'), "
             "len(sys.modules)]), file=sys.__stderr__)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    ours, count = json.loads(done.stderr.strip().splitlines()[-1])
    return ours, count


@pytest.mark.parametrize("code", [
    "import gouji_variants.cli",
    "from gouji_variants.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit:\n    pass",
    "from gouji_variants.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass",
], ids=["import", "--version", "--help"])
def test_starting_loads_no_command(code: str) -> None:
    ours, count = _loaded(code)
    assert set(ours) <= STARTUP, sorted(set(ours) - STARTUP)
    assert count <= MOST_MODULES, f"{count} modules loaded"


def test_a_command_loads_its_own_family_only() -> None:
    ours, _ = _loaded("from gouji_variants.cli import main\ntry:\n    main(['schema'])\nexcept SystemExit:\n    pass")
    families = {f"gouji_variants.cli.{module}" for module, _, _ in COMMANDS.values()}
    assert set(ours) & families == {"gouji_variants.cli.rulesets"}


def test_each_listed_line_fits_the_help_unshortened() -> None:
    widest = max(map(len, COMMANDS))
    for name, (_, _, line) in COMMANDS.items():
        assert len(line) <= 80 - 2 - widest - 2, (name, line)  # click's 80 columns: indent, name, gap, line
        assert line.endswith((".", "?")), (name, line)
