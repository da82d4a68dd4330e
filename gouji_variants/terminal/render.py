"""The table in words, for ``gouji play`` and the record viewer: English or Chinese, coloured on a
terminal, every line within 80 columns."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import click

from ..components.notes import Mark, TributePaid
from ..components.turns import duitou
from ..engine.actions import Action, Burn, Hui3, Play, Return, describe, verb_of
from ..engine.events import Event
from ..engine.game import Game, tribute_name
from ..ruleset.cards import RANK_SYMBOLS, Cards
from ..ruleset.rules import PLACE_NAMES, Burning
from ..ruleset.vocabulary import HUI3_CHOICES, VERB_NAMED, Label
from ..scene import Result, Scene, SeatScene, SeenEvent, scene_of, seen_events
from ..scene.model import Untold
from ..text.events import event_notes, ordinal
from ..text.explain import Lang
from ..text.fit import KEEP, fit


def colour_wanted(stream_is_terminal: bool) -> bool:
    """Colour on a terminal unless ``NO_COLOR`` is set (https://no-color.org)."""
    return stream_is_terminal and not os.environ.get("NO_COLOR")


@dataclass(frozen=True)
class Words:
    """The language and colour of one session."""

    lang: Lang = "en"
    colour: bool = False

    def __call__(self, en: str, zh: str) -> str:
        return zh if self.lang == "zh" else en

    def label(self, label: Label) -> str:
        return label(self.lang)

    def style(self, text: str, **style: object) -> str:
        return click.style(text, **style) if self.colour else text  # type: ignore[arg-type]

    def cards(self, cards: Cards | str) -> str:
        """Card notation, jokers in red."""
        text = str(cards)
        if not self.colour:
            return text
        return "".join(self.style(symbol, fg="red", bold=True) if symbol in "BR" else symbol for symbol in text)

    def hand(self, cards: Cards) -> str:
        """A hand sorted and grouped by rank: ``333 44 8 KK 2 B R``."""
        groups = [RANK_SYMBOLS[rank] * count for rank, count in enumerate(cards.counts) if count]
        return " ".join(self.cards(group) for group in groups) or "-"

    def who(self, seat: int, me: int | None) -> str:
        """``seat 3 (your 对头)``; ``you``; with no seat of one's own, ``seat 3``."""
        if me is None:
            return self(f"seat {seat}", f"{seat}号位")
        if seat == me:
            return self.style(self("you", "你"), bold=True)
        if seat == duitou(me):
            relation = self("your 对头", "对头")
        elif seat % 2 == me % 2:
            relation = self("team-mate", "联邦")
        else:
            relation = self("opponent", "对手")
        return self(f"seat {seat} ({relation})", f"{seat}号位（{relation}）")

    def action(self, action: Action | None) -> str:
        """``88B``, ``pass``, ``burns with 2R`` …, in the session's language."""
        if action is None:
            return describe(action)
        if isinstance(action, Play):
            return self.cards(action.cards)
        said = self.label(VERB_NAMED[verb_of(action)].said)
        if isinstance(action, (Burn, Return)):
            return f"{said} {self.cards(action.cards)}"
        if isinstance(action, Hui3):
            taken = HUI3_CHOICES[action.which]
            return self(f"takes out the {taken.en} (会3)", f"会{taken.zh}")
        return said

    def join(self, items: Iterable[str]) -> str:
        """``1, 2, 3`` / ``1、2、3``."""
        return self(", ", "、").join(items)

    def seats(self, seats: Iterable[int]) -> str:
        """``1, 2, 3`` / ``1、2、3号位``; ``nobody`` / ``无人`` when none."""
        listed = self.join(map(str, seats))
        return (listed + self("", "号位")) if listed else self("nobody", "无人")

    def notes(self, event: Event | SeenEvent, me: int | None) -> list[str]:
        """``event``'s notes in the session's language, seats as ``me`` sees them (text.events)."""
        return event_notes(event, self.lang, lambda seat: self.who(seat, me), self.cards)


def event_lines(events: Sequence[Event], me: int | None, yudian: bool, words: Words) -> list[str]:
    """The lines of ``events`` as ``me`` may see them (None: every seat, the all-hands view of a record;
    ``yudian``: before the cards are seen): the scene's :func:`~..scene.seen_events` in words."""
    return [event_text(event, me, words) for event in seen_events(events, me, yudian, every=me is None)]


def event_text(event: SeenEvent, me: int | None, words: Words) -> str:
    """One line of what happened, with the engine's notes (烧牌, 解烧, 接风, goes out 1st …)."""
    notes = words.notes(event, me)
    if event.action is None and event.notes and isinstance(event.notes[0], TributePaid):
        return "  " + words(", ", "，").join(notes)
    who = words("table", "牌桌") if event.seat < 0 else words.who(event.seat, me)
    colon = words(": ", "：")
    if event.action is None:
        return f"  {who}{colon}{words(', ', '，').join(notes)}"
    notes = [note for note in notes if note not in words.action(event.action)]  # 革命 (革命), yields (让牌) (让牌)
    if event.forced and Mark.CANNOT_ANSWER not in event.notes:
        notes.insert(0, words("cannot beat", "管不上"))
    suffix = (words(f" ({', '.join(notes)})", f"（{'，'.join(notes)}）")) if notes else ""
    return f"  {who}{colon}{words.action(event.action)}{suffix}"


#: why a seat was ranked at once, in words (the same in both languages)
RANKED = {"诈烧": "诈烧", "闷": "闷", "bottom": "窒息 / 大小王不出手"}


def seat_state(seat: SeatScene, limit: int | None, words: Words) -> str:
    """What a seat is doing, in plain words, as the scene says."""
    if seat.standing == "revolution":
        return words("sits out (革命)", "革命，不出牌")
    if seat.standing == "gone-out" and seat.order is not None:
        return words(f"gone out, {ordinal(seat.order)}", f"已走完（第{seat.order}个）")
    if seat.standing == "ranked" and seat.ranked is not None:
        reason = RANKED[seat.ranked]
        return words(f"ranked at once ({reason})", f"当场定名次（{reason}）")
    if seat.standing == "unseen":
        return words("cards not seen yet (预点)", "尚未看牌（预点）")
    count = seat.count
    state = words(f"{count} cards", f"{count}张") if count is not None else untold_words(seat.untold, limit, words)
    if seat.to_act:
        state += words(" — to act", " — 轮到出牌")
    return state


def untold_words(reason: Untold | None, limit: int | None, words: Words) -> str:
    """Why a seat's count is not told, as the ruleset's 报牌 says (``reporting``; :func:`scene.untold`)."""
    if reason == "no-reporting" or limit is None:
        return words("count not told (no 报牌 under these rules)", "张数不报（本规则不报牌）")
    if reason == "above-limit":
        return words(f"more than {limit} cards", f"多于{limit}张")
    return words(f"count not told (told when asked, at {limit} or fewer)", f"张数未报（不多于{limit}张时问了才报）")


def table(game: Game, me: int | None, words: Words) -> list[str]:
    """Your hand, each seat in plain words, then the round: what ``me`` may know (all of it when None)."""
    return scene_lines(scene_of(game, me), game.rules.burning, words)


def scene_lines(seen: Scene, rule: Burning, words: Words) -> list[str]:
    """:func:`table`'s lines: the scene ``seen`` in words (``rule``: the burn's condition)."""
    me = seen.viewer
    lines: list[str] = []
    if me is not None and seen.stage == "yudian":
        lines.append(words("your hand: not seen yet — 预点 is declared before the cards are seen",
                           "你的牌：尚未看牌 — 预点在看牌之前宣布"))
    elif me is not None and seen.hand is not None:
        count = len(seen.hand)
        lines.append(words(f"your hand ({count}): ", f"你的牌（{count}张）：") + words.hand(seen.hand))
    states: dict[str, list[int]] = {}  # seats in the same state share a line
    for seat in seen.seats:
        hand = seat.hand if seat.seat != me else None
        shown = f"  [{words.hand(hand)}]" if hand is not None else ""
        states.setdefault(f"{seat_state(seat, seen.limit, words)}{shown}", []).append(seat.seat)
    for state, seats in states.items():
        who = words(", ", "、").join(words.who(seat, me).replace(" ", KEEP) for seat in seats)
        lines += fit(f"  {who}{words(': ', '：')}{state}", indent="      ")
    if seen.luanchan:
        lines.append(words("四人乱缠: plain rounds, no 够级, passing does not lock you out",
                           "四人乱缠：不再有够级，过牌后仍可再出"))
    if seen.burner is not None:
        who = words.who(seen.burner, me)
        lines += fit(words(f"you are burning: {condition(rule, words)}, else 诈烧",
                           f"你在烧牌：{condition(rule, words)}，否则诈烧") if seen.burner == me else
                     words(f"{who} is burning; only its 对头 may answer (解烧)", f"{who}在烧牌；只有其对头可以解烧"))
    if seen.round_plays:
        plays = words.join(words(f"{seat}:{words.cards(cards)}", f"{seat}号位出{words.cards(cards)}")
                           for seat, cards in seen.round_plays[-6:])
        lines += fit(words("this round: ", "本轮：") + plays)
    if seen.top is not None and seen.top_seat is not None:
        answer = words.seats(seen.may_answer)
        lines += fit(words(f"to beat: {words.cards(seen.top)} by {words.who(seen.top_seat, me)}; may answer: {answer}",
                           f"要管：{words.who(seen.top_seat, me)}的{words.cards(seen.top)}；可以管的：{answer}"))
    if seen.passed:
        lines.append(words("passed this round: ", "本轮已过：") + words.seats(seen.passed))
    if seen.opened is not None:
        declared = words.join(words(f"{seat} {'明点' if kind == 'mingdian' else '预点'}",
                                    f"{seat}号位{'明点' if kind == 'mingdian' else '预点'}")
                              for seat, kind in seen.declared)
        lines.append(words("开点 so far: ", "已开点：") + words.seats(seen.opened)
                     + (words(f"; 宣点: {declared}", f"；宣点：{declared}") if declared else ""))
    return lines


def condition(rule: Burning, words: Words) -> str:
    """The burn's condition under the ruleset (``burning.conditions``, ``last_play_exempt``)."""
    said = []
    if "joker-every-play" in rule.conditions:
        said.append(words("a joker in every play but the last", "除最后一手外每手带王") if rule.last_play_exempt
                    else words("a joker in every play", "每手带王"))
    if "one-rank-left" in rule.conditions:
        said.append(words("go out with the one rank left", "剩一种点数一手走完"))
    return words(", or ", "，或").join(said)


def result(game: Game, me: int | None, words: Words) -> list[str]:
    """A lone game's places, score and the tribute a next game would pay."""
    found = scene_of(game, me).result
    assert found is not None
    return result_lines(found, me, words)


def result_lines(found: Result, me: int | None, words: Words) -> list[str]:
    """:func:`result`'s lines: the scene's result in words (the tribute only where a game follows)."""
    lines = fit(words("places: ", "名次：") + words(", ", "，").join(
        f"{PLACE_NAMES[place]} {words.who(seat, me)}".replace(" ", KEEP) for place, seat in enumerate(found.by_place)))
    lines.append(words(f"score: seats 0,2,4 {found.score[0]} — seats 1,3,5 {found.score[1]}",
                       f"得分：0、2、4号位 {found.score[0]}，1、3、5号位 {found.score[1]}"))
    if found.dues is None:
        return lines
    dues = [words(f"{tribute_name(due.kind)}: seat {due.payer} pays seat {due.receiver} {due.count}",
                  f"{tribute_name(due.kind)}：{due.payer}号位给{due.receiver}号位{due.count}张")
            + (words(" (returned, 还贡)", "（还贡）") if due.returned else "") for due in found.dues]
    lines += fit(words("tribute next game: ", "下一局进贡：") + (words("; ", "；").join(dues) or words("none", "无")))
    return lines
