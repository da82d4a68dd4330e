"""Finding rulesets: by id, alias, Chinese or English name, or path.

The search path is the ``--rulesets-dir`` folders, then ``GOUJI_RULESETS_PATH``
(separated like ``PATH``), then the built-in rulesets; the first match wins.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Diagnostic, Mark, RulesetError
from .resources import RULESETS_DIR
from .yamlsource import load

ENV_VAR = "GOUJI_RULESETS_PATH"
SUFFIXES = (".yaml", ".yml")


def expand(path: Path) -> Path:
    """``~`` and ``~user`` expanded where they name a home folder; otherwise the path as written."""
    try:
        return path.expanduser()
    except RuntimeError:  # '~x.yaml' where no user x exists is a file name
        return path


def looks_like_path(ref: str) -> bool:
    return ref.endswith(SUFFIXES) or "/" in ref or os.sep in ref


@dataclass(frozen=True)
class Entry:
    """What the catalogue knows of one ruleset file without compiling it."""

    path: Path
    id: str
    names: tuple[str, ...]  # id, aliases, Chinese and English names


@dataclass
class Catalog:
    dirs: tuple[Path, ...]
    _entries: list[Entry] | None = field(default=None, repr=False)
    #: Why each ruleset file the catalogue could not read was skipped (filled by :meth:`entries`).
    skipped: list[Diagnostic] = field(default_factory=list, repr=False)

    @classmethod
    def default(cls, extra: Sequence[Path] = ()) -> Catalog:
        env = [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
        dirs: list[Path] = []
        for folder in [*extra, *env, RULESETS_DIR]:
            resolved = expand(folder).resolve()
            if resolved not in dirs:
                dirs.append(resolved)
        return cls(tuple(dirs))

    def files(self) -> list[Path]:
        """The ruleset files of the folders, in order (anything named *.yaml that is not a folder)."""
        found: list[Path] = []
        for folder in self.dirs:
            try:
                found += sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and not p.is_dir())
            except OSError as error:
                if folder.exists():
                    why = f"cannot list the folder: {error.strerror}"
                    self.skipped.append(Diagnostic(Mark(str(folder), 1, 1), why))
        return found

    def entries(self) -> list[Entry]:
        """One entry per readable ruleset file; a file that cannot be read is skipped, the reason kept in
        :attr:`skipped`, so that one bad file never takes the catalogue down. Files that read but do not
        compile are entries: they are reported when used."""
        if self._entries is None:
            entries: list[Entry] = []
            for path in self.files():
                try:
                    data = load(path).data
                except RulesetError as error:
                    self.skipped.append(error.diagnostics[0])
                    continue
                if not isinstance(data, dict) or not isinstance(data.get("id"), str):
                    self.skipped.append(Diagnostic(Mark(str(path), 1, 1), "no 'id' at the top of the file"))
                    continue
                names = [data["id"], *[a for a in data.get("aliases") or [] if isinstance(a, str)]]
                name = data.get("name")
                if isinstance(name, dict):
                    names += [v for v in name.values() if isinstance(v, str)]
                entries.append(Entry(path, data["id"], tuple(names)))
            self._entries = entries
        return self._entries

    def find(self, ref: str, *, mark: Mark | None = None, chain: tuple[str, ...] = ()) -> Path:
        """The file ``ref`` names; raises :class:`RulesetError` (located at ``mark``) when none does."""
        if looks_like_path(ref):
            path = expand(Path(ref))
            if path.exists() and not path.is_dir():  # loading refuses what is not a regular file, saying why
                return path.absolute()
            raise RulesetError.at(mark or Mark(ref, 1, 1), f"no ruleset file {ref!r}", chain=chain)
        folded = ref.casefold()
        for exact in (True, False):
            for entry in self.entries():
                if (entry.id == ref) if exact else any(n.casefold() == folded for n in entry.names):
                    return entry.path
        known = [name for entry in self.entries() for name in entry.names]
        close = difflib.get_close_matches(ref, known, n=9, cutoff=0.5)
        close = [c for i, c in enumerate(close) if c.casefold() not in {d.casefold() for d in close[:i]}][:3]
        hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else "run 'gouji list' to see the rulesets"
        raise RulesetError.at(mark or Mark("<command line>", 1, 1), f"no ruleset named {ref!r}", hint=hint, chain=chain)

    def inside(self, path: Path, base: Path) -> bool:
        """Whether ``path`` lies in ``base``'s folder or one of the ruleset folders."""
        roots = [base.parent.resolve(), *self.dirs]
        return any(path == root or root in path.parents for root in roots)
