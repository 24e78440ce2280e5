// The table: the board (an SVG drawn by the server from this seat's view, by the game's renderer),
// the pending decision as option buttons, undo, scores, the final result and the game log. Views
// come live over the websocket; actions go out as HTTP POSTs. Nothing here knows a game: what the
// board offers to click is said by its data attributes (docs/web-api.md, "Board pictures"), and a
// game without a renderer shows its view as text.
import {
  api, clearError, el, gameInfo, gameMeta, lang, rememberSeat, seatColour, seatName, showError, t,
} from "./core.js";
import { logList } from "./log.js";
import { BoardView } from "./zoom.js";

export async function showTable(root, gameId) {
  const token = readToken();
  const table = new Table(root, gameId, token);
  await table.start();
  return table;
}

// The seat token comes in the link's #token=… (never sent in Referer headers); ?token= works too.
function readToken() {
  const hash = new URLSearchParams(location.hash.slice(1));
  return hash.get("token") || new URLSearchParams(location.search).get("token") || null;
}

class Table {
  constructor(root, id, token) {
    Object.assign(this, { root, id, token, view: null, boardRevision: -1, socket: null, busy: false, moving: null,
      selected: null, filter: null, closed: false, retry: 500, inHand: null, info: null });
  }

  async start() {
    this.meta = await gameMeta();
    const first = await api(`/api/games/${this.id}`, { params: { token: this.token } });
    this.info = gameInfo(this.meta, first.game) || { board: false, decisions: {}, title: first.game };
    this.root.replaceChildren(this.layout());
    this.zoom = new BoardView(this.root.querySelector("#board"));
    this.root.querySelector("#board").addEventListener("click", (ev) => this.onBoardClick(ev));
    if (this.token && first.seat !== null) rememberSeat(this.id, first.game, first.player_count, first.seat, this.token);
    await this.show(first);
    this.connect();
  }

  stop() {
    this.closed = true;
    if (this.socket) this.socket.close();
    if (this.zoom) this.zoom.stop();
  }

  layout() {
    return el("div", { class: "table", id: "table" },
      el("div", { class: "board-wrap" },
        el("div", { id: "board", class: this.info.board ? "board" : "board text-board", "aria-live": "polite" })),
      el("aside", { class: "side" },
        el("div", { id: "status", class: "panel" }),
        el("div", { id: "result", class: "panel result", hidden: true }),
        el("div", { id: "decision", class: "panel" }),
        el("div", { id: "undo", class: "panel" }),
        el("div", { id: "scores", class: "panel" }),
        el("div", { id: "log-panel", class: "panel" }, el("h3", {}, t("table.log")), el("ol", { id: "log" }))));
  }

  // ---- live views -------------------------------------------------------------------------------
  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams({ lang: lang() });
    if (this.token) params.set("token", this.token);
    const socket = new WebSocket(`${proto}://${location.host}/ws/games/${this.id}?${params}`);
    this.socket = socket;
    socket.onopen = () => { this.retry = 500; this.setLive(true); };
    let log = [];  // this connection's log: each push carries the entries from log_from on
    socket.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "view") {
        log = log.slice(0, msg.log_from).concat(msg.log);
        if (this.moving !== null && (msg.view.version !== this.moving || msg.view.is_over)) this.moved();
        this.show({ ...msg.view, log });
      }
      else if (msg.type === "refused") { this.moved(); showError(new Error(msg.detail)); this.markReady(); this.renderDecision(); }
      else if (msg.type === "error") { showError(new Error(msg.detail)); this.closed = true; }
    };
    socket.onclose = () => {
      if (this.moving !== null) { this.moved(); this.renderDecision(); }  // the next connection shows the outcome
      this.setLive(false);
      if (!this.closed && this.socket === socket) {
        setTimeout(() => this.connect(), this.retry);
        this.retry = Math.min(this.retry * 2, 8000);
      }
    };
  }

  setLive(on) {
    const badge = this.root.querySelector("#live");
    if (badge) { badge.textContent = t(on ? "table.connected" : "table.disconnected"); badge.dataset.live = on; }
  }

  async show(view) {
    if (this.view && view.revision < this.view.revision) return; // an older view arrived late
    const changed = !this.view || view.revision !== this.view.revision || view.version !== this.view.version;
    this.view = view;
    if (changed) { this.selected = null; this.filter = null; }
    this.renderStatus();
    this.renderResult();
    this.renderDecision();
    this.renderUndo();
    this.renderScores();
    this.renderLog();
    if (changed || this.boardRevision < 0) await this.loadBoard(view.revision);
    this.markReady();
  }

  // Tests and people alike can tell when the page shows the latest view (board included).
  markReady() {
    const v = this.view;
    const state = v.is_over ? "over" : (this.busy ? "busy" : (v.seat !== null && v.to_play === v.seat ? "my-turn" : "waiting"));
    Object.assign(document.body.dataset, { state, revision: v.revision, version: v.version,
      decision: v.decision || "", boardRevision: this.boardRevision });
  }

  async loadBoard(revision) {
    const box = this.root.querySelector("#board");
    if (!this.info.board) {  // no renderer: the game's part of the view, as text
      box.replaceChildren(el("p", { class: "muted" }, t("table.no_board")),
        el("pre", { id: "state-text" }, stateText(this.view)));
      this.boardRevision = revision;
      box.dataset.revision = revision;
      return;
    }
    try {
      const svg = await api(`/api/games/${this.id}/board.svg`, { params: { token: this.token } });
      if (this.view.revision !== revision) return; // a newer view is on its way
      box.innerHTML = svg;
      this.zoom.attach();
      this.boardRevision = revision;
      box.dataset.revision = revision;
      const root = box.querySelector("svg");
      const inHand = (root && root.dataset.inHand) || null;
      if (inHand !== this.inHand) { this.inHand = inHand; this.renderDecision(); }
    } catch (e) { showError(e); }
  }

  // ---- panels -----------------------------------------------------------------------------------
  seatName(seat) { return seatName(this.meta, this.view, seat); }

  seatLabel(seat) {
    const s = this.view.seats[seat];
    const who = seat === this.view.seat ? ` (${t("seat.you")})` : (s && s.kind === "bot" ? ` (${s.agent})` : "");
    return this.seatName(seat) + who;
  }

  renderStatus() {
    const v = this.view;
    const game = this.info;
    const decision = this.decisionText(v.decision);
    let line = "";
    if (!v.is_over && v.to_play !== null) {
      line = v.seat === v.to_play ? t("table.your_turn", { decision })
        : t("table.waiting", { seat: this.seatName(v.to_play), decision });
    }
    this.root.querySelector("#status").replaceChildren(
      el("h2", {}, game ? game.title : v.game, " ", el("span", { id: "live", class: "live" })),
      el("p", { id: "whoami" }, v.seat === null ? t("table.spectator") : t("table.you_are", { seat: this.seatName(v.seat) }),
        " · ", el("span", { id: "game-status", dataset: { status: v.status } }, t(`table.game_status.${v.status}`))),
      el("p", { id: "turn", class: v.seat !== null && v.seat === v.to_play ? "my-turn" : "" }, line),
      ...(v.seed_kind === "chosen" || v.seed_kind === "legacy"  // (replaceChildren would write a null as "null")
        ? [el("p", { id: "seed-note", class: "muted" }, t(`table.seed_${v.seed_kind}`))] : []));
    this.setLive(this.socket && this.socket.readyState === WebSocket.OPEN);
  }

  decisionText(kind) {
    return (this.info.decisions || {})[kind] || kind || "";
  }

  renderResult() {
    const v = this.view;
    const box = this.root.querySelector("#result");
    box.hidden = !v.is_over;
    if (!v.is_over) return;
    box.replaceChildren(el("h3", {}, t("table.result")),
      el("p", { id: "winners" }, v.winners.length
        ? t("table.winners", { seats: v.winners.map((s) => this.seatLabel(s)).join(", ") })
        : t("table.everyone_lost")),
      el("a", { href: `/replay/${this.id}`, class: "button", id: "replay-link" }, t("table.watch_replay")));
  }

  renderDecision() {
    const v = this.view;
    const box = this.root.querySelector("#decision");
    const legal = v.legal_actions || [];
    box.dataset.kind = legal.length ? "options" : (v.seat === null ? "spectator" : "nothing");
    if (!legal.length) {  // a spectator, or a seat waiting for another: nothing to decide here
      const why = v.seat === null ? t("table.spectator_hint") : (v.is_over ? t("table.game_status.finished") : t("table.no_options"));
      box.replaceChildren(el("h3", {}, t("table.nothing")), el("p", { class: "muted", id: "nothing-why" }, why));
      return;
    }
    const shown = this.filter ? legal.filter((a) => this.filter.includes(a.id)) : legal;
    const parts = [el("h3", {}, t("table.options")), el("p", { class: "muted" }, t("table.board_hint"))];
    if (this.inHand) parts.push(this.inHandPicture());
    if (this.selected) parts.push(this.placePanel());
    if (this.filter) parts.push(el("button", { class: "small", id: "show-all", onclick: () => { this.filter = null; this.renderDecision(); } }, t("table.show_all")));
    parts.push(el("div", { id: "options", class: "options" }, shown.map((a) =>
      el("button", { class: "option", dataset: { action: a.id }, disabled: this.busy, onclick: () => this.act(a.id) }, a.text))));
    box.replaceChildren(...parts);
  }

  // The board's `data-in-hand`: the piece to place, turned as chosen on the board.
  inHandPicture() {
    const rotation = this.selected ? this.selected.rotations[this.selected.index] : 0;
    return el("div", { class: "in-hand", id: "in-hand" }, el("span", {}, t("table.in_hand")),
      el("img", { src: fill(this.inHand, { rotation }), alt: t("table.in_hand"), width: 64, height: 64 }));
  }

  placePanel() {
    return el("div", { class: "place-panel" }, el("p", { class: "muted" }, t("table.place_hint")),
      el("button", { id: "rotate", onclick: () => this.rotate() }, t("table.rotate")),
      el("button", { id: "confirm-place", class: "primary", disabled: this.busy,
        onclick: () => this.act(this.selected.actions[this.selected.index]) }, t("table.confirm")),
      el("button", { id: "cancel-place", onclick: () => this.select(null) }, t("table.cancel")));
  }

  renderUndo() {
    const v = this.view;
    const box = this.root.querySelector("#undo");
    const parts = [el("h3", {}, t("undo.title"))];
    const req = v.undo_request;
    if (req) {
      const waiting = req.waiting_for.map((s) => this.seatLabel(s)).join(", ");
      parts.push(el("p", { id: "undo-status" }, t("undo.pending", { seat: this.seatName(req.seat), waiting })));
      if (v.seat !== null && req.waiting_for.includes(v.seat)) {
        parts.push(el("button", { id: "undo-accept", class: "primary", onclick: () => this.answerUndo(true) }, t("undo.agree")),
          el("button", { id: "undo-refuse", onclick: () => this.answerUndo(false) }, t("undo.refuse")));
      } else if (v.seat === req.seat) {
        parts.push(el("button", { id: "undo-withdraw", onclick: () => this.answerUndo(false) }, t("undo.withdraw")));
      }
    } else if (v.seat !== null && !v.is_over && v.version > 0) {  // nothing to take back before the first move
      parts.push(el("button", { id: "undo-request", onclick: () => this.requestUndo() }, t("undo.request")));
    }
    const last = v.undo_last;
    if (last) {
      const names = { ...last, seat: this.seatName(last.seat), by: last.by === null || last.by === undefined ? "" : this.seatName(last.by) };
      parts.push(el("p", { id: "undo-last", class: "muted" }, t(`undo.last.${last.result}`, names)));
    }
    box.hidden = parts.length === 1;
    box.replaceChildren(...parts);
  }

  renderScores() {
    const v = this.view;
    const rows = v.scores.map((score, seat) => el("tr", { class: seat === v.to_play ? "to-play" : "", dataset: { seat } },
      el("td", {}, el("span", { class: "swatch", style: `background:${seatColour(this.meta, v.game, seat, v.colours)}` })),
      el("td", {}, this.seatLabel(seat)),
      el("td", { class: "muted", title: t("table.supply") }, Array.isArray(v.supply) ? `♟ ${v.supply[seat]}` : ""),
      el("td", { class: "score" }, String(score))));
    this.root.querySelector("#scores").replaceChildren(el("h3", {}, t("table.scores")), el("table", {}, rows));
  }

  renderLog() {
    const list = this.root.querySelector("#log");
    const log = this.view.log || [];
    const shown = JSON.stringify(log);
    if (list.shownLog === shown) return;  // the same log (a socket's first view repeats the page's): the reader's place stays
    const atEnd = !list.childElementCount || list.scrollTop + list.clientHeight >= list.scrollHeight - 20;
    list.replaceChildren(...logList(this.view.game, log));
    list.dataset.count = String(log.length);
    list.shownLog = shown;  // kept on the element: a new list starts empty
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  // ---- acting -----------------------------------------------------------------------------------
  onBoardClick(ev) {
    const target = ev.target.closest("[data-actions], [data-action]");
    if (!target || this.busy || !this.view || this.view.seat !== this.view.to_play) return;
    const actions = (target.dataset.actions || target.dataset.action).split(" ").filter(Boolean);
    if (target.dataset.rotations !== undefined) {
      this.pickCell(target, actions);
    } else if (actions.length === 1) {
      this.act(actions[0]);
    } else {
      this.filter = actions;  // several choices name this element: show just those
      this.renderDecision();
    }
  }

  // A place with `data-rotations` (one per action): a first click selects it, the next clicks
  // there turn the piece; "confirm" plays the action of the rotation shown.
  pickCell(rect, actions) {
    if (this.selected && this.selected.rect === rect) { this.rotate(); return; }
    const rotations = rect.dataset.rotations.split(" ").filter(Boolean);
    if (rotations.length !== actions.length) { this.filter = actions; this.renderDecision(); return; }
    this.select({ rect, actions, rotations, index: 0 });
  }

  select(choice) {
    this.root.querySelectorAll("#board .preview").forEach((n) => n.remove());
    this.root.querySelectorAll("#board .selected").forEach((n) => n.classList.remove("selected"));
    this.selected = choice;
    if (choice) this.drawPreview();
    this.renderDecision();
  }

  rotate() {
    if (!this.selected) return;
    this.selected.index = (this.selected.index + 1) % this.selected.actions.length;
    this.drawPreview();
    this.renderDecision();
  }

  // The selected place's `data-preview` (a picture URL, {rotation} filled in) drawn over its
  // `data-preview-box` ("x y width height" in board units; else the element's own box).
  drawPreview() {
    const { rect, rotations, index } = this.selected;
    this.root.querySelectorAll("#board .preview").forEach((n) => n.remove());
    rect.classList.add("selected");
    const template = rect.dataset.preview;
    if (!template) return;
    const box = (rect.dataset.previewBox || "").split(/\s+/).map(Number);
    let [x, y, width, height] = box;
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) ({ x, y, width, height } = rect.getBBox());
    const img = document.createElementNS("http://www.w3.org/2000/svg", "image");
    img.setAttribute("href", fill(template, { rotation: rotations[index] }));
    Object.entries({ x, y, width, height, class: "preview", opacity: "0.85", "pointer-events": "none" })
      .forEach(([k, val]) => img.setAttribute(k, val));
    rect.parentNode.insertBefore(img, rect);
  }

  async post(path, body) {
    if (this.busy) return;
    this.busy = true;
    this.markReady();
    clearError();
    try {
      const view = await api(path, { method: "POST", body: { token: this.token, ...body } });
      this.busy = false;
      await this.show(view);
      // a view pushed while the request was in flight drew its options disabled; the answer
      // itself may be older than that view and then redraws nothing
      this.renderDecision();
      this.markReady();
    } catch (e) {
      this.busy = false;
      showError(e);
      this.markReady();
      this.renderDecision();
    }
  }

  // A move goes on the websocket when it is open (its push is the answer: half the server's work of a POST),
  // else as a POST.
  act(action) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN || !this.view) {
      return this.post(`/api/games/${this.id}/actions`, { action });
    }
    if (this.busy) return;
    this.busy = true;
    this.moving = this.view.version;  // the version the move starts from: a push past it ends the wait
    this.markReady();
    clearError();
    socket.send(JSON.stringify({ type: "act", action }));
  }

  moved() {
    this.moving = null;
    this.busy = false;
  }

  requestUndo() { return this.post(`/api/games/${this.id}/undo`, {}); }

  answerUndo(accept) { return this.post(`/api/games/${this.id}/undo/answer`, { accept }); }
}

// A picture URL template from the board: {name} replaced by the value (URL-encoded).
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in values ? encodeURIComponent(values[name]) : m));
}

// What the core and the server put in every view; the rest is the game's own (the text view).
const COMMON_KEYS = new Set(["game", "player_count", "modules", "seat", "to_play", "decision", "scores", "is_over",
  "winners", "everyone_lost", "log", "legal_actions", "id", "version", "revision", "status", "seats", "options",
  "undo_request", "undo_last", "created", "seed_kind"]);

export function stateText(view) {
  return Object.entries(view).filter(([k]) => !COMMON_KEYS.has(k))
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join("\n");
}
