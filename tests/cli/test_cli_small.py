"""Small things a new user meets: python -m, completion, help texts, --draft 7, quoted hints,
simulate's output and agents, show's numbers (issue 10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml
from cli_helpers import gouji
from click.testing import CliRunner

from gouji_variants.cli import main


def test_python_m_runs_the_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "gouji_variants", "--version"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and done.stdout.startswith("gouji, version")


def test_ruleset_ids_complete_in_the_shell(tmp_path: Path) -> None:
    def complete(*words: str) -> list[str]:
        env = {"_GOUJI_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(("gouji", *words)),
               "COMP_CWORD": str(len(words))}
        result = CliRunner().invoke(main, [], prog_name="gouji", env=env)
        return [line.split(",", 1)[1] for line in result.output.splitlines()]

    assert "qingdao" in complete("show", "qi") and "jining" in complete("play", "-r", "ji")
    assert complete("diff", "dagang", "houshui") == ["houshuiwan"]
    (tmp_path / "ours.yaml").write_text("id: our-table\nkind: ruleset\nname: {zh: 我家, en: ours}\n"
                                        "extends: [dagang]\n", encoding="utf-8")
    assert "our-table" in complete("--rulesets-dir", str(tmp_path), "card", "our")


def test_help_texts() -> None:
    listing = gouji("--help").output
    assert "show         Show a ruleset (--resolved, --provenance)." in listing
    assert "BASE" not in gouji("new", "--help").output


def test_draft_7_and_quoted_hints(tmp_path: Path) -> None:
    assert gouji("schema", "--draft", "7").output == gouji("schema", "--draft", "07").output
    target = tmp_path / "our rules.yaml"
    result = gouji("new", target)
    assert result.exit_code == 0 and f"gouji validate '{target}'" in result.output
    assert "#   gouji validate 'our rules.yaml'" in target.read_text(encoding="utf-8")


def test_simulate_output_and_agents() -> None:
    out = gouji("simulate", "-n", "2").stdout
    assert out.startswith("dagang (") and "agents by seat: heuristic, heuristic" in out  # the documented default
    seven = gouji("simulate", "-n", "1", "--agents", ",".join(["random"] * 7))
    assert seven.exit_code == 2 and "7 agents named for 6 seats" in seven.stderr
    assert gouji("diff", "dagang", "qingdao", "--simulate", "2", "--agents", ",".join(["random"] * 7)).exit_code == 2


def test_show_keeps_source_lines_numbers() -> None:
    data = yaml.safe_load(gouji("show", "qingdao", "--resolved").output)
    assert data["sources"][0]["lines"] == 47
