"""Static checks of `gouji validate`: warnings (exit 0, located, with a hint) for rules that can never apply."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import gouji

from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path
from gouji_variants.ruleset.errors import Diagnostic
from gouji_variants.ruleset.versions import RULESET_FORMAT


def house(tmp_path: Path, **sections: Any) -> Path:
    path = tmp_path / "house.yaml"
    data = {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House rules"},
            "extends": sections.pop("extends", ["qingdao"]), **sections, "format": RULESET_FORMAT}
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def warnings(path: Path) -> list[Diagnostic]:
    found = list(compile_path(path).warnings)
    assert all(d.severity == "warning" for d in found)
    return found


@pytest.mark.parametrize("kill", ["R alone by 2 twos, +1 card", "R on 2 by 2 twos", "B on single 2 by 2 twos"])
def test_a_kill_by_twos_that_needs_jokers_alone_or_a_rank_above_2_is_a_warning(tmp_path: Path, kill: str) -> None:
    (warning,) = warnings(house(tmp_path, plays={"kills": ["B by R", kill]}))
    assert warning.message.startswith(f"plays.kills[1] '{kill}' can never apply")
    assert warning.pointer == "/plays/kills/1" and "any rank" in warning.hint and warning.zh


def test_check_json_lists_the_warnings_located(tmp_path: Path) -> None:
    path = house(tmp_path, plays={"kills": ["B by R", "R on 2 by 2 twos"]})
    result = gouji("check", "--json", str(path))
    (report,) = json.loads(result.output)["files"]
    (warning,) = report["warnings"]
    assert result.exit_code == 0 and report["errors"] == []
    assert warning["severity"] == "warning" and warning["pointer"] == "/plays/kills/1"
    assert warning["line"] > 1 and warning["message_zh"] and "any rank" in warning["hint"]


@pytest.mark.parametrize("kill", ["R alone by 2 twos, +1 card, any rank", "R by 2 twos, +1 card", "R alone by 2R"])
def test_a_kill_that_can_apply_is_not_warned_of(tmp_path: Path, kill: str) -> None:
    # 'R by 2 twos, +1 card' does apply: 99922 beats 888R (a rank above 8, two 2s, one card more).
    assert warnings(house(tmp_path, plays={"kills": ["B by R", kill]})) == []


def test_a_kill_needing_more_cards_than_the_deck_holds_is_a_warning(tmp_path: Path) -> None:
    (warning,) = warnings(house(tmp_path, deck={"recipe": "3 decks"}, plays={"kills": ["B by R", "R by 4R"]}))
    assert "needs at least 4 R, and the deck (deck.recipe) has 3" in warning.message


def test_a_key_made_inert_by_another_is_a_warning_only_where_the_file_sets_it(tmp_path: Path) -> None:
    # 青岛 burns but pays no 烧贡: its inherited shao_cards is no choice of this file, so no warning.
    assert warnings(house(tmp_path)) == []
    found = warnings(house(tmp_path, tribute={"shao_cards": 2}, kaidian={"penalty": 3}))
    assert {(d.pointer, d.message.split(":")[1].strip()) for d in found} == {
        ("/kaidian/penalty", "it needs kaidian.enabled"),
        ("/tribute/shao_cards", "it needs tribute.order containing shao")}
    assert warnings(house(tmp_path, tribute={"shao_cards": 2, "order": "烧 > 落"})) == []


def test_built_in_rulesets_have_no_warnings() -> None:
    catalog = Catalog.default()
    assert {entry.id: compile_path(entry.path, catalog).warnings for entry in catalog.entries()
            if compile_path(entry.path, catalog).warnings} == {}


def test_validate_prints_warnings_and_exits_0(tmp_path: Path) -> None:
    path = house(tmp_path, plays={"kills": ["B by R", "R alone by 2 twos, +1 card"]})
    result = gouji("validate", path)
    assert result.exit_code == 0, result.output
    assert f"{path}:11:" in result.stderr and ": warning: plays.kills[1]" in result.stderr
    assert "  hint: add ', any rank'" in result.stderr
    assert result.stdout.startswith(f"{path}: ok — house")


def test_validate_speaks_chinese(tmp_path: Path) -> None:
    path = house(tmp_path, plays={"kills": ["B by R", "R alone by 2 twos, +1 card"]}, tribute={"shao_cards": 2})
    result = gouji("validate", "--lang", "zh", path)
    assert result.exit_code == 0
    assert ": 警告: 打王规则 plays.kills[1]「R alone by 2 twos, +1 card」永远用不上" in result.stderr
    assert "  提示: " in result.stderr and "hint:" not in result.stderr
    assert "指纹" in result.stdout
    bad = house(tmp_path, plays={"kills": ["B by R", "R by 2R，+1 card"]})
    result = gouji("validate", "--lang", "zh", bad)
    assert result.exit_code == 1
    assert ": 错误: plays.kills.1 的表达式有误：字符串第 8 列：不应出现 '，'" in result.stderr
    assert "提示: '，' 是全角字符：请写半角的 ','" in result.stderr


def test_jokers_on_threes_set_beside_bie3_is_a_warning(tmp_path: Path) -> None:
    (warning,) = warnings(house(tmp_path, extends=["qingdao", "bie3"], plays={"jokers_with_threes": True}))
    assert warning.message == ("plays.jokers_with_threes is set here but does nothing: it needs bie3.enabled: false")
    assert warnings(house(tmp_path, extends=["qingdao", "bie3"], plays={"jokers_with_threes": False})) == []


def test_two_rules_that_contradict_are_an_error(tmp_path: Path) -> None:
    path = house(tmp_path, extends=["qingdao", "dadian"], kaidian={"opens_with": ["pure", "big-joker"]},
                 gouji={"joker_plays": "big-joker-open"})
    result = gouji("validate", path)
    assert result.exit_code == 1
    assert ": error: kaidian.opens_with says a 够级 play with 大王 opens, but gouji.joker_plays" in result.stderr
    assert "hint: remove big-joker from kaidian.opens_with" in result.stderr


@pytest.mark.parametrize(("forbid", "names"), [("5", "5"), ("jokers alone", "B or R"), ("not 4", "3 or 5 or 6 …")])
def test_a_forbidden_lead_that_could_strand_a_hand_is_an_error(tmp_path: Path, forbid: str, names: str) -> None:
    """A hand of only 5s (only jokers, …) would have no lead: the game could not go on."""
    path = house(tmp_path, plays={"forbidden": ["part of 4", forbid]})
    result = gouji("validate", path)
    assert result.exit_code == 1
    assert f"error: plays.forbidden[1] '{forbid}' forbids leading a bare {names}" in result.stderr
    assert warnings(house(tmp_path, plays={"forbidden": ["part of 4", f"{forbid} on jokers alone"]})) == []


def test_buying_keys_set_without_buying_are_a_warning(tmp_path: Path) -> None:
    found = warnings(house(tmp_path, extends=["qingdao", "bie3"],
                           bie3={"buy_from": "none", "nothing_to_pay": "free", "pay_with": ["twos"]}))
    assert {(d.pointer, d.message.split(":")[1].strip()) for d in found} == {
        ("/bie3/nothing_to_pay", "it needs bie3.buy_from set"), ("/bie3/pay_with", "it needs bie3.buy_from set")}


def test_each_joker_with_too_many_ways_to_share_is_refused_at_kill_cover(tmp_path: Path) -> None:
    """Every input bounded: the ways each-joker shares one play's jokers among the rules are counted when the
    ruleset compiles (32 jokers, three rules a kind: 23,409), not met in the middle of a game."""
    kills = ["B by R", "B by 2B, +1 card each", "B by 3 twos", "R by 2R, +1 card each", "R by 3B", "R by 3 twos"]
    path = house(tmp_path, extends=["dagang", "32-gui"], plays={"kill_cover": "each-joker", "kills": kills})
    result = gouji("validate", path)
    assert result.exit_code == 1 and "share one play's jokers 23,409 ways, more than the 10,000" in result.stderr
    assert "(at /plays/kill_cover)" in result.stderr
    assert warnings(house(tmp_path, extends=["dagang", "32-gui"],
                          plays={"kill_cover": "each-joker", "kills": kills[:2] + kills[3:5]})) == []
