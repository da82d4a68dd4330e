"""The environments against PettingZoo's and Gymnasium's own checks, for several rulesets, and their
arguments, seeding, match play and rewards."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from gouji_variants.env import AGENTS, EnvError, GoujiEnv, env, raw_env
from gouji_variants.ruleset.compiler import load_ruleset

MALFORMED = Path(__file__).resolve().parents[1] / "malformed"
RULESETS = ("dagang", "qingdao", "jining", "bie3", "hui3", "dadian", "32-gui")


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.filterwarnings("ignore", message=".*(Observation|observation).*")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_api_and_seed_tests_pass(ruleset: str) -> None:
    api_test(env(ruleset), num_cycles=300)
    seed_test(lambda: env(ruleset), num_cycles=300)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gymnasium_check_env_passes(ruleset: str) -> None:
    check_env(GoujiEnv(ruleset, seat=3, opponents="random"), skip_render_check=True)


def play_random(aec: raw_env, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play an episode with masked random actions; the actions taken and the summed rewards."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken, total = [], dict.fromkeys(AGENTS, 0.0)
    for agent in aec.agent_iter():
        seen, reward, terminated, truncated, _ = aec.last()
        total[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        taken.append(action)
        aec.step(action)
    return taken, total


def test_a_seed_reproduces_a_whole_match() -> None:
    """The same seed and actions give the same episode (a match of three games), observations included."""
    one, two = raw_env("qingdao", games=3), raw_env("qingdao", games=3)
    first, rewards = play_random(one, 7)
    assert (first, rewards) == play_random(two, 7)
    assert first != play_random(two, 8)[0]
    assert len(one.session.match.games) == 0 and one.session.played == 3


def test_rewards_are_the_team_score_or_the_place_points() -> None:
    """Team: each seat gets its team's score minus the other's (zero-sum); place: its own place's points."""
    for reward in ("team", "place"):
        aec = raw_env("dagang", reward=reward)
        _, total = play_random(aec, 3)
        places = aec.session.match.carry.places
        assert places is not None
        game_points = load_ruleset("dagang").rules.score.points
        if reward == "place":
            assert [total[agent] for agent in AGENTS] == [game_points[place] for place in places]
        else:
            assert sum(total.values()) == 0 and total["seat_0"] == total["seat_2"] == -total["seat_1"]
            assert total["seat_0"] != 0 or sum(game_points[p] for p in places[0::2]) == sum(
                game_points[p] for p in places[1::2])


def test_gymnasium_episode_against_the_bots() -> None:
    """The learner's reward arrives at the end; the bots played every other seat."""
    gym_env = GoujiEnv("dagang", seat=2, opponents="heuristic")
    seen, _ = gym_env.reset(seed=5)
    done, total, steps = False, 0.0, 0
    while not done:
        action = int(np.flatnonzero(seen["action_mask"])[0])
        seen, reward, done, _, _ = gym_env.step(action)
        total += reward
        steps += 1
    assert steps > 5 and gym_env.session.played == 1
    score = gym_env.session.last_score
    assert score is not None and total == score[0] - score[1]


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    gym_env = GoujiEnv("dagang", seat=0)
    seen, _ = gym_env.reset(seed=1)
    illegal = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    _, reward, done, _, info = gym_env.step(illegal)
    assert done and reward < gym_env.session.bounds()[0] and info == {"illegal": illegal}
    strict = GoujiEnv("dagang", seat=0, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal for seat 0"):
        strict.step(illegal)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: env("no-such-rules"), "no ruleset named 'no-such-rules'"),
    (lambda: GoujiEnv(str(MALFORMED / "bad-enum.yaml")), r"bad-enum\.yaml:\d+:\d+: error"),
    (lambda: GoujiEnv("dagang", opponents="genius"), "opponents=: unknown agent 'genius'"),
    (lambda: GoujiEnv("dagang", seat=6), "seat= is a seat number 0 … 5"),
    (lambda: raw_env("dagang", games=0), "games= is the number of games"),
    (lambda: raw_env("dagang", reward="money"), "reward= is one of team, place"),
])
def test_bad_arguments_say_what_was_wrong(make: object, message: str) -> None:
    with pytest.raises(EnvError, match=message):
        make()  # type: ignore[operator]


def test_a_ruleset_by_path_and_by_chinese_name() -> None:
    path = load_ruleset("jining").path
    assert raw_env(str(path)).session.ruleset.id == "jining"
    assert raw_env("青岛").session.ruleset.id == "qingdao"


def test_the_package_imports_without_the_extra_and_the_env_names_it() -> None:
    """Without numpy, gymnasium and pettingzoo the core still imports; gouji_variants.env names the extra."""
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "import gouji_variants.engine, gouji_variants.cli\n"
            "try:\n    import gouji_variants.env\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "needs the 'rl' extra" in out and "pip install 'gouji-variants[rl]'" in out


def test_a_family_shares_one_encoding_between_decks() -> None:
    """A wider family gives jining dagang's action space; a deck that does not fit it is refused."""
    from gouji_variants.env import Family

    standard = Family.of(load_ruleset("dagang"))
    assert raw_env("jining", family=standard).action_space("seat_0") == raw_env("dagang").action_space("seat_0")
    wide = Family.of(load_ruleset("32-gui"))
    assert GoujiEnv("dagang", family=wide).action_space.n == raw_env("32-gui").action_space("seat_0").n
    with pytest.raises(EnvError, match="does not fit the deck family"):
        raw_env("32-gui", family=standard)
