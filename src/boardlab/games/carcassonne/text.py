"""Carcassonne in the terminal: the map drawn from a seat's view, in colour where the terminal has it.

Each cell (a tile, or one of a wonder's five cells) is 5 characters wide and 3 high, drawn from the
same `CellArt` as the web table (render.py): cities `#` (a pennant `*`), roads `-` `|` (`+` where
roads meet or bend), a monastery `@`, fields `.`; a wonder's ground is `%`, its centre cell shows its
two-letter code. Followers are the letter of their kind (K knight, T thief, M monk, F farmer) in
their seat's colour. Where the tile in hand fits, the cell shows the numbers of the options that put
it there; at a follower decision the options' numbers stand on the new tile's features.

A map larger than the window (15 x 5 cells, so the picture fits an 80 x 24 terminal) is cropped to
the area around the last tile placed that shows the most options; the terminal's `map` command
draws it whole. Modules add lines (`MODULE.lines(view, lang, catalogue)`: the wonders' track).
"""
from __future__ import annotations

from rich.text import Text

from .actions import place_xyr
from .content import WONDER_PIECES
from .render import CellArt, colour, tile_art, wonder_art

CELL_W, CELL_H = 5, 3
WINDOW = (15, 5)  # cells across and down: 4 + 15 * 5 = 79 columns, 1 + 5 * 3 = 16 rows
KIND_LETTER = {"city": "K", "road": "T", "monastery": "M", "field": "F"}
STYLE = {"city": "bold #d08a3c", "pennant": "bold #4f8fff", "road": "bright_white", "monastery": "bold red",
         "field": "green", "wonder": "magenta", "option": "bold black on bright_cyan", "axis": "dim"}
# the character slots of a cell: (row, column) -> what it shows
SIDE_SLOT = {0: (0, 2), 1: (1, 4), 2: (2, 2), 3: (1, 0)}
HALF_SLOT = {0: (0, 1), 1: (0, 3), 4: (2, 3), 5: (2, 1)}                    # NW NE SE SW
CORNER_SLOT = {(0, 3): (0, 0), (0, 1): (0, 4), (2, 1): (2, 4), (2, 3): (2, 0)}  # sides meeting there
CORNER_HALVES = {(0, 3): (0, 7), (0, 1): (1, 2), (2, 1): (4, 3), (2, 3): (5, 6)}
INNER_SLOT = {3: (1, 1), 1: (1, 3)}                                      # W, E
# where a follower stands: the first slot of its feature in this order
SPOTS = ((1, 2), (1, 1), (1, 3), (0, 2), (2, 2), (1, 0), (1, 4), (0, 1), (0, 3), (2, 1), (2, 3), (0, 0), (0, 4),
         (2, 0), (2, 4))


# ---- one cell -----------------------------------------------------------------------------------------

def cell_slots(art: CellArt) -> dict[tuple[int, int], tuple[str, str, str]]:
    """(row, column) -> (character, style, feature label) for the 15 characters of a cell."""
    slots = {}
    for side, at in SIDE_SLOT.items():
        slots[at] = _side(art, side)
    for half, at in HALF_SLOT.items():
        city = _city_on(art, half // 2)
        slots[at] = _city_char(city) if city else _field(art, (half,))
    for (a, b), at in CORNER_SLOT.items():
        slots[at] = _corner(art, a, b, CORNER_HALVES[(a, b)])
    for side, at in INNER_SLOT.items():
        slots[at] = _inner(art, side)
    slots[(1, 2)] = _centre(art)
    return slots


def _city_on(art: CellArt, side: int):
    return next((c for c in art.cities if side in c[1]), None)


def _road_on(art: CellArt, side: int):
    return next((r for r in art.roads if side in r[1]), None)


def _city_char(city) -> tuple[str, str, str]:
    return "#", "city", city[0]


def _road_char(road, side: int) -> tuple[str, str, str]:
    return ("|" if side in (0, 2) else "-"), "road", road[0]


def _field(art: CellArt, halves) -> tuple[str, str, str]:
    found = next((f for f in art.fields if set(f[1]) & set(halves)), None)
    if found is None:  # no field here (a city's corner): the widest field stands in
        found = max(art.fields, key=lambda f: len(f[1]), default=None)
    return (".", "field", found[0]) if found else (" ", "field", "")


def _side(art: CellArt, side: int) -> tuple[str, str, str]:
    city, road = _city_on(art, side), _road_on(art, side)
    if city:
        return _city_char(city)
    if road:
        return _road_char(road, side)
    return _field(art, (2 * side, 2 * side + 1))


def _corner(art: CellArt, a: int, b: int, halves) -> tuple[str, str, str]:
    """A corner is city only where one city holds both sides meeting there (or no field reaches it)."""
    city_a, city_b = _city_on(art, a), _city_on(art, b)
    if city_a and city_a is city_b:
        return _city_char(city_a)
    if any(set(f[1]) & set(halves) for f in art.fields):
        return _field(art, halves)
    city = city_a or city_b
    return _city_char(city) if city else _field(art, halves)


def _inner(art: CellArt, side: int) -> tuple[str, str, str]:
    city, road = _city_on(art, side), _road_on(art, side)
    if road:
        return _road_char(road, side)
    if city and len(city[1]) > 1:
        return _city_char(city)
    return _field(art, (2 * side, 2 * side + 1))


def _centre(art: CellArt) -> tuple[str, str, str]:
    if art.monastery:
        return "@", "monastery", art.monastery
    road_sides = [s for r in art.roads for s in r[1]]
    big_city = next((c for c in art.cities if len(c[1]) > 1), None)
    if big_city and len(road_sides) < 2:
        return ("*" if big_city[2] else "#"), "pennant" if big_city[2] else "city", big_city[0]
    if len(road_sides) == 2 and len(art.roads) == 1:
        sides = set(road_sides)
        char = "|" if sides == {0, 2} else "-" if sides == {1, 3} else "+"
        return char, "road", art.roads[0][0]
    if road_sides:
        return "+", "road", art.roads[0][0] if len(art.roads) == 1 else ""
    return _field(art, tuple(range(8)))


def _with_pennant(slots: dict, art: CellArt) -> None:
    """A city with a pennant shows it on its first city slot (the centre when the city holds it)."""
    for label, _, pennants in art.cities:
        if pennants and not any(v[1] == "pennant" for v in slots.values()):
            at = next((s for s in SPOTS if slots[s][2] == label), None)
            if at is not None:
                slots[at] = ("*", "pennant", label)


# ---- the map --------------------------------------------------------------------------------------------

class Board:
    """What the view shows, cell by cell: pictures, followers, wonders and option numbers."""

    def __init__(self, view: dict):
        self.cells: dict[tuple[int, int], dict] = {}
        self.wonder_of: dict[tuple[int, int], str] = {}
        self.codes: dict[tuple[int, int], str] = {}
        self.last = {tuple(p) for p in view.get("last_placed", [])}
        for t in view["tiles"]:
            self._add((t["x"], t["y"]), tile_art(t["tile"], t["rotation"]))
        for w in view.get("wonders_placed", []):
            self._add_wonder(w)
        self.followers = {(m["x"], m["y"], m["feature"]): m for m in view["meeples"]}
        self.options = option_numbers(view)
        self.spots = follower_options(view, self)

    def _add(self, at: tuple[int, int], art: CellArt) -> None:
        slots = cell_slots(art)
        _with_pennant(slots, art)
        self.cells[at] = slots

    def _add_wonder(self, w: dict) -> None:
        piece = WONDER_PIECES[w["wonder"]][w["rotation"]]
        for ci, (dx, dy) in enumerate(piece.offsets):
            at = (w["x"] + dx, w["y"] + dy)
            self._add(at, wonder_art(w["wonder"], w["rotation"], ci))
            self.wonder_of[at] = w["wonder"]
            if ci == piece.centre:
                self.codes[at] = wonder_code(w["wonder"])

    def known(self) -> set[tuple[int, int]]:
        return set(self.cells) | set(self.options)

    def row(self, at: tuple[int, int], r: int, out: Text) -> None:
        """Append row r (0..2) of the cell at `at` to `out`."""
        if at in self.cells:
            for c in range(CELL_W):
                out.append(*self._char(at, r, c))
        elif at in self.options and r == 1:
            out.append(f"{self.options[at]:^{CELL_W}}"[:CELL_W], STYLE["option"])
        else:
            out.append(" " * CELL_W)

    def _char(self, at: tuple[int, int], r: int, c: int) -> tuple[str, str]:
        char, kind, label = self.cells[at][(r, c)]
        style = STYLE["wonder"] if at in self.wonder_of and kind == "field" else STYLE[kind]
        if at in self.wonder_of and kind == "field":
            char = "%"
        code = self.codes.get(at)
        if code and r == 1 and c in (1, 2):
            return code[c - 1], "bold " + STYLE["wonder"]
        spot = self.spots.get((at, (r, c)))
        if spot is not None:
            return spot, STYLE["option"]
        follower = self.followers.get((*at, label))
        if follower is not None and (r, c) == first_spot(self.cells[at], label):
            return KIND_LETTER[follower["kind"]], seat_style(follower["seat"])
        return char, style + (" underline" if at in self.last else "")


def first_spot(slots: dict, label: str) -> tuple[int, int] | None:
    return next((s for s in SPOTS if slots[s][2] == label), None)


def seat_style(seat: int) -> str:
    """A follower: its seat's colour behind a letter that stays readable on it."""
    fill = colour(seat)
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    ink = "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"
    return f"bold {ink} on {fill}"


def wonder_code(name: str) -> str:
    """Two letters: the initials of a two-word key (notre_dame: ND), else its first two letters."""
    words = name.split("_")
    return (words[0][0] + words[1][0] if len(words) > 1 else name[:2]).upper()


def option_numbers(view: dict) -> dict[tuple[int, int], str]:
    """Open cell -> the numbers (1-based, as listed) of the options placing a tile or wonder there."""
    numbers: dict[tuple[int, int], list[int]] = {}
    for n, a in enumerate(view.get("legal_actions", []), 1):
        at = placement_cell(a["id"])
        if at is not None:
            numbers.setdefault(at, []).append(n)
    return {at: _span(ns) for at, ns in numbers.items()}


def placement_cell(action_id: str) -> tuple[int, int] | None:
    """The cell a place id (or a wonder id: its anchor) puts its piece on."""
    xyr = place_xyr(action_id)
    if xyr is None and action_id.startswith("wonder:"):
        xyr = place_xyr("place:" + action_id.rsplit(":", 1)[1])
    return None if xyr is None else (xyr[0], xyr[1])


def _span(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return f"{numbers[0]}+"


def follower_options(view: dict, board: Board) -> dict:
    """At a follower decision: (cell, slot) -> the option's number, on the features of the new piece."""
    out = {}
    for n, a in enumerate(view.get("legal_actions", []), 1):
        if not a["id"].startswith("meeple:") or n > 9:
            continue
        label = a["id"][len("meeple:"):]
        for at in board.last:
            spot = first_spot(board.cells.get(at, {}), label) if at in board.cells else None
            if spot is not None:
                out[(at, spot)] = str(n)
                break
    return out


def window(board: Board, size: tuple[int, int] | None) -> tuple[range, range]:
    """The x and y ranges drawn: every piece and option cell if they fit, else the window of `size`
    holding the last piece placed and the most option cells."""
    cells = board.known() or {(0, 0)}
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    full = (range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1))
    if size is None or (len(full[0]) <= size[0] and len(full[1]) <= size[1]):
        return full
    w, h = min(size[0], len(full[0])), min(size[1], len(full[1]))
    fx, fy = min(board.last, default=(0, 0))
    corners = [(x0, y0) for x0 in _starts(full[0], w, fx) for y0 in _starts(full[1], h, fy)]
    best = max(corners, key=lambda c: (_inside(board.options, c, w, h),
                                       -abs(c[0] + w // 2 - fx) - abs(c[1] + h // 2 - fy)))
    return range(best[0], best[0] + w), range(best[1], best[1] + h)


def _starts(whole: range, length: int, focus: int) -> range:
    """First values of the `length`-long ranges inside `whole` that hold `focus`."""
    return range(max(whole.start, focus - length + 1), min(focus, whole.stop - length) + 1)


def _inside(cells, corner: tuple[int, int], w: int, h: int) -> int:
    x0, y0 = corner
    return sum(1 for x, y in cells if x0 <= x < x0 + w and y0 <= y < y0 + h)


def draw_map(board: Board, xs: range, ys: range) -> Text:
    """The cells of xs x ys, north at the top, with x above and y on the left."""
    out = Text()
    out.append("    ", STYLE["axis"])
    for x in xs:
        out.append(f"{x:^{CELL_W}}", STYLE["axis"])
    for y in reversed(ys):
        for r in range(CELL_H):
            out.append("\n")
            out.append(f"{y:>3} " if r == 1 else "    ", STYLE["axis"])
            for x in xs:
                board.row((x, y), r, out)
    return out


# ---- the terminal table ------------------------------------------------------------------------------------

def render_text(rules, view: dict, lang: str, size: tuple[int, int] | None = WINDOW) -> Text:
    """The map (cropped to `size` cells; None: whole), the tile in hand, followers and legends."""
    cat = rules.catalogue
    t = lambda key, **kw: cat.text(key, lang, **kw)  # noqa: E731
    board = Board(view)
    xs, ys = window(board, size)
    out = draw_map(board, xs, ys)
    whole = window(board, None)
    if (len(xs), len(ys)) != (len(whole[0]), len(whole[1])):
        out.append("\n" + t("txt.cropped", x0=xs[0], x1=xs[-1], y0=ys[0], y1=ys[-1], wx0=whole[0][0],
                            wx1=whole[0][-1], wy0=whole[1][0], wy1=whole[1][-1]), STYLE["axis"])
    for line in [hand_lines(view, t), *follower_lines(view, t, lang, cat), *module_lines(rules, view, lang),
                 Text(t("txt.legend"), STYLE["axis"]), Text(t("txt.legend.followers"), STYLE["axis"])]:
        if line:
            out.append("\n")
            out.append(line)
    return out


def hand_lines(view: dict, t) -> Text | None:
    """The tile in hand, once in each turn the options offer, side by side, with the turn in degrees."""
    tile = view.get("tile_in_hand")
    turns = sorted({xyr[2] for a in view.get("legal_actions", []) if (xyr := place_xyr(a["id"])) is not None})
    if tile is None or not turns:
        return None
    out = Text(t("txt.hand", tile=tile, left=view["deck"]["count"] if isinstance(view["deck"], dict) else
                 len(view["deck"])))
    pictures = [cell_slots(tile_art(tile, r)) for r in turns]
    for slots in pictures:
        _with_pennant(slots, tile_art(tile, turns[pictures.index(slots)]))
    out.append("\n   ")
    for r in turns:
        out.append(f"{t('txt.turned', deg=r * 90):<9}")
    for row in range(CELL_H):
        out.append("\n   ")
        for slots in pictures:
            for c in range(CELL_W):
                char, kind, _ = slots[(row, c)]
                out.append(char, STYLE[kind])
            out.append("    ")
    return out


def follower_lines(view: dict, t, lang: str, cat) -> list[Text]:
    """Per seat: its colour, followers in supply and where its followers stand."""
    lines = []
    for seat, left in enumerate(view["supply"]):
        line = Text()
        line.append(t("txt.seat", seat=seat), seat_style(seat))
        mine = [m for m in view["meeples"] if m["seat"] == seat]
        where = " ".join(f"{KIND_LETTER[m['kind']]}{m['x']},{m['y']}" for m in mine) or "-"
        line.append(" " + t("txt.followers", left=left, where=where))
        lines.append(line)
    return lines


def module_lines(rules, view: dict, lang: str) -> list[Text]:
    """What the modules switched on add (`view["modules"]`), a line each."""
    registry = rules.program.registry
    lines = []
    for name in view.get("modules", ()):
        module = registry.get(name)
        if module.lines is not None:
            lines += [Text(line) for line in module.lines(view, lang, rules.catalogue)]
    return lines
