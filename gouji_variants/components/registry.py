"""Components by name: the built-in component of each replaceable rule area, named like its
section, and third-party ones that packages register in the ``gouji_variants.components``
entry-point group (``importlib.metadata``).

A ruleset never carries code: its top-level ``components:`` mapping names a replacement by
its registered name (``components: {tribute: my-tribute}``); the compiler checks the name
and the game calls the chosen component. The replaceable areas are the outcome policies a
house rule most often changes (:data:`REPLACEABLE`): places, score and tribute. A
replacement is an object, usually a module, with an optional ``SECTION`` attribute naming its
area and any of the functions of that area's protocol below; those it leaves out are the
built-in ones. A package registers one in its ``pyproject.toml``::

    [project.entry-points."gouji_variants.components"]
    my-tribute = "my_package.tribute"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from types import SimpleNamespace
from typing import Any, Protocol

from ..rules import Places, Score, Tribute
from . import places, score, tribute
from .tribute import BurnDue, Due

GROUP = "gouji_variants.components"


class PlacesComponent(Protocol):
    def assign(self, finished: list[int], bottom: list[int], revolutionaries: list[int], rule: Places,
               men: Sequence[int] = ..., men_places: Sequence[int] = ...) -> list[int]: ...

    def zhixi(self, rule: Places, first_out: int, in_play: Sequence[bool], played: Sequence[bool]) -> list[int]: ...


class ScoreComponent(Protocol):
    def recorded(self, places: list[int], rule: Score, one_run: bool = ...) -> tuple[int, int]: ...

    def one_run(self, rule: Score, seat: int, played: Sequence[bool], finished: int) -> bool: ...


class TributeComponent(Protocol):
    def dues(self, rule: Tribute, places: Sequence[int], burns: Sequence[BurnDue],
             owed: Sequence[Due] = ...) -> list[Due]: ...

    def pay(self, hand: Sequence[int], received: Sequence[int], count: int) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Components:
    """The components a game calls, one per replaceable rule area."""

    places: PlacesComponent
    score: ScoreComponent
    tribute: TributeComponent


DEFAULT = Components(places, score, tribute)
#: rule area -> its protocol; the built-in components are :data:`DEFAULT`'s.
PROTOCOLS: dict[str, type] = {"places": PlacesComponent, "score": ScoreComponent, "tribute": TributeComponent}
REPLACEABLE = tuple(PROTOCOLS)


class UnknownComponent(LookupError):
    """A ruleset names a component that is not registered for that rule area."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


def registered() -> dict[str, metadata.EntryPoint]:
    """Third-party components by name, as installed packages register them."""
    return {entry.name: entry for entry in metadata.entry_points(group=GROUP)}


def load(section: str, name: str) -> Any:
    """The component ``name`` for ``section``: the built-in one when ``name`` is the section's
    own name, else the registered one; :class:`UnknownComponent` says why not."""
    if name == section:
        return getattr(DEFAULT, section)
    entries = registered()
    if name not in entries:
        known = ", ".join([f"{section} (built-in)", *sorted(entries)])
        raise UnknownComponent(f"unknown component {name!r} for {section}",
                               f"registered: {known}; a package registers one in the {GROUP!r} entry-point group")
    try:
        component = entries[name].load()
    except Exception as error:  # third-party code: report it, never a traceback
        raise UnknownComponent(f"component {name!r} failed to load: {error}") from error
    declared = getattr(component, "SECTION", section)
    if declared != section:
        raise UnknownComponent(f"component {name!r} is for {declared}, not {section}")
    return component


def resolve(chosen: Mapping[str, str]) -> Components:
    """The components a ruleset's ``components:`` mapping names (the built-in ones elsewhere)."""
    if not chosen:
        return DEFAULT
    parts: dict[str, Any] = {}
    for section, protocol in PROTOCOLS.items():
        builtin = getattr(DEFAULT, section)
        component = load(section, chosen.get(section, section))
        functions = [name for name in vars(protocol) if not name.startswith("_")]
        parts[section] = builtin if component is builtin else SimpleNamespace(
            **{function: getattr(component, function, getattr(builtin, function)) for function in functions})
    return Components(**parts)
