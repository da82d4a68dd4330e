"""Components by name: the built-in component of each rule area, named like its section, and
third-party ones that packages register in the ``gouji_variants.components`` entry-point group
(``importlib.metadata``). See docs/components.md.

A ruleset never carries code: its top-level ``components:`` mapping names a replacement by
its registered name (``components: {burning: my-burning}``); the compiler checks the name
and the game calls the chosen component. Every area of :data:`REPLACEABLE` may be replaced,
in one of two forms:

* a **policy**: an object, usually a module, with an optional ``SECTION`` attribute naming its
  area and any of the functions of that area's protocol in :data:`PROTOCOLS` (places, score,
  tribute, gouji); those it leaves out are the built-in ones;
* an **area class**: a subclass of the area's built-in class (:data:`AREAS`: burning, turns,
  kaidian, …) overriding its named hooks, holding the area's state and flow in a game.

A package registers one in its ``pyproject.toml``::

    [project.entry-points."gouji_variants.components"]
    my-tribute = "my_package.tribute"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import metadata
from types import SimpleNamespace
from typing import Any

from . import (
    bie3,
    burning,
    deck,
    first_player,
    gouji,
    hui3,
    kaidian,
    moves,
    penalties,
    places,
    plays,
    reporting,
    revolution,
    score,
    tribute,
    turns,
)
from .protocols import (
    DeckComponent,
    FirstPlayerComponent,
    GoujiComponent,
    PlacesComponent,
    PlaysComponent,
    ScoreComponent,
    TributeComponent,
)
from .table import Area

GROUP = "gouji_variants.components"


#: rule area -> the built-in class holding its state and flow in a game (a replacement subclasses it).
AREAS: dict[str, type[Area]] = {
    "tribute": tribute.TributeArea, "revolution": revolution.RevolutionArea, "bie3": bie3.Bie3Area,
    "hui3": hui3.Hui3Area, "kaidian": kaidian.KaidianArea, "turns": turns.TurnsArea,
    "reporting": reporting.ReportingArea, "burning": burning.BurningArea, "penalties": penalties.PenaltiesArea,
    "places": places.PlacesArea,
}


@dataclass(frozen=True)
class Components:
    """The components a game calls: a policy per policy area, the class of every flow area, and the
    areas the ruleset replaced (the engine checks what their rules allow: :mod:`.checked`)."""

    places: PlacesComponent
    score: ScoreComponent
    tribute: TributeComponent
    gouji: GoujiComponent
    deck: DeckComponent
    first_player: FirstPlayerComponent
    plays: PlaysComponent
    areas: Mapping[str, type[Area]]
    replaced: frozenset[str] = frozenset()


#: the built-in ``plays`` policy: the plays module's rules and the move generator
PLAYS = SimpleNamespace(classify=plays.classify, beats=plays.beats, moves_for=moves.moves_for)
DEFAULT = Components(places, score, tribute, gouji, deck, first_player, PLAYS, AREAS)
#: policy area -> its protocol; the built-in policies are :data:`DEFAULT`'s.
PROTOCOLS: dict[str, type] = {"places": PlacesComponent, "score": ScoreComponent, "tribute": TributeComponent,
                              "gouji": GoujiComponent, "deck": DeckComponent, "first_player": FirstPlayerComponent,
                              "plays": PlaysComponent}
#: every rule area a ruleset's ``components:`` may replace.
REPLACEABLE = tuple(sorted({*PROTOCOLS, *AREAS}))


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
        return AREAS[section] if section not in PROTOCOLS else getattr(DEFAULT, section)
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
    if isinstance(component, type):
        if section not in AREAS or not issubclass(component, AREAS[section]):
            base = f"{AREAS[section].__module__}.{AREAS[section].__name__}" if section in AREAS else None
            raise UnknownComponent(f"component {name!r} is a class, but not a subclass of the {section} area "
                                   f"class{f' {base}' if base else ' (this area takes a policy, not a class)'}")
    elif section not in PROTOCOLS:
        raise UnknownComponent(f"component {name!r} for {section} must be a subclass of "
                               f"{AREAS[section].__module__}.{AREAS[section].__name__}")
    return component


def resolve(chosen: Mapping[str, str]) -> Components:
    """The components a ruleset's ``components:`` mapping names (the built-in ones elsewhere)."""
    if not chosen:
        return DEFAULT
    parts: dict[str, Any] = {}
    areas = dict(AREAS)
    for section in REPLACEABLE:
        component = load(section, chosen.get(section, section))
        if isinstance(component, type):
            areas[section] = component
            component = getattr(DEFAULT, section, None)
        if section in PROTOCOLS:
            builtin = getattr(DEFAULT, section)
            functions = [name for name in vars(PROTOCOLS[section]) if not name.startswith("_")]
            parts[section] = builtin if component is builtin else SimpleNamespace(
                **{function: getattr(component, function, getattr(builtin, function)) for function in functions})
    replaced = frozenset(section for section, name in chosen.items() if name != section)
    return Components(**parts, areas=areas, replaced=replaced)
