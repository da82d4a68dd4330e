// The rules editor: pick a ruleset by city, switch packs, change rules in a form generated from the
// JSON Schema (/api/v1/form), or paste/upload YAML; every change is checked by /api/v1/check (the same
// located errors as gouji validate) and the card and fingerprint follow.
import { api, library } from "./api.js";
import { ruleCard } from "./card.js";
import { $, debounce, download, h, fill } from "./dom.js";
import { getLang, pick, t } from "./i18n.js";

const FORMAT_LINE = (format) => `format: ${format}`;
const q = (value) => JSON.stringify(value);

/** YAML for the editor's state: JSON scalars and flow lists are YAML too, so every value is written as JSON. */
export function toYaml(state, form) {
  const lines = [
    "# yaml-language-server: $schema=ruleset.draft-07.schema.json",
    "# House rules made on the gouji web page; check them with: gouji validate FILE",
    FORMAT_LINE(form.format), `id: ${q(state.id)}`, "kind: ruleset", "name:",
    `  zh: ${q(state.name.zh || "家规")}`, `  en: ${q(state.name.en || "House rules")}`,
    `extends: ${q([state.base, ...state.packs])}`,
  ];
  const about = state.description || {};
  if (about.zh || about.en) lines.push("description:", ...["zh", "en"].filter((l) => about[l]).map((l) => `  ${l}: ${q(about[l])}`));
  for (const section of form.sections) {
    const set = section.rules.filter((rule) => rule.key in state.overrides);
    if (!set.length) continue;
    lines.push(`${section.id}:`);
    for (const rule of set) lines.push(`  ${rule.key.split(".")[1]}: ${q(state.overrides[rule.key])}`);
  }
  return lines.join("\n") + "\n";
}

function valueAt(rules, key) {
  const [section, name] = key.split(".");
  return rules && rules[section] ? rules[section][name] : undefined;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
let serial = 0;
/** What each editor on the page holds, by its options.keep name: a rebuilt editor (another language) picks it up. */
const drafts = new Map();
/** Forget what the editor kept under `keep` (the next one starts from its options). */
export function forgetDraft(keep) { drafts.delete(keep); }
const uid = (key) => `f${++serial}-${key.replace(/[^a-z0-9]/gi, "-")}`;

/** One control for a schema; set(value) shows a value, the control calls change(value). */
function control(schema, defs, rule, change) {
  const id = uid(rule.key);
  const label = pick(rule.name);
  const resolve = (s) => (s && s.$ref ? defs[s.$ref.split("/").pop()] || {} : s);
  const options = schema.anyOf ? schema.anyOf.map(resolve) : null;
  if (options && options.length === 2 && options[1].type === "null" && isSimple(options[0])) {
    const inner = control(options[0], defs, rule, (v) => change(v));
    const box = h("input", { type: "checkbox", id: `${id}-on`, "aria-label": `${label}: ${t("use_value")}` });
    box.addEventListener("change", () => { inner.el.hidden = !box.checked; change(box.checked ? inner.get() ?? rule.default ?? 0 : null); });
    return {
      id: inner.id,
      el: h("span", { class: "nullable" }, h("label", { class: "inline" }, box, t("use_value")), inner.el),
      get: () => (box.checked ? inner.get() : null),
      set: (v) => { box.checked = v !== null && v !== undefined; inner.el.hidden = !box.checked; if (box.checked) inner.set(v); },
    };
  }
  if (schema.type === "boolean") {
    const box = h("input", { type: "checkbox", role: "switch", id });
    box.addEventListener("change", () => change(box.checked));
    return { id, el: box, get: () => box.checked, set: (v) => { box.checked = Boolean(v); } };
  }
  if (schema.type === "string" && schema.enum) {
    const sentences = new Map(rule.options.map((o) => [o.value, pick(o)]));
    const select = h("select", { id }, schema.enum.map((v) => h("option", { value: v }, `${v} — ${sentences.get(v) || v}`)));
    select.addEventListener("change", () => change(select.value));
    return { id, el: select, get: () => select.value, set: (v) => { select.value = v; } };
  }
  if (schema.type === "integer") {
    const input = h("input", { type: "number", id, min: schema.minimum ?? null, max: schema.maximum ?? null, inputmode: "numeric" });
    input.addEventListener("input", () => { if (input.value !== "") change(Number(input.value)); });
    return { id, el: input, get: () => (input.value === "" ? null : Number(input.value)), set: (v) => { input.value = v ?? ""; } };
  }
  if (schema.type === "string") {
    const list = schema.examples ? uid("dl") : null;
    const input = h("input", { type: "text", id, list, spellcheck: "false", autocomplete: "off", class: "expr" });
    input.addEventListener("input", () => change(input.value));
    const el = list ? h("span", {}, input, h("datalist", { id: list }, schema.examples.map((e) => h("option", { value: e })))) : input;
    return { id, el, get: () => input.value, set: (v) => { input.value = v ?? ""; } };
  }
  if (schema.type === "array" && schema.items && schema.items.enum) {
    const boxes = schema.items.enum.map((v) => h("input", { type: "checkbox", value: v }));
    const get = () => boxes.filter((b) => b.checked).map((b) => b.value);
    boxes.forEach((b) => b.addEventListener("change", () => change(get())));
    return {
      id, el: h("fieldset", { id, class: "choices" }, h("legend", { class: "sr-only" }, label),
        boxes.map((b) => h("label", { class: "inline" }, b, b.value))),
      get, set: (v) => boxes.forEach((b) => { b.checked = Array.isArray(v) && v.includes(b.value); }),
    };
  }
  if (schema.type === "array" && schema.items && (schema.items.type === "string" || schema.items.type === "integer")) {
    const numbers = schema.items.type === "integer";
    const fixed = schema.minItems !== undefined && schema.minItems === schema.maxItems ? schema.minItems : null;
    const box = h("div", { id, class: "list", role: "group", "aria-label": label });
    let items = [];
    const get = () => items.map((i) => (numbers ? Number(i.value) : i.value));
    const draw = (values) => {
      items = values.map((v, n) => {
        const input = h("input", { type: numbers ? "number" : "text", value: v, class: numbers ? "num" : "expr", spellcheck: "false",
          min: numbers ? schema.items.minimum ?? null : null, max: numbers ? schema.items.maximum ?? null : null,
          "aria-label": `${label} ${n + 1}`, list: schema.items.examples ? `${id}-dl` : null });
        input.addEventListener("input", () => change(get()));
        return input;
      });
      fill(box, items.map((input, n) => h("span", { class: "item" }, input, fixed === null
        ? h("button", { type: "button", class: "small", "aria-label": `${t("remove")} ${n + 1}`,
          onclick: () => { const v = get(); v.splice(n, 1); draw(v); change(v); } }, "−") : null)),
      fixed === null ? h("button", { type: "button", class: "small", onclick: () => { const v = [...get(), numbers ? 0 : ""]; draw(v); change(v); items.at(-1).focus(); } }, `+ ${t("add")}`) : null,
      schema.items.examples ? h("datalist", { id: `${id}-dl` }, schema.items.examples.map((e) => h("option", { value: e }))) : null);
    };
    draw([]);
    return { id, el: box, get, set: (v) => { if (!box.contains(document.activeElement)) draw(Array.isArray(v) ? v : []); } };
  }
  // anything else (nested objects, a boolean or a list of places): JSON in a text field
  const input = h("input", { type: "text", id, class: "expr json", spellcheck: "false" });
  input.addEventListener("input", () => { try { change(JSON.parse(input.value)); input.removeAttribute("aria-invalid"); } catch { input.setAttribute("aria-invalid", "true"); } });
  return { id, el: input, get: () => JSON.parse(input.value), set: (v) => { input.value = JSON.stringify(v); } };
}

function isSimple(schema) {
  return ["boolean", "integer", "string"].includes(schema.type) || (schema.type === "array" && schema.items);
}

/**
 * The editor in root. options: {base, start: {text, file} (house rules to start from), keep, onChange(editor)}. Returns the editor:
 * {yaml(), fileName(), result, plain() (the built-in id when nothing was changed), focusRule(key)}.
 */
export async function rulesEditor(root, options = {}) {
  const { rulesets, form } = await library();
  const cities = rulesets.filter((r) => r.kind === "ruleset");
  const kept = options.keep ? drafts.get(options.keep) : undefined;
  const state = kept ? structuredClone(kept.state)
    : { base: options.base || "dagang", packs: [], overrides: {}, id: "house-rules", name: { zh: "", en: "" }, description: { zh: "", en: "" }, pasted: null };
  const rows = new Map();
  let result = null;
  let valid = false;  // the last check passed (and no later edit waits for its check)
  let sequence = 0;

  const status = h("p", { class: "status", role: "status" }, t("checking"));
  const errors = h("ul", { class: "errors", "aria-label": t("errors") });
  const cardBox = h("div", { class: "card-box" });
  const about = h("p", { class: "about" });
  const picker = h("select", { id: uid("base") }, cities.map((r) => h("option", { value: r.id }, `${r.name.zh} · ${r.id} — ${r.region}`)));
  const packBox = h("fieldset", { class: "packs" }, h("legend", {}, t("packs")),
    form.packs.map((p) => {
      const box = h("input", { type: "checkbox", role: "switch", value: p.id, "data-pack": p.id });
      box.addEventListener("change", () => {
        state.packs = form.packs.map((x) => x.id).filter((id) => root.querySelector(`[data-pack="${id}"]`).checked);
        edited();
      });
      return h("label", { class: "pack", title: pick(p.description) }, box, h("span", {}, pick(p.name)), h("small", {}, p.id));
    }));
  const nameZh = h("input", { type: "text", id: uid("nzh"), maxlength: 60, placeholder: "家规" });
  const nameEn = h("input", { type: "text", id: uid("nen"), maxlength: 60, placeholder: "House rules" });
  for (const [input, lang] of [[nameZh, "zh"], [nameEn, "en"]]) input.addEventListener("input", () => { state.name[lang] = input.value; edited(); });
  const yamlBox = h("textarea", { id: uid("yaml"), rows: 14, spellcheck: "false", class: "yaml", "aria-describedby": "yaml-hint" });
  yamlBox.addEventListener("input", () => { valid = false; });
  yamlBox.addEventListener("input", debounce(() => { state.pasted = yamlBox.value; check(); }, 300));
  const upload = h("input", { type: "file", accept: ".yaml,.yml,text/yaml,text/plain", id: uid("up") });
  upload.addEventListener("change", async () => {
    const file = upload.files[0];
    if (!file) return;
    if (file.size > form.max_bytes) { fill(errors, h("li", {}, `${file.name}: > ${form.max_bytes / 1024} KiB`)); return; }
    state.pasted = await file.text();
    state.fileName = file.name;
    yamlBox.value = state.pasted;
    check();
  });

  const sections = form.sections.map((section) => {
    const count = h("span", { class: "count" });
    const body = section.rules.map((rule) => row(rule));
    return h("details", { class: "section", "data-section": section.id, open: Boolean(kept && kept.open.includes(section.id)), ontoggle: keep },
      h("summary", {}, pick(section.title), " ", count), body);
  });

  function row(rule) {
    const sentence = h("p", { class: "sentence" });
    const error = h("p", { class: "field-error", role: "alert" });
    const resetButton = h("button", { type: "button", class: "small", hidden: true,
      onclick: () => { delete state.overrides[rule.key]; edited(); } }, t("reset"));
    const ctl = control(rule.schema, form.defs, rule, (value) => { state.overrides[rule.key] = value; edited(); });
    const readings = rule.readings.map((r) => h("li", {}, h("code", {}, r.ruleset), " ", pick(r),
      r.citations.length ? h("small", {}, ` [${r.citations.join(", ")}]`) : null));
    const el = h("div", { class: "rule", "data-rule": rule.key },
      h("div", { class: "rule-head" }, h("label", { for: ctl.id }, pick(rule.name)), h("code", { class: "key" }, rule.key), resetButton),
      ctl.el, sentence, error,
      h("details", { class: "more" }, h("summary", {}, t("sources")),
        h("p", {}, pick(rule.about)),
        h("p", {}, `${t("default")}: `, pick(rule.default_sentence)),
        rule.needs.length ? h("p", {}, `${t("needs")}: ${rule.needs.join("; ")}`) : null,
        readings.length ? h("ul", {}, readings) : null));
    rows.set(rule.key, {
      el, ctl, sentence, error, resetButton,
      update(value, words, changed) {
        if (!el.contains(document.activeElement)) ctl.set(value);
        sentence.textContent = words ? pick(words) : "";
        el.classList.toggle("inactive", Boolean(words && words.active === false));
        el.classList.toggle("changed", changed);
        resetButton.hidden = !(rule.key in state.overrides);
      },
    });
    return el;
  }

  const tabs = { form: h("div", { class: "tab-form" }), yaml: h("div", { class: "tab-yaml", hidden: true }) };
  const tabButtons = ["form", "yaml"].map((name) => h("button", { type: "button", role: "tab", id: `${yamlBox.id}-tab-${name}`,
    "aria-selected": name === "form" ? "true" : "false", tabindex: name === "form" ? 0 : -1,
    "aria-controls": `${yamlBox.id}-${name}`, "data-tab": name, onclick: () => showTab(name), onkeydown: tabKey }, t(name)));
  /** The tabs pattern (WAI-ARIA): arrows, Home and End move to a tab and show it; only the shown tab is in the Tab order. */
  function tabKey(event) {
    const at = tabButtons.indexOf(event.currentTarget);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabButtons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const button = tabButtons[(to + tabButtons.length) % tabButtons.length];
    showTab(button.dataset.tab);
    button.focus();
  }
  function showTab(name) {
    for (const [n, el] of Object.entries(tabs)) el.hidden = n !== name;
    tabButtons.forEach((b) => { b.setAttribute("aria-selected", String(b.dataset.tab === name)); b.tabIndex = b.dataset.tab === name ? 0 : -1; });
    if (name === "yaml") yamlBox.value = yaml();
    keep();
  }
  /** Remember the editor's state, open sections and tab for a rebuild in the other language. */
  function keep() {
    if (!options.keep) return;
    drafts.set(options.keep, { state: structuredClone(state), tab: tabs.yaml.hidden ? "form" : "yaml",
      open: [...root.querySelectorAll("details.section[open]")].map((d) => d.dataset.section) });
  }
  tabs.form.id = `${yamlBox.id}-form`;
  tabs.yaml.id = `${yamlBox.id}-yaml`;
  for (const [name, panel] of Object.entries(tabs)) {
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", `${yamlBox.id}-tab-${name}`);
  }
  fill(tabs.form, sections);
  fill(tabs.yaml, h("p", { id: "yaml-hint" }, t("paste_hint")), h("label", { for: yamlBox.id, class: "sr-only" }, t("yaml")), yamlBox,
    h("p", {}, h("label", { for: upload.id }, t("upload")), " ", upload));

  fill(root,
    h("div", { class: "editor" },
      h("div", { class: "pick" },
        h("label", { for: picker.id }, t("city")), picker, about, packBox,
        h("div", { class: "names" }, h("label", { for: nameZh.id }, t("house_name_zh")), nameZh,
          h("label", { for: nameEn.id }, t("house_name_en")), nameEn),
        h("div", { class: "tabs", role: "tablist", "aria-label": t("rules_as") }, tabButtons),
        status, errors, tabs.form, tabs.yaml,
        h("p", {}, h("button", { type: "button", onclick: () => download(fileName(), yaml(), "application/yaml") }, t("download")))),
      h("aside", { class: "preview", "aria-label": t("card") }, cardBox)));

  picker.addEventListener("change", () => { state.base = picker.value; state.pasted = null; showAbout(); edited(); });
  const showAbout = () => {
    const found = rulesets.find((r) => r.id === state.base);
    about.textContent = found ? pick(found.description) : "";
  };

  function yaml() { return state.pasted ?? toYaml(state, form); }
  function fileName() { return state.fileName || `${state.id}.yaml`; }
  function plain() { return state.pasted === null && !state.packs.length && !Object.keys(state.overrides).length && !state.name.zh && !state.name.en
    && !state.description.zh && !state.description.en ? state.base : null; }

  function edited() {
    state.pasted = null;
    valid = false;
    if (!tabs.yaml.hidden) yamlBox.value = yaml();
    check();
  }

  const check = debounce(async () => {
    keep();
    valid = false;
    const mine = ++sequence;
    status.textContent = t("checking");
    let answer;
    try { answer = await api.check(yaml(), fileName()); } catch (error) { answer = { ok: false, diagnostics: error.diagnostics, error: error.message }; }
    if (mine !== sequence) return; // a later check is on its way
    show(answer);
  }, 250);

  function show(answer) {
    rows.forEach((r) => { r.error.textContent = ""; r.el.removeAttribute("aria-invalid"); });
    fill(errors, (answer.diagnostics || []).map((d) => {
      const key = d.pointer.split("/").filter(Boolean).slice(0, 2).join(".");
      const target = rows.get(key);
      const text = d.text ? pick(d.text) : d.message;
      if (target) { target.error.textContent = text; target.el.setAttribute("aria-invalid", "true"); }
      return h("li", { class: d.severity }, target
        ? h("a", { href: `#${target.ctl.id}`, onclick: (e) => { e.preventDefault(); focusRule(key); } }, text) : text);
    }), answer.error && !(answer.diagnostics || []).length ? h("li", {}, answer.error) : null);
    valid = Boolean(answer.ok);
    status.textContent = answer.ok ? t("valid") : t("invalid");
    status.className = `status ${answer.ok ? "ok" : "bad"}`;
    if (!answer.ok) { options.onChange && options.onChange(editor); return; }
    result = answer;
    if (state.pasted !== null) adopt(answer.own);
    const base = rulesets.find((r) => r.id === state.base);
    for (const section of form.sections) {
      let changed = 0;
      for (const rule of section.rules) {
        const value = valueAt(answer.rules, rule.key);
        const isChanged = !same(value, rule.default);
        changed += isChanged;
        rows.get(rule.key).update(value, answer.sentences[rule.key], isChanged);
      }
      const count = root.querySelector(`[data-section="${section.id}"] .count`);
      count.textContent = changed ? `(${changed} ${t("changed")})` : "";
    }
    fill(cardBox, ruleCard(answer.card));
    void base;
    options.onChange && options.onChange(editor);
  }

  /** Take the base, packs, names and overrides from a pasted file's own data, where they fit the form. */
  function adopt(own) {
    const extendsList = Array.isArray(own.extends) ? own.extends : [];
    const packIds = new Set(form.packs.map((p) => p.id));
    const base = extendsList.find((id) => cities.some((c) => c.id === id));
    if (base) { state.base = base; picker.value = base; showAbout(); }
    state.packs = extendsList.filter((id) => packIds.has(id));
    root.querySelectorAll("[data-pack]").forEach((box) => { box.checked = state.packs.includes(box.value); });
    if (typeof own.id === "string") state.id = own.id;
    if (own.name && typeof own.name === "object") { state.name = { zh: own.name.zh || "", en: own.name.en || "" }; nameZh.value = state.name.zh; nameEn.value = state.name.en; }
    const about = own.description && typeof own.description === "object" ? own.description : {};
    state.description = { zh: typeof about.zh === "string" ? about.zh : "", en: typeof about.en === "string" ? about.en : "" };
    state.overrides = {};
    for (const section of form.sections) {
      for (const rule of section.rules) {
        const value = valueAt(own, rule.key);
        if (value !== undefined) state.overrides[rule.key] = value;
      }
    }
  }

  function focusRule(key) {
    const target = rows.get(key);
    if (!target) return;
    target.el.closest("details").open = true;
    const field = $(`#${CSS.escape(target.ctl.id)}`, root) || target.el.querySelector("input, select");
    if (field) field.focus();
  }

  const editor = { yaml, fileName, plain, focusRule, get result() { return result; }, get state() { return state; }, get ok() { return valid; },
    load(text, name) { state.pasted = text; state.fileName = name; yamlBox.value = text; check(); } };
  picker.value = state.base;
  root.querySelectorAll("[data-pack]").forEach((box) => { box.checked = state.packs.includes(box.value); });
  nameZh.value = state.name.zh;
  nameEn.value = state.name.en;
  if (kept && kept.tab === "yaml") showTab("yaml");
  showAbout();
  if (!kept && options.start) editor.load(options.start.text, options.start.file);  // the room's house rules, as sent
  else check();
  void getLang;
  return editor;
}
