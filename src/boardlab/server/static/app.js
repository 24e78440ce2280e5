// The page's entry: picks the lobby, a table (/play/ID) or a replay (/replay/ID) from the path,
// and redraws it when the language changes.
import { LANGS, el, lang, loadStrings, setLang, showError, t } from "./core.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

let current = null;

function header() {
  const select = el("select", { id: "lang", "aria-label": t("nav.lang") },
    Object.entries(LANGS).map(([code, name]) => el("option", { value: code, selected: code === lang() }, name)));
  select.addEventListener("change", () => { setLang(select.value); render(); });
  document.getElementById("header").replaceChildren(
    el("a", { href: "/", class: "brand", id: "brand" }, t("app.title")),
    el("nav", {}, el("a", { href: "/", id: "nav-lobby" }, t("nav.lobby")), el("label", {}, t("nav.lang"), " ", select)));
  document.title = t("app.title");
}

async function render() {
  if (current && current.stop) current.stop();
  current = null;
  header();
  const root = document.getElementById("app");
  const path = location.pathname;
  const play = path.match(/^\/play\/([\w-]+)$/);
  const replay = path.match(/^\/replay\/([\w-]+)$/);
  document.body.dataset.page = play ? "table" : replay ? "replay" : "lobby";
  try {
    if (play) current = await showTable(root, play[1]);
    else if (replay) current = await showReplay(root, replay[1]);
    else await showLobby(root);
  } catch (e) {
    showError(e);
    root.replaceChildren(el("section", { class: "panel" }, el("p", { id: "page-error" }, e.message),
      el("a", { href: "/", class: "button" }, t("table.to_lobby"))));
  }
}

async function main() {
  setLang(lang());
  await loadStrings();
  await render();
}

main();
