"""What the runs of the suite hold (tests/conftest.py, README): the folders whose every test can depend on the
engine, so that the pure-Python engine runs them too."""

from __future__ import annotations

from pathlib import Path

#: the tests' folder
HERE = Path(__file__).resolve().parent
#: The test folders whose every test can depend on the engine (what it deals, allows, decides and records).
ENGINE_FOLDERS = ("agents", "components", "engine", "env", "records", "runs")
