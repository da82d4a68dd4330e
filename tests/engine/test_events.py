"""Events (engine/events.py, a compiled class under the compiled core) behave as the frozen
dataclass they were: immutable, equal and hashed by their fields, printed field by field, copied
and pickled whole."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from gouji_variants.components.notes import Mark, WentOut
from gouji_variants.engine import PASS, Event, Play


def test_events_are_values() -> None:
    notes = (Mark.JIEFENG, WentOut(1))
    event = Event(1, Play("33"), notes)
    assert event == Event(1, Play("33"), notes)
    assert hash(event) == hash(Event(1, Play("33"), (Mark.JIEFENG, WentOut(1))))
    assert event != Event(1, Play("33"), notes, forced=True)
    assert event != (1, Play("33"), notes, False, False)
    fields = (event.seat, event.action, event.notes, event.forced, event.private)
    assert fields == (1, Play("33"), notes, False, False)
    assert repr(event) == ("Event(seat=1, action=Play('33'), notes=(Mark(text='接风'), WentOut(place=1)), "
                           "forced=False, private=False)")
    assert pickle.loads(pickle.dumps(event)) == event == copy.deepcopy(event)
    assert Event(-1, None) == Event(-1, None, (), False, False) and Event(2, PASS, private=True).private


def test_events_cannot_be_changed() -> None:
    event = Event(0, PASS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        del event.notes
    with pytest.raises((AttributeError, TypeError)):
        event.extra = 1
    assert event == Event(0, PASS)
