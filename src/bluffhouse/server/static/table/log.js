// The game's log, the end of the game and the replay of a finished game.
import { $, el, say, capital } from "./dom.js";
import { bidText } from "../words.js";

// The functions of this part of the table, over the table's state `S`; `ui` holds every part's
// functions (filled in by room.js), for the calls between parts.
export function makeLog(S, ui) {
  // The log is the game's events with the table's own lines (a stand-in comes or goes) between
  // them, each note kept with the number of events before it, so a log drawn again (a new seat
  // name, events sent again) keeps its notes in place.
  function renderLog() {
    const log = $("#log");
    const notesUpTo = (count) => {
      while (S.shownNotes < S.notes.length && S.notes[S.shownNotes].at <= count) {
        log.append(el("li", { class: "note", text: S.notes[S.shownNotes].text }));
        S.shownNotes += 1;
      }
    };
    for (let i = S.shownEvents; i < S.events.length; i += 1) {
      notesUpTo(i);
      const text = ui.say3(S.events[i]);
      if (text) log.append(el("li", { text: capital(text) }));
      else log.append(el("li", { hidden: true }));
    }
    S.shownEvents = S.events.length;
    notesUpTo(S.events.length);
    log.scrollTop = log.scrollHeight;
  }

  // Empties the log, to be drawn again from the events (and notes) kept.
  function clearLog() {
    S.shownEvents = 0; S.shownNotes = 0;
    $("#log").replaceChildren();
  }

  // A line of the table's own, after the events received so far.
  function note(text) {
    S.notes.push({ at: S.events.length, text });
    renderLog();
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
      return el("li", { class: seat === result.winner ? "winner" : "" }, el("strong", { text: capital(ui.nameOf(seat)) }),
        bits.length ? el("span", { class: "muted", text: ` · ${bits.join(" · ")}` }) : "",
        i === 0 && seat === result.winner ? el("span", { class: "tag act", text: "winner" }) : "");
    }));
    const winner = result.winner;
    $("#result-note").textContent = winner === null || winner === undefined ? "A shared win." : winner === S.seat ? "You won!" : `${capital(ui.nameOf(winner))} won.`;
    if (result.end === "stalled") $("#result-note").textContent += " (The game was stopped by the no-progress rule: ranked by cards held.)";
    if (result.end === "turn_limit") $("#result-note").textContent += " (The table's cap on plays was reached: the fewest cards win.)";
    $("#record").href = `/api/rooms/${S.code}/record?game=${S.gameNo}`;
    if (!S.shownOver) { S.shownOver = true; $("#done").scrollIntoView({ block: "nearest" }); }
    ui.renderRoom();
  }

  // The replay of a finished game, one action at a time: the table as it stood (every hand
  // face up: the game is over) and the log up to that moment. Steps are fetched from the
  // server (it replays the record; the page has no rules) and kept.
  async function stepData(step) {
    const r = S.replay;
    if (!r.cache.has(step)) {
      const response = await fetch(`/api/rooms/${S.code}/replay?game=${S.gameNo}&step=${step}`);
      const data = await response.json();
      if (!response.ok) throw new Error(data.message);
      r.cache.set(step, data);
    }
    return r.cache.get(step);
  }

  async function openReplay() {
    try {
      if (!S.replay) {
        const response = await fetch(`/api/rooms/${S.code}/log?game=${S.gameNo}`);
        const data = await response.json();
        if (!response.ok) throw new Error(data.message);
        S.replay = { events: data.events, at: 0, steps: 0, cache: new Map() };
      }
      $("#replay").hidden = false;
      await showReplay();
    } catch (err) { say(err.message); }
  }

  function replayTable(data) {
    const v = data.view;
    const board = [];
    if ("pile_size" in v) {
      board.push(`${v.pile_size} card${v.pile_size === 1 ? "" : "s"} in the pile`);
      if (v.last_play) board.push(`last play: ${ui.claimWords(v.last_play)}`);
    } else if (Array.isArray(v.dealt)) {
      board.push(`hand ${v.hand_number}`);
      if (v.bid) board.push(`standing bid: ${capital(ui.nameOf(v.bidder))} bid ${bidText(v.bid)}`);
    } else if ("stock_size" in v) {
      board.push(`${v.stock_size} in the stock`, `scores ${(v.scores || []).join(" / ")}`);
    }
    const seats = data.hands.map((hand, seat) => el("div", { class: `reveal-hand${(v.to_act || []).includes(seat) ? " acting" : ""}` },
      el("span", { class: "reveal-name", text: capital(ui.nameOf(seat)) }),
      ...(hand.length ? hand.map(ui.faceUp) : [el("span", { class: "muted", text: "no cards" })])));
    return [el("div", { class: "replay-board", text: board.join(" · ") }), ...seats];
  }

  async function showReplay() {
    const r = S.replay;
    const data = await stepData(r.at);
    r.steps = data.steps;
    $("#replay-table").replaceChildren(...replayTable(data));
    const list = $("#replay-log");
    list.replaceChildren(...r.events.slice(0, data.events_seen).map((e) => el("li", { text: capital(ui.say3(e)) })));
    $("#replay-pos").textContent = r.at === 0 ? `the deal (of ${r.steps} moves)` : `move ${r.at} of ${r.steps}`;
    list.scrollTop = list.scrollHeight;
  }

  async function moveReplay(to) {
    if (!S.replay) return;
    S.replay.at = Math.max(0, Math.min(S.replay.steps, to));
    try { await showReplay(); } catch (err) { say(err.message); }
  }

  return { note, renderLog, clearLog, renderOver, openReplay, showReplay, moveReplay };
}
