"""The documentation stays true: generated files are fresh, and every checked example holds.

``docs/reference.md`` and the committed schema files must equal what the code generates
(``python -m gouji_variants.text.docgen`` rewrites all three), and so must the ``grammar:KIND`` blocks of
``docs/notation.md`` (generated from ``grammar/expressions.lark``). In ``docs/notation.md`` every fenced
code block whose info string carries a marker is checked:

- ``check:cards`` and ``check:thresholds|kill|tribute_order|deck_recipe|hand_rule|buy_order|forfeit``: one
  example a line, ``INPUT ⇒ CANONICAL`` (or just ``CANONICAL``); deck recipes end with ``(N cards, M each)``.
- ``check:KIND:error``: the exact ``NotationError.render()`` text; its second line is the input.
- ``file:NAME``: a file written next to the ``check:judge`` sessions.
- ``check:judge``: a shell session of ``$ gouji …`` commands and their output; ``$ echo $?``
  shows the previous command's exit code. JSON fingerprints are checked for form only.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
import typing
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from gouji_variants.cli import main
from gouji_variants.ruleset import expressions, schema
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.grammar import NotationError
from gouji_variants.ruleset.rules import SECTIONS
from gouji_variants.text.docgen import REFERENCE, render_reference
from gouji_variants.text.grammardoc import refresh_notation

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
NOTATION = DOCS / "notation.md"
REGENERATE = "run python -m gouji_variants.text.docgen"
MODELINE = "# yaml-language-server: $schema="
FINGERPRINT = re.compile(r"^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$")
KINDS: dict[str, type] = {
    "thresholds": expressions.Thresholds,
    "kill": expressions.KillRule,
    "tribute_order": expressions.TributeOrder,
    "deck_recipe": expressions.DeckRecipe,
    "hand_rule": expressions.HandRule,
    "buy_order": expressions.BuyOrder,
    "forfeit": expressions.Forfeit,
}
MARKERS = {"cards", *KINDS, *(f"{kind}:error" for kind in ("cards", *KINDS)), "judge"}


# ── generated files ──────────────────────────────────────────────────────────


def test_reference_is_fresh() -> None:
    committed = REFERENCE.read_text(encoding="utf-8") if REFERENCE.is_file() else ""
    assert committed == render_reference(), f"docs/reference.md is stale: {REGENERATE}"


def test_notation_grammar_blocks_are_the_lark_grammar() -> None:
    """Each expression kind's grammar block in notation.md is the Lark grammar's, generated (and every kind has one)."""
    text = NOTATION.read_text(encoding="utf-8")
    assert text == refresh_notation(text), f"the grammar blocks of docs/notation.md are stale: {REGENERATE}"
    blocks = {block.info.removeprefix("text grammar:") for block in _blocks() if block.info.startswith("text grammar:")}
    assert blocks == set(expressions.STARTS), f"notation.md has no grammar block for {set(expressions.STARTS) - blocks}"


def test_reference_is_deterministic() -> None:
    assert render_reference() == render_reference()


@pytest.mark.parametrize("draft", sorted(schema.FILES))
def test_schema_file_is_fresh(draft: str) -> None:
    path = schema.SCHEMA_DIR / schema.FILES[draft]
    committed = path.read_text(encoding="utf-8") if path.is_file() else ""
    assert committed == schema.render(draft), f"{path.relative_to(ROOT)} is stale: {REGENERATE}"


@pytest.mark.parametrize("draft", sorted(schema.FILES))
def test_schema_is_valid_against_its_metaschema(draft: str) -> None:
    built = schema.build(draft)
    validator = jsonschema.validators.validator_for(built)
    assert validator.META_SCHEMA["$schema"].rstrip("#") == schema.DRAFTS[draft].rstrip("#")
    validator.check_schema(built)


def _rule_classes() -> list[tuple[str, type]]:
    """Every section class and every rule object nested in one (expressions aside), each once."""
    found: list[tuple[str, type]] = []
    todo = list(SECTIONS.items())
    while todo:
        name, cls = todo.pop(0)
        if any(cls is seen for _, seen in found):
            continue
        found.append((name, cls))
        for field_name, hint in typing.get_type_hints(cls).items():
            for arg in (hint, *typing.get_args(hint)):
                if dataclasses.is_dataclass(arg) and isinstance(arg, type) and arg not in schema.EXPRESSIONS:
                    todo.append((f"{name}.{field_name}", arg))
    return found


@pytest.mark.parametrize(("section", "cls"), _rule_classes(), ids=[name for name, _ in _rule_classes()])
def test_every_rule_field_is_described(section: str, cls: type) -> None:
    for field in dataclasses.fields(cls):
        for lang in ("zh", "en"):
            text = field.metadata.get(lang)
            assert isinstance(text, str) and text.strip(), f"{section}.{field.name} has no {lang} description"


def _builtin_rulesets() -> list[Path]:
    return sorted(p for p in (ROOT / "rulesets").iterdir() if p.suffix in (".yaml", ".yml"))


@pytest.mark.parametrize("path", _builtin_rulesets(), ids=lambda p: p.name)
def test_builtin_ruleset_has_schema_modeline(path: Path) -> None:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first.startswith(MODELINE), f"{path.name} must start with '{MODELINE}<relative path>'"
    target = first[len(MODELINE):].strip()
    assert target and "://" not in target and not Path(target).is_absolute(), (
        f"{path.name}: the schema modeline must be a relative path, not {target!r}"
    )
    resolved = (path.parent / target).resolve()
    assert resolved.is_file(), f"{path.name}: the schema modeline points at a missing file {target!r}"
    assert ROOT in resolved.parents, f"{path.name}: the schema modeline leaves the repository: {target!r}"


# ── links between the pages ──────────────────────────────────────────────────

_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchors(path: Path) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("page", [*sorted(DOCS.glob("*.md")), ROOT / "README.md", ROOT / "CHANGELOG.md"],
                         ids=lambda p: p.name)
def test_doc_links_resolve(page: Path) -> None:
    for target in _LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        assert linked.is_file(), f"{page.name} links to a missing file {target!r}"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{page.name} links to a missing anchor {target!r}"


# ── checked examples in docs/notation.md ─────────────────────────────────────


@dataclass(frozen=True)
class Block:
    info: str
    line: int  # 1-based line of the opening fence
    text: str

    @property
    def marker(self) -> str:
        words = self.info.split()
        checks = [w.removeprefix("check:") for w in words if w.startswith("check:")]
        return checks[0] if checks else ""

    @property
    def file(self) -> str:
        names = [w.removeprefix("file:") for w in self.info.split() if w.startswith("file:")]
        return names[0] if names else ""

    def __str__(self) -> str:
        return f"notation.md:{self.line} ({self.info})"

    def steps(self) -> list[tuple[str, str]]:
        """The ``$ command`` lines of a shell session, each with the output it prints."""
        steps: list[tuple[str, list[str]]] = []
        for line in self.text.split("\n"):
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                assert steps, f"{self}: output before the first command"
                steps[-1][1].append(line)
        return [(command, "\n".join(output)) for command, output in steps]


def _blocks(path: Path = NOTATION) -> list[Block]:
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").split("\n")
    index = 0
    while index < len(lines):
        fence = re.match(r"^(`{3,})(.*)$", lines[index])
        if not fence:
            index += 1
            continue
        start, body = index, []
        index += 1
        while index < len(lines) and lines[index] != fence.group(1):
            body.append(lines[index])
            index += 1
        blocks.append(Block(fence.group(2).strip(), start + 1, "\n".join(body)))
        index += 1
    return blocks


BLOCKS = _blocks()
CHECKED = [block for block in BLOCKS if block.marker]
FILES = {block.file: block.text + "\n" for block in BLOCKS if block.file}


def test_every_marker_is_known_and_used() -> None:
    used = {block.marker for block in CHECKED}
    assert used <= MARKERS, f"unknown check markers in notation.md: {sorted(used - MARKERS)}"
    assert used == MARKERS, f"notation.md has no example for: {sorted(MARKERS - used)}"


def _example(line: str) -> tuple[str, str, str]:
    """``INPUT ⇒ CANONICAL (extra)`` into its three parts; the input defaults to the canonical form."""
    extra = ""
    found = re.search(r"\s*\(([^()]*)\)$", line)
    if found:
        extra, line = found.group(1), line[: found.start()]
    given, arrow, canonical = line.partition("⇒")
    if not arrow:
        canonical = given
    return given.strip(), canonical.strip(), extra


def _check_parse(block: Block) -> None:
    lines = [line for line in block.text.split("\n") if line.strip()]
    assert lines, f"{block} has no examples"
    for line in lines:
        given, canonical, extra = _example(line)
        if block.marker == "cards":
            value: object = Cards.parse(given)
            again: object = Cards.parse(canonical)
        else:
            kind = KINDS[block.marker]
            value = expressions.parse(kind, given)
            again = expressions.parse(kind, canonical)
        assert str(value) == canonical, f"{block}: {given!r} prints as {str(value)!r}, not {canonical!r}"
        assert again == value and str(again) == canonical, f"{block}: {canonical!r} does not read back"
        if block.marker == "deck_recipe":
            assert isinstance(value, expressions.DeckRecipe)
            total = len(value.cards())
            assert extra == f"{total} cards, {total // expressions.PLAYERS} each", f"{block}: {line!r} makes {total}"
        else:
            assert not extra, f"{block}: unexpected '({extra})' in {line!r}"


def _check_error(block: Block) -> None:
    marker = block.marker.removesuffix(":error")
    lines = block.text.split("\n")
    assert len(lines) == 3 and lines[1].startswith("  "), f"{block}: expected message, '  TEXT', '  ^'"
    given = lines[1][2:]
    with pytest.raises(NotationError) as caught:
        if marker == "cards":
            Cards.parse(given)
        else:
            expressions.parse(KINDS[marker], given)
    assert caught.value.render() == block.text, f"{block}: the error for {given!r} is now:\n{caught.value.render()}"


def _same_output(expected: str, actual: str) -> bool:
    if expected.startswith("{"):
        try:
            want, got = json.loads(expected), json.loads(actual)
        except json.JSONDecodeError:
            return False
        if not FINGERPRINT.match(str(want.get("fingerprint"))) or not FINGERPRINT.match(str(got.get("fingerprint"))):
            return False
        want["fingerprint"] = got["fingerprint"]
        return bool(want == got)
    return expected == actual


def _check_judge(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    steps = block.steps()
    assert steps, f"{block} has no commands"
    last_code: int | None = None
    for command, expected in steps:
        if command == "echo $?":
            assert last_code is not None, f"{block}: 'echo $?' before any gouji command"
            assert expected == str(last_code), f"{block}: the exit code was {last_code}, the page says {expected}"
            continue
        args = shlex.split(command)
        assert args[0] == "gouji", f"{block}: only gouji commands are checked, not {command!r}"
        result = CliRunner().invoke(main, args[1:])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{block}: {command!r} raised {result.exception!r}"
        )
        last_code = result.exit_code
        actual = result.output.rstrip("\n")
        assert _same_output(expected, actual), f"{block}: {command!r} prints\n{actual}\nnot\n{expected}"


@pytest.mark.parametrize("block", CHECKED, ids=lambda block: f"line{block.line}-{block.marker}")
def test_notation_example(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if block.marker == "judge":
        _check_judge(block, tmp_path, monkeypatch)
    elif block.marker.endswith(":error"):
        _check_error(block)
    else:
        _check_parse(block)


def test_ci_runs_the_readme_set_up_and_test_commands() -> None:
    """.ci/run installs what the README's set-up installs and runs exactly its test command."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = " ".join((ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ").split())
    test_command = readme.split("Run the test suite", 1)[1].split("\n\n")[1].strip()
    assert test_command in ci and "--thorough" in test_command, (test_command, ci)
    extras = ".[test,rl,distributed,web,postgres]"
    assert f"pip install -q -e '{extras}'" in ci and extras in readme
