"""The scene: what a face may state to one seat or a spectator, as typed facts made from that seat's
view only (:mod:`.model`, :mod:`.build`). The terminal and the room protocol write scenes in words."""

from .build import alike, option, options_of, relation, result_of, scene, scene_of, seen_events, untold
from .model import Option, Result, Scene, SeatScene, SeenEvent

__all__ = ["Option", "Result", "Scene", "SeatScene", "SeenEvent", "alike", "option", "options_of", "relation",
           "result_of", "scene", "scene_of", "seen_events", "untold"]
