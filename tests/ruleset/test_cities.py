"""Cities by the names people type (ruleset/cities.py) and how the catalogue answers them (issue 32)."""

from __future__ import annotations

import pytest

from gouji_variants.ruleset import cities
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.errors import RulesetError


@pytest.mark.parametrize("name", ["heze", "HeZe", "he-ze", "He Ze", "heze shi", "菏泽", "菏泽市", " 菏泽 "])
def test_a_city_by_pinyin_chinese_and_short_forms(name: str) -> None:
    assert cities.named(name) == cities.City("菏泽", "heze")


@pytest.mark.parametrize("name", ["hez", "菏", "jiangsu", "mudan", "单县", ""])
def test_what_is_not_a_city(name: str) -> None:
    assert cities.named(name) is None


def test_every_city_has_one_pinyin_and_one_chinese_name() -> None:
    assert len({city.zh for city in cities.CITIES}) == len({city.pinyin for city in cities.CITIES}) == 16


def test_a_city_with_several_rulesets_takes_one_and_notes_the_others_once() -> None:
    catalog = Catalog.default()
    for name in ("heze", "Heze", "HE-ZE", "菏泽", "菏泽市") * 20:  # a server looks names up for ever
        assert catalog.find(name).stem == "heze-mudan"
    assert list(catalog.notes) == ["菏泽"]
    en, zh = catalog.notes["菏泽"]
    assert "heze-shanxian (菏泽单县, 单县)" in en and "菏泽还有" in zh
    assert catalog.find("单县").stem == "heze-shanxian" and list(catalog.notes) == ["菏泽"]


@pytest.mark.parametrize("name", ["jinan", "济南", "Jinan Shi", "烟台"])
def test_a_real_city_without_a_ruleset_is_no_typo(name: str) -> None:
    with pytest.raises(RulesetError) as refused:
        Catalog.default().find(name)
    (problem,) = refused.value.diagnostics
    assert "has no ruleset; cities with rulesets: 青岛 (qingdao), 济宁 (jining)" in problem.message
    assert "did you mean" not in problem.render() and "没有规则集" in problem.zh
    assert str(problem.mark) == "" and problem.render().startswith("error: ")


def test_suggestions_come_from_the_kind_asked_for() -> None:
    catalog = Catalog.default()
    with pytest.raises(RulesetError) as packs:
        catalog.find("tingpia", kind="option-pack")
    assert "'tingpai'" in packs.value.diagnostics[0].hint
    with pytest.raises(RulesetError) as rulesets:
        catalog.find("tingpia", kind="ruleset")
    assert "tingpai" not in rulesets.value.diagnostics[0].hint
