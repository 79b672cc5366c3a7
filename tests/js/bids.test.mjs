// The bid builder's pure part (table/bids.js) over a grammar the server sends: the grammar of a
// Poker Bull pack from the nine up (tests/interface/test_narration.py checks the file is what
// bluffhouse.pokerbull.grammar makes today).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { parseBid, bidOf, partsOf, kindWords, partChoices, settleBid } from "../../src/bluffhouse/server/static/table/bids.js";

const here = dirname(fileURLToPath(import.meta.url));
const grammar = JSON.parse(readFileSync(join(here, "grammar_nine_up.json"), "utf8"));

test("a bid's text and its parts go both ways", () => {
  assert.deepEqual(parseBid("two_pair K 9 natural"), { cat: "two_pair", spec: ["K", "9"], natural: true });
  assert.equal(bidOf(grammar, { cat: "flush", spec: ["H", "9", "A", "J"], natural: false }), "flush H A J 9");
  assert.equal(bidOf(grammar, { cat: "pair", spec: ["T"], natural: true }), "pair T natural");
});

test("the kinds and their parts are the server's", () => {
  assert.equal(kindWords(grammar, "five"), "five of a kind");
  assert.deepEqual(partsOf(grammar, "two_pair").map((p) => p.values), ["ranks_above_lowest", "ranks_below_previous"]);
  assert.deepEqual(partsOf(grammar, "nonsense"), []);
});

test("listed bids offer their own values; a capped list offers every value of the pack", () => {
  const listed = ["pair 9", "pair K", "two_pair K 9"].map(parseBid);
  assert.deepEqual(partChoices(grammar, false, "pair", 0, [], listed), { values: ["9", "K"], end: false });
  const capped = partChoices(grammar, true, "two_pair", 1, ["J"], listed);
  assert.deepEqual(capped.values, ["9", "T"]); // the lower pair: below the jack, in this pack
  assert.deepEqual(partChoices(grammar, true, "straight", 0, [], []).values, ["K", "A"]);
});

test("a pick is settled to what is on offer", () => {
  const listed = ["pair 9", "pair K"].map(parseBid);
  assert.deepEqual(settleBid(grammar, false, 0, { cat: "pair", spec: ["Q"], natural: true }, listed),
    { cat: "pair", spec: ["9"], natural: false }); // no queens listed; no jokers: not natural
  assert.deepEqual(settleBid(grammar, false, 2, { cat: "pair", spec: ["K"], natural: true }, listed),
    { cat: "pair", spec: ["K"], natural: true });
});
