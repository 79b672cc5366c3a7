// The table's state: one object per page, made here and passed to every part of the table
// (room.js wires them); no part keeps state of its own. What the server sent last (`msg`,
// `view`, `legal`, `events`), what the player is doing (`selected`, `bidPick`, `claimPick`) and
// the connection (`socket`, `connected`, `retry`).
export function createState(code, storage = localStorage) {
  const key = `bluffhouse:${code}`;
  return {
    code, key,
    mine: JSON.parse(storage.getItem(key) || "null"),
    socket: null, connected: false, retry: 0, stopped: false,
    seat: null, host: false, room: null, msg: null, view: null, gameNo: 0, family: "cheat", grammar: null,
    events: [], shownEvents: 0, notes: [], shownNotes: 0, legal: null, legalVersion: -1, askedVersion: -1,
    selected: new Set(), pending: false, timers: [], over: null, bidPick: null,
    replay: null, capped: false, checks: new Map(), checkTick: 0, claimPick: null, pickTick: 0,
    actionNo: 0, checkNo: 0,
  };
}
