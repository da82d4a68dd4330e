"""Built-in rulesets as earlier releases had them, so that a record naming one by id still replays.

A record of format ``gouji-game/1`` names its ruleset by id and fingerprint only. When a later release
changes that built-in ruleset's rules (to follow its source more literally, say), the record's
fingerprint no longer matches, and replaying it under the new rules would be a different game. Each
release whose built-in rules later changed leaves a file ``rulesets/earlier/<release>.json`` holding,
for every such ruleset, its id, its fingerprint then and its resolved rules then (``Ruleset.resolved()``
as that release wrote it). The new compiler reads them as the older ruleset format they are, and they
compile to the fingerprint they were stored under (``tests/ruleset/test_fingerprint_pins.py`` checks it).

To add a release's entries: check the release out beside this one, dump ``resolved()`` of each built-in
ruleset whose fingerprint the new release changes, and add them as one more file.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .resources import RULESETS_DIR

EARLIER_DIR = RULESETS_DIR / "earlier"


@cache
def _entries() -> dict[tuple[str, str], dict[str, Any]]:
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(EARLIER_DIR.glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8"))["rulesets"]:
            found[entry["id"], entry["fingerprint"]] = entry["rules"]
    return found


def earlier_rules(ruleset_id: str, fingerprint: str) -> dict[str, Any] | None:
    """The resolved rules a built-in ruleset had under ``fingerprint`` in an earlier release, if any."""
    return _entries().get((ruleset_id, fingerprint))


def earlier_fingerprints() -> list[tuple[str, str]]:
    """Every (id, fingerprint) an earlier release's built-in rulesets had and this one keeps the rules of."""
    return sorted(_entries())
