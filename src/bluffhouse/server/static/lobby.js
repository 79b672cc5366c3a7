// The lobby: names the games, creates a room and shows its link.
const $ = (sel) => document.querySelector(sel);

async function getJSON(url, options) {
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function text(tag, content, cls) {
  const node = document.createElement(tag);
  node.textContent = content;
  if (cls) node.className = cls;
  return node;
}

async function main() {
  const [games, bots] = await Promise.all([getJSON("/api/games"), getJSON("/api/bots")]);
  const select = $("#game");
  for (const game of games) {
    const option = text("option", `${game.title} (${game.id})`);
    option.value = game.id;
    select.append(option);
    const item = text("li", "");
    item.append(text("strong", game.title), ` (${game.id}): ${game.summary}`);
    $("#games").append(item);
  }
  for (const name of bots.bots) {
    const option = text("option", name);
    option.value = name;
    if (name === bots.default) option.selected = true;
    $("#bot").append(option);
  }
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  const pick = () => {
    const game = byId[select.value];
    $("#summary").textContent = game.summary;
    const seats = $("#players");
    seats.min = game.min_players; seats.max = game.max_players; seats.value = game.players;
  };
  select.value = byId.bullshit ? "bullshit" : games[0].id;
  select.addEventListener("change", pick);
  pick();

  $("#create").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("#error").textContent = "";
    const form = new FormData(event.target);
    const players = Number(form.get("players"));
    const body = { game: form.get("game"), players, name: form.get("name") };
    if (form.get("bot")) body.bots = Object.fromEntries(
      Array.from({ length: players - 1 }, (_, i) => [String(i + 1), form.get("bot")]));
    if (form.get("notimer")) body.timers = false;
    else {
      body.turn_seconds = Number(form.get("turn"));
      body.window_seconds = Number(form.get("window"));
    }
    try {
      const made = await getJSON("/api/rooms", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      localStorage.setItem(`bluffhouse:${made.code}`, JSON.stringify(
        { token: made.token, seat: made.seat, host: true }));
      const link = new URL(made.link, location.href).href;
      const out = $("#made");
      out.textContent = `Room ${made.code} is ready. Send this link: `;
      const a = text("a", link);
      a.href = link;
      a.id = "room-link";
      out.append(a);
    } catch (err) {
      $("#error").textContent = err.message;
    }
  });

  $("#join").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = new FormData(event.target).get("code").trim().toUpperCase();
    location.href = `/r/${encodeURIComponent(code)}`;
  });
}

main().catch((err) => { $("#error").textContent = err.message; });
