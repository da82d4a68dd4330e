"""The combination-level referee behind ``gouji judge``: a stable contract for tools."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..components import registry
from ..components.gouji import is_pure_gouji
from ..components.plays import Combo, Verdict, forbids
from ..ruleset.cards import RANK_NAMES_EN, RANK_NAMES_ZH, Cards
from ..ruleset.model import Ruleset
from . import explain


@dataclass(frozen=True)
class Judgement:
    ruleset: Ruleset
    play: Cards
    on: Cards | None
    valid: bool
    gouji: bool
    pure_gouji: bool
    beats: bool | None
    verdict: Verdict
    #: penalties.forfeits this play meets ('4 with 2 or joker -> 不开点'), as ``penalties.forfeits[i]: text``
    forfeits: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.valid and self.beats is not False

    def to_json(self) -> dict[str, Any]:
        """The contract; ``forfeits`` is present only when the play meets one."""
        data = {
            "ruleset": self.ruleset.id,
            "fingerprint": self.ruleset.fingerprint,
            "play": str(self.play),
            "on": None if self.on is None else str(self.on),
            "valid": self.valid,
            "gouji": self.gouji,
            "pure_gouji": self.pure_gouji,
            "beats": self.beats,
            "rule": self.verdict.rule,
            "reason": {"zh": self.verdict.zh, "en": self.verdict.en},
        }
        return data | ({"forfeits": list(self.forfeits)} if self.forfeits else {})


class BadPrevious(ValueError):
    """The play to answer is itself not a legal combination."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(verdict.en)


def beyond_deck(cards: Cards, ruleset: Ruleset) -> Verdict | None:
    """Why ``cards`` cannot come from the ruleset's deck (more of a rank than its recipe makes), or None."""
    recipe = ruleset.rules.deck.recipe
    held = recipe.cards()
    rank = next((r for r, count in enumerate(cards.counts) if count > held[r]), None)
    if rank is None:
        return None
    return Verdict(False, "deck.recipe",
                   f"牌组「{recipe}」只有 {held[rank]} 张{RANK_NAMES_ZH[rank]}，这手牌有 {cards[rank]} 张",
                   f"the deck '{recipe}' holds {held[rank]} of {RANK_NAMES_EN[rank]}, the play has {cards[rank]}")


def judge(ruleset: Ruleset, play: Cards, on: Cards | None = None) -> Judgement:
    """``play`` (on ``on``) under ``ruleset``, asking its components (a replaced ``plays`` or ``gouji`` area's)."""
    rules = ruleset.rules
    components = registry.resolve(ruleset.components)
    classify, beats = components.plays.classify, components.plays.beats
    previous: Combo | None = None
    if on is not None:
        found = beyond_deck(on, ruleset) or classify(on, rules.plays, rules.bie3)
        if isinstance(found, Verdict):
            raise BadPrevious(found)
        previous = found
    result = beyond_deck(play, ruleset) or classify(play, rules.plays, rules.bie3)
    if isinstance(result, Verdict):
        return Judgement(ruleset, play, on, False, False, False, None if on is None else False, result)
    gouji = components.gouji.is_gouji(result, rules.gouji)
    pure = is_pure_gouji(result, rules.gouji)
    forfeits = tuple(f"penalties.forfeits[{index}]: {forfeit}" for index, forfeit in enumerate(rules.penalties.forfeits)
                     if forfeit.matches_play(result.base, result.cards.counts))
    forbidden = forbids(rules.plays, result, None, previous)  # the hand unknown: 'part of' is not judged
    if previous is not None:
        verdict = beats(result, previous, rules.plays)
        verdict = forbidden if verdict.ok and forbidden is not None else verdict
        return Judgement(ruleset, play, on, True, gouji, pure, verdict.ok, verdict, forfeits)
    if forbidden is not None:
        return Judgement(ruleset, play, on, False, gouji, pure, None, forbidden, forfeits)
    return Judgement(ruleset, play, on, True, gouji, pure, None, _classification(result, gouji, pure, ruleset),
                     forfeits)


def _classification(play: Combo, gouji: bool, pure: bool, ruleset: Ruleset) -> Verdict:
    if not gouji:
        return Verdict(True, "gouji.thresholds", "合法的牌，不是够级牌", "a legal play, not 够级")
    if play.has_jokers:
        return Verdict(True, "gouji.joker_plays", "挂花的牌为够级牌", "a play carrying a joker is 够级")
    kind_zh, kind_en = ("纯够级牌", "pure 够级 (no 2s or jokers)") if pure else ("够级牌（贴钱）", "够级 (with 2s)")
    return Verdict(True, "gouji.thresholds", f"{kind_zh}：达到「{ruleset.rules.gouji.thresholds}」",
                   f"{kind_en}: meets '{ruleset.rules.gouji.thresholds}'")


@dataclass(frozen=True)
class RuleLine:
    """One rule ``gouji judge --explain`` lists: its id (``plays.kills[0]``), its text, what it says."""

    rule: str
    text: str
    zh: str
    en: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text, "zh": self.zh, "en": self.en}


def rule_lines(ruleset: Ruleset) -> list[RuleLine]:
    """What beats what and what may not be played under ``ruleset``: ``plays.kill_cover``, each kill rule
    (a composed verdict names several: ``plays.kills[0+1]``) and each ``plays.forbidden`` entry."""
    plays = ruleset.rules.plays
    lines = [RuleLine("plays.kill_cover", plays.kill_cover,
                      *(explain.phrase("plays.kill_cover", plays.kill_cover, lang) for lang in ("zh", "en")))]
    lines += [RuleLine(f"plays.kills[{index}]", str(kill), zh, en[:1].upper() + en[1:])
              for index, kill in enumerate(plays.kills) for zh, en in [explain.kill_text(kill)]]
    if not plays.kills:
        lines.append(RuleLine("plays.kills", "[]", *(explain.phrase("plays.kills", (), lang) for lang in ("zh", "en"))))
    lines += [RuleLine(f"plays.forbidden[{index}]", str(forbid), zh, en[:1].upper() + en[1:])
              for index, forbid in enumerate(plays.forbidden) for zh, en in [explain.forbid_text(forbid)]]
    return lines
