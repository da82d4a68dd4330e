"""Read-only accessors of a game's state, its repr and str: the root of :class:`~gouji_variants.engine.game.Game`'s
class chain (``GameViews`` → :class:`~.phases.Phases` → ``Game``, native classes under the compiled core)."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from ..components import places
from ..components.burning import BurnRecord
from ..components.registry import Components
from ..components.table import BURN, SLOT_NAMES, Table
from ..components.tribute import BurnDue, Due
from ..ruleset.cards import Cards
from ..ruleset.model import Ruleset
from ..ruleset.rules import Rules

SEATS: Final = 6


@mypyc_attr(allow_interpreted_subclasses=True)
class GameViews:
    """Properties over :attr:`state` (the game's :class:`Table`); every one returns a copy or an immutable value."""

    # The game's attributes are declared along the chain, each where it is first read; in slots, so
    # that in both engines a game has no __dict__ and a Python subclass's own attributes are its __dict__.
    __slots__ = ("state", "ruleset", "rules", "components", "seed", "over", "turn")

    state: Table
    ruleset: Ruleset
    rules: Rules
    components: Components
    seed: int

    #: mirrors of the table's stage and turn (read at every decision)
    over: bool
    turn: int  #: the seat to act (-1 once the game is over)

    @property
    def decision(self) -> str:
        """The kind of decision awaited from :attr:`turn`."""
        return "over" if self.over else SLOT_NAMES[self.state.kind]

    @property
    def places(self) -> list[int] | None:
        """Each seat's place (0 头科 … 5 大落) once the game is over, else None."""
        return self.state.final_places

    @property
    def score(self) -> tuple[int, int] | None:
        """Each team's recorded score once the game is over, else None."""
        return self.state.final_score

    @property
    def owed(self) -> list[Due]:
        """点贡, 闷贡 and 憋王贡 this finished game leaves for the next one."""
        return self.state.owed

    @property
    def stage(self) -> str:
        return self.state.stage

    @property
    def leader(self) -> int:
        """The seat that leads the first round (after a 革命 leader's hand-over)."""
        return self.state.leader

    @property
    def stats(self) -> dict[str, int]:
        """Rule statistics of this game (burns, 接风, forced passes, …)."""
        return self.state.stats

    @property
    def seat_stats(self) -> list[dict[str, int]]:
        """The statistics counted against a seat (闷, 诈烧, 开点 failures, 落四, 大小王不出手), by seat: each seat's
        share of :attr:`stats`."""
        counted: list[dict[str, int]] = [{} for _ in range(SEATS)]
        for seat, name in self.state.seat_counted:
            counted[seat][name] = counted[seat].get(name, 0) + 1
        return counted

    @property
    def burns(self) -> list[BurnRecord]:
        return self.state.burning.burns

    @property
    def table(self) -> Cards:
        """Every card played so far."""
        return Cards.unchecked(tuple(self.state.played_cards))

    @property
    def removed(self) -> Cards:
        """Cards taken out by 会3."""
        return Cards.unchecked(tuple(self.state.removed))

    @property
    def top(self) -> tuple[int, Cards] | None:
        table = self.state
        return None if table.top is None else (table.top_seat, table.top.cards)

    @property
    def in_play(self) -> tuple[bool, ...]:
        return tuple(self.state.in_play)

    @property
    def finished(self) -> tuple[int, ...]:
        return tuple(self.state.finished)

    @property
    def revolutionaries(self) -> tuple[int, ...]:
        return tuple(self.state.revolutionaries)

    @property
    def zhashao(self) -> tuple[int, ...]:
        """Seats that 诈烧'd, in order."""
        return tuple(b.burner for b in self.state.burning.burns if b.outcome == "诈烧")

    @property
    def luanchan(self) -> bool:
        return self.state.turns.luanchan

    @property
    def stifled(self) -> tuple[int, ...]:
        """Seats stifled (闷) under 憋3, in order."""
        return tuple(self.state.men)

    @property
    def opened(self) -> tuple[bool, ...]:
        """Which seats have 开点 (打点); final once the game is over."""
        return tuple(self.state.kaidian.opened)

    @property
    def declared(self) -> tuple[str | None, ...]:
        """Each seat's 宣点: 'mingdian', 'yudian' or None."""
        return tuple(self.state.kaidian.declared)

    @property
    def told(self) -> tuple[int | None, ...]:
        """Each seat's hand count as last told on asking (报牌 'when-asked'), None if never."""
        return tuple(self.state.reporting.told)

    @property
    def burner(self) -> int | None:
        return self.state.burning.burner

    @property
    def deck_total(self) -> Cards:
        """The cards of the current deal (for conservation checks)."""
        return Cards.unchecked(tuple(self.state.total))

    def hand(self, seat: int) -> Cards:
        return Cards.unchecked(tuple(self.state.hands[seat]))

    def may_answer(self) -> tuple[int, ...]:
        """Seats the rules allow to beat the top play (by seat, not by cards held)."""
        if self.state.top is None or self.over:
            return ()
        return tuple(seat for kind, seat in self.state.slots if kind != BURN)

    def place_names(self) -> list[str] | None:
        return None if self.places is None else places.names(self.places)

    def successful_burns(self) -> tuple[BurnDue, ...]:
        return self.state.burning.successful()

    def next_dues(self) -> list[Due]:
        """The tribute the next game pays after this finished one, in the ruleset's order."""
        assert self.places is not None
        return self.components.tribute.dues(self.rules.tribute, self.places, self.successful_burns(), self.owed)

    def __repr__(self) -> str:
        where = "over: " + " ".join(self.place_names() or []) if self.over else \
            f"{self.state.stage}, seat {self.turn} to {self.decision}"
        return f"<Game {self.ruleset.id} seed={self.seed} {where}>"

    def __str__(self) -> str:
        """The table as text: each hand, the top play and who is to act."""
        table = self.state
        lines = [repr(self)]
        for seat in range(SEATS):
            state = "out" if seat in table.finished else "in play" if table.in_play[seat] else "ranked"
            lines.append(f"  seat {seat} ({state}, {sum(table.hands[seat])}): {self.hand(seat) or '-'}")
        if table.top is not None:
            lines.append(f"  top: {table.top.cards} by seat {table.top_seat}")
        return "\n".join(lines)
