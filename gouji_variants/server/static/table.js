// The table: your hand grouped by rank (tap cards or type notation), only the legal choices of the
// moment, the round, whose turn, counts, 开点 and burns, the timer, the events in words, places and score.
import { api } from "./api.js";
import { canonical, face, format, groups, isJoker, label, parse, RANKS, spoken } from "./cards.js";
import { announce, download, fill, h } from "./dom.js";
import { getLang, pick, PLACES, playerName, t } from "./i18n.js";
import { beep, soundSwitch } from "./sound.js";

const CARD_TYPES = new Set(["play", "burn", "return"]);
/** The words of the scene's relations (how this seat stands to another): its own seat is "you". */
const RELATION_WORDS = { duitou: "duitou", "team-mate": "teammate", opponent: "opponent" };
const LOG_MAX = 300;

/** The whole observation of a state: a lean session's holds only the fields that changed since the state
 *  before it on this connection, and the history entries after `history_from` (docs/protocol.md); null
 *  when they cannot be pieced together (a gap: open the session again, and it is sent whole). */
function whole(before, message) {
  const part = message.observation;
  const from = message.history_from;
  if (from === undefined) return part;
  const known = before ? before.observation : null;
  const obs = { ...(known || {}), ...part };
  const history = known ? known.history : [];
  if (history.length < from || !("stage" in obs)) return null;
  obs.history = history.slice(0, from).concat(part.history || []);
  return obs;
}

/** The log of the match as the server told it (its typed events), kept in sessionStorage so that a reload
 *  or a change of language shows it again; what happened while the page was away is added from the history. */
function eventLog(session) {
  const key = `gouji.log.${session.code}`;
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch { saved = null; }
  const log = { entries: [], game: null, upto: 0 };
  const save = () => { try { sessionStorage.setItem(key, JSON.stringify({ seat: session.seat, game: log.game, upto: log.upto, entries: log.entries })); } catch { /* full or private */ } };
  /** Add a state's events; the entries added, or null when the log was started again (draw it whole). */
  log.add = (state, events) => {
    const history = state.observation.history;
    const game = state.game;  // the game this state shows
    let added = events.map((e) => ({ seat: e.seat, action: e.action, notes: e.notes, parts: e.parts }));
    let whole = false;
    if (log.game === null) {  // the first state of this page: what was kept, and the history since
      whole = true;
      const kept = saved && saved.seat === session.seat && Array.isArray(saved.entries) ? saved : null;
      if (kept) log.entries = kept.entries;
      if (!events.length) {
        const since = kept && kept.game === game && kept.upto <= history.length ? kept.upto : 0;
        const missed = history.slice(since).map(([s, action]) => ({ seat: s, action }));
        added = kept && missed.length ? [{ away: missed.length }, ...missed] : missed;
      }
    }
    log.game = game;
    log.upto = history.length;
    log.entries = log.entries.concat(added).slice(-LOG_MAX);
    save();
    return whole ? null : added;
  };
  return log;
}

/** An action in words, cards by their names (notation only in the notation box): "出 3张8, 小王", "过". */
export function actionWords(action) {
  const cards = action.cards ? spoken(action.cards) : "";
  switch (action.type) {
    case "play": return t("a_play", { cards });
    case "burn": return t("act_burn", { cards });
    case "return": return t("act_return", { cards });
    case "hui3": return t("act_hui3", { which: t(`hui3_${action.which}`) });
    default: return t(`act_${action.type}`);
  }
}

export function createTable(root, session) {
  let state = null;
  let room = null;
  let selected = new Array(RANKS.length).fill(0);
  let deadline = null;
  let ticker = null;
  let hintVersion = null;
  let lastOver = null;  // the last game_over (the end panel is drawn again from the scene of the state that follows)

  const head = h("div", { class: "table-head" });
  const clock = h("p", { class: "clock", "aria-live": "off" });
  // the table: six seats round an oval, you at the bottom and your 对头 at the top, the cards on the table in the middle
  const seatsBox = h("ol", { class: "ring", role: "list", "aria-label": t("seats") });
  const center = h("div", { class: "center", "aria-label": t("top") });
  const actions = h("div", { class: "actions", role: "group", "aria-label": t("legal") });
  const selection = h("p", { class: "selection", "aria-live": "polite" });
  const handBox = h("div", { class: "hand", role: "group", "aria-label": t("your_hand") });
  const typed = h("input", { type: "text", id: "typed", autocomplete: "off", spellcheck: "false", enterkeyhint: "send" });
  const typedForm = h("form", { class: "typed", onsubmit: (e) => { e.preventDefault(); typedAction(); } },
    h("label", { for: "typed" }, t("type_cards")), typed, h("button", { type: "submit", id: "typed-send" }, t("send")));
  const log = h("ol", { class: "log", "aria-label": t("events") });
  const hintBox = h("p", { class: "hint", id: "hint-box", "aria-live": "polite", hidden: true });
  const record = eventLog(session);
  const after = h("section", { class: "after", hidden: true });
  const dialog = h("dialog", { class: "confirm", "aria-modal": "true" });
  fill(root, h("div", { class: "head-row" }, head, soundSwitch()), clock, h("div", { class: "tableau" }, seatsBox, center),
    // (the selection under the hand: as it grows with the cards raised, the hand under a dragging finger stays put)
    h("div", { class: "mine" }, actions, hintBox, handBox, selection, typedForm),
    h("details", { class: "events", open: true }, h("summary", {}, t("events")), log), after, dialog);

  /** A seat's player by name, and how this seat stands to it as the scene says (你, 对头, 联邦, 对手). */
  const name = (seat) => {
    if (seat === null || seat === undefined) return "";
    const base = playerName(room && room.seats[seat]) || t("seat_n", { n: seat });
    const relation = state && state.scene.relations ? state.scene.relations[seat] : null;
    if (relation === "self") return t("you");
    return relation ? `${base}（${t(RELATION_WORDS[relation])}）` : base;
  };

  function confirmDialog(text) {
    return new Promise((resolve) => {
      const yes = h("button", { type: "button", class: "primary", id: "confirm-yes" }, t("yes"));
      const no = h("button", { type: "button", id: "confirm-no" }, t("no"));
      fill(dialog, h("p", {}, text), yes, " ", no);
      const done = (value) => { dialog.close(); resolve(value); };
      yes.onclick = () => done(true);
      no.onclick = () => done(false);
      dialog.oncancel = () => resolve(false);
      dialog.showModal();
      yes.focus();
    });
  }

  /** Send a legal action; one the server marks with a confirmation is sent only once the player says yes. */
  async function send(action) {
    const { confirm, ...plain } = action;
    const asked = confirm ? pick(confirm) : action.type === "tiaopai" ? t("tiaopai_shows") : null;  // 挑牌 reveals your hand
    if (asked && !(await confirmDialog(t("go_ahead", { what: asked })))) return;
    selected.fill(0);
    session.act(plain);
  }

  const legal = () => (state && state.legal) || [];
  const cardAction = (notation) => legal().filter((a) => CARD_TYPES.has(a.type) && canonical(a.cards) === notation);

  function chooseCards(notation, text) {
    const found = cardAction(notation);
    if (!found.length) { session.notice.textContent = t("not_legal", { cards: text || notation || "—" }); return; }
    send(found.find((a) => a.type === "play") || found[0]);
  }

  function typedAction() {
    const text = typed.value.trim();
    const words = { 过: "pass", pass: "pass", 让: "yield", 让牌: "yield", yield: "yield", 接风: "jiefeng", 革命: "revolution" };
    if (words[text.toLowerCase()] || words[text]) {
      const type = words[text.toLowerCase()] || words[text];
      const found = legal().find((a) => a.type === type);
      if (found) { typed.value = ""; send(found); } else session.notice.textContent = t("not_legal", { cards: text });
      return;
    }
    const notation = canonical(text);
    if (notation === null) { session.notice.textContent = t("bad_notation", { text }); return; }
    typed.value = "";
    chooseCards(notation, text);
  }

  /** Draw the hand; a card that had the keyboard's focus keeps it (the same rank and place, or the nearest). */
  function drawHand() {
    const obs = state.observation;
    const focused = handBox.contains(document.activeElement) ? document.activeElement.dataset : null;
    const cards = groups(obs.hand || "").map(([symbol, count]) => {
      const rank = RANKS.indexOf(symbol);
      return h("div", { class: "rank-group", role: "group", "aria-label": `${label(symbol)} × ${count}` },
        Array.from({ length: count }, (_, i) => {
          const on = i < selected[rank];
          return h("button", { type: "button", class: `card${isJoker(symbol) ? ` joker joker-${symbol}` : ""}${on ? " on" : ""}`,
            "aria-pressed": String(on), "aria-label": label(symbol), "data-rank": symbol, "data-i": i,
            onclick: () => {  // a tap on the stack raises one card of the rank, each tap again one more; once all are up, none
              if (dragged) { dragged = false; return; }
              selected[rank] = selected[rank] < count ? selected[rank] + 1 : 0;
              drawHand(); drawSelection();
            } }, face(symbol));
        }));
    });
    fill(handBox, cards.length ? cards : h("p", {}, "—"));
    if (focused && focused.rank) {
      const same = [...handBox.querySelectorAll(`button[data-rank="${focused.rank}"]`)];
      const target = same[Math.min(Number(focused.i), same.length - 1)] || handBox.querySelector("button");
      if (target) target.focus();
    }
  }

  /** Dragging across the hand (a finger or a mouse: pointer events) raises every card it passes over. */
  let drag = null;
  let dragged = false;
  const cardAt = (x, y) => { const el = document.elementFromPoint(x, y); return el && el.closest ? el.closest(".hand button.card") : null; };
  const sweep = (card) => {
    const rank = RANKS.indexOf(card.dataset.rank);
    const i = Number(card.dataset.i);
    if (selected[rank] >= i + 1) return;
    selected[rank] = i + 1;
    raise(); drawSelection();
  };
  /** Mark the raised cards on the buttons drawn (during a drag the hand is not drawn again: the finger's pointer
   *  stays with the card it pressed). */
  const raise = () => handBox.querySelectorAll("button.card").forEach((card) => {
    const on = Number(card.dataset.i) < selected[RANKS.indexOf(card.dataset.rank)];
    card.classList.toggle("on", on);
    card.setAttribute("aria-pressed", String(on));
  });
  handBox.addEventListener("pointerdown", (e) => {
    dragged = false;
    const card = e.target.closest && e.target.closest("button.card");
    drag = card && e.button === 0 ? { rank: card.dataset.rank, i: card.dataset.i, moved: false } : null;
  });
  handBox.addEventListener("pointermove", (e) => {
    if (!drag || !(e.buttons & 1)) return;  // (a mouse moved with no button held, or a pointerup lost: no drag)
    const card = cardAt(e.clientX, e.clientY);
    if (!card || (!drag.moved && card.dataset.rank === drag.rank && card.dataset.i === drag.i)) return;
    if (!drag.moved) {  // the card the drag began on is raised too
      drag.moved = true;
      const first = handBox.querySelector(`button.card[data-rank="${CSS.escape(drag.rank)}"][data-i="${drag.i}"]`);
      if (first) sweep(first);
    }
    sweep(card);
  });
  const dragEnd = () => { if (drag && drag.moved) dragged = true; drag = null; setTimeout(() => { dragged = false; }, 0); };
  // (on the window: the card pressed may be drawn again under the pointer before it is let go)
  const dragCancel = () => { drag = null; };
  window.addEventListener("pointerup", dragEnd);
  window.addEventListener("pointercancel", dragCancel);

  function drawSelection() {
    const notation = format(selected);
    const matches = notation ? cardAction(notation) : [];
    const buttons = matches.map((a) => h("button", { type: "button", class: a.type === "burn" ? "" : "primary", id: `send-${a.type}`, onclick: () => send(a) },
      a.type === "play" ? t("play_selected") : a.type === "burn" ? t("burn_selected") : t("return_selected")));
    const why = notation && !matches.length && legal().length ? h("span", { class: "why", id: "selection-why" }, t("selection_not_legal")) : null;
    fill(selection, `${t("selected")}: `, notation ? h("span", { class: "picked", "data-cards": notation }, spoken(notation)) : "—", " ", buttons,
      why, notation ? h("button", { type: "button", class: "small", id: "clear-selection", onclick: () => { selected.fill(0); drawHand(); drawSelection(); } }, t("clear")) : null);
  }

  /** The choices of the moment: 过 the primary one when answering; a burn or a 还贡 is chosen by selecting its
   *  cards (a few legal ones offered as suggestions, never one button each); 让牌 and the rest plain. */
  function drawActions() {
    const others = legal().filter((a) => !CARD_TYPES.has(a.type));
    const plays = legal().filter((a) => a.type === "play");
    const few = plays.length <= 12 ? plays : [];
    const offered = legal().filter((a) => a.type === "burn" || a.type === "return");
    const suggest = (a) => h("button", { type: "button", class: "small", "data-suggest": a.cards, "aria-label": actionWords(a),
      onclick: () => { selected = parse(a.cards); drawHand(); drawSelection(); } }, spoken(a.cards));
    const asking = room && room.hints && legal().length
      ? h("button", { type: "button", class: "small", id: "hint", onclick: () => { fill(hintBox, t("hint_asking")); hintBox.hidden = false; session.send({ type: "hint" }); } }, t("hint_ask"))
      : null;
    fill(actions, asking,
      others.map((a) => h("button", { type: "button", class: a.type === "pass" ? "primary" : "", "data-action": a.type,
        onclick: () => send(a) }, actionWords(a))),
      offered.length ? h("div", { class: "offers", role: "group", "aria-label": t(offered[0].type === "burn" ? "burn_how" : "return_how") },
        h("p", {}, t(offered[0].type === "burn" ? "burn_how" : "return_how", { n: offered.length })), offered.slice(0, 3).map(suggest)) : null,
      few.length ? h("div", { class: "quick", "aria-label": t("legal_plays") }, few.map((a) => h("button", { type: "button", class: "small", "data-play": a.cards, "aria-label": actionWords(a), onclick: () => send(a) }, spoken(a.cards)))) : null);
  }

  /** A seat's count as the server's scene states it (what the rules tell this seat, or why not). */
  function countWords(seat) {
    const scene = state.scene;
    const count = scene ? scene.counts[seat] : state.observation.counts[seat];
    if (count !== null && count !== undefined) return t("cards_left", { n: count });
    const why = scene ? scene.untold[seat] : null;
    if (why === "no-reporting") return t("count_no_report");
    if (why === "above-limit") return t("count_more", { n: scene.limit });
    if (why === "not-asked") return t("count_not_asked");
    return t("count_hidden");
  }

  /** The six seats as the scene states them: each one's relation to you, standing, count, order out, whether
   *  it is to act and the hand you see of it (a team-mate's under 看牌 or 挑牌). */
  function drawSeats() {
    const obs = state.observation;
    const scene = state.scene;
    const me = session.seat ?? 0;
    const order = [0, 1, 2, 3, 4, 5].map((i) => (me + i) % 6);
    fill(seatsBox, order.map((seat) => {
      const marks = [];
      marks.push(countWords(seat));
      if (obs.opened[seat]) marks.push(t("opened"));
      if (obs.burner === seat) marks.push(`🔥${t("burner")}`);
      if (scene.order[seat]) marks.push(t("finished_n", { n: scene.order[seat] }));  // the order out, not a place
      const ranked = scene.ranked[seat];
      if (ranked) marks.push(t("ranked_at_once", { why: ranked === "bottom" ? "窒息 / 大小王不出手" : ranked }));
      if (obs.passed.includes(seat)) marks.push(t("passed"));
      if (scene.standing[seat] === "revolution") marks.push(t("revolution_mark"));
      if (obs.declared[seat]) marks.push(obs.declared[seat]);
      const turn = scene.to_act[seat];
      const relation = scene.relations[seat];
      const hand = relation !== "self" ? scene.hands[seat] : null;
      const at = (seat - me + 6) % 6;  // its place round the table from yours
      return h("li", { class: `seat${turn ? " turn" : ""}`, role: "listitem", "data-seat": seat, "data-at": at, "data-relation": relation,
        "data-standing": scene.standing[seat], "aria-current": turn ? "true" : null },
      h("strong", {}, turn ? "▶ " : "", h("bdi", {}, name(seat))), h("span", { class: "marks" }, marks.join(" · ")),
      hand ? h("span", { class: "shown" }, spoken(hand)) : null);
    }));
  }

  function drawCenter() {
    const obs = state.observation;
    fill(center,
      h("p", { class: "top" }, `${t("top")}: `, obs.top ? h("strong", { class: "top-cards", "data-cards": obs.top }, spoken(obs.top)) : "—", obs.top ? ` — ${name(obs.top_seat)}` : ""),
      obs.round_plays.length ? h("p", { class: "round" }, `${t("round")}: `, obs.round_plays.map(([seat, cards]) => `${name(seat)} ${cards ? spoken(cards) : t("act_pass")}`).join(" · ")) : null);
  }

  /** One line of the log: the seat and its action in the page's words, then the server's notes (zh/en). */
  function line(entry) {
    if (entry.away) return h("li", { class: "away" }, t("while_away", { n: entry.away }));
    const said = [entry.seat >= 0 ? name(entry.seat) : "", entry.action ? actionWords(entry.action) : ""].filter(Boolean).join(": ");
    // each note as the server split it round the seats it names, a seat named as the page names players
    const notes = entry.parts ? pick(entry.parts).map((pieces) => pieces.map((piece) => typeof piece === "number" ? name(piece) : piece).join(""))
      : entry.notes ? pick(entry.notes) : [];
    return h("li", { class: entry.seat < 0 ? "table-event" : null }, said, said && notes.length ? " — " : "", notes.join(getLang() === "zh" ? "；" : "; "));
  }

  /** The state's events (or, after a reload, the history it left out) added to the log and kept. */
  function drawLog(events) {
    const added = record.add(state, events);
    if (added === null) fill(log, record.entries.map(line));
    else for (const entry of added) log.append(line(entry));
    while (log.children.length > LOG_MAX) log.firstChild.remove();
    if (added && added.length) announce(added.map((entry) => line(entry).textContent).join(" "));
    log.scrollTop = log.scrollHeight;
  }

  function tick() {
    if (deadline === null) { clock.textContent = ""; return; }
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    clock.textContent = t("time_left", { s: left });
  }

  const table = {
    update(message) {
      const observation = whole(state, message);
      if (observation === null) { session.resync(); return; }
      message.observation = observation;
      const history = observation.history;
      const fresh = !state || state.game !== message.game;
      const wasMine = Boolean(state && state.legal && state.legal.length);
      state = message;
      const finished = Boolean(message.scene.places);
      if (fresh) { selected.fill(0); hintBox.hidden = true; }  // the last game's end stays shown (its places, what this game owes)
      if (finished) {  // its end drawn from this state's scene (after a reload or a change of language: the game_over kept)
        let over = lastOver;
        if (!over) try { over = JSON.parse(sessionStorage.getItem(`gouji.over.${session.code}`) || "null"); } catch { over = null; }
        if (over && over.game === message.game) table.gameOver(over, true);
      }
      if (!state || state.version !== hintVersion) hintBox.hidden = true;
      const held = parse(state.observation.hand || "") || [];
      selected = selected.map((n, i) => Math.min(n, held[i] || 0));
      const acting = message.scene.to_act.indexOf(true);  // -1: nobody this seat may know of (a private decision)
      const mine = legal().length > 0;  // (a legal list comes with this seat's own decision only)
      fill(head, h("p", {}, room ? t("game_n", { n: message.game + 1, of: room.games }) : "", " · ",
        h("strong", { id: "turn" }, mine ? t("your_turn") : finished ? t("game_over") : acting < 0 ? t("private_turn") : t("waiting", { who: name(acting) }))));
      deadline = message.deadline_ms === null || message.deadline_ms === undefined ? null : Date.now() + message.deadline_ms;
      clearInterval(ticker);
      ticker = deadline === null ? null : setInterval(tick, 250);
      tick();
      root.classList.toggle("my-turn", mine);
      root.dataset.version = String(message.version);
      root.dataset.history = String(history.length);
      typedForm.hidden = !legal().length;
      drawSeats(); drawCenter(); drawActions(); drawHand(); drawSelection(); drawLog(message.events || []);
      if (mine) { announce(t("your_turn")); if (fresh || !wasMine) beep(); }
    },
    room(value) { room = value; if (state) drawActions(); },
    hint(m) {
      if (!state || m.version !== state.version) return;
      hintVersion = m.version;
      const same = legal().find((a) => a.type === m.action.type && (a.cards ?? null) === (m.action.cards ?? null) && (a.which ?? null) === (m.action.which ?? null));
      fill(hintBox, `${t("hint")}: `, h("strong", {}, actionWords(m.action)), ` — ${pick(m.reason)} `,
        same ? h("button", { type: "button", class: "small", id: "hint-take", onclick: () => send(same) }, t("hint_take")) : null);
      hintBox.hidden = false;
    },
    refused() { if (state) { drawHand(); drawSelection(); } },
    noHint() { hintBox.hidden = true; },
    gameOver(m, again = false) {
      lastOver = m;
      try { sessionStorage.setItem(`gouji.over.${session.code}`, JSON.stringify(m)); } catch { /* full or private */ }
      after.hidden = false;
      // the places as the scene states them (the game_over the server makes from the scene's result, or the last state's
      // scene), each player's score where the scene carries one
      const scene = state && state.game === m.game && state.scene.places ? state.scene : null;
      const placed = scene ? scene.places : m.places;
      const scores = (scene && scene.result && scene.result.points) || m.points || null;
      const places = placed.map((seat, i) => h("li", { "data-place": i, "data-seat": seat }, `${PLACES[i]}: `, h("bdi", {}, name(seat)),
        scores ? h("span", { class: "player-score" }, ` · ${t("player_score")} ${scores[seat]}`) : null));
      fill(after, h("h2", { id: "game-over" }, m.match_over ? t("match_over") : t("game_over")),
        h("h3", {}, t("places")), h("ol", { class: "places" }, places),
        h("p", {}, `${t("score")}: ${t("team_a")} ${m.score[0]} · ${t("team_b")} ${m.score[1]}`),
        h("p", { id: "totals" }, `${t("totals")}: ${t("team_a")} ${m.totals[0]} · ${t("team_b")} ${m.totals[1]}`),
        m.match_over ? null : duesView(m.dues),
        h("p", {}, h("button", { type: "button", id: "records", onclick: async () => download(`gouji-${session.code.slice(0, 8)}.jsonl`, await api.records(session.code), "application/x-ndjson") }, t("records")),
          " ", h("button", { type: "button", id: "open-replay", onclick: () => replayViewer(after, session) }, t("replay"))));
      if (!again) announce(t("game_over"));
    },
    stop() { clearInterval(ticker); window.removeEventListener("pointerup", dragEnd); window.removeEventListener("pointercancel", dragCancel); },
  };
  /** What the next game owes (game_over's dues), by the players' names. */
  function duesView(dues) {
    if (!dues) return null;
    return h("section", { class: "dues", id: "dues" }, h("h3", {}, t("dues")), dues.length
      ? h("ul", {}, dues.map((d) => h("li", {}, t("due", { payer: name(d.payer), receiver: name(d.receiver), n: d.count, kind: t(`due_${d.kind}`) }),
        d.returned ? t("due_returned") : "")))
      : h("p", {}, t("no_dues")));
  }
  return table;
}

/** Step through a finished game of the room as one seat saw it, or with all hands. */
async function replayViewer(box, session) {
  const text = await api.records(session.code);
  const records = text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
  if (!records.length) return;
  const game = h("select", { id: "replay-game", "aria-label": t("game_n", { n: "", of: records.length }) }, records.map((_, i) => h("option", { value: i }, t("game_n", { n: i + 1, of: records.length }))));
  const seat = h("select", { id: "replay-seat", "aria-label": t("replay_as") },
    h("option", { value: "" }, t("all_hands")), [0, 1, 2, 3, 4, 5].map((s) => h("option", { value: s, selected: s === session.seat }, t("seat_n", { n: s }))));
  const page = h("pre", { class: "replay-step", "aria-live": "polite", tabindex: 0 });
  const counter = h("p", { class: "step-n" });
  let steps = [];
  let index = 0;
  const show = () => { counter.textContent = t("step", { n: index + 1, of: steps.length }); page.textContent = steps.length ? steps[index].lines.join("\n") : ""; };
  const load = async () => {
    const answer = await api.replay(records[Number(game.value)], seat.value === "" ? null : Number(seat.value), getLang());
    steps = answer.steps;
    index = 0;
    show();
  };
  game.onchange = load;
  seat.onchange = load;
  const viewer = h("section", { class: "replay", "aria-label": t("replay") }, h("h3", {}, t("replay")),
    h("label", {}, t("replay_as"), " ", seat), " ", game, counter,
    h("p", {}, h("button", { type: "button", id: "replay-prev", onclick: () => { index = Math.max(0, index - 1); show(); } }, t("prev")), " ",
      h("button", { type: "button", id: "replay-next", onclick: () => { index = Math.min(steps.length - 1, index + 1); show(); } }, t("next"))), page);
  box.querySelector(".replay")?.remove();
  box.append(viewer);
  await load();
}
