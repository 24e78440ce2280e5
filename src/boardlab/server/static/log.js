// The game log: each event's localised text and the rule ids behind it. Hovering a rule id
// fetches its text (in the chosen language) as a tooltip; clicking it shows the text below.
import { api, el, lang, showError, t } from "./core.js";

const cache = new Map();

async function ruleText(game, id) {
  const key = `${game}|${id}|${lang()}`;
  if (!cache.has(key)) cache.set(key, api(`/api/rules/${game}/${encodeURIComponent(id)}`).then((r) => r.text));
  return cache.get(key);
}

function ruleButton(game, id) {
  const button = el("button", { class: "rule", type: "button", dataset: { rule: id }, title: t("table.rule", { id }) }, id);
  button.addEventListener("mouseenter", async () => {
    try { button.title = await ruleText(game, id); } catch { /* keep the id */ }
  });
  button.addEventListener("click", async () => {
    const item = button.closest("li");
    opened.set(item.dataset.index, id);
    try {
      showRule(item, id, await ruleText(game, id));
    } catch (e) { showError(e); }
  });
  return button;
}

function showRule(item, id, text) {
  let box = item.querySelector(".rule-text");
  if (!box) { box = el("div", { class: "rule-text" }); item.append(box); }
  box.textContent = `${id}: ${text}`;
}

// The rule texts opened stay open when the log is drawn again (a new view arrived): event index -> rule id.
const opened = new Map();

export function logList(game, events) {
  return events.map((e, i) => {
    // the number is the item's own text (not the list's marker), so 100 and up are never clipped
    const item = el("li", { dataset: { key: e.key, index: i } }, el("span", { class: "n" }, String(i + 1)),
      el("span", { class: "line" }, el("span", { class: "event" }, e.text), " ",
        el("span", { class: "rules" }, (e.rules || []).map((id) => ruleButton(game, id)))));
    const id = opened.get(String(i));
    if (id && (e.rules || []).includes(id)) ruleText(game, id).then((text) => showRule(item, id, text), () => {});
    return item;
  });
}
