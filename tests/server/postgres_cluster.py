"""A real PostgreSQL server for the tests: Debian's ``postgresql`` package (``.ci/postgres.sh`` installs it),
a cluster made by ``initdb`` in a folder of its own, listening on 127.0.0.1, a free port and a socket folder
of its own; as root, initdb and the server run as the ``postgres`` user. One cluster per test session (so one
per pytest-xdist worker), a database of its own per test. ``GOUJI_TEST_POSTGRES=postgresql://…`` uses a
server already running instead (its user may create databases)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

from server_helpers import free_port


class Unavailable(Exception):
    """No PostgreSQL server can be started here (the reason is the message)."""


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path is None:
        raise Unavailable("no initdb in /usr/lib/postgresql/*/bin or on PATH: install Debian's postgresql "
                          "(bash .ci/postgres.sh), or set GOUJI_TEST_POSTGRES to a server's URL")
    return Path(on_path).parent


class Cluster:
    """``Cluster.start()``: a running server; ``cluster.database()`` a new empty database's URL."""

    def __init__(self, url: str, stop: list[str] | None = None, folder: Path | None = None) -> None:
        self.url, self._stop, self._folder = url, stop, folder

    @classmethod
    def start(cls) -> Cluster:
        given = os.environ.get("GOUJI_TEST_POSTGRES")
        if given:
            return cls(given)
        bin_dir = _binaries()
        as_user: list[str] = []
        if os.geteuid() == 0:  # initdb and the server refuse to run as root
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no postgres user to run the server as") from None
            as_user = ["runuser", "-u", "postgres", "--"]
        folder = Path(tempfile.mkdtemp(prefix="gouji-pg-"))  # (/tmp: the postgres user may reach it)
        if as_user:
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        data, port = folder / "data", free_port()
        commands = [
            [*as_user, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
             "--no-instructions"],
            [*as_user, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-t", "60",
             "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1", "start"],
        ]
        for command in commands:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                log = (folder / "log").read_text() if (folder / "log").exists() else ""
                shutil.rmtree(folder, ignore_errors=True)
                raise Unavailable(f"{Path(command[len(as_user)]).name} failed: {done.stderr.strip()} {log}"[:2000])
        stop = [*as_user, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]
        return cls(f"postgresql://postgres@127.0.0.1:{port}", stop, folder)

    def database(self) -> str:
        """A new database of its own (a unique name): its URL."""
        import psycopg

        name = f"gouji_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(f"{self.url.rstrip('/')}/postgres", autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}".encode())
        return f"{self.url.rstrip('/')}/{name}"

    def stop(self) -> None:
        if self._stop is not None:
            subprocess.run(self._stop, capture_output=True, timeout=60)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
