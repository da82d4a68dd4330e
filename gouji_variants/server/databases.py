"""Which database a ``--db`` value names, opened: a SQLite file's path, or a ``postgresql://`` URL (the
``[postgres]`` extra); anything else is refused with a :class:`.store.StoreError` saying why, and a URL's
password is never shown.

>>> describe("postgresql://gouji:secret@db.example:5432/gouji")
'postgresql://gouji:***@db.example:5432/gouji'
>>> "not a database this server keeps rooms in" in str(refusal("mysql://gouji@db.example/gouji"))
True
"""

from __future__ import annotations

import re
import sqlite3
import urllib.parse
from pathlib import Path
from typing import Final

from .store import SQLiteStore, Store, StoreError, default_path

#: the URL schemes of the databases a server can keep rooms in, besides a SQLite file's path
POSTGRES_SCHEMES: Final = ("postgresql", "postgres")
#: a URL's scheme: two characters at least, so that a Windows drive (``C:``) is a path
_SCHEME: Final = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")


def describe(db: str | Path) -> str:
    """``db`` as it may be shown: a URL's password replaced by ``***``."""
    text = str(db)
    if not _SCHEME.match(text):
        return text
    parts = urllib.parse.urlsplit(text)
    if parts.password is None:
        return text
    netloc = parts.netloc.rsplit("@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{netloc[-1]}"))


def open_store(db: str | Path | None) -> Store:
    """The store ``db`` names: a ``postgresql://`` URL (the ``[postgres]`` extra), a SQLite file's path, or
    None for :func:`default_path`. StoreError, saying why, for anything else or a database that cannot be
    opened (an empty value, ``:memory:``, which keeps nothing, another URL scheme)."""
    text = str(default_path() if db is None else db)
    refused = refusal(text)
    if refused is not None:
        raise refused
    if _SCHEME.match(text):  # (a postgresql:// URL: no other is let through)
        from .postgres import PostgresStore

        try:
            return PostgresStore(text)
        except StoreError as error:
            raise StoreError(f"--db {describe(text)}: {error}") from None
    try:
        return SQLiteStore(text)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(f"--db {describe(text)}: cannot open the database: {error}") from None


def refusal(db: str) -> StoreError | None:
    """Why ``db`` names no store this server can open (None: a path or a URL it serves)."""
    found = _SCHEME.match(db)
    if found and found[1].lower() not in POSTGRES_SCHEMES:
        return StoreError(f"--db {describe(db)}: {found[1]} is not a database this server keeps rooms in: give "
                          "a SQLite file's path or a postgresql:// URL")
    if not db.strip() or db == ":memory:":
        return StoreError(f"--db {db!r}: give a SQLite file's path or a postgresql:// URL (an in-memory database "
                          "would lose every room when the server stops)")
    return None
