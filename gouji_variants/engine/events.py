"""What happened at a decision: :class:`Event`, the entries of a game's log.

A compiled class under the compiled core (one or two events are made at every decision, and a
frozen dataclass's ``__init__`` sets its fields one attribute look-up at a time): immutable
all the same, equal when its fields are, and printed as a dataclass is.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, final

if TYPE_CHECKING:
    from ..components.notes import Note
    from .actions import Action


@final
class Event:
    """What happened: ``seat`` took ``action`` (None for the engine's own steps, such as paying
    tribute), ``forced`` when it was the only legal action, notes such as ``接风``, and
    ``private`` when only ``seat`` may know it (declining a burn or a 革命 reveals the hand)."""

    __slots__ = ("seat", "action", "notes", "forced", "private")

    seat: int
    action: Action | None
    notes: tuple[Note, ...]
    forced: bool
    private: bool

    def __init__(self, seat: int, action: Action | None, notes: tuple[Note, ...] = (), forced: bool = False,
                 private: bool = False) -> None:
        object.__setattr__(self, "seat", seat)  # (compiled: a field written directly)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "forced", forced)
        object.__setattr__(self, "private", private)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _fields(self) -> tuple[int, Action | None, tuple[Note, ...], bool, bool]:
        return self.seat, self.action, self.notes, self.forced, self.private

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Event(seat={self.seat!r}, action={self.action!r}, notes={self.notes!r}, forced={self.forced!r}, "
                f"private={self.private!r})")

    def __reduce__(self) -> tuple[type[Event], tuple[int, Action | None, tuple[Note, ...], bool, bool]]:
        return Event, self._fields()
