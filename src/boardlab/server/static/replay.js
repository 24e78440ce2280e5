// The replay viewer of a finished game: step forward and back, jump to the start or the end.
// Only public information: the spectator's view after each step and the public events.
import { api, el, gameInfo, gameMeta, seatColour, seatName, showError, t } from "./core.js";
import { logList } from "./log.js";
import { stateText } from "./table.js";
import { BoardView } from "./zoom.js";

export async function showReplay(root, gameId) {
  const meta = await gameMeta();
  let data;
  try {
    data = await api(`/api/games/${gameId}/replay`);
  } catch (e) {
    root.replaceChildren(el("section", { class: "panel" }, el("p", { id: "replay-error" }, e.message),
      el("a", { href: `/play/${gameId}`, class: "button" }, t("lobby.watch"))));
    return null;
  }
  const viewer = new Replay(root, gameId, data, meta);
  viewer.layout();
  await viewer.go(data.steps.length - 1);
  return viewer;
}

class Replay {
  constructor(root, id, data, meta) {
    Object.assign(this, { root, id, data, meta, step: 0, loading: 0 });
    this.onKey = (ev) => {
      if (ev.key === "ArrowLeft") this.go(this.step - 1);
      if (ev.key === "ArrowRight") this.go(this.step + 1);
    };
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
    if (this.zoom) this.zoom.stop();
  }

  layout() {
    const game = this.meta.games.find((g) => g.name === this.data.game);
    const last = this.data.steps.length - 1;
    const button = (id, label, to) => el("button", { id, onclick: () => this.go(to()) }, label);
    this.root.replaceChildren(el("div", { class: "table" },
      el("div", { class: "board-wrap" }, el("div", { id: "board", class: "board" })),
      el("aside", { class: "side" },
        el("div", { class: "panel" }, el("h2", {}, `${t("replay.title")}: ${game ? game.title : this.data.game}`),
          el("div", { class: "controls" },
            button("step-start", `⏮ ${t("replay.start")}`, () => 0),
            button("step-back", `◀ ${t("replay.back")}`, () => this.step - 1),
            button("step-forward", `${t("replay.forward")} ▶`, () => this.step + 1),
            button("step-end", `${t("replay.end")} ⏭`, () => last)),
          el("input", { id: "step-range", type: "range", min: 0, max: last, value: last,
            oninput: (ev) => this.go(Number(ev.target.value)) }),
          el("p", { id: "step-label" }), el("p", { id: "step-by", class: "muted" }),
          el("p", { id: "replay-seed", class: "muted" },
            t("replay.seed", { seed: this.data.seed, kind: t(`seed.${this.data.seed_kind}`) }))),
        el("div", { id: "scores", class: "panel" }),
        el("div", { id: "log-panel", class: "panel" }, el("h3", {}, t("table.log")), el("ol", { id: "log" })))));
    document.addEventListener("keydown", this.onKey);
    this.zoom = new BoardView(this.root.querySelector("#board"));
  }

  async go(n) {
    const last = this.data.steps.length - 1;
    n = Math.max(0, Math.min(last, n));
    this.step = n;
    const step = this.data.steps[n];
    this.root.querySelector("#step-range").value = n;
    this.root.querySelector("#step-label").textContent = t("replay.step", { n, total: last });
    this.root.querySelector("#step-by").textContent = step.seat === null ? t("replay.setup") : t("replay.by", { seat: seatName(this.meta, step.view, step.seat) });
    this.renderScores(step.view);
    const events = this.data.steps.slice(0, n + 1).flatMap((s) => s.events);
    const list = this.root.querySelector("#log");
    list.replaceChildren(...logList(this.data.game, events));
    list.scrollTop = list.scrollHeight;
    await this.loadBoard(n);
  }

  renderScores(view) {
    const rows = view.scores.map((score, seat) => el("tr", { dataset: { seat } },
      el("td", {}, el("span", { class: "swatch", style: `background:${seatColour(this.meta, this.data.game, seat, view.colours)}` })),
      el("td", {}, seatName(this.meta, view, seat)), el("td", { class: "score" }, String(score))));
    this.root.querySelector("#scores").replaceChildren(el("h3", {}, t("table.scores")), el("table", {}, rows));
  }

  async loadBoard(n) {
    const ticket = ++this.loading;
    const game = gameInfo(this.meta, this.data.game);
    if (!game || !game.board) {  // no renderer: the step's view as text
      const box = this.root.querySelector("#board");
      box.replaceChildren(el("p", { class: "muted" }, t("table.no_board")),
        el("pre", { id: "state-text" }, stateText(this.data.steps[n].view)));
      box.dataset.step = n;
      document.body.dataset.step = n;
      return;
    }
    try {
      const svg = await api(`/api/games/${this.id}/replay/${n}/board.svg`);
      if (ticket !== this.loading) return; // the user stepped on meanwhile
      const box = this.root.querySelector("#board");
      box.innerHTML = svg;
      this.zoom.attach();
      box.dataset.step = n;
      document.body.dataset.step = n;
    } catch (e) { showError(e); }
  }
}
