"""Safe YAML loading that remembers where every key and value was written.

Only plain data is accepted: mappings with string keys, lists, strings,
numbers, booleans and null. Python tags, custom tags, merge keys, duplicate
keys, recursive aliases and alias expansion beyond a small budget (alias
bombs) are errors. What is read is bounded (docs/untrusted-input.md): a
regular file of at most MAX_BYTES, at most MAX_NODES values nested at most
MAX_DEPTH deep, integers of at most MAX_INT_DIGITS digits, and no control
characters in strings (they could rewrite the terminal a name is printed on).
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import Mark, RulesetError

MAX_BYTES = 256 * 1024
MAX_NODES = 20_000
MAX_DEPTH = 50
MAX_INT_DIGITS = 18
#: Bidirectional embeddings, overrides and isolates: text that displays in another order than it reads.
_BIDI = "\u202a-\u202e\u2066-\u2069"
#: The characters a string may not hold: control characters (Unicode's Cc) but tab and line feed, and _BIDI.
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}]")
#: what the pure-Python reader refuses (yaml.reader.Reader.check_printable)
_NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE
_TOO_MANY_HINT = "a ruleset needs a few hundred; split the examples into several files"
_TOO_MANY_HINT_ZH = "规则集只需几百个值；把示例分到几个文件里"
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:float",
}


@dataclass
class Document:
    """Loaded YAML data with the marks of its values and keys, by JSON pointer."""

    path: Path
    data: Any
    values: dict[str, Mark] = field(default_factory=dict)
    keys: dict[str, Mark] = field(default_factory=dict)

    def mark(self, pointer: str, *, key: bool = False) -> Mark:
        """The mark of ``pointer`` (of its key when ``key``), else of its nearest parent."""
        table = self.keys if key else self.values
        while pointer not in table and pointer:
            pointer = pointer.rsplit("/", 1)[0]
        return table.get(pointer) or self.values.get("", Mark(str(self.path), 1, 1))


def pointer_join(pointer: str, part: str | int) -> str:
    return f"{pointer}/{str(part).replace('~', '~0').replace('/', '~1')}"


def _mark(path: Path, node_mark: Any) -> Mark:
    return Mark(str(path), node_mark.line + 1, node_mark.column + 1)


class _Builder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.doc = Document(path, None)
        self.nodes = 0
        self.aliased = False  # a collection was reached a second time, through an alias
        self.seen: set[int] = set()  # ids of the collection nodes built so far
        self.open: set[int] = set()  # ids of the collection nodes being built (the path from the root)
        self.constructor = yaml.SafeLoader("")

    def fail(self, node: Node, message: str, hint: str = "", zh: tuple[str, str] = ("", "")) -> RulesetError:
        """``message`` and ``hint`` at ``node``; ``zh`` the two in Chinese."""
        return RulesetError.at(_mark(self.path, node.start_mark), message, hint=hint, zh=zh[0], hint_zh=zh[1])

    def bad_tag(self, node: Node) -> RulesetError:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!", 1)
        return self.fail(node, f"YAML tag {tag!r} is not allowed in a ruleset",
                         "rulesets hold plain data: strings, numbers, booleans, lists and mappings",
                         (f"规则集里不许用 YAML 标签 {tag!r}", "规则集只有普通数据：字符串、数字、布尔值、列表和映射"))

    def build(self, node: Node, pointer: str, depth: int = 0) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            if self.aliased:
                raise self.fail(node, f"the file expands to more than {MAX_NODES} values; YAML aliases nest too "
                                "deep (an alias bomb?)", "write the values out instead of using anchors and aliases",
                                (f"文件展开后多于 {MAX_NODES} 个值；YAML 别名套得太深（别名炸弹？）",
                                 "把值直接写出来，不用锚点和别名"))
            raise self.fail(node, f"the file holds more than {MAX_NODES} values", _TOO_MANY_HINT,
                            (f"文件里多于 {MAX_NODES} 个值", _TOO_MANY_HINT_ZH))
        if depth > MAX_DEPTH:
            raise self.fail(node, f"lists or mappings nest too deeply: more than {MAX_DEPTH} levels"
                            + (" (through YAML aliases)" if self.aliased else ""), "a ruleset needs only a few levels",
                            (f"列表或映射套得太深：多于 {MAX_DEPTH} 层" + "（经由 YAML 别名）" * self.aliased,
                             "规则集只需要几层"))
        self.doc.values[pointer] = _mark(self.path, node.start_mark)
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if id(node) in self.open:
            raise self.fail(node, "a YAML alias refers to the list or mapping that holds it (a recursive alias)",
                            "a ruleset is a tree: write the values out instead of using anchors and aliases",
                            ("YAML 别名指向包含它自己的列表或映射（递归别名）",
                             "规则集是一棵树：把值直接写出来，不用锚点和别名"))
        self.aliased |= id(node) in self.seen
        self.seen.add(id(node))
        self.open.add(id(node))
        try:
            return self.collection(node, pointer, depth)
        finally:
            self.open.discard(id(node))

    def scalar(self, node: ScalarNode) -> Any:
        if node.tag not in _PLAIN_TAGS:
            raise self.bad_tag(node)
        if node.tag == "tag:yaml.org,2002:str":
            self.check_text(node, node.value)

        def too_large() -> RulesetError:  # (made only when raised: a load reads thousands of scalars)
            return self.fail(node, f"a number with more than {MAX_INT_DIGITS} digits",
                             "no rule needs a number this large",
                             (f"数字多于 {MAX_INT_DIGITS} 位", "没有哪条规则需要这么大的数"))

        if node.tag == "tag:yaml.org,2002:int" and len(node.value) > 4 * MAX_INT_DIGITS:
            raise too_large()  # before converting: Python refuses (slowly) to convert thousands of digits
        value = self.constructor.construct_object(node, deep=True)
        if node.tag == "tag:yaml.org,2002:int" and abs(value) >= 10**MAX_INT_DIGITS:
            raise too_large()
        if node.tag == "tag:yaml.org,2002:int" and node.value.lstrip("+-") not in ("0", str(abs(value))):
            raise self.fail(node, f"YAML reads the unquoted {node.value} as the number {value} (a leading 0 is octal, "
                            "0x hex, '_' and ':' are dropped or counted in sixties)",
                            f"quote it ('{node.value}') if it is cards or text; write {value} if you meant that number",
                            (f"YAML 把不加引号的 {node.value} 读作数字 {value}（0 开头是八进制，0x 是十六进制，"
                             "'_' 和 ':' 会被去掉或按六十进制计）",
                             f"如果是牌或文字，加上引号（'{node.value}'）；如果就是这个数，写 {value}"))
        return value

    def check_text(self, node: Node, text: str) -> None:
        """Refuse characters that would act on a terminal or reorder text when the string is printed."""
        found = _UNSAFE.search(text)
        if found is not None:
            bad = found.group()
            name = f" ({unicodedata.name(bad)})" if unicodedata.name(bad, "") else ""
            raise self.fail(node, f"the string holds U+{ord(bad):04X}{name}, a control character that could "
                            "rewrite the terminal or reorder the text it is printed in",
                            "remove it; names, descriptions and rules are plain text",
                            (f"字符串里有 U+{ord(bad):04X}{name}，这个控制字符会改写终端或打乱所显示文字的顺序",
                             "删去它；名称、说明和规则都是纯文字"))

    def collection(self, node: Node, pointer: str, depth: int) -> Any:
        if isinstance(node, SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                raise self.bad_tag(node)
            return [self.build(item, pointer_join(pointer, i), depth + 1) for i, item in enumerate(node.value)]
        assert isinstance(node, MappingNode)
        if node.tag != "tag:yaml.org,2002:map":
            raise self.bad_tag(node)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, "YAML merge keys (<<) are not allowed in a ruleset",
                                "use 'extends' to build on another ruleset",
                                ("规则集里不许用 YAML 合并键（<<）", "用 'extends' 在别的规则集上扩展"))
            if not isinstance(key_node, ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                raise self.fail(key_node, "mapping keys must be plain words",
                                "quote the key if it looks like a number, boolean or null",
                                ("映射的键须是普通的词", "键像数字、布尔值或 null 时给它加引号"))
            key = key_node.value
            self.check_text(key_node, key)
            child = pointer_join(pointer, key)
            if key in result:
                raise self.fail(key_node, f"key {key!r} appears twice in the same mapping",
                                f"the first is at line {self.doc.keys[child].line}; keep one",
                                (f"键 {key!r} 在同一映射里出现了两次",
                                 f"第一个在第 {self.doc.keys[child].line} 行；只留一个"))
            self.doc.keys[child] = _mark(self.path, key_node.start_mark)
            result[key] = self.build(value_node, child, depth + 1)
        return result


def _decode(path: Path, raw: bytes) -> str:
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")  # a byte-order mark is not part of the text
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = len(before.rsplit(b"\n", 1)[-1].decode("utf-8", "replace")) + 1
        raise RulesetError.at(
            Mark(str(path), line, column),
            f"the file is not valid UTF-8 (byte 0x{raw[error.start]:02x})",
            hint="save the file as UTF-8",
            zh=f"文件不是有效的 UTF-8（字节 0x{raw[error.start]:02x}）", hint_zh="把文件存为 UTF-8",
        ) from None


def _syntax_error(name: str, error: yaml.MarkedYAMLError) -> RulesetError:
    """One located paragraph for a YAML syntax error, naming where the unfinished part began."""
    mark = error.problem_mark or error.context_mark
    where = Mark(name, mark.line + 1, mark.column + 1) if mark else Mark(name, 1, 1)
    problem = error.problem or error.context or "invalid YAML"
    if error.problem and error.context and error.problem.startswith("but "):
        problem = f"{error.context}, {error.problem}"
    elif (error.problem and error.context and error.context_mark and mark
          and (error.context_mark.line, error.context_mark.column) != (mark.line, mark.column)):
        start = error.context_mark
        problem += f" ({error.context}, which starts at line {start.line + 1}, column {start.column + 1})"
    hint, hint_zh = "", ""
    if "'\\t'" in problem:
        hint, hint_zh = "indent with spaces, not tabs", "用空格缩进，不用制表符"
    elif "another document" in problem:
        hint = "a ruleset file holds one YAML document: remove the second '---'"
        hint_zh = "一个规则文件只有一个 YAML 文档：删去第二个 '---'"
    return RulesetError.at(where, f"invalid YAML: {problem}", hint=hint, zh=f"YAML 格式有误：{problem}",
                           hint_zh=hint_zh)


def _too_deep(name: str, text: str) -> Mark:
    """Where the nesting first goes deeper than MAX_DEPTH (the parser itself does not recurse)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH and event.start_mark is not None:
                    return Mark(name, event.start_mark.line + 1, event.start_mark.column + 1)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        pass
    return Mark(name, 1, 1)


class _TooMany(Exception):
    """More than MAX_NODES nodes in the text itself, found while composing (before anything is expanded)."""

    def __init__(self, mark: Any) -> None:
        self.mark = mark


class _Bounded(yaml.composer.Composer):
    """Composing that stops as soon as the text holds more than MAX_NODES nodes."""

    composed = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self.composed += 1
        if self.composed > MAX_NODES:
            raise _TooMany(self.peek_event().start_mark)  # type: ignore[attr-defined]
        return super().compose_node(parent, index)


class _BoundedLoader(_Bounded, yaml.SafeLoader):
    """The safe loader, bounded: the reference, whose messages every error of the text is told in."""


if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class _FastLoader(_Bounded, CParser, yaml.resolver.Resolver):
        """The same nodes, from libyaml's events (the text scanned and parsed in C, several times faster), composed
        and bounded by the same Python code."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.resolver.Resolver.__init__(self)


@lru_cache(maxsize=64)
def _compose(text: str) -> Node | None:
    """The YAML node tree of ``text``, kept for texts seen before.

    Parsing is most of the time a load takes, and the same files are read again and again (by the
    catalogue, then by every ruleset that extends them). The nodes are only ever read, so sharing them
    is safe; each load still builds its own data and marks. Errors are not kept: they are raised afresh.
    A text libyaml composes (without the characters YAML forbids, or a byte-order mark, which libyaml skips
    anywhere) is composed from its events; any other, or one it finds wrong, by the pure-Python loader, whose
    messages the errors are told in.
    """
    if yaml.__with_libyaml__ and "\ufeff" not in text and not _NON_PRINTABLE.search(text):
        try:
            return _FastLoader(text).get_single_node()
        except (yaml.YAMLError, _TooMany, RecursionError):
            pass
    return yaml.compose(text, Loader=_BoundedLoader)


_KINDS_ZH = {"a folder": "文件夹", "a named pipe (FIFO)": "命名管道（FIFO）", "a character device": "字符设备",
             "a block device": "块设备", "a socket": "套接字", "not a regular file": "特殊文件"}
_START_HINT = "start from 'gouji new FILE -r dagang'"
_START_HINT_ZH = "从 'gouji new 文件 -r dagang' 开始"
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def read_bounded(path: Path, name: str) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES; never blocks on a pipe or reads a device."""
    mark = Mark(name, 1, 1)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RulesetError.at(mark, f"cannot read the file: {error.strerror}",
                              zh=f"读不了文件：{error.strerror}") from None
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((what for test, what in _KINDS if test(mode)), "not a regular file")
            raise RulesetError.at(mark, f"not a regular file: {name} is {kind}", hint="name a ruleset file",
                                  zh=f"不是普通文件：{name} 是{_KINDS_ZH.get(kind, kind)}", hint_zh="请给出规则文件")
        try:
            raw = handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise RulesetError.at(mark, f"cannot read the file: {error.strerror}",
                                  zh=f"读不了文件：{error.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise RulesetError.at(mark, f"the file is larger than the {MAX_BYTES // 1024} KiB a ruleset may hold",
                              hint="a ruleset needs a few KiB; split the examples into several files",
                              zh=f"文件大于规则集所能有的 {MAX_BYTES // 1024} KiB",
                              hint_zh="规则集只需几 KiB；把示例分到几个文件里")
    return raw


def load(path: Path, display: str | None = None) -> Document:
    """Load one YAML file; raises :class:`RulesetError` with a location on any problem."""
    name = display or str(path)
    shown = Path(name)
    text = _decode(shown, read_bounded(path, name))
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        what, what_zh = ("the file is empty", "文件是空的") if not text.strip() else \
            ("the file holds only comments, no ruleset", "文件里只有注释，没有规则集")
        raise RulesetError.at(Mark(name, 1, 1), what, hint=_START_HINT, zh=what_zh, hint_zh=_START_HINT_ZH)
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as error:
        raise _syntax_error(name, error) from None
    except _TooMany as error:
        raise RulesetError.at(_mark(shown, error.mark), f"the file holds more than {MAX_NODES} values",
                              hint=_TOO_MANY_HINT, zh=f"文件里多于 {MAX_NODES} 个值",
                              hint_zh=_TOO_MANY_HINT_ZH) from None
    except yaml.reader.ReaderError as error:
        before = text[: error.position]
        where = Mark(name, before.count("\n") + 1, len(before.rsplit("\n", 1)[-1]) + 1)
        raise RulesetError.at(where, f"the file contains the control character U+{error.character:04X}, "
                              "which YAML does not allow", hint="remove it; a ruleset is plain text",
                              zh=f"文件里有 YAML 不允许的控制字符 U+{error.character:04X}",
                              hint_zh="删去它；规则集是纯文字") from None
    except RecursionError:
        raise RulesetError.at(_too_deep(name, text), f"lists or mappings nest too deeply: more than {MAX_DEPTH} levels",
                              hint="a ruleset needs only a few levels", zh=f"列表或映射套得太深：多于 {MAX_DEPTH} 层",
                              hint_zh="规则集只需要几层") from None
    except yaml.YAMLError as error:
        raise RulesetError.at(Mark(name, 1, 1), f"invalid YAML: {error}", zh=f"YAML 格式有误：{error}") from None
    if node is None:
        raise RulesetError.at(Mark(name, 1, 1), "the file holds no YAML document", hint=_START_HINT,
                              zh="文件里没有 YAML 文档", hint_zh=_START_HINT_ZH)
    builder = _Builder(shown)
    builder.doc.data = builder.build(node, "")
    return builder.doc
