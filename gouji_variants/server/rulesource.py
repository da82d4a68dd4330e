"""A room's rules: a built-in ruleset by id, alias or name, or house rules sent as YAML (untrusted:
compiled as ``gouji validate`` compiles a file, never executed), and what a room shows of them:
the rule card as data, the semantic diff against another ruleset, located diagnostics."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..ruleset.catalog import Catalog, looks_like_path
from ..ruleset.compiler import BASE_ID, compile_path
from ..ruleset.errors import Diagnostic, RulesetError
from ..ruleset.model import Ruleset
from ..ruleset.uploaded import compile_text
from ..ruleset.yamlsource import MAX_BYTES
from ..text import card as card_
from ..text.explain import Lang
from . import rulesdata
from .protocol import ProtocolError

DEFAULT_NAME = "house.yaml"
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,59}\.ya?ml")
#: compiled rulesets kept, by source (a room's rules are compiled again only when it is rebuilt)
CACHE_SIZE = 64


@dataclass(frozen=True)
class RuleSource:
    """Where a room's rules come from: ``ref`` (a built-in) or ``yaml`` (house rules, shown as ``name``)."""

    ref: str | None = None
    yaml: str | None = None
    name: str = DEFAULT_NAME

    @classmethod
    def of(cls, message: dict[str, Any], field: str = "ruleset") -> RuleSource:
        """The source a ``create``, ``rules`` or ``diff`` message names (``field``: its ref's key)."""
        ref, text = message.get(field), message.get("yaml")
        if (ref is None) == (text is None):
            raise ProtocolError("schema", f"give either {field!r} (a ruleset id, alias or name) or 'yaml' "
                                "(house rules)")
        name = message.get("name") or DEFAULT_NAME
        return cls(ref, text, name if _SAFE_NAME.fullmatch(name) else DEFAULT_NAME)

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref} if self.ref is not None else {"yaml": self.yaml, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleSource:
        return cls(data.get("ref"), data.get("yaml"), data.get("name", DEFAULT_NAME))


class _Cache(OrderedDict[Any, Any]):
    """The last :data:`CACHE_SIZE` values put, by key (thread-safe: the service compiles in threads)."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def find(self, key: Any) -> Any:
        with self.lock:
            found = self.get(key)
            if found is not None:
                self.move_to_end(key)
            return found

    def put(self, key: Any, value: Any) -> None:
        with self.lock:
            self[key] = value
            if len(self) > CACHE_SIZE:
                self.popitem(last=False)


class Rulebook:
    """Compiles rule sources against one catalogue, keeping the last :data:`CACHE_SIZE` compiled, and
    what a room shows of them (the card, the resolved rules) by fingerprint. The service does the work
    in threads, one at a time (:attr:`lock`: :meth:`prepare`, :meth:`warm`, :meth:`card_text`), so that
    its event loop only finds what is made already."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog or Catalog.default()
        self._compiled = _Cache()
        self._cards = _Cache()
        self._info = _Cache()
        self.lock = threading.Lock()

    def warm(self) -> None:
        """Read the catalogue and compile 大纲 with its card (the first room's wait, paid at start)."""
        with self.lock:
            self.catalog.entries()
            self.cards(self.base())

    def prepare(self, source: RuleSource) -> Ruleset:
        """Compile ``source`` and make what a room shows of it (in a thread: the loop then finds them)."""
        with self.lock:
            ruleset = self.compile(source)
            self.info(ruleset, source)
            return ruleset

    def card_text(self, ruleset: Ruleset, lang: Lang, fmt: card_.Format) -> str:
        """The rule card rendered (``gouji card``'s output), made under :attr:`lock`."""
        with self.lock:
            return card_.render(card_.build(ruleset, self.base(), lang), fmt)

    def compile(self, source: RuleSource, *, accepted: bool = False) -> Ruleset:
        """The ruleset ``source`` names; ProtocolError ``invalid-rules`` with every diagnostic if none.
        ``accepted``: rules a room already accepted (its stored events, perhaps of an earlier release), not held
        to bounds added since; a source compiled so is compiled again before it is accepted anew."""
        found: tuple[Ruleset, bool] | None = self._compiled.find(source)
        if found is None or (found[1] and not accepted):
            found = self._compile(source, accepted), accepted
            self._compiled.put(source, found)
        return found[0]

    def _compile(self, source: RuleSource, accepted: bool) -> Ruleset:
        try:
            if source.ref is not None:
                if looks_like_path(source.ref):
                    raise ProtocolError("invalid-rules", f"{source.ref!r} is a path: name a built-in ruleset by id, "
                                        "alias or name, or send house rules as 'yaml'")
                return compile_path(self.catalog.find(source.ref), self.catalog, accepted=accepted)
            assert source.yaml is not None
            raw = source.yaml.encode("utf-8", "surrogatepass")
            if len(raw) > MAX_BYTES:
                raise ProtocolError("invalid-rules", f"the house rules are larger than the {MAX_BYTES // 1024} KiB "
                                    "a ruleset may hold")
            return compile_text(source.yaml, source.name, self.catalog, accepted=accepted)  # the sender's name
        except RulesetError as error:
            raise ProtocolError("invalid-rules", error.render(), [diagnostic_json(d) for d in error.diagnostics]) \
                from None

    def base(self) -> Ruleset:
        """大纲, what a rule card measures departures from."""
        return self.compile(RuleSource(BASE_ID))

    def cards(self, ruleset: Ruleset) -> dict[str, Any]:
        """The rule card as data in both languages (kept per fingerprint)."""
        found: dict[str, Any] | None = self._cards.find(ruleset.fingerprint)
        if found is None:
            found = {lang: card_.build(ruleset, self.base(), lang).to_json() for lang in ("zh", "en")}
            self._cards.put(ruleset.fingerprint, found)
        return found

    def info(self, ruleset: Ruleset, source: RuleSource) -> dict[str, Any]:
        """The ``rules`` of a room description (made once per ruleset and kind of source: not to be changed)."""
        key = (ruleset.fingerprint, ruleset.id, ruleset.name_zh, ruleset.name_en, ruleset.description_zh,
               ruleset.description_en, tuple(ruleset.extends), source.ref is None, source.yaml, source.name)
        found: dict[str, Any] | None = self._info.find(key)
        if found is None:
            found = self._info_of(ruleset, source)
            self._info.put(key, found)
        return found

    def _info_of(self, ruleset: Ruleset, source: RuleSource) -> dict[str, Any]:
        return {"id": ruleset.id, "name": {"zh": ruleset.name_zh, "en": ruleset.name_en},
                "description": {"zh": ruleset.description_zh, "en": ruleset.description_en},
                "fingerprint": ruleset.fingerprint, "source": "built-in" if source.ref is not None else "house",
                "extends": list(ruleset.extends), "card": self.cards(ruleset), "resolved": ruleset.resolved(),
                # house rules as sent: the host's editor starts from them, a page diffs them (POST /api/v1/diff)
                **({} if source.yaml is None else {"text": source.yaml, "file": source.name})}


def diagnostic_json(diagnostic: Diagnostic) -> dict[str, Any]:
    """A diagnostic as the protocol's ``error`` carries it: its JSON form, every field a string, rendered too."""
    plain = {key: "" if value is None else value for key, value in diagnostic.to_json().items()}
    return {**plain, "detail": diagnostic.detail, "text": diagnostic.render()}


def diff_json(against: Ruleset, room: Ruleset, lang: str) -> dict[str, Any]:
    """The changes from ``against`` (what the reader usually plays) to the room's rules, each with
    its meaning in ``lang``, and each differing rule's title and meaning in both (``rules``, as the rules
    API's diff has them); no server path."""
    found = rulesdata.diff_json(against, room)
    for side in ("a", "b"):
        found[side].pop("path", None)
    said: Lang = "zh" if lang == "zh" else "en"
    meanings = {rule["rule"]: rule["meaning"][said] for rule in found["rules"]}
    for change in found["changes"]:
        change["meaning"] = meanings[change["rule"]]
    return found
