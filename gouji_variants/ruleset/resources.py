"""Where the package's data lives: grammars, built-in rulesets and schemas.

In a wheel they sit inside the package; in a source checkout they are the
top-level ``grammar/`` and ``rulesets/`` folders next to the package. The JSON
Schemas live in ``rulesets/schema/`` either way, so the built-in rulesets' editor
modelines (``./schema/…``) resolve in a checkout and in an installed wheel alike.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # gouji_variants/


def _data_dir(name: str) -> Path:
    inside = PACKAGE_DIR / name
    return inside if inside.is_dir() else PACKAGE_DIR.parent / name


GRAMMAR_DIR = _data_dir("grammar")
RULESETS_DIR = _data_dir("rulesets")
SCHEMA_DIR = RULESETS_DIR / "schema"
