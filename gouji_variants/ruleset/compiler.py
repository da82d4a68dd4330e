"""From ruleset files to an immutable, typed :class:`Ruleset`.

Steps: load each file safely with marks, validate it against the schema,
resolve ``extends`` (cycles, missing parents and paths leaving the ruleset
folders are errors that show the chain), merge the layers (later wins),
compile every value to its typed form (expressions through the grammar),
then check the rules that span sections. Every problem is reported with
the file, line and column that caused it; all of them at once, best first.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import math
import re
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, relevance

from . import examples as examples_
from . import expressions, lookalike, schema
from . import rules as rules_
from .cards import JOKERS, RANK_SYMBOLS, TWO
from .catalog import BASE, Catalog, looks_like_path
from .chinese import translate
from .errors import Diagnostic, Mark, RulesetError, Severity
from .expressions import ANY_JOKER, PLAYERS, RELATIVE, TRIBUTE_KINDS
from .grammar import NotationError
from .model import Interpretation as Interpretation  # the compiled ruleset, re-exported for 0.2.0 callers
from .model import Ruleset as Ruleset
from .model import Source as Source
from .model import fingerprint as fingerprint
from .model import rules_to_data as rules_to_data
from .rules import ALWAYS, SECTIONS, Rules
from .versions import format_problems, too_new
from .yamlsource import Document, load, pointer_join

BASE_ID = BASE
META_KEYS = ("format", "id", "kind", "name", "aliases", "region", "description", "sources", "extends",
             "interpretations", "examples", "components")


# ── schema validation ──────────────────────────────────────────────────────


def _whole_number(_checker: Any, instance: Any) -> bool:
    """Strictly an int: ``4.0`` is refused, so that a value is written one way and fingerprints only the rules."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _validator() -> jsonschema.protocols.Validator:
    """The 2020-12 validator, built once per process, with integers that are ints (not whole floats)."""
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _whole_number)
    strict: type[jsonschema.protocols.Validator] = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        base, type_checker=checker)
    return strict(schema.build("2020-12"))


#: The schema keywords that bound a value (a number's domain, a text's length): rules an earlier release
#: accepted are not held to bounds added since (see :func:`compile_data`).
_BOUNDS = frozenset({"minimum", "maximum", "maxLength"})


def _schema_diagnostics(doc: Document, bounds: bool = True) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for error in sorted(_validator().iter_errors(doc.data), key=relevance):
        if _range_of_a_fraction(error) or (not bounds and error.validator in _BOUNDS):
            continue
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = _allowed_keys(error)
            found += [_diagnose(doc, error, key) for key in error.instance if key not in allowed]
        else:
            found.append(_diagnose(doc, error))
    return _best_first(found)


def _range_of_a_fraction(error: ValidationError) -> bool:
    """A range error of a value that is not a whole number: its kind is what is wrong (said by another error)."""
    return error.validator in ("minimum", "maximum") and not _whole_number(None, error.instance)


def _best_first(found: list[Diagnostic]) -> list[Diagnostic]:
    """In file order (fix the first first); one message per place: a list of allowed words beats 'not a string'."""
    enums = {d.pointer for d in found if " is not one of " in d.message}
    kept: list[Diagnostic] = []
    for diagnostic in found:
        typed = " is not one of " not in diagnostic.message and " is not " in diagnostic.message
        if diagnostic in kept or (typed and diagnostic.pointer in enums and diagnostic.pointer):
            continue
        kept.append(diagnostic)
    return sorted(kept, key=lambda d: (d.mark.line, d.mark.column))


def _allowed_keys(error: ValidationError) -> list[str]:
    props = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
    return list(props)


def _diagnose(doc: Document, error: ValidationError, unknown: str = "") -> Diagnostic:
    if error.validator == "anyOf" and error.context:
        # A nullable object or list: the error inside the non-null branch says what is wrong; a scalar of the
        # right type (-1 for a whole number or null): the constraint it broke.
        container = isinstance(error.instance, (dict, list))
        deep = [sub for sub in error.context if not _range_of_a_fraction(sub)
                and (sub.validator != "type" or (container and sub.validator_value != "null"))]
        if deep:
            return _diagnose(doc, min(deep, key=relevance))
    pointer = "".join(pointer_join("", part) for part in error.absolute_path)
    # The validator sets these on every error it yields (only hand-made errors leave them unset).
    instance: Any = error.instance
    value: Any = error.validator_value
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = _allowed_keys(error)
        extra = [key for key in error.instance if key not in allowed]
        key = unknown or extra[0]
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        where = "the top level" if not pointer else f"'{pointer.strip('/').replace('/', '.')}'"
        lookalike_hint = lookalike.hint(key, allowed)
        hint = lookalike_hint or (f"did you mean {close[0]!r}?" if close else "allowed keys: " + ", ".join(allowed))
        hint_zh = lookalike.hint(key, allowed, "zh") or (f"是不是 {close[0]!r}？" if close else
                                                          "可用的键：" + "、".join(allowed))
        return Diagnostic(doc.mark(pointer_join(pointer, key), key=True),
                          f"unknown key {key!r} in {where}", pointer_join(pointer, key), hint,
                          zh=f"{'顶层' if not pointer else where}没有键 {key!r}", hint_zh=hint_zh)
    if error.validator == "enum":
        options = ", ".join(repr(o) for o in value)
        words = [str(o) for o in value]
        close = difflib.get_close_matches(str(instance), words, n=1)
        lookalike_hint = lookalike.hint(str(instance), words)
        hint = lookalike_hint or (f"did you mean {close[0]!r}?" if close else "")
        hint_zh = lookalike.hint(str(instance), words, "zh") or (f"是不是 {close[0]!r}？" if close else "")
        return Diagnostic(doc.mark(pointer), f"{_show(error.instance)} is not one of {options}", pointer, hint,
                          zh=f"{_show(error.instance, 'zh')} 不是可选的值（{options}）之一", hint_zh=hint_zh)
    if error.validator == "required":
        missing = [k for k in value if k not in instance]
        keys = " and ".join(repr(k) for k in missing)
        hint, hint_zh = "", ""
        if not pointer:
            hint = ("every ruleset file starts with id (e.g. 'id: my-rules'), kind ('ruleset' or 'option-pack') "
                    "and name (with zh and en)")
            hint_zh = ("每个规则文件以 id（如 'id: my-rules'）、kind（'ruleset' 或 'option-pack'）"
                       "和 name（含 zh 与 en）开头")
        if re.fullmatch(r"/examples/[0-9]+", pointer):
            hint = ("an adjudication has name, play, previous (optional) and expect; a scenario has name, hands, "
                    "actions and expect")
            hint_zh = "裁决示例有 name、play、previous（可不写）和 expect；对局示例有 name、hands、actions 和 expect"
        return Diagnostic(doc.mark(pointer), f"missing required key{'s' * (len(missing) > 1)} {keys}", pointer, hint,
                          zh="缺少必需的键 " + "、".join(repr(k) for k in missing), hint_zh=hint_zh)
    if error.validator == "pattern" and pointer == "/id":
        slug = re.sub(r"[^a-z0-9]+", "-", str(error.instance).lower()).strip("-") or "my-rules"
        return Diagnostic(doc.mark(pointer), f"id {error.instance!r} is not lower-case letters and digits in words "
                          "joined by single hyphens", pointer, f"e.g. 'id: {slug}'",
                          zh=f"id {error.instance!r} 不是由单个连字符连接的小写字母和数字",
                          hint_zh=f"例如 'id: {slug}'")
    if error.validator in ("minItems", "maxItems") and isinstance(error.instance, list):
        bounds = error.schema if isinstance(error.schema, dict) else {}
        low, high = bounds.get("minItems"), bounds.get("maxItems")
        need, need_zh = (f"exactly {low}", f"正好 {low} 项") if low == high else \
            (f"at least {low}", f"至少 {low} 项") if error.validator == "minItems" else \
            (f"at most {high}", f"至多 {high} 项")
        rule = pointer.strip("/").replace("/", ".")
        return Diagnostic(doc.mark(pointer), f"{rule} has {len(error.instance)} item"
                          f"{'s' * (len(error.instance) != 1)} but needs {need}", pointer, _describe_hint(error),
                          zh=f"{rule} 有 {len(error.instance)} 项，但需要{need_zh}",
                          hint_zh=_describe_hint(error, "zh"))
    if error.validator in ("minimum", "maximum") and isinstance(error.schema, dict):
        return _out_of_domain(doc, pointer, error.instance, error.schema)
    if error.validator in ("type", "anyOf"):
        expected = _expected_type(error)
        hint, hint_zh = _type_hint(error.instance, expected, error.schema)
        if not pointer:
            hint = "a ruleset file is a mapping: 'id: ...', 'kind: ...' and 'name:' lines at the top, then sections"
            hint_zh = "规则文件是一个映射：开头是 'id: ...'、'kind: ...' 和 'name:' 行，然后是各部分"
        return Diagnostic(doc.mark(pointer), f"{_show(error.instance)} is not {expected}", pointer, hint,
                          zh=f"{_show(error.instance, 'zh')} 不是{_expected_type(error, 'zh')}", hint_zh=hint_zh)
    if error.validator == "maxLength" and isinstance(error.instance, str):
        most = error.validator_value
        size = len(error.instance)
        return Diagnostic(doc.mark(pointer), f"the text has {size} characters, at most {most} allowed", pointer,
                          f"shorten it to {most} characters", zh=f"这段文字有 {size} 个字，至多 {most} 个",
                          hint_zh=f"缩短到 {most} 个字以内")
    zh = {"minLength": f"{_show(error.instance, 'zh')} 是空的，这里须有内容",
          "minProperties": f"{_show(error.instance, 'zh')} 是空的，这里须有内容",
          "pattern": f"{error.instance!r} 不符合所需的写法 {value!r}",
          "uniqueItems": f"{_show(error.instance, 'zh')} 里有重复的项"}.get(str(error.validator),
                                                                       f"不符合规则集格式：{error.message}")
    return Diagnostic(doc.mark(pointer), error.message, pointer, zh=zh)


def _out_of_domain(doc: Document, pointer: str, value: Any, bounds: dict[str, Any]) -> Diagnostic:
    """A number outside its rule's :class:`~gouji_variants.ruleset.rules.Domain` (or the format's range)."""
    low, high, rule = bounds.get("minimum"), bounds.get("maximum"), rule_name(pointer)
    if bounds.get("x-per-hand"):
        hint = f"a number of cards: {low} up to what one hand holds (at most {high}, fewer with a smaller deck)"
        hint_zh = f"这是张数：{low} 到一手牌的张数（至多 {high}，牌少时更少）"
    else:
        hint, hint_zh = f"write a whole number from {low} to {high}", f"写 {low} 到 {high} 之间的整数"
    return Diagnostic(doc.mark(pointer), f"{rule} is {value}, outside its range {low} to {high}", pointer, hint,
                      zh=f"{rule} 为 {value}，超出了它的范围 {low} 到 {high}", hint_zh=hint_zh)


def rule_name(pointer: str) -> str:
    """``tribute.luo_cards[0]`` for the pointer ``/tribute/luo_cards/0``."""
    parts = pointer.strip("/").split("/")
    return "".join(f"[{part}]" if part.isdigit() else f".{part}" for part in parts).lstrip(".")


_TYPE_WORDS = {"string": ("a string", "字符串"), "integer": ("a whole number", "整数"),
               "boolean": ("true or false", "布尔值（true 或 false）"), "array": ("a list", "列表"),
               "object": ("a mapping", "映射（键: 值）"), "null": ("null", "null"), "number": ("a number", "数")}


def _expected_type(error: ValidationError, lang: str = "en") -> str:
    value: Any = error.validator_value  # the "anyOf" list, or the "type" keyword's value
    schemas = value if error.validator == "anyOf" else [{"type": value}]
    words: list[str] = []
    for sub in schemas:
        kinds = sub.get("type", "object" if "$ref" in sub else "")
        for kind in kinds if isinstance(kinds, list) else [kinds]:
            en, zh = _TYPE_WORDS.get(kind, (kind, kind))
            word = zh if lang == "zh" else en
            if word and word not in words:
                words.append(word)
    if lang == "zh":
        return "或".join(words) if words else "这里允许的值"
    return " or ".join(words) if words else "allowed here"


def _show(value: Any, lang: str = "en") -> str:
    zh = lang == "zh"
    if value is None:
        return "空值（null）" if zh else "an empty value (null)"
    if isinstance(value, dict):
        return "一个映射" if zh else "a mapping"
    if isinstance(value, list):
        return "一个列表" if zh else "a list"
    return repr(value)


def _describe_hint(error: ValidationError, lang: str = "en") -> str:
    """The English (or Chinese) half of the rule's description, as a hint."""
    description = error.schema.get("description", "") if isinstance(error.schema, dict) else ""
    zh, _, en = description.rpartition("\n")
    return zh if lang == "zh" else en


#: Chinese words for yes and no that a table might write for a switch, and what they mean.
_YES_NO_ZH = {"是": True, "对": True, "真": True, "开": True, "有": True, "要": True, "可以": True, "允许": True,
              "打": True, "否": False, "不": False, "错": False, "假": False, "关": False, "无": False, "没有": False,
              "不要": False, "不可以": False, "不允许": False, "不打": False}


def _type_hint(value: Any, expected: str, schema_: Any = None) -> tuple[str, str]:
    """A hint for a value of the wrong kind, in English and Chinese (empty strings: none)."""
    examples = schema_.get("examples") if isinstance(schema_, dict) and "x-expression" in schema_ else None
    if examples:
        return f"write an expression such as '{examples[0]}'", f"写一个表达式，例如 '{examples[0]}'"
    if value is None:
        return "an empty value is null: give the key a value or remove it", "空值就是 null：给这个键一个值，或删去它"
    if isinstance(value, float) and "whole number" in expected:
        if value.is_integer():
            return f"write {int(value)} without the decimal point", f"写 {int(value)}，不带小数点"
        return "rules count whole cards and points", "规则数的是整张的牌和整分"
    if expected == "a mapping":
        return "write it as 'key: value' lines indented under its key", "写成缩进在它的键下的 '键: 值' 行"
    if expected == "a list":
        return "write it as [a, b] or as lines starting with '- '", "写成 [a, b]，或以 '- ' 开头的行"
    if isinstance(value, str) and value.lower() in ("yes", "no", "on", "off", "true", "false") and "true" in expected:
        return "write true or false without quotes", "写 true 或 false，不加引号"
    if isinstance(value, str) and value.strip() in _YES_NO_ZH and "true" in expected:
        word = "true" if _YES_NO_ZH[value.strip()] else "false"
        return (f"write {word}: a rule is switched with the English words true and false, not {value.strip()}",
                f"写 {word}：开关规则用英文的 true 和 false，不用「{value.strip()}」")
    if isinstance(value, str) and "number" in expected and value.strip().lstrip("-").isdigit():
        return "write the number without quotes", "数字不加引号"
    if isinstance(value, (int, bool)) and "string" in expected:
        return "quote the value to make it a string", "给值加上引号，它就是字符串"
    return "", ""


# ── extends resolution ─────────────────────────────────────────────────────


def _pruned(doc: Document, problems: list[Diagnostic]) -> tuple[Document, set[str]]:
    """``doc`` without the values its schema ``problems`` are about, so that the other checks can still run,
    and the pointers removed: a rule (``/plays/kills``), or a top-level key (``/extends``, ``/examples``)."""
    data = dict(doc.data)
    removed: set[str] = set()
    for problem in problems:
        parts = problem.pointer.split("/")[1:3]
        if not parts:
            continue
        if parts[0] in SECTIONS and len(parts) == 2 and isinstance(data.get(parts[0]), dict):
            data[parts[0]] = {k: v for k, v in data[parts[0]].items() if k != parts[1]}
        else:
            data.pop(parts[0], None)
            parts = parts[:1]
        removed.add("/" + "/".join(parts))
    return dataclasses.replace(doc, data=data), removed


#: The format of a game record (gouji_variants.records), which names its ruleset but is not one.
RECORD_FORMAT = re.compile(r"gouji-game/[0-9]+")


def _not_records(path: Path, shown: str, data: Any) -> None:
    """Raise one error if ``path`` holds game records (``data`` as loaded, or None when it did not load as YAML:
    then its first line is read as JSON) rather than a ruleset."""
    if data is None and path.is_file():
        with path.open("rb") as file:
            try:
                data = json.loads(file.readline(1 << 20))
            except ValueError:
                return
    if isinstance(data, dict) and RECORD_FORMAT.fullmatch(str(data.get("format"))):
        ruleset = data.get("ruleset")
        raise RulesetError.at(Mark(shown, 1, 1), f"this is a file of game records (format {data['format']}), not a "
                              f"ruleset; its games were played by the ruleset {ruleset!r}",
                              hint=f"name the ruleset itself ({ruleset!r}); records are replayed, not compiled",
                              zh=f"这是对局记录文件（格式 {data['format']}），不是规则集；"
                              f"这些对局用的规则集是 {ruleset!r}",
                              hint_zh=f"请写规则集本身的名字（{ruleset!r}）；对局记录是用来重放的，不是规则")


@dataclass
class _Resolver:
    catalog: Catalog
    docs: dict[Path, Document] = dataclasses.field(default_factory=dict)
    #: Every problem of the file being compiled, when it is compiled with :meth:`root`.
    problems: list[Diagnostic] = dataclasses.field(default_factory=list)
    #: What the root's schema errors removed, and whether one of its parents could not be resolved.
    removed: set[str] = dataclasses.field(default_factory=set)
    broken_extends: bool = False
    #: whether numbers are held to their domains and texts to their caps (False: rules a release accepted)
    bounds: bool = True

    def document(self, path: Path) -> Document:
        if path not in self.docs:
            doc = load(path, _display(path))
            newer = too_new(doc.data, doc.mark("/format"))
            if newer is not None:  # before the schema: a newer language's keys are not mistakes
                raise RulesetError([newer])
            problems = _schema_diagnostics(doc, self.bounds)
            if problems:
                raise RulesetError(problems)
            self.docs[path] = doc
        return self.docs[path]

    def root(self, path: Path, given: Path) -> list[Document]:
        """The layers of the file being compiled (named ``given``, which may be a symlink to ``path``), collecting
        its problems instead of stopping at the first: values with schema errors are left out and a parent that
        cannot be resolved is skipped."""
        if path in self.docs:  # compile_data: a document given whole, its schema already checked
            return self.layers(path)
        shown = _display(given, resolve=False)
        try:
            doc = load(path, shown)
        except RulesetError:
            _not_records(path, shown, None)
            raise
        _not_records(path, shown, doc.data)
        if not isinstance(doc.data, dict):
            raise RulesetError(_schema_diagnostics(doc))
        newer = too_new(doc.data, doc.mark("/format"))
        if newer is not None:  # before the schema: a newer language's keys are not mistakes
            raise RulesetError([newer])
        problems = _schema_diagnostics(doc, self.bounds)
        self.problems += problems + format_problems(doc.data, doc.mark)
        self.docs[path], self.removed = _pruned(doc, problems)
        self.broken_extends = "/extends" in self.removed
        return self.layers(path)

    def layers(self, path: Path, chain: tuple[Path, ...] = ()) -> list[Document]:
        """The documents to merge, parents first, each once (depth-first, first occurrence)."""
        doc = self.document(path)
        order: list[Document] = []
        names = tuple(_display(p) for p in (*chain, path))
        for index, ref in enumerate(doc.data.get("extends") or []):
            try:
                parents = self.parents(ref, index, doc, path, chain, names)
            except RulesetError as error:
                if chain:
                    raise
                self.problems += error.diagnostics  # the root's own extends: report, skip, go on
                self.broken_extends = True
                continue
            for layer in parents:
                if all(layer is not seen for seen in order):
                    order.append(layer)
        order.append(doc)
        return order

    def parents(self, ref: str, index: int, doc: Document, path: Path, chain: tuple[Path, ...],
                names: tuple[str, ...]) -> list[Document]:
        """The layers of the parent ``ref`` (item ``index`` of ``doc``'s extends)."""
        mark = doc.mark(f"/extends/{index}")
        parent = self.parent(ref, path, mark, names if len(names) > 1 else ())
        if parent in (*chain, path):
            raise RulesetError.at(mark, f"extends cycle: {ref!r} leads back to {_display(parent)}",
                                  pointer=f"/extends/{index}", chain=(*names, _display(parent)),
                                  hint="a ruleset may not extend itself, directly or through others",
                                  zh=f"继承成环：{ref!r} 又回到了 {_display(parent)}",
                                  hint_zh="规则集不能直接或经由别的规则集继承自己")
        try:
            return self.layers(parent, (*chain, path))
        except RulesetError as error:  # a broken parent: show how this file reached it
            raise RulesetError([d if d.chain else dataclasses.replace(d, chain=(*names, _display(parent)))
                                for d in error.diagnostics]) from None

    def parent(self, ref: str, child: Path, mark: Mark, chain: tuple[str, ...]) -> Path:
        if looks_like_path(ref):
            target = (child.parent / ref).resolve()
            if not self.catalog.inside(target, child):
                raise RulesetError.at(mark, f"extends path {ref!r} leaves the ruleset folders", chain=chain,
                                      hint="extend a ruleset by id, or by a path inside this file's folder",
                                      zh=f"继承的路径 {ref!r} 出了规则集文件夹",
                                      hint_zh="按 id 继承规则集，或用本文件所在文件夹里的路径")
            if not target.is_file():
                raise RulesetError.at(mark, f"extends a missing file {ref!r}", chain=chain,
                                      zh=f"继承的文件 {ref!r} 不存在")
            return target
        return self.catalog.find(ref, mark=mark, chain=chain)


def _display(path: Path, resolve: bool = True) -> str:
    try:
        return str((path.resolve() if resolve else path.absolute()).relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# ── compiling ──────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class _Origin:
    doc: Document
    pointer: str


def _merge(layers: list[Document]) -> tuple[dict[str, dict[str, Any]], dict[str, _Origin]]:
    merged: dict[str, dict[str, Any]] = {name: {} for name in SECTIONS}
    origins: dict[str, _Origin] = {}
    for doc in layers:
        for section in SECTIONS:
            for key, value in (doc.data.get(section) or {}).items():
                merged[section][key] = value
                origins[f"{section}.{key}"] = _Origin(doc, f"/{section}/{key}")
    return merged, origins


def _convert(hint: Any, value: Any, origin: _Origin, problems: list[Diagnostic]) -> Any:
    """A validated YAML value to its typed form; expression errors are located in the string."""
    optional = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if value is not None and len(optional) == 1 and optional[0] in schema.EXPRESSIONS:
        hint = optional[0]  # an expression or null (deck.each_hand)
    if hint in schema.EXPRESSIONS:
        try:
            return expressions.parse(hint, value)
        except NotationError as error:
            problems.append(_expression_problem(origin, error))
            return None
        except Exception as error:  # e.g. a number too large to count cards with: never a traceback
            cause = getattr(error, "orig_exc", error)
            too_large = isinstance(cause, (OverflowError, MemoryError))
            reason = "a number in it is too large" if too_large else str(cause)
            reason_zh = "其中的数太大" if too_large else translate(str(cause)) or str(cause)
            rule = origin.pointer.strip("/").replace("/", ".")
            problems.append(Diagnostic(origin.doc.mark(origin.pointer), f"bad expression in {rule}: {reason}",
                                       origin.pointer, zh=f"{rule} 的表达式有误：{reason_zh}"))
            return None
    origin_type = typing.get_origin(hint)
    if origin_type in (typing.Union, types.UnionType) and isinstance(value, list):  # e.g. bool | tuple[...]
        hint = next(arg for arg in typing.get_args(hint) if typing.get_origin(arg) is tuple)
        origin_type = tuple
    if origin_type is tuple:
        (item,) = typing.get_args(hint)[:1]
        items = [
            _convert(item, v, _Origin(origin.doc, f"{origin.pointer}/{i}"), problems) for i, v in enumerate(value)
        ]
        return tuple(items)
    if isinstance(value, dict):
        cls = next(arg for arg in typing.get_args(hint) or (hint,)
                   if isinstance(arg, type) and dataclasses.is_dataclass(arg))
        fields = typing.get_type_hints(cls)
        return cls(**{k: _convert(fields[k], v, _Origin(origin.doc, f"{origin.pointer}/{k}"), problems)
                      for k, v in value.items()})
    return value


def _as_set(hint: Any, value: Any) -> Any:
    """A list of options in their declared order, so that order never changes the fingerprint."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and isinstance(value, tuple):
        hint = next(arg for arg in typing.get_args(hint) if typing.get_origin(arg) is tuple)
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and args and typing.get_origin(args[0]) is typing.Literal:
        options = typing.get_args(args[0])
        return tuple(sorted(value, key=options.index))
    return value


def _spelled(field: dataclasses.Field[Any], value: Any) -> Any:
    """``value`` in the older spelling that means the same (:func:`rules.rule` ``spellings``), if any."""
    return next((old for old, same in field.metadata["spellings"].items() if same == value and
                 type(same) is type(value)), value)


def _expression_problem(origin: _Origin, error: NotationError) -> Diagnostic:
    mark = origin.doc.mark(origin.pointer)
    rule = origin.pointer.strip("/").replace("/", ".")
    hint, hint_zh = lookalike.fullwidth(error.text, error.column)
    return Diagnostic(mark, f"bad expression in {rule}: column {error.column} of the string: {error.message}",
                      origin.pointer, hint, detail=error.render("    ").split("\n", 1)[1], hint_zh=hint_zh,
                      zh=f"{rule} 的表达式有误：字符串第 {error.column} 列：{error.zh or error.message}")


@dataclass
class _Build:
    """Typed rule values of the merged layers; what failed is reported in ``problems`` and, where a parent
    has a value, stood in for by it so that the checks spanning sections still run."""

    layers: list[Document]
    merged: dict[str, dict[str, Any]]
    origins: dict[str, _Origin]
    problems: list[Diagnostic]
    #: whether numbers are held to their domains and the deck's hand (False for rules an earlier release accepted)
    bounds: bool = True
    #: rule keys ("plays.kills") whose value in the file was left out or failed: checks that read them are skipped
    unsure: set[str] = dataclasses.field(default_factory=set)
    #: one line per rule without a value, reported after the other problems (they are often the cause)
    missing: list[Diagnostic] = dataclasses.field(default_factory=list)

    def value(self, section: str, field: dataclasses.Field[Any], hint: Any) -> tuple[bool, Any]:
        """(True, the typed value) of one rule, or (False, None) when it has none."""
        key = f"{section}.{field.name}"
        if field.name not in self.merged[section]:
            return False, None
        before = len(self.problems)
        value = _convert(hint, self.merged[section][field.name], self.origins[key], self.problems)
        if len(self.problems) > before:
            self.unsure.add(key)
            found = self.stand_in(section, field.name, hint, self.origins[key].doc)
            if found is None:
                return False, None
            value = found[0]
        return True, _spelled(field, value if field.metadata["ordered"] else _as_set(hint, value))

    def stand_in(self, section: str, key: str, hint: Any, failed: Document) -> tuple[Any] | None:
        """The value an earlier layer gives the rule, if one converts without a problem."""
        for doc in reversed(self.layers):
            values = doc.data.get(section) or {}
            if doc is not failed and key in values:
                scratch: list[Diagnostic] = []
                value = _convert(hint, values[key], _Origin(doc, f"/{section}/{key}"), scratch)
                if not scratch:
                    return (value,)
        return None


def _build_rules(build: _Build, root: Document, quiet_missing: set[str]) -> Rules | None:
    """The typed rules, or None when a rule has no value; every problem is added to ``build.problems``.

    ``quiet_missing``: rule keys (or whole sections) whose missing value is a consequence of a problem already
    reported, or "*" when every missing value is (a parent that could not be resolved)."""
    missing: dict[str, list[str]] = {}
    sections: dict[str, Any] = {}
    complete = True
    for name, cls in SECTIONS.items():
        hints = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            key = f"{name}.{field.name}"
            if field.name not in build.merged[name] and field.metadata["neutral"] is not ALWAYS:
                # A key added to the language after the file was written: its neutral value keeps the
                # file's meaning (a complete ruleset of an older format still loads the same).
                build.merged[name][field.name] = field.metadata["neutral"]
                build.origins[key] = _Origin(root, "/kind")
            has, value = build.value(name, field, hints[field.name])
            if has:
                values[field.name] = value
                continue
            complete = False
            if not quiet_missing & {"*", name, key} and field.name not in build.merged[name]:
                missing.setdefault(name, []).append(key)
        sections[name] = values
    if missing:
        build.missing = _missing_problems(missing, root)
    if not complete:
        return None
    rules = Rules(**{name: cls(**sections[name]) for name, cls in SECTIONS.items()})
    skip = build.unsure | {key for key in quiet_missing if "." in key}
    skip |= {f"{name}.{f.name}" for name in quiet_missing & set(SECTIONS) for f in dataclasses.fields(SECTIONS[name])}
    build.problems += [d for d in _semantic_problems(rules, build.origins, root, skip, build.bounds) if d is not None]
    return rules


def _missing_problems(missing: dict[str, list[str]], root: Document) -> list[Diagnostic]:
    """One error for the rules without a value, at the file's 'extends' (or 'kind'), naming the base it lacks:
    a file that forgot ``extends:`` gets one answer, not one line per rule."""
    keys = [key for section in missing.values() for key in section]
    shown = ", ".join(keys[:4]) + (f" … ({len(keys)} in all)" if len(keys) > 4 else "")
    shown_zh = "、".join(keys[:4]) + (f" …（共 {len(keys)} 条）" if len(keys) > 4 else "")
    if root.data.get("extends"):
        pointer = "/extends"
        message = (f"this ruleset extends only option packs, which give some rules, so {len(keys)} "
                   f"rule{'s' * (len(keys) > 1)} have no value: {shown}")
        zh = f"此规则集只继承了选项包，选项包只给部分规则，所以有 {len(keys)} 条规则没有值：{shown_zh}"
        hint = f"put a complete ruleset first in extends, e.g. 'extends: [{BASE_ID}, …]'"
        hint_zh = f"在 extends 里先写一个完整的规则集，如 'extends: [{BASE_ID}, …]'"
    else:
        pointer = "/kind"
        message = (f"this ruleset names no base ('extends:'), so {len(keys)} rule{'s' * (len(keys) > 1)} "
                   f"have no value: {shown}")
        zh = f"此规则集没有写基础规则集（'extends:'），所以有 {len(keys)} 条规则没有值：{shown_zh}"
        hint = (f"add 'extends: [{BASE_ID}]' (or another complete ruleset) to take the standard value of the rules "
                "it does not set, or give every rule a value")
        hint_zh = f"加上 'extends: [{BASE_ID}]'（或别的完整规则集）以沿用未设规则的标准值，或给每条规则一个值"
    return [Diagnostic(root.mark(pointer), message, pointer if pointer == "/extends" else "", hint, zh=zh,
                       hint_zh=hint_zh)]


_RULE_KEYS = tuple(f"{section}.{field.name}" for section, area in SECTIONS.items()
                   for field in dataclasses.fields(area))


def _value(rules: Rules, key: str) -> Any:
    section, name = key.split(".")
    return getattr(getattr(rules, section), name)


def _semantic_problems(rules: Rules, origins: dict[str, _Origin], root: Document | None = None,
                       skip: set[str] | None = None, bounds: bool = True) -> Iterator[Diagnostic | None]:
    """Rules that span sections: exclusions the sources state, and tribute kinds that can occur.

    A check reading a rule in ``skip`` (whose own value had a problem) yields None instead; ``bounds=False``
    leaves out the counts of cards checked against the deck's hand (rules an earlier release accepted)."""

    def at(key: str, message: str, hint: str = "", cause: str = "", severity: Severity = "error",
           zh: tuple[str, str] = ("", ""), item: int | str | None = None) -> Diagnostic | None:
        """A diagnostic at ``key`` (its list ``item``, or the value at the pointer ``item`` below it, when given),
        or at ``cause`` where the file being checked set that and not ``key``."""
        if skip and {key, cause.split(":")[0]} & skip:
            return None
        origin = origins[key]
        if item is not None:
            origin = _Origin(origin.doc, origin.pointer + (item if isinstance(item, str) else f"/{item}"))
        other = origins.get(cause)
        if other is not None and origin.doc is not root and other.doc is root:
            # Point at the file being checked, where the rule that causes the clash was set.
            message += f"; {key} comes from {origin.doc.mark(origin.pointer)}"
            zh = (zh[0] and f"{zh[0]}；{key} 来自 {origin.doc.mark(origin.pointer)}", zh[1])
            origin = other
        return Diagnostic(origin.doc.mark(origin.pointer), message, origin.pointer, hint, severity=severity,
                          zh=zh[0], hint_zh=zh[1])

    if rules.bie3.enabled:
        excluded = [
            ("hui3.choices", rules.hui3.choices != (), ("会3", "会3"), "hui3.choices: []"),
            ("reporting.public_at_most", rules.reporting.public_at_most is not None, ("报牌", "报牌"),
             "reporting.public_at_most: null"),
            ("reporting.tiaopai", rules.reporting.tiaopai, ("挑牌", "挑牌"), "reporting.tiaopai: false"),
            ("first_player.first_game", rules.first_player.first_game == "liang3", ("亮3 上班", "亮3上班"),
             "first_player.first_game: draw"),
            ("first_player.later_games", rules.first_player.later_games == "dalu", ("the 大落 leading", "大落首发"),
             "first_player.later_games: draw"),
        ]
        for key, clash, (what, what_zh), setting in excluded:
            if clash:
                yield at(key, f"憋3 (bie3.enabled) turns off {what} (第二十六条), but {key} still uses it",
                         f"set {setting}" + " (or rotate)" * setting.endswith("later_games: draw"), "bie3.enabled",
                         zh=(f"憋3（bie3.enabled）不打{what_zh}（第二十六条），但 {key} 仍在用", f"设 {setting}"))
    available = {
        "luo": True,
        "dian": rules.kaidian.enabled,
        "men": rules.bie3.enabled,
        "biewang": rules.bie3.enabled,
        "shao": rules.burning.enabled,
        "qing": rules.tribute.chuansanhu == "one-to-duitou",
    }
    needs = {"dian": "kaidian.enabled", "men": "bie3.enabled", "biewang": "bie3.enabled",
             "shao": "burning.enabled", "qing": "tribute.chuansanhu: one-to-duitou"}
    for kind in rules.tribute.order.kinds:
        if not available[kind]:
            yield at("tribute.order", f"tribute kind {TRIBUTE_KINDS[kind][0]} is in tribute.order but can never "
                     f"occur: it needs {needs[kind]}", "remove it from the order or turn its rule on",
                     needs[kind].split(":")[0],
                     zh=(f"tribute.order 里有{TRIBUTE_KINDS[kind][0]}贡，但它永远不会出现：它需要 {needs[kind]}",
                         "从次序里删去它，或打开它的规则"))
    void_at = rules.revolution.void_at
    # At 6 (all of them) the game is void whatever void_at says, as it was at 7 before numbers had their domain.
    if rules.revolution.enabled and void_at is not None and void_at < PLAYERS:
        deck = rules.deck.recipe.cards()
        blockers = deck[TWO] + sum(deck[joker] for joker in JOKERS)  # a hand holding one may not declare 革命
        if blockers <= PLAYERS - void_at:
            yield at("deck.recipe", f"with {blockers} 2s and jokers in the deck, every deal leaves at least {void_at} "
                     "players without one, free to declare 革命 and void it (revolution.void_at): a game could be "
                     "redealt for ever", "add 2s or jokers to the deck, or raise revolution.void_at",
                     "revolution.void_at",
                     zh=(f"牌里只有 {blockers} 张2和王，每次发牌至少有 {void_at} 人一张也没有，可以宣布革命使本局作废"
                         "（revolution.void_at）：一局可能永远重发", "往牌里加2或王，或调高 revolution.void_at"))
    for key in _RULE_KEYS:  # a key set while the rule it needs is not (rules.Needs, beside each key)
        for need in rules_.needs(key):
            if need.met(_value(rules, need.key)) or _value(rules, key) == need.idle:
                continue
            if need.idle is not ALWAYS and not need.warn:
                yield at(key, f"{key} does nothing here: it needs {need}",
                         "set the rule it needs, or give this key its standard value", need.key,
                         zh=(f"{key} 在这里不起作用：须先有 {need}", "设定它所需的规则，或让此键取标准值"))
            elif _sets(root, origins, key):
                yield at(key, f"{key} is set here but does nothing: it needs {need}",
                         "set the rule it needs, or leave this key out", need.key, "warning",
                         (f"此处设了 {key}，但它不起作用：须先有 {need}", "设定它所需的规则，或删去此键"))
                break
    if bounds:
        yield from _per_hand_problems(rules, at)
    yield from _kill_problems(rules, at)
    yield from _forbid_problems(rules, at)
    yield from _dealing_and_forfeit_problems(rules, at)
    if rules.kaidian.enabled and not rules.kaidian.opens_with:
        yield at("kaidian.opens_with", "打点 is on but no play can 开点", "list at least one kind, e.g. [pure]",
                 zh=("打了打点，却没有哪种牌能开点", "至少列出一种，如 [pure]"))
    big_opens = rules.kaidian.enabled and "big-joker" in rules.kaidian.opens_with
    if big_opens and rules.gouji.joker_plays == "big-joker-open":  # two rules that contradict
        yield at("kaidian.opens_with", "kaidian.opens_with says a 够级 play with 大王 opens, but gouji.joker_plays "
                 "big-joker-open says a play with 大王 is not 够级", "remove big-joker from kaidian.opens_with, or set "
                 "gouji.joker_plays: gouji", "gouji.joker_plays",
                 zh=("kaidian.opens_with 说带大王的够级牌可开点，而 gouji.joker_plays: big-joker-open "
                     "说带大王的牌不是够级", "从 kaidian.opens_with 删去 big-joker，或设 gouji.joker_plays: gouji"))
    if rules.burning.enabled and not rules.burning.conditions:
        yield at("burning.conditions", "burning is on but has no condition", "list joker-every-play or one-rank-left",
                 zh=("打了烧牌，却没有烧牌条件", "列出 joker-every-play 或 one-rank-left"))


def _sets(root: Document | None, origins: dict[str, _Origin], key: str) -> bool:
    """Whether the file being checked sets rule ``key`` itself, on top of a ruleset it extends (a file that
    extends nothing gives every rule, so an inherited standard value is not a choice it made)."""
    return root is not None and bool(root.data.get("extends")) and origins[key].doc is root \
        and origins[key].pointer != "/kind"


def _per_hand_problems(rules: Rules, at: Callable[..., Diagnostic | None]) -> Iterator[Diagnostic | None]:
    """A count of cards (a :class:`~gouji_variants.ruleset.rules.Domain` ``per_hand``) above what one hand of
    this deck holds: a tribute no hand could pay, a count no hand reaches."""
    hand = sum(rules.deck.recipe.cards().counts) // PLAYERS
    for key in _RULE_KEYS:
        for below, number, domain in rules_.numbers(key, _value(rules, key)):
            if domain.per_hand and number > hand:
                name = rule_name(f"/{key.replace('.', '/')}{below}")
                yield at(key, f"{name} is {number}, more than the {hand} cards a hand holds with this deck "
                         f"(deck.recipe '{rules.deck.recipe}')", f"at most {hand}", "deck.recipe", item=below or None,
                         zh=(f"{name} 为 {number}，多于这副牌（deck.recipe「{rules.deck.recipe}」）每手的 {hand} 张",
                             f"至多 {hand}"))


def _kill_problems(rules: Rules, at: Callable[..., Diagnostic | None]) -> Iterator[Diagnostic | None]:
    """Kill rules that can never apply: a play holding 2s is neither jokers alone nor ranked above 2,
    and no killer may need more cards of a kind than the deck holds."""
    deck = rules.deck.recipe.cards()
    shares = kill_shares(rules) if rules.plays.kill_cover == "each-joker" else 0
    if shares > MOST_KILL_SHARES:
        yield at("plays.kill_cover", f"under each-joker the kill rules may share one play's jokers {shares:,} ways, "
                 f"more than the {MOST_KILL_SHARES:,} the referee tries", "use fewer kill rules for one kind of joker, "
                 "or kill_cover: each", "plays.kills",
                 zh=(f"each-joker 下打王规则分抵一手牌的王可有 {shares:,} 种分法，"
                     f"超过裁判所试的 {MOST_KILL_SHARES:,} 种",
                     "同一种王少用几条打王规则，或改用 kill_cover: each"))
    for index, kill in enumerate(rules.plays.kills):
        where = f"plays.kills[{index}] '{kill}'"
        if kill.killer == TWO and not kill.any_rank and (kill.alone or kill.on_two):
            wants, wants_zh = ("jokers alone", "只有王") if kill.alone else ("a rank above 2", "点数高于2")
            yield at("plays.kills", f"{where} can never apply: its killer must be {wants}, but a play holding 2s "
                     "is ranked 2 at most", "add ', any rank', or name jokers as the killer (e.g. 'by 2R')",
                     severity="warning", item=index,
                     zh=(f"打王规则 plays.kills[{index}]「{kill}」永远用不上：灭牌须{wants_zh}，而带2的牌点数最高是2",
                         "加上 ', any rank'，或改用王来灭（如 'by 2R'）"))
        elif kill.killer not in (*RELATIVE, ANY_JOKER) and \
                kill.wanted(1) > sum(deck[kind] for kind in (kill.killer, *kill.more)):
            have = sum(deck[kind] for kind in (kill.killer, *kill.more))
            symbol = " or ".join(RANK_SYMBOLS[kind] for kind in (kill.killer, *kill.more))
            yield at("plays.kills", f"{where} can never apply: its killer needs at least {kill.wanted(1)} "
                     f"{symbol}, and the deck (deck.recipe) has {have}",
                     "lower the number of killer cards", "deck.recipe", "warning",
                     (f"打王规则 plays.kills[{index}]「{kill}」永远用不上：灭牌至少要{kill.wanted(1)}张{symbol}，"
                      f"而整副牌（deck.recipe）只有{have}张", "减少灭牌所需的张数"), index)


#: The most ways ``plays.kill_cover: each-joker`` may have to share one play's jokers among the kill rules (the
#: referee and the move generator try each: about 0.2 s for 7,000 on one core).
MOST_KILL_SHARES = 10_000
#: Where a kill rule applies (plain ranks, on 2s, on a single 2, jokers alone): which rules it takes.
_KILL_PLACES: tuple[Callable[[expressions.KillRule], bool], ...] = (
    lambda kill: not (kill.on_two or kill.alone), lambda kill: not kill.alone and not kill.single_two,
    lambda kill: not kill.alone, lambda kill: not kill.on_two)


def kill_shares(rules: Rules) -> int:
    """The most ways ``each-joker`` shares the jokers of one play among the kill rules: for each kind, its rules
    (those that apply in one place) share as many of it as a hand may hold, every way, the kinds together."""
    deck = rules.deck.recipe.cards()
    hand = len(deck) // PLAYERS
    most = 1
    for applies in _KILL_PLACES:
        ways = 1
        for kind in JOKERS:
            count = sum(1 for kill in rules.plays.kills if kill.target in (ANY_JOKER, kind) and applies(kill))
            ways *= math.comb(min(deck[kind], hand) + count - 1, count - 1) if count else 1
        most = max(most, ways)
    return most


def _forbid_problems(rules: Rules, at: Callable[..., Diagnostic | None]) -> Iterator[Diagnostic | None]:
    """A forbidden combination (no ``on``) that takes in a bare play of some rank in the deck would leave a
    hand of only that rank without a lead: the game could not go on."""
    deck = rules.deck.recipe.cards()
    for index, forbid in enumerate(rules.plays.forbidden):
        if forbid.target is not None:
            continue
        ranks = range(len(RANK_SYMBOLS))
        bare = [tuple(int(other == rank) for other in ranks) for rank in ranks]
        stranded = [rank for rank in ranks if deck[rank] and forbid.play.matches(rank, bare[rank], bare[rank])]
        if stranded:
            names = " or ".join(RANK_SYMBOLS[rank] for rank in stranded[:3]) + " …" * (len(stranded) > 3)
            yield at("plays.forbidden", f"plays.forbidden[{index}] '{forbid}' forbids leading a bare {names}: a hand "
                     "of only those would have no lead", "forbid only what a hand can do without, e.g. "
                     "'4 with 2 or joker' or 'part of 4', or name the play answered ('… on …')", item=index,
                     zh=(f"plays.forbidden[{index}]「{forbid}」不许单出{names}：手中只剩这种牌时无牌可出",
                         "只禁止可以不出的组合，如「4 with 2 or joker」「part of 4」，"
                         "或写明压在什么牌上（「… on …」）"))


def _dealing_and_forfeit_problems(rules: Rules, at: Callable[..., Diagnostic | None]) -> Iterator[Diagnostic | None]:
    """deck.each_hand must be dealable from deck.recipe; a forfeit of 开点 needs 打点."""
    each_hand = rules.deck.each_hand
    problem = each_hand.problem(rules.deck.recipe.cards()) if each_hand is not None else None
    if problem is not None:
        yield at("deck.each_hand", f"deck.each_hand cannot be dealt: {problem}",
                 "change deck.recipe (e.g. 'only 6 of 3') or the hand rule", "deck.recipe",
                 zh=(f"deck.each_hand 发不出来：{problem}", "改 deck.recipe（如 'only 6 of 3'）或每手牌的规则"))
    for index, forfeit in enumerate(rules.penalties.forfeits):
        if forfeit.consequence == "no-kaidian" and not rules.kaidian.enabled:
            yield at("penalties.forfeits", f"penalties.forfeits[{index}] '{forfeit}' gives 开点 up, but 打点 is off",
                     "turn on kaidian.enabled (extend dadian) or choose the consequence 大落", "kaidian.enabled",
                     zh=(f"penalties.forfeits[{index}]「{forfeit}」的后果是不开点，但没打打点",
                         "打开 kaidian.enabled（继承 dadian），或把后果改为 大落"))


def _components(layers: list[Document]) -> dict[str, str]:
    """The ``components:`` mappings of the layers merged (later wins), each name checked against
    the registry (:mod:`gouji_variants.components.registry`) where it was written."""
    chosen: dict[str, tuple[str, Document]] = {}
    for doc in layers:
        for section, name in (doc.data.get("components") or {}).items():
            chosen[section] = (name, doc)
    from ..components import registry  # the one call upwards: only a ruleset that names components

    problems = []
    for section, (name, doc) in chosen.items():
        try:
            registry.load(section, name)
        except registry.UnknownComponent as error:
            pointer = f"/components/{section}"
            problems.append(Diagnostic(doc.mark(pointer), str(error), pointer, error.hint,
                                       zh=f"{section} 的组件 {name!r} 用不了：{error}",
                                       hint_zh="组件须已安装并注册（见 docs/engine.md）"))
    if problems:
        raise RulesetError(problems)
    return {section: name for section, (name, _) in chosen.items()}


def compile_path(path: Path, catalog: Catalog | None = None, *, accepted: bool = False) -> Ruleset:
    """Load, resolve and compile the ruleset file at ``path`` (``accepted``: as :func:`compile_data`)."""
    catalog = catalog or Catalog.default()
    return _compile(_Resolver(catalog, bounds=not accepted), path.resolve(), catalog, path)


def compile_data(data: Any, name: str, catalog: Catalog | None = None, *, accepted: bool = False) -> Ruleset:
    """Compile a self-contained ruleset held as data, such as the resolved rules embedded in a game
    record. It may not ``extends``; diagnostics carry the JSON pointer of the value at fault.

    ``accepted=True`` compiles rules that a release accepted when it played them (a record's, a stored room's):
    they keep replaying although numbers now have domains and texts caps, so those bounds are not checked."""
    catalog = catalog or Catalog.default()
    doc = Document(Path(name), data)
    problems = _schema_diagnostics(doc, bounds=not accepted)
    if not problems and data.get("extends"):
        problems = [Diagnostic(doc.mark("/extends"), "a self-contained ruleset may not extend another",
                               "/extends", "give every rule, as Ruleset.resolved() does",
                               zh="自成一体的规则集不能继承别的规则集",
                               hint_zh="给出每条规则，像 Ruleset.resolved() 那样")]
    if problems:
        raise RulesetError(problems)
    return _compile(_Resolver(catalog, {doc.path: doc}, bounds=not accepted), doc.path, catalog, doc.path)


def _compile(resolver: _Resolver, path: Path, catalog: Catalog, given: Path) -> Ruleset:
    """Resolve and compile the file at ``path`` (named ``given``); a :class:`RulesetError` holds every problem
    found: schema errors, and the extends, expression and cross-section checks wherever they can still run."""
    layers = resolver.root(path, given)
    root = layers[-1]
    data = root.data
    merged, origins = _merge(layers)
    complete = all(f.name in merged[name] for name, cls in SECTIONS.items() for f in dataclasses.fields(cls))
    if data.get("kind") == "option-pack" and not complete:
        base = catalog.find(BASE_ID)
        layers = [layer for layer in resolver.layers(base) if all(layer is not own for own in layers)] + layers
        merged, origins = _merge(layers)
    quiet = {pointer.strip("/").replace("/", ".") for pointer in resolver.removed}
    if resolver.broken_extends or "kind" not in data:
        quiet.add("*")
    problems = resolver.problems
    build = _Build(layers, merged, origins, problems, resolver.bounds)
    rules = _build_rules(build, root, quiet)
    components: dict[str, str] = {}
    own_examples: tuple[examples_.Example, ...] = ()
    try:
        components = _components(layers)
        if "examples" not in quiet:
            own_examples = examples_.parse(root)
    except RulesetError as error:
        problems += error.diagnostics
    shown = str(root.path)
    found = sorted(problems, key=lambda d: (d.mark.file != shown, d.mark.line, d.mark.column))
    errors = [d for d in found if d.severity == "error"]
    if errors or rules is None:
        raise RulesetError(errors + build.missing)
    name = data["name"]
    description = data.get("description") or {"zh": "", "en": ""}
    return Ruleset(
        id=data["id"],
        kind=data["kind"],
        name_zh=name["zh"],
        name_en=name["en"],
        aliases=tuple(data.get("aliases") or ()),
        region=data.get("region", ""),
        description_zh=description["zh"],
        description_en=description["en"],
        sources=tuple(Source(s["file"], str(s["lines"]), s.get("note", "")) for s in data.get("sources") or ()),
        extends=tuple(data.get("extends") or ()),
        interpretations=tuple(Interpretation(**i) for i in data.get("interpretations") or ()),
        path=path,
        rules=rules,
        provenance=MappingProxyType({key: o.doc.mark(o.pointer) for key, o in origins.items()}),
        fingerprint=fingerprint(rules, components),
        own=MappingProxyType(data),
        examples=own_examples,
        components=MappingProxyType(components),
        warnings=tuple(found),
    )


def load_ruleset(ref: str, catalog: Catalog | None = None) -> Ruleset:
    """Compile the ruleset named by id, alias, name or path.

    >>> ruleset = load_ruleset("青岛")
    >>> ruleset.id, ruleset.extends, ruleset.rules.kaidian.enabled
    ('qingdao', ('dagang',), False)
    """
    catalog = catalog or Catalog.default()
    return compile_path(catalog.find(ref), catalog)
