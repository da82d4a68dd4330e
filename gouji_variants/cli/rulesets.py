"""The commands on rulesets themselves: list, show, validate, schema, new, fingerprint."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import click
import yaml

from ..ruleset import schema
from ..ruleset.compiler import compile_path
from ..ruleset.errors import RulesetError
from ..ruleset.model import Ruleset, joined_names
from ..ruleset.rules import SECTIONS
from ..ruleset.versions import RULESET_FORMAT
from .common import (
    EXIT_INVALID,
    EXIT_USAGE,
    catalog_of,
    command,
    compile_each,
    complete_ruleset,
    fail,
    load,
    ruleset_option,
)


@command("list", exits={0: "listed (a folder file that cannot be read is skipped, with a warning naming it)"})
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON instead: each ruleset's columns, its kind, English name and file.")
@click.pass_context
def list_command(ctx: click.Context, as_json: bool) -> None:
    """List the rulesets: id, 中文名, region, aliases, fingerprint (a table on a terminal, aligned lines
    when piped)."""
    catalog = catalog_of(ctx)
    rows: list[dict[str, Any]] = []
    for entry in catalog.entries():
        try:
            ruleset = compile_path(entry.path, catalog)
            rows.append({"id": ruleset.id, "kind": ruleset.kind, "name_zh": ruleset.name_zh,
                         "name_en": ruleset.name_en, "region": ruleset.region, "aliases": list(ruleset.aliases),
                         "fingerprint": ruleset.fingerprint, "path": str(entry.path)})
        except RulesetError as error:
            rows.append({"id": entry.id, "kind": "", "name_zh": "", "name_en": "", "region": "", "aliases": [],
                         "fingerprint": "invalid", "path": str(entry.path),
                         "error": error.diagnostics[0].render()})
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from .listing import plain, table

    if sys.stdout.isatty():
        table(rows)
    else:
        click.echo(plain(rows), nl=False)


def dump_yaml(data: dict[str, Any], comments: dict[str, str] | None = None) -> str:
    """Block YAML for the top two levels, flow style below, optional end-of-line comments."""
    comments = comments or {}
    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict) and key in SECTIONS:
            lines.append(f"{key}:")
            for sub, item in value.items():
                note = comments.get(f"{key}.{sub}")
                lines.append(f"  {sub}: {_flow(item)}" + (f"  # {note}" if note else ""))
        else:
            lines.append(yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False, width=100).rstrip())
    return "\n".join(lines) + "\n"


def _rule_in(data: dict[str, Any], key: str) -> bool:
    section, sub = key.split(".")
    return isinstance(data.get(section), dict) and sub in data[section]


def _flow(value: Any) -> str:
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000)
    return text.removesuffix("\n...\n").strip()


@command("show", exits={0: "shown", 2: "the ruleset is unknown or does not compile"})
@click.argument("ruleset", metavar="RULESET", shell_complete=complete_ruleset)
@click.option("--resolved", is_flag=True, help="Show every rule after 'extends', not only the file's own.")
@click.option("--provenance", is_flag=True, help="Add the file:line:column that set each rule.")
@click.option("--format", "fmt", type=click.Choice(["yaml", "json"]), default="yaml", show_default=True)
@click.pass_context
def show(ctx: click.Context, ruleset: str, resolved: bool, provenance: bool, fmt: str) -> None:
    """Show a RULESET: its id, an alias, a name such as 青岛, or a file."""
    loaded = load(ctx, ruleset)
    data = loaded.resolved() if resolved else dict(loaded.own)
    marks = {key: str(mark) for key, mark in loaded.provenance.items()} if provenance else {}
    if not resolved:
        marks = {key: mark for key, mark in marks.items() if _rule_in(data, key)}
    if fmt == "json":
        payload: dict[str, Any] = {"id": loaded.id, "fingerprint": loaded.fingerprint, "path": str(loaded.path),
                                   "ruleset": data}
        if provenance:
            payload["provenance"] = marks
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    header = f"# {loaded.id}: {loaded.name_zh} / {loaded.name_en} — fingerprint {loaded.fingerprint}\n"
    click.echo(header + dump_yaml(data, marks), nl=False)


@command("validate", exits={0: "every ruleset is valid", 1: "one is not (every error of it reported)",
                2: "a file or ruleset is not found"})
@click.argument("refs", nargs=-1, required=True, metavar="RULESET...", shell_complete=complete_ruleset)
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The language of the report.")
@click.pass_context
def validate(ctx: click.Context, refs: tuple[str, ...], lang: str) -> None:
    """Check ruleset files (or rulesets by id, alias or name), reporting every error of each, and warning of
    rules that can never apply (a warning leaves the exit code 0)."""

    def ok(ref: str, ruleset: Ruleset) -> None:
        for warning in ruleset.warnings:
            click.echo(warning.render(lang), err=True)
        if lang == "zh":
            click.echo(f"{ref}: 通过 — {ruleset.id}，指纹 {ruleset.fingerprint}")
        else:
            click.echo(f"{ref}: ok — {ruleset.id}, fingerprint {ruleset.fingerprint}")

    compile_each(ctx, refs, EXIT_INVALID, ok, lang)


class _Draft(click.Choice):  # type: ignore[type-arg]
    """The schema drafts; ``7`` (or ``007``) is read as ``07``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert("07" if str(value).lstrip("0") == "7" else value, param, ctx)


@command("schema", exits={0: "printed"})
@click.option("--draft", type=_Draft(["2020-12", "07"]), default="2020-12", show_default=True,
              help="07 is for editors whose YAML support lacks 2020-12.")
def schema_command(draft: str) -> None:
    """Print the ruleset JSON Schema."""
    click.echo(schema.render(draft), nl=False)


#: Keys that house rules change most often, offered commented-out by ``gouji new``.
#: Keys that house rules change most often, offered commented-out by ``gouji new``.
HOUSE_KEYS = (
    "plays.kills", "plays.attach_twos", "gouji.thresholds", "burning.enabled", "kaidian.enabled",
    "bie3.enabled", "reporting.public_at_most", "reporting.teammate_view_at_most", "tribute.order",
    "first_player.first_game",
)


@command("new", exits={
    0: "written", 2: "FILE exists or cannot be written; the --ruleset or a --with pack is unknown, is "
                     "not a pack, or they do not compile together"})
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@ruleset_option(older="--from")
@click.option("--with", "packs", metavar="PACK[,PACK...]", multiple=True,
              help="Option packs to add on top of the --ruleset (e.g. --with bie3,dadian), listed after it in "
                   "'extends'; 'gouji list' shows the packs.")
@click.pass_context
def new(ctx: click.Context, file: Path, ref: str, packs: tuple[str, ...]) -> None:
    """Write a house-rules FILE that extends the --ruleset (and the --with packs), ready to edit."""
    if file.exists():
        fail(f"error: {file} already exists; choose another name or remove it first", EXIT_USAGE)
    parent = load(ctx, ref, "ruleset")
    added = [load(ctx, name, "option-pack") for names in packs for name in names.split(",") if name.strip()]
    for pack in added:
        if pack.kind != "option-pack":
            fail(f"error: --with {pack.id}: {pack.id} is a {pack.kind}, not an option pack; build on it with "
                 f"-r {pack.id}, or choose packs from 'gouji list' (kind option-pack)", EXIT_USAGE)
    if parent.kind == "option-pack":
        fail(f"error: -r {parent.id} is an option pack: give a ruleset to build on (e.g. -r qingdao) and add "
             f"the pack with --with {parent.id}", EXIT_USAGE)
    slug, title = house_names(file.stem)
    shown = shlex.quote(file.name if file.name.isprintable() else f"{slug}.yaml")
    built_on, names_zh, names_en = joined_names([parent, *added])
    ids = [parent.id, *(pack.id for pack in added)]

    def text(data: dict[str, dict[str, Any]]) -> str:
        lines = [  # every value through the YAML dumper: 'true', '2024' or 'a: b' stay strings
            f"# yaml-language-server: $schema={schema.SCHEMA_DIR / schema.FILES['07']}",
            f"# House rules built on {names_zh} / {names_en} ({built_on}; {parent.id} fingerprint "
            f"{parent.fingerprint}).",
            f"# Everything not set here comes from {built_on}. Uncomment and edit what your table changes, then:",
            f"#   gouji validate {shown}    gouji show {shown} --resolved --provenance",
            f"format: {RULESET_FORMAT}",
            f"id: {_flow(slug)}",
            "kind: ruleset",
            "name:",
            f"  zh: {_flow(title[0])}",
            f"  en: {_flow(title[1])}",
            "description:",
            f"  zh: {_flow(f'在{names_zh}基础上的家规。')}",
            f"  en: {_flow(f'House rules on top of {names_en}.')}",
            f"extends: [{', '.join(_flow(i) for i in ids)}]",
            "",
            f"# The rules tables change most often, with {built_on}'s values:",
        ]
        section = ""
        for key in HOUSE_KEYS:
            name, sub = key.split(".")
            if name != section:
                lines.append(f"# {name}:")
                section = name
            lines.append(f"#   {sub}: {_flow(data[name][sub])}")
        return "\n".join(lines) + "\n"

    try:
        with file.open("x", encoding="utf-8") as out:
            out.write(text(parent.rule_data()))
    except OSError as error:
        fail(f"error: cannot write {file}: {error.strerror}", EXIT_USAGE)
    where = shlex.quote(str(file)) if str(file).isprintable() else repr(str(file))
    if added:  # the packs on the ruleset: they must compile together, and the comments show their values
        try:
            combined = compile_path(file, catalog_of(ctx))
        except RulesetError as error:
            file.unlink()
            fail(f"{error.render()}\nerror: {built_on} do not compile together; {file} was not written", EXIT_USAGE)
        file.write_text(text(combined.rule_data()), encoding="utf-8")
    click.echo(f"wrote {where} (extends {built_on}); edit it, then run: gouji validate {where}")


#: What a file name may end with that already says "house rules" (老王家规, 我家规矩, 老王的规则).
_HOUSE_WORDS = ("家规", "规矩", "规则", "的")


def house_names(stem: str) -> tuple[str, tuple[str, str]]:
    """The id and the (zh, en) name of house rules written to a file named ``stem``: Chinese in the name in
    pinyin in the id (``老王家规`` → ``lao-wang-jia-gui``, 老王家规 / 老王 house rules), "house rules" said once.

    >>> house_names("老王家规")
    ('lao-wang-jia-gui', ('老王家规', 'Lao Wang house rules'))
    >>> house_names("My Rules")
    ('my-rules', ('My Rules家规', 'My Rules house rules'))
    """
    from pypinyin import lazy_pinyin  # only here: the library's tables are large

    printable = stem if stem.isprintable() else ""  # never a line break or a control character in the file
    slug = re.sub(r"[^a-z0-9]+", "-", " ".join(lazy_pinyin(printable)).lower()).strip("-") or "house-rules"
    bare = printable
    while bare.endswith(_HOUSE_WORDS):
        bare = bare.removesuffix(next(word for word in _HOUSE_WORDS if bare.endswith(word)))
    if not bare:
        return slug, ("家规", "House rules")
    english = " ".join(" ".join(word.capitalize() for word in lazy_pinyin(bare)).split()) \
        if re.search(r"[\u3400-\u9fff]", bare) else bare
    zh = printable if printable != bare else bare + "家规"
    return slug, (_within(zh, "", schema.NAME_MAX), _within(english, " house rules", schema.NAME_MAX))


def _within(text: str, ending: str, most: int) -> str:
    """``text`` and ``ending`` in at most ``most`` characters: ``text`` cut, with "…", where it is too long (a
    long file name gives a long name, and a name has a limit).

    >>> _within("Qiu Kua Kuai Kuai Bang Meng Gong Chuang Qian Kui Lao Wang", " house rules", 40)
    'Qiu Kua Kuai Kuai Bang Meng… house rules'
    """
    if len(text) + len(ending) <= most:
        return text + ending
    return text[:most - len(ending) - 1].rstrip() + "…" + ending


@command("fingerprint", exits={0: "every fingerprint printed",
                2: "a ruleset is unknown or does not compile (the others are still printed)"})
@click.argument("refs", nargs=-1, required=True, metavar="RULESET...", shell_complete=complete_ruleset)
@click.pass_context
def fingerprint(ctx: click.Context, refs: tuple[str, ...]) -> None:
    """Print each RULESET's fingerprint (an id, alias, name or file): tables showing the same string
    play the same rules."""
    compile_each(ctx, refs, EXIT_USAGE,
                  lambda ref, ruleset: click.echo(f"{ruleset.fingerprint}  {ref}  ({ruleset.id})"))
