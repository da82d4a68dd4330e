// Card notation (docs/notation.md): ranks only, lowest first; jokers told by name and shape, not colour alone.
import { t } from "./i18n.js";

export const RANKS = ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "B", "R", "W"];
const ALIASES = [
  ["王中王", "W"], ["小王", "B"], ["小花", "B"], ["小虎", "B"], ["小鬼", "B"], ["黑鬼", "B"],
  ["大王", "R"], ["大花", "R"], ["大虎", "R"], ["大鬼", "R"], ["红鬼", "R"], ["10", "T"],
];

/** Counts per rank of a notation string; null when it is not card notation. */
export function parse(text) {
  let rest = String(text).trim();
  for (const [alias, symbol] of ALIASES) rest = rest.replaceAll(alias, symbol);
  rest = rest.replace(/[\s,，、]+/g, "").toUpperCase();
  const counts = new Array(RANKS.length).fill(0);
  for (const symbol of rest) {
    const index = RANKS.indexOf(symbol);
    if (index < 0) return null;
    counts[index] += 1;
  }
  return counts;
}

export const format = (counts) => counts.map((n, i) => RANKS[i].repeat(n)).join("");

/** Canonical notation of a string (lowest first), or null. */
export function canonical(text) {
  const counts = parse(text);
  return counts ? format(counts) : null;
}

export const isJoker = (symbol) => symbol === "B" || symbol === "R" || symbol === "W";

/** What a card says aloud and on its face. */
export function label(symbol) {
  if (symbol === "B") return t("small_joker");
  if (symbol === "R") return t("big_joker");
  if (symbol === "W") return t("top_joker");
  return symbol === "T" ? "10" : symbol;
}

/** The face: rank text, jokers with a shape as well as a colour. */
export function face(symbol) {
  if (symbol === "B") return "☆小";
  if (symbol === "R") return "★大";
  if (symbol === "W") return "✦王";
  return symbol === "T" ? "10" : symbol;
}

/** A hand grouped by rank: [[symbol, count], …] lowest first. */
export function groups(text) {
  const counts = parse(text || "") || [];
  return counts.map((n, i) => [RANKS[i], n]).filter(([, n]) => n > 0);
}

/** Notation spoken in words: "3张8、小王". */
export function spoken(text) {
  return groups(text).map(([symbol, n]) => (n > 1 ? t("n_cards", { n, rank: label(symbol) }) : label(symbol))).join(", ");
}
