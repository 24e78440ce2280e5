// The lobby: create a game, hand out seat links, join with a link, watch, resume, replay.
import {
  api, el, forgetGame, gameMeta, myGames, rememberSeat, seatLink, showError, t,
} from "./core.js";
import { OptionsForm } from "./options.js";

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
// The form is built from /api/meta alone: each game's players range and option schema
// (options.js). The chosen game and player count survive a language switch.
const FORM_KEY = "boardlab.lobby";

function createForm(meta) {
  const form = el("form", { id: "lobby-form" });
  const kept = (() => { try { return JSON.parse(sessionStorage.getItem(FORM_KEY)) || {}; } catch { return {}; } })();
  const gameSelect = el("select", { id: "game-select", name: "game" },
    meta.games.map((g) => el("option", { value: g.name, selected: g.name === kept.game }, g.title)));
  const players = el("input", { id: "players", type: "number", name: "players", value: String(kept.players || 2) });
  const optionsBox = el("div", { id: "options-box" });
  const seatsBox = el("div", { id: "seats-box" });
  const seed = el("input", { id: "seed", type: "number", name: "seed" });
  form.seatKinds = Array.isArray(kept.seats) ? kept.seats.map((k) => (typeof k === "string" ? k : null)) : [];
  const spec = () => meta.games.find((g) => g.name === gameSelect.value) || meta.games[0];
  let options = null;
  const count = (g) => Math.max(g.min_players, Math.min(g.max_players, Number(players.value) || g.min_players));
  // each seat's human/bot choice survives a change of the player count or of the game
  const drawSeats = () => {
    const kinds = [...seatsBox.querySelectorAll(".seat-kind")].map((s) => s.value);
    if (kinds.length) form.seatKinds = kinds.concat((form.seatKinds || []).slice(kinds.length));
    options.forgetSeats();
    seatsBox.replaceChildren(...Array.from({ length: options.players }, (_, i) =>
      seatField(meta, i, (form.seatKinds || [])[i], options.seatFields(i))));
  };
  const redrawGame = () => {
    const g = spec();
    players.min = g.min_players;
    players.max = g.max_players;
    players.value = count(g);
    options = new OptionsForm(g.option_schema, Number(players.value));
    form.optionsForm = options;
    const fields = options.fields();
    optionsBox.replaceChildren(...(fields.length ? fields : [el("p", { class: "muted" }, t("lobby.no_options"))]));
    drawSeats();
    remember();
  };
  const redrawPlayers = () => {
    players.value = count(spec());
    options.setPlayers(Number(players.value));
    drawSeats();
    remember();
  };
  const remember = () => sessionStorage.setItem(FORM_KEY, JSON.stringify({ game: gameSelect.value, players: Number(players.value),
    seats: form.seatKinds || [] }));
  gameSelect.addEventListener("change", redrawGame);
  players.addEventListener("change", redrawPlayers);
  seatsBox.addEventListener("change", (ev) => {
    if (!ev.target.classList.contains("seat-kind")) return;
    form.seatKinds = form.seatKinds || [];
    form.seatKinds[Number(ev.target.dataset.seat)] = ev.target.value;
    remember();
  });
  form.append(
    el("label", {}, t("lobby.game"), gameSelect),
    el("label", {}, t("lobby.players"), players),
    el("fieldset", {}, el("legend", {}, t("lobby.options")), optionsBox),
    el("fieldset", {}, el("legend", {}, t("lobby.seats")), seatsBox),
    el("label", {}, t("lobby.seed"), seed),
    el("button", { id: "create", type: "submit", class: "primary" }, t("lobby.create")),
  );
  form.addEventListener("submit", (ev) => { ev.preventDefault(); create(meta, form); });
  redrawGame();
  return form;
}

function seatField(meta, i, kind, extra) {
  const kinds = [el("option", { value: "human" }, t("seat.human")),
    ...meta.agents.map((a) => el("option", { value: `bot:${a}` }, t("seat.bot", { agent: a })))];
  const select = el("select", { class: "seat-kind", dataset: { seat: i } }, kinds);
  select.value = kind || (i > 0 ? "bot:random" : "human");
  if (!select.value) select.value = "human";
  return el("div", { class: "seat", dataset: { seat: i } },
    el("label", { class: "seat-name" }, t("seat.name", { seat: i }), select), ...extra);
}

async function create(meta, form) {
  let body;
  try {
    const seats = [...form.querySelectorAll(".seat-kind")].map((s) => (
      s.value === "human" ? { kind: "human" } : { kind: "bot", agent: s.value.slice(4) }));
    body = { game: form.game.value, players: Number(form.players.value), options: form.optionsForm.read(), seats };
    if (form.seed.value.trim()) body.seed = Number(form.seed.value);
  } catch (e) { showError(e); return; }
  // the last game's links go at once: nobody copies them while the new game is being made
  sessionStorage.removeItem("boardlab.created");
  const box = document.getElementById("created");
  box.replaceChildren(el("p", { class: "muted", id: "creating" }, t("lobby.creating")));
  delete box.dataset.game;
  const button = form.querySelector("#create");
  button.disabled = true;
  try {
    const made = await api("/api/games", { method: "POST", body });
    for (const s of made.seats) if (s.token) rememberSeat(made.id, body.game, body.players, s.seat, s.token);
    showCreated(made);
    renderMine(meta);
    listGames(meta);
  } catch (e) {
    box.replaceChildren();
    showError(e);
  } finally { button.disabled = false; }
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

const PAGE = 20;  // games per page of the lobby list (the server pages it: ?offset=&limit=)
let offset = 0;

async function listGames(meta, from = offset) {
  const list = document.getElementById("games-list");
  let games;
  try {
    games = await api("/api/games", { params: { offset: from, limit: PAGE + 1 } });
  } catch (e) { showError(e); return; }
  if (!games.length && from > 0) { await listGames(meta, Math.max(0, from - PAGE)); return; }
  offset = from;
  if (!games.length) { list.replaceChildren(el("p", { class: "muted" }, t("lobby.none"))); return; }
  const more = games.length > PAGE;
  const pager = el("p", { id: "games-pager" },
    from > 0 ? el("button", { class: "small", id: "games-previous", onclick: () => listGames(meta, Math.max(0, from - PAGE)) },
      t("lobby.previous")) : null, " ",
    more ? el("button", { class: "small", id: "games-next", onclick: () => listGames(meta, from + PAGE) }, t("lobby.next")) : null);
  list.replaceChildren(el("ul", {}, games.slice(0, PAGE).map((g) => el("li", { dataset: { game: g.id } },
    el("code", {}, g.id), " ",
    t("lobby.line", { game: titleOf(meta, g.game), players: g.players, status: t(`status.${g.status}`),
      version: g.version }), g.seed_kind === "chosen" ? ` (${t("lobby.chosen_seed")})` : "", " — ",
    g.seats.map((s) => (s.kind === "bot" ? t("seat.bot", { agent: s.agent })
      : `${t("seat.human")} (${t(s.taken ? "seat.taken" : "seat.free")})`)).join(", "), " ",
    el("a", { href: `/play/${g.id}`, class: "button small watch" }, t("lobby.watch"))))), pager);
}
