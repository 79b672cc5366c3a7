// The table: one websocket to the server (docs/server.md), which is the only authority. The
// page never decides what is legal: it shows the legal actions the server sends for this
// moment (asking for them on a turn) and nothing else, and sends the one the player picks.
//
// This file wires the parts (table/): the state (state.js), the connection, the seats and the
// board, the hand, the action bar with the bid builder, and the log; each part is made over
// the one state object and reaches the others through `ui`.
import { loadVocabulary } from "./words.js";
import { $, say } from "./table/dom.js";
import { createState } from "./table/state.js";
import { makeConnection } from "./table/connection.js";
import { makeSeats } from "./table/seats.js";
import { makeHand } from "./table/hand.js";
import { makeActions } from "./table/actions.js";
import { makeLog } from "./table/log.js";
import { makeEffects } from "./table/effects.js";

const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
const S = createState(code);
const ui = {};
Object.assign(ui, makeConnection(S, ui), makeSeats(S, ui), makeHand(S, ui), makeActions(S, ui), makeLog(S, ui),
  makeEffects(S, ui));
ui.wireEffects();
S.send = ui.send;
window.bluffhouse = S; // for the curious, from the console: S.send({...}) goes through the same socket

setInterval(ui.tickClocks, 200);

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
  else if (k === "p") done = pressKind("pass"); // letting a play go: never the pile's pick-up
  else if (k === "u") done = pressKind("pickup");
  else if (k === "d") done = pressKind("draw");
  else if (k === "enter") done = pressKind("play", "sneak", "challenge", "flaunt", "bid");
  else if (k === "escape") { S.selected.clear(); ui.renderHand(); ui.renderActions(); done = true; }
  else if (/^[0-9]$/.test(k) && S.view && ui.myTurn()) {
    const index = (Number(k) + 9) % 10;
    if (index < (S.view.hand || []).length) { ui.toggle(index); done = true; }
  }
  if (done) event.preventDefault();
});

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("#join-name").value.trim();
  try {
    const made = await ui.post("join", { name });
    S.mine = { token: made.token, seat: made.seat, host: false };
    localStorage.setItem(S.key, JSON.stringify(S.mine));
    localStorage.setItem("bluffhouse:name", name);
    say("");
    S.events = []; ui.clearLog();
    S.socket.close(); // reconnects with the token
  } catch (err) { say(err.message); }
});
$("#join-name").value = localStorage.getItem("bluffhouse:name") || "";
$("#start").addEventListener("click", async () => {
  try { await ui.post("start", { token: S.mine.token, fill: S.mine.fill || "counter" }); } catch (err) { say(err.message); }
});
$("#rematch").addEventListener("click", async () => {
  try { await ui.post("rematch", { token: S.mine.token }); $("#done").hidden = true; } catch (err) { say(err.message); }
});
$("#copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("#invite-link").href); $("#copy").textContent = "Copied"; } catch { $("#copy").textContent = "Select and copy the link"; }
});
$("#chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("#chat-text").value.trim();
  if (text && ui.send({ type: "chat", text })) $("#chat-text").value = "";
});
$("#back").addEventListener("click", () => ui.send({ type: "back" }));
$("#replay-open").addEventListener("click", ui.openReplay);
$("#replay-first").addEventListener("click", () => ui.moveReplay(0));
$("#replay-prev").addEventListener("click", () => ui.moveReplay(S.replay.at - 1));
$("#replay-next").addEventListener("click", () => ui.moveReplay(S.replay.at + 1));
$("#replay-last").addEventListener("click", () => ui.moveReplay(Infinity));

// The words for events come from the server first (they are data there, not here).
loadVocabulary().then(ui.connect, (error) => {
  $("#conn").textContent = `${error.message}: reload the page`;
});
