// Shared by every page: UI strings (i18n.json), the language, API calls, small DOM helpers.

export const LANGS = { "en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文" };
const LANG_KEY = "boardlab.lang";
const GAMES_KEY = "boardlab.games";
let strings = {};

export function lang() {
  const saved = localStorage.getItem(LANG_KEY);
  return saved in LANGS ? saved : "en";
}

export function setLang(value) {
  if (value in LANGS) localStorage.setItem(LANG_KEY, value);
  document.documentElement.lang = lang();
}

export async function loadStrings() {
  const r = await fetch("/static/i18n.json");
  strings = await r.json();
}

// A UI string in the current language, with {name} parameters filled in.
export function t(key, params = {}) {
  const table = strings[lang()] || {};
  const text = table[key] ?? (strings.en || {})[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body.code;
  }
}

// Calls the JSON API with ?lang=; a refusal throws ApiError with the server's localised detail.
export async function api(path, { method = "GET", body = null, params = {} } = {}) {
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", lang());
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  let r;
  try {
    r = await fetch(url, {
      method, headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : null,
    });
  } catch (e) {
    throw new ApiError(0, { detail: t("error.network") });
  }
  const isJson = (r.headers.get("content-type") || "").includes("json");
  const data = isJson ? await r.json() : await r.text();
  if (!r.ok) throw new ApiError(r.status, isJson ? data : { detail: data });
  return data;
}

// Element builder: el("button", {class: "x", onclick: f}, "text", child...).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

let toastTimer = null;
export function showError(err) {
  const box = document.getElementById("toast");
  box.textContent = err.message || String(err);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 8000);
}

export function clearError() {
  document.getElementById("toast").hidden = true;
}

// Seat tokens this browser holds: {gameId: {game, players, tokens: {seat: token}}}.
export function myGames() {
  try { return JSON.parse(localStorage.getItem(GAMES_KEY)) || {}; } catch { return {}; }
}

export function rememberSeat(id, game, players, seat, token) {
  const all = myGames();
  const entry = all[id] || { game, players, tokens: {}, at: Date.now() };
  if (token) entry.tokens[seat] = token;
  all[id] = entry;
  localStorage.setItem(GAMES_KEY, JSON.stringify(all));
}

export function forgetGame(id) {
  const all = myGames();
  delete all[id];
  localStorage.setItem(GAMES_KEY, JSON.stringify(all));
}

export function seatLink(id, token) {
  return `${location.origin}/play/${id}` + (token ? `#token=${encodeURIComponent(token)}` : "");
}

// A seat's colour: the game's own per-seat colours when its view gives them (`colours`: Root's seats take
// their faction's colour), else as the game registered it (GET /api/meta: seat_colours).
const FALLBACK_COLOURS = ["#d7263d", "#1b5fd1", "#f2c40f", "#1e1e1e", "#a03fd0"];

export function gameInfo(meta, game) {
  return (meta && meta.games.find((g) => g.name === game)) || null;
}

export function seatColour(meta, game, seat, colours) {
  if (Array.isArray(colours) && typeof colours[seat] === "string") return colours[seat];
  const info = gameInfo(meta, game);
  const list = info && info.seat_colours && info.seat_colours.length ? info.seat_colours : FALLBACK_COLOURS;
  return list[seat % list.length];
}

// A seat as the game names it: "Seat 1", followed by what a per-seat option (x-per-seat) that the
// view also gives per seat under the same name says of it, in the option's value texts (Root's
// `factions`: "Seat 1 (Eyrie Dynasties)", as its log names it).
export function seatName(meta, view, seat) {
  const base = t("seat.name", { seat });
  const info = gameInfo(meta, view && view.game);
  const props = (info && info.option_schema && info.option_schema.properties) || {};
  for (const [name, prop] of Object.entries(props)) {
    if (!prop["x-per-seat"] || !view || !Array.isArray(view[name])) continue;
    const value = view[name][seat];
    const texts = value === null || value === undefined ? null : (prop["x-value-texts"] || {})[String(value)];
    if (texts) return `${base} (${texts[lang()] || texts.en || value})`;
  }
  return base;
}

let meta = null;
export async function gameMeta(force = false) {
  if (!meta || force || meta.lang !== lang()) meta = { lang: lang(), data: await api("/api/meta") };
  return meta.data;
}
