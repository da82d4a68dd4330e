"""Compiling a ruleset that arrived as text (a request body, an upload), never as a file of the machine.

The text is written to a private temporary folder under a cleaned file name and compiled there with the
same limits and located diagnostics as ``gouji validate``. ``extends`` reaches the catalogue's rulesets (by
id, alias or name, or a path inside the ruleset folders), never another file of the machine. Every mark the
result or its errors carry names a file by its base name only (``house.yaml:3:5``, ``dagang.yaml:40:3``),
so no folder of the machine is shown.
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
from pathlib import Path
from types import MappingProxyType

from .catalog import Catalog
from .compiler import compile_path
from .errors import Diagnostic, Mark, RulesetError
from .model import Ruleset

DEFAULT_NAME = "house-rules.yaml"
_UNSAFE = re.compile(r"[^\w.\-]+")


def clean_name(name: str) -> str:
    """A file name safe to write and to show: word characters, dots and hyphens, at most 60 of them,
    ending ``.yaml`` (``../x`` becomes ``x.yaml``)."""
    stem = _UNSAFE.sub("-", Path(name.replace("\\", "/")).name).strip(".-")[:55]
    stem = stem.removesuffix(".yaml").removesuffix(".yml").strip(".-")
    return f"{stem}.yaml" if stem else DEFAULT_NAME


def _short(mark: Mark) -> Mark:
    return dataclasses.replace(mark, file=Path(mark.file).name or mark.file)


def _shown(diagnostic: Diagnostic) -> Diagnostic:
    return dataclasses.replace(diagnostic, mark=_short(diagnostic.mark),
                               chain=tuple(Path(link).name or link for link in diagnostic.chain))


def compile_text(text: str, name: str = DEFAULT_NAME, catalog: Catalog | None = None, *,
                 accepted: bool = False) -> Ruleset:
    """The ruleset ``text`` holds, as if it were the file ``name``; raises :class:`RulesetError` with every
    problem (marks on base names only). ``accepted``: rules a release accepted (a stored room's), not held to
    bounds added since (:func:`~gouji_variants.ruleset.compiler.compile_data`)."""
    catalog = catalog or Catalog.default()
    shown = clean_name(name)
    with tempfile.TemporaryDirectory(prefix="gouji-upload-") as folder:
        path = Path(folder) / shown
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            ruleset = compile_path(path, catalog, accepted=accepted)
        except RulesetError as error:
            raise RulesetError([_shown(d) for d in error.diagnostics]) from None
    provenance = {key: _short(mark) for key, mark in ruleset.provenance.items()}
    return dataclasses.replace(ruleset, path=Path(shown), provenance=MappingProxyType(provenance),
                               warnings=tuple(_shown(d) for d in ruleset.warnings))
