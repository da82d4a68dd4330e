"""`gouji fingerprint`, and the fingerprint wherever a ruleset is shown: list, show, card, diff, game records."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli_helpers import gouji

from gouji_variants.ruleset.compiler import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
RESTATED = ROOT / "tests" / "diff_golden" / "restated.yaml"
HOUSE = ROOT / "tests" / "diff_golden" / "house.yaml"
LINE = re.compile(r"^(?P<fp>[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4})  (?P<ref>\S+)  \((?P<id>[a-z0-9-]+)\)$")


def test_fingerprint_prints_one_line_per_file() -> None:
    result = gouji("fingerprint", "dagang", RESTATED, HOUSE)
    assert result.exit_code == 0, result.output
    lines = [LINE.match(line) for line in result.stdout.splitlines()]
    assert all(lines) and len(lines) == 3
    dagang, restated, house = (m for m in lines if m)
    assert dagang["fp"] == load_ruleset("dagang").fingerprint == restated["fp"], "same rules, same string"
    assert house["fp"] == load_ruleset(str(HOUSE)).fingerprint != dagang["fp"]
    assert (restated["ref"], restated["id"]) == (str(RESTATED), "restated")


def test_fingerprint_of_a_broken_file_is_a_located_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\nkind: ruleset\nname: {zh: 坏, en: Broken}\nextends: [dagang]\n"
                      "plays: {kills: [R bye R]}\n", encoding="utf-8")
    result = gouji("fingerprint", broken, "qingdao")
    assert result.exit_code == 2
    assert re.search(r"broken\.yaml:5:\d+: error: bad expression in plays\.kills", result.output)
    assert load_ruleset("qingdao").fingerprint in result.stdout, "the other files are still printed"
    assert gouji("fingerprint").exit_code == 2


def test_the_fingerprint_is_shown_everywhere(tmp_path: Path) -> None:
    fingerprint = load_ruleset("qingdao").fingerprint
    shown = {
        "list": gouji("list").stdout,
        "show": gouji("show", "qingdao").stdout,
        "validate": gouji("validate", load_ruleset("qingdao").path).stdout,
        "card": gouji("card", "qingdao").stdout,
        "card html": gouji("card", "qingdao", "--format", "html").stdout,
        "diff": gouji("diff", "dagang", "qingdao").stdout,
        "diff markdown": gouji("diff", "dagang", "qingdao", "--format", "markdown").stdout,
        "diff json": json.loads(gouji("diff", "dagang", "qingdao", "--json").stdout)["b"]["fingerprint"],
    }
    records = tmp_path / "games.jsonl"
    assert gouji("simulate", "-r", "qingdao", "-n", "2", "--records", records).exit_code == 0
    shown["records"] = " ".join(json.loads(line)["fingerprint"] for line in records.read_text().splitlines())
    assert {where: fingerprint in text for where, text in shown.items()} == dict.fromkeys(shown, True)
