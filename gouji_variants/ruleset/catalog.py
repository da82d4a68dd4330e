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

from . import cities
from .cities import City
from .errors import NOWHERE, Diagnostic, Mark, RulesetError
from .resources import RULESETS_DIR
from .rules import SECTION_TITLES
from .yamlsource import load

ENV_VAR = "GOUJI_RULESETS_PATH"
BASE = "dagang"  # the standard rules
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
    kind: str = ""  # 'ruleset' or 'option-pack' as the file says (checked when it is compiled)
    region: str = ""
    title: str = ""  # the Chinese name

    def in_city(self, city: City) -> bool:
        return self.region.startswith(city.zh) or any(name.startswith(city.zh) for name in self.names[1:])


@dataclass
class Catalog:
    dirs: tuple[Path, ...]
    _entries: list[Entry] | None = field(default=None, repr=False)
    #: Why each ruleset file the catalogue could not read was skipped (filled by :meth:`entries`).
    skipped: list[Diagnostic] = field(default_factory=list, repr=False)
    #: A warning for each file whose id an earlier file in the search path already has (filled by :meth:`entries`):
    #: the id names the earlier file (the other is still found by its other names); the warning names both.
    shadowed: list[Diagnostic] = field(default_factory=list, repr=False)
    #: What a lookup chose for the user where a name could mean more than one ruleset (a city with several),
    #: in English and Chinese, by city: at most one note per city however often it is looked up (filled by
    #: :meth:`find`).
    notes: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)

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
                    doc = load(path)
                    data = doc.data
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
                first = next((entry for entry in entries if entry.id == data["id"]), None)
                if first is not None:  # still found by its other names, never by the id
                    self.shadowed.append(_shadowed(first.path, path, data["id"], doc.mark("/id")))
                kind, region = data.get("kind"), data.get("region")
                title = name.get("zh") if isinstance(name, dict) else None
                entries.append(Entry(path, data["id"], tuple(names), *(v if isinstance(v, str) else ""
                                                                       for v in (kind, region, title))))
            self._entries = entries
        return self._entries

    def find(self, ref: str, *, mark: Mark | None = None, chain: tuple[str, ...] = (), kind: str | None = None) -> Path:
        """The file ``ref`` names (an id, alias, name, city or path); raises :class:`RulesetError` (located at
        ``mark``, else at no place) when none does, suggesting names of rulesets of ``kind`` only when given."""
        if looks_like_path(ref):
            path = expand(Path(ref))
            if path.exists() and not path.is_dir():  # loading refuses what is not a regular file, saying why
                return path.absolute()
            raise RulesetError.at(mark or NOWHERE, f"no ruleset file {ref!r}", chain=chain,
                                  zh=f"没有规则文件 {ref!r}")
        folded = ref.casefold()
        city = cities.named(ref)
        found = next((entry for entry in self.entries() if entry.id == ref), None) or next(
            (entry for entry in self.entries() if any(n.casefold() == folded for n in entry.names)), None)
        if found is None and city is not None:
            found = next((entry for entry in self.entries() if entry.in_city(city)), None)
            if found is None:
                raise self._no_city(city, mark, chain)
        if found is not None:
            if city is not None:
                self._note_others(city, found)
            return found.path
        raise self._unknown(ref, mark, chain, kind)

    def _note_others(self, city: City, chosen: Entry) -> None:
        """A note naming the ruleset a name of ``city`` chose, and how to name the city's others."""
        others = [entry for entry in self.entries() if entry.in_city(city) and entry is not chosen]
        if others:
            ways = "; ".join(f"{e.id} ({', '.join(n for n in e.names[1:3] if n != e.id)})" for e in others)
            title = chosen.title or chosen.id
            self.notes[city.zh] = (f"{city.zh} means {chosen.id} ({title}); {city.zh} has more: {ways}",
                                   f"{city.zh}指 {chosen.id}（{title}）；{city.zh}还有：{ways}")

    def _no_city(self, city: City, mark: Mark | None, chain: tuple[str, ...]) -> RulesetError:
        having = [f"{c.zh} ({', '.join(e.id for e in self.entries() if e.in_city(c))})"
                  for c in cities.CITIES if any(e.in_city(c) for e in self.entries())]
        return RulesetError.at(
            mark or NOWHERE, f"{city} has no ruleset; cities with rulesets: {', '.join(having)}", chain=chain,
            hint=f"the standard rules are {BASE}; write {city.zh}'s own by extending it",
            zh=f"{city.zh}没有规则集；有规则集的城市：{'、'.join(having)}",
            hint_zh=f"标准规则是 {BASE}（够级大纲）；可在它的基础上写{city.zh}自己的规则")

    def _unknown(self, ref: str, mark: Mark | None, chain: tuple[str, ...], kind: str | None) -> RulesetError:
        """No ruleset named ``ref``: the close names among rulesets of ``kind``, else what there is."""
        entries = [entry for entry in self.entries() if kind is None or entry.kind == kind]
        known = [name for entry in entries for name in entry.names]
        close = difflib.get_close_matches(ref, known, n=9, cutoff=0.5)
        close = [c for i, c in enumerate(close) if c.casefold() not in {d.casefold() for d in close[:i]}][:3]
        what = {"option-pack": ("option packs", "选项包"), "ruleset": ("rulesets", "规则集")}.get(kind or "",
                                                                                         ("rulesets", "规则集"))
        area = next((name for name, titles in SECTION_TITLES.items()
                     if ref.casefold() in (name, titles[0], titles[1].casefold())), None)
        if area is not None:
            hint = f"{ref} is a rule area ({area}), not a ruleset: set its rules in your file, e.g. '{area}:'"
            hint_zh = f"{ref}是规则的一部分（{area}），不是规则集：在你的文件里写 '{area}:' 下的规则"
        elif close:
            hint = f"did you mean {', '.join(repr(c) for c in close)}?"
            hint_zh = f"是不是 {'、'.join(repr(c) for c in close)}？"
        else:
            ids = ", ".join(entry.id for entry in entries)
            hint, hint_zh = f"the {what[0]}: {ids}", f"可用的{what[1]}：{ids}"
        return RulesetError.at(mark or NOWHERE, f"no ruleset named {ref!r}", hint=hint, chain=chain,
                               zh=f"没有名为 {ref!r} 的规则集", hint_zh=hint_zh)

    def inside(self, path: Path, base: Path) -> bool:
        """Whether ``path`` lies in ``base``'s folder or one of the ruleset folders."""
        roots = [base.parent.resolve(), *self.dirs]
        return any(path == root or root in path.parents for root in roots)


def _shadowed(used: Path, other: Path, ruleset_id: str, mark: Mark) -> Diagnostic:
    """Two files with one id: the first in the search path is used, the other only by its path."""
    return Diagnostic(mark, f"two files have the id {ruleset_id!r}: {used} is used, {other} is not (name it by its "
                      "path, or give it another id)", "/id", severity="warning",
                      zh=f"两个文件的 id 都是 {ruleset_id!r}：用的是 {used}，不用 {other}"
                      "（可用路径指定它，或给它另起 id）")
