"""Generate ``docs/reference.md``, the ruleset reference, from the JSON Schema.

Every section, key, type and description comes from
``gouji_variants.schema.build("2020-12")``; the default column is the built-in
base ruleset ``dagang``. The output is deterministic, and a test keeps the
committed page equal to :func:`render_reference`.

Regenerate the page and the committed schema files with::

    python -m gouji_variants.docgen
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from . import schema
from .compiler import BASE_ID, load_ruleset
from .resources import PACKAGE_DIR

DOCS_DIR = PACKAGE_DIR.parent / "docs"
REFERENCE = DOCS_DIR / "reference.md"
DRAFT = "2020-12"

#: Where each expression kind is explained in the notation guide.
EXPRESSION_ANCHORS = {
    "thresholds": "thresholds",
    "kill": "kill-rules",
    "tribute_order": "tribute-order",
    "deck_recipe": "deck-recipe",
}


def _has_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


def _split(description: str) -> tuple[str, str]:
    """A schema description is ``zh`` then ``en`` on the next line; a one-language one goes in its column."""
    zh, newline, en = description.partition("\n")
    if not newline:
        return (zh.strip(), "") if _has_cjk(zh) else ("", zh.strip())
    return zh.strip(), en.strip()


def _cell(text: str) -> str:
    """Markdown (code spans included) made safe inside a table cell: GFM splits cells on every bare ``|``."""
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    """An inline code span; the caller escapes the table cell once with :func:`_cell`."""
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _flow(value: Any) -> str:
    """A value as one line of YAML, the way a ruleset file writes it."""
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False)
    return text.removesuffix("\n...\n").strip()


def _def_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_text(prop: dict[str, Any], plural: bool = False) -> str:
    """A readable type for one schema property (``plural`` for the items of a list)."""
    ending = "s" if plural else ""
    if "anyOf" in prop:
        options = prop["anyOf"]
        nulls = [option for option in options if option.get("type") == "null"]
        text = " or ".join(type_text(option, plural) for option in options if option.get("type") != "null")
        return text + (" or null" if nulls else "")
    if "$ref" in prop:
        name = _def_name(prop["$ref"])
        return f"[{name}](#def-{name}) object{ending}"
    if "x-expression" in prop:
        kind = prop["x-expression"]
        text = f"[expression{ending} ({kind})](notation.md#{EXPRESSION_ANCHORS.get(kind, kind)})"
        examples = prop.get("examples") or []
        return text + (f", e.g. {_code(examples[0])}" if examples else "")
    kind = prop.get("type")
    if "enum" in prop:
        values = ", ".join(_code(str(value)) for value in prop["enum"])
        return ("values from " if plural else "one of ") + values
    if kind == "boolean":
        return "boolean" + ending
    if kind == "integer":
        bounds = []
        if "minimum" in prop:
            bounds.append(f"≥ {prop['minimum']}")
        if "maximum" in prop:
            bounds.append(f"≤ {prop['maximum']}")
        return "integer" + ending + (" " + ", ".join(bounds) if bounds else "")
    if kind == "string":
        text = ("non-empty string" if prop.get("minLength") else "string") + ending
        if "pattern" in prop:
            text += f" matching {_code(prop['pattern'])}"
        return text
    if kind == "array":
        items = type_text(prop.get("items", {}), plural=True)
        size = ""
        if "minItems" in prop and prop.get("minItems") == prop.get("maxItems"):
            size = f"exactly {prop['minItems']} "
        elif "minItems" in prop or "maxItems" in prop:
            size = f"{prop.get('minItems', 0)}–{prop.get('maxItems', '…')} "
        text = f"list of {size}{items}"
        if prop.get("uniqueItems"):
            text += ", no repeats"
        return text
    if kind == "object":
        keys = ", ".join(prop.get("properties", {}))
        return f"object{ending} {{{keys}}}" if keys else "object" + ending
    if kind == "null":
        return "null"
    return str(kind or "any")


def _table(rows: list[tuple[str, ...]], last: str | None) -> list[str]:
    head = ["key", "type", "说明", "description"] + ([last] if last else [])
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(_cell(field) for field in row) + " |" for row in rows]
    return lines


def _row(key: str, prop: dict[str, Any], *last: str) -> tuple[str, ...]:
    zh, en = _split(prop.get("description", ""))
    return (_code(key), type_text(prop), zh, en, *last)


def _meta_rows(built: dict[str, Any]) -> list[tuple[str, ...]]:
    required = set(built.get("required", ()))
    rows: list[tuple[str, ...]] = []
    for key, prop in built["properties"].items():
        if "title" in prop:  # a rule section
            continue
        if key == "examples":  # its own page describes the two kinds of example
            zh, en = _split(prop["description"])
            rows.append((_code(key), "list of [examples](examples.md)", zh, en, "optional"))
            continue
        rows.append(_row(key, prop, "required" if key in required else "optional"))
        items = prop.get("items", {})
        if prop.get("type") == "array" and items.get("type") == "object":
            sub_required = set(items.get("required", ()))
            for sub, sub_prop in items["properties"].items():
                rows.append(_row(f"{key}[].{sub}", sub_prop, "required" if sub in sub_required else "optional"))
    return rows


def _default_text(section: dict[str, Any], key: str) -> str:
    return _code(_flow(section[key])) if key in section else "—"


def render_reference() -> str:
    """The ruleset reference page, in Markdown."""
    built = schema.build(DRAFT)
    base = load_ruleset(BASE_ID)
    defaults = base.rule_data()
    sections = [(key, prop) for key, prop in built["properties"].items() if "title" in prop]
    defs = built.get("$defs", {})
    title_zh, title_en = _split(built["description"])

    out = [
        "<!-- Generated by `python -m gouji_variants.docgen` from the ruleset JSON Schema; do not edit by hand. -->",
        "",
        "# 规则集参考 / Ruleset reference",
        "",
        f"{title_zh}  ",
        f"{title_en}",
        "",
        f"Schema: `{built['$id']}` ({DRAFT}; `gouji schema` prints it, `gouji schema --draft 07` the editor copy).",
        f"Defaults are the values of the built-in base ruleset `{BASE_ID}` "
        f"({base.name_zh} / {base.name_en}); a ruleset that `extends: [{BASE_ID}]` gets every one it does not set.",
        "Expressions (the four string kinds marked *expression*) and the card notation are described in "
        "[the notation guide](notation.md).",
        "",
        "## Contents",
        "",
        "- [Metadata / 元数据](#metadata)",
    ]
    for key, prop in sections:
        out.append(f"- [`{key}` — {prop['title']}](#{key})")
    if defs:
        out.append("- [Nested objects / 嵌套对象](#nested-objects)")
    out += [
        "",
        '<a id="metadata"></a>',
        "",
        "## Metadata / 元数据",
        "",
        "Top-level keys that describe a ruleset; they are not rules and are not inherited through `extends`.",
        "",
    ]
    out += _table(_meta_rows(built), "required")
    for key, prop in sections:
        zh, en = _split(prop.get("description", ""))
        rows = [_row(sub, sub_prop, _default_text(defaults.get(key, {}), sub))
                for sub, sub_prop in prop["properties"].items()]
        out += ["", f'<a id="{key}"></a>', "", f"## `{key}` — {prop['title']}", "", f"{zh}  ", en, ""]
        out += _table(rows, f"default ({BASE_ID})")
    if defs:
        out += [
            "",
            '<a id="nested-objects"></a>',
            "",
            "## Nested objects / 嵌套对象",
            "",
            "Objects that rule keys above hold; their defaults are shown with the key that uses them.",
        ]
        for name, prop in defs.items():
            marks_required = "required" in prop
            rows = []
            for sub, sub_prop in prop.get("properties", {}).items():
                need = ["required" if sub in prop["required"] else "optional"] if marks_required else []
                rows.append(_row(sub, sub_prop, *need))
            out += ["", f'<a id="def-{name}"></a>', "", f"### `{name}`", ""]
            zh, en = _split(prop.get("description", ""))
            if zh or en:
                out += [f"{zh}  ", en, ""]
            out += _table(rows, "required" if marks_required else None)
    return "\n".join(out) + "\n"


def write_reference(path: Path = REFERENCE) -> Path:
    """Write the reference page (``docs/reference.md`` by default)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_reference(), encoding="utf-8")
    return path


if __name__ == "__main__":
    written = write_reference()
    schema.write_files()
    print(f"wrote {written}")
    for name in schema.FILES.values():
        print(f"wrote {schema.SCHEMA_DIR / name}")
