"""One clear answer per mistake a house-rules writer makes at the command line (issue 32): two files with one id,
a ruleset where records are expected and the reverse, a name of the wrong kind, a city, a Chinese file name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cli_helpers import gouji

from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.versions import RULESET_FORMAT

ROOT = Path(__file__).resolve().parents[2]


def _twins(folder: Path) -> tuple[Path, Path]:
    """Two files with the id 'laowang': a.yaml (found first, so used) and b.yaml (different rules)."""
    folder.mkdir()
    first, second = folder / "a.yaml", folder / "b.yaml"
    first.write_text("id: laowang\nkind: ruleset\nname: {zh: 老王, en: Lao Wang}\nextends: [dagang]\n",
                     encoding="utf-8")
    second.write_text("id: laowang\nkind: ruleset\nname: {zh: 老王二, en: Lao Wang 2}\nextends: [dagang]\n"
                      "tribute: {luo_cards: [3, 1]}\n", encoding="utf-8")
    return first, second


@pytest.mark.parametrize("command", [["list"], ["show", "laowang"], ["fingerprint", "laowang"],
                                     ["validate", "laowang"], ["play", "-r", "laowang", "--seed", "1"]])
def test_two_files_with_one_id_are_named_in_every_command(command: list[str], tmp_path: Path) -> None:
    first, second = _twins(tmp_path / "rules")
    result = gouji("--rulesets-dir", tmp_path / "rules", *command)
    warnings = [line for line in result.stderr.splitlines() if "two files have the id 'laowang'" in line]
    assert len(warnings) == 1, result.stderr
    assert warnings[0].startswith(f"{second}:1:5: warning: ") and f"{first} is used, {second} is not" in warnings[0]
    if command[0] == "fingerprint":
        assert result.stdout.startswith(load_ruleset("dagang").fingerprint)  # a.yaml's rules: dagang's


def test_the_warning_on_two_ids_reads_in_chinese_with_lang_zh(tmp_path: Path) -> None:
    _twins(tmp_path / "rules")
    result = gouji("--rulesets-dir", tmp_path / "rules", "validate", "--lang", "zh", "laowang")
    assert "警告: 两个文件的 id 都是 'laowang'" in result.stderr


def test_a_ruleset_given_to_replay_is_named_as_such() -> None:
    result = gouji("replay", RULESETS_DIR / "qingdao.yaml")
    assert result.exit_code == 2
    assert "is a ruleset file (id 'qingdao'), not game records" in result.stderr
    assert "gouji validate" in result.stderr and "game 1" not in result.stderr and "not JSON" not in result.stderr


@pytest.mark.parametrize("command", ["validate", "show", "fingerprint"])
def test_records_given_as_a_ruleset_are_named_as_such(command: str) -> None:
    records = ROOT / "tests" / "records" / "compat" / "bie3.jsonl"
    result = gouji(command, records)
    assert result.exit_code in (1, 2)
    assert result.stderr.count("error") == 1, result.stderr
    assert "this is a file of game records (format gouji-game/1), not a ruleset" in result.stderr
    assert "'bie3'" in result.stderr


def test_a_single_record_as_a_ruleset_is_named_as_such(tmp_path: Path) -> None:
    line = (ROOT / "tests" / "records" / "compat" / "bie3.jsonl").read_text(encoding="utf-8").splitlines()[0]
    single = tmp_path / "game.json"
    single.write_text(json.dumps(json.loads(line), indent=2), encoding="utf-8")
    result = gouji("validate", "--lang", "zh", single)
    assert result.exit_code == 1 and "这是对局记录文件" in result.stderr


def test_a_rule_area_given_as_a_pack_is_not_answered_with_another_pack(tmp_path: Path) -> None:
    result = gouji("new", tmp_path / "mine.yaml", "--with", "烧牌")
    assert result.exit_code == 2 and "停牌" not in result.stderr
    assert "烧牌 is a rule area (burning), not a ruleset" in result.stderr


def test_a_misspelt_pack_is_answered_with_packs_only(tmp_path: Path) -> None:
    result = gouji("new", tmp_path / "mine.yaml", "--with", "dagnag")
    assert result.exit_code == 2 and "dagang" not in result.stderr.split("hint:")[-1]
    wrong_kind = gouji("new", tmp_path / "mine.yaml", "-r", "qingdoa")
    assert "qingdao" in wrong_kind.stderr and "dadian" not in wrong_kind.stderr


def test_an_unknown_name_carries_no_command_line_mark() -> None:
    result = gouji("fingerprint", "dadain")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no ruleset named 'dadain'") and "<command line>" not in result.stderr
    chinese = gouji("validate", "--lang", "zh", "dadain")
    assert chinese.stderr.startswith("错误: 没有名为 'dadain' 的规则集") and "是不是 'dadian'" in chinese.stderr


@pytest.mark.parametrize("name", ["heze", "Heze", "He-ze", "菏泽", "菏泽市"])
def test_a_city_by_any_of_its_names_picks_one_and_tells_how_to_reach_the_others(name: str) -> None:
    result = gouji("fingerprint", name)
    assert result.exit_code == 0 and "(heze-mudan)" in result.stdout
    assert "菏泽 has more: heze-shanxian (菏泽单县, 单县)" in result.stderr
    assert gouji("fingerprint", "单县").stdout.endswith("(heze-shanxian)\n")


def test_a_real_city_without_a_ruleset_is_answered_as_such() -> None:
    result = gouji("show", "济南")
    assert result.exit_code == 2 and "济宁" not in result.stderr.split("cities with rulesets")[0]
    assert "济南 (jinan) has no ruleset; cities with rulesets: 青岛 (qingdao), 济宁 (jining)" in result.stderr
    assert "菏泽 (heze-mudan, heze-shanxian)" in result.stderr
    assert "济南没有规则集" in gouji("validate", "--lang", "zh", "jinan").stderr


def test_new_names_house_rules_from_a_chinese_file_name(tmp_path: Path) -> None:
    target = tmp_path / "老王家规.yaml"
    assert gouji("new", target).exit_code == 0
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert data["id"] == "lao-wang-jia-gui" and data["format"] == RULESET_FORMAT
    assert data["name"] == {"zh": "老王家规", "en": "Lao Wang house rules"}
    assert gouji("validate", target).exit_code == 0


@pytest.mark.parametrize("command", [["validate"], ["diff"], ["diff", "--lang", "zh"]])
def test_a_file_without_extends_is_one_error_naming_the_base(command: list[str]) -> None:
    result = gouji(*command, ROOT / "tests" / "malformed" / "ruleset-missing-values.yaml")
    assert result.exit_code in (1, 2)
    lines = [line for line in result.stderr.splitlines() if not line.startswith("  ")]
    assert len(lines) == 1, result.stderr
    assert ("names no base" in lines[0] or "没有写基础规则集" in lines[0]) and "extends: [dagang]" in result.stderr
