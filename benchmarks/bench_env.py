"""Learning-environment speed: steps per second of the PettingZoo environment (observation and action
mask built at every step), beside RLCard's Dou Dizhu environment run in the same sitting.

    python benchmarks/bench_env.py [--seconds 5] [--runs 3] [--ruleset dagang] [--rlcard PYTHON] [--engine]
                                   [--episodes N]

Both sides play uniformly random legal actions over whole episodes, for ``--seconds`` of CPU time
(``time.process_time``) per run; the median of ``--runs`` runs is printed. A step here is one agent's
decision: ``env.last()`` (the acting seat's observation vector and action mask), a random legal index
(from ``info["legal_actions"]``, as RLCard's agents draw from ``state["legal_actions"]``), ``env.step``.
RLCard's side is ``rlcard.make('doudizhu')``: ``env.reset()`` / ``env.step()`` (each builds the next
player's state: its observation array and legal actions), in a child process with ``--rlcard``'s
interpreter (a venv with rlcard==1.2.0 and numpy). ``--engine`` also times the engine alone under the
same play (view, observation, legal actions, apply) on the same deals: the most the environment could
reach. ``--episodes N`` plays N episodes a run instead (a fixed workload, for instruction counts:
``valgrind --tool=callgrind`` with N and with 0, the difference divided by the steps). Needs the ``rl``
extra.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from gouji_variants.engine import Match
from gouji_variants.env import raw_env
from gouji_variants.env.session import load

TARGET_RATIO = 2.0
RLCARD_RUN = """
import random, statistics, sys, time
import rlcard
env = rlcard.make("doudizhu", config={"seed": 0})
rng = random.Random(0)
def run(seconds):
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
    return steps / (time.process_time() - start)
seconds, runs = float(sys.argv[1]), int(sys.argv[2])
print(statistics.median(run(seconds) for _ in range(runs)))
"""


def gouji_run(ruleset: str, seconds: float, seed: int, limit: int | None = None) -> tuple[float, int]:
    """Environment steps per CPU second over about ``seconds`` (or ``limit`` episodes), and the steps."""
    env = raw_env(ruleset)
    rng = random.Random(seed)
    steps = episodes = 0
    start = time.process_time()
    while episodes < limit if limit is not None else time.process_time() - start < seconds:
        env.reset(seed=seed + episodes)
        episodes += 1
        for _agent in env.agent_iter():
            seen, _, terminated, truncated, info = env.last()
            assert seen["action_mask"] is not None
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(info["legal_actions"]))
            steps += 1
    return steps / (time.process_time() - start), steps


def engine_run(ruleset: str, seconds: float, seed: int, limit: int | None = None) -> tuple[float, int]:
    """Decisions per CPU second of the engine alone under the same random play on the same deals (the
    environment's episode of seed ``s`` deals from ``random.Random(s).getrandbits(63)``): the seat's
    view, its :class:`Observation` and its listed legal actions, the action applied (what the
    environment cannot do without: the rest of a step is the environment's own vector, mask and
    bookkeeping); and the decisions."""
    compiled = load(ruleset)
    rng = random.Random(seed)
    steps = games = 0
    start = time.process_time()
    while games < limit if limit is not None else time.process_time() - start < seconds:
        game = Match(compiled, random.Random(seed + games).getrandbits(63)).new_game()
        games += 1
        while not game.over:
            view = game.view()
            assert view.observation.seat == view.seat
            legal = view.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - start), steps


def rlcard_run(python: str, seconds: float, runs: int) -> float:
    out = subprocess.run([python, "-c", RLCARD_RUN, str(seconds), str(runs)], check=True, capture_output=True,
                         text=True).stdout
    return float(out.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of one run")
    parser.add_argument("--runs", type=int, default=3, help="runs per side (the median is printed)")
    parser.add_argument("--ruleset", default="dagang", help="ruleset id, alias, name or path")
    parser.add_argument("--rlcard", metavar="PYTHON", help="interpreter with rlcard 1.2.0, for the reference ratio")
    parser.add_argument("--engine", action="store_true",
                        help="also time the engine alone under the same play (the environment's ceiling)")
    parser.add_argument("--episodes", type=int, metavar="N", help="play N episodes a run instead of --seconds")
    args = parser.parse_args()
    limit, what = args.episodes, f"{args.seconds:g} CPU s" if args.episodes is None else f"{args.episodes} episodes"
    ours = statistics.median(gouji_run(args.ruleset, args.seconds, seed, limit)[0] for seed in range(args.runs))
    print(f"gouji_variants.env (PettingZoo AEC, {args.ruleset}), random legal actions, median of {args.runs} runs "
          f"of {what}: {ours:,.0f} steps/s")
    if args.engine:
        alone = statistics.median(engine_run(args.ruleset, args.seconds, seed, limit)[0] for seed in range(args.runs))
        print(f"the engine alone (view, observation, legal actions, apply): {alone:,.0f} decisions/s; the "
              f"environment's own part is {1 - ours / alone:.0%} of a step")
    if args.rlcard:
        theirs = rlcard_run(args.rlcard, args.seconds, args.runs)
        ratio = ours / theirs
        print(f"RLCard doudizhu environment, same sitting: {theirs:,.0f} steps/s")
        print(f"ratio {ratio:.2f}x (target >= {TARGET_RATIO:g}x: {'PASS' if ratio >= TARGET_RATIO else 'MISS'})")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
