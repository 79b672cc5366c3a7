// The player's hand: cards picked by click or key, the legal actions that use exactly those cards, and the claim chooser (a built play is put to the server before it is offered).
import { $, el, capital, unique } from "./dom.js";
import { cardFace, cardName, actionLabel, rankText, suitSign } from "../words.js";

const WITH_CARDS = ["play", "sneak", "flaunt", "challenge", "cheat"]; // those with cards: picked from the hand
const claimKey = (claim) => `${claim.rank}|${claim.count}|${claim.suit || ""}`;
const rankLabel = rankText;

// The functions of this part of the table, over the table's state `S`; `ui` holds every part's
// functions (filled in by room.js), for the calls between parts.
export function makeHand(S, ui) {
  function cardEl(card, index, selectable) {
    const { suit, rank, symbol } = cardFace(card);
    const selected = S.selected.has(index);
    const node = el("button", {
      type: "button", class: `card s-${suit}${selected ? " selected" : ""}`, "data-card": card, "data-index": index,
      "aria-pressed": selected ? "true" : "false", "aria-label": cardName(card), disabled: !selectable, title: index < 10 ? `key ${(index + 1) % 10}` : undefined,
    }, el("span", { class: "rank", text: rank }), el("span", { class: "suit", text: symbol }));
    node.addEventListener("click", () => toggle(index));
    return node;
  }

  function cardActions() { return (S.legal || []).filter((a) => WITH_CARDS.includes(a.type) && Array.isArray(a.cards)); }

  function renderHand() {
    const hand = S.view.hand || [];
    const selectable = ui.myTurn() && cardActions().length > 0;
    // cards new in the hand are dealt in (the Motion toggle animates them)
    const before = [...(S.shownHand || [])];
    const nodes = hand.map((card, i) => {
      const node = cardEl(card, i, selectable);
      const at = before.indexOf(card);
      if (at >= 0) before.splice(at, 1);
      else if (S.shownHand) { node.classList.add("dealt"); node.style.animationDelay = `${Math.min(i, 12) * 40}ms`; }
      return node;
    });
    S.shownHand = hand.slice();
    $("#hand").replaceChildren(...nodes);
    $("#hand").classList.toggle("active", selectable);
    if (!hand.length && S.seat !== null) $("#hand").append(el("span", { class: "muted", text: "No cards in your hand." }));
  }

  function toggle(index) {
    if (!ui.myTurn()) return;
    if (S.selected.has(index)) S.selected.delete(index); else S.selected.add(index);
    S.claimPick = null;
    renderHand();
    ui.renderActions();
  }

  // The legal actions that use exactly the selected cards. Where suits do not matter the engine
  // may list one play per set of ranks: a listed play with the same ranks then stands for the
  // selected cards (the server checks the action all the same).
  function matching() {
    const hand = S.view.hand || [];
    const picked = [...S.selected].sort((a, b) => a - b).map((i) => hand[i]);
    if (!picked.length) return [];
    const exact = [...picked].sort().join(",");
    const ranks = picked.map((c) => c[0]).sort().join(",");
    const out = [];
    const seen = new Set();
    for (const action of cardActions()) {
      if (action.cards.length !== picked.length) continue;
      let chosen = null;
      if ([...action.cards].sort().join(",") === exact) chosen = action;
      else if (action.type === "play" && action.cards.map((c) => c[0]).sort().join(",") === ranks) chosen = { ...action, cards: picked };
      if (!chosen) continue;
      const k = JSON.stringify({ ...chosen, cards: exact });
      if (!seen.has(k)) { seen.add(k); out.push(chosen); }
    }
    return out;
  }

  function pickedCards() {
    const hand = S.view.hand || [];
    return [...S.selected].sort((a, b) => a - b).map((i) => hand[i]);
  }

  // Every claim the listed plays make, in their order (a capped list still holds every claim
  // available: CONTRACT.md), kept for the list it came from.
  function listedClaims() {
    if (S.claimsOf !== S.legal) {
      const seen = new Map();
      for (const a of cardActions()) if (a.type === "play" && a.claim && !seen.has(claimKey(a.claim))) seen.set(claimKey(a.claim), a.claim);
      S.claimsOf = S.legal; S.claimsList = [...seen.values()];
    }
    return S.claimsList;
  }

  function checkFor(action) {
    const key = JSON.stringify(action);
    let entry = S.checks.get(key);
    if (!entry) {
      entry = { id: `c${Date.now().toString(36)}-${S.checkNo++}`, legal: undefined, message: "" };
      S.checks.set(key, entry);
      if (!ui.send({ type: "check", version: S.msg.version, action, id: entry.id })) S.checks.delete(key);
    }
    return entry;
  }

  // What the selected cards can do: the listed actions that use exactly them (buttons, or a
  // claim chooser when there are many claims); and where the list is capped (a lead of many
  // cards with any claim: the server sends a subset), the other claims of the listed plays and
  // the other kinds, built from the selection and put to the server (check): a built action is
  // offered only once the server says it is legal. The page never decides legality itself.
  function selectionChoices(found) {
    const v = S.view;
    const picked = pickedCards();
    const nodes = [];
    let hint = "";
    const plays = found.filter((a) => a.type === "play" && a.claim);
    const others = found.filter((a) => !plays.includes(a));
    const claims = plays.map((a) => ({ claim: a.claim, known: true }));
    if (S.capped) {
      const known = new Set(claims.map((c) => claimKey(c.claim)));
      for (const claim of listedClaims()) if (!known.has(claimKey(claim))) claims.push({ claim, known: false });
    }
    if (claims.length > 6 || claims.some((c) => !c.known)) {
      const made = claimChooser(picked, claims);
      nodes.push(made.node);
      hint = made.hint;
    } else for (const action of plays) nodes.push(button(actionLabel(action, v, ui.seatName), action, action.type, "primary"));
    const later = []; // table cheats come after the game's own moves
    for (const action of others) {
      if (action.type === "cheat") later.push(button(actionLabel(action, v, ui.seatName), action, action.type, ""));
      else nodes.push(button(actionLabel(action, v, ui.seatName), action, action.type, "primary"));
    }
    if (S.capped) {
      for (const type of unique(cardActions().map((a) => a.type))) {
        if (type === "play" || others.some((a) => a.type === type)) continue;
        const action = { type, cards: picked };
        const verdict = checkFor(action);
        if (verdict.legal === true) nodes.push(button(actionLabel(action, v, ui.seatName), action, type, "primary"));
        else if (verdict.legal === false && !nodes.length) hint = `${capital(type)}: not allowed (${verdict.message.replace(/\.$/, "")}).`;
      }
    }
    if (!nodes.length && !later.length && !hint) hint = S.capped ? "Asking the server what these cards may do…" : "No legal move uses exactly these cards: change the selection.";
    return { nodes, hint, later };
  }

  // Count, rank (and suit, where claimed) as menus, for the claims given; a claim not known to
  // be legal is put to the server, and its Play button waits for the answer.
  function claimChooser(picked, claims) {
    const ranks = unique(claims.map((c) => c.claim.rank));
    let pick = S.claimPick;
    if (!pick) { // the truth where it can be told: the selected rank, as many as selected
      const same = unique(picked.map((c) => c.slice(0, c === "JK" ? 2 : 1)));
      const truth = claims.find((c) => same.length === 1 && c.claim.rank === same[0] && c.claim.count === picked.length)
        || claims.find((c) => c.claim.count === picked.length) || claims[0];
      pick = { ...truth.claim };
    }
    pick = { ...pick };
    if (!ranks.includes(pick.rank)) pick.rank = ranks[0];
    const counts = unique(claims.filter((c) => c.claim.rank === pick.rank).map((c) => c.claim.count)).sort((a, b) => a - b);
    if (!counts.includes(pick.count)) pick.count = counts.includes(picked.length) ? picked.length : counts[0];
    const suits = unique(claims.filter((c) => c.claim.rank === pick.rank && c.claim.count === pick.count && c.claim.suit).map((c) => c.claim.suit));
    if (!suits.length) delete pick.suit;
    else if (!suits.includes(pick.suit)) pick.suit = suits[0];
    S.claimPick = pick;
    const chosen = claims.find((c) => claimKey(c.claim) === claimKey(pick));
    const claim = { rank: pick.rank, count: pick.count };
    if (pick.suit) claim.suit = pick.suit;
    const action = { type: "play", cards: picked, claim };
    const verdict = chosen && chosen.known ? { legal: true } : checkFor(action);
    const menu = (id, label, values, current, text, set) => {
      const node = el("select", { id, "aria-label": label }, ...values.map((x) => el("option", { value: String(x), text: text(x), selected: x === current })));
      node.addEventListener("change", () => { S.claimPick = { ...S.claimPick, ...set(node.value) }; S.pickTick += 1; ui.renderActions(); });
      return node;
    };
    const go = el("button", { type: "button", class: "act primary", "data-kind": "play", disabled: S.pending || verdict.legal !== true,
      text: actionLabel(action, S.view, ui.seatName), onclick: () => ui.act(action) });
    const node = el("span", { class: "bid-builder claim-builder" }, el("span", { class: "muted", text: "Claim" }),
      menu("claim-count", "how many you claim", counts, pick.count, (n) => `${n} ×`, (x) => ({ count: Number(x) })),
      menu("claim-rank", "the rank you claim", ranks, pick.rank, rankLabel, (x) => ({ rank: x })),
      suits.length ? menu("claim-suit", "the suit you claim", suits, pick.suit, (x) => `of ${suitSign(x)}`, (x) => ({ suit: x })) : "",
      go);
    const hint = verdict.legal === false ? `Not allowed: ${verdict.message.replace(/\.$/, "")}.`
      : verdict.legal === undefined ? "Asking the server whether that claim is allowed…" : "";
    return { node, hint };
  }

  function button(label, action, kind, cls) {
    return el("button", { type: "button", class: `act ${cls || ""}`, "data-kind": kind, disabled: S.pending, text: label, onclick: () => ui.act(action) });
  }

  return { cardEl, cardActions, renderHand, toggle, matching, pickedCards, listedClaims, checkFor, selectionChoices, claimChooser, button };
}
