"""Read-only views of a game's state (a mixin of :class:`~gouji_variants.engine.game.Game`)."""

from __future__ import annotations

from ..cards import Cards
from ..components.burning import BurnRecord
from ..components.table import Table


class GameViews:
    """Properties over :attr:`state` (the game's :class:`Table`); every one returns a copy or an immutable value."""

    state: Table

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
    def burns(self) -> list[BurnRecord]:
        return self.state.burning.burns

    @property
    def table(self) -> Cards:
        """Every card played so far."""
        return Cards(tuple(self.state.played_cards))

    @property
    def removed(self) -> Cards:
        """Cards taken out by 会3."""
        return Cards(tuple(self.state.removed))

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
        return Cards(tuple(self.state.total))
