"""Train a team of three seats with deep Monte-Carlo (DouZero's method, small), then test it.

    pip install -e '.[train]'      # the rl extra and PyTorch (CPU is enough)
    python examples/train_dmc.py --ruleset dagang --minutes 8 --seed 0

One Q network scores (observation, action) pairs: the observation is the environment's vector
(docs/env.md), the action its cards (16 counts) and which special or 还贡 action it is. Seats 0, 2 and
4 share the network and pick the legal action of highest Q (a random one with probability epsilon);
seats 1, 3 and 5 are the ``--opponents`` bots. Every (observation, action) a learning seat took is
regressed on the game's final reward for that seat (the team score difference: Monte-Carlo, no
bootstrapping). After ``--minutes`` of training, the greedy team plays ``--eval`` games against
``random`` and against ``heuristic`` (the project's rule-aware bot), on deals it never trained on, and
prints its share of games won (its team scored more) with a Wilson 95% interval, and its draws.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import numpy as np
import torch
from torch import nn

from gouji_variants.agents.registry import make_agents
from gouji_variants.engine import Agent, Burn, Play
from gouji_variants.env import Session, load
from gouji_variants.env.actions import PLAYS, RETURNS, SPECIALS
from gouji_variants.env.observations import SIZE
from gouji_variants.ruleset.cards import N_RANKS
from gouji_variants.text.behaviour import Interval, wilson

ACTION_FEATURES = N_RANKS + SPECIALS + N_RANKS  # cards, special one-hot, 还贡 rank one-hot


class Features:
    """The action part of the network's input, per action index (kept: indices repeat)."""

    def __init__(self, session: Session) -> None:
        self.encoding = session.encoding
        self.known: dict[int, np.ndarray] = {}

    def __call__(self, index: int) -> np.ndarray:
        found = self.known.get(index)
        if found is None:
            found = np.zeros(ACTION_FEATURES, dtype=np.float32)
            if index >= PLAYS:
                action = self.encoding.action(index)
                assert isinstance(action, (Play, Burn))
                found[:N_RANKS] = action.cards.counts
            elif index >= RETURNS:
                found[N_RANKS + SPECIALS + index - RETURNS] = 1.0
            else:
                found[N_RANKS + index] = 1.0
            self.known[index] = found
        return found


def network() -> nn.Module:
    return nn.Sequential(nn.Linear(SIZE + ACTION_FEATURES, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU(),
                         nn.Linear(128, 1))


def choose(net: nn.Module, session: Session, features: Features, epsilon: float,
           rng: random.Random) -> tuple[int, np.ndarray]:
    """The learning seat's action index and the network input it was chosen with."""
    legal = session.legal_indices()
    observed = session.observe(session.turn)
    inputs = np.concatenate([np.broadcast_to(observed, (len(legal), SIZE)),
                             np.stack([features(index) for index in legal])], axis=1)
    if len(legal) == 1 or rng.random() < epsilon:
        pick = rng.randrange(len(legal))
    else:
        with torch.no_grad():
            pick = int(net(torch.from_numpy(inputs)).argmax())
    return legal[pick], inputs[pick]


def play_game(net: nn.Module, session: Session, features: Features, bots: Sequence[Agent], epsilon: float,
              rng: random.Random, seed: int) -> tuple[list[float], list[tuple[np.ndarray, int]]]:
    """One game: each seat's reward and the (input, seat) pairs of the learning seats."""
    session.reset(seed)
    taken: list[tuple[np.ndarray, int]] = []
    while True:
        seat = session.turn
        if seat % 2 == 0:
            index, inputs = choose(net, session, features, epsilon, rng)
            taken.append((inputs, seat))
            rewards = session.step(index)
        else:
            view = session.view()
            rewards = session.apply(bots[seat].act(view, rng))
        if rewards is not None:
            return rewards, taken


def evaluate(net: nn.Module, session: Session, features: Features, opponents: str, games: int,
             seed: int) -> tuple[Interval, int, float]:
    """The greedy team's share of games won (its team scored more) with its Wilson 95% interval, the
    games drawn, and its mean reward."""
    bots, rng = make_agents(opponents), random.Random(seed)
    wins = draws = 0
    total = 0.0
    for game in range(games):
        rewards, _ = play_game(net, session, features, bots, 0.0, rng, seed + game)
        wins += rewards[0] > 0
        draws += rewards[0] == 0
        total += rewards[0]
    return wilson(wins, games), draws, total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="dagang")
    parser.add_argument("--minutes", type=float, default=8.0, help="training time (wall clock)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (small batches gain nothing from more)")
    parser.add_argument("--opponents", default="random", help="the bots the team trains against")
    parser.add_argument("--eval", type=int, default=500, help="games per evaluation (each opponent)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained network here")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    session = Session(load(args.ruleset))
    features = Features(session)
    net = network()
    optimiser = torch.optim.Adam(net.parameters(), lr=3e-4)
    bots = make_agents(args.opponents)
    scale = session.bounds()[1] / 2 or 1.0
    inputs: list[np.ndarray] = []
    targets: list[float] = []
    start, games, steps = time.monotonic(), 0, 0
    while time.monotonic() - start < args.minutes * 60:
        epsilon = max(0.02, 0.2 * (1 - (time.monotonic() - start) / (args.minutes * 45)))
        rewards, taken = play_game(net, session, features, bots, epsilon, rng, 10**9 + games)
        games += 1
        inputs += [x for x, _ in taken]
        targets += [rewards[seat] / scale for _, seat in taken]
        if len(inputs) >= 2048:
            x, y = torch.from_numpy(np.stack(inputs)), torch.tensor(targets).unsqueeze(1)
            for batch in torch.randperm(len(inputs)).split(256):
                loss = nn.functional.mse_loss(net(x[batch]), y[batch])
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
                steps += 1
            inputs, targets = [], []
        if games % 200 == 0:
            print(f"{time.monotonic() - start:6.0f} s: {games} games, {steps} updates, epsilon {epsilon:.2f}",
                  flush=True)
    trained = time.monotonic() - start
    print(f"trained {trained / 60:.1f} min on {args.ruleset} against {args.opponents} ({time.process_time():.0f} CPU "
          f"s so far): {games} games, {steps} updates")
    net.eval()
    for opponents in ("random", "heuristic"):
        started = time.monotonic()
        won, draws, mean = evaluate(net, session, features, opponents, args.eval, 7_000_000)
        print(f"greedy team vs {opponents}: won {won.value:.1%} of {args.eval} games (Wilson 95% "
              f"{won.low:.1%}–{won.high:.1%}), drew {draws}, mean team score difference {mean:+.2f} "
              f"({time.monotonic() - started:.0f} s)", flush=True)
    if args.save:
        torch.save(net.state_dict(), args.save)


if __name__ == "__main__":
    main()
