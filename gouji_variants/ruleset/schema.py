"""The ruleset JSON Schema, generated from :mod:`gouji_variants.ruleset.rules`.

``build("2020-12")`` is the schema the loader validates with; ``build("07")``
is the same schema for editors (yaml-language-server does not read 2020-12).
Both are committed under ``rulesets/schema/`` (``gouji_variants/rulesets/schema/`` in a wheel); a test keeps them fresh.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import cache
from typing import Any, Literal

from .. import __version__
from . import examples
from .expressions import BuyOrder, DeckRecipe, Forbid, Forfeit, HandRule, KillRule, Thresholds, TributeOrder
from .resources import SCHEMA_DIR as SCHEMA_DIR  # re-exported: where the schema files live
from .rules import PLACE_NAMES, SECTION_TITLES, SECTIONS, Domain, Outcomes, Stakes, XuandianTable
from .versions import FIRST_FORMAT, RULESET_FORMAT

DRAFTS = {"2020-12": "https://json-schema.org/draft/2020-12/schema", "07": "http://json-schema.org/draft-07/schema#"}
FILES = {"2020-12": "ruleset.schema.json", "07": "ruleset.draft-07.schema.json"}
ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"

#: Expression types: the grammar start symbol and an example, for the description.
EXPRESSIONS: dict[type, tuple[str, str]] = {
    Thresholds: ("thresholds", "R, B, 2, AA, KK, QQQ, JJJJ, TTTTT"),
    KillRule: ("kill", "R by 2R, +1 card"),
    TributeOrder: ("tribute_order", "点 > 闷 > 烧 > 落"),
    DeckRecipe: ("deck_recipe", "4 decks, only 6 of 3, remove 2 of 4"),
    HandRule: ("hand_rule", "exactly 1 of 3, exactly 1 of 4"),
    BuyOrder: ("buy_order", "对门 > 联邦赠 > 上下家"),
    Forfeit: ("forfeit", "4 with 2 or joker -> 不开点"),
    Forbid: ("forbid", "not jokers alone on jokers alone"),
}
#: Further values an editor offers as completions: one per form of an expression, and the legacy names of buy orders.
MORE_EXAMPLES: dict[type, tuple[str, ...]] = {
    KillRule: ("B by R", "R alone by 2R, +1 card", "B on single 2 by B", "R by 2 jokers, +1 card", "R by 2R in all",
               "R by 3 twos, +2 cards", "joker by equal or higher jokers", "R by W", "R by 3B, any rank",
               "B by R or W", "joker by higher jokers", "R by 2R, +1 card each"),
    Forbid: ("4 with 2 or joker", "part of 4", "any on any with W"),
    BuyOrder: ("duitou-then-team", "whoever-has-extra", "对门", "none"),
}


def describe(zh: str, en: str) -> str:
    return f"{zh}\n{en}"


def _type_schema(hint: Any, meta: typing.Mapping[str, Any], defs_key: str) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        schema: dict[str, Any] = {"type": "integer"}
        domain: Domain | None = meta.get("domain")
        if domain is not None:
            schema |= {"minimum": domain.low, "maximum": domain.high}
            if domain.per_hand:  # a bound the compiler checks against the deck: for the form and the docs
                schema["x-per-hand"] = True
        return schema
    if hint in EXPRESSIONS:
        start, example = EXPRESSIONS[hint]
        return {"type": "string", "minLength": 1, "examples": [example, *MORE_EXAMPLES.get(hint, ())],
                "x-expression": start}
    if origin is Literal:
        return {"type": "string", "enum": list(args)}
    if origin in (types.UnionType, typing.Union):  # null last, as "X or null"
        inner = [arg for arg in args if arg is not type(None)]
        return {"anyOf": [_type_schema(arg, meta, defs_key) for arg in inner]
                + ([{"type": "null"}] if type(None) in args else [])}
    if origin is tuple:
        schema = {"type": "array", "items": _type_schema(args[0], meta, defs_key)}
        if typing.get_origin(args[0]) is Literal:
            schema["uniqueItems"] = True
        if meta.get("length") is not None:
            schema["minItems"] = schema["maxItems"] = meta["length"]
        return schema
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return {"$ref": f"#/{defs_key}/{hint.__name__.lower()}"}
    raise TypeError(f"no schema for {hint!r}")


def _object_schema(cls: type, defs_key: str, title: tuple[str, str] | None = None) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    properties = {}
    for field in dataclasses.fields(cls):
        prop = _type_schema(hints[field.name], field.metadata, defs_key)
        prop["description"] = describe(field.metadata["zh"], field.metadata["en"])
        properties[field.name] = prop
    schema: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": properties}
    doc = (cls.__doc__ or "").strip()
    if title:  # a rule area: every key optional here, completeness is checked after extends
        schema["title"] = f"{title[0]} / {title[1]}"
        schema["description"] = describe(title[0], f"{title[1]}: {doc}")
    else:  # a nested value: all of it or nothing
        schema["required"] = list(properties)
        schema["description"] = doc
    return schema


#: the longest name and description a ruleset may give (each language; the web page's form caps them the same)
NAME_MAX, DESCRIPTION_MAX = 60, 2000


def _bilingual(zh: str, en: str, longest: int) -> dict[str, Any]:
    text = {"type": "string", "minLength": 1, "maxLength": longest}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["zh", "en"],
        "properties": {"zh": text, "en": text},
        "description": describe(zh, en),
    }


def _meta_properties() -> dict[str, Any]:
    text = {"type": "string", "minLength": 1}
    return {
        "format": {"type": "integer", "minimum": FIRST_FORMAT, "maximum": RULESET_FORMAT, "description": describe(
            f"规则集格式（规则语言的版本，{FIRST_FORMAT}-{RULESET_FORMAT}）；不写为{FIRST_FORMAT}；比本版本新的格式会被拒绝",
            f"ruleset format (the version of the rule language, {FIRST_FORMAT}-{RULESET_FORMAT}); "
            f"{FIRST_FORMAT} when absent; a newer format than this release reads is refused")},
        "id": {**text, "pattern": ID_PATTERN, "description": describe(
            "规则集编号：拼音小写，连字符分隔", "ruleset id: pinyin, lower-case, hyphenated")},
        "kind": {"type": "string", "enum": ["ruleset", "option-pack"], "description": describe(
            "ruleset 完整规则集；option-pack 可叠加的选项包（单独使用时叠加在 dagang 上）",
            "'ruleset' a complete ruleset; 'option-pack' a composable pack (on dagang when used alone)")},
        "name": _bilingual("名称", "name", NAME_MAX),
        "aliases": {"type": "array", "uniqueItems": True, "items": text, "description": describe(
            "别名，含中文城市名，可用于查找", "other names, Chinese city names included, for lookup")},
        "region": {**text, "description": describe("地区", "region")},
        "description": _bilingual("说明", "description", DESCRIPTION_MAX),
        "sources": {
            "type": "array",
            "description": describe("出处：原始规则文本及行号", "sources: seed file and line references"),
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["file", "lines"],
                "properties": {
                    "file": {**text, "description": describe("原始文本文件名", "seed file name")},
                    "lines": {
                        "anyOf": [
                            {"type": "integer", "minimum": 1},
                            {**text, "pattern": "^[0-9]+(-[0-9]+)?(, *[0-9]+(-[0-9]+)?)*$"},
                        ],
                        "description": describe("行号，如 115-117", "line references, e.g. 115-117"),
                    },
                    "note": {**text, "description": describe("备注", "note")},
                },
            },
        },
        "extends": {"type": "array", "items": text, "description": describe(
            "继承的规则集或选项包（编号、别名或相对路径），后者优先",
            "rulesets or option packs to build on (id, alias or relative path); later entries win")},
        "interpretations": {
            "type": "array",
            "description": describe("对原文歧义所作的具名选择", "named choices where the sources are ambiguous"),
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["rule", "choice", "zh", "en"],
                "properties": {
                    "rule": {**text, "pattern": "^[a-z0-9_]+\\.[a-z0-9_]+$",
                             "description": describe("规则，如 plays.kills", "the rule, e.g. plays.kills")},
                    "choice": {**text, "description": describe("所选读法的名称", "name of the reading taken")},
                    "zh": {**text, "description": describe("中文说明", "explanation in Chinese")},
                    "en": {**text, "description": describe("英文说明", "explanation in English")},
                },
            },
        },
        "examples": _examples_property(),
        "components": {
            "type": "object",
            "additionalProperties": False,
            "description": describe(
                "替换内置组件：规则区 → 已注册的组件名（规则集从不含代码；随 extends 继承；见 docs/engine.md）",
                "replace built-in components: rule area -> a registered component name (rulesets never carry "
                "code; inherited through extends; see docs/engine.md)"),
            "properties": {section: {**text, "description": describe(
                f"{SECTION_TITLES[section][0]}组件的注册名（{section} 为内置）",
                f"registered name of the {section} component ('{section}' is the built-in one)")}
                for section in sorted(SECTIONS)},  # every area has a component
        },
    }


def _examples_property() -> dict[str, Any]:
    """The ``examples`` list: adjudications (``play``) and scenarios (``hands`` or ``actions``)."""
    text = {"type": "string", "minLength": 1}
    cards = {"anyOf": [text, {"type": "integer", "minimum": 2}], "description": describe(
        "牌（牌面记法，如 99B）", "cards in card notation, e.g. 99B (a number such as 33 is read as its digits)")}
    seat = {"type": "integer", "minimum": 0, "maximum": 5}
    places = {"type": "array", "minItems": 6, "maxItems": 6, "uniqueItems": True,
              "items": {"type": "string", "enum": list(PLACE_NAMES)}}
    rule_id = {**text, "pattern": examples.RULE_ID}
    common = {
        "name": {**text, "description": describe("示例名称", "what the example shows")},
        "source": {**text, "description": describe("出处，如 000:120（文件编号:行号）",
                                                   "source, e.g. 000:120 (seed file number:line)")},
        "note": {**text, "description": describe("备注", "note")},
    }
    adjudication = {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "play", "expect"],
        "description": "An adjudication: one play, optionally on a previous play, and the referee's answer.",
        "properties": {
            **common,
            "play": {**cards, "description": describe("所出的牌", "the play")},
            "previous": {**cards, "description": describe("要上的牌（上家的牌）", "the previous play, to answer")},
            "expect": {"type": "string", "enum": ["legal", "illegal"], "description": describe(
                "裁判结果：legal 合法（且能上）或 illegal", "the referee's answer: legal (and beats) or illegal")},
            "rule": {**rule_id, "description": describe(
                "裁定所依据的规则编号，如 plays.kills", "the deciding rule id, e.g. plays.kills (or plays.kills[0])")},
            "gouji": {"type": "boolean", "description": describe("是否为够级牌", "whether the play is 够级")},
            "pure_gouji": {"type": "boolean", "description": describe("是否为纯够级牌", "whether it is pure 够级")},
        },
    }
    expect = {
        "type": "object",
        "additionalProperties": False,
        "minProperties": 1,
        "description": describe("动作完成后的预期", "what must hold after the actions"),
        "properties": {
            "places": {**places, "description": describe("按座位的名次", "each seat's place, seat 0 first")},
            "score": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"},
                      "description": describe("两方记分（0、2、4座；1、3、5座）",
                                              "what each team records: seats 0,2,4 then seats 1,3,5")},
            "tribute": {"type": "array", "items": text, "description": describe(
                "下一局的进贡，如「大落 pays 头科 2」", "the next game's tribute dues, e.g. '大落 pays 头科 2'")},
            "illegal": {"anyOf": [{"type": "boolean"}, rule_id], "description": describe(
                "最后一个动作须被拒绝（可写规则编号）", "the last action must be rejected (by this rule, if given)")},
            "turn": {**seat, "description": describe("轮到的座位", "the seat to act")},
            "decision": {"type": "string", "enum": list(examples.DECISIONS),
                         "description": describe("所等待的决定", "the decision awaited")},
            "stats": {"type": "object", "propertyNames": {"pattern": "^[a-z0-9_]+$"},
                      "additionalProperties": {"type": "integer", "minimum": 0},
                      "description": describe("引擎计数，如 jiefeng: 1", "engine counters, e.g. jiefeng: 1")},
            "hands": {"type": "array", "minItems": 6, "maxItems": 6,
                      "items": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 2}, {"type": "null"}]},
                      "description": describe("各座位剩余的牌（null 不查，\"\" 为空）",
                                              "each seat's hand (null: not checked, \"\": empty)")},
            "out": {"type": "array", "uniqueItems": True, "items": seat,
                    "description": describe("出完牌的座位，按先后", "the seats out of cards, in order")},
            **{state: {"type": "array", "uniqueItems": True, "items": seat, "description": describe(zh, en)}
               for state, (zh, en) in examples.SEAT_STATES.items()},
            "counts": {"type": "array", "minItems": 6, "maxItems": 6,
                       "items": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
                       "description": describe("各座位手中的张数（null 不查）",
                                               "how many cards each seat holds (null: not checked)")},
        },
    }
    scenario = {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "hands", "expect"],
        "description": "A scenario: six hands, a leader, actions in order, and what must hold at the end.",
        "properties": {
            **common,
            "hands": {"type": "array", "minItems": 6, "maxItems": 6, "items": cards,
                      "description": describe("六家的牌，0座在前", "the six hands, seat 0 first")},
            "leader": {**seat, "description": describe("首发牌座位（默认0）", "the seat that leads (default 0)")},
            "carry": {
                "type": "object",
                "additionalProperties": False,
                "required": ["places"],
                "description": describe("上一局的结果（用于进贡）", "the previous game's result (for tribute)"),
                "properties": {
                    "places": {**places, "description": describe("上一局按座位的名次", "last game's places by seat")},
                    "burns": {"type": "array", "items": {**text, "pattern": examples.BURN_PATTERN},
                              "description": describe("上一局成功的烧牌，如「1 burned 0」",
                                                      "last game's successful burns, e.g. '1 burned 0'")},
                },
            },
            "actions": {"type": "array", "items": cards | {"description": describe(
                "动作：牌、" + "、".join(examples.SIMPLE_VERBS) + "、burn 牌、return 牌、hui3 3|4|both，"
                "可加座位「3: 99B」",
                "an action: cards, " + ", ".join(examples.SIMPLE_VERBS) + ", burn CARDS, return CARDS, hui3 3|4|both; "
                "'3: 99B' also asserts the seat")}},
            "expect": expect,
        },
    }
    return {
        "type": "array",
        "description": describe("示例：裁判和情景，由 gouji check 运行；不随 extends 继承",
                                "examples: adjudications and scenarios run by gouji check; not inherited"),
        "items": {
            "type": "object",
            "if": {"anyOf": [{"required": ["hands"]}, {"required": ["actions"]}]},
            "then": scenario,
            "else": adjudication,
        },
    }


@cache
def build(draft: str = "2020-12") -> dict[str, Any]:
    """The ruleset schema for ``draft`` ("2020-12" or "07")."""
    defs_key = "$defs" if draft == "2020-12" else "definitions"
    properties = _meta_properties()
    for name, cls in SECTIONS.items():
        properties[name] = _object_schema(cls, defs_key, SECTION_TITLES[name])
    schema: dict[str, Any] = {
        "$schema": DRAFTS[draft],
        "$id": f"urn:gouji-variants:ruleset:{RULESET_FORMAT}" + ("" if draft == "2020-12" else ":draft-07"),
        "title": "够级规则集 / Gouji ruleset",
        "description": describe(
            f"gouji-variants {__version__} 规则集格式 {RULESET_FORMAT}",
            f"gouji-variants {__version__} ruleset format {RULESET_FORMAT}",
        ),
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "kind", "name"],
        "properties": properties,
        defs_key: {cls.__name__.lower(): _object_schema(cls, defs_key) for cls in (Stakes, Outcomes, XuandianTable)},
    }
    return schema


def render(draft: str = "2020-12") -> str:
    return json.dumps(build(draft), ensure_ascii=False, indent=2) + "\n"


def write_files() -> None:
    """Regenerate the committed schema files."""
    SCHEMA_DIR.mkdir(exist_ok=True)
    for draft, name in FILES.items():
        (SCHEMA_DIR / name).write_text(render(draft), encoding="utf-8")
