"""``gouji replay FILE --show``: a recorded game step by step, like a PGN viewer — the deal and
tribute, each play, burn and pass with its reason, the hands as one seat saw them (or all of them),
then places, score and the tribute the next game pays."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..components.table import YUDIAN_STAGE
from ..engine.game import Game
from ..text.fit import fit
from .render import Words, event_lines, result, table


def fresh(game: Game) -> Game:
    """The recorded game back at its start: same rules, seed, hands, leader and carry."""
    return Game(game.ruleset, game.seed, hands=game.given_hands, leader=game.given_leader, carry=game.carry)


def _hand_line(game: Game, seat: int, me: int | None, words: Words) -> str:
    who = words("your hand", "你的牌") if seat == me else words(f"seat {seat}'s hand", f"{seat}号位的牌")
    return f"      {who}{words(': ', '：')}{words.hand(game.hand(seat))}"


def steps(game: Game, me: int | None, words: Words) -> Iterator[tuple[int, list[str]]]:
    """The lines of each step: the heading, tribute and hands; one step per recorded action that
    ``me`` may know of (the actor's hand before it, when seen and changed, then what happened); the
    result; each with the number of actions taken by then. Decisions only their seat knows of (a
    declined burn or 革命) are left out for ``me``."""
    rules = game.ruleset
    view = words(f"as seat {me} saw it", f"{me}号位所见") if me is not None else words("all hands", "所有手牌")
    replaying = fresh(game)
    deal = [words(f"{rules.id} ({rules.fingerprint}), seed {game.seed}, {len(game.actions)} actions — {view}",
                  f"{rules.id}（{rules.fingerprint}），种子 {game.seed}，{len(game.actions)}步 — {view}")]
    deal += event_lines(replaying.log, me, replaying.state.stage == YUDIAN_STAGE, words)
    seen = {seat: replaying.hand(seat) for seat in (range(6) if me is None else (me,))}
    deal += [_hand_line(replaying, seat, me, words) for seat in seen]
    yield 0, deal
    for number, (seat, action) in enumerate(game.actions, 1):
        shown = len(replaying.log)
        lines: list[str] = []
        if seat in seen and seen[seat] != replaying.hand(seat):
            seen[seat] = replaying.hand(seat)
            lines.append(_hand_line(replaying, seat, me, words))
        replaying.apply(action)
        yudian = replaying.state.stage == YUDIAN_STAGE
        events = [line.lstrip() for line in event_lines(replaying.log[shown:], me, yudian, words)]
        if events:
            yield number, [*lines, f"{number:>4}. {events[0]}", *(f"      {event}" for event in events[1:])]
    yield len(game.actions), result(replaying, me, words)


def state_at(game: Game, actions: int) -> Game:
    """The recorded game after its first ``actions`` actions."""
    replaying = fresh(game)
    for _, action in game.actions[:actions]:
        replaying.apply(action)
    return replaying


HELP = ("Enter: next step · a number: go to that action · table: the table now · end · quit",
        "回车：下一步 · 数字：跳到该步 · table：当前牌桌 · end：到结尾 · quit：退出")


def show(game: Game, me: int | None, words: Words, write: Callable[[str], None],
         read: Callable[[str], str | None] | None = None) -> None:
    """Print the game; with ``read`` (a terminal), one step at a time."""
    pages = list(steps(game, me, words))

    def page(index: int) -> None:
        for text in pages[index][1]:
            for line in fit(text, indent="        "):
                write(line)

    if read is None:
        for index in range(len(pages)):
            page(index)
        return
    write(HELP[words.lang == "zh"])
    index = 0
    page(index)
    while index < len(pages) - 1:
        answer = read(f"[{pages[index][0]}/{len(game.actions)}]> ")
        command = "quit" if answer is None else answer.strip().lower()
        if command in ("quit", "退出"):
            return
        if command == "table":
            for line in table(state_at(game, pages[index][0]), me, words):
                write(line)
            continue
        if command == "end":
            index = len(pages) - 1
        elif command.isdigit():
            index = next(i for i, (taken, _) in enumerate(pages) if taken >= int(command) or i == len(pages) - 1)
        elif not command:
            index += 1
        else:
            write(HELP[words.lang == "zh"])
            continue
        page(index)
