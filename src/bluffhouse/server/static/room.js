// A modest room page: seats, join, start, and a plain table driven by the server's state
// messages (the full browser table is a separate piece of work).
const $ = (sel) => document.querySelector(sel);
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
const key = `bluffhouse:${code}`;
let mine = JSON.parse(localStorage.getItem(key) || "null");
let socket = null;
let version = null;
let events = 0;

function say(message) { $("#error").textContent = message || ""; }

async function post(path, body) {
  const response = await fetch(`/api/rooms/${code}/${path}`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message);
  return data;
}

function showRoom(room) {
  $("#title").textContent = `${room.title}: room ${room.code}`;
  $("#status").textContent = `${room.status}` + (room.game_no ? `, game ${room.game_no}` : "");
  const list = $("#seats");
  list.replaceChildren();
  for (const seat of room.seats) {
    const who = seat.kind === "bot" ? `bot (${seat.bot})` : seat.kind === "free" ? "free"
      : `${seat.name}${seat.connected ? "" : " (away)"}${seat.stand_in ? " [bot stands in]" : ""}`;
    const item = document.createElement("li");
    item.textContent = `seat ${seat.seat}: ${who}`;
    list.append(item);
  }
  $("#join").hidden = !(room.status === "lobby" && !mine && room.seats.some((s) => s.kind === "free"));
  $("#host").hidden = !(mine && mine.host);
  $("#start").hidden = room.status !== "lobby";
  $("#rematch").hidden = room.status !== "over";
}

function showState(message) {
  version = message.version;
  const view = message.view;
  $("#table").hidden = false;
  $("#hand").textContent = view.hand.join(" ") || "-";
  const facts = [`to act: seat ${view.to_act.join(", ") || "-"}`, `cards held: ${view.hand_sizes.join(" / ")}`];
  for (const k of ["pile_size", "claim_rank", "bid", "stock_size"]) {
    if (view[k] !== undefined && view[k] !== null) facts.push(`${k.replace("_", " ")}: ${view[k]}`);
  }
  $("#facts").textContent = facts.join(" · ");
  if (message.events_from === 0) $("#log").replaceChildren();
  for (const event of message.events) {
    const item = document.createElement("li");
    item.textContent = JSON.stringify(event);
    $("#log").append(item);
  }
  events = message.events_total;
  const box = $("#actions");
  box.replaceChildren();
  for (const action of (message.legal || []).slice(0, 60)) {
    const button = document.createElement("button");
    button.textContent = action.type + (action.cards ? ` ${action.cards.join(" ")}` : "")
      + (action.claim ? ` as ${action.claim.count}x${action.claim.rank}` : "")
      + (action.bid ? ` ${action.bid}` : "");
    button.addEventListener("click", () => socket.send(JSON.stringify(
      { type: "action", action, version })));
    box.append(button);
  }
  if (view.over) {
    $("#done").hidden = false;
    $("#result").textContent = JSON.stringify(view.result);
    $("#record").href = `/api/rooms/${code}/record`;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${code}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify(
    { type: "hello", token: mine ? mine.token : undefined })));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "room") showRoom(message.room);
    else if (message.type === "state") showState(message);
    else if (message.type === "refused" || message.type === "error") say(message.message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { say(`There is no room ${code}.`); return; }
    setTimeout(connect, 1500);
  });
}

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const made = await post("join", { name: new FormData(event.target).get("name") });
    mine = { token: made.token, seat: made.seat, host: false };
    localStorage.setItem(key, JSON.stringify(mine));
    socket.close();
  } catch (err) { say(err.message); }
});
$("#start").addEventListener("click", async () => {
  try { await post("start", { token: mine.token }); } catch (err) { say(err.message); }
});
$("#rematch").addEventListener("click", async () => {
  try { await post("rematch", { token: mine.token }); } catch (err) { say(err.message); }
});
connect();
