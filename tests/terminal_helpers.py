"""Driving ``gouji`` through a pseudo-terminal (the standard library's ``pty``; no pexpect needed),
and the same session in-process, with one policy answering every prompt."""

from __future__ import annotations

import codecs
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path

from gouji_variants.ruleset.model import Ruleset
from gouji_variants.terminal.play import Seat, session
from gouji_variants.terminal.render import Words

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: What a prompt looks like: the last line, ending in '> ', with nothing after it.
PROMPT = re.compile(r"[^\n]*> $")
#: A policy answers a prompt, given the prompt and everything written since the last one.
Policy = Callable[[str, str], str]


class Terminal:
    """``python -m gouji_variants ARGS`` on a pseudo-terminal ``columns`` wide."""

    def __init__(self, *args: str, columns: int = 80, env: dict[str, str] | None = None,
                 stderr: bool = True) -> None:
        """``stderr=False`` drops what goes to stderr (a progress bar) instead of showing it."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        environment = {**os.environ, "TERM": "xterm", **(env or {})}
        environment.pop("COLUMNS", None)
        self.process = subprocess.Popen([sys.executable, "-m", "gouji_variants", *args], stdin=slave, stdout=slave,
                                        stderr=slave if stderr else subprocess.DEVNULL, env=environment, cwd=ROOT,
                                        start_new_session=True)
        os.close(slave)
        self.master = master
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.raw = ""

    def until_prompt(self, timeout: float = 60.0) -> tuple[str, bool]:
        """Everything written up to the next prompt (or the end), and whether the program ended."""
        chunk = ""
        while True:
            ready, _, _ = select.select([self.master], [], [], timeout if not PROMPT.search(_plain(chunk)) else 0.05)
            if not ready:
                if PROMPT.search(_plain(chunk)):
                    return chunk, False
                raise TimeoutError(f"no prompt after {timeout} s; last output:\n{chunk[-2000:]}")
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the program ended and closed the terminal
                data = b""
            if not data:
                return chunk, True
            text = self.decoder.decode(data).replace("\r\n", "\n")
            self.raw += text
            chunk += text

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def finish(self, timeout: float = 30.0) -> int:
        code = self.process.wait(timeout)
        os.close(self.master)
        return code


def _plain(text: str) -> str:
    return ANSI.sub("", text)


def drive(terminal: Terminal, policy: Policy) -> tuple[str, int]:
    """Answer every prompt with ``policy`` until the program ends: the output (without colour codes)
    and the exit code."""
    while True:
        chunk, ended = terminal.until_prompt()
        if ended:
            return _plain(terminal.raw), terminal.finish()
        plain = _plain(chunk)
        terminal.send(policy(plain.rsplit("\n", 1)[-1], plain))


def in_process(ruleset: Ruleset, seed: int, games: int, policy: Policy, lang: str = "en") -> str:
    """The same session as ``gouji play``, run in this process (to search seeds quickly)."""
    lines: list[str] = []
    since: list[str] = []

    def read(prompt: str) -> str:
        answer = policy(prompt, "\n".join(since) + "\n" + prompt)
        lines.append(prompt + answer)
        since.clear()
        return answer

    def write(line: str) -> None:
        lines.append(line)
        since.append(line)

    import random

    session(ruleset, seed, games, Seat(0, read, write, Words(lang), random.Random(seed)))  # type: ignore[arg-type]
    return "\n".join(lines)


def confirming(prompt: str) -> bool:
    return prompt.endswith(("yes or no> ", "是或否> "))
