"""Playing one game in the terminal against five bots: rendering the table and reading commands."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import RANK_SYMBOLS, Cards
from ..components.turns import duitou
from ..grammar import NotationError
from .actions import (
    ASK,
    DECLARE,
    JIEFENG,
    PASS,
    REVOLUTION,
    TIAOPAI,
    YIELD,
    Action,
    Burn,
    Event,
    Hui3,
    IllegalAction,
    Play,
    Return,
    describe,
)
from .agents import Agent
from .game import Game, tribute_name

HELP = """\
Type a play in card notation (3-9, T or 10, J, Q, K, A, 2, B = 小王, R = 大王), e.g. 888, KK2, B99.
  pass (p)          过牌 / 扣牌, or decline an offer (burn, 革命, 会3)
  yield (y)         让牌: let the next two try your 对头's play first
  jiefeng (j)       申请接风: on the last play of a player who went out before you, lead a new round instead
  tiaopai           挑牌: at your lead, show your hand to your team-mates for the rest of the game
  ask               问张数: where counts are told only when asked, ask the hands at or below the 报牌 count
  burn CARDS        烧牌: beat the 够级 play with CARDS and run out (a joker on every later play but the last)
  revolution        革命 (no 2s, no jokers): sit this game out
  hui3 3|4|both     会3: take every 3 (or 4) out of all hands
  declare           宣点 (明点 / 预点): declare that your 对头 will not 开点 (打点)
  return CARDS      还贡: give back that many cards
  hint              what the heuristic bot would do;   auto (a)  let it do that
  help (h, ?)       this text;   quit (q)  leave the game"""


def grouped(cards: Cards) -> str:
    """A hand sorted and grouped by rank: ``333 44 8 KK 2 B R``."""
    return " ".join(RANK_SYMBOLS[rank] * count for rank, count in enumerate(cards.counts) if count) or "-"


def _who(seat: int, me: int) -> str:
    if seat == me:
        return "you"
    relation = "对头" if seat == duitou(me) else ("team-mate" if seat % 2 == me % 2 else "opponent")
    return f"seat {seat} ({relation})"


def render(game: Game, me: int) -> str:
    """Your hand, then the table as your observation shows it."""
    seen = game.observation(me)
    lines = [f"your hand ({len(seen.hand)}): {grouped(seen.hand)}"]
    cells = []
    for seat in range(6):
        if seat in seen.revolutionaries:
            state = "革命"
        elif seat in seen.finished:
            state = f"out #{seen.finished.index(seat) + 1}"
        elif seat in seen.out_of_play:  # ranked at once
            state = "诈烧" if seat in game.zhashao else "闷" if seat in game.stifled else "ranked (窒息 …)"
        else:
            count = seen.counts[seat]
            state = f"{count} cards" if count is not None else ">10 cards" \
                if game.rules.reporting.report_counts == "shown" else "count not told (ask)"
        if seen.hands[seat] is not None and seat != me:
            state += f" [{grouped(seen.hands[seat])}]"  # type: ignore[arg-type]
        cells.append(f"{seat}{'*' if seat == me else ''}: {state}")
    lines.append("table: " + " | ".join(cells))
    if seen.luanchan:
        lines.append("四人乱缠: plain rounds, no 够级, passing does not lock you out")
    if seen.burner is not None:
        lines.append(f"burning: {_who(seen.burner, me)} is burning; only its 对头 may answer (解烧)")
    if seen.round_plays:
        lines.append("this round: " + ", ".join(f"{seat}:{cards}" for seat, cards in seen.round_plays[-6:]))
    if seen.top is not None and seen.top_seat is not None:
        answer = ", ".join(str(seat) for seat in seen.may_answer) or "nobody"
        lines.append(f"to beat: {seen.top} by {_who(seen.top_seat, me)}; may answer: {answer}")
    if seen.passed:
        lines.append("passed this round: " + ", ".join(map(str, seen.passed)))
    if game.rules.kaidian.enabled:
        opened = ", ".join(str(seat) for seat in range(6) if seen.opened[seat]) or "nobody"
        declared = ", ".join(f"{seat} {'明点' if kind == 'mingdian' else '预点'}"
                             for seat, kind in enumerate(seen.declared) if kind)
        lines.append(f"开点 so far: {opened}" + (f"; 宣点: {declared}" if declared else ""))
    return "\n".join(lines)


def parse(text: str, game: Game) -> Action | str:
    """An action from a typed command, or a word: 'help', 'hint', 'quit', or an error message."""
    words = text.strip().split(maxsplit=1)
    if not words:
        return "help"
    head, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if head in ("help", "h", "?"):
        return "help"
    if head in ("quit", "q", "exit"):
        return "quit"
    if head in ("hint", "auto", "a"):
        return "hint" if head == "hint" else "auto"
    simple: dict[str, Action] = {"pass": PASS, "p": PASS, "yield": YIELD, "y": YIELD, "revolution": REVOLUTION,
                                 "革命": REVOLUTION, "过": PASS, "让": YIELD,
                                 "declare": DECLARE, "宣点": DECLARE, "jiefeng": JIEFENG, "j": JIEFENG,
                                 "接风": JIEFENG, "tiaopai": TIAOPAI, "挑牌": TIAOPAI, "ask": ASK, "问": ASK}
    if head in simple and not rest:
        return simple[head]
    if head == "hui3" and rest in ("3", "4", "both"):
        return Hui3(rest)  # type: ignore[arg-type]
    try:
        if head in ("burn", "烧") and rest:
            return Burn(Cards.parse(rest))
        if head == "return" and rest:
            return Return(Cards.parse(rest))
        if head == "burn" and not rest:
            return "error: say which cards burn it, e.g. 'burn B99'"
        if game.decision == "burn-offer":
            return Burn(Cards.parse(text))
        if game.decision == "return":
            return Return(Cards.parse(text))
        return Play(Cards.parse(text))
    except NotationError as error:
        return f"error: not card notation — {error}"


def event_text(event: Event, me: int) -> str:
    who = "the table" if event.seat < 0 else _who(event.seat, me)
    if event.action is None:
        return f"  {who}: {', '.join(event.notes)}"
    notes = f" ({', '.join(event.notes)})" if event.notes else ""
    forced = " [cannot beat]" if event.forced and event.seat == me else ""
    return f"  {who}: {describe(event.action)}{forced}{notes}"


def tribute_text(game: Game) -> list[str]:
    """What the next game's tribute would be after this one."""
    assert game.places is not None
    dues = game.next_dues()
    return [f"{tribute_name(due.kind)}: seat {due.payer} pays seat {due.receiver} {due.count} card(s)"
            + (", returned (还贡)" if due.returned else "") for due in dues] or ["no tribute"]


def play_game(game: Game, me: int, bots: list[Agent], read: Callable[[str], str], write: Callable[[str], None],
              rng: random.Random) -> bool:
    """Run ``game`` with a human at seat ``me``; False if the human quit."""
    shown = 0
    while not game.over:
        for event in game.log[shown:]:
            if (event.action is not None or event.notes) and (not event.private or event.seat == me):
                write(event_text(event, me))
        shown = len(game.log)
        if game.turn != me:
            game.apply(bots[game.turn].act(game.view(), rng))
            continue
        write(render(game, me))
        command = parse(read(f"seat {me}, {game.decision}> "), game)
        if command == "quit":
            return False
        if command == "help":
            write(HELP)
            continue
        if command in ("hint", "auto"):
            suggestion = bots[me].act(game.view(), rng)
            write(f"hint: {describe(suggestion)}")
            if command == "hint":
                continue
            command = suggestion
        if isinstance(command, str):
            write(command)
            continue
        try:
            game.apply(command)
        except IllegalAction as error:
            verdict = error.verdict
            write(f"illegal: {verdict.en}\n  {verdict.zh}\n  (rule {verdict.rule})")
    for event in game.log[shown:]:
        if (event.action is not None or event.notes) and (not event.private or event.seat == me):
            write(event_text(event, me))
    return True
