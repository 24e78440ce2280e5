// The lobby: create a game, hand out seat links, join with a link, watch, resume, replay.
import {
  api, el, forgetGame, gameMeta, myGames, rememberSeat, seatLink, showError, t,
} from "./core.js";

export async function showLobby(root) {
  const meta = await gameMeta();
  root.replaceChildren(
    el("section", { class: "panel", id: "new-game" }, el("h2", {}, t("lobby.new")), createForm(meta),
      el("div", { id: "created" })),
    el("section", { class: "panel" }, el("h2", {}, t("lobby.join")), joinForm()),
    el("section", { class: "panel", id: "mine" }, el("h2", {}, t("lobby.mine")), el("div", { id: "mine-list" })),
    el("section", { class: "panel", id: "games" },
      el("h2", {}, t("lobby.games"), " ", el("button", { class: "small", onclick: () => listGames(meta) },
        t("lobby.refresh"))),
      el("div", { id: "games-list" })),
  );
  renderMine(meta);
  const last = sessionStorage.getItem("boardlab.created");  // still shown after a language switch
  if (last) showCreated(JSON.parse(last));
  await listGames(meta);
}

function titleOf(meta, name) {
  return (meta.games.find((g) => g.name === name) || { title: name }).title;
}

// ---- creating a game ----------------------------------------------------------------------------
function createForm(meta) {
  const form = el("form", { id: "lobby-form" });
  const gameSelect = el("select", { id: "game-select", name: "game" },
    meta.games.map((g) => el("option", { value: g.name }, g.title)));
  const players = el("input", { id: "players", type: "number", name: "players", value: "2" });
  const optionsBox = el("div", { id: "options-box" });
  const seatsBox = el("div", { id: "seats-box" });
  const seed = el("input", { id: "seed", type: "number", name: "seed" });
  const spec = () => meta.games.find((g) => g.name === gameSelect.value);
  const redraw = () => {
    const g = spec();
    players.min = g.min_players;
    players.max = g.max_players;
    const n = Math.max(g.min_players, Math.min(g.max_players, Number(players.value) || g.min_players));
    players.value = n;
    optionsBox.replaceChildren(...g.options.map(optionField));
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => seatField(meta, i)));
  };
  gameSelect.addEventListener("change", redraw);
  players.addEventListener("change", redraw);
  form.append(
    el("label", {}, t("lobby.game"), gameSelect),
    el("label", {}, t("lobby.players"), players),
    el("fieldset", {}, el("legend", {}, t("lobby.options")), optionsBox),
    el("fieldset", {}, el("legend", {}, t("lobby.seats")), seatsBox),
    el("label", {}, t("lobby.seed"), seed),
    el("button", { id: "create", type: "submit", class: "primary" }, t("lobby.create")),
  );
  form.addEventListener("submit", (ev) => { ev.preventDefault(); create(meta, form); });
  redraw();
  return form;
}

function optionLabel(name) {
  const key = `opt.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

function valueLabel(value) {
  const key = `val.${value}`;
  const text = t(key);
  return text === key ? value : text;
}

function optionField(opt) {
  const box = el("div", { class: "option", dataset: { option: opt.name, kind: opt.kind } });
  const head = el("span", { class: "option-name", title: opt.description }, optionLabel(opt.name));
  if (opt.kind === "multi") {
    box.append(head, ...opt.values.map((v) => el("label", { class: "check" },
      el("input", { type: "checkbox", value: v, name: `opt-${opt.name}` }), valueLabel(v))));
  } else if (opt.kind === "one") {
    const none = opt.default ? [] : [el("option", { value: "" }, t("lobby.option_none"))];
    box.append(head, el("select", { name: `opt-${opt.name}` }, none,
      opt.values.map((v) => el("option", { value: v, selected: v === opt.default }, valueLabel(v)))));
  } else {
    box.append(head, el("input", { type: "text", name: `opt-${opt.name}`, placeholder: t("lobby.json_hint"),
      title: opt.description }));
  }
  return box;
}

function seatField(meta, i) {
  const kinds = [el("option", { value: "human" }, t("seat.human")),
    ...meta.agents.map((a) => el("option", { value: `bot:${a}` }, t("seat.bot", { agent: a })))];
  const select = el("select", { class: "seat-kind", dataset: { seat: i } }, kinds);
  if (i > 0) select.value = "bot:random";
  return el("label", { class: "seat" }, t("seat.name", { seat: i }), select);
}

function readOptions(form) {
  const options = {};
  for (const box of form.querySelectorAll(".option")) {
    const name = box.dataset.option;
    if (box.dataset.kind === "multi") {
      const chosen = [...box.querySelectorAll("input:checked")].map((c) => c.value);
      if (chosen.length) options[name] = chosen;
    } else {
      const raw = box.querySelector("select, input").value.trim();
      if (!raw) continue;
      if (box.dataset.kind === "one") options[name] = raw;
      else {
        try { options[name] = JSON.parse(raw); } catch { throw new Error(t("lobby.json_bad", { name })); }
      }
    }
  }
  return options;
}

async function create(meta, form) {
  let body;
  try {
    const seats = [...form.querySelectorAll(".seat-kind")].map((s) => (
      s.value === "human" ? { kind: "human" } : { kind: "bot", agent: s.value.slice(4) }));
    body = { game: form.game.value, players: Number(form.players.value), options: readOptions(form), seats };
    if (form.seed.value.trim()) body.seed = Number(form.seed.value);
  } catch (e) { showError(e); return; }
  try {
    const made = await api("/api/games", { method: "POST", body });
    for (const s of made.seats) if (s.token) rememberSeat(made.id, body.game, body.players, s.seat, s.token);
    showCreated(made);
    renderMine(meta);
    listGames(meta);
  } catch (e) { showError(e); }
}

function linkRow(label, href, cls) {
  const input = el("input", { type: "text", readonly: true, value: href, class: cls });
  const copy = el("button", { type: "button", class: "small", onclick: async (ev) => {
    input.select();
    try { await navigator.clipboard.writeText(href); ev.target.textContent = t("lobby.copied"); } catch { /* selected */ }
  } }, t("lobby.copy"));
  return el("div", { class: "link-row" }, el("span", {}, label), input, copy,
    el("a", { href, class: "button small" }, t("lobby.open")));
}

function showCreated(made) {
  const box = document.getElementById("created");
  const rows = made.seats.filter((s) => s.token).map((s) =>
    linkRow(t("lobby.seat_link", { seat: s.seat }), seatLink(made.id, s.token), "seat-link"));
  box.replaceChildren(el("p", {}, t("lobby.created")), ...rows,
    linkRow(t("lobby.spectate_link"), seatLink(made.id, null), "spectate-link"));
  box.dataset.game = made.id;
  sessionStorage.setItem("boardlab.created", JSON.stringify(made));
}

// ---- joining, my seats, the list ----------------------------------------------------------------
function joinForm() {
  const input = el("input", { type: "text", id: "join-link", placeholder: t("lobby.join_placeholder") });
  const form = el("form", { id: "join-form" }, input, el("button", { type: "submit" }, t("lobby.join_go")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    try {
      const url = new URL(input.value.trim(), location.origin);
      if (url.origin !== location.origin || !/^\/play\/[\w-]+$/.test(url.pathname)) throw new Error();
      location.href = url.pathname + url.hash;
    } catch { showError(new Error(t("lobby.join_bad"))); }
  });
  return form;
}

function renderMine(meta) {
  const list = document.getElementById("mine-list");
  const entries = Object.entries(myGames()).sort((a, b) => (b[1].at || 0) - (a[1].at || 0));
  if (!entries.length) { list.replaceChildren(el("p", { class: "muted" }, t("lobby.mine_none"))); return; }
  list.replaceChildren(el("ul", {}, entries.map(([id, g]) => el("li", { dataset: { game: id } },
    el("code", {}, id), " ", titleOf(meta, g.game), " ",
    Object.entries(g.tokens).map(([seat, token]) =>
      el("a", { href: seatLink(id, token), class: "button small resume" }, t("lobby.resume", { seat }))),
    el("a", { href: `/replay/${id}`, class: "button small" }, t("lobby.replay")),
    el("button", { class: "small", onclick: () => { forgetGame(id); renderMine(meta); } }, t("lobby.forget"))))));
}

async function listGames(meta) {
  const list = document.getElementById("games-list");
  let games;
  try { games = await api("/api/games"); } catch (e) { showError(e); return; }
  if (!games.length) { list.replaceChildren(el("p", { class: "muted" }, t("lobby.none"))); return; }
  list.replaceChildren(el("ul", {}, games.map((g) => el("li", { dataset: { game: g.id } },
    el("code", {}, g.id), " ",
    t("lobby.line", { game: titleOf(meta, g.game), players: g.players, status: t(`status.${g.status}`),
      version: g.version }), " — ",
    g.seats.map((s) => (s.kind === "bot" ? t("seat.bot", { agent: s.agent })
      : `${t("seat.human")} (${t(s.taken ? "seat.taken" : "seat.free")})`)).join(", "), " ",
    el("a", { href: `/play/${g.id}`, class: "button small watch" }, t("lobby.watch"))))));
}
