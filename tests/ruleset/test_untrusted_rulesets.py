"""Untrusted rulesets never crash a command (docs/untrusted-input.md): bounded reads, refused
non-regular files, a catalogue that skips a bad file, one exit-code table, `new` that always writes
a valid file, text that cannot act on a terminal, and `judge` that knows the deck.

The malformed corpus (tests/ruleset/test_malformed.py) covers what `validate` says about each bad file;
these tests cover the other commands and the inputs that cannot be committed as files.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest
from budget import examples
from cli_helpers import every_command, gouji
from hypothesis import given, settings
from hypothesis import strategies as st

from gouji_variants.ruleset.yamlsource import MAX_BYTES

ROOT = Path(__file__).resolve().parents[2]
HOUSE = "id: house\nkind: ruleset\nname: {zh: 家规, en: House}\nextends: [dagang]\n"
BROKEN = HOUSE.replace("house", "broken") + "turns: {jiefeng: maybe}\n"
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")


# ── one exit-code table ─────────────────────────────────────────────────────

#: Every command that takes a ruleset, with the arguments naming one (RULESET stands for it).
NEEDS_A_RULESET = {
    "show": ["show", "RULESET"],
    "fingerprint": ["fingerprint", "RULESET"],
    "card": ["card", "RULESET"],
    "diff": ["diff", "dagang", "RULESET"],
    "diff-one": ["diff", "RULESET"],
    "judge": ["judge", "33", "-r", "RULESET"],
    "check": ["check", "RULESET"],
    "play": ["play", "-r", "RULESET", "--seed", "1"],
    "simulate": ["simulate", "-r", "RULESET", "-n", "1"],
    "new": ["new", "NEW", "-r", "RULESET"],
    "validate": ["validate", "RULESET"],
}


def _args(name: str, ruleset: str, tmp_path: Path) -> list[str]:
    return [ruleset if a == "RULESET" else str(tmp_path / "new.yaml") if a == "NEW" else a
            for a in NEEDS_A_RULESET[name]]


@pytest.mark.parametrize("name", NEEDS_A_RULESET)
def test_an_unknown_ruleset_exits_2_everywhere(name: str, tmp_path: Path) -> None:
    result = gouji(*_args(name, "qingdoa", tmp_path))
    assert result.exit_code == 2, result.output
    assert "no ruleset named 'qingdoa'" in result.output and "did you mean 'qingdao'" in result.output


@pytest.mark.parametrize("name", NEEDS_A_RULESET)
def test_a_ruleset_that_does_not_compile_exits_2_except_for_validate(name: str, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    result = gouji(*_args(name, str(broken), tmp_path))
    assert result.exit_code == (1 if name == "validate" else 2), result.output
    assert re.search(r"broken\.yaml:5:\d+: error: 'maybe' is not one of", result.output)
    assert not (tmp_path / "new.yaml").exists()


def test_the_readme_table_lists_every_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Exit codes"):].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `([a-z]+)`", table, re.M))
    assert listed == set(every_command()), "README's exit-code table names exactly the commands"


# ── files that are not rulesets ─────────────────────────────────────────────


@POSIX
@pytest.mark.timeout(120)  # a read that blocked on the pipe would never end
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = gouji("validate", fifo)
    assert result.exit_code == 1 and "not a regular file" in result.output and "named pipe" in result.output


@POSIX
@pytest.mark.parametrize("command", ["validate", "show", "fingerprint", "card"])
def test_dev_zero_and_a_symlink_to_it_are_refused(command: str, tmp_path: Path) -> None:
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    for target in ("/dev/zero", link):
        result = gouji(command, target)
        assert result.exit_code in (1, 2) and "character device" in result.output, result.output


def test_a_huge_file_is_refused_quickly_naming_the_limit(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    huge.write_text(HOUSE + "description: {zh: a, en: '" + "x" * (5 * 1024 * 1024) + "'}\n", encoding="utf-8")
    start = time.process_time()  # CPU time: what reading past the limit would cost, whatever the machine's load
    result = gouji("validate", huge)
    assert time.process_time() - start < 5
    assert result.exit_code == 1 and f"larger than the {MAX_BYTES // 1024} KiB a ruleset may hold" in result.output


def test_the_alias_bomb_message_needs_aliases(tmp_path: Path) -> None:
    many = tmp_path / "many.yaml"
    many.write_text(HOUSE + "aliases: [" + ", ".join(["a"] * 20_001) + "]\n", encoding="utf-8")
    result = gouji("validate", many)
    assert result.exit_code == 1 and "more than 20000 values" in result.output and "alias bomb" not in result.output


# ── a bad file in a rulesets folder is reported and skipped ──────────────────


def _bad_folder(folder: Path) -> list[str]:
    """A folder with one good ruleset and one of each kind of unreadable file; their names."""
    folder.mkdir()
    (folder / "house.yaml").write_text(HOUSE, encoding="utf-8")
    bad = {
        "recursive.yaml": HOUSE.replace("house", "recursive") + "aliases: &a [*a]\n",
        "chain.yaml": "x0: &x0 [1]\n" + "".join(f"x{i}: &x{i} [*x{i - 1}]\n" for i in range(1, 91)),
        "bom.yaml": "\ufeff",
        "no-id.yaml": "kind: ruleset\n",
        "control.yaml": HOUSE.replace("house", "control") + 'region: "\\e[2J"\n',
    }
    for name, text in bad.items():
        (folder / name).write_text(text, encoding="utf-8")
    names = list(bad)
    if sys.platform != "win32":
        os.mkfifo(folder / "fifo.yaml")
        (folder / "zero.yaml").symlink_to("/dev/zero")
        names += ["fifo.yaml", "zero.yaml"]
    return names


@pytest.mark.parametrize("how", ["option", "environment"])
def test_one_bad_file_never_takes_the_catalogue_down(how: str, tmp_path: Path) -> None:
    names = _bad_folder(tmp_path / "mine")
    folder = str(tmp_path / "mine")
    prefix, env = (["--rulesets-dir", folder], None) if how == "option" else ([], {"GOUJI_RULESETS_PATH": folder})
    listed = gouji(*prefix, "list", "--json", env=env)
    assert listed.exit_code == 0 and '"id": "house"' in listed.stdout
    for name in names:
        assert re.search(rf"{re.escape(name)}:\d+:\d+: warning: .+; the file was skipped", listed.stderr), name
    assert "\x1b" not in listed.output
    assert gouji(*prefix, "show", "house", env=env).exit_code == 0
    assert gouji(*prefix, "fingerprint", "qingdao", "house", env=env).exit_code == 0
    assert gouji(*prefix, "check", "--all", env=env).exit_code in (0, 1)


# ── gouji new always writes a file that validates ───────────────────────────

TRICKY = ["true.yaml", "on.yaml", "2024.yaml", "a: b.yaml", "#x.yaml", "null.yaml", "~.yaml", "'\"q.yaml", "&a.yaml",
          "*x.yaml", "[x.yaml", "{x.yaml", "! x.yaml", "% x.yaml", "@x.yaml", "|x.yaml", ">x.yaml", "? x.yaml",
          ".yaml", "a\nb.yaml", "中文.yaml", "x\\y.yaml", "tab\there.yaml",
          "0㐀㐄㙕㙕㿶䀄䐵䚒前嬇.yaml",  # found by the thorough run: its pinyin made a name of 62 characters
          "老" * 70 + ".yaml", "x" * 70 + ".yaml"]


def _new_validates(folder: Path, name: str) -> None:
    target = folder / name
    made = gouji("new", target, "--from", "qingdao")
    assert made.exit_code == 0, made.output
    checked = gouji("validate", target)
    assert checked.exit_code == 0, f"{name!r}:\n{checked.output}\n{target.read_text(encoding='utf-8')}"


@pytest.mark.parametrize("name", TRICKY)
def test_new_writes_a_valid_file_whatever_its_name(name: str, tmp_path: Path) -> None:
    _new_validates(tmp_path, name)


@settings(max_examples=examples(25), deadline=None)
@given(st.text(st.characters(blacklist_characters="/\\\x00", blacklist_categories=["Cs"]), min_size=1, max_size=20))
def test_new_writes_a_valid_file_for_any_name(stem: str) -> None:
    import tempfile

    name = f"{stem}.yaml"
    if len(name.encode("utf-8")) > 255 or name in (".yaml", "..yaml") or stem.startswith("-"):
        return
    with tempfile.TemporaryDirectory() as folder:
        _new_validates(Path(folder), name)


# ── text that could act on a terminal ───────────────────────────────────────

CONTROLS = ["\\e]0;pwned\\a", "\\e[2J\\e[H", "\\x9b2J", "ok\\rfake", "\\u202eevil", "a\\bb"]


@pytest.mark.parametrize("control", CONTROLS)
@pytest.mark.parametrize("command", ["validate", "show", "card", "diff", "fingerprint"])
def test_control_characters_never_reach_the_terminal(command: str, control: str, tmp_path: Path) -> None:
    path = tmp_path / "evil.yaml"
    path.write_text(HOUSE.replace("{zh: 家规, en: House}", f'{{zh: 家规, en: "{control}"}}'), encoding="utf-8")
    result = gouji(command, path)
    assert result.exit_code in (1, 2) and "a control character that could rewrite the terminal" in result.output
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", result.output)


def test_markup_in_names_is_shown_as_written(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "m.yaml").write_text(
        'id: markup\nkind: ruleset\nname: {zh: "[bold red]红", en: "<script>x</script> [link=file:///etc]y"}\n'
        'region: "[blink]r"\nextends: [dagang]\n', encoding="utf-8")
    listed = gouji("--rulesets-dir", folder, "list")
    assert "[bold red]红" in listed.stdout and "[blink]r" in listed.stdout
    html = gouji("card", folder / "m.yaml", "--format", "html").stdout
    assert "<script>" not in html and "&lt;script&gt;" in html
    md = gouji("card", folder / "m.yaml", "--format", "md").stdout
    assert "<script>" not in md and "\\<script\\>" in md and "\\[link=file:///etc\\]" in md


# ── whole numbers, and fingerprints that depend only on the rules ──────────


def test_a_whole_number_float_is_refused_so_the_fingerprint_cannot_drift(tmp_path: Path) -> None:
    floats = tmp_path / "floats.yaml"
    floats.write_text(HOUSE + "score:\n  points: [4.0, 2, 0, 0, -2, -4]\n", encoding="utf-8")
    result = gouji("fingerprint", floats)
    assert result.exit_code == 2 and "4.0 is not a whole number" in result.output
    same = tmp_path / "same.yaml"
    same.write_text(HOUSE + "score:\n  points: [4, 2, 0, 0, -2, -4]\n", encoding="utf-8")
    fingerprints = [line.split()[0] for line in gouji("fingerprint", same, "dagang").stdout.splitlines()]
    assert len(set(fingerprints)) == 1 and gouji("diff", "dagang", same).exit_code == 0


# ── judge knows the deck ────────────────────────────────────────────────────


@pytest.mark.parametrize(("ruleset", "play", "legal"), [
    ("dagang", "8" * 16, True), ("dagang", "8" * 17, False), ("dagang", "8" * 22, False),
    ("danzhang3", "333333", True), ("danzhang3", "3333333", False), ("32-gui", "R" * 16, True),
    ("32-gui", "R" * 17, False),
])
def test_judge_judges_against_the_rulesets_deck(ruleset: str, play: str, legal: bool) -> None:
    result = gouji("judge", play, "-r", ruleset)
    assert result.exit_code == (0 if legal else 1), result.output
    assert ("rule deck.recipe: the deck" in result.stdout) is not legal


def test_judge_refuses_a_previous_play_the_deck_cannot_hold() -> None:
    result = gouji("judge", "99", "--on", "8" * 17)
    assert result.exit_code == 2 and "holds 16 of 8, the play has 17" in result.output


# ── the smallest deals a recipe may make can be played ──────────────────────

ZEROS = ", ".join(f"only 0 of {rank}" for rank in "3456789TJQKA2RB")


@pytest.mark.parametrize("recipe", [
    "1 deck", "8 decks", "4 decks, add 96 of R, add 96 of B",
    f"1 deck, {ZEROS}, only 44 of 5, only 6 of R, only 4 of 3",  # the fewest ordinary cards, and 3s
    f"1 deck, {ZEROS}, only 42 of A, only 2 of 2, only 4 of R",  # just enough 2s and jokers against 革命 voids
])
def test_extreme_but_valid_deals_play_to_the_end(recipe: str, tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(HOUSE + f"deck:\n  recipe: '{recipe}'\n", encoding="utf-8")
    start = time.process_time()
    result = gouji("simulate", "-r", path, "-n", "3", "--agents", "heuristic,random", "--json")
    assert result.exit_code == 0, result.output
    assert time.process_time() - start < 30  # CPU time of the one worker (in this process): no run-away deal
