// The table: one websocket to the server (docs/server.md), which is the only authority. The
// page never decides what is legal: it shows the legal actions the server sends for this
// moment (asking for them on a turn) and nothing else, and sends the one the player picks.
import {
  cardText, cardsText, cardName, describe, bidText, actionLabel, loadVocabulary, suitName, suitText,
  suitSign, rankText,
} from "/static/words.js";

const $ = (sel) => document.querySelector(sel);
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
const key = `bluffhouse:${code}`;
const SIMPLE = ["call", "check", "believe", "pass", "draw"];
const WITH_CARDS = ["play", "sneak", "flaunt", "challenge", "cheat"]; // those with cards: picked from the hand
// what a selection is for, in the hint
const KIND_WORDS = { play: "play", sneak: "sneak", flaunt: "flaunt", cheat: "hide or slip to someone (a cheat)" };

const S = {
  mine: JSON.parse(localStorage.getItem(key) || "null"),
  socket: null, connected: false, retry: 0, stopped: false,
  seat: null, host: false, room: null, msg: null, view: null, gameNo: 0, family: "cheat",
  events: [], shownEvents: 0, legal: null, legalVersion: -1, askedVersion: -1,
  selected: new Set(), pending: false, timers: [], over: null, bidPick: null,
  replay: null, capped: false, checks: new Map(), checkTick: 0, claimPick: null, pickTick: 0,
};
window.bluffhouse = S; // for the curious, from the console: S.send({...}) goes through the same socket

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

function say(message) { $("#error").textContent = message || ""; delete $("#error").dataset.passing; }

function chatLine(line) {
  const list = $("#chat");
  const who = line.seat === null || line.seat === undefined ? (line.name || "host") : capital(nameOf(line.seat));
  list.append(el("li", {}, el("strong", { text: `${who}: ` }), line.text));
  while (list.children.length > 50) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
  $("#chat-box").hidden = false;
}

// ------------------------------------------------------------------ names
function seatInfo(seat) { return S.room && S.room.seats ? S.room.seats[seat] : null; }
function nameOf(seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === S.seat) return "you";
  const info = seatInfo(seat);
  if (!info) return `seat ${seat + 1}`;
  if (info.kind === "bot") return `${capital(info.name || info.bot)} ${seat + 1}`;
  return info.name || `seat ${seat + 1}`;
}
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const seatName = (seat) => capital(nameOf(seat));
const say3 = (event) => describe(event, nameOf, S.seat, S.family);

// ------------------------------------------------------------------ server
async function post(path, body) {
  const response = await fetch(`/api/rooms/${code}/${path}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error((data && data.message) || `${response.status} ${response.statusText}`);
  return data;
}

S.send = (message) => {
  if (!S.socket || S.socket.readyState !== WebSocket.OPEN) { say("Not connected: the page reconnects by itself, try again in a moment."); return false; }
  S.socket.send(JSON.stringify(message));
  return true;
};

let actionNo = 0;
function act(action) {
  if (S.pending || !S.msg) return;
  say("");
  S.pending = true;
  if (S.send({ type: "action", action, version: S.msg.version, id: `a${Date.now().toString(36)}-${actionNo++}` })) renderActions();
  else S.pending = false;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${code}`);
  S.socket = socket;
  socket.addEventListener("open", () => {
    const hello = { type: "hello" };
    if (S.mine) hello.token = S.mine.token;
    if (S.events.length) hello.events_seen = S.events.length;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => {
    if (socket !== S.socket) return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    onMessage(message);
  });
  socket.addEventListener("close", (event) => {
    if (socket !== S.socket) return;
    S.connected = false;
    S.pending = false;
    showConn();
    if (event.code === 4404) { S.stopped = true; say(`There is no room ${code}. Check the code, or create a room in the lobby.`); return; }
    if (event.code === 4000) {
      S.stopped = true;
      say("This seat was opened in another tab or device. Reload this page to play here.");
      return;
    }
    const wait = Math.min(500 * 2 ** S.retry, 4000);
    S.retry += 1;
    setTimeout(() => { if (!S.stopped) connect(); }, wait);
  });
}

function showConn() {
  const node = $("#conn");
  node.textContent = S.connected ? (S.seat === null ? "watching" : "connected") : "reconnecting…";
  node.className = `conn ${S.connected ? "ok" : "down"}`;
}

function onMessage(message) {
  switch (message.type) {
    case "welcome":
      S.connected = true; S.retry = 0; S.askedVersion = -1; // a question lost with the old connection is asked again
      S.checks = new Map();
      S.seat = message.seat; S.host = message.host;
      if (S.mine && message.seat === null) { // the token no longer names a seat here
        S.mine = null; localStorage.removeItem(key);
      }
      showConn();
      break;
    case "room": {
      const names = JSON.stringify((S.room && S.room.seats || []).map((x) => [x.name, x.bot]));
      S.room = message.room;
      renderRoom();
      if (S.view) renderTable();
      if (names !== JSON.stringify(message.room.seats.map((x) => [x.name, x.bot]))) { // the log names seats
        S.shownEvents = 0; $("#log").replaceChildren(); renderLog();
      }
      break;
    }
    case "state": onState(message); break;
    case "legal":
      if (S.msg && message.version === S.msg.version) {
        S.legal = message.legal; S.legalVersion = message.version; S.capped = Boolean(message.capped);
        renderHand(); renderActions();
      }
      break;
    case "checked": { // the server's verdict on a play the person built (see checkFor)
      const asked = [...S.checks.values()].find((c) => c.id === message.id);
      if (asked && S.msg && message.version === S.msg.version) {
        asked.legal = message.legal; asked.message = message.message || ""; S.checkTick += 1; renderActions();
      }
      break;
    }
    case "accepted": break;
    case "refused":
      S.pending = false;
      if (message.code === "stale" || message.code === "not_your_turn") {
        say("Too late: the table moved on (someone was faster). Look again and choose.");
        $("#error").dataset.passing = "1";
      } else say(message.code === "illegal" ? `Refused: ${message.message}` : message.message);
      renderActions();
      break;
    case "chat_history": $("#chat").replaceChildren(); for (const line of message.lines || []) chatLine(line); break;
    case "chat": chatLine(message); break;
    case "over": S.over = message; break;
    case "error":
      if (message.code === "bad_token") { S.mine = null; localStorage.removeItem(key); }
      say(message.message);
      break;
    default: break;
  }
}

function onState(message) {
  S.family = message.family;
  if (message.bid_grammar) S.grammar = message.bid_grammar;
  if (message.game_no !== S.gameNo) { // a new game (rematch): start its log afresh
    S.gameNo = message.game_no; S.events = []; S.shownEvents = 0; S.over = null; S.shownOver = false;
    S.replay = null; $("#replay").hidden = true; $("#log").replaceChildren();
    $("#done").hidden = true;
  }
  if (message.events_from > S.events.length) { // we missed events: ask for all of them again
    S.events = []; S.shownEvents = 0; $("#log").replaceChildren();
    S.socket.close(); return;
  }
  S.events.splice(message.events_from, S.events.length, ...message.events);
  if (S.shownEvents > message.events_from) {
    S.shownEvents = message.events_from;
    const log = $("#log");
    while (log.children.length > S.shownEvents) log.lastChild.remove();
  }
  const versionChanged = !S.msg || S.msg.version !== message.version;
  S.msg = message;
  S.view = message.view;
  const now = performance.now() / 1000;
  S.timers = (message.timers || []).map((t) => ({ ...t, until: now + t.seconds_left }));
  if (versionChanged) {
    S.pending = false; S.bidPick = null; S.checks = new Map(); S.claimPick = null;
    if ($("#error").dataset.passing) say(""); // a "too late" note lasts until the next move
  }
  if (message.legal !== null && message.legal !== undefined) { S.legal = message.legal; S.legalVersion = message.version; S.capped = false; }
  else if (versionChanged) { S.legal = null; S.legalVersion = -1; }
  // a selection survives while the hand still holds it
  const hand = S.view.hand || [];
  for (const i of [...S.selected]) if (i >= hand.length) S.selected.delete(i);
  if (versionChanged) S.selected = new Set([...S.selected].filter((i) => i < hand.length && S.lastHand && S.lastHand[i] === hand[i]));
  S.lastHand = hand.slice();
  renderTable();
  renderLog();
  if (S.view.over) renderOver();
}

// ------------------------------------------------------------------ lobby part
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
    const who = seat.kind === "bot" ? `${capital(seat.name || seat.bot)} (a ${seat.bot} bot)`
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

// ------------------------------------------------------------------ the table
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
setInterval(tickClocks, 200);

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
      info && info.kind === "bot" ? el("span", { class: "tag bot", text: "bot", title: `a ${info.bot} bot` }) : "",
      away ? el("span", { class: "tag away", text: standIn ? "away, bot plays" : "away" }) : ""),
    el("div", { class: "seat-cards" }, el("span", { class: "mini-back", "aria-hidden": "true" }),
      el("span", { class: "count", text: `${size} card${size === 1 ? "" : "s"}` })),
    el("div", { class: "seat-extra muted", text: seatExtras(seat).join(" · ") }),
    acting ? el("div", { class: "seat-act" }, el("span", { class: "tag act", text: actingWord(seat) }), countdown(seat)) : "");
  return chip;
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
  renderHand();
  renderActions();
  tickClocks();
}

function claimWords(play) {
  const claim = `${play.count} × ${play.rank}${play.suit ? ` of ${play.suit}` : ""}`;
  const laid = play.laid !== undefined && play.laid !== play.count ? ` (laid ${play.laid} card${play.laid === 1 ? "" : "s"})` : "";
  return `${capital(nameOf(play.seat))} claim${play.seat === S.seat ? "" : "s"} ${claim}${laid}`;
}

function lastEvent(types) {
  for (let i = S.events.length - 1; i >= 0; i -= 1) if (types.includes(S.events[i].type)) return S.events[i];
  return null;
}

function renderBoard() {
  const v = S.view;
  const main = [];
  const facts = [];
  if ("pile_size" in v) { // Cheat family
    main.push(el("div", { class: "pile" }, el("span", { class: "pile-stack", "aria-hidden": "true" }),
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
    const call = lastEvent(["call", "believe"]);
    if (call && call.target !== undefined) facts.push(capital(say3(call)));
  } else if ("bid" in v && Array.isArray(v.dealt)) { // Poker Bull
    main.push(el("div", { class: "claim judged", id: "claim", text: v.bid
      ? `${capital(nameOf(v.bidder))} bid${v.bidder === S.seat ? "" : "s"} ${bidText(v.bid)}`
      : "No bid yet: the first bid opens the hand" }));
    main.push(el("div", { class: "next-claim", text: `${v.cards_in_play} cards in play (every hand together)${v.jokers ? `, ${v.jokers} joker${v.jokers === 1 ? "" : "s"} wild` : ""}` }));
    facts.push(`Hand ${v.hand_number}`);
    const show = lastEvent(["call"]);
    if (show && show.caller !== undefined) facts.push(capital(say3(show)));
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

function cardEl(card, index, selectable) {
  const suit = card === "JK" ? "J" : card[1];
  const [rank, symbol] = card === "JK" ? ["★", "Joker"] : [card[0] === "T" ? "10" : card[0], cardText(card).slice(-1)];
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
  const selectable = myTurn() && cardActions().length > 0;
  $("#hand").replaceChildren(...hand.map((card, i) => cardEl(card, i, selectable)));
  $("#hand").classList.toggle("active", selectable);
  if (!hand.length && S.seat !== null) $("#hand").append(el("span", { class: "muted", text: "No cards in your hand." }));
}

function toggle(index) {
  if (!myTurn()) return;
  if (S.selected.has(index)) S.selected.delete(index); else S.selected.add(index);
  S.claimPick = null;
  renderHand();
  renderActions();
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

const unique = (items) => [...new Set(items)];
const claimKey = (claim) => `${claim.rank}|${claim.count}|${claim.suit || ""}`;
const rankLabel = rankText;
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

// The server's verdict on a built action at this version: asked once (a check message), then
// {legal: true|false, message}; legal is undefined while the answer is on its way.
let checkNo = 0;
function checkFor(action) {
  const key = JSON.stringify(action);
  let entry = S.checks.get(key);
  if (!entry) {
    entry = { id: `c${Date.now().toString(36)}-${checkNo++}`, legal: undefined, message: "" };
    S.checks.set(key, entry);
    if (!S.send({ type: "check", version: S.msg.version, action, id: entry.id })) S.checks.delete(key);
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
  } else for (const action of plays) nodes.push(button(actionLabel(action, v, seatName), action, action.type, "primary"));
  const later = []; // table cheats come after the game's own moves
  for (const action of others) {
    if (action.type === "cheat") later.push(button(actionLabel(action, v, seatName), action, action.type, ""));
    else nodes.push(button(actionLabel(action, v, seatName), action, action.type, "primary"));
  }
  if (S.capped) {
    for (const type of unique(cardActions().map((a) => a.type))) {
      if (type === "play" || others.some((a) => a.type === type)) continue;
      const action = { type, cards: picked };
      const verdict = checkFor(action);
      if (verdict.legal === true) nodes.push(button(actionLabel(action, v, seatName), action, type, "primary"));
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
    node.addEventListener("change", () => { S.claimPick = { ...S.claimPick, ...set(node.value) }; S.pickTick += 1; renderActions(); });
    return node;
  };
  const go = el("button", { type: "button", class: "act primary", "data-kind": "play", disabled: S.pending || verdict.legal !== true,
    text: actionLabel(action, S.view, seatName), onclick: () => act(action) });
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
  return el("button", { type: "button", class: `act ${cls || ""}`, "data-kind": kind, disabled: S.pending, text: label, onclick: () => act(action) });
}

function renderActions() {
  const box = $("#actions");
  const prompt = $("#prompt");
  const v = S.view;
  if (!v) return;
  const prev = S.actionSig;
  S.actionSig = null;
  if (v.over) { box.replaceChildren(); prompt.textContent = "The game is over."; return; }
  if (S.seat === null) { box.replaceChildren(); prompt.textContent = waitingText(); return; }
  if (!myTurn()) { box.replaceChildren(); prompt.textContent = waitingText(); return; }
  if (S.legal === null || S.legalVersion !== S.msg.version) {
    if (S.askedVersion !== S.msg.version && S.connected) { S.askedVersion = S.msg.version; S.send({ type: "legal" }); }
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
  const withCards = cardActions();
  const bids = legal.filter((a) => a.type === "bid" && typeof a.bid === "string");
  const simple = legal.filter((a) => SIMPLE.includes(a.type) && Object.keys(a).length === 1);
  const other = legal.filter((a) => !withCards.includes(a) && !bids.includes(a) && !simple.includes(a));
  let hint = "";
  if (withCards.length) {
    const found = matching();
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
      const made = selectionChoices(found);
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
    if (action.type === "pass") {
      const declining = !withCards.some((a) => a.type === "play") && (v.phase && v.phase !== "turn" || toAct().length > 1 || !!v.lead);
      const pickup = v.rules && v.rules.turn_pass === "pickup";
      label = declining ? "Pass (let it go)" : pickup ? "Pass (take the pile)" : "Pass";
    }
    if (action.type === "draw") label = "Draw a card";
    nodes.push(button(label, action, action.type, action.type === "call" ? "danger" : ""));
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
  const t = timerFor(S.seat);
  prompt.replaceChildren(el("strong", { text: situation() }), hint ? ` ${hint}` : "", t ? " " : "", t ? countdown(S.seat) : "");
  tickClocks();
}

function situation() {
  const v = S.view;
  const kinds = new Set((S.legal || []).map((a) => a.type));
  if (kinds.has("challenge")) return "Challenge the lead or pass.";
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

// Poker Bull: a bid built from its parts: the kind of hand, then its ranks or suit from the
// left (each may be left open: "any"), then "natural". The grammar (the kinds, each part's name
// and where its values come from, this pack's ranks, suits and straight tops) is data from the
// server (bluffhouse.pokerbull.grammar, sent with a game's first state). The menus offer the
// parts of the listed bids, and a listed bid is offered at once. Where the list is a subset
// (capped: at a hand's opening the engine leaves out the flushes naming three or more ranks)
// they offer every value the grammar has, and a bid missing from the list is put to the server
// (a check message): its Bid button waits for the answer, and a refusal is shown in the
// engine's words. The page never decides that a bid is legal.
const partsOf = (cat) => ((S.grammar && S.grammar.categories.find((c) => c.id === cat)) || { parts: [] }).parts;
const kindWords = (cat) => ((S.grammar && S.grammar.categories.find((c) => c.id === cat)) || { words: cat.replaceAll("_", " ") }).words;
const rankAt = (rank) => (S.grammar ? S.grammar.ranks.indexOf(rank) : -1);
const rankDown = (ranks) => [...ranks].sort((a, b) => rankAt(b) - rankAt(a));

function parseBid(text) {
  const parts = text.split(" ");
  const natural = parts[parts.length - 1] === "natural";
  if (natural) parts.pop();
  const [cat, ...spec] = parts;
  return { cat, spec, natural };
}

// The canonical text (what legal_actions lists): a flush's ranks highest first.
function bidOf(pick) {
  const spec = pick.cat === "flush" && pick.spec.length > 1 ? [pick.spec[0], ...rankDown(pick.spec.slice(1))] : pick.spec;
  return [pick.cat, ...spec, ...(pick.natural ? ["natural"] : [])].join(" ");
}

function listedParsed() {
  if (S.bidsOf !== S.legal) {
    S.bidsOf = S.legal;
    S.bidsParsed = (S.legal || []).filter((a) => a.type === "bid" && typeof a.bid === "string").map((a) => parseBid(a.bid));
  }
  return S.bidsParsed;
}

const samePrefix = (spec, prefix) => prefix.every((x, i) => spec[i] === x);

// What part i of a bid of this kind may be after the parts before it: the values of the listed
// bids, and where the list is capped every value the pack has; and whether the bid may stop
// before it (its parts are named from the left).
function partChoices(cat, i, prefix, listed) {
  const part = partsOf(cat)[i];
  const mine = listed.filter((b) => b.cat === cat && samePrefix(b.spec, prefix));
  let values = unique(mine.filter((b) => b.spec.length > i).map((b) => b.spec[i]));
  let end = mine.some((b) => b.spec.length === i);
  if (S.capped) {
    const g = S.grammar;
    const lists = {
      ranks: g.ranks, ranks_above_lowest: g.ranks.slice(1),
      ranks_below_previous: g.ranks.filter((r) => rankAt(r) < rankAt(prefix[0])),
      ranks_except_previous: g.ranks.filter((r) => r !== prefix[0]),
      suits: g.suits, straight_tops: g.straight_tops, straight_flush_tops: g.straight_flush_tops,
    };
    const all = lists[part.values] || [];
    values = unique([...all, ...values]);
    end = true;
  }
  return { values, end };
}

// The pick made whole: every part still on offer kept, one that is not replaced by the first on
// offer (or dropped, where the bid may stop there).
function settleBid(pick, listed) {
  const spec = [];
  const parts = partsOf(pick.cat);
  for (let i = 0; i < parts.length; i += 1) {
    if (parts[i].values === "flush_ranks") { // a flush's ranks, as ticked (after its suit)
      if (spec.length === i) spec.push(...rankDown(pick.spec.slice(i).filter((r) => S.grammar.ranks.includes(r))));
      break;
    }
    const { values, end } = partChoices(pick.cat, i, spec, listed);
    const want = pick.spec[i];
    if (want !== undefined && values.includes(want)) spec.push(want);
    else if (end || !values.length) break;
    else spec.push(values[0]);
  }
  const natural = pick.natural && Boolean(S.view.jokers) && pick.cat !== "five";
  return { cat: pick.cat, spec, natural };
}

function bidBuilder(bids) {
  const listed = listedParsed();
  const texts = new Set(bids.map((a) => a.bid));
  const cats = unique(listed.map((b) => b.cat));
  const firstOf = (cat) => { const b = listed.find((x) => x.cat === cat); return { cat, spec: [...b.spec], natural: b.natural }; };
  let pick = S.bidPick && cats.includes(S.bidPick.cat) ? S.bidPick : firstOf(cats[0]);
  pick = settleBid(pick, listed);
  S.bidPick = pick;
  const change = (next) => { S.bidPick = next; S.pickTick += 1; renderActions(); };
  const controls = [];
  const kinds = el("select", { id: "bid-category", "aria-label": "kind of hand" },
    ...cats.map((c) => el("option", { value: c, text: kindWords(c), selected: c === pick.cat })));
  kinds.addEventListener("change", () => change(firstOf(kinds.value)));
  controls.push(kinds);
  partsOf(pick.cat).forEach((part, i) => {
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
    const { values, end } = partChoices(pick.cat, i, pick.spec.slice(0, i), listed);
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
  const action = { type: "bid", bid: bidOf(pick) };
  const verdict = texts.has(action.bid) ? { legal: true } : checkFor(action);
  const go = el("button", { type: "button", class: "act primary", "data-kind": "bid", disabled: S.pending || verdict.legal !== true,
    text: actionLabel(action, S.view, seatName), onclick: () => act(action) });
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
    if (list.length <= 6) { for (const a of list) out.push(button(actionLabel(a, S.view, seatName), a, type, "")); continue; }
    const pick = el("select", { "aria-label": type, "data-list": type }, ...list.map((a, i) => el("option", { value: String(i), text: actionLabel(a, S.view, seatName) })));
    out.push(el("span", { class: "bid-builder" }, pick, el("button", { type: "button", class: "act", "data-kind": type, disabled: S.pending,
      text: capital(list[0].cheat || type), onclick: () => act(list[Number(pick.value)]) })));
  }
  return out;
}

// ------------------------------------------------------------------ log and the end
function renderLog() {
  const log = $("#log");
  for (let i = S.shownEvents; i < S.events.length; i += 1) {
    const text = say3(S.events[i]);
    if (text) log.append(el("li", { text: capital(text) }));
    else log.append(el("li", { hidden: true }));
  }
  S.shownEvents = S.events.length;
  log.scrollTop = log.scrollHeight;
}

function renderOver() {
  const v = S.view;
  const result = v.result || {};
  $("#done").hidden = false;
  const ranking = result.ranking || [];
  $("#ranking").replaceChildren(...ranking.map((seat, i) => {
    const bits = [];
    if (Array.isArray(result.scores) && Array.isArray(v.won)) bits.push(`${result.scores[seat]} points`);
    if (Array.isArray(result.cards_left)) bits.push(`${result.cards_left[seat]} card${result.cards_left[seat] === 1 ? "" : "s"} left`);
    return el("li", { class: seat === result.winner ? "winner" : "" }, el("strong", { text: capital(nameOf(seat)) }),
      bits.length ? el("span", { class: "muted", text: ` · ${bits.join(" · ")}` }) : "",
      i === 0 && seat === result.winner ? el("span", { class: "tag act", text: "winner" }) : "");
  }));
  const winner = result.winner;
  $("#result-note").textContent = winner === null || winner === undefined ? "A shared win." : winner === S.seat ? "You won!" : `${capital(nameOf(winner))} won.`;
  if (result.end === "stalled") $("#result-note").textContent += " (The game was stopped by the no-progress rule: ranked by cards held.)";
  $("#record").href = `/api/rooms/${code}/record?game=${S.gameNo}`;
  if (!S.shownOver) { S.shownOver = true; $("#done").scrollIntoView({ block: "nearest" }); }
  renderRoom();
}

async function openReplay() {
  try {
    if (!S.replay) {
      const response = await fetch(`/api/rooms/${code}/log?game=${S.gameNo}`);
      const data = await response.json();
      if (!response.ok) throw new Error(data.message);
      S.replay = { events: data.events, at: 0 };
    }
    $("#replay").hidden = false;
    showReplay();
  } catch (err) { say(err.message); }
}

function showReplay() {
  const r = S.replay;
  const list = $("#replay-log");
  list.replaceChildren(...r.events.slice(0, r.at + 1).map((e) => el("li", { text: capital(say3(e)) })));
  $("#replay-pos").textContent = `step ${r.at + 1} of ${r.events.length}`;
  list.scrollTop = list.scrollHeight;
}

function moveReplay(to) {
  if (!S.replay) return;
  S.replay.at = Math.max(0, Math.min(S.replay.events.length - 1, to));
  showReplay();
}

// ------------------------------------------------------------------ keys and buttons
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const pressKind = (...kinds) => {
    for (const kind of kinds) {
      const b = document.querySelector(`#actions button[data-kind="${kind}"]:not([disabled])`);
      if (b) { b.click(); return true; }
    }
    return false;
  };
  const k = event.key.toLowerCase();
  let done = false;
  if (k === "c") done = pressKind("call");
  else if (k === "p") done = pressKind("pass");
  else if (k === "d") done = pressKind("draw");
  else if (k === "enter") done = pressKind("play", "sneak", "challenge", "flaunt", "bid");
  else if (k === "escape") { S.selected.clear(); renderHand(); renderActions(); done = true; }
  else if (/^[0-9]$/.test(k) && S.view && myTurn()) {
    const index = (Number(k) + 9) % 10;
    if (index < (S.view.hand || []).length) { toggle(index); done = true; }
  }
  if (done) event.preventDefault();
});

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("#join-name").value.trim();
  try {
    const made = await post("join", { name });
    S.mine = { token: made.token, seat: made.seat, host: false };
    localStorage.setItem(key, JSON.stringify(S.mine));
    localStorage.setItem("bluffhouse:name", name);
    say("");
    S.events = []; S.shownEvents = 0;
    S.socket.close(); // reconnects with the token
  } catch (err) { say(err.message); }
});
$("#join-name").value = localStorage.getItem("bluffhouse:name") || "";
$("#start").addEventListener("click", async () => {
  try { await post("start", { token: S.mine.token, fill: S.mine.fill || "counter" }); } catch (err) { say(err.message); }
});
$("#rematch").addEventListener("click", async () => {
  try { await post("rematch", { token: S.mine.token }); $("#done").hidden = true; } catch (err) { say(err.message); }
});
$("#copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("#invite-link").href); $("#copy").textContent = "Copied"; } catch { $("#copy").textContent = "Select and copy the link"; }
});
$("#chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("#chat-text").value.trim();
  if (text && S.send({ type: "chat", text })) $("#chat-text").value = "";
});
$("#replay-open").addEventListener("click", openReplay);
$("#replay-first").addEventListener("click", () => moveReplay(0));
$("#replay-prev").addEventListener("click", () => moveReplay(S.replay.at - 1));
$("#replay-next").addEventListener("click", () => moveReplay(S.replay.at + 1));
$("#replay-last").addEventListener("click", () => moveReplay(Infinity));

// The words for events come from the server first (they are data there, not here).
loadVocabulary().then(connect, (error) => {
  $("#conn").textContent = `${error.message}: reload the page`;
});
