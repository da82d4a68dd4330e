"""Compiling rulesets: lossless dump/reload, fingerprint invariance, provenance, extends, lookup."""

from __future__ import annotations

import copy
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji_variants.ruleset import schema
from gouji_variants.ruleset.catalog import ENV_VAR, Catalog
from gouji_variants.ruleset.compiler import compile_path, load_ruleset
from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.ruleset.rules import SECTIONS

BUILT_IN = sorted(RULESETS_DIR.glob("*.yaml"))


def write(folder: Path, name: str, data: dict[str, Any] | str, **dump: Any) -> Path:
    path = folder / name
    text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False, **dump)
    path.write_text(text, encoding="utf-8")
    return path


def child(rule_id: str, extends: list[str], **sections: dict[str, Any]) -> dict[str, Any]:
    return {"id": rule_id, "kind": "ruleset", "name": {"zh": "家规", "en": "House rules"}, "extends": extends,
            **sections}


def pack(pack_id: str, **sections: dict[str, Any]) -> dict[str, Any]:
    return {"id": pack_id, "kind": "option-pack", "name": {"zh": "选项", "en": "Option"}, **sections}


@pytest.fixture(scope="module")
def dagang() -> Ruleset:
    return load_ruleset("dagang")


def value_line(path: Path, section: str, key: str) -> int:
    """The 1-based line where ``section: … key:`` is written in a block-style file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"{section}:")
    for number, line in enumerate(lines[start + 1 :], start + 2):
        if line.lstrip().startswith(f"{key}:"):
            return number
    raise AssertionError(f"{section}.{key} not in {path}")


# ── dump and reload ────────────────────────────────────────────────────────


@pytest.mark.parametrize("path", BUILT_IN, ids=lambda p: p.stem)
def test_built_in_ruleset_dumps_and_reloads_to_the_same_rules(path: Path, tmp_path: Path) -> None:
    original = compile_path(path)
    dumped = write(tmp_path, path.name, original.resolved())
    reloaded = compile_path(dumped)
    assert reloaded.rules == original.rules
    assert reloaded.fingerprint == original.fingerprint
    assert reloaded.resolved() == original.resolved()
    # the dump is self-contained: every rule is set in the dumped file itself
    assert {Path(mark.file).name for mark in reloaded.provenance.values()} == {path.name}
    assert not reloaded.extends


@pytest.mark.parametrize("path", BUILT_IN, ids=lambda p: p.stem)
def test_built_in_ruleset_resolved_data_validates_against_the_schema(path: Path) -> None:
    import jsonschema

    jsonschema.Draft202012Validator(schema.build("2020-12")).validate(compile_path(path).resolved())


def _schema_choices() -> dict[tuple[str, str], Any]:
    """Rules whose allowed values the schema enumerates: booleans, enums and lists of enums."""
    choices: dict[tuple[str, str], Any] = {}
    for section in SECTIONS:
        for key, spec in schema.build()["properties"][section]["properties"].items():
            if spec.get("type") == "boolean":
                choices[(section, key)] = st.booleans()
            elif "enum" in spec:
                choices[(section, key)] = st.sampled_from(spec["enum"])
            elif spec.get("type") == "array" and "enum" in spec.get("items", {}):
                choices[(section, key)] = st.lists(st.sampled_from(spec["items"]["enum"]), min_size=1, unique=True)
    return choices


CHOICES = _schema_choices()


def _fix_exclusions(rules: dict[str, dict[str, Any]]) -> None:
    """Keep a mutated ruleset within the cross-section rules the compiler enforces."""
    if rules["bie3"]["enabled"]:  # 憋3 turns off 会3, 报牌, 挑牌, 亮3 and the 大落 leading (第二十六条)
        rules["hui3"]["choices"] = []
        rules["reporting"]["public_at_most"] = None
        rules["reporting"]["tiaopai"] = False
        rules["first_player"]["first_game"] = "draw"
        rules["first_player"]["later_games"] = "rotate"
    if not rules["turns"]["pass_locks_out"]:  # a rule that needs another (compiler._semantic_problems)
        rules["turns"]["passed_answers_duitou"] = True
    if rules["reporting"]["public_at_most"] is None:
        rules["reporting"]["report_counts"] = "shown"


def _meaning(key: str, value: Any) -> Any:
    """Option lists are sets, except the places of stifled players, whose order matters."""
    return frozenset(value) if isinstance(value, list) and key != "men_places" else value


@st.composite
def mutations(draw: st.DrawFn) -> dict[tuple[str, str], Any]:
    keys = draw(st.lists(st.sampled_from(sorted(CHOICES)), min_size=1, max_size=6, unique=True))
    return {key: draw(CHOICES[key]) for key in keys}


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=mutations())
def test_mutated_rules_compile_dump_and_reload_equal(dagang: Ruleset, changes: dict[tuple[str, str], Any]) -> None:
    data = copy.deepcopy(dagang.resolved())
    data["id"] = "mutated"
    for (section, key), value in changes.items():
        data[section][key] = value
    _fix_exclusions(data)
    with tempfile.TemporaryDirectory() as folder:
        first = compile_path(write(Path(folder), "mutated.yaml", data))
        # what was written is what was compiled (option lists as sets)
        compiled = first.rule_data()
        for section in SECTIONS:
            for key, value in data[section].items():
                assert _meaning(key, compiled[section][key]) == _meaning(key, value)
        again = compile_path(write(Path(folder), "again.yaml", first.resolved()))
    assert again.rules == first.rules
    assert again.fingerprint == first.fingerprint
    assert (first.fingerprint == dagang.fingerprint) == (first.rules == dagang.rules)


# ── fingerprint ────────────────────────────────────────────────────────────


def _shuffled(data: Any, rng: random.Random) -> Any:
    if isinstance(data, dict):
        keys = list(data)
        rng.shuffle(keys)
        return {key: _shuffled(data[key], rng) for key in keys}
    return data


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_fingerprint_ignores_key_order(dagang: Ruleset, seed: int) -> None:
    data = _shuffled(dagang.resolved(), random.Random(seed))
    with tempfile.TemporaryDirectory() as folder:
        reloaded = compile_path(write(Path(folder), "shuffled.yaml", data))
    assert reloaded.rules == dagang.rules
    assert reloaded.fingerprint == dagang.fingerprint


@pytest.mark.parametrize("flow", [True, False], ids=["flow", "block"])
def test_fingerprint_ignores_yaml_style(dagang: Ruleset, tmp_path: Path, flow: bool) -> None:
    path = write(tmp_path, "styled.yaml", dagang.resolved(), default_flow_style=flow, width=10_000)
    text = path.read_text(encoding="utf-8")
    assert text.lstrip().startswith("{") == flow
    assert compile_path(path).fingerprint == dagang.fingerprint


def test_fingerprint_ignores_comments(dagang: Ruleset, tmp_path: Path) -> None:
    text = yaml.safe_dump(dagang.resolved(), allow_unicode=True, sort_keys=False, width=10_000)
    commented = []
    for number, line in enumerate(text.splitlines()):
        commented.append(f"# comment {number}: 小王 by 大王, 4 decks")
        # an end-of-line comment after plain values
        commented.append(line + ("  # why" if line.startswith("  ") and not line.rstrip().endswith(":") else ""))
    path = write(tmp_path, "commented.yaml", "\n".join(commented) + "\n# the end\n")
    assert compile_path(path).fingerprint == dagang.fingerprint


def test_fingerprint_ignores_metadata(dagang: Ruleset, tmp_path: Path) -> None:
    data = dagang.resolved()
    data.update(id="renamed", aliases=["别名", "other"], name={"zh": "另一个名字", "en": "Another name"},
                description={"zh": "不同的说明", "en": "a different description"}, region="somewhere")
    data.pop("sources")
    data.pop("interpretations")
    renamed = compile_path(write(tmp_path, "renamed.yaml", data))
    assert renamed.id == "renamed" and renamed.aliases == ("别名", "other")
    assert renamed.fingerprint == dagang.fingerprint


def test_fingerprint_same_for_restated_and_inherited_values(dagang: Ruleset, tmp_path: Path) -> None:
    inherit = compile_path(write(tmp_path, "inherit.yaml", child("inherit", ["dagang"], score={"manguan": "one-run"})))
    restated_rules = {section: dict(values) for section, values in dagang.rule_data().items()}
    restated_rules["score"]["manguan"] = "one-run"
    restate = compile_path(write(tmp_path, "restate.yaml", child("restate", ["dagang"], **restated_rules)))
    assert restate.rules == inherit.rules
    assert restate.fingerprint == inherit.fingerprint
    assert inherit.fingerprint != dagang.fingerprint
    # a child that restates nothing new has its parent's fingerprint
    same = compile_path(write(tmp_path, "same.yaml", child("same", ["dagang"], plays={"kills": ["B by R"]})))
    assert same.fingerprint == dagang.fingerprint


def test_fingerprint_same_for_other_spellings_of_an_expression(dagang: Ruleset, tmp_path: Path) -> None:
    spelled = child(
        "spelled", ["dagang"],
        deck={"recipe": "4 DECK"},
        plays={"kills": ["b BY r, +0 cards"]},
        gouji={"thresholds": "大王,小王,2,aa,kk,qqq,jjjj,10 10 10 10 10"},
        tribute={"order": "luo"},
    )
    assert compile_path(write(tmp_path, "spelled.yaml", spelled)).fingerprint == dagang.fingerprint


@pytest.mark.parametrize(
    ("section", "values"),
    [
        ("deck", {"recipe": "4 decks, only 6 of 3, remove 2 of 4"}),
        ("plays", {"kills": ["B by R", "R by 2R, +1 card"]}),
        ("plays", {"kills": []}),
        ("gouji", {"thresholds": "R, B, 2, AA, KK, QQQ, JJJJ"}),
        ("reporting", {"public_at_most": 9}),
        ("reporting", {"public_at_most": None}),
        ("kaidian", {"mingdian": {"win": 2, "lose": 4}}),
        ("score", {"points": [4, 2, 0, 0, -2, -5]}),
        ("tribute", {"luo_cards": [1, 1]}),
        ("revolution", {"void_at": 1}),
    ],
)
def test_fingerprint_changes_with_any_real_rule_change(
    dagang: Ruleset, tmp_path: Path, section: str, values: dict[str, Any]
) -> None:
    changed = compile_path(write(tmp_path, "changed.yaml", child("changed", ["dagang"], **{section: values})))
    assert changed.rules != dagang.rules
    assert changed.fingerprint != dagang.fingerprint


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fingerprint_changes_with_any_single_enumerated_change(dagang: Ruleset, data: st.DataObject) -> None:
    section, key = data.draw(st.sampled_from(sorted(CHOICES)))
    current = dagang.rule_data()[section][key]
    value = data.draw(CHOICES[(section, key)].filter(lambda v: _meaning(key, v) != _meaning(key, current)))
    resolved = copy.deepcopy(dagang.resolved())
    resolved[section][key] = value
    _fix_exclusions(resolved)
    with tempfile.TemporaryDirectory() as folder:
        changed = compile_path(write(Path(folder), "changed.yaml", resolved))
    assert changed.fingerprint != dagang.fingerprint


def test_fingerprint_format(dagang: Ruleset) -> None:
    parts = dagang.fingerprint.split("-")
    assert [len(p) for p in parts] == [4, 4, 4]
    assert all(c in "0123456789abcdef" for c in "".join(parts))


def test_fingerprint_ignores_the_order_of_set_like_lists(dagang: Ruleset, tmp_path: Path) -> None:
    reordered = child("reordered", ["dagang"], burning={"conditions": ["one-rank-left", "joker-every-play"]})
    assert compile_path(write(tmp_path, "reordered.yaml", reordered)).fingerprint == dagang.fingerprint


# ── provenance ─────────────────────────────────────────────────────────────


def test_provenance_points_to_the_file_and_line_that_set_each_value(tmp_path: Path) -> None:
    path = write(tmp_path, "house.yaml", (
        "# house rules\n"
        "id: house\n"
        "kind: ruleset\n"
        "name: {zh: 家规, en: House}\n"
        "extends: [qingdao]\n"
        "\n"
        "plays:\n"
        "  kills: [B by R, 'R by 2R, +1 card']\n"
        "score:\n"
        "  manguan: one-run\n"
    ))
    ruleset = compile_path(path)
    kills = ruleset.provenance["plays.kills"]
    assert Path(kills.file).resolve() == path.resolve()
    assert (kills.line, kills.column) == (8, 10)
    manguan = ruleset.provenance["score.manguan"]
    assert Path(manguan.file).resolve() == path.resolve() and (manguan.line, manguan.column) == (10, 12)
    # set in the parent (qingdao) and in the grandparent (dagang)
    qingdao, dagang_file = RULESETS_DIR / "qingdao.yaml", RULESETS_DIR / "dagang.yaml"
    view = ruleset.provenance["reporting.teammate_view_at_most"]
    assert Path(view.file).resolve() == qingdao.resolve()
    assert view.line == value_line(qingdao, "reporting", "teammate_view_at_most")
    wutou = ruleset.provenance["turns.wutou"]
    assert Path(wutou.file).resolve() == dagang_file.resolve()
    assert wutou.line == value_line(dagang_file, "turns", "wutou")
    # every rule has a provenance
    assert {key.split(".")[0] for key in ruleset.provenance} == set(SECTIONS)
    assert str(kills).endswith(":8:10")


# ── extends and option packs ───────────────────────────────────────────────


@pytest.mark.parametrize("by_path", [False, True], ids=["by-id", "by-path"])
def test_later_extends_entries_win(tmp_path: Path, by_path: bool) -> None:
    write(tmp_path, "pack-a.yaml", pack("pack-a", score={"manguan": "one-run"}, turns={"wutou": False}))
    write(tmp_path, "pack-b.yaml", pack("pack-b", score={"manguan": "top-three"}))
    catalog = Catalog.default([tmp_path])
    a, b = ("pack-a.yaml", "pack-b.yaml") if by_path else ("pack-a", "pack-b")
    ab = compile_path(write(tmp_path, "ab.yaml", child("ab", ["dagang", a, b])), catalog)
    ba = compile_path(write(tmp_path, "ba.yaml", child("ba", ["dagang", b, a])), catalog)
    assert ab.rules.score.manguan == "top-three"
    assert Path(ab.provenance["score.manguan"].file).name == "pack-b.yaml"
    assert ba.rules.score.manguan == "one-run"
    assert Path(ba.provenance["score.manguan"].file).name == "pack-a.yaml"
    # a key only one pack sets comes from it whatever the order
    assert ab.rules.turns.wutou is False and ba.rules.turns.wutou is False
    # and the child's own value beats every pack
    own = child("own", ["dagang", a, b], score={"manguan": "none"})
    assert compile_path(write(tmp_path, "own.yaml", own), catalog).rules.score.manguan == "none"


def test_option_pack_alone_is_applied_on_dagang(dagang: Ruleset, tmp_path: Path) -> None:
    path = write(tmp_path, "erdayi.yaml", pack("erdayi", plays={"kills": ["B by R", "R by 2R, +1 card"]}))
    compiled = compile_path(path)
    assert compiled.kind == "option-pack"
    assert compiled.rule_data()["plays"]["kills"] == ["B by R", "R by 2R, +1 card"]
    expected = dagang.rule_data()
    expected["plays"]["kills"] = ["B by R", "R by 2R, +1 card"]
    assert compiled.rule_data() == expected
    assert Path(compiled.provenance["turns.wutou"].file).resolve() == (RULESETS_DIR / "dagang.yaml").resolve()
    assert Path(compiled.provenance["plays.kills"].file).resolve() == path.resolve()


def test_ruleset_without_a_base_reports_the_missing_rules(tmp_path: Path) -> None:
    bare = {"id": "bare", "kind": "ruleset", "name": {"zh": "空", "en": "Bare"}, "score": {"manguan": "none"}}
    with pytest.raises(RulesetError) as caught:
        compile_path(write(tmp_path, "bare.yaml", bare))
    (one,) = caught.value.diagnostics  # one answer for one mistake, not a line per rule
    text = caught.value.render()
    assert "names no base" in text and "rules have no value: deck.recipe" in text and "extends: [dagang]" in text
    assert "score.manguan" not in text
    assert "bare.yaml" in text
    assert "没有写基础规则集" in caught.value.render("zh")


# ── lookup ─────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("qingdao", "qingdao"),
        ("青岛", "qingdao"),  # alias
        ("青岛够级", "qingdao"),  # Chinese name
        ("QingDao", "qingdao"),  # English name, any case
        ("TSINGTAO", "qingdao"),  # alias, any case
        ("gouji outline (STANDARD rules)", "dagang"),
        ("大纲", "dagang"),
    ],
)
def test_lookup_by_id_alias_and_names(ref: str, expected: str) -> None:
    assert Catalog.default().find(ref) == (RULESETS_DIR / f"{expected}.yaml").resolve()
    assert load_ruleset(ref).id == expected


def test_lookup_by_path(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_ruleset(str(RULESETS_DIR / "qingdao.yaml")).id == "qingdao"
    monkeypatch.chdir(RULESETS_DIR)
    assert load_ruleset("qingdao.yaml").id == "qingdao"
    assert load_ruleset("./dagang.yaml").id == "dagang"
    with pytest.raises(RulesetError, match="no ruleset file"):
        load_ruleset("missing.yaml")


def test_unknown_name_suggests_close_ones() -> None:
    with pytest.raises(RulesetError) as caught:
        Catalog.default().find("qingdoa")
    diagnostic = caught.value.diagnostics[0]
    assert "no ruleset named 'qingdoa'" in diagnostic.message
    assert "qingdao" in diagnostic.hint


def _shadow(folder: Path, rule_id: str, zh: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = child(rule_id, ["dagang"], score={"manguan": "one-run"})
    data["name"] = {"zh": zh, "en": zh}
    return write(folder, f"{rule_id}.yaml", data)


def test_rulesets_dir_is_searched_before_the_built_in_rulesets(tmp_path: Path) -> None:
    mine = _shadow(tmp_path / "mine", "qingdao", "我的青岛")
    house = _shadow(tmp_path / "mine", "house", "家规")
    catalog = Catalog.default([tmp_path / "mine"])
    assert catalog.find("qingdao") == mine.resolve()
    assert catalog.find("我的青岛") == mine.resolve()
    assert catalog.find("house") == house.resolve()
    assert catalog.find("dagang") == (RULESETS_DIR / "dagang.yaml").resolve()
    assert load_ruleset("qingdao", catalog).rules.score.manguan == "one-run"
    with pytest.raises(RulesetError):
        Catalog.default().find("house")


def test_environment_folders_are_searched_after_rulesets_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _shadow(tmp_path / "env1", "house", "环境一")
    second = _shadow(tmp_path / "env2", "house", "环境二")
    only_second = _shadow(tmp_path / "env2", "second", "第二")
    monkeypatch.setenv(ENV_VAR, f"{tmp_path / 'env1'}{os.pathsep}{tmp_path / 'env2'}")
    catalog = Catalog.default()
    assert catalog.find("house") == first.resolve()
    assert catalog.find("second") == only_second.resolve()
    assert catalog.find("环境二") == second.resolve()  # later folders are still searched by name
    flag = _shadow(tmp_path / "flag", "house", "命令行")
    assert Catalog.default([tmp_path / "flag"]).find("house") == flag.resolve()
