"""The rule areas of 够级, one frozen dataclass per area.

Each section here is also a section of the ruleset YAML, of the JSON Schema
(generated from these classes by :mod:`gouji_variants.ruleset.schema`) and the name of
the engine component that honours it. Field metadata holds the bilingual
description and the catalogue reference; defaults live in ``rulesets/dagang.yaml``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from . import expressions
from .expressions import BuyOrder, DeckRecipe, Forbid, Forfeit, HandRule, KillRule, Thresholds, TributeOrder

#: ``neutral`` of a field that every ruleset format has had.
ALWAYS: Any = object()


@dataclass(frozen=True)
class Needs:
    """What a rule needs to mean anything: another rule (``section.key``) at one of ``values``, or
    anything but ``unless``, or (a list or a tribute order) holding one of ``contains``. At ``idle``
    the rule does nothing anyway; at any other value while the need is unmet, the compiler refuses
    it (a setting that would silently do nothing), or with ``warn`` only warns. Without ``idle`` the
    rule card notes it is not in play, and the compiler warns of a file that sets it while the need
    is unmet."""

    key: str
    values: tuple[Any, ...] = (True,)
    unless: tuple[Any, ...] = ()
    idle: Any = ALWAYS  # ALWAYS: no idle value (the rule card only notes it is not in play)
    contains: tuple[str, ...] = ()  # e.g. ("shao",) of tribute.order: 烧贡 is paid only when 烧 is in the order
    warn: bool = False

    def met(self, value: Any) -> bool:
        if self.contains:
            return any(item in value for item in self.contains)
        return value not in self.unless if self.unless else value in self.values

    def __str__(self) -> str:
        if self.contains:
            return f"{self.key} containing {' or '.join(self.contains)}"
        if self.unless:
            return f"{self.key} set"
        return f"{self.key}: {' or '.join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.values)}"


@dataclass(frozen=True)
class Domain:
    """The whole numbers a rule (or each number of a list rule) may be: ``low`` to ``high``; a count of
    cards (``per_hand``) is also at most what one hand of the ruleset's deck holds, which the compiler
    checks once the deck is known. The schema, the compiler, the form and the rule card read it here."""

    low: int
    high: int
    per_hand: bool = False

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


#: The most cards a hand can hold: the largest deal a deck recipe may make, among six.
MAX_HAND = expressions.MAX_CARDS // expressions.PLAYERS
#: A count of cards paid, eaten or left in a hand: none up to a whole hand.
CARDS = Domain(0, MAX_HAND, per_hand=True)
#: A count of plays a seat makes, e.g. 够死级 plays: each takes a card of the hand.
PLAYS = Domain(0, MAX_HAND, per_hand=True)
#: A count of cards of at least one (憋王贡: paid only if some are).
SOME_CARDS = Domain(1, MAX_HAND, per_hand=True)
#: A count of cards in a hand at or below which something holds: at a whole hand or more, always.
THRESHOLD = Domain(0, MAX_HAND)
#: A count of seats, one to all six.
SEATS = Domain(1, expressions.PLAYERS)
#: The points a place scores in one game, either way.
POINTS = Domain(-1000, 1000)


def rule(zh: str, en: str, *, domain: Domain | None = None, length: int | None = None, ordered: bool = False,
         neutral: Any = ALWAYS, since: int = 1, values_since: dict[str, int] | None = None,
         spellings: dict[Any, Any] | None = None, gate: bool = False,
         needs: Needs | tuple[Needs, ...] = ()) -> Any:
    """A rule field: its bilingual description, the :class:`Domain` of a number (or of each number of a
    list), a length for lists, and for lists of options whether their order means something (else they
    are sets).

    A key added after the first ruleset format names its ``neutral`` value: the plain (YAML)
    value that keeps the behaviour rulesets had before the key existed. At that value the key
    is left out of the fingerprint, so a ruleset that does not use it keeps its fingerprint.
    It also says the ruleset format that added it (``since``), and a value added to an older key
    names its format in ``values_since``: a file using it without saying a format that new is
    told so (:func:`gouji_variants.ruleset.versions.format_problems`).

    A key whose type grew (e.g. from a boolean to a list) names its older ``spellings``: each
    maps an old plain value to the new value it means. The compiler writes such a value in
    its old spelling, so a file that says the same thing either way keeps its fingerprint.

    The area's switch is its ``gate`` (every other key of the area means nothing while it is off);
    a key that means something only beside other rules says what it ``needs`` (one :class:`Needs` or several,
    all of which must hold).
    The rule card, the diff and the compiler's checks read both from here."""
    return dataclasses.field(
        metadata={"zh": zh, "en": en, "domain": domain, "length": length, "ordered": ordered,
                  "neutral": neutral, "since": since, "values_since": values_since or {},
                  "spellings": spellings or {}, "gate": gate,
                  "needs": needs if isinstance(needs, tuple) else (needs,)}
    )


PlaceName = Literal["头科", "二科", "三科", "四科", "二落", "大落"]
PLACE_NAMES: tuple[PlaceName, ...] = ("头科", "二科", "三科", "四科", "二落", "大落")
#: The places won by going out while others still play (whose 底牌 may leave a 够死级).
KePlace = Literal["头科", "二科", "三科", "四科"]
#: ``turns.gousiji`` true: 头科's and 二科's 对头 (001:30).
GOUSIJI_DAGANG: tuple[KePlace, ...] = ("头科", "二科")


@dataclass(frozen=True, slots=True)
class Stakes:
    """Tribute cards won and lost on a 开点 declaration."""

    win: int = rule("宣点成功吃对头的点贡张数", "cards the declarer eats when the 对头 did not open", domain=CARDS)
    lose: int = rule("翻车时向对头进的点贡张数", "cards the declarer pays when the 对头 opened (翻车)", domain=CARDS)


@dataclass(frozen=True, slots=True)
class Outcomes:
    """点贡 each side pays, as ``[first, second]``, for each opening outcome."""

    only_first_opened: tuple[int, ...] = rule("仅前者开点", "only the first opened", domain=CARDS, length=2)
    neither_opened: tuple[int, ...] = rule("双方都没开点", "neither opened", domain=CARDS, length=2)
    both_opened: tuple[int, ...] = rule("双方都开点", "both opened", domain=CARDS, length=2)
    only_second_opened: tuple[int, ...] = rule("仅后者开点", "only the second opened", domain=CARDS, length=2)


@dataclass(frozen=True, slots=True)
class XuandianTable:
    """The 宣点 table: 点贡 by who declared and who opened (000:153-166)."""

    both_declared: Outcomes = rule("双方都宣点", "both declared")
    neither_declared: Outcomes = rule("双方都不宣点", "neither declared")
    one_declared: Outcomes = rule("一方宣点（前者为宣点者）", "one declared (the first is the declarer)")


@dataclass(frozen=True, slots=True)
class Deck:
    """§1 Table and deck."""

    recipe: DeckRecipe = rule(
        "牌组配方：几副54张的牌，再调整单个点数（须能被6人均分）",
        "deck recipe: how many 54-card decks, then adjustments to single ranks (must divide by 6)",
    )
    each_hand: HandRule | None = rule(
        "每手牌须有的牌：如「exactly 1 of 3, exactly 1 of 4」每人一张3、一张4（单张三、单张四、济宁），先发这些，"
        "其余随机；null 为全部随机发",
        "what every hand is dealt, e.g. 'exactly 1 of 3, exactly 1 of 4' (单张三, 单张四, 济宁): these first, the "
        "rest at random; null for a plain random deal",
        since=2, neutral=None,
    )


@dataclass(frozen=True, slots=True)
class Plays:
    """§2 Ranks, plays and joker kill rules."""

    attach_twos: bool = rule(
        "贴钱：2可随同任何牌打出，视为该牌中的普通一员（000:120）",
        "贴钱: 2s may be added to a play of another rank and count as that rank (000:120)",
    )
    attach_jokers: bool = rule(
        "挂花：大王、小王可随同任何牌打出（第八条(三)）",
        "挂花: jokers may be added to a play of any rank (第八条(三))",
    )
    mix_jokers: bool = rule(
        "大王与小王可在同一手牌中混出（002）",
        "a big and a small joker may go in the same play (002)",
    )
    jokers_with_threes: bool = rule(
        "王可挂3（002「除三外」的另一种读法为否）",
        "jokers may be attached to 3s (002 says 'except 3s' yet beats 小虎+3: the reading is named here)",
        needs=(Needs("plays.attach_jokers"), Needs("bie3.enabled", (False,), idle=False, warn=True)),
    )
    kills: tuple[KillRule, ...] = rule(
        "打王规则：哪些牌能灭带王的牌；无规则可灭的大王牌为死牌",
        "joker kill rules: which plays beat a play carrying jokers; a 大王 play no rule covers is dead",
    )
    kill_cover: Literal["highest", "each", "each-joker"] = rule(
        "打王时哪些王须被抵：highest 只看所灭的牌中最大的王，按其规则抵这一种王，较小的王当普通牌计数；"
        "each 每种王都须按其种类的规则抵，多条规则可在一手中组合（如小王用一张大王抵、大王用两张大王抵），"
        "同种的王用同一条规则；"
        "each-joker 每张王都须按其种类的规则抵，同种的王也可分用几条规则（如一张大王用王中王抵，另一张用两张大王抵）",
        "which jokers a kill must cover: 'highest' a rule about the play's highest joker covers that kind, "
        "lower jokers counting as plain cards; 'each' every kind of joker it holds is covered by a rule for "
        "that kind, several rules composing in one answer (a 小王 by one 大王 and a 大王 by two, say), the jokers "
        "of one kind by one rule; 'each-joker' every joker is covered by a rule for its kind, the jokers of one "
        "kind shared among several rules (one 大王 by a 王中王, another by two 大王)",
        since=3, neutral="highest", values_since={"each-joker": 4},
    )
    forbidden: tuple[Forbid, ...] = rule(
        "不许出的牌：如「4 with 2 or joker」4不带2或王，「part of 4」4须一起出，「not jokers alone on jokers alone」"
        "只有王的牌只能用只有王的牌来灭，「any on any with W」带王中王的牌不可灭",
        "combinations or answers the table does not allow: e.g. '4 with 2 or joker' (4s never with 2s or jokers), "
        "'part of 4' (4s all together), 'not jokers alone on jokers alone' (jokers alone are answered by jokers "
        "alone only), 'any on any with W' (a play carrying a 王中王 cannot be beaten)",
        since=3, neutral=[],
    )


@dataclass(frozen=True, slots=True)
class Gouji:
    """§3 够级牌: plays that only the 对头 may answer."""

    thresholds: Thresholds = rule(
        "法定最低够级牌（张数更多或点数更高亦为够级）",
        "the smallest 够级 plays; more cards or a higher rank are 够级 too",
    )
    joker_plays: Literal["gouji", "big-joker-open"] = rule(
        "挂王的牌：gouji 均为够级；big-joker-open 带大王的牌不是够级，谁都可灭（003）",
        "plays with jokers: 'gouji' all are 够级; 'big-joker-open' plays with 大王 are not 够级, "
        "anyone may beat them (003)",
    )


_LUANCHAN = Needs("turns.luanchan", ("after-second-out",))


@dataclass(frozen=True, slots=True)
class Turns:
    """§4 Turn order, passing, yielding, 接风, 够死级, 无头, 四人乱缠."""

    pass_locks_out: bool = rule(
        "过牌后本轮不得再出，除非回应对头的牌（001 Q&A 5）",
        "a player who passes may not play again this round, except to answer their 对头 (001 Q&A 5)",
    )
    passed_answers_duitou: bool = rule(
        "过牌者本轮仍可上对头的牌（001:20「除对头牌外」）；false：过牌后无权再出牌，连对头的牌也不能上（济宁 001:46）",
        "a player who passed may still answer their 对头's play that round (001:20 'except the 对头's'); "
        "false: after passing, no play at all that round, not even on the 对头's (济宁 001:46)",
        since=2, neutral=True,
        needs=Needs("turns.pass_locks_out", idle=True),
    )
    allow_yield: bool = rule(
        "让牌：上两家过牌后可让下两家先上（001 Q&A 6）",
        "让牌: after the two players before you pass on your 对头's play, you may yield to the next two (001 Q&A 6)",
    )
    jiefeng: Literal["next-player", "on-request"] = rule(
        "接风：next-player 底牌无人灭时下家发牌；on-request 下家也可申请接风而不上牌（001 Q&A 13）",
        "接风: 'next-player' the next player leads after a last play stands; 'on-request' they may also "
        "ask to lead instead of beating it (001 Q&A 13)",
    )
    gousiji: bool | tuple[KePlace, ...] = rule(
        "够死级：哪些名次的底牌，其对头有一次无对头够级机会；true 为头科、二科（001:30），false 为不打，"
        "或列出名次如 [头科]（后水湾 002）",
        "够死级: after the last play of which places their 对头 gets one unanswerable 够级 chance; true is "
        "头科 and 二科 (001:30), false none, or list the places, e.g. [头科] (后水湾 002)",
        spellings={True: GOUSIJI_DAGANG, False: ()},
    )
    wutou: bool = rule(
        "无头：头科产生后其对头的牌谁都可灭，其亦可灭任何人（001 Q&A 11）",
        "无头: once 头科 is out, anyone may beat their 对头's plays and the 对头 may beat anyone's (001 Q&A 11)",
    )
    luanchan: Literal["after-second-out", "never"] = rule(
        "四人乱缠：头科、二科产生后其余四人按顺序出牌，无够级、烧牌、让牌，过牌后仍可上（000:115）",
        "四人乱缠: after 头科 and 二科 the four left play plain rounds: no 够级, burning or yielding, and "
        "passing does not lock out (000:115)",
    )
    luanchan_with_revolution: bool = rule(
        "有人革命时，头科产生即进入四人乱缠（000:125）",
        "with a revolutionary sitting out, 四人乱缠 starts once 头科 is out (000:125)",
        needs=(Needs("revolution.enabled"), _LUANCHAN),
    )
    luanchan_cut_in: bool = rule(
        "四人乱弹时联邦可抢垫（后水湾，002）",
        "in 四人乱缠 team-mates may cut in (抢垫, 后水湾 002)",
        needs=_LUANCHAN,
    )


@dataclass(frozen=True, slots=True)
class Reporting:
    """§4 报牌 and 看牌: what others learn about a hand."""

    public_at_most: int | None = rule(
        "报牌：手中牌不多于此数时张数公开；null 为不报牌（第十四条；憋3不报）",
        "报牌: a hand count at or below this is public; null for never (第十四条; 憋3 none)",
        domain=THRESHOLD,
    )
    report_counts: Literal["shown", "when-asked"] = rule(
        "报牌是义务还是问时才报：shown 张数须让全桌知道（001:25「应显示给其他玩家」，聊城「要报张数」）；"
        "when-asked 持牌人有权不主动报户，有人询问（ask）时才如实报明，出牌后须再问（第十四条 000:48）",
        "报牌 a duty or on request: 'shown' the count must be known to the table (001:25 'shown to the other "
        "players', 聊城 要报张数); 'when-asked' the holder need not volunteer it and tells it truly when someone "
        "asks (ask), to be asked again after the hand plays (article 14, 000:48)",
        since=2, neutral="shown",
        needs=Needs("reporting.public_at_most", unless=(None,), idle="shown"),
    )
    teammate_view_at_most: int | None = rule(
        "看牌：手中牌不多于此数时联邦可看并提示；null 为不可（青岛、阵营战）",
        "看牌: team-mates may see (and hint) a hand at or below this count; null for never (青岛, 阵营战)",
        domain=THRESHOLD,
    )
    tiaopai: bool = rule(
        "挑牌：自认可一次发尽者可亮牌由本方定出牌顺序（第十五条）",
        "挑牌: a player who can go out in one turn may show the hand for team-mates to order (第十五条)",
    )


@dataclass(frozen=True, slots=True)
class Burning:
    """§5 烧牌."""

    enabled: bool = rule("是否可以烧牌", "whether burning (烧牌) is played", gate=True)
    conditions: tuple[Literal["joker-every-play", "one-rank-left"], ...] = rule(
        "烧牌条件（满足其一）：此后每手挂王；或灭牌后只剩一种点数（000:131-132）",
        "burn conditions, any one suffices: every later play carries a joker; or one rank is left (000:131-132)",
    )
    last_play_exempt: bool = rule(
        "最后一手可不挂王（000:131；002「直至最后一次发牌」为否）",
        "the burner's last play need not carry a joker (000:131; 002 reads 'up to the last play': false)",
        needs=Needs("burning.conditions", contains=("joker-every-play",)),
    )
    team_priority: Literal["gouji-team-first", "play-order"] = rule(
        "多人欲烧：gouji-team-first 发够级者的联邦优先，同方按出牌顺序（000:133）",
        "several burners: 'gouji-team-first' the 够级 player's team first, then play order (000:133)",
    )
    passed_may_burn: bool = rule("过牌后可烧牌（000:139 为否）", "a player who passed may burn (000:139: no)")
    teammate_may_be_burned: bool = rule("可烧联邦（000:139）", "a team-mate's 够级 play may be burned (000:139)")
    counter_burn: bool = rule(
        "反烧：非对门者灭烧牌即接过烧牌（000:135）",
        "反烧: anyone but the burner's 对头 who beats a burn play takes the burn over (000:135)",
    )
    survives_beat_back: bool = rule(
        "对家打烧牌者后，烧牌者压回并走完仍算成功（菏泽单县）",
        "the burn still succeeds if the burner beats the 对头's answer back and runs out (菏泽单县)",
    )


def _paid(kind: str) -> tuple[Needs, ...]:
    """What a tribute amount needs to be paid: tribute, with ``kind`` in its order."""
    return Needs("tribute.enabled"), Needs("tribute.order", contains=(kind,))


@dataclass(frozen=True, slots=True)
class Kaidian:
    """§6 开点 / 打点 and the declarations 明点 / 预点."""

    enabled: bool = rule("打点：未开点者进点贡（第二十四条）", "打点: a player who did not open pays 点贡 (第二十四条)",
                         gate=True)
    opens_with: tuple[Literal["pure", "twos", "pair-of-twos", "small-joker", "big-joker"], ...] = rule(
        "哪些活了的够级牌算开点：纯够级、带2、两张2、带小王、带大王",
        "which 够级 plays open when they live: pure, with 2s, a pair of 2s, with 小王, with 大王",
    )
    answering: Literal["any", "not-on-gouji", "leads-only", "answers-only"] = rule(
        "压牌与发牌是否开点：any 均可；not-on-gouji 压在够级牌上的不开点（济宁）；leads-only 仅主动发出的；"
        "answers-only 仅压牌（主动发出的够级不开点，菏泽单县）",
        "which 够级 plays open by how they were made: 'any'; 'not-on-gouji' not one made on a 够级 play (济宁); "
        "'leads-only' only led plays; 'answers-only' only plays made on another's play (菏泽单县)",
        values_since={"answers-only": 2},
    )
    then_four: bool = rule(
        "纯够级站住后下一手须打4才算开点（000:127，济宁）",
        "after the 够级 lives, the next lead must be a 4 to open (000:127, 济宁)",
    )
    fours_after_open: bool = rule(
        "落四/开点冲四：开点后才可出4（002，003）",
        "落四 / 开点冲四: 4s may be played only after opening (002, 003)",
    )
    deadline: Literal["dagang", "first-out"] = rule(
        "期限：dagang 头科对头须在头科前、余者在二科前开点；first-out 均在头科前（后水湾）",
        "deadline: 'dagang' 头科's 对头 before 头科 goes out, others before 二科; 'first-out' all before 头科 (后水湾)",
    )
    penalty: int = rule("不开点者向对头进的点贡张数", "点贡 cards a player who did not open pays the 对头",
                        domain=CARDS,
                        needs=(Needs("kaidian.xuandian_table", (None,)), *_paid("dian")))
    mingdian: Stakes | None = rule(
        "明点（进贡后首发前宣布对头不开点）的输赢张数；null 为不可明点",
        "明点 (declared after tribute, before the first play): cards won / lost; null if not allowed",
    )
    yudian: Stakes | None = rule(
        "预点/暗点/太空（开牌前宣布）的输赢张数；null 为不可预点",
        "预点 / 暗点 / 太空 (declared before dealing): cards won / lost; null if not allowed",
    )
    xuandian_table: XuandianTable | None = rule(
        "宣点表：按谁宣点、谁开点定点贡（000:153-166）；null 则用明点/预点的输赢张数",
        "宣点 table: 点贡 by who declared and who opened (000:153-166); null to use the 明点/预点 stakes",
    )
    revolution_opens: bool = rule(
        "革命者自动算开点（第二十四条末）", "a revolutionary counts as opened (end of 第二十四条)",
        needs=Needs("revolution.enabled"),
    )
    revolution_duitou_gousiji: int = rule(
        "革命者的对头须在二科前够死级几把方算开点",
        "how many 够死级 plays the revolutionary's 对头 needs before 二科 to count as opened",
        domain=PLAYS,
        needs=Needs("revolution.enabled"),
    )


#: What a rule of how 3s are bought needs: buying (a buy order that is not ``none``).
_BUYING = Needs("bie3.buy_from", unless=(BuyOrder(()),))


@dataclass(frozen=True, slots=True)
class Bie3:
    """§7 憋3 / 冲三 and 买3."""

    enabled: bool = rule(
        "憋3：每人最后一手须是3，3不拆不贴不挂（第二十六条）",
        "憋3: everyone's last play must be 3s, played all together, never with 2s or jokers (第二十六条)",
        gate=True,
    )
    buy_fours: bool = rule("同样须有4，缺者买4（济宁，开点冲四）", "4s are bought like 3s (济宁, 开点冲四)")
    buy_from: BuyOrder = rule(
        "买3的来源，依次：如「对门」（003:50 向对门换取）、「对门 > 上下家」（即 duitou-then-team，第二十六条）、"
        "「对门 > 联邦赠 > 上下家」（济宁：联邦优先赠卖），或逐个座位「对门 > 上家 > 下家」；赠 为白给；none 为不买",
        "whom a seat without a 3 asks, in order: e.g. '对门' (003:50), '对门 > 上下家' (= duitou-then-team, "
        "article 26), '对门 > 联邦赠 > 上下家' (济宁: team-mates give first), or seat by seat '对门 > 上家 > 下家'; "
        "赠 gives unpaid; 'none' for no buying",
    )
    pay_with: tuple[Literal["twos", "small-joker", "big-joker", "top-joker"], ...] = rule(
        "买3（买4）用什么付，依次用手中第一种有的：twos 钱（2）、small-joker 小王、big-joker 大王、top-joker 王中王"
        "（第二十六条「用钱(无钱时用大,小花)」）；不列出的牌从不用来付，如不列 top-joker 则王中王不付",
        "what pays for a bought 3 (or 4), the first kind held paying: 'twos' (钱), 'small-joker' (小王), "
        "'big-joker' (大王), 'top-joker' (王中王) (article 26: 'with a 2, else a joker'); a kind not listed never "
        "pays (leave out top-joker and a 王中王 never does)",
        ordered=True, since=3, neutral=["twos", "small-joker", "big-joker", "top-joker"],
        needs=_BUYING,
    )
    nothing_to_pay: Literal["goes-without", "free"] = rule(
        "买不起（手中没有可付的牌）时：goes-without 买不到，照常出牌；free 照样得到那张3（4），不付",
        "a buyer holding nothing that pays: 'goes-without' gets no card and plays on without one; 'free' gets "
        "the card all the same, unpaid",
        since=3, neutral="goes-without",
        needs=_BUYING,
    )
    buyers_served: Literal["in-turn", "source-by-source"] = rule(
        "几人都要买时的先后：in-turn 从首发牌人起逐个买，每人依次问遍来源；source-by-source 先人人问第一个来源"
        "（从首发牌人起），未买到者再问下一个来源，依此类推（对门先卖给自己的对头）",
        "the order several buyers are served in: 'in-turn' one buyer after another from the leader, each asking "
        "down its sources; 'source-by-source' every buyer (from the leader on) asks its first source, then those "
        "still without ask their next, and so on (a 对门 serves its own 对头 first)",
        since=3, neutral="in-turn",
        needs=_BUYING,
    )
    buyers_order: Literal["from-leader", "by-seat"] = rule(
        "几人都要买时谁先：from-leader 从首发牌人起按出牌顺序；by-seat 按座位从0号座（首局的开牌人）起依次，不论谁首发",
        "which buyer is served first: 'from-leader' the leader, then on in play order; 'by-seat' seat 0 (the first "
        "game's 开牌人) and then seats 1 to 5, whoever leads",
        since=4, neutral="from-leader",
        needs=_BUYING,
    )
    men_places: tuple[PlaceName, ...] = rule(
        "被闷者依次的名次（000:141：大落、二落、四科）",
        "places given to stifled (闷) players in order (000:141: 大落, 二落, 四科)",
        ordered=True,
    )
    jokers_last_is_dalu: bool = rule(
        "大小王不出手：最后一手前只剩王者为大落（后水湾）",
        "大小王不出手: a player left with only jokers before the last play is 大落 (后水湾)",
    )


@dataclass(frozen=True, slots=True)
class Hui3Rules:
    """§8 会3 / 会4: the first player may have 3s and/or 4s taken out."""

    choices: tuple[Literal["3", "4", "both"], ...] = rule(
        "首发牌人可选的会法；空为不会3（第二十五条）",
        "what the first player may choose to take out; empty for none (第二十五条)",
    )


@dataclass(frozen=True, slots=True)
class RevolutionRules:
    """§9 革命 / 停牌."""

    enabled: bool = rule(
        "无2无王者可宣布革命，不参与本局（第二十三条）",
        "a player without 2s and jokers may declare 革命 and sit the game out (第二十三条)",
        gate=True,
    )
    automatic_without_threes: bool = rule(
        "无3也无2无王时自动革命（000:113）", "with no 3s either, 革命 is automatic (000:113)"
    )
    requires_no_threes: bool = rule(
        "革命还须无3（憋3，第二十六条(二)）", "革命 also needs no 3s (憋3, article 26 (2))"
    )
    void_at: int = rule(
        "几人革命则本局作废重发（000:113 为2；三十二张鬼为1）",
        "how many revolutionaries void the game (000:113: 2; 三十二张鬼: 1)",
        domain=SEATS,
    )


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """§10 Who leads the first and the later games."""

    first_game: Literal["draw", "liang3"] = rule(
        "首局：draw 抽牌数人定首发；liang3 亮两张同花色3上班、顶班（第六、七条）",
        "first game: 'draw' a drawn card counts out the leader; 'liang3' the first to show two same-suit 3s "
        "leads, more take over (第六、七条)",
    )
    later_games: Literal["dalu", "rotate", "draw"] = rule(
        "以后各局：dalu 上局大落首发；rotate 首发按反时针轮流；draw 开牌人按反时针轮流，每局仍抽牌数出首发"
        "（憋3，第二十六条(一)）",
        "later games: 'dalu' the last game's 大落 leads; 'rotate' the lead passes counter-clockwise; 'draw' the "
        "开牌人 passes counter-clockwise and draws a card to count out each game's leader (憋3, article 26 (1))",
        values_since={"draw": 2},
    )


@dataclass(frozen=True, slots=True)
class Places:
    """§11 Places and their overrides."""

    zhixi: bool = rule(
        "窒息：头科最后一手前一张未出者为大落（003）",
        "窒息: a player who played no card before 头科's last play is 大落 (003)",
    )
    revolution_place: Literal["third-or-fourth", "fourth"] = rule(
        "革命者名次：联邦得头科二科则三科否则四科；或一律四科（憋3）",
        "a revolutionary's place: 三科 if the team-mates take 头科 and 二科, else 四科; or always 四科 (憋3)",
        needs=Needs("revolution.enabled"),
    )


@dataclass(frozen=True, slots=True)
class Score:
    """§11 Score per game, by team."""

    points: tuple[int, ...] = rule(
        "头科至大落各自的分（第二十条）", "points for 头科 … 大落 (第二十条)", domain=POINTS, length=6
    )
    record: Literal["winner-difference", "both-teams"] = rule(
        "winner-difference 只记胜方差分；both-teams 两队各记己分",
        "'winner-difference' only the winning team records the difference; 'both-teams' each records its own",
    )
    manguan: Literal["none", "one-run", "top-three"] = rule(
        "满贯加倍：one-run 首发一口气走完无人出牌；top-three 一方包揽前三（003）",
        "满贯 doubles the score: 'one-run' the leader goes out with nobody playing; 'top-three' one team "
        "takes places 1-3 (003)",
    )
    manguan_others_as: PlaceName | None = rule(
        "one-run 满贯时其余五人按此名次计分（003:28「五个大落一个头科」为大落）；null 按头科之后的出牌顺序的名次计分",
        "in a one-run 满贯 the other five score as this place (003:28 'five 大落 and one 头科': 大落); null: "
        "as the places they are ranked in, in play order after 头科",
        since=2, neutral=None,
        needs=Needs("score.manguan", ("one-run",), idle=None),
    )


@dataclass(frozen=True, slots=True)
class Tribute:
    """§12 Tribute and return between games."""

    enabled: bool = rule("进贡（第二十一条）", "tribute between games (第二十一条)", gate=True)
    order: TributeOrder = rule(
        "进贡的种类与先后；只可列出本规则有的种类", "tribute kinds paid, first to last"
    )
    luo_cards: tuple[int, ...] = rule(
        "落贡：大落向头科、二落向二科进的张数", "落贡: cards 大落 pays 头科 and 二落 pays 二科", domain=CARDS, length=2,
        needs=Needs("tribute.order", contains=("luo",)),
    )
    returned: bool = rule("还贡：吃落贡者还等量的牌", "还贡: receivers of 落贡 return as many cards",
                          needs=Needs("tribute.order", contains=("luo", "qing")))
    waive_within_team: bool = rule(
        "联邦内可免落贡（第二十一条(五)）", "落贡 within one team may be waived (第二十一条(五))",
        needs=Needs("tribute.order", contains=("luo",)),
    )
    chuansanhu: Literal["redeal", "one-to-duitou"] = rule(
        "串三户：redeal 重新开牌；one-to-duitou 被串方各向对头进1张",
        "串三户: 'redeal'; or 'one-to-duitou' each swept player pays the 对头 one card",
    )
    shao_cards: int = rule("烧贡张数（反烧翻倍）", "烧贡 cards paid by the burned player (doubled for 反烧)",
                           domain=CARDS,
                           needs=(Needs("burning.enabled"), Needs("tribute.order", contains=("shao",))))
    men_cards: int = rule("闷贡张数", "闷贡 cards paid by a stifled player", domain=CARDS,
                          needs=(Needs("bie3.enabled"), Needs("tribute.order", contains=("men",))))
    biewang_to: Literal["duitou", "touke"] = rule(
        "憋王贡进给谁：duitou 对头；touke 头科",
        "who eats 憋王贡 (a seat left holding jokers): 'duitou' its 对头; 'touke' 头科",
        since=2, neutral="duitou",
        needs=(Needs("bie3.enabled"), Needs("tribute.order", contains=("biewang",))),
    )
    biewang_cards: int | None = rule(
        "憋王贡张数；null 为手中剩几张王进几张",
        "憋王贡 cards paid; null for one per joker left in the hand",
        domain=SOME_CARDS, since=2, neutral=None,
        needs=(Needs("bie3.enabled"), Needs("tribute.order", contains=("biewang",))),
    )


@dataclass(frozen=True, slots=True)
class Penalties:
    """§13 Penalties (第二十八-三十条) and what a missing or misplayed card costs."""

    wrong_play: Literal["reject", "lose-turn"] = rule(
        "错牌：reject 拒绝非法出牌；lose-turn 错牌不出，失去本次出牌权",
        "an illegal play: 'reject' it; or 'lose-turn' (错牌不出) the player loses the turn",
    )
    forfeits: tuple[Forfeit, ...] = rule(
        "条件 -> 后果：如「no 3 -> 大落」买牌后无3即为大落，「4 with 2 or joker -> 不开点」4带2或王视同放弃开点"
        "（002:22，003:53）",
        "condition -> consequence: e.g. 'no 3 -> 大落' (no 3 once buying is over: ranked 大落), "
        "'4 with 2 or joker -> 不开点' (a 4 played with a 2 or joker gives 开点 up) (002:22, 003:53)",
        since=2, neutral=[],
    )


#: The rule areas, in catalogue order; the key is the YAML section and the component name.
SECTIONS: dict[str, type] = {
    "deck": Deck,
    "plays": Plays,
    "gouji": Gouji,
    "turns": Turns,
    "reporting": Reporting,
    "burning": Burning,
    "kaidian": Kaidian,
    "bie3": Bie3,
    "hui3": Hui3Rules,
    "revolution": RevolutionRules,
    "first_player": FirstPlayer,
    "places": Places,
    "score": Score,
    "tribute": Tribute,
    "penalties": Penalties,
}

SECTION_TITLES: dict[str, tuple[str, str]] = {
    "deck": ("牌组", "Deck"),
    "plays": ("出牌与打王", "Plays and joker kills"),
    "gouji": ("够级牌", "够级 plays"),
    "turns": ("出牌顺序、过牌、让牌、接风", "Turns, passing, yielding, 接风"),
    "reporting": ("报牌与看牌", "Reporting and seeing hands"),
    "burning": ("烧牌", "Burning"),
    "kaidian": ("开点与宣点", "开点 and declarations"),
    "bie3": ("憋3与买3", "憋3 and buying 3s"),
    "hui3": ("会3", "会3"),
    "revolution": ("革命", "Revolution"),
    "first_player": ("首发牌", "First player"),
    "places": ("名次", "Places"),
    "score": ("计分", "Score"),
    "tribute": ("进贡", "Tribute"),
    "penalties": ("罚则", "Penalties"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule area of one resolved ruleset."""

    deck: Deck
    plays: Plays
    gouji: Gouji
    turns: Turns
    reporting: Reporting
    burning: Burning
    kaidian: Kaidian
    bie3: Bie3
    hui3: Hui3Rules
    revolution: RevolutionRules
    first_player: FirstPlayer
    places: Places
    score: Score
    tribute: Tribute
    penalties: Penalties


def meta(key: str) -> Mapping[str, Any]:
    """The metadata of rule ``section.key`` (see :func:`rule`)."""
    section, name = key.split(".")
    return next(f.metadata for f in dataclasses.fields(SECTIONS[section]) if f.name == name)


def needs(key: str) -> tuple[Needs, ...]:
    """What rule ``section.key`` needs to mean anything: its area's gate (unless it is the gate) and
    its own :class:`Needs`, in that order; it means something only when all of them are met."""
    section, name = key.split(".")
    gate = next((f.name for f in dataclasses.fields(SECTIONS[section]) if f.metadata.get("gate")), None)
    own: tuple[Needs, ...] = meta(key)["needs"]
    return ((Needs(f"{section}.{gate}"),) if gate is not None and gate != name else ()) + own


def numbers(key: str, value: Any) -> Iterator[tuple[str, int, Domain]]:
    """Every number of rule ``section.key``'s typed ``value`` with its :class:`Domain`, each by its JSON
    pointer below the rule: ``""``, ``"/0"`` of a list, ``"/win"`` or ``"/both_declared/neither_opened/1"``."""
    section, name = key.split(".")
    yield from _numbers(next(f for f in dataclasses.fields(SECTIONS[section]) if f.name == name), value, "")


def _numbers(field: dataclasses.Field[Any], value: Any, below: str) -> Iterator[tuple[str, int, Domain]]:
    domain: Domain | None = field.metadata.get("domain")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for inner in dataclasses.fields(value):
            yield from _numbers(inner, getattr(value, inner.name), f"{below}/{inner.name}")
    elif domain is not None and isinstance(value, int):
        yield below, value, domain
    elif domain is not None and isinstance(value, tuple):
        yield from ((f"{below}/{index}", item, domain) for index, item in enumerate(value))
