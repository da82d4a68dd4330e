// The rule card, a fingerprint and a diff, drawn from the server's data (every text as text).
import { h } from "./dom.js";
import { getLang, pick, t } from "./i18n.js";

/** The fingerprint, large, with its label (what players compare aloud). */
export function fingerprint(fp) {
  return h("p", { class: "fingerprint" }, h("span", {}, t("fingerprint"), " "),
    h("code", { "data-fingerprint": fp, "aria-label": `${t("fingerprint")} ${String(fp).split("").join(" ")}` }, fp));
}

/** cards: {zh: CARD, en: CARD}, each as the server sends it (text/card.py Card.to_json, with its words). */
export function ruleCard(cards, { open = false } = {}) {
  const card = cards[getLang()] || cards.zh || cards.en;
  if (!card) return h("div");
  const departures = card.departures.length
    ? h("section", { class: "departures" }, h("h3", {}, card.departures_title),
      h("ul", {}, card.departures.map((d) => h("li", {}, h("strong", {}, d.name), " ", d.text,
        h("span", { class: "base" }, card.base_word, d.base)))))
    : h("p", {}, card.same);
  return h("article", { class: "card", "aria-label": card.title },
    h("h2", {}, card.name),
    fingerprint(card.fingerprint),
    // a long description (up to the schema's 2000 characters) scrolls in its box instead of making the page tall
    card.description ? h("p", { class: "description", tabindex: 0 }, card.description) : null,
    departures,
    h("details", { open }, h("summary", {}, card.rest_title),
      card.sections.map((s) => h("section", {}, h("h4", {}, s.title), h("ul", {}, s.sentences.map((x) => h("li", {}, x)))))),
    h("p", { class: "footer" }, card.footer));
}

/** A semantic diff ({a, b, same, changes, rules?}) in words. */
export function diffView(diff) {
  const lang = getLang();
  const meanings = new Map((diff.rules || []).map((r) => [r.rule, r]));
  const rules = [...new Set(diff.changes.map((c) => c.rule))];
  return h("section", { class: "diff", "aria-live": "polite" },
    h("p", { class: "diff-sum" }, `${pick(diff.a.name)} → ${pick(diff.b.name)}: `,
      diff.same ? t("same_rules") : t("n_differ", { n: rules.length })),
    h("ul", {}, rules.map((rule) => {
      const change = diff.changes.find((c) => c.rule === rule);
      const words = meanings.get(rule);
      const meaning = words ? words.meaning[lang] : (typeof change.meaning === "object" ? pick(change.meaning) : change.meaning);
      return h("li", { "data-rule": rule }, h("strong", {}, words ? words.name[lang] : rule), " ", h("code", {}, rule),
        h("div", {}, meaning || `${JSON.stringify(change.old)} → ${JSON.stringify(change.new)}`));
    })));
}
