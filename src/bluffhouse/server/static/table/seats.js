// Names for the seats, the seats around the table with their clocks, the board (pile, claim, bid, lead), the lobby's seat list and what the page says is happening.
import { $, el, capital } from "./dom.js";
import { cardFace, cardName, cardsText, describe, bidText, rankText, suitSign } from "../words.js";

const rankLabel = rankText;

// The functions of this part of the table, over the table's state `S`; `ui` holds every part's
// functions (filled in by room.js), for the calls between parts.
export function makeSeats(S, ui) {
  function seatInfo(seat) { return S.room && S.room.seats ? S.room.seats[seat] : null; }

  function nameOf(seat) {
    if (seat === null || seat === undefined) return "nobody";
    if (seat === S.seat) return "you";
    const info = seatInfo(seat);
    if (!info) return `seat ${seat + 1}`;
    if (info.kind === "bot") return info.persona || `${capital(info.name || info.bot)} ${seat + 1}`;
    return info.name || `seat ${seat + 1}`;
  }

  const seatName = (seat) => capital(nameOf(seat));

  const say3 = (event) => describe(event, nameOf, S.seat, S.family);

  function chatLine(line) {
    const list = $("#chat");
    // the name the line was said under (kept with it: the seats may not be known yet after
    // a reload); "You" for one's own
    const mine = line.seat !== null && line.seat !== undefined && line.seat === S.seat;
    const who = mine ? "You" : line.name || (line.seat === null || line.seat === undefined ? "host" : capital(nameOf(line.seat)));
    list.append(el("li", {}, el("strong", { text: `${who}: ` }), line.text));
    while (list.children.length > 50) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
    $("#chat-box").hidden = false;
  }

  function renderRoom() {
    const room = S.room;
    document.title = `${room.title}: room ${room.code} · bluffhouse`;
    $("#title").textContent = `${room.title} · room ${room.code}${room.game_no > 1 ? ` · game ${room.game_no}` : ""}`;
    const inLobby = room.status === "lobby";
    $("#lobby").hidden = !inLobby;
    const link = new URL(`/r/${room.code}`, location.href).href;
    const a = $("#invite-link"); a.href = link; a.textContent = link;
    const list = $("#seats");
    list.replaceChildren(...room.seats.map((seat) => {
      const who = seat.kind === "bot" ? `${seat.persona || capital(seat.name || seat.bot)} (a bot)`
        : seat.kind === "free" ? "free seat" : seat.name;
      const status = seat.kind === "person" ? (seat.connected ? "here" : "away") : "";
      return el("li", { class: `seat-row ${seat.kind}${seat.seat === S.seat ? " mine" : ""}` },
        el("span", { class: "seat-no", text: `${seat.seat + 1}` }), el("span", { text: who }),
        seat.seat === S.seat ? el("span", { class: "tag", text: "you" }) : "",
        status ? el("span", { class: `tag ${status}`, text: status }) : "");
    }));
    const free = room.seats.filter((s) => s.kind === "free").length;
    $("#join").hidden = !(inLobby && S.seat === null && free > 0);
    const host = Boolean(S.mine && S.mine.host && S.host);
    $("#host").hidden = !(inLobby && host);
    const fill = (S.mine && S.mine.fill) || "counter";
    $("#start-note").textContent = free ? (free > 1 ? `${free} free seats will get ${fill} bots.` : `The free seat will get a ${fill} bot.`) : "Every seat is taken.";
    $("#lobby-note").textContent = inLobby
      ? (host ? "Send the link; start when your friends are seated." : S.seat === null
        ? (free ? "Pick a name and take a seat, or just watch." : "Every seat is taken: you will watch this game.")
        : "Waiting for the host to start.")
      : "";
    $("#rematch").hidden = !(room.status === "over" && host);
    const talker = S.seat !== null || S.host;
    if (talker) $("#chat-box").hidden = false;
    $("#chat-form").hidden = !talker; // spectators read the chat
  }

  function toAct() { return S.view ? S.view.to_act || [] : []; }

  function myTurn() { return S.seat !== null && toAct().includes(S.seat) && !S.view.over; }

  function timerFor(seat) { return S.timers.find((t) => t.seat === seat); }

  function countdown(seat) {
    const t = timerFor(seat);
    if (!t) return "";
    return el("span", { class: `clock ${t.kind}`, "data-clock": seat, title: t.kind === "window" ? "call window" : "turn clock" });
  }

  function tickClocks() {
    const now = performance.now() / 1000;
    for (const node of document.querySelectorAll("[data-clock]")) {
      const t = timerFor(Number(node.dataset.clock));
      if (!t) { node.textContent = ""; continue; }
      const left = Math.max(0, t.until - now);
      node.textContent = `${left < 10 ? left.toFixed(1) : Math.ceil(left)} s`;
      node.classList.toggle("low", left < 5);
    }
  }

  function seatExtras(seat) {
    const v = S.view;
    const out = [];
    if (v.game === undefined) return out;
    if (Array.isArray(v.scores) && Array.isArray(v.won)) { // Sneak
      out.push(`won ${v.won[seat]}`, `score ${v.scores[seat]}`);
    }
    if (Array.isArray(v.dealt)) { // Poker Bull
      if ((v.out || []).includes(seat)) out.push("out");
      else out.push(`${v.dealt[seat]} dealt`);
    }
    if (Array.isArray(v.finished) && v.finished.includes(seat)) out.push(`out of cards (#${v.finished.indexOf(seat) + 1})`);
    return out;
  }

  function seatChip(seat, me = false) {
    const v = S.view;
    const info = seatInfo(seat);
    const acting = toAct().includes(seat);
    const size = v.hand_sizes ? v.hand_sizes[seat] : 0;
    const away = info && info.kind === "person" && !info.connected;
    const standIn = info && info.stand_in;
    const chip = el("div", { class: `seat${acting ? " acting" : ""}${me ? " me-chip" : ""}${away ? " away" : ""}`, "data-seat": seat },
      el("div", { class: "seat-name" }, el("span", { text: me ? `${capital(nameOf(seat))}` : capital(nameOf(seat)) }),
        info && info.kind === "bot" ? el("span", { class: "tag bot", text: "bot" }) : "",
        standIn ? el("span", { class: "tag standin", text: "a bot plays", title: "missed turns: a bot plays for this seat until its player is back" })
          : away ? el("span", { class: "tag away", text: "away" }) : ""),
      el("div", { class: "seat-cards" }, el("span", { class: "mini-back", "aria-hidden": "true" }),
        el("span", { class: "count", text: `${size} card${size === 1 ? "" : "s"}` })),
      el("div", { class: "seat-extra muted", text: seatExtras(seat).join(" · ") }),
      acting ? el("div", { class: "seat-act" }, el("span", { class: "tag act", text: actingWord(seat) }), countdown(seat)) : "");
    return chip;
  }

  // Whether a stand-in bot plays for this seat now (the room's seat list says).
  function standingIn(seat) {
    const info = seatInfo(seat);
    return Boolean(info && info.stand_in);
  }

  // The banner on the player's own page while a bot plays for them, with the way back.
  function renderStandIn() {
    $("#stand-in").hidden = !(S.seat !== null && standingIn(S.seat) && S.view && !S.view.over);
  }

  function actingWord(seat) {
    const v = S.view;
    const t = timerFor(seat);
    if (v.lead && v.phase && v.phase !== "turn") return "may challenge"; // Sneak
    if ((t && t.kind === "window") || v.phase === "window") return "may call";
    return "to act";
  }

  function renderTable() {
    const v = S.view;
    if (!v) return;
    $("#table").hidden = false;
    $("#log-box").hidden = false;
    if (S.room && S.room.status !== "lobby") $("#lobby").hidden = true;
    const n = v.players;
    const order = [];
    const first = S.seat === null ? 0 : S.seat + 1;
    for (let i = 0; i < n; i += 1) {
      const seat = (first + i) % n;
      if (seat !== S.seat) order.push(seat);
    }
    $("#others").replaceChildren(...order.map((seat) => seatChip(seat)));
    renderBoard();
    const meLine = $("#me-line");
    if (S.seat === null) meLine.replaceChildren(el("span", { class: "muted", text: "You are watching: every hand is hidden from spectators." }));
    else meLine.replaceChildren(seatChip(S.seat, true));
    renderStandIn();
    ui.renderHand();
    ui.renderActions();
    tickClocks();
  }

  function claimWords(play) {
    const claim = `${play.count} × ${play.rank}${play.suit ? ` of ${play.suit}` : ""}`;
    const laid = play.laid !== undefined && play.laid !== play.count ? ` (laid ${play.laid} card${play.laid === 1 ? "" : "s"})` : "";
    return `${capital(nameOf(play.seat))} claim${play.seat === S.seat ? "" : "s"} ${claim}${laid}`;
  }

  function lastEvent(types) {
    const at = lastIndex(types);
    return at < 0 ? null : S.events[at];
  }

  // A card face up, small (a reveal on the board): the same faces as the hand's.
  function faceUp(card) {
    const { suit, rank, symbol } = cardFace(card);
    return el("span", { class: `card small s-${suit}`, "data-card": card, "aria-label": cardName(card) },
      el("span", { class: "rank", text: rank }), el("span", { class: "suit", text: symbol }));
  }

  // The index of the last event of these types in the log (-1: none).
  function lastIndex(types) {
    for (let i = S.events.length - 1; i >= 0; i -= 1) if (types.includes(S.events[i].type)) return i;
    return -1;
  }

  // The last call, shown face up on the board until the next play: the cards turned over,
  // whether they were true, who was right and who took the pile.
  function cheatReveal() {
    const at = lastIndex(["call", "believe"]);
    if (at < 0 || S.events[at].target === undefined) return null;
    if (S.events.slice(at + 1).some((e) => e.type === "play")) return null; // play went on
    const call = S.events[at];
    const taken = S.events.slice(at + 1).find((e) => e.type === "take");
    const truthful = Boolean(call.truthful);
    const right = call.right === undefined ? !truthful : Boolean(call.right);
    const caller = capital(nameOf(call.seat));
    const verdict = truthful ? "The cards were true" : "It was a bluff";
    const winner = right ? caller : capital(nameOf(call.target));
    const takes = taken ? `${capital(nameOf(taken.seat))} take${taken.seat === S.seat ? "" : "s"} the pile (${taken.count} card${taken.count === 1 ? "" : "s"}).` : "";
    return el("div", { class: `reveal ${truthful ? "true" : "bluff"}`, id: "reveal", role: "status" },
      el("div", { class: "reveal-cards" }, ...(call.cards || []).map(faceUp)),
      el("div", { class: "reveal-verdict", text: `${verdict}: ${winner} ${winner === "You" ? "were" : "was"} right. ${takes}` }));
  }

  // Poker Bull's showdown, until the next hand's first bid or the player's "Next": every hand
  // face up with the cards of the best hand raised, the bid and whether it was there, who loses.
  function showdown() {
    const at = lastIndex(["call"]);
    if (at < 0 || S.events[at].caller === undefined || S.nextClicked === at) return null;
    if (S.events.slice(at + 1).some((e) => e.type === "bid")) return null; // the next hand is on
    const show = S.events[at];
    const best = [...(show.best_cards || [])]; // each highlighted once (two jokers look alike)
    const mark = (card) => {
      const face = faceUp(card);
      const i = best.indexOf(card);
      if (i >= 0) { best.splice(i, 1); face.classList.add("best"); face.title = "in the best hand"; }
      return face;
    };
    const hands = (show.hands || []).map((cards, seat) => (cards.length ? el("div", { class: `reveal-hand${seat === show.loser ? " loser" : ""}` },
      el("span", { class: "reveal-name", text: capital(nameOf(seat)) }), ...cards.map(mark)) : null)).filter(Boolean);
    const there = show.exists ? "is there" : "is not there";
    const next = S.seat === null || S.seat === undefined ? null : el("button", { type: "button", id: "reveal-next", class: "small", text: "Next hand" });
    if (next) next.addEventListener("click", () => { S.nextClicked = at; ui.send({ type: "next" }); renderBoard(); });
    return el("div", { class: `reveal ${show.exists ? "true" : "bluff"}`, id: "reveal", role: "status" },
      el("div", { class: "reveal-verdict", text: `${capital(nameOf(show.caller))} called ${bidText(show.bid)}: it ${there}; the best hand is ${bidText(show.best)}${show.best_cards && show.best_cards.length ? " (raised below)" : ""}. ${capital(nameOf(show.loser))} ${show.loser === S.seat ? "lose" : "loses"} the call.` }),
      ...hands, ...(next ? [next] : []));
  }

  function renderBoard() {
    const v = S.view;
    const main = [];
    const facts = [];
    if ("pile_size" in v) { // Cheat family
      const landed = S.lastPile !== undefined && v.pile_size > S.lastPile; // a play came down
      S.lastPile = v.pile_size;
      main.push(el("div", { class: "pile" }, el("span", { class: `pile-stack${landed ? " landed" : ""}`, "aria-hidden": "true" }),
        el("span", { class: "pile-count", text: `${v.pile_size} card${v.pile_size === 1 ? "" : "s"} in the pile` })));
      if (v.last_play) {
        const judging = toAct().some((s) => s !== v.turn) || v.phase === "window";
        main.push(el("div", { class: `claim${judging ? " judged" : ""}`, id: "claim", text: `${judging ? "Judging: " : "Last play: "}${claimWords(v.last_play)}` }));
      }
      if (v.bid && typeof v.bid === "object") facts.push(`${capital(nameOf(v.bid.seat))} bid ${v.bid.count} card${v.bid.count === 1 ? "" : "s"}`);
      let next = "";
      if (v.claim_rank) next = `Next claim: ${rankLabel(v.claim_rank)}${v.claim_suit ? ` of ${suitSign(v.claim_suit)}` : ""}`;
      else if (v.claim_ranks && v.claim_ranks.length >= 13) next = "Next claim: any rank";
      else if (v.claim_ranks && v.claim_ranks.length > 1) next = `Next claim: one of ${v.claim_ranks.map(rankLabel).join(" ")}`;
      else if (v.leading) next = "Next claim: any rank";
      if (next) main.push(el("div", { class: "next-claim", id: "next-claim", text: next }));
      if (v.discarded) facts.push(`${v.discarded} discarded`);
      const shown = cheatReveal();
      if (shown) main.push(shown);
    } else if ("bid" in v && Array.isArray(v.dealt)) { // Poker Bull
      main.push(el("div", { class: "claim judged", id: "claim", text: v.bid
        ? `${capital(nameOf(v.bidder))} bid${v.bidder === S.seat ? "" : "s"} ${bidText(v.bid)}`
        : "No bid yet: the first bid opens the hand" }));
      main.push(el("div", { class: "next-claim", text: `${v.cards_in_play} cards in play (every hand together)${v.jokers ? `, ${v.jokers} joker${v.jokers === 1 ? "" : "s"} wild` : ""}` }));
      facts.push(`Hand ${v.hand_number}`);
      const shown = showdown();
      if (shown) main.push(shown);
    } else if ("stock_size" in v) { // Sneak
      main.push(el("div", { class: "pile" }, el("span", { class: "pile-stack", "aria-hidden": "true" }),
        el("span", { class: "pile-count", text: `${v.stock_size} in the stock` })));
      if (v.lead) {
        const lead = v.lead;
        const what = lead.cards ? cardsText(lead.cards) + (lead.combo ? ` (${lead.combo})` : "")
          : `${lead.count} card${lead.count === 1 ? "" : "s"} face down`;
        main.push(el("div", { class: "claim judged", id: "claim", text: `${capital(nameOf(lead.seat))} ${lead.kind === "flaunt" ? "flaunt" : "sneak"}${lead.seat === S.seat ? "" : "s"} ${what}` }));
        for (const c of v.challenges || []) {
          main.push(el("div", { class: "next-claim", text: `${capital(nameOf(c.seat))} challenge${c.seat === S.seat ? "" : "s"} with ${c.cards ? cardsText(c.cards) : `${c.count} card${c.count === 1 ? "" : "s"}`}` }));
        }
      }
      facts.push(`Deal ${v.deal} · the game ends after the deal in which someone reaches ${v.target} point${v.target === 1 ? "" : "s"}`);
      const reveal = lastEvent(["reveal"]);
      if (reveal) facts.push(capital(say3(reveal)));
    }
    $("#board-main").replaceChildren(...main);
    $("#board-facts").replaceChildren(...facts.map((f) => el("div", { text: f })));
  }

  function situation() {
    const v = S.view;
    const kinds = new Set((S.legal || []).map((a) => a.type));
    if (kinds.has("challenge")) return "Challenge the lead or pass.";
    if (v.lead && kinds.has("pass") && S.family === "sneak") return "You hold nothing that can beat the lead: pass.";
    if (kinds.has("call") && v.last_play && v.last_play.seat !== S.seat && !kinds.has("play")) return `${claimWords(v.last_play)}: call or let it go?`;
    if (kinds.has("call") && v.bid && "bidder" in v) return `${capital(nameOf(v.bidder))} bid ${bidText(v.bid)}: bid higher or call.`;
    if (kinds.has("bid")) return "Your bid.";
    return "Your turn.";
  }

  function waitingText() {
    const names = toAct().filter((s) => s !== S.seat).map(nameOf);
    if (!names.length) return "";
    const t = S.timers.find((x) => x.kind === "window");
    return `Waiting for ${names.join(", ")}${t ? " (call window)" : ""}.`;
  }

  return { faceUp, standingIn, renderStandIn, seatInfo, nameOf, seatName, say3, chatLine, renderRoom, toAct, myTurn, timerFor, countdown, tickClocks, seatExtras, seatChip, actingWord, renderTable, claimWords, lastEvent, renderBoard, situation, waitingText };
}
