"""The page's rules endpoints through Starlette's test client: the rulesets, one ruleset, the form, check and
diff, and the requests they refuse."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="httpx (the [test] extra) is not installed")

from starlette.applications import Starlette  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from gouji_variants.ruleset.compiler import load_ruleset  # noqa: E402
from gouji_variants.server import rulesapi  # noqa: E402

HOUSE = "id: house\nkind: ruleset\nname: {zh: 家规, en: House}\nextends: [qingdao]\n"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(Starlette(routes=rulesapi.routes)) as test_client:
        yield test_client


def check(client: TestClient, yaml: str, name: str = "house.yaml") -> dict[str, Any]:
    response = client.post("/api/v1/check", json={"yaml": yaml, "name": name})
    assert response.status_code == 200
    answer: dict[str, Any] = response.json()
    return answer


def test_the_rulesets_list_ids_names_regions_descriptions_and_packs(client: TestClient) -> None:
    rulesets = client.get("/api/v1/rulesets").json()["rulesets"]
    by_id = {r["id"]: r for r in rulesets}
    assert rulesets[0]["id"] == "dagang"
    assert by_id["qingdao"]["name"]["zh"] == "青岛够级" and by_id["qingdao"]["region"]
    assert by_id["qingdao"]["description"]["en"] and by_id["qingdao"]["kind"] == "ruleset"
    assert by_id["bie3"]["kind"] == "option-pack"
    assert by_id["jining"]["fingerprint"] == load_ruleset("jining").fingerprint


def test_one_ruleset_by_its_chinese_name_has_its_yaml_card_and_fingerprint(client: TestClient) -> None:
    found = client.get("/api/v1/rulesets/青岛").json()
    qingdao = load_ruleset("qingdao")
    assert found["id"] == "qingdao" and found["fingerprint"] == qingdao.fingerprint
    assert found["yaml"] == qingdao.path.read_text(encoding="utf-8")
    assert found["card"]["zh"]["fingerprint"] == qingdao.fingerprint
    assert [d["key"] for d in found["card"]["en"]["departures"]] == ["reporting.teammate_view_at_most"]
    assert found["sentences"]["burning.enabled"]["zh"].endswith("。")
    assert found["provenance"]["plays.kills"].startswith("dagang.yaml:")


@pytest.mark.parametrize("ref", ["nowhere", "passwd.yaml", "dagang.yaml"])
def test_an_unknown_ruleset_is_404_with_a_diagnostic(client: TestClient, ref: str) -> None:
    response = client.get(f"/api/v1/rulesets/{ref}")
    assert response.status_code == 404
    assert response.json()["diagnostics"][0]["message"].startswith("no ruleset")


def test_the_form_describes_every_rule_from_the_schema_and_the_explanations(client: TestClient) -> None:
    form = client.get("/api/v1/form").json()
    rules = {rule["key"]: rule for section in form["sections"] for rule in section["rules"]}
    burning = rules["burning.enabled"]
    assert burning["gate"] and burning["schema"] == {"type": "boolean"} and burning["default"] is True
    assert {option["value"] for option in burning["options"]} == {True, False}
    assert all(option["zh"] and option["en"] for option in burning["options"])
    assert rules["plays.kills"]["schema"]["items"]["x-expression"] == "kill"
    assert rules["burning.conditions"]["needs"] == ["burning.enabled: true"]
    assert rules["first_player.first_game"]["readings"][0]["ruleset"] == "dagang"
    assert "000:120" in rules["plays.kills"]["readings"][0]["citations"]
    assert {pack["id"] for pack in form["packs"]} >= {"bie3", "dadian", "hui3"}
    assert "bie3.enabled" in next(p for p in form["packs"] if p["id"] == "bie3")["sets"]


def test_check_gives_the_fingerprint_and_card_of_valid_yaml(client: TestClient) -> None:
    answer = check(client, HOUSE + "burning:\n  enabled: false\n")
    assert answer["ok"] and answer["diagnostics"] == []
    assert answer["fingerprint"] != load_ruleset("qingdao").fingerprint
    assert "burning.enabled" in [d["key"] for d in answer["card"]["zh"]["departures"]]
    assert answer["rules"]["burning"]["enabled"] is False and answer["own"]["extends"] == ["qingdao"]


def test_check_gives_validates_located_errors(client: TestClient) -> None:
    answer = check(client, HOUSE + "plays:\n  kills: [B by RR]\ngouji:\n  thresholds: R, B, 2, ZZ\n", "../x.yaml")
    assert not answer["ok"]
    located = [(d["file"], d["line"], d["pointer"]) for d in answer["diagnostics"]]
    assert located == [("x.yaml", 6, "/plays/kills/0"), ("x.yaml", 8, "/gouji/thresholds")]
    assert "^" in answer["diagnostics"][0]["detail"]
    assert answer["diagnostics"][0]["text"]["zh"].startswith("x.yaml:6:")


def test_check_warns_of_a_rule_that_can_never_apply(client: TestClient) -> None:
    answer = check(client, HOUSE + "burning:\n  enabled: false\n  counter_burn: false\n")
    assert answer["ok"] and [d["severity"] for d in answer["diagnostics"]] == ["warning"]


def test_diff_against_a_city_or_a_file(client: TestClient) -> None:
    mine = {"yaml": HOUSE + "burning:\n  enabled: false\n", "name": "mine.yaml"}
    answer = client.post("/api/v1/diff", json={"a": {"ref": "青岛"}, "b": mine}).json()
    assert [c["rule"] for c in answer["changes"]] == ["burning.enabled"]
    assert answer["b"]["path"] == "mine.yaml"
    assert answer["rules"][0]["name"] == {"zh": "烧牌", "en": "burning"}
    assert answer["rules"][0]["meaning"]["zh"].startswith("青岛")
    same = client.post("/api/v1/diff", json={"a": {"ref": "qingdao"}, "b": {"ref": "青岛"}}).json()
    assert same["same"] and same["changes"] == []


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/v1/check", b"not json", 400), ("/api/v1/check", b"[1]", 400), ("/api/v1/check", b'{"yaml": 3}', 400),
    ("/api/v1/check", b"\xff\xfe", 400), ("/api/v1/check", b"[" * 100_000, 400),
    ("/api/v1/check", b'{"yaml": "' + b"a" * (rulesapi.MAX_BODY + 1) + b'"}', 413),
    ("/api/v1/diff", b'{"a": "qingdao", "b": {"ref": "x"}}', 400),
    ("/api/v1/diff", b'{"a": {"ref": "qingdao"}, "b": {"ref": "nowhere"}}', 422),
])
def test_malformed_requests_are_refused_with_a_reason(client: TestClient, path: str, body: bytes, status: int) -> None:
    response = client.post(path, content=body, headers={"content-type": "application/json"})
    assert response.status_code == status
    assert response.json()["error"]
