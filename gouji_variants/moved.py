"""The import paths of 0.2.0 that 0.3.0 moved (docs/architecture.md, CHANGELOG.md).

For one release each old path still imports: it gives the module at its new path, with a
:class:`DeprecationWarning` naming that path. :func:`install` puts the finder first on
:data:`sys.meta_path` when the package is imported.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

#: old module (under ``gouji_variants.``) -> where it lives now
MOVED: dict[str, str] = {
    "behaviour": "text.behaviour",
    "card": "text.card",
    "cards": "ruleset.cards",
    "catalog": "ruleset.catalog",
    "compiler": "ruleset.compiler",
    "diff": "text.diff",
    "docgen": "text.docgen",
    "earlier": "ruleset.earlier",
    "engine.advice": "agents.base",
    "engine.agents": "agents.basic",
    "engine.cluster": "runs.cluster",
    "engine.heuristic": "agents.heuristic",
    "engine.hints": "agents.hints",
    "engine.invariants": "runs.invariants",
    "engine.menu": "terminal.menu",
    "engine.moves": "components.moves",
    "engine.offers": "agents.offers",
    "engine.parallel": "runs.parallel",
    "engine.plan": "agents.plan",
    "engine.players": "agents.registry",
    "engine.reading": "agents.reading",
    "engine.record": "records.record",
    "engine.recordfile": "records.files",
    "engine.search": "agents.search",
    "engine.simulate": "runs.simulate",
    "engine.terminal": "terminal.play",
    "engine.view": "terminal.render",
    "engine.viewer": "terminal.replay",
    "engine.worlds": "agents.worlds",
    "errors": "ruleset.errors",
    "example_check": "text.check",
    "examples": "ruleset.examples",
    "explain": "text.explain",
    "expressions": "ruleset.expressions",
    "grammar": "ruleset.grammar",
    "judge": "text.judge",
    "listing": "cli.listing",
    "lookalike": "ruleset.lookalike",
    "resources": "ruleset.resources",
    "rules": "ruleset.rules",
    "schema": "ruleset.schema",
    "textfit": "text.fit",
    "versions": "ruleset.versions",
    "yamlsource": "ruleset.yamlsource",
}
_PREFIX = "gouji_variants."


class _Forward(importlib.abc.Loader):
    """Loads an old path as a module that forwards every attribute to the module at its new path."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        target = importlib.import_module(self.new)
        alias = ModuleType(spec.name, target.__doc__)
        alias.__dict__["__getattr__"] = lambda name: getattr(target, name)
        alias.__dict__["__dir__"] = lambda: dir(target)
        alias.__dict__["__all__"] = getattr(target, "__all__", [n for n in dir(target) if not n.startswith("_")])
        return alias

    def exec_module(self, module: ModuleType) -> None:
        return None


class _Moved(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        old = name[len(_PREFIX):] if name.startswith(_PREFIX) else None
        if old not in MOVED:
            return None
        new = _PREFIX + MOVED[old]
        warnings.warn(f"{name} moved to {new} in 0.3.0; the old path goes in 0.4.0", DeprecationWarning,
                      stacklevel=2)
        return importlib.machinery.ModuleSpec(name, _Forward(new))


def install() -> None:
    """Make the old paths importable (once per process)."""
    if not any(isinstance(finder, _Moved) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Moved())
