"""Runs the room service for the tests: ``python run_server.py PORT DB OPTIONS_JSON`` (create_app's
keyword options, limits as a mapping, a shard as "I/N", and ``seed``: the process's random numbers seeded,
so that its rooms' deals and its bots' choices are the same run after run) on 127.0.0.1."""

from __future__ import annotations

import json
import random
import sys

from gouji_variants.server.app import create_app, server
from gouji_variants.server.limits import Limits
from gouji_variants.server.shards import Shard

if __name__ == "__main__":
    port, db, raw = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
    if "limits" in raw:
        raw["limits"] = Limits(**raw["limits"])
    if "seed" in raw:
        random.seed(raw.pop("seed"))
    if "shard" in raw:
        raw["shard"] = Shard.parse(raw["shard"])
    server(create_app(db, **raw), "127.0.0.1", port, limits=raw.get("limits")).run()
