"""What a seat is told in words, in Chinese and English (docs/protocol.md): the engine's events of
each applied action as the receiver may see them, the confirmation an action asks for before it is
sent (as the terminal table asks), and the heuristic bot's hint."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import groupby
from typing import Any

from ..agents.hints import advise
from ..agents.registry import make_agent
from ..components.notes import TributeReturned
from ..engine.game import Game
from ..ruleset.cards import Cards
from ..ruleset.rules import Burning
from ..scene import Scene, SeenEvent, scene_of
from ..terminal.effects import chosen_option, confirmation, effects
from ..terminal.render import Words
from ..text.events import event_notes, seat_words
from ..text.explain import Lang
from .statejson import action_json

LANGS: tuple[Lang, ...] = ("zh", "en")
#: a card's Chinese name where its notation is not one (10, the jokers)
NAMES_ZH = {"T": "10", "B": "小王", "R": "大王", "W": "王中王"}


def named(notation: str) -> str:
    """Cards by their Chinese names, as a Chinese reader reads them: ``3张8、小王`` for ``888B``."""
    groups = [(symbol, len(list(run))) for symbol, run in groupby(str(notation))]
    return "、".join(f"{count}张{NAMES_ZH.get(symbol, symbol)}" if count > 1 else NAMES_ZH.get(symbol, symbol)
                    for symbol, count in groups)


class NamedWords(Words):
    """The terminal's words, cards by their Chinese names under Chinese (the page shows notation only where
    one types it)."""

    def cards(self, cards: Cards | str) -> str:
        return named(str(cards)) if self.lang == "zh" else super().cards(cards)

    def hand(self, cards: Cards) -> str:
        return named(str(cards)) if self.lang == "zh" else super().hand(cards)


def last_json(last: dict[str, Any] | None, seen: Sequence[SeenEvent]) -> dict[str, Any] | None:
    """The action that led to a state (``last``), as the receiver may see it (``seen``: the state's events as
    it sees them, :func:`~..scene.seen_events`): None for a 还贡 between two other seats (its cards are
    theirs; its event says it happened and how many cards)."""
    if last is None or any(event.seat == last["seat"] and event.action is None
                           and any(isinstance(note, TributeReturned) for note in event.notes) for event in seen):
        return None
    return last


#: marks a seat in a note rendered to be split (:func:`note_parts`); the engine's notes never hold it
SEAT_MARK = "\x00"


def note_parts(event: SeenEvent, lang: Lang) -> tuple[list[str], list[list[str | int]]]:
    """``event``'s notes in ``lang`` (:func:`~..text.events.event_notes`, seats as ``3号位``) and the same
    notes split round the seats they name: text, and each seat as its number, for a client that names a
    seat its own way (the page: by player, and as 你 / 对头 / 联邦 / 对手)."""
    marked = event_notes(event, lang, who=lambda seat: f"{SEAT_MARK}{seat}{SEAT_MARK}",
                         cards=named if lang == "zh" else str)
    words = seat_words(lang)
    split = [note.split(SEAT_MARK) for note in marked]
    return (["".join(words(int(piece)) if index % 2 else piece for index, piece in enumerate(pieces))
             for pieces in split],
            [[int(piece) if index % 2 else piece for index, piece in enumerate(pieces) if index % 2 or piece]
             for pieces in split])


def events_json(seen: Sequence[SeenEvent]) -> list[dict[str, Any]]:
    """The events as the receiver sees them (``seen``: :func:`~..scene.seen_events`), each ``{seat, action,
    forced, notes: {zh, en}, parts: {zh, en}}`` (:func:`note_parts`)."""
    made = []
    for event in seen:
        said = {lang: note_parts(event, lang) for lang in LANGS}
        made.append({"seat": event.seat, "action": None if event.action is None else action_json(event.action),
                     "forced": event.forced, "notes": {lang: said[lang][0] for lang in LANGS},
                     "parts": {lang: said[lang][1] for lang in LANGS}})
    return made


def confirmations(found: Scene, rule: Burning) -> list[dict[str, str] | None]:
    """For each of the scene's options (the receiver's legal actions), the question to ask before sending it
    (``{zh, en}``: 革命, 挑牌, a play that ranks the seat at once, a burn the hand cannot keep), or None:
    :func:`~..terminal.effects.confirmation` (``rule``: the burn's condition)."""
    asked: list[dict[str, str] | None] = []
    for chosen in found.options:
        english = confirmation(chosen, found, rule, Words("en"))
        asked.append(None if english is None else {"zh": confirmation(chosen, found, rule, NamedWords("zh")) or english,
                                                   "en": english})
    return asked


def hint(game: Game, seed: int) -> dict[str, Any]:
    """The heuristic bot's choice for the seat to act, with its reason (from that seat's view only) and what
    the option does as the seat's scene states it (``effects``, :func:`~..terminal.effects.effects`)."""
    advice = advise(make_agent("heuristic"), game.view(), random.Random(seed))
    chosen = chosen_option(scene_of(game, game.turn), advice.action)
    return {"action": action_json(advice.action), "reason": {lang: advice.reason(lang) for lang in LANGS},
            "effects": {lang: effects(chosen, game.turn, NamedWords(lang)) for lang in LANGS}}
