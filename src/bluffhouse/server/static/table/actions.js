// The action bar: the buttons for this moment, the Poker Bull bid builder (from the server's grammar, bids.js) and the other actions the rules have.
import { $, el, capital, unique } from "./dom.js";
import { actionLabel, rankText, suitName, suitText } from "../words.js";
import { parseBid, bidOf, partsOf, kindWords, partChoices, settleBid } from "./bids.js";

const SIMPLE = ["call", "check", "believe", "pass", "draw"];
// what a selection is for, in the hint
const KIND_WORDS = { play: "play", sneak: "sneak", flaunt: "flaunt", cheat: "hide or slip to someone (a cheat)" };
const rankLabel = rankText;

// The functions of this part of the table, over the table's state `S`; `ui` holds every part's
// functions (filled in by room.js), for the calls between parts.
export function makeActions(S, ui) {
  function renderActions() {
    const box = $("#actions");
    const prompt = $("#prompt");
    const v = S.view;
    if (!v) return;
    const prev = S.actionSig;
    S.actionSig = null;
    if (v.over) { box.replaceChildren(); prompt.textContent = "The game is over."; return; }
    if (S.seat === null) { box.replaceChildren(); prompt.textContent = ui.waitingText(); return; }
    if (!ui.myTurn()) { box.replaceChildren(); prompt.textContent = ui.waitingText(); return; }
    if (S.legal === null || S.legalVersion !== S.msg.version) {
      if (S.askedVersion !== S.msg.version && S.connected) { S.askedVersion = S.msg.version; ui.send({ type: "legal" }); }
      box.replaceChildren(el("span", { class: "muted", text: "…" }));
      prompt.textContent = "Your move.";
      return;
    }
    const legal = S.legal;
    // the same choices as on screen: keep the buttons (a click in flight must not land on a
    // button that was just replaced)
    const sig = JSON.stringify([S.msg.version, S.legalVersion, [...S.selected].sort(), S.pending, S.bidPick,
      S.pickTick, S.checkTick]);
    const same = sig === prev && box.childElementCount > 0;
    S.actionSig = sig;
    const nodes = [];
    const cheats = [];
    const withCards = ui.cardActions();
    const bids = legal.filter((a) => a.type === "bid" && typeof a.bid === "string");
    const simple = legal.filter((a) => SIMPLE.includes(a.type) && Object.keys(a).length === 1);
    const other = legal.filter((a) => !withCards.includes(a) && !bids.includes(a) && !simple.includes(a));
    let hint = "";
    if (withCards.length) {
      const found = ui.matching();
      if (!S.selected.size) {
        const kinds = [...new Set(withCards.map((a) => a.type))];
        const sizes = withCards.map((a) => a.cards.length);
        const most = Math.max(...sizes);
        const fewest = Math.min(...sizes);
        // a capped list may leave out bigger plays: then no sizes are promised
        const count = S.capped ? "" : fewest === most ? `${most} ` : `${fewest} to ${most} `;
        const cards = S.capped || most !== 1 ? "cards" : "card";
        hint = kinds.includes("challenge") ? `Select ${count}${cards} to challenge with, or pass.`
          : `Select ${count}${cards} to ${kinds.filter((k) => k !== "challenge").map((k) => KIND_WORDS[k] || k).join(" or ")}.`;
      } else {
        const made = ui.selectionChoices(found);
        hint = made.hint;
        nodes.push(...made.nodes);
        cheats.push(...made.later);
      }
    }
    if (bids.length) {
      const made = bidBuilder(bids);
      nodes.push(made.node);
      hint = made.hint;
    }
    for (const action of simple) {
      let label = capital(action.type);
      if (action.type === "call") label = v.call_word ? `${v.call_word}!` : "Call";
      let kind = action.type;
      if (action.type === "pass") {
        // One label per meaning: letting a play (or lead) go, or the turn's pass, which in
        // Bullsh*t picks up the pile: that one has its own key (U), not P.
        const declining = !withCards.some((a) => a.type === "play") && (v.phase && v.phase !== "turn" || ui.toAct().length > 1 || !!v.lead);
        const pickup = !declining && v.rules && v.rules.turn_pass === "pickup";
        const pile = v.pile_size || 0;
        label = declining ? "Let it go" : pickup ? `Pass and pick up the pile (${pile} card${pile === 1 ? "" : "s"})` : "Pass";
        if (pickup) kind = "pickup";
      }
      if (action.type === "draw") label = "Draw a card";
      nodes.push(ui.button(label, action, kind, action.type === "call" ? "danger" : kind === "pickup" ? "costly" : ""));
    }
    nodes.push(...cheats);
    if (other.length) nodes.push(...otherActions(other));
    if (!same) {
      // a menu or box changed by keyboard keeps the focus when the controls are redrawn
      const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
      box.replaceChildren(...nodes);
      const again = focused && document.getElementById(focused);
      if (again && !again.disabled) again.focus();
    }
    const t = ui.timerFor(S.seat);
    const situation = ui.standingIn(S.seat) ? "A bot is playing for you: act, or press I'm back, to play yourself." : ui.situation();
    prompt.replaceChildren(el("strong", { text: situation }), hint ? ` ${hint}` : "", t ? " " : "", t ? ui.countdown(S.seat) : "");
    ui.tickClocks();
  }

  function listedParsed() {
    if (S.bidsOf !== S.legal) {
      S.bidsOf = S.legal;
      S.bidsParsed = (S.legal || []).filter((a) => a.type === "bid" && typeof a.bid === "string").map((a) => parseBid(a.bid));
    }
    return S.bidsParsed;
  }

  function bidBuilder(bids) {
    const listed = listedParsed();
    const texts = new Set(bids.map((a) => a.bid));
    const cats = unique(listed.map((b) => b.cat));
    const firstOf = (cat) => { const b = listed.find((x) => x.cat === cat); return { cat, spec: [...b.spec], natural: b.natural }; };
    let pick = S.bidPick && cats.includes(S.bidPick.cat) ? S.bidPick : firstOf(cats[0]);
    pick = settleBid(S.grammar, S.capped, S.view.jokers, pick, listed);
    S.bidPick = pick;
    const change = (next) => { S.bidPick = next; S.pickTick += 1; renderActions(); };
    const controls = [];
    const kinds = el("select", { id: "bid-category", "aria-label": "kind of hand" },
      ...cats.map((c) => el("option", { value: c, text: kindWords(S.grammar, c), selected: c === pick.cat })));
    kinds.addEventListener("change", () => change(firstOf(kinds.value)));
    controls.push(kinds);
    partsOf(S.grammar, pick.cat).forEach((part, i) => {
      if (i > pick.spec.length) return; // a part is named only after the ones before it
      if (part.values === "flush_ranks") {
        const ticked = pick.spec.slice(i);
        const flushes = listed.filter((b) => b.cat === "flush" && b.spec[0] === pick.spec[0]);
        const chips = S.grammar.ranks.map((r) => {
          const on = ticked.includes(r);
          const more = [...ticked, r];
          const open = on || (S.capped ? ticked.length < 5 : flushes.some((b) => more.every((x) => b.spec.includes(x, 1))));
          const box = el("input", { type: "checkbox", id: `bid-rank-${r}`, checked: on, disabled: !open });
          box.addEventListener("change", () => change({ ...pick, spec: [pick.spec[0], ...(on ? ticked.filter((x) => x !== r) : more)] }));
          return el("label", { class: `rank-pick${on ? " on" : ""}`, title: `the flush holds a ${rankLabel(r)}` }, box, rankLabel(r));
        });
        controls.push(el("span", { class: "rank-picks", role: "group", "aria-label": "ranks the flush holds (up to five)" },
          el("span", { class: "muted", text: "holding" }), ...chips));
        return;
      }
      const { values, end } = partChoices(S.grammar, S.capped, pick.cat, i, pick.spec.slice(0, i), listed);
      if (!values.length) return;
      const current = pick.spec[i];
      const words = (v) => part.label.replace("{rank}", rankLabel(v)).replace("{suit}", suitText(v));
      const menu = el("select", { id: `bid-part-${i}`, "aria-label": part.name },
        ...(end ? [el("option", { value: "", text: part.any, selected: current === undefined })] : []),
        ...values.map((v) => el("option", { value: v, text: words(v), selected: v === current })));
      menu.addEventListener("change", () => {
        const spec = menu.value ? [...pick.spec.slice(0, i), menu.value, ...pick.spec.slice(i + 1)] : pick.spec.slice(0, i);
        change({ ...pick, spec });
      });
      controls.push(menu);
    });
    if (S.view.jokers && pick.cat !== "five") {
      const box = el("input", { type: "checkbox", id: "bid-natural", checked: pick.natural });
      box.addEventListener("change", () => change({ ...pick, natural: box.checked }));
      controls.push(el("label", { class: "natural-pick", title: "made without jokers: ranks above the same hand with jokers" }, box, "natural (no jokers)"));
    }
    const action = { type: "bid", bid: bidOf(S.grammar, pick) };
    const verdict = texts.has(action.bid) ? { legal: true } : ui.checkFor(action);
    const go = el("button", { type: "button", class: "act primary", "data-kind": "bid", disabled: S.pending || verdict.legal !== true,
      text: actionLabel(action, S.view, ui.seatName), onclick: () => ui.act(action) });
    const flushOf = pick.cat === "flush" && pick.spec.length ? suitName(pick.spec[0]) : "";
    const hint = verdict.legal === false ? `Not allowed: ${verdict.message.replace(/\.$/, "")}.`
      : verdict.legal === undefined ? "Asking the server whether that bid is allowed…"
        : flushOf ? `A flush is five ${flushOf} of different ranks: tick up to five ranks it must hold.` : "";
    return { node: el("span", { class: "bid-builder", id: "bid-builder" }, ...controls, go), hint };
  }

  // Anything else the rules have (a Spanish Bluff count bid, an accusation ...): buttons when few,
  // a list when many.
  function otherActions(actions) {
    const byType = new Map(); // by type, and by kind of table cheat
    for (const a of actions) {
      const kind = a.cheat ? `${a.type}:${a.cheat}` : a.type;
      if (!byType.has(kind)) byType.set(kind, []);
      byType.get(kind).push(a);
    }
    const out = [];
    for (const list of byType.values()) {
      const type = list[0].type;
      if (list.length <= 6) { for (const a of list) out.push(ui.button(actionLabel(a, S.view, ui.seatName), a, type, "")); continue; }
      const pick = el("select", { "aria-label": type, "data-list": type }, ...list.map((a, i) => el("option", { value: String(i), text: actionLabel(a, S.view, ui.seatName) })));
      out.push(el("span", { class: "bid-builder" }, pick, el("button", { type: "button", class: "act", "data-kind": type, disabled: S.pending,
        text: capital(list[0].cheat || type), onclick: () => ui.act(list[Number(pick.value)]) })));
    }
    return out;
  }

  return { renderActions, listedParsed, bidBuilder, otherActions };
}
