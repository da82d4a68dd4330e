"""The parsed-YAML cache is invisible: loads never share data, edits are seen, errors repeat."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji_variants.ruleset.errors import RulesetError
from gouji_variants.ruleset.yamlsource import load


def test_loads_of_the_same_text_do_not_share_data(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("id: a\nplays: {kills: [B by R]}\n", encoding="utf-8")
    first = load(path)
    first.data["plays"]["kills"].append("changed")
    second = load(path, "shown-as.yaml")
    assert second.data == {"id": "a", "plays": {"kills": ["B by R"]}}
    assert second.data is not first.data
    assert str(second.mark("/plays/kills/0")) == "shown-as.yaml:2:17"


def test_an_edited_file_is_parsed_again(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("id: a\n", encoding="utf-8")
    assert load(path).data == {"id": "a"}
    path.write_text("id: b\n", encoding="utf-8")
    assert load(path).data == {"id": "b"}


def test_errors_are_raised_every_time(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: [a\n", encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(RulesetError) as caught:
            load(path)
        messages.append(caught.value.render())
    assert messages[0] == messages[1]
