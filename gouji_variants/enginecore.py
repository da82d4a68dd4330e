"""Which engine runs: the compiled core (the hot path built with mypyc) or the pure-Python engine.

The modules in :data:`COMPILED` are compiled by the build when a C compiler is there
(``hatch_build.py``); each compiled module is an extension beside its ``.py`` source, which
stays the reference. ``GOUJI_ENGINE`` is read once, when the package is imported: ``pure``
loads the sources even where the extensions are built; ``compiled`` requires them; unset, the
compiled core is used when it is built and matches the sources (an editable install whose sources
changed since the build falls back to the sources). :func:`active` says which one runs.
Standard library only: the build hook reads :data:`COMPILED` from this file.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: the modules of the compiled core: move generation, legality, apply and the automations, the seat's view,
#: the table and the rule areas (native classes that allow the interpreted subclasses third parties write),
#: the heuristic bot, the search's rollout policy (its reading of the hand and its plan), the search's worlds, and
#: what a room builds for every seat at every action: the scene and the state's observation and scene as JSON
COMPILED = (
    "gouji_variants.agents.heuristic",
    "gouji_variants.agents.plan",
    "gouji_variants.agents.reading",
    "gouji_variants.agents.tactics",
    "gouji_variants.agents.worlds",
    "gouji_variants.components.bie3",
    "gouji_variants.components.burning",
    "gouji_variants.components.deck",
    "gouji_variants.components.draws",
    "gouji_variants.components.gouji",
    "gouji_variants.components.hui3",
    "gouji_variants.components.kaidian",
    "gouji_variants.components.moves",
    "gouji_variants.components.penalties",
    "gouji_variants.components.places",
    "gouji_variants.components.plays",
    "gouji_variants.components.reporting",
    "gouji_variants.components.revolution",
    "gouji_variants.components.score",
    "gouji_variants.components.table",
    "gouji_variants.components.tribute",
    "gouji_variants.components.turns",
    "gouji_variants.components.vectors",
    "gouji_variants.engine.accessors",
    "gouji_variants.engine.decisions",
    "gouji_variants.engine.events",
    "gouji_variants.engine.game",
    "gouji_variants.engine.interned",
    "gouji_variants.engine.observing",
    "gouji_variants.engine.phases",
    "gouji_variants.engine.seat",
    "gouji_variants.scene.build",
    "gouji_variants.scene.model",
    "gouji_variants.server.statejson",
)
STAMP = "_compiled_core.txt"  # written by the build beside this file: the digest of the compiled sources
ENGINES = ("pure", "compiled")
_ROOT = Path(__file__).resolve().parent.parent


def source_path(root: Path, module: str) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(root: Path, modules: Sequence[str] = COMPILED) -> str:
    """The digest of the sources of ``modules`` under ``root`` (the build stamps it)."""
    sha = hashlib.sha256()
    for module in modules:
        sha.update(source_path(root, module).read_bytes())
    return sha.hexdigest()


def built() -> bool:
    """Whether the compiled core is built here and matches the sources."""
    stamp = Path(__file__).with_name(STAMP)
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    if not stamp.is_file() or not any(source_path(_ROOT, COMPILED[0]).with_suffix(s).is_file() for s in suffixes):
        return False
    try:
        return stamp.read_text(encoding="ascii").strip() == digest(_ROOT)
    except OSError:
        return False


class _Sources(importlib.abc.MetaPathFinder):
    """Loads the compiled core's modules from their ``.py`` sources (the pure-Python engine)."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED:
            return None
        return importlib.util.spec_from_file_location(name, source_path(_ROOT, name))


def select() -> str:
    """Choose the engine from ``GOUJI_ENGINE`` (at import); ImportError for a value that cannot be had."""
    wanted = os.environ.get("GOUJI_ENGINE", "").strip().lower()
    if wanted not in ("", *ENGINES):
        raise ImportError(f"GOUJI_ENGINE={wanted!r}: the engine is 'pure' or 'compiled' (unset: compiled when built)")
    have = built()
    if wanted == "compiled" and not have:
        raise ImportError("GOUJI_ENGINE=compiled, but the compiled core is not built in this installation (or its "
                          "sources changed since): reinstall with a C compiler present (pip install -e .), or set "
                          "GOUJI_ENGINE=pure")
    if wanted == "pure" or not have:
        if not any(isinstance(finder, _Sources) for finder in sys.meta_path):
            sys.meta_path.insert(0, _Sources())
        return "pure"
    return "compiled"


def active() -> str:
    """``compiled`` or ``pure``: the engine this process runs."""
    from .components import moves

    return "compiled" if moves.__file__ is not None and not moves.__file__.endswith(".py") else "pure"
