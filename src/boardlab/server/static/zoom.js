// Zoom, pan and centring for a board picture whose root says data-fit="zoom" (Carcassonne's map):
// the picture fills the board area, first centred on its extent (its viewBox) and scaled to show it
// all; the buttons, the mouse wheel and dragging zoom and move it. The camera (scale and centre, in
// the picture's units) is kept when the picture is drawn again after a move; until someone zooms or
// drags, a new picture is centred and fitted again (the map grows). A drag never clicks what it
// started on. Nothing here knows a game (docs/web-api.md, "Board pictures").
import { el, t } from "./core.js";

const MAX_SCALE = 3;      // pixels per picture unit, zoomed in at most
const FIT_MAX = 1.2;      // a small map is not blown up beyond this when fitted
const STEP = 1.25;        // one button press or wheel notch
const DRAG = 5;           // pixels moved before a press becomes a drag

export class BoardView {
  constructor(box) {
    Object.assign(this, { box, svg: null, extent: null, camera: null, user: false, press: null, dragged: false });
    this.controls = el("div", { class: "zoom-controls", id: "zoom-controls", hidden: true },
      el("button", { type: "button", id: "zoom-in", title: t("board.zoom_in"), "aria-label": t("board.zoom_in"),
        onclick: () => this.zoomBy(STEP) }, "+"),
      el("button", { type: "button", id: "zoom-out", title: t("board.zoom_out"), "aria-label": t("board.zoom_out"),
        onclick: () => this.zoomBy(1 / STEP) }, "−"),
      el("button", { type: "button", id: "zoom-fit", title: t("board.fit"), "aria-label": t("board.fit"),
        onclick: () => { this.user = false; this.fit(); } }, t("board.fit_button")),
      el("span", { class: "zoom-hint muted" }, t("board.zoom_hint")));
    box.before(this.controls);
    box.addEventListener("wheel", (ev) => this.onWheel(ev), { passive: false });
    box.addEventListener("pointerdown", (ev) => this.onDown(ev));
    box.addEventListener("pointermove", (ev) => this.onMove(ev));
    box.addEventListener("pointerup", (ev) => this.onUp(ev));
    box.addEventListener("pointercancel", (ev) => this.onUp(ev));
    // a drag ends with a click on whatever it started on: swallowed before the table sees it
    box.addEventListener("click", (ev) => {
      if (this.dragged) { ev.stopImmediatePropagation(); ev.preventDefault(); this.dragged = false; }
    }, true);
    this.onResize = () => { if (this.svg) this.apply(); };
    window.addEventListener("resize", this.onResize);
  }

  stop() { window.removeEventListener("resize", this.onResize); }

  // After the box's picture was replaced: zoomable pictures get the camera, others are left alone.
  attach() {
    const svg = this.box.querySelector(":scope > svg");
    const zoomable = Boolean(svg && svg.dataset.fit === "zoom" && svg.viewBox && svg.viewBox.baseVal
      && svg.viewBox.baseVal.width > 0);
    this.box.classList.toggle("zoomable", zoomable);
    this.controls.hidden = !zoomable;
    this.svg = zoomable ? svg : null;
    if (!zoomable) return;
    const vb = svg.viewBox.baseVal;
    this.extent = { x: vb.x, y: vb.y, width: vb.width, height: vb.height };
    svg.setAttribute("width", "100%");
    svg.setAttribute("height", "100%");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    if (this.user && this.camera) this.apply();
    else this.fit();
  }

  size() {
    return { w: Math.max(1, this.box.clientWidth), h: Math.max(1, this.box.clientHeight) };
  }

  fitScale() {
    const { w, h } = this.size();
    const e = this.extent;
    return Math.min(FIT_MAX, (0.96 * w) / e.width, (0.96 * h) / e.height);
  }

  minScale() { return Math.min(this.fitScale(), 0.5) / 2; }

  // Centred on the picture's extent, all of it shown.
  fit() {
    if (!this.svg) return;
    const e = this.extent;
    this.camera = { scale: this.fitScale(), cx: e.x + e.width / 2, cy: e.y + e.height / 2 };
    this.apply();
  }

  apply() {
    const { w, h } = this.size();
    const { scale, cx, cy } = this.camera;
    const vw = w / scale;
    const vh = h / scale;
    this.svg.setAttribute("viewBox", `${cx - vw / 2} ${cy - vh / 2} ${vw} ${vh}`);
    Object.assign(this.box.dataset, { zoom: scale.toFixed(4), cx: cx.toFixed(1), cy: cy.toFixed(1),
      camera: this.user ? "user" : "fit" });
  }

  // Zoom by `factor` keeping the picture point under (px, py) (box pixels; default: the middle) in place.
  zoomBy(factor, px = null, py = null) {
    if (!this.svg) return;
    const { w, h } = this.size();
    const c = this.camera;
    const scale = Math.max(this.minScale(), Math.min(MAX_SCALE, c.scale * factor));
    const ox = (px === null ? w / 2 : px) - w / 2;
    const oy = (py === null ? h / 2 : py) - h / 2;
    const ux = c.cx + ox / c.scale;
    const uy = c.cy + oy / c.scale;
    this.camera = { scale, cx: ux - ox / scale, cy: uy - oy / scale };
    this.user = true;
    this.apply();
  }

  // Move the picture by (dx, dy) box pixels, kept from leaving the view altogether.
  panBy(dx, dy) {
    const c = this.camera;
    const e = this.extent;
    const cx = Math.max(e.x, Math.min(e.x + e.width, c.cx - dx / c.scale));
    const cy = Math.max(e.y, Math.min(e.y + e.height, c.cy - dy / c.scale));
    this.camera = { ...c, cx, cy };
    this.user = true;
    this.apply();
  }

  onWheel(ev) {
    if (!this.svg) return;
    ev.preventDefault();
    const r = this.box.getBoundingClientRect();
    this.zoomBy(ev.deltaY < 0 ? STEP : 1 / STEP, ev.clientX - r.left, ev.clientY - r.top);
  }

  onDown(ev) {
    if (!this.svg || ev.button !== 0) return;
    this.press = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, moving: false };
    this.dragged = false;
  }

  onMove(ev) {
    const p = this.press;
    if (!p || p.id !== ev.pointerId) return;
    const dx = ev.clientX - p.x;
    const dy = ev.clientY - p.y;
    if (!p.moving && Math.hypot(dx, dy) < DRAG) return;
    if (!p.moving) {  // only now: capturing at once would take the click from the cell pressed
      p.moving = true;
      try { this.box.setPointerCapture(ev.pointerId); } catch { /* gone */ }
      this.box.classList.add("dragging");
    }
    this.panBy(dx, dy);
    p.x = ev.clientX;
    p.y = ev.clientY;
  }

  onUp(ev) {
    const p = this.press;
    if (!p || p.id !== ev.pointerId) return;
    this.press = null;
    if (p.moving) {
      this.dragged = true;  // the click that follows is swallowed
      this.box.classList.remove("dragging");
      setTimeout(() => { this.dragged = false; }, 0);
    }
  }
}
