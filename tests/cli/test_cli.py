"""The ``gouji`` command line, through click's test runner."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from cli_helpers import gouji

from gouji_variants.ruleset import schema
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.catalog import ENV_VAR
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.text.judge import judge

JUDGE_KEYS = {"ruleset", "fingerprint", "play", "on", "valid", "gouji", "pure_gouji", "beats", "rule", "reason"}
MARK = re.compile(r"^.+:\d+:\d+$")


def judge_json(*args: str | Path) -> tuple[int, dict[str, Any]]:
    result = gouji("judge", "--json", *args)
    data = json.loads(result.stdout)
    assert set(data) == JUDGE_KEYS | ({"rules"} if "--explain" in args else set())
    assert set(data["reason"]) == {"zh", "en"}
    return result.exit_code, data


def house_folder(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.yaml").write_text(
        "id: house\nkind: ruleset\nname: {zh: 家规, en: House}\naliases: [我家]\nextends: [dagang]\n"
        "plays:\n  kills: [B by R, 'R by 2R, +1 card']\n",
        encoding="utf-8",
    )
    return folder


# ── list ───────────────────────────────────────────────────────────────────


def test_list_shows_ids_and_fingerprints() -> None:
    result = gouji("list")
    assert result.exit_code == 0
    for rule_id in ("dagang", "qingdao"):
        ruleset = load_ruleset(rule_id)
        assert rule_id in result.stdout
        assert ruleset.fingerprint in result.stdout
        assert ruleset.name_zh in result.stdout


def test_list_json() -> None:
    result = gouji("list", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    by_id = {row["id"]: row for row in rows}
    built_in = {yaml.safe_load(path.read_text(encoding="utf-8"))["id"] for path in RULESETS_DIR.glob("*.yaml")}
    assert built_in <= set(by_id)
    assert by_id["qingdao"]["fingerprint"] == load_ruleset("qingdao").fingerprint
    assert "青岛" in by_id["qingdao"]["aliases"]
    assert by_id["dagang"]["kind"] == "ruleset"
    assert all(re.fullmatch(r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}", row["fingerprint"]) for row in rows)


def test_list_includes_extra_folders_and_reports_broken_files(tmp_path: Path) -> None:
    folder = house_folder(tmp_path / "mine")
    broken = "id: broken\nkind: ruleset\nname: {zh: 坏, en: Broken}\nturns: {jiefeng: maybe}\n"
    (folder / "broken.yaml").write_text(broken, encoding="utf-8")
    result = gouji("--rulesets-dir", folder, "list", "--json")
    assert result.exit_code == 0
    by_id = {row["id"]: row for row in json.loads(result.stdout)}
    assert by_id["house"]["fingerprint"] == load_ruleset(str(folder / "house.yaml")).fingerprint
    assert by_id["broken"]["fingerprint"] == "invalid"
    assert "jiefeng" in by_id["broken"]["error"] or "maybe" in by_id["broken"]["error"]
    # the environment variable adds folders too
    env = gouji("list", "--json", env={ENV_VAR: str(folder)})
    assert "house" in {row["id"] for row in json.loads(env.stdout)}


# ── show ───────────────────────────────────────────────────────────────────


def test_show_own_yaml() -> None:
    result = gouji("show", "qingdao")
    assert result.exit_code == 0
    qingdao = load_ruleset("qingdao")
    assert result.stdout.startswith(f"# qingdao: 青岛够级 / Qingdao — fingerprint {qingdao.fingerprint}")
    assert yaml.safe_load(result.stdout) == dict(qingdao.own)


@pytest.mark.parametrize("ref", ["青岛", "qingdao", "Tsingtao", "青岛够级"])
def test_show_resolved_provenance_json(ref: str) -> None:
    result = gouji("show", ref, "--resolved", "--provenance", "--format", "json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    qingdao = load_ruleset("qingdao")
    assert payload["id"] == "qingdao" and payload["fingerprint"] == qingdao.fingerprint
    assert payload["ruleset"] == qingdao.resolved()
    provenance = payload["provenance"]
    assert set(provenance) == set(qingdao.provenance)
    assert all(MARK.match(mark) for mark in provenance.values()), provenance
    assert Path(provenance["reporting.teammate_view_at_most"].rsplit(":", 2)[0]).name == "qingdao.yaml"
    assert Path(provenance["turns.wutou"].rsplit(":", 2)[0]).name == "dagang.yaml"


def test_show_own_provenance_lists_only_the_files_own_rules() -> None:
    payload = json.loads(gouji("show", "qingdao", "--provenance", "--format", "json").stdout)
    own = dict(load_ruleset("qingdao").own)
    expected = {f"{section}.{key}" for section, values in own.items() if isinstance(values, dict)
                for key in values if section not in ("name", "description")}
    assert set(payload["provenance"]) == expected


def test_show_resolved_yaml_round_trips(tmp_path: Path) -> None:
    result = gouji("show", "qingdao", "--resolved", "--provenance")
    assert result.exit_code == 0
    assert re.search(r"  wutou: true  # .*dagang\.yaml:\d+:\d+", result.stdout)
    dumped = tmp_path / "dumped.yaml"
    dumped.write_text(result.stdout, encoding="utf-8")
    check = gouji("validate", dumped)
    assert check.exit_code == 0
    assert load_ruleset("qingdao").fingerprint in check.stdout


def test_show_unknown_ruleset_fails_cleanly() -> None:
    result = gouji("show", "qingdoa")
    assert result.exit_code != 0
    assert "no ruleset named 'qingdoa'" in result.stderr
    assert "qingdao" in result.stderr  # the suggestion


# ── validate ───────────────────────────────────────────────────────────────


def test_validate_built_in_rulesets() -> None:
    files = sorted(RULESETS_DIR.glob("*.yaml"))
    result = gouji("validate", *files)
    assert result.exit_code == 0
    assert result.stdout.count(": ok") == len(files)


def test_validate_invalid_file_exits_1_with_a_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nkind: ruleset\nname: {zh: 坏, en: Bad}\nextends: [dagang]\nturns:\n  jiefeng: maybe\n",
                   encoding="utf-8")
    result = gouji("validate", bad)
    assert result.exit_code == 1
    assert re.search(r"bad\.yaml:6:12: error: 'maybe' is not one of", result.stderr)
    # one bad file among good ones still fails
    assert gouji("validate", RULESETS_DIR / "dagang.yaml", bad).exit_code == 1


def test_validate_bad_expression_shows_a_caret(tmp_path: Path) -> None:
    bad = tmp_path / "bad-kill.yaml"
    bad.write_text("id: bad-kill\nkind: ruleset\nname: {zh: 坏, en: Bad}\nextends: [dagang]\n"
                   "plays:\n  kills: ['R by 0R']\n", encoding="utf-8")
    result = gouji("validate", bad)
    assert result.exit_code == 1
    assert "column 6" in result.stderr
    assert "    R by 0R\n         ^" in result.stderr


@pytest.mark.parametrize(("args", "says"), [((), "Usage:"), (("missing.yaml",), "error: no ruleset file"),
                                             (("qingdoa",), "did you mean 'qingdao'")],
                         ids=["no-args", "missing-file", "unknown-id"])
def test_validate_usage_errors_exit_2(args: tuple[str, ...], says: str, tmp_path: Path) -> None:
    result = gouji("validate", *(str(tmp_path / a) if a.endswith(".yaml") else a for a in args))
    assert result.exit_code == 2
    assert says in result.output


def test_validate_accepts_ids_like_show() -> None:
    result = gouji("validate", "qingdao", "青岛", "dagang")
    assert result.exit_code == 0, result.output
    assert result.stdout.count(": ok — qingdao, fingerprint") == 2


# ── schema ─────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("args", "draft", "meta"),
    [
        ((), "https://json-schema.org/draft/2020-12/schema", jsonschema.Draft202012Validator),
        (("--draft", "2020-12"), "https://json-schema.org/draft/2020-12/schema", jsonschema.Draft202012Validator),
        (("--draft", "07"), "http://json-schema.org/draft-07/schema#", jsonschema.Draft7Validator),
    ],
)
def test_schema(args: tuple[str, ...], draft: str, meta: Any) -> None:
    result = gouji("schema", *args)
    assert result.exit_code == 0
    printed = json.loads(result.stdout)
    assert printed["$schema"] == draft
    meta.check_schema(printed)
    # the built-in rulesets' resolved data satisfy it
    meta(printed).validate(load_ruleset("qingdao").resolved())
    # and it is the committed file
    name = schema.FILES["07" if "07" in args else "2020-12"]
    assert result.stdout == (schema.SCHEMA_DIR / name).read_text(encoding="utf-8")


def test_schema_rejects_unknown_draft() -> None:
    assert gouji("schema", "--draft", "04").exit_code == 2


# ── new ────────────────────────────────────────────────────────────────────


def test_new_writes_a_valid_file_with_the_modeline(tmp_path: Path) -> None:
    target = tmp_path / "My Rules.yaml"
    result = gouji("new", target, "--from", "qingdao")
    assert result.exit_code == 0
    text = target.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert Path(first.split("$schema=", 1)[1]).is_file()
    data = yaml.safe_load(text)
    assert data["id"] == "my-rules" and data["extends"] == ["qingdao"]
    check = gouji("validate", target)
    assert check.exit_code == 0
    assert load_ruleset("qingdao").fingerprint in check.stdout


def test_new_commented_rules_can_be_uncommented(tmp_path: Path) -> None:
    target = tmp_path / "house.yaml"
    assert gouji("new", target, "--from", "青岛").exit_code == 0
    lines = target.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# The rules"))
    target.write_text("\n".join(lines[: start + 1] + [line[2:] for line in lines[start + 1 :]]) + "\n",
                      encoding="utf-8")
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert data["plays"]["kills"] == ["B by R"] and data["reporting"]["teammate_view_at_most"] == 10
    check = gouji("validate", target)
    assert check.exit_code == 0
    assert load_ruleset("qingdao").fingerprint in check.stdout


def test_new_refuses_to_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("# my precious rules\n", encoding="utf-8")
    result = gouji("new", target, "--from", "qingdao")
    assert result.exit_code != 0
    assert "already exists" in result.stderr
    assert target.read_text(encoding="utf-8") == "# my precious rules\n"


def test_new_from_unknown_ruleset_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    result = gouji("new", target, "--from", "nowhere")
    assert result.exit_code != 0
    assert not target.exists()


def test_new_with_packs_extends_them_and_shows_their_values(tmp_path: Path) -> None:
    target = tmp_path / "my.yaml"
    result = gouji("new", target, "--from", "qingdao", "--with", "bie3,dadian")
    assert result.exit_code == 0, result.output
    assert "(extends qingdao + bie3 + dadian)" in result.stdout
    text = target.read_text(encoding="utf-8")
    assert yaml.safe_load(text)["extends"] == ["qingdao", "bie3", "dadian"]
    assert "#   enabled: true" in text.split("# bie3:", 1)[1].splitlines()[1]  # bie3's value, not qingdao's
    assert "#   order: 点 > 落" in text
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# The rules"))
    target.write_text("\n".join(lines[: start + 1] + [line[2:] for line in lines[start + 1 :]]) + "\n",
                      encoding="utf-8")
    check = gouji("validate", target)
    assert check.exit_code == 0, check.stderr
    assert check.stderr == ""  # the values shown are those of the packs on qingdao: restating them warns of nothing


@pytest.mark.parametrize(("args", "message"), [
    (("--with", "jining"), "jining is a ruleset, not an option pack"),
    (("--with", "bie3,nowhere"), "no ruleset named 'nowhere'"),
])
def test_new_with_a_ruleset_or_an_unknown_pack_writes_nothing(tmp_path: Path, args: tuple[str, ...],
                                                              message: str) -> None:
    target = tmp_path / "mine.yaml"
    result = gouji("new", target, "-r", "qingdao", *args)
    assert result.exit_code == 2 and message in result.stderr
    assert not target.exists()


def test_new_on_a_pack_says_to_add_it_with_with(tmp_path: Path) -> None:
    result = gouji("new", tmp_path / "mine.yaml", "-r", "bie3")
    assert result.exit_code == 2 and "add the pack with --with bie3" in result.stderr


# ── judge ──────────────────────────────────────────────────────────────────


def test_judge_json_contract_with_on() -> None:
    code, data = judge_json("--on", "B888", "R999")
    assert code == 0
    # the CLI prints exactly the library's judgement (whose content tests/text/test_judge.py checks)
    assert data == judge(load_ruleset("dagang"), Cards.parse("R999"), Cards.parse("B888")).to_json()


def test_judge_explain_lists_the_kill_rules_and_forbidden_plays() -> None:
    """--explain (issue 26): every rule a verdict may name, by that id, with its text and sentence."""
    house = Path(__file__).resolve().parents[2] / "examples" / "house-rules.yaml"
    code, data = judge_json("--explain", "-r", house, "--on", "88BR", "99RRR")
    assert code == 0 and data["rule"] == "plays.kills[0+1]"
    listed = {line["rule"]: line for line in data["rules"]}
    assert list(listed) == ["plays.kill_cover", "plays.kills[0]", "plays.kills[1]", "plays.kills[2]",
                            "plays.kills[3]", "plays.forbidden[0]", "plays.forbidden[1]", "plays.forbidden[2]"]
    assert listed["plays.kill_cover"]["text"] == "each-joker" and "shared among" in listed["plays.kill_cover"]["en"]
    code, shared = judge_json("--explain", "-r", house, "--on", "7RR", "8RRW")  # issue 36: a kind's jokers shared
    assert code == 0 and shared["rule"] == "plays.kills[1+3]" and "'R by W'" in shared["reason"]["en"]
    assert listed["plays.kills[1]"]["text"] == "R by 2R, +1 card each"
    assert "one more card for each 大王 it kills" in listed["plays.kills[1]"]["en"]
    assert listed["plays.forbidden[0]"]["zh"].startswith("不许出4带2")
    text = gouji("judge", "--explain", "-r", house, "--on", "88BR", "99RRR")
    assert "  plays.forbidden[1]: part of 4\n" in text.output and "    不许出只出手中一部分4\n" in text.output
    plain = gouji("judge", "--explain", "R999", "--on", "B888")  # dagang: no forbidden plays, a dead 大王
    assert plain.exit_code == 0 and "plays.kills[0]: B by R" in plain.output and "forbidden" not in plain.output
    assert "plays.kill_cover: highest" in plain.output and "rules" not in judge_json("R999")[1]


def test_judge_without_on_classifies() -> None:
    code, data = judge_json("a a")
    assert code == 0
    assert data["play"] == "AA" and data["on"] is None and data["beats"] is None
    assert (data["valid"], data["gouji"], data["pure_gouji"]) == (True, True, True)
    assert data["rule"] == "gouji.thresholds"
    code, data = judge_json("99")
    assert code == 0 and data["gouji"] is False and data["beats"] is None


def test_judge_canonicalises_the_notation() -> None:
    code, data = judge_json("--on", "8 8 小王 8", "大王 9 10 10 10")
    # one rank per play: 9 and 10 mixed is illegal, and the printed form is canonical
    assert code == 1 and data["valid"] is False and data["play"] == "9TTTR" and data["on"] == "888B"
    assert data["rule"] == "plays.one-rank" and data["beats"] is False


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (("89",), "plays.one-rank"),  # illegal
        (("--on", "99", "88"), "plays.higher-rank"),  # legal, does not beat
        (("--on", "88", "999"), "plays.same-count"),
        (("--on", "R888", "RR999"), "plays.kills"),  # a 大王 play is dead under dagang
    ],
)
def test_judge_exit_1_when_illegal_or_not_beating(args: tuple[str, ...], rule: str) -> None:
    code, data = judge_json(*args)
    assert code == 1
    assert data["rule"] == rule
    assert data["valid"] is False or data["beats"] is False


def test_judge_text_output() -> None:
    result = gouji("judge", "--on", "QQ", "K2")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "K2: beats QQ, 够级"
    assert "rule plays.higher-rank" in result.stdout
    refused = gouji("judge", "--on", "AA", "KK")
    assert refused.exit_code == 1 and "does not beat AA" in refused.stdout


def test_judge_with_ruleset_by_alias_and_extra_folder(tmp_path: Path) -> None:
    folder = house_folder(tmp_path / "mine")
    dead = gouji("judge", "--json", "-r", "青岛", "--on", "R888", "RR999")
    assert dead.exit_code == 1 and json.loads(dead.stdout)["ruleset"] == "qingdao"
    # 003:55 红鬼二打一 in a user folder
    result = gouji("--rulesets-dir", folder, "judge", "--json", "-r", "我家", "--on", "R888", "RR999")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["ruleset"] == "house" and data["beats"] is True and data["rule"] == "plays.kills[1]"
    by_path = gouji("judge", "--json", "-r", folder / "house.yaml", "--on", "R888", "RR999")
    assert by_path.exit_code == 0
    by_env = gouji("judge", "--json", "-r", "house", "--on", "R888", "RR999", env={ENV_VAR: str(folder)})
    assert by_env.exit_code == 0 and json.loads(by_env.stdout)["fingerprint"] == data["fingerprint"]


@pytest.mark.parametrize("json_flag", [(), ("--json",)], ids=["text", "json"])
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("8x9",), "column 2: unexpected 'x'"),
        (("",), "found nothing"),
        (("--on", "8y8", "99"), "PREV '8y8' is not card notation"),
        (("--on", "89", "99"), "PREV '89' is not a legal play"),
        (("-r", "nope", "99"), "no ruleset named 'nope'"),
        (("--bogus", "99"), "No such option"),
        ((), "Missing argument"),
    ],
)
def test_judge_exit_2_for_bad_input(json_flag: tuple[str, ...], args: tuple[str, ...], needle: str) -> None:
    result = gouji("judge", *json_flag, *args)
    assert result.exit_code == 2
    assert needle in result.output
    assert result.stdout == ""


def test_judge_bad_notation_shows_a_caret() -> None:
    result = gouji("judge", "KK 大王 X")
    assert result.exit_code == 2
    assert "column 7" in result.stderr
    lines = result.stderr.splitlines()
    text_line = next(i for i, line in enumerate(lines) if line.strip() == "KK 大王 X")
    assert lines[text_line + 1].endswith("^")
    # the caret sits under the X, counting the CJK characters as two cells
    assert lines[text_line + 1].index("^") == lines[text_line].index("X") + 2


def test_version() -> None:
    result = gouji("--version")
    assert result.exit_code == 0 and "gouji" in result.stdout
