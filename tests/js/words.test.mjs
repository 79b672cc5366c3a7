// words.js renders the server's vocabulary as bluffhouse.narration does: every case that
// `python -m bluffhouse.narration` wrote (events from whole games of every family, as a seat
// and as a spectator) reads the same line here. Run: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import {
  setVocabulary, describe, render, cardText, cardsText, bidText, actionLabel, loadVocabulary,
} from "../../src/bluffhouse/server/static/words.js";

const here = dirname(fileURLToPath(import.meta.url));
const { vocabulary, cases } = JSON.parse(readFileSync(join(here, "narration_cases.json"), "utf8"));
setVocabulary(vocabulary);

const namer = (me) => (seat) => (seat === me ? "you" : `Seat ${seat + 1}`);

test("every checked event reads as Python says it", () => {
  assert.ok(cases.length > 50, "the corpus is not empty");
  for (const c of cases) {
    assert.equal(describe(c.event, namer(c.me), c.me, c.family), c.line, JSON.stringify(c.event));
  }
});

test("the corpus covers each family's everyday events", () => {
  const seen = new Set(cases.map((c) => `${c.family}:${c.event.type}`));
  for (const want of ["cheat:play", "cheat:call", "cheat:take", "poker_bull:bid", "poker_bull:call",
    "sneak:draw", "sneak:reveal", "sneak:flaunt"]) assert.ok(seen.has(want), want);
});

test("cards and bids are written as players write them", () => {
  assert.equal(cardText("TS"), "10♠");
  assert.equal(cardText("JK"), "Joker");
  assert.equal(cardsText(["AH", "9D"]), "A♥ 9♦");
  assert.equal(bidText("two_pair K T natural"), "two pair K 10 (natural)");
  assert.equal(bidText("flush H"), "flush ♥");
});

test("a condition keeps or drops its part", () => {
  const event = { type: "pass", seat: 1, pickup: true };
  assert.equal(render("{name:seat} {v:seat:passes|pass}[?pickup| and takes]", event, namer(1), 1), "you pass and takes");
  assert.equal(render("[?pickup|yes][!pickup|no]", { pickup: false }, namer(0), 0), "no");
  assert.equal(render("[?laid!=@count|x]", { laid: 2, count: 2 }, namer(0), 0), "");
  assert.equal(render("[?laid!=@count|x]", { laid: 3, count: 2 }, namer(0), 0), "x");
});

test("an event type with no phrase still says what it holds", () => {
  assert.equal(describe({ type: "new_thing", seat: 2, count: 3 }, namer(0), 0, "cheat"), "Seat 3 new thing (count 3)");
});

test("an action's label uses the same notation", () => {
  const play = { type: "play", cards: ["TS", "TH"], claim: { rank: "T", count: 2 } };
  assert.equal(actionLabel(play, {}), "Play as 2 × 10");
});

test("a vocabulary that does not load says so", async () => {
  setVocabulary(null);
  await assert.rejects(loadVocabulary(async () => ({ ok: false, status: 503 })), /did not load \(503\)/);
  setVocabulary(vocabulary);
});
