"""The built wheel works on its own: installed in a clean venv, run from an unrelated folder.

Slow (it builds the wheel and pip-installs it with its dependencies from PyPI);
deselect with ``-m "not wheel"``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.wheel,
    pytest.mark.thorough,  # a build and a fresh venv: the thorough run (README, Set-up)
    pytest.mark.skipif(
        importlib.util.find_spec("build") is None,
        reason=f"the 'build' package is not installed in {sys.executable} (pip install -e '.[test]' brings it)",
    ),
]

DATA_FILES = (
    "gouji_variants/rulesets/dagang.yaml",
    "gouji_variants/grammar/cards.lark",
    "gouji_variants/grammar/expressions.lark",
    "gouji_variants/rulesets/schema/ruleset.schema.json",
    "gouji_variants/rulesets/schema/record.schema.json",
)


def _run(args: list[str | Path], cwd: Path, timeout: float = 600,
         extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # A clean environment: nothing may point back at the source checkout.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "GOUJI_RULESETS_PATH")}
    env.update(extra or {})
    env["COLUMNS"] = "200"  # keep rich from folding table cells
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout)


def _check(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, f"{result.args} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    outdir = tmp_path_factory.mktemp("dist")
    # Built as where no C compiler is (GOUJI_BUILD_PURE): the pure-Python wheel must work on its own; the
    # compiled core is what the editable install of the set-up builds (tests/engine/test_compiled_core.py).
    _check(_run([sys.executable, "-m", "build", "--wheel", "--outdir", outdir, ROOT], cwd=ROOT,
                extra={"GOUJI_BUILD_PURE": "1"}))
    (built,) = outdir.glob("gouji_variants-*.whl")
    return built


@pytest.fixture(scope="module")
def venv_bin(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("venv")
    _check(_run([sys.executable, "-m", "venv", venv], cwd=venv))
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    _check(_run([bin_dir / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
                cwd=venv))
    return bin_dir


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """An unrelated working folder: no rulesets, grammar or package next to it."""
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    return cwd


def test_wheel_carries_the_data_files(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    missing = [name for name in DATA_FILES if name not in names]
    assert not missing, f"{wheel.name} lacks {missing}"


def test_builtin_modelines_point_at_the_installed_schema(venv_bin: Path, elsewhere: Path) -> None:
    """Each built-in ruleset's editor modeline names a schema file that exists next to it in the install."""
    code = ("from gouji_variants.ruleset.resources import RULESETS_DIR as d\n"
            "for p in sorted(d.glob('*.yaml')):\n"
            "    line = p.read_text(encoding='utf-8').splitlines()[0]\n"
            "    print(p.name, (p.parent / line.split('$schema=', 1)[1]).is_file())")
    result = _check(_run([venv_bin / "python", "-c", code], cwd=elsewhere))
    rows = [line.split() for line in result.stdout.splitlines()]
    assert len(rows) >= 10 and all(found == "True" for _, found in rows), result.stdout


def test_installed_package_is_the_wheel(venv_bin: Path, elsewhere: Path) -> None:
    result = _check(_run([venv_bin / "python", "-c", "import gouji_variants; print(gouji_variants.__file__)"],
                         cwd=elsewhere))
    location = Path(result.stdout.strip())
    assert ROOT not in location.parents, f"imported from the checkout: {location}"


def test_a_wheel_built_without_the_compiled_core_runs_the_pure_engine(wheel: Path, venv_bin: Path,
                                                                       elsewhere: Path) -> None:
    assert wheel.name.endswith("-py3-none-any.whl")
    assert _check(_run([venv_bin / "gouji", "--version"], cwd=elsewhere)).stdout.strip().endswith("(engine: pure)")


def test_gouji_list(venv_bin: Path, elsewhere: Path) -> None:
    result = _check(_run([venv_bin / "gouji", "list"], cwd=elsewhere))
    assert "dagang" in result.stdout
    assert "qingdao" in result.stdout
    assert "invalid" not in result.stdout


def test_gouji_show_resolved(venv_bin: Path, elsewhere: Path) -> None:
    result = _check(_run([venv_bin / "gouji", "show", "qingdao", "--resolved"], cwd=elsewhere))
    assert result.stdout.startswith("# qingdao: ")
    assert "id: qingdao" in result.stdout
    assert "gouji:" in result.stdout  # a section qingdao inherits from dagang
    assert "extends:" not in result.stdout


def test_gouji_schema_draft_07(venv_bin: Path, elsewhere: Path) -> None:
    result = _check(_run([venv_bin / "gouji", "schema", "--draft", "07"], cwd=elsewhere))
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert {"id", "kind", "name", "plays"} <= set(schema["properties"])
