"""The engine's notes are typed records (``components/notes.py``), each in English and Chinese
(``text/events.py``): seeded games under several built-in rulesets make only typed notes, every
one renders in both languages, and the Chinese says no English word (card notation aside)."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Iterator

import pytest

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.components.notes import (
    ALL_MARKS,
    NOTE_TYPES,
    Bought,
    Forfeited,
    GameOver,
    Hui3Taken,
    Mark,
    Note,
    Remark,
    RuleBroken,
    Stifled,
    Suffocated,
    Told,
    TributePaid,
    TributeReturned,
    WentOut,
)
from gouji_variants.engine import Event, Game, Match, RandomAgent, play_out
from gouji_variants.engine.actions import Play
from gouji_variants.ruleset.cards import FOUR, SMALL_JOKER, THREE, TWO, Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.expressions import Forfeit
from gouji_variants.terminal.render import Words
from gouji_variants.terminal.replay import steps
from gouji_variants.text.events import MARKS, event_notes, render

RULESETS = ("dagang", "qingdao", "jining", "bie3", "dadian", "hui3")
#: one note of every kind, with the kinds that games rarely make
EVERY_KIND: tuple[Note, ...] = (
    *ALL_MARKS, WentOut(1), WentOut(4), Suffocated(2), Stifled(1), Told(0, 10), Bought(THREE, 2, SMALL_JOKER),
    Bought(FOUR, 5, None), TributePaid("luo", 5, 0, Cards.parse("RB")), TributePaid("dian", 1, 2, Cards.EMPTY),
    TributeReturned(0, 5), Hui3Taken("3"), Hui3Taken("both"),
    RuleBroken("plays.same-count", "跟牌须与上家张数相同", "a follow has the count of the play it beats"),
    Forfeited(Forfeit("holds-none", THREE, consequence="dalu")),
    Forfeited(Forfeit("plays-with", FOUR, (TWO, 13, 14), "no-kaidian")), GameOver((0, 1, 2, 3, 4, 5)),
    Remark("解烧罚点", "the broken burner gives up 开点"),
)


def marked(cards: str) -> str:
    """Card notation set apart, so the check below can leave it out."""
    return f"⟦{cards}⟧"


def english_in(text: str) -> list[str]:
    """The ASCII letters of ``text`` outside card notation."""
    return re.findall(r"[A-Za-z]+", re.sub(r"⟦[^⟧]*⟧", "", text))


def games(ruleset_id: str) -> Iterator[Game]:
    """Three games by random agents and three by heuristic ones, each three a match (tribute is paid)."""
    ruleset = load_ruleset(ruleset_id)
    for seed, agent in enumerate((RandomAgent(), HeuristicAgent())):
        match, rng = Match(ruleset, seed), random.Random(seed)
        for _ in range(3):
            game = match.new_game()
            play_out(game, [agent] * 6, rng)
            match.record(game)
            yield game


def test_every_mark_has_words_in_both_languages() -> None:
    assert set(MARKS) == set(ALL_MARKS) and len(ALL_MARKS) == len({str(mark) for mark in ALL_MARKS}) > 20
    assert all(en and zh for en, zh in MARKS.values())


@pytest.mark.parametrize("note", EVERY_KIND, ids=str)
def test_every_kind_renders_in_both_languages(note: Note) -> None:
    english, chinese = render(note, "en"), render(note, "zh", cards=marked)
    assert english and chinese and not english_in(chinese), (note, chinese)
    assert pickle.loads(pickle.dumps(note)) == note and hash(note) == hash(pickle.loads(pickle.dumps(note)))


def test_the_kinds_are_all_listed() -> None:
    assert {type(note) for note in EVERY_KIND} == set(NOTE_TYPES)


def test_a_gift_reads_in_chinese() -> None:
    """Issue 21: "买3 from 2 as a gift (赠)" matched no pattern and was shown raw, in English, under zh."""
    gift = Bought(THREE, 2, None)
    assert render(gift, "zh") == "向2号位买3（赠）"
    assert render(gift, "en") == "buys a 3 from seat 2 as a gift (买3, 赠)"
    assert render(Bought(THREE, 2, SMALL_JOKER), "zh", who=lambda seat: "你") == "向你买3，付B"


def test_the_engine_text_of_a_note_is_kept() -> None:
    """``str`` of a note is what ``Event.notes`` said before it was typed (the golden corpus's trace)."""
    assert [str(note) for note in (Bought(THREE, 2, None), Bought(THREE, 2, SMALL_JOKER), WentOut(1), Mark.VOID)] == \
        ["买3 from 2 as a gift (赠)", "买3 from 2 for B", "out 1", "流局: void, redeal"]
    assert str(TributePaid("luo", 5, 0, Cards.parse("R"))) == "落贡 5->0: R"
    assert str(TributePaid("luo", 5, 0, Cards.EMPTY)) == "落贡 5->0: none"


def test_notes_that_repeat_the_action_are_left_out() -> None:
    event = Event(0, Play("33"), (Mark.YIELDS, WentOut(2)))
    assert event_notes(event, "en") == ["goes out 2nd"] and event_notes(event, "zh") == ["第2个走完"]
    assert event_notes(Event(0, None, (Mark.REVOLUTION,)), "zh") == ["革命"]  # an automatic 革命: no action


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_games_make_only_typed_notes_that_render(ruleset_id: str) -> None:
    seen: set[type] = set()
    for game in games(ruleset_id):
        for event in game.log:
            for note in event.notes:
                assert isinstance(note, NOTE_TYPES), f"{ruleset_id}: untyped note {note!r}"
                seen.add(type(note))
                english = render(note, "en")
                chinese = render(note, "zh", lambda seat: f"{seat}号位", marked)
                assert english and chinese
                assert not english_in(chinese), f"{ruleset_id}: English under zh: {chinese!r} ({note!r})"
            assert len(event_notes(event, "zh")) == len(event_notes(event, "en"))
    assert {Mark, WentOut, GameOver, TributePaid} <= seen
    if ruleset_id == "bie3":
        assert Bought in seen


@pytest.mark.parametrize("ruleset_id", ["bie3", "jining", "qingdao"])
def test_the_record_viewer_says_no_english_under_chinese(ruleset_id: str) -> None:
    """``gouji replay --show --lang zh``: no lowercase ASCII letter (English; card notation is in capitals)
    past the heading (the ruleset id and fingerprint); under bie3, the purchases in both languages."""
    shown = {lang: [line for game in games(ruleset_id) for _, lines in steps(game, None, Words(lang))
                    for line in lines[lines[0].startswith(ruleset_id):]] for lang in ("en", "zh")}
    assert not [line for line in shown["zh"] if re.search("[a-z]", line)]
    if ruleset_id == "bie3":
        assert any("买3，付" in line or "买3（赠）" in line for line in shown["zh"])
        assert any("buys a 3 from" in line for line in shown["en"])
