"""Memory as rulesets come and go: a room server's life, one distinct house ruleset per room (issue 24).

    python benchmarks/bench_memory.py [--rulesets 10000] [--every 1000] [--warm-up 1000] [--seed 0]
                                      [--base dagang] [--agents listing|random]

Makes ``--rulesets`` distinct house rulesets, one after the other: ``--base``'s rules with the 2s and
jokers that may be attached, the kill rules, the 够级 thresholds and the score each set by the room's
number (every number its own rules, and its own ``plays`` and ``gouji`` sections, which the engine's
caches are keyed by). Each is compiled (from its self-contained data, as a server receives a room's
rules), one game is played on it by six random seats, and the ruleset and game are dropped. Prints the
resident memory (RSS) at the start, every ``--every`` rulesets and at the end, and the growth per 1,000
rulesets after ``--warm-up`` (flat is the goal: every per-ruleset cache is bounded, docs/architecture.md).
``--agents listing`` chooses among the listed legal actions at each decision (the listing path's
caches); ``random`` lets the game draw them (the sampling path). Linux (reads /proc/self/status).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gouji_variants.engine import Action, Agent, Game, RandomAgent, SeatView, play_out
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_data, load_ruleset

#: what varies from room to room (the last digits of the room's number first)
TWOS_AND_JOKERS = [(twos, jokers, mix, threes) for twos in (False, True) for jokers in (False, True)
                   for mix in (False, True) for threes in (False, True)]
KILLS = ["B by R", "B by 2B, +1 card", "B alone by 2B, +1 card", "R by 2R, +1 card", "R alone by 2R, +1 card",
         "R by 2 jokers, +1 card", "B on single 2 by B"]
THRESHOLD_CARDS = "AKQJT"


class ListingAgent:
    """Uniformly random among the listed legal actions."""

    name = "listing"

    def act(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


def rss_mb() -> float:
    """This process's resident memory, in MB."""
    for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise SystemExit("no VmRSS in /proc/self/status (Linux only)")


def house_data(base: dict[str, Any], room: int) -> dict[str, Any]:
    """``base`` (resolved rules) as room ``room``'s house rules: distinct for every ``room``."""
    twos, jokers, mix, threes = TWOS_AND_JOKERS[room % len(TWOS_AND_JOKERS)]
    number = room // len(TWOS_AND_JOKERS)
    kills = [kill for bit, kill in enumerate(KILLS) if number >> bit & 1] or KILLS[:1]
    number >>= len(KILLS)
    groups, count = ["R", "B", "2"], 2
    for card in THRESHOLD_CARDS:  # 够级 from 2 to 4 cards of A, and as many or up to 2 more of each lower rank
        count += number % 3
        groups.append(card * count)
        number //= 3
    thresholds = ", ".join(groups)
    data = {**base, "id": f"room-{room}", "name": {"zh": f"房间{room}", "en": f"Room {room}"}}
    data["plays"] = {**base["plays"], "attach_twos": twos, "attach_jokers": jokers, "mix_jokers": jokers and mix,
                     "jokers_with_threes": jokers and threes, "kills": kills if jokers else []}
    data["gouji"] = {**base["gouji"], "thresholds": thresholds}
    data["score"] = {**base["score"], "points": [4 + room, 2, 0, 0, -2, -4 - room]}
    return data


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulesets", type=int, default=10_000, help="distinct rulesets, one room each (default 10000)")
    parser.add_argument("--every", type=int, default=1000, help="print the memory every this many (default 1000)")
    parser.add_argument("--warm-up", type=int, default=1000, help="rulesets before the growth is measured (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the games (default 0)")
    parser.add_argument("--base", default="dagang", help="the built-in ruleset the rooms vary (default dagang)")
    parser.add_argument("--agents", choices=("listing", "random"), default="listing", help="the seats (listing)")
    args = parser.parse_args(argv)
    if args.rulesets < 1 or args.every < 1 or not 0 <= args.warm_up < args.rulesets:
        parser.error("need --rulesets >= 1, --every >= 1 and 0 <= --warm-up < --rulesets")

    catalog = Catalog.default()
    base = load_ruleset(args.base, catalog).resolved()
    agents: list[Agent] = [ListingAgent() if args.agents == "listing" else RandomAgent()] * 6
    rng = random.Random(args.seed)
    start, at_warm = time.perf_counter(), rss_mb()
    print(f"start: {at_warm:.1f} MB", flush=True)
    for room in range(1, args.rulesets + 1):
        ruleset = compile_data(house_data(base, room), f"<room {room}>", catalog)
        game = Game(ruleset, seed=args.seed + room, offers=False)
        play_out(game, agents, rng)
        del game, ruleset
        if room == args.warm_up:  # (0: from the start)
            gc.collect()
            at_warm = rss_mb()
        if room % args.every == 0 and room != args.rulesets:
            gc.collect()
            print(f"{room:>6} rulesets: {rss_mb():.1f} MB ({time.perf_counter() - start:.0f}s)", flush=True)
    gc.collect()
    end = rss_mb()
    print(f"end ({args.rulesets} rulesets, {time.perf_counter() - start:.0f}s): {end:.1f} MB")
    per = (end - at_warm) * 1000 / (args.rulesets - args.warm_up)
    print(f"growth after {args.warm_up} rulesets: {per:+.2f} MB per 1,000 rulesets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
