"""Files of game records: one JSON object per line (JSONL), or a single record as one JSON document.

Reading is bounded: only regular files are opened (never a FIFO or a device such as /dev/zero, which
would block or never end), each record may take at most MAX_RECORD_BYTES, and records are read one
at a time, so memory stays flat however long the file. Every problem names the line it is on.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..ruleset.errors import GoujiError, RulesetError
from ..ruleset.yamlsource import load
from .record import Problem, RecordError

if sys.platform != "win32":
    import fcntl

#: The most one record (one line of a JSONL file, or a whole single-record file) may take.
MAX_RECORD_BYTES = 1 << 20
_LIMIT = f"{MAX_RECORD_BYTES // (1 << 20)} MiB"


class RecordFileError(GoujiError):
    """A file of records that cannot be read at all (missing, not a regular file, unreadable)."""


class RulesetNotRecords(RecordFileError):
    """A ruleset file given where game records are expected."""


@dataclass(frozen=True)
class Entry:
    """One record of a file, or why it could not be read: ``line`` is where it starts (1-based)."""

    line: int
    record: Any = None
    error: RecordError | None = None


def open_records(path: Path) -> IO[bytes]:
    """``path`` opened for reading, if it is a regular file (checked without blocking on a FIFO)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise RecordFileError(f"cannot read {path}: {error.strerror}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
            else "a directory" if stat.S_ISDIR(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a file"
        raise RecordFileError(f"cannot read {path}: it is {kind}, not a regular file of game records")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _parse(raw: bytes, line: int) -> Entry:
    """One record's bytes parsed; errors located by line (and column)."""
    try:
        text = raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as error:
        return Entry(line, error=RecordError.at("", f"not UTF-8 text (byte 0x{raw[error.start]:02x} at "
                                                f"byte {error.start + 1} of the record)"))
    try:
        return Entry(line, json.loads(text))
    except json.JSONDecodeError as error:
        cut = " (the text ends there: cut short?)" if error.pos >= len(text.rstrip()) else ""
        return Entry(line + error.lineno - 1,
                     error=RecordError.at("", f"not JSON: {error.msg} at column {error.colno}{cut}"))
    except RecursionError:
        return Entry(line, error=RecordError.at("", "not a game record: JSON nested too deeply to read"))
    except ValueError as error:  # an integer longer than Python's int-string limit
        return Entry(line, error=RecordError.at("", f"not a game record: {str(error).split(';')[0]}"))


def read_records(path: Path) -> Iterator[Entry]:
    """The records of ``path`` one by one; raises :class:`RecordFileError` when it cannot be opened."""
    with open_records(path) as file:
        line = 0
        while True:
            raw = file.readline(MAX_RECORD_BYTES + 1)
            if not raw:
                return
            line += 1
            if len(raw) > MAX_RECORD_BYTES:
                yield Entry(line, error=RecordError([Problem(
                    f"the line is longer than {_LIMIT}, the limit for one record; stopped reading the file")]))
                return
            if not raw.strip():
                continue
            entry = _parse(raw, line)
            if entry.error is not None and line == 1:
                _not_a_ruleset(path)
            if entry.error is not None and line == 1 and raw.lstrip().startswith(b"{") \
                    and not raw.rstrip().endswith(b"}"):
                yield _document(file, raw)  # one record spread over several lines
                return
            yield entry


def _not_a_ruleset(path: Path) -> None:
    """Raise :class:`RulesetNotRecords` if ``path``, whose first line is not JSON, is a ruleset file."""
    try:
        data = load(path).data
    except RulesetError:  # not YAML either: the records' own errors say what is wrong
        return
    if isinstance(data, dict) and data.get("kind") in ("ruleset", "option-pack"):
        raise RulesetNotRecords(f"{path} is a ruleset file (id {data.get('id')!r}), not game records: a record is "
                                "one JSON object per line")


def read_record(path: Path, number: int) -> Entry:
    """Record ``number`` (1-based) of ``path``, for showing one game; RecordFileError when there is none."""
    count = 0
    for count, entry in enumerate(read_records(path), 1):
        if count == number:
            return entry
    raise RecordFileError(f"{path} holds {count} game record{'s' * (count != 1)}, not {number}")


def _document(file: IO[bytes], first: bytes) -> Entry:
    rest = file.read(MAX_RECORD_BYTES + 1 - len(first))
    if not rest.strip():
        return _parse(first, 1)
    if len(first) + len(rest) > MAX_RECORD_BYTES:
        return Entry(1, error=RecordError([Problem(
            f"the file is not one record per line and is larger than {_LIMIT}, the limit for one record")]))
    return _parse(first + rest, 1)


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON (no newline), as the record files hold it."""
    return json.dumps(record, ensure_ascii=False)


class RecordWriter:
    """A file of records written one whole line at a time, each handed to the system as it comes (an
    interrupted run keeps every record it wrote). The file is locked while it is written (a second run
    writing it is refused, not interleaved); ``keep`` keeps the records it holds (a resumed run), less an
    incomplete last line. A failed write (a full disk, a file-size limit) takes back its partial line
    and raises RecordFileError: the records before it stay whole."""

    def __init__(self, path: Path, keep: bool = False) -> None:
        self.path = path
        if hasattr(signal, "SIGXFSZ") and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past a file-size limit: an error to report, not death
        try:
            mode = os.O_RDWR if keep else os.O_WRONLY  # kept records are read to find their end
            self.fd = os.open(path, mode | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError as error:
            raise RecordFileError(f"cannot write {path}: {error.strerror}") from None
        self.regular = stat.S_ISREG(os.fstat(self.fd).st_mode)
        self.end = 0
        if self.regular:
            try:
                if sys.platform != "win32":
                    fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(self.fd)
                raise RecordFileError(f"cannot write {path}: another run is writing it") from None
            self.end = _whole_lines(self.fd) if keep else 0
            os.ftruncate(self.fd, self.end)
            os.lseek(self.fd, self.end, os.SEEK_SET)

    def write(self, line: str) -> None:
        """One record's line (without its newline) added to the file."""
        whole = (line + "\n").encode("utf-8")
        data = memoryview(whole)
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except OSError as error:
            if self.regular:
                os.ftruncate(self.fd, self.end)
            raise RecordFileError(f"cannot write {self.path}: {error.strerror}; the records before this one "
                                  "are whole") from None
        self.end += len(whole)

    def close(self) -> None:
        os.close(self.fd)


def _whole_lines(fd: int) -> int:
    """Where the last whole line of the file open at ``fd`` ends (0: none), read from its end."""
    end = os.fstat(fd).st_size
    while end > 0:
        start = max(0, end - (1 << 16))
        block = os.pread(fd, end - start, start)
        newline = block.rfind(b"\n")
        if newline >= 0:
            return start + newline + 1
        end = start
    return 0
