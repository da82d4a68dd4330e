"""A room stored by an earlier release resumes under rules that release accepted, although numbers have
had domains since (``revolution.void_at: 7`` was taken by 0.4.0); the same rules sent anew are refused."""

from __future__ import annotations

import asyncio
import random

import pytest

from gouji_variants.server.bots import Bots
from gouji_variants.server.databases import open_store
from gouji_variants.server.limits import Limits
from gouji_variants.server.protocol import ProtocolError
from gouji_variants.server.rooms import Creation
from gouji_variants.server.rulesource import Rulebook, RuleSource
from gouji_variants.server.service import Service

OLD = "id: old-house\nkind: ruleset\nextends: [qingdao]\nname: {zh: 老规矩, en: old house}\nrevolution:\n  void_at: 7\n"
SOURCE = RuleSource(yaml=OLD, name="old.yaml")


def test_the_rulebook_compiles_accepted_rules_past_new_bounds_and_refuses_them_anew() -> None:
    rulebook = Rulebook()
    assert rulebook.compile(SOURCE, accepted=True).rules.revolution.void_at == 7
    with pytest.raises(ProtocolError, match="outside its range 1 to 6") as refused:
        rulebook.compile(SOURCE)  # the lenient compile kept is not taken for a strict one
    assert refused.value.code == "invalid-rules"


def test_a_room_stored_with_rules_since_out_of_bounds_resumes(db: str) -> None:
    bots = {seat: "random" for seat in range(1, 6)}
    creation = Creation(SOURCE, 0, "a", "t" * 22, random.Random(3).getrandbits(63), bots=bots)
    store = open_store(db)
    store.create("OLDROOMCODE1", "1.2.3.4", creation.to_json())
    store.close()

    async def resumed() -> None:
        rooms = Service(open_store(db), Rulebook(), Bots(0.0, 0), Limits(), grace=30.0)
        rooms.resume_all()
        room = rooms.rooms["OLDROOMCODE1"].room
        assert room.ruleset.rules.revolution.void_at == 7 and room.ruleset.id == "old-house"
        with pytest.raises(ProtocolError, match="outside its range"):
            await rooms.create("1.2.3.4", {"host": "b", "yaml": OLD})
        rooms.store.close()

    asyncio.run(resumed())
