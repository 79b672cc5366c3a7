// The socket to the server, the only authority: connecting (and reconnecting), sending, the lobby's HTTP calls, and folding each message the server sends into the table's state.
import { $, say } from "./dom.js";

// The functions of this part of the table, over the table's state `S`; `ui` holds every part's
// functions (filled in by room.js), for the calls between parts.
export function makeConnection(S, ui) {
  async function post(path, body) {
    const response = await fetch(`/api/rooms/${S.code}/${path}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    let data = null;
    try { data = await response.json(); } catch { data = null; }
    if (!response.ok) throw new Error((data && data.message) || `${response.status} ${response.statusText}`);
    return data;
  }

  // Sends a message on the socket; false (and a note to the player) when not connected.
  function send(message) {
    if (!S.socket || S.socket.readyState !== WebSocket.OPEN) { say("Not connected: the page reconnects by itself, try again in a moment."); return false; }
    S.socket.send(JSON.stringify(message));
    return true;
  }

  function act(action) {
    if (S.pending || !S.msg) return;
    say("");
    S.pending = true;
    if (ui.send({ type: "action", action, version: S.msg.version, id: `a${Date.now().toString(36)}-${S.actionNo++}` })) ui.renderActions();
    else S.pending = false;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${S.code}`);
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
      if (event.code === 4404) { // a wrong code: say so and stop (no endless reconnecting)
        S.stopped = true; S.stopReason = "no such room"; showConn();
        say(`There is no room ${S.code}. Check the code, or create a room in the lobby.`);
        return;
      }
      if (event.code === 4000) {
        S.stopped = true; S.stopReason = "open in another tab"; showConn();
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
    node.textContent = S.connected ? (S.seat === null ? "watching" : "connected")
      : S.stopped ? (S.stopReason || "not connected") : "reconnecting…";
    node.className = `conn ${S.connected ? "ok" : "down"}`;
  }

  function onMessage(message) {
    switch (message.type) {
      case "welcome":
        S.connected = true; S.retry = 0; S.askedVersion = -1; // a question lost with the old connection is asked again
        S.checks = new Map();
        S.seat = message.seat; S.host = message.host;
        if (S.mine && message.seat === null) { // the token no longer names a seat here
          S.mine = null; localStorage.removeItem(S.key);
        }
        showConn();
        break;
      case "room": {
        const names = JSON.stringify((S.room && S.room.seats || []).map((x) => [x.name, x.bot]));
        const before = S.room ? S.room.seats.filter((x) => x.stand_in).map((x) => x.seat) : [];
        S.room = message.room;
        const after = message.room.seats.filter((x) => x.stand_in).map((x) => x.seat);
        if (names !== JSON.stringify(message.room.seats.map((x) => [x.name, x.bot]))) { // the log names seats
          ui.clearLog(); ui.renderLog();
        }
        for (const seat of after) if (!before.includes(seat)) ui.note(`${ui.seatName(seat)} missed ${seat === S.seat ? "your" : "their"} turns: a bot plays for ${seat === S.seat ? "you" : "them"} until ${seat === S.seat ? "you are" : "they are"} back.`);
        for (const seat of before) if (!after.includes(seat)) ui.note(`${ui.seatName(seat)} ${seat === S.seat ? "are" : "is"} back: the bot stops playing for ${seat === S.seat ? "you" : "them"}.`);
        ui.renderStandIn();
        ui.renderRoom();
        if (S.view) ui.renderTable();
        break;
      }
      case "state": onState(message); break;
      case "legal":
        if (S.msg && message.version === S.msg.version) {
          S.legal = message.legal; S.legalVersion = message.version; S.capped = Boolean(message.capped);
          ui.renderHand(); ui.renderActions();
        }
        break;
      case "checked": { // the server's verdict on a play the person built (see checkFor)
        const asked = [...S.checks.values()].find((c) => c.id === message.id);
        if (asked && S.msg && message.version === S.msg.version) {
          asked.legal = message.legal; asked.message = message.message || ""; S.checkTick += 1; ui.renderActions();
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
        ui.renderActions();
        break;
      case "chat_history": $("#chat").replaceChildren(); for (const line of message.lines || []) ui.chatLine(line); break;
      case "chat": ui.chatLine(message); break;
      case "over": S.over = message; break;
      case "error":
        if (message.code === "bad_token") { S.mine = null; localStorage.removeItem(S.key); }
        say(message.message);
        break;
      default: break;
    }
  }

  function onState(message) {
    S.family = message.family;
    if (message.bid_grammar) S.grammar = message.bid_grammar;
    if (message.game_no !== S.gameNo) { // a new game (rematch): start its log afresh
      S.gameNo = message.game_no; S.events = []; S.notes = []; ui.clearLog(); S.over = null; S.shownOver = false;
      S.replay = null; $("#replay").hidden = true;
      $("#done").hidden = true;
    }
    if (message.events_from > S.events.length) { // we missed events: ask for all of them again
      S.events = []; ui.clearLog();
      S.socket.close(); return;
    }
    const wasMyTurn = S.seat !== null && S.view && !S.view.over && S.view.to_act.includes(S.seat);
    const newEvents = message.events.slice(Math.max(0, S.events.length - message.events_from));
    S.events.splice(message.events_from, S.events.length, ...message.events);
    if (S.shownEvents > message.events_from) ui.clearLog(); // events shown are sent again: draw anew
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
    ui.renderTable();
    ui.renderLog();
    if (S.view.over) ui.renderOver();
    ui.noticeState(wasMyTurn, newEvents);
  }

  return { post, act, connect, showConn, onMessage, onState, send };
}
