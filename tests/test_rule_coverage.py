"""Every rule key changes what the engine does, and a test shows it (the project's rule; issue 4).

:data:`COVERAGE` maps every rule key of :data:`gouji_variants.ruleset.rules.SECTIONS` to the tests that play
the engine (or, for ``plays.*`` and ``gouji.*``, ask the referee) under two values of that key — two
values side by side, or one value set against the default on the same deal — and assert that
legal actions, who acts, places, score or tribute differ. A key listed with no test is missing.

Add a key to ``ruleset/rules.py`` and this file fails until a test of its effect is listed here; list a test
only after checking that its assertions would fail were the key ignored.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import inspect
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import META_KEYS, load_ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import SECTIONS

ROOT = Path(__file__).resolve().parent.parent

KEYS = "tests/engine/test_key_effects.py"
ROUNDS = "tests/components/test_turns.py"
BURNING = "tests/components/test_burning.py"
DADIAN = "tests/components/test_kaidian.py"
BIE3 = "tests/components/test_bie3.py"
SETUP = "tests/engine/test_setup_and_result.py"
SMALL = "tests/engine/test_small_rules.py"
JUDGE = "tests/text/test_judge.py"
COMPONENTS = "tests/components/test_components.py"
READINGS = "tests/engine/test_source_readings.py"
DEALING = "tests/engine/test_dealing_and_forfeits.py"

#: Top-level ruleset keys besides the rule sections that change what the engine does: each is a rule
#: key too. The other top-level keys describe the ruleset (or, like ``extends``, only build its rules).
ENGINE_META_KEYS = ("components",)
DESCRIPTIVE_META_KEYS = ("format", "id", "kind", "name", "aliases", "region", "description", "sources", "extends",
                         "interpretations", "examples")

#: rule key -> pytest node ids of tests showing the engine behave differently under two values of it.
COVERAGE: dict[str, list[str]] = {
    # deck
    "deck.recipe": [
        f"{KEYS}::test_deck_recipe_sets_what_is_dealt",
        f"{KEYS}::test_super_jokers_are_dealt_played_and_killed_by_the_rules",
        f"{JUDGE}::test_super_joker_above_the_big_joker",
    ],
    "deck.each_hand": [
        f"{DEALING}::test_each_hand_deals_exactly_one_three_and_one_four_to_every_seat",
        f"{DEALING}::test_each_hand_is_deterministic_from_the_seed_and_leaves_a_plain_deal_unchanged",
    ],
    # plays (the referee and the engine's legal actions)
    "plays.attach_twos": [
        f"{KEYS}::test_plays_switches_change_the_legal_leads[attach_twos]",
        f"{KEYS}::test_attach_twos_lets_a_two_make_up_the_count_when_following",
        f"{JUDGE}::test_each_plays_switch_on_and_off[attach_twos]",
    ],
    "plays.attach_jokers": [
        f"{KEYS}::test_plays_switches_change_the_legal_leads[attach_jokers]",
        f"{JUDGE}::test_each_plays_switch_on_and_off[attach_jokers]",
    ],
    "plays.mix_jokers": [
        f"{KEYS}::test_plays_switches_change_the_legal_leads[mix_jokers]",
        f"{JUDGE}::test_each_plays_switch_on_and_off[mix_jokers]",
    ],
    "plays.jokers_with_threes": [
        f"{KEYS}::test_plays_switches_change_the_legal_leads[jokers_with_threes]",
        f"{JUDGE}::test_each_plays_switch_on_and_off[jokers_with_threes]",
    ],
    "plays.forbidden": [
        "tests/components/test_forbidden.py::test_fours_go_all_together_and_bare",
        "tests/components/test_forbidden.py::test_answers_forbidden_on_a_play",
    ],
    "plays.kill_cover": [
        "tests/components/test_kill_algebra.py::test_the_engine_lists_and_refuses_by_kill_cover",
        "tests/components/test_kill_algebra.py::test_each_kind_of_joker_is_covered_by_its_own_rule",
        "tests/components/test_kill_algebra.py::test_the_engine_lists_and_refuses_the_shared_kill_by_kill_cover",
    ],
    "plays.kills": [
        f"{KEYS}::test_kills_decide_whether_the_duitou_can_beat_a_big_joker_play",
        f"{JUDGE}::test_small_joker_on_a_two_beaten_by_small_jokers",
        f"{JUDGE}::test_any_rank_kill",
        f"{JUDGE}::test_lone_big_joker_falls_to_two_only_with_alone",
        f"{JUDGE}::test_three_for_one_on_a_lone_big_joker",
        f"{JUDGE}::test_in_all_counts_the_killers_whatever_the_target_has",
        f"{JUDGE}::test_on_single_two_is_one_two_only",
        f"{JUDGE}::test_any_joker_killer_counts_both_kinds",
        f"{JUDGE}::test_any_joker_target_and_twos_killer",
        f"{JUDGE}::test_equal_or_higher_jokers_compare_one_by_one",
        f"{JUDGE}::test_jokers_alone_step_up_on_twos_by_rank",
    ],
    # gouji
    "gouji.thresholds": [
        f"{KEYS}::test_gouji_thresholds_decide_whether_only_the_duitou_answers",
        f"{JUDGE}::test_thresholds_and_joker_plays_change_what_is_gouji",
    ],
    "gouji.joker_plays": [
        f"{KEYS}::test_gouji_joker_plays_big_joker_open_lets_anyone_beat_a_big_joker_play",
        f"{JUDGE}::test_thresholds_and_joker_plays_change_what_is_gouji",
    ],
    # turns
    "turns.pass_locks_out": [
        f"{ROUNDS}::test_follow_beats_with_same_count_and_pass_locks_out_except_for_the_duitou",
        f"{ROUNDS}::test_pass_does_not_lock_out_when_the_ruleset_says_so",
    ],
    "turns.allow_yield": [f"{KEYS}::test_allow_yield_offers_the_yield_or_not"],
    "turns.jiefeng": [
        f"{SMALL}::test_jiefeng_on_request_the_next_player_leads_instead_of_beating_the_last_play",
        f"{SMALL}::test_jiefeng_on_request_is_a_choice_even_without_a_beating_card",
        f"{SMALL}::test_jiefeng_next_player_cannot_request",
    ],
    "turns.passed_answers_duitou": [
        f"{READINGS}::test_passed_answers_duitou_false_locks_a_passed_seat_out_of_its_duitou_play",
        f"{READINGS}::test_a_passed_duitou_may_not_answer_a_gouji_play_when_locked_out",
    ],
    "turns.gousiji": [
        f"{READINGS}::test_gousiji_places_say_whose_duitou_gets_the_unanswerable_gouji",
        f"{READINGS}::test_gousiji_for_erke_only_leaves_touke_duitou_wutou",
        f"{ROUNDS}::test_gousiji_the_duitou_of_touke_gets_one_unanswerable_gouji",
        f"{ROUNDS}::test_without_gousiji_the_duitou_of_touke_is_wutou_at_once",
    ],
    "turns.wutou": [f"{KEYS}::test_wutou_lets_the_duitou_of_touke_answer_anyones_gouji"],
    "turns.luanchan": [
        f"{ROUNDS}::test_luanchan_has_no_gouji",
        f"{ROUNDS}::test_without_luanchan_gouji_rules_go_on_after_erke",
    ],
    "turns.luanchan_with_revolution": [f"{KEYS}::test_luanchan_with_revolution_starts_after_touke_or_waits_for_erke"],
    "turns.luanchan_cut_in": [
        f"{SMALL}::test_luanchan_cut_in_a_teammate_is_asked_before_the_opponents",
        f"{SMALL}::test_without_luanchan_cut_in_the_order_is_plain",
    ],
    # reporting
    "reporting.public_at_most": [f"{KEYS}::test_public_at_most_sets_which_hand_counts_others_see"],
    "reporting.report_counts": [
        f"{READINGS}::test_report_counts_when_asked_hides_a_count_until_someone_asks",
        f"{READINGS}::test_report_counts_shown_tells_every_count_at_once",
    ],
    "reporting.teammate_view_at_most": [
        f"{KEYS}::test_teammate_view_at_most_sets_which_team_mate_hands_one_sees",
        f"{SETUP}::test_reporting_hides_counts_above_ten",
    ],
    "reporting.tiaopai": [
        f"{SMALL}::test_tiaopai_shows_the_hand_to_the_teammates_for_the_rest_of_the_game",
        f"{SMALL}::test_without_tiaopai_nobody_shows_a_hand",
    ],
    # burning
    "burning.enabled": [
        f"{BURNING}::test_burn_offers_go_to_the_gouji_players_team_first_then_play_order",
        f"{BURNING}::test_burning_disabled",
    ],
    "burning.conditions": [
        f"{BURNING}::test_one_rank_left_needs_no_joker",
        f"{BURNING}::test_without_exemption_the_last_play_needs_a_joker",
    ],
    "burning.last_play_exempt": [f"{KEYS}::test_last_play_exempt_decides_whether_the_burners_last_play_needs_a_joker"],
    "burning.team_priority": [
        f"{BURNING}::test_burn_offers_go_to_the_gouji_players_team_first_then_play_order",
        f"{BURNING}::test_burn_priority_by_play_order_only",
    ],
    "burning.passed_may_burn": [f"{KEYS}::test_passed_may_burn_offers_a_burn_to_a_seat_that_passed"],
    "burning.teammate_may_be_burned": [
        f"{BURNING}::test_burn_offers_go_to_the_gouji_players_team_first_then_play_order",
        f"{BURNING}::test_a_teammate_may_be_burned_unless_the_ruleset_says_not",
    ],
    "burning.counter_burn": [
        f"{BURNING}::test_anyone_else_who_beats_a_burn_play_takes_the_burn_over",
        f"{BURNING}::test_counter_burn_off",
    ],
    "burning.survives_beat_back": [
        f"{SMALL}::test_survives_beat_back_the_burner_beats_the_duitou_back_and_runs_out",
        f"{SMALL}::test_without_survives_beat_back_the_duitou_ends_the_burn_at_once",
    ],
    # kaidian
    "kaidian.enabled": [f"{DADIAN}::test_a_gouji_play_that_lives_opens_and_who_did_not_open_pays_the_duitou"],
    "kaidian.opens_with": [f"{DADIAN}::test_opens_with_names_the_plays_that_open"],
    "kaidian.answering": [
        f"{DADIAN}::test_answering_says_whether_a_gouji_play_on_a_gouji_play_opens",
        f"{READINGS}::test_answering_answers_only_opens_with_plays_made_on_another_play",
    ],
    "kaidian.then_four": [f"{DADIAN}::test_then_four_the_next_lead_must_be_fours"],
    "kaidian.fours_after_open": [f"{DADIAN}::test_fours_after_open_playing_fours_first_gives_opening_up"],
    "kaidian.deadline": [f"{DADIAN}::test_deadline_others_open_before_erke_or_all_before_touke"],
    "kaidian.penalty": [
        f"{DADIAN}::test_a_gouji_play_that_lives_opens_and_who_did_not_open_pays_the_duitou",
        f"{DADIAN}::test_penalty_sets_how_many_cards_point_tribute_is",
    ],
    "kaidian.mingdian": [
        f"{KEYS}::test_mingdian_stakes_set_what_a_wrong_declaration_costs",
        f"{DADIAN}::test_mingdian_stakes_replace_the_penalty",
    ],
    "kaidian.yudian": [
        f"{KEYS}::test_yudian_stakes_set_what_a_right_declaration_eats",
        f"{DADIAN}::test_yudian_is_declared_before_the_cards_are_seen",
    ],
    "kaidian.xuandian_table": [f"{DADIAN}::test_xuandian_table_sets_point_tribute_by_who_declared_and_who_opened"],
    "kaidian.revolution_opens": [f"{DADIAN}::test_a_revolutionary_counts_as_opened_and_its_duitou_needs_more"],
    "kaidian.revolution_duitou_gousiji": [
        f"{DADIAN}::test_a_revolutionary_counts_as_opened_and_its_duitou_needs_more",
    ],
    # bie3
    "bie3.enabled": [
        f"{BIE3}::test_threes_go_all_together_and_only_as_the_last_play",
        f"{BIE3}::test_without_bie3_nobody_is_stifled",
    ],
    "bie3.buy_fours": [f"{BIE3}::test_buy_fours_buys_a_four_too"],
    "bie3.buy_from": [
        f"{BIE3}::test_a_seat_without_a_three_buys_one_with_a_two",
        f"{BIE3}::test_buying_from_the_duitou_only_leaves_a_seat_without_when_the_duitou_has_no_spare",
        f"{BIE3}::test_a_team_mate_that_gives_hands_the_three_over_unpaid",
        f"{BIE3}::test_single_seats_are_asked_in_the_order_written",
    ],
    "bie3.pay_with": [f"{BIE3}::test_pay_with_says_which_cards_pay_and_in_which_order"],
    "bie3.nothing_to_pay": [f"{BIE3}::test_nothing_to_pay_free_hands_the_card_over_unpaid"],
    "bie3.buyers_served": [f"{BIE3}::test_buyers_served_decides_who_gets_a_sellers_only_spare"],
    "bie3.buyers_order": [f"{BIE3}::test_buyers_order_decides_who_is_served_first"],
    "bie3.men_places": [f"{BIE3}::test_beating_the_play_before_the_threes_stifles"],
    "bie3.jokers_last_is_dalu": [f"{BIE3}::test_jokers_left_before_the_last_play_is_daluo"],
    # hui3
    "hui3.choices": [f"{KEYS}::test_hui3_choices_set_what_the_first_player_may_take_out"],
    # revolution
    "revolution.enabled": [f"{KEYS}::test_revolution_enabled_offers_revolution_or_not"],
    "revolution.automatic_without_threes": [
        f"{KEYS}::test_automatic_without_threes_makes_the_revolution_automatic",
    ],
    "revolution.requires_no_threes": [f"{SETUP}::test_requires_no_threes_takes_revolution_from_a_hand_holding_3s"],
    "revolution.void_at": [f"{KEYS}::test_void_at_sets_how_many_revolutionaries_void_the_game"],
    # first_player
    "first_player.first_game": [f"{KEYS}::test_first_game_liang3_or_a_drawn_card_picks_the_leader"],
    "first_player.later_games": [
        f"{KEYS}::test_later_games_decide_who_leads_the_next_game_of_a_match",
        f"{READINGS}::test_later_games_draw_rotates_the_drawer_and_draws_each_leader",
    ],
    # places
    "places.zhixi": [
        f"{SMALL}::test_zhixi_ranks_every_seat_that_never_played_at_once",
        f"{SMALL}::test_without_zhixi_the_seats_that_never_played_play_on",
    ],
    "places.revolution_place": [f"{KEYS}::test_revolution_place_when_the_team_mates_take_touke_and_erke"],
    # score
    "score.points": [f"{KEYS}::test_points_and_record_set_the_score"],
    "score.record": [f"{KEYS}::test_points_and_record_set_the_score"],
    "score.manguan_others_as": [f"{READINGS}::test_manguan_others_as_scores_the_other_five_as_one_place"],
    "score.manguan": [
        f"{SMALL}::test_manguan_one_run_ends_the_game_and_doubles_the_score",
        f"{SMALL}::test_without_manguan_a_one_run_is_an_ordinary_first_place",
        f"{SMALL}::test_manguan_top_three_doubles_the_score_of_a_team_taking_places_one_to_three",
        f"{SMALL}::test_without_manguan_a_sweep_scores_as_usual",
    ],
    # tribute
    "tribute.enabled": [f"{KEYS}::test_tribute_enabled_pays_or_not"],
    "tribute.order": [
        f"{KEYS}::test_order_sets_which_tribute_is_paid_and_in_what_order",
        f"{BIE3}::test_qing_puts_the_sweep_payment_where_qing_stands_in_the_order",
    ],
    "tribute.luo_cards": [f"{KEYS}::test_luo_cards_set_how_many_cards_the_losers_pay"],
    "tribute.returned": [f"{KEYS}::test_returned_asks_the_receivers_to_return_cards"],
    "tribute.waive_within_team": [f"{KEYS}::test_waive_within_team_skips_luo_tribute_between_team_mates"],
    "tribute.chuansanhu": [f"{KEYS}::test_chuansanhu_redeals_or_has_each_swept_player_pay_the_duitou"],
    "tribute.shao_cards": [f"{KEYS}::test_shao_cards_set_the_burn_tribute"],
    "tribute.men_cards": [f"{BIE3}::test_men_cards_are_paid_to_the_stifler_in_the_rulesets_order"],
    "tribute.biewang_to": [f"{DEALING}::test_biewang_receiver_and_count"],
    "tribute.biewang_cards": [f"{DEALING}::test_biewang_receiver_and_count"],
    # the top-level components: mapping (a registered replacement for any rule area)
    "components": [f"{COMPONENTS}::test_a_registered_component_replaces_the_builtin_one",
                   "tests/components/test_example_component.py::test_each_seat_burns_at_most_once_a_game"],
    # penalties
    "penalties.wrong_play": [
        f"{SMALL}::test_wrong_play_lose_turn_an_illegal_follow_counts_as_a_pass",
        f"{SMALL}::test_wrong_play_lose_turn_a_wrong_lead_passes_the_lead_to_the_next_player",
        f"{SMALL}::test_wrong_play_reject_refuses_the_play_and_keeps_the_turn",
    ],
    "penalties.forfeits": [
        f"{DEALING}::test_no_three_after_buying_ranks_the_seat_dalu_at_once",
        f"{DEALING}::test_no_four_gives_kaidian_up_before_the_first_play",
        f"{DEALING}::test_a_four_with_a_two_after_opening_gives_kaidian_up",
        f"{DEALING}::test_a_forfeit_of_dalu_on_a_play_ranks_the_seat_from_the_bottom",
        f"{JUDGE}::test_judge_names_the_forfeit_a_play_meets",
    ],
}


def rule_keys() -> list[str]:
    """Every rule key: ``section.field`` for each field of a section's dataclass (a nested dataclass
    such as ``kaidian.mingdian`` is one key), or the section's own name if it is not a dataclass;
    then :data:`ENGINE_META_KEYS`."""
    keys: list[str] = []
    for section, kind in SECTIONS.items():
        if dataclasses.is_dataclass(kind):
            keys += [f"{section}.{field.name}" for field in dataclasses.fields(kind)]
        else:
            keys.append(section)
    return keys + list(ENGINE_META_KEYS)


def flatten(data: dict[str, Any]) -> dict[str, str]:
    """A ruleset's rule data as rule key -> canonical JSON of its value."""
    flat: dict[str, str] = {}
    for section, value in data.items():
        kind = SECTIONS.get(section)
        if isinstance(value, dict) and kind is not None and dataclasses.is_dataclass(kind):
            flat.update({f"{section}.{name}": _canonical(item) for name, item in value.items()})
        else:
            flat[section] = _canonical(value)
    return flat


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=dict)  # mappings as objects


@functools.cache
def builtin_rules() -> dict[str, dict[str, str]]:
    """Every built-in ruleset (``rulesets/*.yaml``, found by id), compiled: id -> flattened rule data."""
    catalog = Catalog((RULESETS_DIR.resolve(),))
    found: dict[str, dict[str, str]] = {}
    for entry in catalog.entries():
        ruleset = load_ruleset(entry.id, catalog)
        found[entry.id] = flatten(ruleset.rule_data())
        found[entry.id].update({key: _canonical(getattr(ruleset, key)) for key in ENGINE_META_KEYS})
    return found


def differing_keys() -> dict[str, dict[str, list[str]]]:
    """Rule keys whose value differs between two built-in rulesets: key -> value -> ruleset ids."""
    found: dict[str, dict[str, list[str]]] = {}
    rulesets = builtin_rules()
    for key in sorted({key for flat in rulesets.values() for key in flat}):
        by_value: dict[str, list[str]] = {}
        for rule_id, flat in sorted(rulesets.items()):
            by_value.setdefault(flat.get(key, "<unset>"), []).append(rule_id)
        if len(by_value) > 1:
            found[key] = by_value
    return found


_MODULES: dict[Path, ModuleType] = {}


def load_test_module(path: Path) -> ModuleType:
    """Import a test file by path (its folder on ``sys.path`` while it loads, for helpers like
    ``engine_helpers``), under a private name so that pytest's own import is left alone."""
    if path not in _MODULES:
        name = "_rule_coverage_" + "_".join(path.relative_to(ROOT).with_suffix("").parts)
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, str(path.parent))
        try:
            spec.loader.exec_module(module)
        finally:
            sys.path.remove(str(path.parent))
        _MODULES[path] = module
    return _MODULES[path]





def resolve(node_id: str) -> tuple[Any, str | None]:
    """The test function a node id names (``path::function``, ``path::Class::method``, either with an
    optional ``[parameters]`` part), and that parameter part."""
    path_text, _, rest = node_id.partition("::")
    assert rest, f"{node_id}: not a node id (path::test_name)"
    path = ROOT / path_text
    assert path.is_file(), f"{node_id}: no file {path_text}"
    name, _, params = rest.partition("[")
    target: Any = load_test_module(path)
    for part in name.split("::"):
        assert hasattr(target, part), f"{node_id}: {path_text} has no {part}"
        target = getattr(target, part)
    assert callable(target) and part.startswith("test"), f"{node_id}: {part} is not a test"
    return target, params.rstrip("]") or None


def explicit_ids(function: Any) -> set[str] | None:
    """The ids given with ``pytest.param(..., id=...)`` to the function's parametrize marks, or None
    when some parameter set has no explicit id."""
    ids: set[str] = set()
    for mark in getattr(function, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        for value in mark.args[1]:
            given = getattr(value, "id", None)
            if given is None:
                return None
            ids.add(given)
    return ids


def test_every_rule_key_has_a_row() -> None:
    """Every key of rules.SECTIONS is in COVERAGE, and COVERAGE names no key that is gone."""
    keys = rule_keys()
    unlisted = [key for key in keys if key not in COVERAGE]
    stale = [key for key in COVERAGE if key not in keys]
    assert not unlisted and not stale, (
        f"rule keys missing from COVERAGE (add each with the tests that show its effect): {unlisted}; "
        f"keys in COVERAGE that are no rule key: {stale}")


def test_every_top_level_key_is_a_rule_key_or_descriptive() -> None:
    """A new top-level ruleset key must be classed here: a rule key (with its tests) or descriptive."""
    unclassed = [key for key in META_KEYS if key not in ENGINE_META_KEYS + DESCRIPTIVE_META_KEYS]
    gone = [key for key in ENGINE_META_KEYS + DESCRIPTIVE_META_KEYS if key not in META_KEYS]
    assert not unclassed and not gone, (
        f"top-level keys to class as ENGINE_META_KEYS or DESCRIPTIVE_META_KEYS: {unclassed}; no longer "
        f"top-level keys: {gone}")


def test_every_listed_test_exists_and_concerns_its_key() -> None:
    """Each node id names an existing test function (and a parameter id it declares, if it declares
    ids); and at least one of a key's tests mentions the key's field (or, for ``enabled``, its section)."""
    problems: list[str] = []
    for key, node_ids in COVERAGE.items():
        sources: list[str] = []
        for node_id in node_ids:
            try:
                function, params = resolve(node_id)
            except AssertionError as error:
                problems.append(str(error))
                continue
            ids = explicit_ids(function)
            if params is not None and ids is not None and params not in ids:
                problems.append(f"{node_id}: no parameter set {params!r} (ids: {sorted(ids)})")
            sources.append(inspect.getsource(function))
        section, _, field = key.partition(".")
        words = [field or section] + ([section] if field == "enabled" else [])
        if sources and not any(word in source for word in words for source in sources):
            problems.append(f"{key}: none of its tests mentions {' or '.join(words)!r}")
    assert not problems, "\n".join(problems)


def test_every_rule_key_has_a_test_of_its_effect() -> None:
    """The project's rule: every rule key changes what the engine does, and a test shows it."""
    missing = [key for key in rule_keys() if not COVERAGE.get(key)]
    assert not missing, (
        "MISSING: no test shows the engine behaving differently under two values of "
        + ", ".join(missing)
        + " (write the scenario test, then list it in COVERAGE in tests/test_rule_coverage.py)")


def test_every_key_that_differs_between_builtin_rulesets_is_covered() -> None:
    """Issue 4: for every rule key that differs between two built-in rulesets a test shows the engine
    behaving differently under the two values (implied by the test above; this one lists them)."""
    differing = differing_keys()
    assert len(builtin_rules()) > 1 and differing, "the built-in rulesets were not all found"
    uncovered = [key for key in differing if not COVERAGE.get(key)]

    def line(key: str) -> str:
        values = "; ".join(f"{value} in {', '.join(ids)}" for value, ids in differing[key].items())
        return f"  {'MISSING ' if key in uncovered else ''}{key}: {values}"

    assert not uncovered, (
        f"rule keys that differ between built-in rulesets with no test of their effect: {uncovered}\n"
        "every key that differs:\n" + "\n".join(line(key) for key in differing))
