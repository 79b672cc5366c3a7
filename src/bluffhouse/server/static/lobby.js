// The lobby: every game grouped by family, a room form whose rule options come from the same
// rules data as `bluffhouse rules` (GET /api/games), and joining by code.
const $ = (sel) => document.querySelector(sel);

const FAMILIES = {
  cheat: ["Cheat family", "Bluff, Popcorn, Bullsh*t and every variation: lay cards face down, claim a rank, call the liars."],
  poker_bull: ["Poker Bull", "Bid poker hands made from everybody's cards together; call the bid you do not believe."],
  sneak: ["Sneak", "Draw, sneak cards face down or flaunt combos face up; challenge with as many cards."],
};

async function getJSON(url, options) {
  const response = await fetch(url, options);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error((data && data.message) || `${response.status} ${response.statusText}`);
  return data;
}

// The rules text is wrapped for an 80-column terminal: its prose lines (indented two spaces)
// are joined so that a phone wraps them at its own width; tables (indented deeper) keep their
// lines.
function reflow(text) {
  const out = [];
  let para = [];
  for (const line of text.split("\n")) {
    if (/^ {2}\S/.test(line)) { para.push(line.trim()); continue; }
    if (para.length) { out.push(para.join(" ")); para = []; }
    out.push(line.replace(/^ {2}/, ""));
  }
  if (para.length) out.push(para.join(" "));
  return out.join("\n");
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

const words = (name) => name.replaceAll("_", " ");

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const rankWord = (r) => (r === "T" ? "10" : r);

// A rank picker for an option whose values are ranks: one rank (or "any"), or a set of ranks
// (or a word such as "all"), as boxes to tick instead of letters to type.
function rankControl(game, info, id) {
  const box = el("div", { class: "rank-picker", id, role: "group", "aria-label": info.label });
  const current = String(info.default);
  if (info.input === "rank") {
    const select = el("select", { "aria-label": info.label });
    const words = current === "any" || /any/.test(info.doc) ? ["any"] : [];
    for (const value of [...words, ...RANKS]) {
      const option = el("option", { value, text: value === "any" ? "any rank" : rankWord(value) });
      if (value === current.replace("10", "T")) option.selected = true;
      select.append(option);
    }
    box.append(select);
    box.value = () => select.value;
  } else {
    const modes = ["all", ...(/'auto'/.test(info.doc) ? ["auto"] : [])];
    const mode = el("select", { "aria-label": `${info.label}: which` },
      ...modes.map((m) => el("option", { value: m, text: m === "all" ? "every rank" : "as many as players + 2 (highest)" })),
      el("option", { value: "pick", text: "these ranks:" }));
    const picked = modes.includes(current) ? [] : [...current.toUpperCase()];
    mode.value = modes.includes(current) ? current : "pick";
    const ticks = el("span", { class: "rank-ticks" }, ...RANKS.map((r) => {
      const tick = el("input", { type: "checkbox", value: r, "data-rank": r });
      tick.checked = picked.includes(r);
      return el("label", { class: "check rank" }, tick, rankWord(r));
    }));
    const show = () => { ticks.hidden = mode.value !== "pick"; };
    mode.addEventListener("change", show);
    show();
    box.append(mode, ticks);
    box.value = () => (mode.value !== "pick" ? mode.value
      : RANKS.filter((r) => ticks.querySelector(`[data-rank="${r}"]`).checked).join(""));
  }
  return box;
}

// The option's help in words: a mention of another option's key (one with an underscore: a
// plain word such as "jokers" is left alone) reads as its label.
function helpWords(game, text) {
  let out = text;
  for (const other of game.options) {
    if (other.name.includes("_")) out = out.replace(new RegExp(`\\b${other.name}\\b`, "g"), `“${other.label}”`);
  }
  return out;
}

// One form control for one rule option, built from its type and its values text
// ("true | false", "a | b", "1..2", "0..", "text"), or a rank picker; labelled in words, its
// key (what `bluffhouse play --option` takes) shown only with "technical names".
function optionControl(game, info) {
  const id = `opt-${info.name}`;
  const values = String(info.values);
  let control;
  if (info.input) {
    control = rankControl(game, info, id);
  } else if (info.type === "bool") {
    control = el("input", { type: "checkbox", id, name: info.name });
    control.checked = Boolean(info.default);
  } else if (values.includes(" | ")) {
    control = el("select", { id, name: info.name });
    for (const value of values.split(" | ")) {
      const option = el("option", { value, text: value.replaceAll("_", " ") });
      if (String(info.default) === value) option.selected = true;
      control.append(option);
    }
  } else if (/^-?\d+\.\.(-?\d+)?$/.test(values)) {
    const [low, high] = values.split("..");
    control = el("input", { type: "number", id, name: info.name, min: low, step: "1" });
    if (high) control.max = high;
    control.value = info.default;
  } else {
    control = el("input", { type: "text", id, name: info.name, maxlength: "40" });
    control.value = info.default ?? "";
  }
  control.dataset.option = info.name;
  control.dataset.type = info.type;
  control.dataset.default = JSON.stringify(info.default);
  control.addEventListener("change", () => countChanged(game));
  const key = el("code", { class: "key", text: info.name });
  const label = el("label", { for: id, class: info.type === "bool" && !info.input ? "check" : "" });
  if (info.type === "bool" && !info.input) label.append(control, " ", info.label, " ", key);
  else label.append(info.label, " ", key, " ", control);
  const defaultWords = info.type === "bool" ? (info.default ? "on" : "off") : String(info.default).replaceAll("_", " ");
  return el("div", { class: "option" }, label,
    el("p", { class: "help", text: `${helpWords(game, info.doc)} (this game: ${defaultWords})` }));
}

// The options in their groups (the cards, claims, calls ... as the rules data orders them).
function optionGroups(game) {
  const groups = game.groups && game.groups.length ? game.groups : [["other", "Options"]];
  const out = [];
  for (const [key, title] of groups) {
    const mine = game.options.filter((o) => o.group === key);
    if (mine.length) out.push(el("fieldset", { class: "rule-group" }, el("legend", { text: title }), ...mine.map((info) => optionControl(game, info))));
  }
  const rest = game.options.filter((o) => !groups.some(([key]) => key === o.group));
  if (rest.length) out.push(el("fieldset", { class: "rule-group" }, el("legend", { text: "Other" }), ...rest.map((info) => optionControl(game, info))));
  return out;
}

function optionValue(control) {
  if (typeof control.value === "function") return control.value(); // a rank picker
  if (control.dataset.type === "bool") return control.checked;
  if (control.dataset.type === "int") return control.value === "" ? null : Number(control.value);
  if (control.dataset.type === "float") return Number(control.value);
  return control.value;
}

// The options that differ from this game's defaults: the only ones sent.
function changedOptions() {
  const out = {};
  for (const control of document.querySelectorAll("#options [data-option]")) {
    const value = optionValue(control);
    if (value !== null && JSON.stringify(value) !== control.dataset.default) out[control.dataset.option] = value;
  }
  return out;
}

// Bots that play some tables only ("only" of /api/bots: the learned bot, each table with that
// game's own rules) are offered greyed out, with the reason, at any other table.
let onlyTables = {};
let botLabels = {};
let defaultBot = "counter";
function fitBots() {
  const game = $("#game").value;
  const players = Number($("#players").value) || 0;
  const changed = Object.keys(changedOptions()).length > 0;
  const select = $("#bot");
  for (const option of select.options) {
    const only = onlyTables[option.value];
    const fits = !only || (!changed && only.some((t) => t.game === game && t.players === players));
    option.disabled = !fits;
    const label = botLabels[option.value] || option.value;
    const tables = only ? only.map((t) => `${t.players}-player ${t.game}`).join(" or ") : "";
    option.textContent = fits ? label : `${label} (plays only ${tables}, each with its own rules)`;
  }
  if (select.selectedOptions[0]?.disabled) select.value = defaultBot;
}

function countChanged() {
  fitBots();
  const n = Object.keys(changedOptions()).length;
  $("#options-count").textContent = n ? `${n} changed from this game's rules` : "every option of this game";
}

function seatingLine() {
  const players = Number($("#players").value) || 0;
  const friends = Math.min(Math.max(Number($("#friends").value) || 0, 0), Math.max(players - 1, 0));
  const bots = Math.max(players - 1 - friends, 0);
  fitBots();
  const kind = $("#bot").value;
  const parts = ["you"];
  if (friends) parts.push(`${friends} friend${friends > 1 ? "s" : ""} (send them the link)`);
  const who = (botLabels[kind] || kind).replace(/,.*$/, "");
  if (bots) parts.push(`${bots} bot${bots > 1 ? "s" : ""} (${who})`);
  $("#seating").textContent = `At the table: ${parts.join(", ")}. Seats still free at the start get bots (${who}).`;
  return { players, friends, bots, kind };
}

async function main() {
  const [games, bots] = await Promise.all([getJSON("/api/games"), getJSON("/api/bots")]);
  const byId = Object.fromEntries(games.map((g) => [g.id, g]));
  const select = $("#game");
  const list = $("#games");
  for (const [family, [title, blurb]] of Object.entries(FAMILIES)) {
    const members = games.filter((g) => g.family === family);
    if (!members.length) continue;
    const group = el("optgroup", { label: title });
    const box = el("div", { class: "family" }, el("h3", { text: title }), el("p", { class: "muted", text: blurb }));
    const ul = el("ul", { class: "game-list" });
    for (const game of members) {
      group.append(el("option", { value: game.id, text: game.title === game.id ? game.id : `${game.title} (${game.id})` }));
      const pick = el("button", { type: "button", class: "link", text: game.title, "data-game": game.id });
      pick.addEventListener("click", () => { select.value = game.id; choose(); $("#create-box").scrollIntoView({ behavior: "smooth" }); });
      ul.append(el("li", {}, pick, el("span", { class: "muted", text: ` ${game.id} · ${game.min_players}-${game.max_players} players · ` }), game.summary));
    }
    select.append(group);
    box.append(ul);
    list.append(box);
  }
  onlyTables = bots.only || {};
  defaultBot = bots.default;
  // Levels first (Easy, Normal, Hard), then the characters; the value is the bot's name.
  botLabels = bots.labels || {};
  const LEVELS = ["Easy", "Normal", "Hard"];
  const levelOf = (name) => LEVELS.indexOf((botLabels[name] || "").split(":")[0]);
  const levelled = (name) => levelOf(name) >= 0;
  const order = [...bots.bots.filter(levelled).sort((a, b) => levelOf(a) - levelOf(b)),
    ...bots.bots.filter((b) => !levelled(b))];
  const levels = el("optgroup", { label: "Levels" });
  const characters = el("optgroup", { label: "Characters (one habit each)" });
  for (const name of order) {
    const option = el("option", { value: name, text: botLabels[name] || name });
    if (name === bots.default) option.selected = true;
    (levelled(name) ? levels : characters).append(option);
  }
  $("#bot").append(levels, characters);

  function choose() {
    const game = byId[select.value];
    $("#summary").textContent = game.summary;
    const seats = $("#players");
    seats.min = game.min_players; seats.max = game.max_players; seats.value = game.players;
    $("#friends").max = game.max_players - 1;
    const box = $("#options");
    box.replaceChildren(...optionGroups(game));
    countChanged();
    $("#rules-title").textContent = `How to play ${game.title}`;
    $("#how").textContent = `${game.summary}\n\n${reflow((game.how || "").replace(/^How to play\n/, ""))}`;
    seatingLine();
    history.replaceState(null, "", `#${game.id}`);
  }
  const wanted = decodeURIComponent(location.hash.slice(1));
  select.value = byId[wanted] ? wanted : byId.bullshit ? "bullshit" : games[0].id;
  select.addEventListener("change", choose);
  for (const id of ["#players", "#friends", "#bot"]) $(id).addEventListener("input", seatingLine);
  $("#show-keys").addEventListener("change", () => $("#options").classList.toggle("with-keys", $("#show-keys").checked));
  $("#notimer").addEventListener("change", () => {
    $("#turn").disabled = $("#window").disabled = $("#notimer").checked;
  });
  choose();
  // (a name typed while the lobby was loading stays)
  if (!$("#name").value) $("#name").value = localStorage.getItem("bluffhouse:name") || "";

  $("#create").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("#error").textContent = "";
    const name = $("#name").value.trim();
    const { players, bots: botSeats, kind } = seatingLine();
    const body = { game: select.value, players, name, options: changedOptions() };
    if ($("#public").checked) body.public = true;
    if (botSeats) {
      body.bots = Object.fromEntries(Array.from({ length: botSeats },
        (_, i) => [String(players - botSeats + i), kind]));
    }
    // `/?seed=N` deals the first game from a fixed shuffle (the same deal again, tests)
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed && /^\d{1,15}$/.test(seed)) body.seed = Number(seed);
    if ($("#notimer").checked) body.timers = false;
    else {
      body.turn_seconds = Number($("#turn").value);
      body.window_seconds = Number($("#window").value);
    }
    const button = $("#create-button");
    button.disabled = true;
    try {
      const made = await getJSON("/api/rooms", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      localStorage.setItem("bluffhouse:name", name);
      localStorage.setItem(`bluffhouse:${made.code}`, JSON.stringify(
        { token: made.token, seat: made.seat, host: true, fill: kind }));
      location.href = made.link;
    } catch (err) {
      $("#error").textContent = err.message;
      button.disabled = false;
    }
  });

  // Public tables: every process's rooms waiting for players (GET /api/rooms), refreshed.
  async function showPublic() {
    const list = $("#public-rooms");
    try {
      const { rooms } = await getJSON("/api/rooms");
      list.replaceChildren(...(rooms.length ? rooms.map((room) => el("li", { class: "public-room", "data-code": room.code },
        el("a", { href: room.link, text: room.title }),
        el("span", { class: "muted", text: ` · ${room.players} seats, ${room.free} free${room.people.length ? ` · with ${room.people.join(", ")}` : ""}${Object.keys(room.options).length ? " · house rules" : ""}` })))
        : [el("li", { class: "muted", text: "No public table is waiting right now: Play now starts one." })]));
    } catch (err) { list.replaceChildren(el("li", { class: "muted", text: `The public tables could not load: ${err.message}` })); }
  }
  showPublic();
  setInterval(showPublic, 10_000);

  // Play now: a free seat at a public table of the chosen game, else a new public table of it
  // with bots in every other seat, started at once.
  $("#play-now").addEventListener("click", async () => {
    const name = $("#name").value.trim();
    if (!name) { $("#now-note").textContent = "Your name first (below)."; $("#name").focus(); return; }
    const game = select.value;
    $("#play-now").disabled = true;
    try {
      const { rooms } = await getJSON(`/api/rooms?game=${encodeURIComponent(game)}`);
      for (const room of rooms) {
        try {
          const made = await getJSON(`/api/rooms/${room.code}/join`, {
            method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }),
          });
          localStorage.setItem("bluffhouse:name", name);
          localStorage.setItem(`bluffhouse:${room.code}`, JSON.stringify({ token: made.token, seat: made.seat, host: false }));
          location.href = room.link;
          return;
        } catch { /* taken meanwhile: the next one */ }
      }
      const players = byId[game].players;
      const bots = Object.fromEntries(Array.from({ length: players - 1 }, (_, i) => [String(i + 1), defaultBot]));
      const made = await getJSON("/api/rooms", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ game, players, name, bots, public: true }),
      });
      await getJSON(`/api/rooms/${made.code}/start`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: made.token, fill: defaultBot }),
      });
      localStorage.setItem("bluffhouse:name", name);
      localStorage.setItem(`bluffhouse:${made.code}`, JSON.stringify({ token: made.token, seat: made.seat, host: true, fill: defaultBot }));
      location.href = made.link;
    } catch (err) {
      $("#now-note").textContent = err.message;
      $("#play-now").disabled = false;
    }
  });

  $("#join").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = $("#code").value.trim().toUpperCase();
    if (code) location.href = `/r/${encodeURIComponent(code)}`;
  });
}

main().catch((err) => { $("#error").textContent = `The lobby could not load: ${err.message}`; });
