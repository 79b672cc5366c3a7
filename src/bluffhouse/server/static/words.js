// Plain words for cards, bids, actions and the engine's events (as the terminal game says them).
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

export function cardText(card) {
  if (card === "JK") return "Joker";
  return `${card[0] === "T" ? "10" : card[0]}${SUITS[card[1]] || "?"}`;
}

const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

// "queen of hearts", for screen readers
export function cardName(card) {
  if (card === "JK") return "joker";
  return `${RANK_NAMES[card[0]] || card[0]} of ${SUIT_NAMES[card[1]] || card[1]}`;
}

export function cardsText(cards) { return (cards || []).map(cardText).join(" "); }

const rankWord = (rank) => (rank === "T" ? "10" : rank);
const suitWord = (suit) => SUIT_NAMES[suit] || suit;

// "two_pair K 9 natural" -> "two pair K 9 (natural)"
export function bidText(bid) {
  const parts = String(bid).split(" ");
  const natural = parts[parts.length - 1] === "natural" ? parts.pop() : null;
  const [cat, ...rest] = parts;
  const shown = rest.map((t) => (SUITS[t] ? `${SUITS[t]}` : rankWord(t)));
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

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// One sentence for an event. `name(seat)` gives "you" for the viewer's own seat; `table.sneak`
// says the game is Sneak (where a pass declines a challenge).
export function describe(event, name, me, table = {}) {
  const kind = event.type;
  const seat = typeof event.seat === "number" ? event.seat : null;
  const who = seat === null ? "" : name(seat);
  const you = seat !== null && seat === me;
  const verb = (third, second) => (you ? second : third);
  const shown = event.cards && event.cards.length ? ` (${cardsText(event.cards)})` : "";
  const colon = event.cards && event.cards.length ? `: ${cardsText(event.cards)}` : "";
  switch (kind) {
    case "deal":
      if (event.sizes) return `hand ${event.hand} dealt (${event.sizes.join(" / ")} cards)${event.cards ? `; you hold ${cardsText(event.cards)}` : ""}`;
      return `cards dealt${event.cards ? `; you hold ${cardsText(event.cards)}` : ""}`;
    case "play": {
      const claim = `${event.count} × ${rankWord(event.rank)}${event.suit ? ` of ${suitWord(event.suit)}` : ""}`;
      const laid = event.laid !== undefined && event.laid !== event.count ? ` (laying ${event.laid})` : "";
      return `${who} ${verb("plays", "play")} ${claim}${laid}${shown}`;
    }
    case "call":
      if (event.caller !== undefined) {
        const hands = (event.hands || []).map((h, s) => `${name(s)}: ${h.length ? cardsText(h) : "-"}`).join("; ");
        return `${name(event.caller)} ${event.caller === me ? "call" : "calls"} ${event.bidder === me ? "your" : `${name(event.bidder)}'s`} ${bidText(event.bid)}: it ${event.exists ? "is there" : "is not there"}, the best hand being ${bidText(event.best)}; ${name(event.loser)} ${event.loser === me ? "lose" : "loses"} the call. Hands: ${hands}`;
      }
      if (event.target !== undefined) {
        return `${who} ${verb("calls", "call")} "${event.word || "bluff"}!" on ${name(event.target)}: the cards${shown} were ${event.truthful ? "true" : "a bluff"}`;
      }
      return `${who} ${verb("calls", "call")}`;
    case "believe":
      return `${who} ${verb("believes", "believe")} ${name(event.target)}: the cards${shown} were ${event.truthful ? "true" : "a bluff"}`;
    case "called": return `${who} ${verb("calls", "call")} "${event.word || "bluff"}!" on ${name(event.target)}, who shows the cards`;
    case "check": return `${who} ${verb("checks", "check")} ${event.target === me ? "your" : `${name(event.target)}'s`} play${shown}`;
    case "take":
      if (event.from !== undefined) return `${who} ${verb("takes", "take")} the call's pile (${plural(event.count, "card")}) from ${name(event.from)}${colon}`;
      return `${who} ${verb("takes", "take")} the pile (${plural(event.count, "card")})${colon}`;
    case "decline": return `${who} ${verb("lets", "let")} it go`;
    case "pass":
      if (table.sneak) return `${who} ${verb("lets", "let")} it go`; // Sneak: declining a challenge
      return `${who} ${verb("passes", "pass")}${event.pickup ? ` and ${verb("picks", "pick")} up the pile` : ""}`;
    case "discard": return `everyone passed: ${plural(event.count, "card")} discarded unseen`;
    case "out":
      return event.place !== undefined ? `${who} ${verb("is", "are")} out of cards (place ${event.place})` : `${who} ${verb("is", "are")} out`;
    case "game_over":
      return `game over${typeof event.winner === "number" ? `: ${name(event.winner)} won` : ": a shared win"}`;
    case "bid":
      if (typeof event.bid === "string") return `${who} ${verb("bids", "bid")} ${bidText(event.bid)}`;
      return `${who} ${verb("bids", "bid")} ${event.count}${event.rank ? ` × ${rankWord(event.rank)}` : ""}`;
    case "bid_pass": return `${who} ${verb("passes", "pass")} on the bidding`;
    case "lose": return `${who} ${verb("loses", "lose")} the call: ${plural(event.cards_next, "card")} next hand`;
    case "recharge": return "recharge: everyone still in gets one more card";
    case "jokers_leave": return "the jokers leave the game";
    case "first_player": return `${who} ${verb("starts", "start")}${event.why ? ` (${event.why})` : ""}`;
    case "draw":
      return `${who} ${verb("draws", "draw")}${event.card ? ` ${cardText(event.card)}` : ""}; ${event.stock_size} left in the stock`;
    case "sneak": return `${who} ${verb("sneaks", "sneak")} ${plural(event.count, "card")} face down${shown}`;
    case "flaunt": return `${who} ${verb("flaunts", "flaunt")} ${cardsText(event.cards)}${event.combo ? ` (${event.combo})` : ""}`;
    case "challenge": return `${who} ${verb("challenges", "challenge")} with ${plural(event.count, "card")}${shown}`;
    case "won": return `${who} ${verb("wins", "win")} ${plural(event.count, "card")} unchallenged${shown}`;
    case "reveal": {
      const plays = (event.plays || []).map((p) => `${name(p.seat)} ${cardsText(p.cards)}${p.combo ? ` (${p.combo})` : ""}`).join(", ");
      return `challenge turned up: ${plays}; ${name(event.winner)} ${event.winner === me ? "win" : "wins"} ${plural(event.count, "card")}`;
    }
    case "cheat_private": // a table cheat: the details reach only the seats it touches
      if (event.cheat === "hide") return `${who} ${verb("hides", "hide")} ${cardsText(event.cards)} (a table cheat)`;
      if (event.cheat === "give") return `${who} ${verb("slips", "slip")} ${cardsText(event.cards)} into ${name(event.to)}'s hand (a table cheat)`;
      if (event.cheat === "given") return `${who} ${verb("slips", "slip")} ${cardsText(event.cards)} into ${me === null ? "a" : "your"} hand (a table cheat)`;
      if (event.cheat === "peek") return `${who} ${verb("peeks", "peek")} at a card of ${name(event.at)}: ${cardsText(event.cards)}`;
      return `${who} ${verb("does", "do")} something under the table (a table cheat, open to accusation until the next turn)`;
    case "accuse":
      return `${who} ${verb("accuses", "accuse")} ${name(event.target)} of cheating: ${event.caught
        ? `caught${event.cheats && event.cheats.length ? ` (${event.cheats.join(", ").replaceAll("_", " ")})` : ""}` : "a false accusation"}`;
    case "uncontested": return `${who} ${verb("keeps", "keep")} the last ${plural(event.count, "card")} uncontested`;
    case "deal_start": return `deal ${event.deal} begins: ${event.stock_size} cards in the stock`;
    case "deal_end": return `deal ${event.deal} over: won ${(event.won || []).join(" / ")}, scores ${(event.scores || []).join(" / ")}`;
    default: {
      const rest = Object.entries(event).filter(([k]) => !["type", "seat"].includes(k))
        .map(([k, v]) => `${k.replaceAll("_", " ")} ${Array.isArray(v) && v.every((x) => typeof x === "string" && x.length === 2) ? cardsText(v) : typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${who ? `${who} ` : ""}${kind.replaceAll("_", " ")}${rest.length ? ` (${rest.join(", ")})` : ""}`;
    }
  }
}
