// The page's shell: the language switch and the views (#/, #/rules, #/new, #/room/CODE).
import { api } from "./api.js";
import { $, fill, h } from "./dom.js";
import { getLang, onLang, setLang, t } from "./i18n.js";
import { rulesEditor } from "./rules.js";
import { openRoom, closeRoom } from "./room.js";

const main = $("#main");

function chrome() {
  document.documentElement.lang = getLang() === "zh" ? "zh-Hans" : "en";
  $("#brand").textContent = t("title");
  $("#nav-rules").textContent = t("rules_nav");
  const button = $("#lang");
  button.textContent = t("lang_other");
  button.lang = getLang() === "zh" ? "en" : "zh-Hans";
}

function home() {
  const code = h("input", { type: "text", id: "join-code", autocomplete: "off", spellcheck: "false", required: true, maxlength: 64 });
  fill(main, h("section", { class: "home" },
    h("h1", {}, t("title")), h("p", {}, t("home_intro")),
    h("p", {}, h("a", { class: "button primary", href: "#/new", id: "go-create" }, t("create"))),
    h("form", { class: "join", onsubmit: (e) => { e.preventDefault(); const value = code.value.trim(); if (value) location.hash = `#/room/${encodeURIComponent(value)}`; } },
      h("label", { for: "join-code" }, t("room_code")), code, h("button", { type: "submit" }, t("join"))),
    h("p", {}, h("a", { href: "#/rules" }, t("edit_rules")))));
}

async function rulesView() {
  const box = h("div");
  fill(main, h("h1", {}, t("rules_nav")), box);
  await rulesEditor(box, { keep: "rules" });
}

/** The new room's settings as typed so far: a switch of language rebuilds the form with them. */
const settingsDraft = {};

/** Keep each field's value in settingsDraft under its id, and put back what was kept. */
function kept(...fields) {
  for (const field of fields) {
    const prop = field.type === "checkbox" ? "checked" : "value";
    if (field.id in settingsDraft) field[prop] = settingsDraft[field.id];
    field.addEventListener(field.tagName === "SELECT" || field.type === "checkbox" ? "change" : "input", () => { settingsDraft[field.id] = field[prop]; });
  }
}

async function newRoom() {
  const box = h("div");
  const name = h("input", { type: "text", id: "host-name", maxlength: 24, required: true, value: storedName() });
  const games = h("input", { type: "number", id: "games", min: 1, max: 50, value: 1, inputmode: "numeric" });
  const timer = h("input", { type: "number", id: "timer", min: 5, max: 600, inputmode: "numeric" });
  const hints = h("input", { type: "checkbox", id: "hints" });
  const bots = [1, 2, 3, 4, 5].map((seat) => h("select", { id: `bot-${seat}`, "aria-label": t("seat_n", { n: seat }) },
    h("option", { value: "" }, t("person")), h("option", { value: "heuristic" }, t("bot_heuristic")),
    h("option", { value: "strong" }, t("bot_strong")), h("option", { value: "basic" }, t("bot_basic"))));
  kept(name, games, timer, hints, ...bots);
  const problem = h("p", { class: "errors", role: "alert" });
  let editor = null;
  const submit = async (event) => {
    event.preventDefault();
    problem.textContent = "";
    if (!editor || !editor.ok) { problem.textContent = t("rules_not_ready"); return; }  // invalid rules are never posted
    const body = { host: name.value.trim(), seat: 0, games: Number(games.value) || 1, timer: timer.value ? Number(timer.value) : null, hints: hints.checked, bots: {} };
    bots.forEach((select, i) => { if (select.value) body.bots[String(i + 1)] = select.value; });
    const plain = editor.plain();
    if (plain) body.ruleset = plain; else { body.yaml = editor.yaml(); body.name = editor.fileName(); }
    try {
      const made = await api.createRoom(body);
      remember(made.room, { token: made.token, seat: made.seat });
      localStorage.setItem("gouji.name", body.host);
      location.hash = `#/room/${encodeURIComponent(made.room)}`;
    } catch (error) {
      problem.textContent = t("error", { why: error.message });
      for (const d of error.diagnostics || []) problem.append(h("span", { class: "diag" }, d.text ? d.text[getLang()] || d.text.en : d.message));
    }
  };
  fill(main, h("h1", {}, t("create")), box,
    h("form", { class: "settings", onsubmit: submit, "aria-label": t("room_settings") },
      h("h2", {}, t("room_settings")),
      h("label", { for: "host-name" }, t("your_name")), name,
      h("label", { for: "games" }, t("games")), games,
      h("label", { for: "timer" }, t("timer")), timer,
      h("label", { class: "inline", for: "hints" }, hints, t("hints")),
      h("fieldset", {}, h("legend", {}, t("seats")), h("p", {}, `${t("seat_n", { n: 0 })}: ${t("you")}（${t("host")}）`), h("p", { class: "why-zero" }, t("seats_from_zero")),
        bots.map((select, i) => h("label", { class: "inline" }, t("seat_n", { n: i + 1 }), " ", select))),
      problem, h("button", { type: "submit", class: "primary", id: "create-room" }, t("create_room"))));
  editor = await rulesEditor(box, { keep: "new" });
}

export function storedName() { try { return localStorage.getItem("gouji.name") || ""; } catch { return ""; } }

export function remember(code, seat) { try { localStorage.setItem(`gouji.seat.${code}`, JSON.stringify(seat)); } catch { /* private mode */ } }

async function route() {
  closeRoom();
  const hash = decodeURIComponent(location.hash || "#/");
  const room = hash.match(/^#\/room\/([^?]+)(?:\?t=(.+))?$/);
  chrome();
  if (room) return openRoom(main, room[1], room[2] || null);
  if (hash === "#/rules") return rulesView();
  if (hash === "#/new") return newRoom();
  return home();
}

$("#lang").addEventListener("click", () => setLang(getLang() === "zh" ? "en" : "zh"));
onLang(() => route());
window.addEventListener("hashchange", route);
route();
