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
    try {
      const text = await ruleText(game, id);
      let box = item.querySelector(".rule-text");
      if (!box) { box = el("div", { class: "rule-text" }); item.append(box); }
      box.textContent = `${id}: ${text}`;
    } catch (e) { showError(e); }
  });
  return button;
}

export function logList(game, events) {
  return events.map((e) => el("li", { dataset: { key: e.key } }, el("span", { class: "event" }, e.text), " ",
    el("span", { class: "rules" }, (e.rules || []).map((id) => ruleButton(game, id)))));
}
