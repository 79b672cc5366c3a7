// Poker Bull: a bid built from its parts: the kind of hand, then its ranks or suit from the
// left (each may be left open: "any"), then "natural". The grammar (the kinds, each part's name
// and where its values come from, this pack's ranks, suits and straight tops) is data from the
// server (bluffhouse.pokerbull.grammar, sent with a game's first state). The menus offer the
// parts of the listed bids, and a listed bid is offered at once. Where the list is a subset
// (capped: at a hand's opening the engine leaves out the flushes naming three or more ranks)
// they offer every value the grammar has, and a bid missing from the list is put to the server
// (a check message): its Bid button waits for the answer, and a refusal is shown in the
// engine's words. The page never decides that a bid is legal.
//
// Pure functions of the grammar and the listed bids: no page, no state (tests/js tests them).

const unique = (items) => [...new Set(items)];
const category = (grammar, cat) => (grammar && grammar.categories.find((c) => c.id === cat)) || null;

export const partsOf = (grammar, cat) => (category(grammar, cat) || { parts: [] }).parts;
export const kindWords = (grammar, cat) => (category(grammar, cat) || { words: cat.replaceAll("_", " ") }).words;
const rankAt = (grammar, rank) => (grammar ? grammar.ranks.indexOf(rank) : -1);
export const rankDown = (grammar, ranks) => [...ranks].sort((a, b) => rankAt(grammar, b) - rankAt(grammar, a));

// "two_pair K 9 natural" -> {cat: "two_pair", spec: ["K", "9"], natural: true}
export function parseBid(text) {
  const parts = text.split(" ");
  const natural = parts[parts.length - 1] === "natural";
  if (natural) parts.pop();
  const [cat, ...spec] = parts;
  return { cat, spec, natural };
}

// The canonical text (what legal_actions lists): a flush's ranks highest first.
export function bidOf(grammar, pick) {
  const spec = pick.cat === "flush" && pick.spec.length > 1 ? [pick.spec[0], ...rankDown(grammar, pick.spec.slice(1))] : pick.spec;
  return [pick.cat, ...spec, ...(pick.natural ? ["natural"] : [])].join(" ");
}

const samePrefix = (spec, prefix) => prefix.every((x, i) => spec[i] === x);

// What part i of a bid of this kind may be after the parts before it: the values of the listed
// bids, and where the list is capped every value the grammar has; and whether the bid may stop
// before it (its parts are named from the left).
export function partChoices(grammar, capped, cat, i, prefix, listed) {
  const part = partsOf(grammar, cat)[i];
  const mine = listed.filter((b) => b.cat === cat && samePrefix(b.spec, prefix));
  let values = unique(mine.filter((b) => b.spec.length > i).map((b) => b.spec[i]));
  let end = mine.some((b) => b.spec.length === i);
  if (capped) {
    const g = grammar;
    const lists = {
      ranks: g.ranks, ranks_above_lowest: g.ranks.slice(1),
      ranks_below_previous: g.ranks.filter((r) => rankAt(g, r) < rankAt(g, prefix[0])),
      ranks_except_previous: g.ranks.filter((r) => r !== prefix[0]),
      suits: g.suits, straight_tops: g.straight_tops, straight_flush_tops: g.straight_flush_tops,
    };
    values = unique([...(lists[part.values] || []), ...values]);
    end = true;
  }
  return { values, end };
}

// The pick made whole: every part still on offer kept, one that is not replaced by the first on
// offer (or dropped, where the bid may stop there); "natural" only where jokers are in play.
export function settleBid(grammar, capped, jokers, pick, listed) {
  const spec = [];
  const parts = partsOf(grammar, pick.cat);
  for (let i = 0; i < parts.length; i += 1) {
    if (parts[i].values === "flush_ranks") { // a flush's ranks, as ticked (after its suit)
      if (spec.length === i) spec.push(...rankDown(grammar, pick.spec.slice(i).filter((r) => grammar.ranks.includes(r))));
      break;
    }
    const { values, end } = partChoices(grammar, capped, pick.cat, i, spec, listed);
    const want = pick.spec[i];
    if (want !== undefined && values.includes(want)) spec.push(want);
    else if (end || !values.length) break;
    else spec.push(values[0]);
  }
  const natural = pick.natural && Boolean(jokers) && pick.cat !== "five";
  return { cat: pick.cat, spec, natural };
}
