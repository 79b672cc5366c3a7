// Plain words for cards, bids, actions and the engine's events. The notation (rank words,
// suit symbols and names, bid categories) and the phrases for events are data from the server
// (bluffhouse.narration, served at /api/narration): call loadVocabulary() (or setVocabulary)
// before anything here is rendered.
let VOCABULARY = null;

export function setVocabulary(vocabulary) { VOCABULARY = vocabulary; }

export async function loadVocabulary(fetcher = fetch) {
  if (!VOCABULARY) {
    const response = await fetcher("/api/narration");
    if (!response.ok) throw new Error(`the table's words did not load (${response.status})`);
    VOCABULARY = await response.json();
  }
  return VOCABULARY;
}

function vocabulary() {
  if (!VOCABULARY) throw new Error("words.js: the vocabulary is not loaded yet (loadVocabulary)");
  return VOCABULARY;
}

const rankWord = (rank) => vocabulary().ranks[rank] || rank;
const suitWord = (suit) => vocabulary().suit_names[suit] || suit;
const suitSymbol = (suit) => vocabulary().suit_symbols[suit];

// The notation for the rest of the page: "10" for T, "spades", "♠", "spades ♠".
export const rankText = (rank) => rankWord(rank);
export const suitName = (suit) => suitWord(suit);
export const suitSign = (suit) => suitSymbol(suit) || suit;
export const suitText = (suit) => `${suitWord(suit)} ${suitSymbol(suit) || ""}`.trim();

export function cardText(card) {
  if (card === "JK") return "Joker";
  return `${rankWord(card[0])}${suitSymbol(card[1]) || "?"}`;
}

// What a card's face shows: its suit class letter, the rank (10 for T, a star for a joker) and
// the suit's symbol; the hand's cards and the board's face-up cards draw the same faces.
export function cardFace(card) {
  if (card === "JK") return { suit: "J", rank: "★", symbol: "Joker" };
  return { suit: card[1], rank: rankWord(card[0]), symbol: suitSymbol(card[1]) || "?" };
}

const SPOKEN_RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

// "queen of hearts", for screen readers
export function cardName(card) {
  if (card === "JK") return "joker";
  return `${SPOKEN_RANKS[card[0]] || card[0]} of ${suitWord(card[1])}`;
}

export function cardsText(cards) { return (cards || []).map(cardText).join(" "); }

// "two_pair K 9 natural" -> "two pair K 9 (natural)"
export function bidText(bid) {
  const parts = String(bid).split(" ");
  const natural = parts[parts.length - 1] === "natural" ? parts.pop() : null;
  const [cat, ...rest] = parts;
  const shown = rest.map((t) => suitSymbol(t) || rankWord(t));
  return `${cat.replaceAll("_", " ")}${shown.length ? ` ${shown.join(" ")}` : ""}${natural ? " (natural)" : ""}`;
}

// A button's words for an action. `name(seat)` names a seat as the table does ("Counter 2").
export function actionLabel(action, view, name = (seat) => `seat ${seat + 1}`) {
  const n = (action.cards || []).length;
  switch (action.type) {
    case "cheat": // British Cheat's table cheats: done in secret, open to accusation
      if (action.cheat === "hide") return `Hide ${cardsText(action.cards)} (cheat)`;
      if (action.cheat === "give") return `Slip ${cardsText(action.cards)} to ${name(action.seat)} (cheat)`;
      if (action.cheat === "peek") return `Peek at a card of ${name(action.seat)} (cheat)`;
      break;
    case "accuse": return `Accuse ${name(action.seat)} of cheating`;
    case "show":
      return action.cards ? `Show ${cardsText(action.cards)} instead (swap)` : "Show the cards laid";
    case "play": {
      const claim = action.claim || {};
      const suit = claim.suit ? ` of ${suitWord(claim.suit)}` : "";
      const what = `${claim.count} × ${rankWord(claim.rank)}${suit}`;
      return n === claim.count ? `Play as ${what}` : `Lay ${n}, claim ${what}`;
    }
    case "sneak": return `Sneak ${n} face down`;
    case "flaunt": return `Flaunt ${cardsText(action.cards)}`;
    case "challenge": return `Challenge with ${n}`;
    case "bid":
      if (typeof action.bid === "string") return `Bid ${bidText(action.bid)}`;
      return `Bid ${action.count}${action.rank ? ` × ${rankWord(action.rank)}` : ""}`;
    case "call": return view && view.call_word ? `${view.call_word}!` : "Call";
    default: break;
  }
  const extra = Object.entries(action).filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${Array.isArray(v) ? cardsText(v) : typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${action.type.charAt(0).toUpperCase()}${action.type.slice(1).replaceAll("_", " ")}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

// ------------------------------------------------------------------ events
// Each family's phrases, filled in the way bluffhouse.narration fills them in for the terminal:
// this file holds no sentence of its own, and tests/js checks it says every checked case as
// Python does.
const holds = (v) => v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0);

function met(cond, event) {
  if (cond.startsWith("!")) return !holds(event[cond.slice(1)]);
  if (cond.includes("!=@")) {
    const [key, other] = cond.split("!=@");
    return holds(event[key]) && event[key] !== event[other];
  }
  if (cond.includes("=")) {
    const at = cond.indexOf("=");
    return String(event[cond.slice(0, at)]) === cond.slice(at + 1);
  }
  return holds(event[cond]);
}

function fill(spec, event, name, me) {
  const [fmt, key, arg = ""] = spec.split(":");
  const value = key in event ? event[key] : "";
  const cards = (list) => list.map(cardText).join(" ");
  switch (fmt) {
    case "name": return name(Number(value));
    case "whose": return value === me ? "your" : `${name(Number(value))}'s`;
    case "v": { const [third, second] = arg.split("|"); return value === me ? second : third; }
    case "yes": { const [yes, no] = arg.split("|"); return holds(value) ? yes : no; }
    case "n": return `${Number(value)} ${arg}${Number(value) === 1 ? "" : "s"}`;
    case "join": return value.map(String).join(" / ");
    case "card": return cardText(String(value));
    case "cards": return cards(value);
    case "rank": return rankWord(String(value));
    case "suit": return suitWord(String(value));
    case "bid": return bidText(String(value));
    case "words": return value.map((w) => String(w).replaceAll("_", " ")).join(", ");
    case "hands": return value.map((h, s) => `${name(s)}: ${cards(h) || "-"}`).join("; ");
    case "plays": return value.map((p) => `${name(p.seat)} ${cards(p.cards)}${p.combo ? ` (${p.combo})` : ""}`).join(", ");
    default: return String(value);
  }
}

export function render(template, event, name, me) {
  return template.replace(/\[([?!])([^|\]]+)\|([^\]]*)\]|\{([^}]*)\}/g, (whole, sign, cond, text, spec) => {
    if (spec !== undefined) return fill(spec, event, name, me);
    if (!met(sign === "?" ? cond : `!${cond}`, event)) return "";
    return text.replace(/\{([^}]*)\}/g, (_, inner) => fill(inner, event, name, me));
  });
}

// One sentence for an event, as seat `me` saw it (null: a spectator). `name(seat)` gives
// "you" for the viewer's own seat; `family` is the game's family ("cheat", "poker_bull",
// "sneak"), whose phrases are used.
export function describe(event, name, me, family = "cheat") {
  const phrases = VOCABULARY && VOCABULARY.families[family];
  for (const variant of (phrases && phrases[event.type]) || []) {
    if ((variant.when || []).every((c) => met(c, event))) return render(variant.say, event, name, me);
  }
  const rest = Object.entries(event).filter(([k]) => !["type", "seat"].includes(k))
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${Array.isArray(v) ? v.join(" ") : typeof v === "object" ? JSON.stringify(v) : v}`);
  const who = typeof event.seat === "number" ? `${name(event.seat)} ` : "";
  return `${who}${String(event.type).replaceAll("_", " ")}${rest.length ? ` (${rest.join(", ")})` : ""}`;
}
