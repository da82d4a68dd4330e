// A room over the WebSocket protocol (docs/protocol.md): join or resume a seat, agree on the rules, play.
import { api, library } from "./api.js";
import { diffView, ruleCard } from "./card.js";
import { announce, fill, h } from "./dom.js";
import { botKind, pick, playerName, t } from "./i18n.js";
import { forgetDraft, rulesEditor } from "./rules.js";
import { createTable } from "./table.js";

let current = null;

export function closeRoom() { if (current) { current.close(); current = null; } }

export function openRoom(main, code, urlToken) {
  current = new Session(main, code, urlToken);
  return current;
}

/** A side of POST /api/v1/diff for a room's rules: a built-in by id, house rules by their text. */
const side = (rules) => (rules.text ? { yaml: rules.text, name: rules.file } : { ref: rules.id });
/** Rules as a rules editor holds them: a message's rules fields (a built-in by id, or house rules as YAML). */
const sent = (editor) => { const plain = editor.plain(); return plain ? { ruleset: plain } : { yaml: editor.yaml(), name: editor.fileName().replace(/[^A-Za-z0-9._-]/g, "-") }; };

const key = (code) => `gouji.seat.${code}`;
function stored(code) { try { return JSON.parse(localStorage.getItem(key(code)) || "null"); } catch { return null; } }
function store(code, seat) { try { localStorage.setItem(key(code), JSON.stringify(seat)); } catch { /* private mode */ } }

class Session {
  constructor(main, code, urlToken) {
    this.main = main;
    this.code = code;
    this.mine = urlToken ? { token: urlToken, seat: null } : stored(code);
    this.room = null;
    this.seat = this.mine ? this.mine.seat : null;
    this.closed = false;
    this.retry = 0;
    this.counter = 0;
    this.build();
    if (this.mine) this.connect({ type: "resume", v: 1, room: code, token: this.mine.token });
    else this.preview();
  }

  build() {
    this.status = h("p", { class: "status", role: "status" }, t("connecting"));
    this.notice = h("p", { class: "notice", role: "alert" });
    this.lobby = h("section", { class: "lobby", "aria-label": t("lobby") });
    this.tableBox = h("section", { class: "table-box", hidden: true });
    this.table = createTable(this.tableBox, this);
    fill(this.main, this.status, this.notice, this.lobby, this.tableBox);
    this.parts = null;
  }

  close() { this.closed = true; if (this.ws) this.ws.close(); if (this.table) this.table.stop(); }

  async preview() {
    try { this.room = await api.room(this.code); } catch { this.status.textContent = t("no_room"); return; }
    this.status.textContent = "";
    this.render();
  }

  connect(first) {
    this.first = first;
    // the room in the URL too: a proxy in front of several processes routes by it (docs/protocol.md)
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/v1?room=${encodeURIComponent(this.code)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    // a lean session (rules sent when they change, states with what changed only); a seat's legal actions carry their
    // confirmations, and an accepted act is answered on the state that follows it (done_in_state: one message, not two)
    const opening = { ...this.first, lean: true, ...(this.first.type === "watch" ? {} : { confirm: true, done_in_state: true }) };
    ws.addEventListener("open", () => { this.retry = 0; ws.send(JSON.stringify(opening)); });
    ws.addEventListener("message", (event) => { let m; try { m = JSON.parse(event.data); } catch { return; } this.receive(m); });
    ws.addEventListener("close", () => {
      if (this.closed || this.ws !== ws || !this.mine) return;
      this.status.textContent = t("reconnecting");
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => { if (!this.closed) this.connect({ type: "resume", v: 1, room: this.code, token: this.mine.token }); }, 300 * 2 ** this.retry);
    });
  }

  /** Open the session again (a state's history could not be pieced together): the server sends it whole. */
  resync() { if (this.ws) this.ws.close(); if (!this.mine) this.connect(this.first); }

  /** Send a message; while disconnected it is refused with a message (never dropped silently). */
  send(message) {
    if (this.ws && this.ws.readyState === 1) { this.ws.send(JSON.stringify(message)); return true; }
    this.notice.textContent = t("offline_refused");
    return false;
  }

  act(action) {
    const id = `a${Date.now().toString(36)}${(++this.counter).toString(36)}`;
    this.send({ type: "act", action_id: id, version: this.version, action });
  }

  receive(m) {
    if (m.type === "welcome") {
      this.seat = m.seat;
      if (m.token) { this.mine = { token: m.token, seat: m.seat }; store(this.code, this.mine); }
      this.status.textContent = m.seat === null ? t("spectator") : "";
      this.setRoom(m.room);
    } else if (m.type === "room") {
      this.setRoom(m.room);
    } else if (m.type === "state") {
      this.version = m.version;
      if (m.done) this.notice.textContent = "";  // (the answer to this seat's act: as a done)
      this.showTable(true);
      performance.mark("gouji-state");
      this.table.update(m);  // measured (a benchmark in tests/server/test_page.py reads the measures)
      performance.measure("gouji-render", "gouji-state");
    } else if (m.type === "game_over") {
      this.table.gameOver(m);
    } else if (m.type === "lobby") {
      const why = m.reason ? `（${m.reason}）` : "";
      const said = t(`lobby_${m.kind}`, { name: playerName(this.room && this.room.seats[m.seat]) || m.name, why });
      this.notice.textContent = said;
      announce(said);
    } else if (m.type === "hint_result") {
      this.table.hint(m);
    } else if (m.type === "diff_result") {
      if (this.parts) fill(this.parts.diffBox, diffView(m.diff));
    } else if (m.type === "refused") {
      this.notice.textContent = t("refused", { why: m.reason ? pick(m.reason) : m.message });
      if (typeof m.version === "number") this.version = m.version;
      this.table.refused(m);
    } else if (m.type === "error") {
      this.notice.textContent = t("error", { why: m.message });
      this.table.noHint();
      if (m.code === "token") { try { localStorage.removeItem(key(this.code)); } catch { /* */ } this.mine = null; this.preview(); }
      if (this.parts && m.diagnostics) fill(this.errorsBox || this.parts.hostErrors, m.diagnostics.map((d) => h("li", {}, d.text ? pick(d.text) : d.message)));
    } else if (m.type === "done") {
      this.notice.textContent = "";
    }
  }

  setRoom(room) {
    const before = this.room;
    if (!room.rules && before) room.rules = before.rules;  // a lean session is sent the rules only when they change
    this.room = room;
    if (before && before.rules && before.rules.fingerprint !== room.rules.fingerprint) {
      this.rulesChanged(before.rules, room.rules);
      if (this.parts) {  // the editors start again from the new rules (open where they were open)
        for (const [made, keep, box] of [["hostMade", `room:${this.code}`, this.parts.host], ["proposeMade", `propose:${this.code}`, this.parts.propose]]) {
          forgetDraft(keep);
          box.dataset.open = String(Boolean(box.querySelector("details") && box.querySelector("details").open));
          this.parts[made] = false;
        }
      }
    }
    this.table.room(room);
    if (room.phase === "lobby") this.showTable(false);
    this.render();
  }

  /** Tell this seat what a change of the room's rules changed: the server's diff, each rule by its title and sentence. */
  async rulesChanged(before, after) {
    const heading = t("rules_changed", { fp: after.fingerprint });
    announce(heading);
    if (!this.parts) return;
    fill(this.parts.changes, h("h2", {}, heading));
    this.parts.changes.hidden = false;
    try {
      const diff = await api.diff(side(before), side(after));
      if (this.room && this.room.rules.fingerprint === after.fingerprint) {
        fill(this.parts.changes, h("h2", {}, heading), diffView(diff));
        announce(`${heading} ${this.parts.changes.querySelector(".diff").textContent}`);
      }
    } catch { /* the heading says it changed; the card below shows the rules */ }
  }

  showTable(on) { this.tableBox.hidden = !on; this.lobby.hidden = on; }

  render() {
    const room = this.room;
    if (!room) return;
    if (!this.parts) this.parts = this.lobbyParts();
    const p = this.parts;
    fill(p.title, pick(room.rules.name));
    fill(p.card, ruleCard(room.rules.card));
    const me = this.seat;
    const proposing = new Set((room.proposals || []).filter((x) => x.status === "pending").map((x) => x.seat));
    fill(p.seats, room.seats.map((s) => {
      const who = s.kind === "empty" ? t("empty") : playerName(s) || t("bot");
      const answer = s.accepted ? "accepted" : proposing.has(s.seat) ? "proposed" : s.declined ? "declined" : "none";
      const said = { accepted: `✓ ${t("accepted")}`, proposed: `✎ ${t("proposed")}`, none: `… ${t("not_accepted")}`,
        declined: `✗ ${t("declined")}${s.reason ? `：${s.reason}` : ""}` }[answer];
      const marks = [s.seat === room.host ? t("host") : null, s.kind === "bot" ? botKind(s.bot) : null,
        s.kind === "human" ? said : null,
        s.kind === "human" && !s.connected ? t("offline") : null, s.standin ? t("standin") : null].filter(Boolean);
      const words = marks.length ? ` — ${marks.join(" · ")}` : "";
      return h("li", { class: `seat ${s.accepted ? "yes" : ""}`, "data-seat": s.seat, "data-accepted": String(Boolean(s.accepted)), "data-answer": s.kind === "human" ? answer : null },
        h("strong", {}, t("seat_n", { n: s.seat })), " ", h("bdi", {}, who), s.seat === me ? ` (${t("you")})` : "", words);
    }));
    this.drawProposals();
    fill(p.settings, [t("game_count", { n: room.games }), room.timer ? t("time_each", { s: room.timer }) : t("no_timer"),
      room.hints ? t("hints_on") : t("hints_off")].join(" · "));
    const mine = me === null || me === undefined ? null : room.seats[me];
    const joiner = mine && me !== room.host;
    fill(p.accept, room.phase !== "lobby" ? null
      : !this.mine ? this.joinForm()
        : mine && mine.accepted ? h("p", { class: "ok", id: "accepted-note" }, t("accepted_you", { fp: room.rules.fingerprint }))
          : h("button", { type: "button", class: "primary", id: "accept", onclick: () => this.send({ type: "accept", fingerprint: room.rules.fingerprint }) },
            `${t("accept")} (${room.rules.fingerprint})`),
      room.phase === "lobby" && joiner && !mine.declined ? this.declineForm() : null,
      room.phase === "lobby" ? h("p", {}, t("waiting_all")) : null);
    p.propose.hidden = !(joiner && room.phase === "lobby");
    if (!p.propose.hidden && !p.proposeMade) { p.proposeMade = true; this.proposeEditor(); }
    p.host.hidden = !(me !== null && me === room.host && room.phase === "lobby");
    if (!p.host.hidden && !p.hostMade) { p.hostMade = true; this.hostEditor(); }  // once: a second would race the first
    this.lobby.hidden = !this.tableBox.hidden;
  }

  declineForm() {
    const why = h("input", { type: "text", id: "decline-reason", maxlength: 200, "aria-label": t("reason"), placeholder: t("reason") });
    return h("form", { class: "decline", onsubmit: (e) => {
      e.preventDefault();
      this.send({ type: "decline", fingerprint: this.room.rules.fingerprint, reason: why.value.trim() });
    } }, why, h("button", { type: "submit", id: "decline" }, t("decline")));
  }

  /** A joiner's proposal: an editor that starts from the room's rules, a reason, sent to the host. */
  async proposeEditor() {
    const p = this.parts;
    const box = h("div");
    const why = h("input", { type: "text", id: "propose-reason", maxlength: 200, placeholder: t("reason"), "aria-label": t("reason") });
    let editor = null;
    fill(p.propose, h("details", { open: p.propose.dataset.open === "true" }, h("summary", { id: "propose-open" }, t("propose")), box, p.proposeErrors, why,
      h("button", { type: "button", id: "send-proposal", onclick: () => {
        if (!editor || !editor.ok) { fill(p.proposeErrors, h("li", {}, t("rules_not_ready"))); return; }  // invalid rules are never posted
        fill(p.proposeErrors);
        this.errorsBox = p.proposeErrors;
        this.send({ type: "propose", fingerprint: this.room.rules.fingerprint, reason: why.value.trim(), ...sent(editor) });
      } }, t("send_proposal"))));
    editor = await this.roomEditor(box, `propose:${this.code}`);
  }

  /** A rules editor that starts from the room's current rules (packs, overrides, names kept). */
  roomEditor(box, keep) {
    const rules = this.room.rules;
    return rulesEditor(box, { keep, base: rules.source === "built-in" ? rules.id : (rules.extends || [])[0],
      start: rules.text ? { text: rules.text, file: rules.file } : null });
  }

  /** Every seat's last proposal: who, the rules, why, its diff from the room's rules by rule title and sentence;
   *  the host applies or rejects a pending one. */
  drawProposals() {
    const room = this.room;
    const p = this.parts;
    const shown = room.phase === "lobby" ? room.proposals || [] : [];
    p.proposals.hidden = !shown.length;
    const key = JSON.stringify([room.rules.fingerprint, this.seat, shown.map((x) => [x.seat, x.fingerprint, x.status])]);
    if (key === p.proposalsKey) return;
    p.proposalsKey = key;
    const host = this.seat === room.host;
    fill(p.proposals, h("h2", {}, t("proposals")), shown.map((x) => {
      const diffBox = h("div", { class: "proposal-diff" }, h("p", { class: "status" }, t("checking")));
      api.diff(side(room.rules), x.source).then((diff) => fill(diffBox, diffView(diff)), (error) => {
        fill(diffBox, h("p", { class: "errors" }, t("error", { why: error.message })));
        p.proposalsKey = null;  // (the server away: drawn again with the next room message)
      });
      const why = h("input", { type: "text", maxlength: 200, id: `reject-reason-${x.seat}`, placeholder: t("reason"), "aria-label": t("reason") });
      return h("article", { class: `proposal ${x.status}`, "data-seat": x.seat, "data-status": x.status },
        h("h3", {}, h("bdi", {}, t("proposal_by", { name: playerName(room.seats[x.seat]) || x.name, rules: pick(x.rules) })), " — ", t(`proposal_${x.status}`)),
        x.reason ? h("p", {}, t("said_why", { why: x.reason })) : null,
        x.answer ? h("p", {}, t("said_why", { why: x.answer })) : null,
        diffBox,
        host && x.status === "pending" ? h("p", { class: "answer" },
          h("button", { type: "button", class: "primary", id: `apply-proposal-${x.seat}`, onclick: () => this.send({ type: "apply_proposal", seat: x.seat, fingerprint: x.fingerprint }) }, t("apply_proposal")),
          " ", why, " ",
          h("button", { type: "button", id: `reject-proposal-${x.seat}`, onclick: () => this.send({ type: "reject_proposal", seat: x.seat, reason: why.value.trim() }) }, t("reject_proposal"))) : null);
    }));
  }

  joinForm() {
    const name = h("input", { type: "text", id: "join-name", maxlength: 24, required: true, value: localStorage.getItem("gouji.name") || "" });
    return h("form", { class: "join", onsubmit: (e) => {
      e.preventDefault();
      try { localStorage.setItem("gouji.name", name.value.trim()); } catch { /* */ }
      this.connect({ type: "join", v: 1, room: this.code, name: name.value.trim() });
    } }, h("label", { for: "join-name" }, t("your_name")), name, h("button", { type: "submit", id: "join" }, t("join_as")),
    h("button", { type: "button", class: "small", onclick: () => this.connect({ type: "watch", v: 1, room: this.code }) }, t("watch")));
  }

  lobbyParts() {
    const link = `${location.origin}/#/room/${encodeURIComponent(this.code)}`;
    const copy = h("button", { type: "button", class: "small", onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t("copied"); } catch { /* no clipboard */ }
    } }, t("copy"));
    const against = h("select", { id: "against" });
    library().then(({ rulesets }) => fill(against, rulesets.filter((r) => r.kind === "ruleset").map((r) => h("option", { value: r.id }, `${r.name.zh} · ${r.id}`))));
    const file = h("input", { type: "file", id: "against-file", accept: ".yaml,.yml,text/plain" });
    const diffBox = h("div", { class: "diff-box" });
    // over HTTP (the rules API), so that a joiner compares before taking a seat
    const compare = async () => {
      fill(diffBox, h("p", { class: "status" }, t("checking")));
      const mine = file.files[0] ? { yaml: await file.files[0].text(), name: file.files[0].name.replace(/[^A-Za-z0-9._-]/g, "-") } : { ref: against.value };
      try { fill(diffBox, diffView(await api.diff(mine, side(this.room.rules)))); } catch (error) {
        fill(diffBox, h("p", { class: "errors", role: "alert" }, t("error", { why: error.message })), h("ul", {}, error.diagnostics.map((d) => h("li", {}, d.text ? pick(d.text) : d.message))));
      }
    };
    const parts = {
      title: h("h1", {}), card: h("div", { class: "room-card" }), seats: h("ul", { class: "seats", "aria-label": t("seats") }),
      accept: h("div", { class: "accept" }), settings: h("p", { class: "room-settings", id: "room-settings" }), host: h("section", { class: "host", hidden: true }), hostErrors: h("ul", { class: "errors" }),
      diffBox, editor: null, changes: h("section", { class: "changes", id: "rules-changes", role: "status", hidden: true }),
      proposals: h("section", { class: "proposals", id: "proposals", hidden: true }), propose: h("section", { class: "propose", hidden: true }),
      proposeErrors: h("ul", { class: "errors" }),
    };
    fill(this.lobby, parts.title,
      h("section", { class: "share", "aria-label": t("share") },
        h("p", {}, `${t("room_code")}: `, h("code", { id: "room-code" }, this.code)),
        h("p", {}, `${t("share_link")}: `, h("a", { href: link, id: "room-link" }, link), " ", copy)),
      parts.settings, parts.changes, h("h2", {}, t("seats")), parts.seats, parts.accept, parts.propose, parts.proposals,
      h("details", { class: "compare", open: true }, h("summary", {}, t("compare")),
        h("label", { for: "against" }, t("city")), against, " ",
        h("label", { for: "against-file" }, t("compare_file")), file,
        h("button", { type: "button", id: "compare", onclick: compare }, t("compare_go")), diffBox),
      parts.card, parts.host);
    return parts;
  }

  async hostEditor() {
    const p = this.parts;
    const box = h("div");
    const games = h("input", { type: "number", id: "set-games", min: 1, max: 50, value: this.room.games });
    const timer = h("input", { type: "number", id: "set-timer", min: 5, max: 600, value: this.room.timer ?? "" });
    const hints = h("input", { type: "checkbox", id: "set-hints", checked: Boolean(this.room.hints) });
    fill(p.host, h("details", { open: p.host.dataset.open === "true" }, h("summary", { id: "change-rules" }, t("change_rules")), box,
      p.hostErrors,
      h("button", { type: "button", id: "apply-rules", class: "primary", onclick: () => {
        if (!p.editor || !p.editor.ok) { fill(p.hostErrors, h("li", {}, t("rules_not_ready"))); return; }  // invalid rules are never posted
        this.errorsBox = p.hostErrors;
        this.send({ type: "rules", ...sent(p.editor) });
      } }, t("apply_rules"))),
    h("details", {}, h("summary", {}, t("room_settings")),
      h("label", { for: "set-games" }, t("games")), games, h("label", { for: "set-timer" }, t("timer")), timer,
      h("label", { class: "inline", for: "set-hints" }, hints, t("hints")),
      h("button", { type: "button", id: "apply-settings", onclick: () => this.send({ type: "settings", games: Number(games.value) || 1,
        timer: timer.value ? Number(timer.value) : null, hints: hints.checked }) }, t("apply_settings"))));
    p.editor = await this.roomEditor(box, `room:${this.code}`);  // the room's current rules are where the editor starts
  }
}
