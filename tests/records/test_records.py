"""Game records: the 0.1.0 corpus still replays, records travel with their rules, and every bad record
or command line gets its exit code, no traceback and a location.

Each ``tests/records/bad/<name>.json[l]`` is replayed with cwd = the repository root; stdout and
stderr must equal ``tests/records/bad/golden/<name>.txt``. After an intended change of wording:

    GOUJI_UPDATE_GOLDEN=1 python -m pytest tests/records/test_records.py
    git diff tests/records/bad/golden/
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

from gouji_variants.cli import main
from gouji_variants.engine import Burn, Game, Hui3, Play, Return
from gouji_variants.engine.actions import IllegalAction, InvalidAction
from gouji_variants.records.files import MAX_RECORD_BYTES, RecordFileError, read_record
from gouji_variants.records.record import FORMAT, READS, SCHEMA_FILE, RecordError, check_record, game_record, replay
from gouji_variants.ruleset.cards import N_RANKS, Cards
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_data, compile_path, load_ruleset
from gouji_variants.ruleset.errors import GoujiError, InvalidCards, RulesetError

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
BAD = RECORDS / "bad"
GOLDEN = BAD / "golden"
UPDATE = os.environ.get("GOUJI_UPDATE_GOLDEN", "") not in ("", "0")
CASES = sorted(p.name for p in BAD.iterdir() if p.is_file())
#: A record error names FILE:LINE (and the JSON field when there is one); a divergence names the field.
LOCATED = re.compile(r"^tests/records/bad/\S+:[1-9][0-9]*: error: \S", re.M)
DIVERGES = re.compile(r"^game [0-9]+: diverges at (action [0-9]+ \()?/\S+ .*\(tests/records/bad/\S+:[1-9][0-9]*\)$",
                      re.M)
FILE_ERROR = re.compile(r"^error: .*tests/records/bad/\S+", re.M)


def run(*args: str | Path) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


# ── records written by 0.1.0 still replay ─────────────────────────────────


@pytest.mark.parametrize("name", sorted(p.name for p in (RECORDS / "compat").iterdir()))
def test_records_of_release_0_1_0_replay(name: str) -> None:
    result = run("replay", RECORDS / "compat" / name)
    assert result.exit_code == 0, result.output
    assert "0 diverge, 0 cannot be replayed" in result.stdout.splitlines()[-1]
    first = (RECORDS / "compat" / name).read_text(encoding="utf-8").lstrip()
    assert json.loads(first.splitlines()[0] if name.endswith("jsonl") else first)["format"] == "gouji-game/1"


@pytest.mark.parametrize("name", sorted(p.name for p in (RECORDS / "compat_040").iterdir()))
def test_records_of_release_0_4_0_replay_past_bounds_added_since(name: str) -> None:
    """0.4.0 played rules that 0.5.0's domains and text caps refuse in a ruleset file (``revolution.void_at: 7``,
    ``tribute.luo_cards: [-1, 99]``, a 300-character name, a 2,500-character description): its records still
    replay, and the same rules written as a file are still refused."""
    path = RECORDS / "compat_040" / name
    result = run("replay", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "3 games: 3 ok, 0 diverge, 0 cannot be replayed"
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert record["headers"]["library"] == "gouji-variants 0.4.0"
    with pytest.raises(RulesetError, match="outside its range"):
        compile_data(record["rules"], "<file>")


# ── the corpus of bad records ─────────────────────────────────────────────


def test_the_corpus_is_large_enough() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", CASES)
def test_bad_record(name: str, at_root: None) -> None:
    result = run("replay", f"tests/records/bad/{name}")
    shown = f"exit {result.exit_code}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    golden = GOLDEN / (Path(name).stem + ".txt")
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(shown, encoding="utf-8")
    assert result.exit_code in (1, 2), shown
    if result.exit_code == 1:  # a well-formed record that does not verify
        assert DIVERGES.search(result.stdout), shown
    else:
        assert LOCATED.search(result.stderr) or FILE_ERROR.search(result.stderr), shown
    assert shown == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "text"), [
    ("deep-nesting", "[" * 100_000 + "]" * 100_000 + "\n"),
    ("deep-nesting-in-a-record", '{"format": "gouji-game/2", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n"),
    ("nested-deeper-than-a-record", '{"rules": ' + "[" * 50 + "]" * 50 + "}\n"),
    ("huge-line", '{"x": "' + "a" * MAX_RECORD_BYTES + '"}\n'),
    ("huge-single-record", '{\n"x": "' + "a" * MAX_RECORD_BYTES + '"}\n'),
])
def test_large_or_deep_records_are_refused_with_the_limit(name: str, text: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.jsonl"
    path.write_text(text, encoding="utf-8")
    result = run("replay", path)
    assert result.exit_code == 2
    assert re.search(rf"^{re.escape(str(path))}:1: error: .*(nest|1 MiB)", result.stderr, re.M), result.stderr


def test_devices_and_fifos_are_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    for path, kind in ((fifo, "a FIFO"), (zero, "a device"), (Path("/dev/zero"), "a device")):
        result = run("replay", path)
        assert result.exit_code == 2 and f"cannot read {path}: it is {kind}" in result.stderr


def test_summary_ends_every_replay() -> None:
    result = run("replay", RECORDS / "bad" / "second-record-bad.jsonl")
    assert result.stdout.splitlines()[-1] == "2 games: 1 ok, 0 diverge, 1 cannot be replayed"


# ── records travel: headers and embedded rules ────────────────────────────


HOUSE = """id: house
kind: ruleset
name: {zh: 家规, en: house rules}
extends: [dagang]
plays: {attach_twos: false}
"""


def test_house_rules_records_replay_from_another_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "table").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "table" / "house.yaml").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "table")
    assert run("simulate", "-r", "house.yaml", "-n", "2", "--agents", "heuristic,random",
               "--records", "h.jsonl").exit_code == 0
    record = json.loads((tmp_path / "table" / "h.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert record["format"] == FORMAT and record["ruleset"] == "house"
    assert record["headers"]["players"] == ["heuristic", "random"] * 3
    assert re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", record["headers"]["date"])
    assert record["headers"]["library"].startswith("gouji-variants ")
    assert record["rules"]["plays"]["attach_twos"] is False and record["rules"]["id"] == "house"
    (tmp_path / "table" / "h.jsonl").rename(tmp_path / "elsewhere" / "h.jsonl")
    monkeypatch.chdir(tmp_path / "elsewhere")
    result = run("replay", "h.jsonl")
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == "2 games: 2 ok, 0 diverge, 0 cannot be replayed"


def test_a_record_without_its_rules_names_the_ruleset_at_its_field(tmp_path: Path) -> None:
    """Old records name their ruleset: one that cannot be found is an error at the record, not the command line."""
    result = run("replay", BAD / "unknown-ruleset-v1.jsonl")
    assert "unknown-ruleset-v1.jsonl:1: error: no ruleset named 'house' (at /ruleset)" in result.stderr
    assert "<command line>" not in result.output
    (tmp_path / "house.yaml").write_text(HOUSE.replace("plays: {attach_twos: false}\n", ""), encoding="utf-8")
    found = run("--rulesets-dir", tmp_path, "replay", BAD / "unknown-ruleset-v1.jsonl")
    assert found.exit_code == 0, found.output  # found by name; the same rules as dagang, so the same fingerprint


def test_game_record_api_for_other_writers() -> None:
    """What `gouji play --record` calls: per-seat player names, a date, extra headers; checked like any record."""
    game = Game(load_ruleset("qingdao"), 9)
    record = game_record(game, players=["human", "heuristic", "heuristic", "heuristic", "heuristic", "heuristic"],
                         date="2026-11-22", headers={"event": "Friday table"})
    assert record["headers"]["event"] == "Friday table"
    check_record(record)  # an unfinished game is a valid record, which replays to a divergence
    assert replay(record).field == "/actions"
    with pytest.raises(RecordError, match="/headers/players"):
        game_record(game, players=["only one"])
    with pytest.raises(RecordError, match="/headers/date"):
        game_record(game, date="tomorrow")


# ── bad command lines ─────────────────────────────────────────────────────


#: (arguments, exit code, what stderr must say: the argument or path at fault). ``{tmp}`` is a folder,
#: ``{file}`` a regular file in it.
COMMAND_LINES = [
    (["replay"], 2, "Missing argument 'FILE'"),
    (["replay", "{tmp}/missing.jsonl"], 2, "'{tmp}/missing.jsonl' does not exist"),
    (["replay", "{tmp}"], 2, "'{tmp}' is a directory"),
    (["replay", "/dev/zero"], 2, "cannot read /dev/zero: it is a device"),
    (["replay", ""], 2, "Invalid value for 'FILE'"),
    (["replay", "{file}"], 2, "{file} holds no game records"),
    (["replay", "{file}", "-n", "3"], 2, "No such option '-n'"),
    (["--rulesets-dir", "{tmp}/none", "replay", "{file}"], 2, "'{tmp}/none' does not exist"),
    (["simulate", "-n", "1", "--records", "{tmp}/missing/x.jsonl"], 2,
     "--records: cannot write {tmp}/missing/x.jsonl: No such file or directory"),
    (["simulate", "-n", "1", "--records", "{file}/x.jsonl"], 2,
     "--records: cannot write {file}/x.jsonl: Not a directory"),
    (["simulate", "-n", "1", "--records", "/proc/x.jsonl"], 2, "--records: cannot write /proc/x.jsonl"),
    (["simulate", "-n", "1", "--records", "/dev/full"], 2,
     "--records: cannot write /dev/full: No space left on device"),
    (["simulate", "-n", "1", "--records", "{tmp}"], 2, "'{tmp}' is a directory"),
    (["simulate", "-n", "1", "--records", ""], 2, "--records: cannot write"),
    (["simulate", "-n", "0"], 2, "0 is not in the range 1<=x<="),
    (["simulate", "-n", "many"], 2, "'many' is not a valid integer"),
    (["simulate", "--seed", "1.5"], 2, "'1.5' is not a valid integer"),
    (["simulate", "--seed", "9" * 5000], 2, "is not a valid integer"),
    (["simulate", "--agents", "genius"], 2, "--agents: unknown agent"),
    (["simulate", "-r", "no-such-ruleset"], 2, "no ruleset named 'no-such-ruleset'"),
    (["simulate", "--records"], 2, "Option '--records' requires an argument"),
    (["replay", "--no-such-option", "{file}"], 2, "No such option '--no-such-option'"),
]


@pytest.mark.parametrize(("args", "code", "says"), COMMAND_LINES, ids=[" ".join(c[0])[:60] for c in COMMAND_LINES])
def test_bad_command_line(args: list[str], code: int, says: str, tmp_path: Path) -> None:
    if not (Path("/proc").is_dir() and Path("/dev/full").exists()) and {"/proc/x.jsonl", "/dev/full"} & set(args):
        pytest.skip("needs Linux /proc and /dev/full")
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    fill = {"{tmp}": str(tmp_path), "{file}": str(tmp_path / "empty.jsonl")}

    def filled(text: str) -> str:
        for key, value in fill.items():
            text = text.replace(key, value)
        return text

    result = run(*[filled(a) for a in args])
    assert result.exit_code == code, result.output
    assert filled(says) in result.stderr, result.stderr


def test_the_command_line_table_is_large_enough() -> None:
    assert len(COMMAND_LINES) >= 20


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["schema"], ["list"], ["--help"], ["show", "qingdao"], ["replay", "{compat}"]])
def test_a_failed_write_to_standard_output_is_an_error_not_a_traceback(args: list[str]) -> None:
    args = [a.replace("{compat}", str(RECORDS / "compat" / "dagang.jsonl")) for a in args]
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", "from gouji_variants.cli import main; main()", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "error: cannot write to standard output: No space left on device\n"


# ── the engine API checks its input ───────────────────────────────────────


def test_cards_refuse_what_is_not_a_count() -> None:
    rest = (0,) * (N_RANKS - 1)
    for counts in [(0.5, *rest), (True, *rest), (-1, *rest), rest, [0] * N_RANKS, "3" * N_RANKS]:
        with pytest.raises(InvalidCards, match="a card vector"):
            Cards(counts)  # type: ignore[arg-type]
    with pytest.raises(InvalidCards, match="rank index"):
        Cards.of([N_RANKS])
    assert issubclass(InvalidCards, GoujiError) and issubclass(InvalidCards, ValueError)


def test_actions_take_cards_or_notation_and_refuse_anything_else() -> None:
    assert Play("33") == Play(Cards.parse("33")) and Burn("2R").cards == Cards.parse("2R")
    assert Return("3").cards == Cards.parse("3")
    with pytest.raises(InvalidCards, match=r"Play\('3x'\): not card notation.*column 2"):
        Play("3x")
    with pytest.raises(InvalidCards, match="Play\\(\\) takes Cards or card notation"):
        Play(33)  # type: ignore[arg-type]
    with pytest.raises(InvalidAction, match="Hui3"):
        Hui3("5")  # type: ignore[arg-type]


def test_apply_refuses_what_is_not_an_action_and_never_records_it() -> None:
    game = Game(load_ruleset("qingdao"), 4)  # 错牌不出 (penalties) would record a wrong Play
    before = list(game.actions)
    for thing in ("33", None, Cards.parse("33")):
        with pytest.raises(InvalidAction, match="not an action"):
            game.apply(thing)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        game.apply(Play("RRRRRRRRRRRRRRRRR"))
    assert game.actions == before
    with pytest.raises(ValueError, match="holding at least one card"):
        Game(load_ruleset("dagang"), 1, hands=[Cards.parse("3")] * 5 + [Cards.EMPTY])
    with pytest.raises(ValueError, match="leader is a seat"):
        Game(load_ruleset("dagang"), 1, leader=9)


def test_every_builtin_ruleset_embeds_and_rebuilds_with_its_fingerprint() -> None:
    catalog = Catalog.default()
    for entry in catalog.entries():
        ruleset = compile_path(entry.path, catalog)
        embedded = json.loads(json.dumps(ruleset.resolved(), ensure_ascii=False))
        assert compile_data(embedded, "<record rules>", catalog).fingerprint == ruleset.fingerprint, entry.id


def test_the_record_schema_is_a_valid_2020_12_schema() -> None:
    schema = json.loads((SCHEMA_FILE).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert set(schema["properties"]["format"]["enum"]) == set(READS)


def test_read_record_finds_one_game_of_a_file() -> None:
    """What a viewer (`gouji replay --show N`) reads through: the entry, located, or a clear error."""
    path = BAD / "second-record-bad.jsonl"
    assert read_record(path, 1).record["seed"] == 5 and read_record(path, 1).line == 1
    entry = read_record(path, 2)
    assert entry.line == 2 and entry.error is None  # well-formed JSON; replay() checks it
    with pytest.raises(RecordError, match="/leader"):
        replay(entry.record)
    with pytest.raises(RecordFileError, match="holds 2 game records, not 3"):
        read_record(path, 3)
