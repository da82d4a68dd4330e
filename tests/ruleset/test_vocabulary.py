"""The one vocabulary: every verb, decision and statistic the engine can produce is named there, with
a Chinese and an English label, and the modules that name them read it."""

from __future__ import annotations

import random
import re

import pytest

from gouji_variants.components import table
from gouji_variants.engine import actions
from gouji_variants.engine.game import Game
from gouji_variants.env.actions import SPECIAL_ACTIONS
from gouji_variants.ruleset import examples, vocabulary
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.vocabulary import DECISIONS, STATISTICS, VERB_NAMED, VERBS, Label
from gouji_variants.terminal.menu import ACTION_WORDS, CARD_WORDS

ENGLISH = re.compile(r"[A-Za-z]{2,}")


def _labels() -> list[Label]:
    return [*(verb.said for verb in VERBS), *vocabulary.HUI3_CHOICES.values(), *DECISIONS.values(),
            *(stat.label for stat in STATISTICS)]


def test_every_label_is_said_in_both_languages_and_the_chinese_one_has_no_english() -> None:
    for label in _labels():
        assert label.zh and label.en, label
        assert not ENGLISH.search(label.zh), label
    with pytest.raises(TypeError):
        Label("过", "passes")  # type: ignore[misc]  # by keyword only: the languages cannot be swapped


def test_every_action_of_the_engine_has_its_verb() -> None:
    assert {actions.verb_of(kind.__new__(kind)) for kind in actions.ACTION_TYPES} == set(VERB_NAMED)
    assert actions.HUI3_CHOICES == tuple(vocabulary.HUI3_CHOICES)
    for action in [*actions.SIMPLE_ACTIONS.values(), actions.Play("33"), actions.Burn("2R"), actions.Return("5"),
                   *(actions.Hui3(which) for which in actions.HUI3_CHOICES)]:
        assert actions.from_json(actions.to_json(action)) == action
        assert actions.to_json(action)["type"] in VERB_NAMED
        assert not ENGLISH.search(actions.describe(action, "zh").replace("2R", ""))


def test_the_readers_follow_the_vocabulary() -> None:
    assert examples.SIMPLE_VERBS == vocabulary.SIMPLE_VERBS and examples.DECISIONS == tuple(DECISIONS)
    # the env's encoding order is fixed (a trained network depends on it)
    assert [name for name, _ in SPECIAL_ACTIONS] == ["pass", "yield", "jiefeng", "tiaopai", "ask", "revolution",
                                                     "declare", "hui3 3", "hui3 4", "hui3 both"]
    for verb in vocabulary.SIMPLE:
        assert all(ACTION_WORDS[word] == actions.SIMPLE_ACTIONS[verb.name] for word in (verb.name, *verb.typed))
    for verb in vocabulary.WITH_CARDS:
        assert all(CARD_WORDS[word] == actions.CARD_ACTIONS[verb.name] for word in verb.typed)
    kinds = (table.LEAD, table.FOLLOW, table.YIELD_FOLLOW, table.YIELDED, table.ANSWER, table.BURN, table.RETURN,
             table.REVOLT, table.HUI3, table.YUDIAN, table.MINGDIAN)
    assert [table.SLOT_NAMES[kind] for kind in kinds] == list(vocabulary.DECISION_NAMES)
    details = [stat for stat in STATISTICS if stat.detail_of is not None]
    names = [stat.name for stat in STATISTICS]
    assert all(names.index(stat.detail_of) < names.index(stat.name) for stat in details if stat.detail_of)


@pytest.mark.parametrize("ruleset", ["dagang", "qingdao", "dadian", "bie3", "jining"])
def test_every_decision_and_statistic_the_engine_produces_is_named(ruleset: str) -> None:
    catalog = Catalog.default()
    rules = compile_path(catalog.find(ruleset), catalog)
    rng = random.Random(1)
    for seed in range(4):
        game = Game(rules, seed)
        while not game.over:
            assert game.decision in DECISIONS
            game.apply(game.view().sample_action(rng))
        assert game.decision in DECISIONS
        assert list(game.stats) == [stat.name for stat in STATISTICS]
