// A game's options as a form, built from its option schema alone (GET /api/meta: option_schema,
// a JSON Schema whose properties carry x-texts {title, help}, x-value-texts, x-requires and
// x-per-seat; docs/web-api.md). Nothing here knows a game:
//   a list of choices        -> checkboxes
//   an ordered list (x-ordered, values may repeat) -> a text field of comma-separated values
//   one choice               -> a select (nullable: with a "none" entry)
//   one choice or a list of choices (anyOf) -> a select whose last entry shows checkboxes
//   a whole number (min/max) -> a number input
//   true/false               -> a checkbox
//   x-per-seat               -> one field per seat, shown with the seats (the value is their list)
//   x-requires {other: v}    -> shown (and sent) only while `other` is (or contains) v
//   anything else            -> a JSON text field
// Defaults are preselected; only values that differ from the default are sent.
import { el, lang, t } from "./core.js";

function resolve(prop, root) {
  if (prop && typeof prop.$ref === "string") {
    const name = prop.$ref.split("/").pop();
    return (root.$defs || {})[name] || {};
  }
  return prop || {};
}

function alternatives(prop, root) {
  const p = resolve(prop, root);
  const alts = p.anyOf || p.oneOf;
  return alts ? alts.flatMap((a) => alternatives(a, root)) : [p];
}

function scalarChoices(p) {
  if (Array.isArray(p.enum)) return p.enum;
  if (p && Object.prototype.hasOwnProperty.call(p, "const")) return [p.const];
  return null;
}

// What field a schema asks for: {kind, nullable, values, min, max, integer, item}.
export function fieldKind(prop, root) {
  const alts = alternatives(prop, root);
  const nullable = alts.some((a) => a.type === "null");
  const main = alts.filter((a) => a.type !== "null");
  const base = { kind: "json", nullable, values: [] };
  if (!main.length) return base;
  if (main.every((a) => scalarChoices(a) && a.type !== "array")) {
    return { ...base, kind: "choice", values: main.flatMap(scalarChoices).filter((v) => v !== null) };
  }
  const lists = main.filter((a) => a.type === "array");
  const words = main.filter((a) => a.type !== "array" && scalarChoices(a));
  if (lists.length === 1 && words.length === main.length - 1 && words.length) {
    const item = lists[0].items ? fieldKind(lists[0].items, root) : null;
    if (item && item.kind === "choice" && !item.nullable) {
      return { ...base, kind: "either", values: words.flatMap(scalarChoices).filter((v) => v !== null), item };
    }
  }
  if (main.length !== 1) return base;
  const m = main[0];
  if (m.type === "array") {
    const item = m.items ? fieldKind(m.items, root) : null;
    if (resolve(prop, root)["x-ordered"] && item && item.kind === "choice") return { ...base, kind: "sequence", values: item.values, item };
    if (item && item.kind === "choice" && !item.nullable) return { ...base, kind: "multi", values: item.values, item };
    return { ...base, item };
  }
  if (m.type === "integer" || m.type === "number") {
    return { ...base, kind: "number", integer: m.type === "integer", min: m.minimum, max: m.maximum };
  }
  if (m.type === "boolean") return { ...base, kind: "boolean" };
  return base;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const copy = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

export class OptionsForm {
  constructor(schema, players) {
    this.schema = schema || {};
    this.props = this.schema.properties || {};
    this.players = players;
    this.values = {};
    this.nodes = [];  // [{name, node}] to show or hide by x-requires
    for (const [name, prop] of Object.entries(this.props)) {
      this.values[name] = copy(prop.default);
      if (this.perSeat(name)) this.values[name] = this.seatValues(name, players);
    }
  }

  perSeat(name) { return Boolean(this.props[name]["x-per-seat"]); }

  names(perSeat) { return Object.keys(this.props).filter((n) => this.perSeat(n) === perSeat); }

  title(name) {
    const texts = this.props[name]["x-texts"] || {};
    return (texts.title && texts.title[lang()]) || name;
  }

  help(name) {
    const texts = this.props[name]["x-texts"] || {};
    return (texts.help && texts.help[lang()]) || "";
  }

  valueText(name, value) {
    const texts = (this.props[name]["x-value-texts"] || {})[String(value)];
    return (texts && texts[lang()]) || String(value);
  }

  kind(name) {
    const prop = this.props[name];
    if (!this.perSeat(name)) return fieldKind(prop, this.schema);
    const whole = fieldKind(prop, this.schema);
    const item = whole.item || (whole.kind === "multi" ? { kind: "choice", nullable: false, values: whole.values } : null);
    return { ...(item || { kind: "json", values: [] }), wholeNullable: whole.nullable };
  }

  // One value per seat: the current ones kept, the default's (or the first choice, or null) for new seats.
  seatValues(name, players) {
    const kind = this.kind(name);
    const current = Array.isArray(this.values[name]) ? this.values[name] : null;
    const dflt = Array.isArray(this.props[name].default) ? this.props[name].default : null;
    return Array.from({ length: players }, (_, i) => {
      if (current && i < current.length) return current[i];
      if (dflt && i < dflt.length) return dflt[i];
      if (kind.wholeNullable || kind.nullable) return null;
      if (kind.kind === "choice") return kind.values[i % kind.values.length];
      if (kind.kind === "boolean") return false;
      return null;
    });
  }

  setPlayers(players) {
    this.players = players;
    for (const name of this.names(true)) this.values[name] = this.seatValues(name, players);
  }

  // x-requires: every named option has (or, a list, contains) the value, and is itself shown.
  applies(name, depth = 0) {
    const requires = this.props[name]["x-requires"];
    if (!requires || depth > 8) return true;
    return Object.entries(requires).every(([other, wanted]) => {
      if (!(other in this.props) || !this.applies(other, depth + 1)) return false;
      const v = this.values[other];
      return Array.isArray(v) ? v.some((x) => same(x, wanted)) : same(v, wanted);
    });
  }

  refresh() {
    for (const { name, node } of this.nodes) node.hidden = !this.applies(name);
  }

  // ---- fields ---------------------------------------------------------------------------------
  fields() {
    this.nodes = this.nodes.filter((n) => this.perSeat(n.name));
    const boxes = this.names(false).map((name) => this.optionBox(name));
    this.refresh();
    return boxes;
  }

  optionBox(name) {
    const kind = this.kind(name);
    const help = this.help(name);
    const box = el("div", { class: "option", dataset: { option: name, kind: kind.kind } },
      el("span", { class: "option-name", title: help || null }, this.title(name)),
      this.control(name, kind, this.values[name], (v) => { this.values[name] = v; this.refresh(); }),
      help ? el("small", { class: "help muted" }, help) : null);
    this.nodes.push({ name, node: box });
    return box;
  }

  // The per-seat fields of seat i (for the seat rows; call forgetSeats() before redrawing them).
  forgetSeats() {
    this.nodes = this.nodes.filter((n) => !this.perSeat(n.name));
  }

  seatFields(seat) {
    const out = this.names(true).map((name) => {
      const kind = this.kind(name);
      const node = el("label", { class: "option seat-option", dataset: { option: name, kind: kind.kind, seat } },
        this.title(name),
        this.control(name, kind, this.values[name][seat], (v) => { this.values[name][seat] = v; this.refresh(); },
          { seat }));
      this.nodes.push({ name, node, seat });
      return node;
    });
    this.refresh();
    return out;
  }

  control(name, kind, value, set, { seat = null } = {}) {
    const attrs = { name: `opt-${name}`, dataset: seat === null ? {} : { seat }, title: this.help(name) || null };
    if (kind.kind === "multi") {
      const chosen = Array.isArray(value) ? value : [];
      const boxes = kind.values.map((v) => el("label", { class: "check" },
        el("input", { type: "checkbox", name: `opt-${name}`, value: String(v), checked: chosen.some((c) => same(c, v)),
          onchange: () => {
            const picked = kind.values.filter((x, i) => boxes[i].querySelector("input").checked);
            set(picked.length || !kind.nullable ? picked : null);
          } }),
        this.valueText(name, v)));
      return el("span", { class: "choices" }, boxes);
    }
    if (kind.kind === "either") {  // one of the words, or the list ticked below the last entry
      const LIST = "(list)";
      const isList = Array.isArray(value);
      const boxes = this.control(name, { ...kind.item, kind: "multi", values: kind.item.values, nullable: false },
        isList ? value : [], (v) => set(v), { seat });
      boxes.hidden = !isList;
      const select = el("select", attrs,
        kind.nullable ? el("option", { value: "" }, t("lobby.option_none")) : null,
        kind.values.map((v) => el("option", { value: String(v), selected: !isList && same(v, value) }, this.valueText(name, v))),
        el("option", { value: LIST, selected: isList }, t("lobby.option_pick")));
      select.addEventListener("change", () => {
        boxes.hidden = select.value !== LIST;
        if (select.value === LIST) {
          set(kind.item.values.filter((x, i) => boxes.querySelectorAll("input")[i].checked));
        } else set(select.value === "" ? null : kind.values.find((v) => String(v) === select.value));
      });
      return el("span", { class: "either" }, select, boxes);
    }
    if (kind.kind === "choice") {
      const none = kind.nullable || kind.wholeNullable || value === null || value === undefined;
      const select = el("select", attrs,
        none ? el("option", { value: "" }, t("lobby.option_none")) : null,
        kind.values.map((v) => el("option", { value: String(v), selected: same(v, value) }, this.valueText(name, v))));
      select.addEventListener("change", () => {
        set(select.value === "" ? null : kind.values.find((v) => String(v) === select.value));
      });
      return select;
    }
    if (kind.kind === "number") {
      const input = el("input", { ...attrs, type: "number", min: kind.min ?? null, max: kind.max ?? null,
        step: kind.integer ? 1 : "any", value: value === null || value === undefined ? "" : String(value) });
      input.addEventListener("change", () => {
        const raw = input.value.trim();
        if (raw === "") set(kind.nullable ? null : copy(this.props[name].default));
        else set(Number.isFinite(Number(raw)) ? Number(raw) : raw);
      });
      return input;
    }
    if (kind.kind === "boolean") {
      const input = el("input", { ...attrs, type: "checkbox", checked: value === true });
      input.addEventListener("change", () => set(input.checked));
      return input;
    }
    if (kind.kind === "sequence") {  // in order, repeats allowed: "A, B, A"; the server names a bad value
      const input = el("input", { ...attrs, type: "text", class: "sequence",
        placeholder: kind.values.slice(0, 3).map(String).join(", ") + ", …",
        value: Array.isArray(value) ? value.join(", ") : "" });
      input.addEventListener("change", () => {
        const parts = input.value.split(",").map((p) => p.trim()).filter(Boolean);
        set(parts.map((p) => kind.values.find((v) => String(v) === p) ?? p));
      });
      return input;
    }
    const shown = value instanceof TypedText ? value.text : value === null || value === undefined ? "" : JSON.stringify(value);
    const input = el("input", { ...attrs, type: "text", class: "json", placeholder: t("lobby.json_hint"), value: shown });
    input.addEventListener("change", () => { input.dataset.raw = input.value; set(new TypedText(input.value)); });
    input.dataset.json = "1";
    return input;
  }

  // ---- the options to send -------------------------------------------------------------------------
  read() {
    const options = {};
    for (const [name, prop] of Object.entries(this.props)) {
      if (!this.applies(name)) continue;
      let value = this.values[name];
      value = this.fromText(name, value);
      if (this.perSeat(name) && Array.isArray(value)) {
        const kind = this.kind(name);
        if (kind.wholeNullable && value.every((v) => v === null)) value = null;
      }
      if (value === undefined || same(value, prop.default)) continue;
      if (value === null && prop.default === undefined) continue;
      options[name] = value;
    }
    return options;
  }

  // A JSON field's text as its value ("" is the default); an error names the option.
  // Only text typed in the field is parsed: a default held as a value ("off") is sent as it is.
  fromText(name, value) {
    const parse = (v) => {
      if (!(v instanceof TypedText)) return v;
      if (!v.text.trim()) return copy(this.props[name].default);
      try { return JSON.parse(v.text); } catch { throw new Error(t("lobby.json_bad", { name: this.title(name) })); }
    };
    return this.perSeat(name) && Array.isArray(value) ? value.map(parse) : parse(value);
  }
}

// What a player typed in a JSON field, kept as text until the form is sent (then parsed, or refused).
class TypedText {
  constructor(text) { this.text = text; }
}
