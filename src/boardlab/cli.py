"""The `boardlab` command: list games, play in the terminal, replay saves, list rules.

Every string the user reads comes from the message catalogues (core/messages.yaml,
`cli.*` keys, and the game's own catalogue) in the language given by --lang.
Bad arguments end with one line on stderr and exit code 2, never a traceback.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError  # typer 0.29 vendors click
from typer.core import TyperGroup

from . import sim
from .agents import choose, make_agent, split_specs
from .core.errors import BoardlabError, ConfigError, IllegalAction
from .core.game import load, new_game
from .core.i18n import LANGS, check_lang, core_catalogue
from .core.options import allowed_values, parse_value
from .core.registry import available_games, ruleset
from .core.ruleset import Ruleset
from .heap import settle as settle_heap

EXIT_BAD_ARGS = 2
HUMAN = "human"
LANG_ENV = "BOARDLAB_LANG"
# view fields every game has; the state summary shows the others
_COMMON_VIEW_KEYS = {"game", "player_count", "players", "seat", "to_play", "decision", "scores", "is_over", "winners",
                     "log", "legal_actions"}


def _help_lang() -> str:
    lang = os.environ.get(LANG_ENV, "en")
    return lang if lang in LANGS else "en"


def _h(key: str) -> str:
    """Help texts are built before --lang is parsed: they follow $BOARDLAB_LANG (default en)."""
    return core_catalogue().text(f"cli.help.{key}", _help_lang())


def _sniff_lang(args: list[str]) -> str:
    """The --lang of a command line that failed to parse, for its error message."""
    for i, a in enumerate(args):
        value = a[len("--lang="):] if a.startswith("--lang=") else (
            args[i + 1] if a == "--lang" and i + 1 < len(args) else None)
        if value in LANGS:
            return value
    return _help_lang()


class _Fail(Exception):
    """A bad argument, already worded in the user's language."""


class _Group(TyperGroup):
    """Usage errors as one line on stderr (exit 2), never a help box or a traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        argv = list(sys.argv[1:] if args is None else args)
        try:
            rv = super().main(args=argv, prog_name=prog_name, complete_var=complete_var,
                              standalone_mode=False, **extra)
            code = rv if isinstance(rv, int) else 0
        except NoArgsIsHelpError as exc:  # plain `boardlab`: the help, not an error
            typer.echo(exc.format_message())
            code = 0
        except ClickException as exc:
            lang = _sniff_lang(argv)
            msg = exc.format_message()
            if isinstance(exc, UsageError) and exc.ctx is not None:
                msg = core_catalogue().text("cli.usage", lang, message=msg, command=exc.ctx.command_path)
            _err_line(core_catalogue().text("cli.error", lang, message=msg))
            code = exc.exit_code
        except typer.Abort:
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(cls=_Group, help=_h("app"), no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False)


# ---- output ----------------------------------------------------------------------------------
def _console(stderr: bool = False) -> Console:
    # markup off: rule texts contain [editorial brackets]; soft_wrap: one entry, one line
    return Console(stderr=stderr, markup=False, highlight=False, soft_wrap=True, emoji=False)


def _err_line(text: str) -> None:
    _console(stderr=True).print(" ".join(str(text).split()))


class _Out:
    """Localised output for one command."""

    def __init__(self, lang: str):
        self.lang = lang
        self.console = _console()
        self.cat = core_catalogue()

    def t(self, key: str, **params) -> str:
        return self.cat.text(key, self.lang, **params)

    def print(self, *items, **kw) -> None:
        self.console.print(*items, **kw)

    def seat(self, seat) -> str:
        return self.t("seat", seat=seat)


@contextmanager
def _guard(lang_hint: str = "en"):
    """Turn the errors a user can cause into one line on stderr and exit code 2."""
    lang = lang_hint if lang_hint in LANGS else "en"
    cat = core_catalogue()
    try:
        yield
    except _Fail as exc:
        _err_line(cat.text("cli.error", lang, message=str(exc)))
        raise typer.Exit(EXIT_BAD_ARGS) from None
    except BoardlabError as exc:
        _err_line(cat.text("cli.error", lang, message=exc.text(lang)))
        raise typer.Exit(EXIT_BAD_ARGS) from None
    except OSError as exc:
        _err_line(cat.text("cli.error", lang, message=str(exc)))
        raise typer.Exit(EXIT_BAD_ARGS) from None


def _lang_option():
    return typer.Option("en", "--lang", envvar=LANG_ENV, help=_h("lang"), show_default=True)


# ---- games ------------------------------------------------------------------------------------
@app.command("games", help=_h("games"))
def games_cmd(lang: str = _lang_option()) -> None:
    with _guard(lang):
        check_lang(lang)
        out = _Out(lang)
        table = Table(title=out.t("cli.games.title"))
        table.add_column(out.t("cli.games.name"))
        table.add_column(out.t("cli.games.players"))
        table.add_column(out.t("cli.games.options"))
        for name in available_games():
            rules = ruleset(name)
            title = rules.catalogue.text("game.title", lang) if rules.catalogue.has("game.title") else name
            players = (str(rules.min_players) if rules.min_players == rules.max_players
                       else f"{rules.min_players}-{rules.max_players}")
            schema = rules.option_schema()
            opts = "\n".join(_option_line(key, prop, schema, lang) for key, prop in
                              schema.get("properties", {}).items()) or out.t("cli.games.no_options")
            table.add_row(f"{name}\n{title}" if title != name else name, players, opts)
        out.print(table)


# ---- play: arguments --------------------------------------------------------------------------
def _option_line(name: str, prop: dict, schema: dict, lang: str) -> str:
    """`name (title): what it takes; default` for `boardlab games`, from the option schema, with
    the option's and its values' names in `lang` (the values themselves are what --option takes)."""
    cat = core_catalogue()
    title = prop["x-texts"]["title"][lang]
    per_seat = bool(prop.get("x-per-seat"))
    what = _option_takes(prop, schema, lang, per_seat)
    if per_seat:
        what = cat.text("cli.games.per_seat", lang, what=what)
    default = prop.get("default")
    if default not in (None, [], ""):
        shown = ",".join(map(str, default)) if isinstance(default, list) else (
            default if isinstance(default, str) else json.dumps(default))
        what += "; " + cat.text("cli.games.default", lang, value=shown)
    for other, value in (prop.get("x-requires") or {}).items():
        what += "; " + cat.text("cli.games.requires", lang, option=other, value=value)
    head = f"{name} ({title})" if title != name else name
    return f"{head}: {what}"


def _option_takes(prop: dict, schema: dict, lang: str, per_seat: bool = False) -> str:
    cat = core_catalogue()
    texts = prop.get("x-value-texts", {})
    values = allowed_values(prop, schema) or []
    named = [f"{v} ({texts[str(v)][lang]})" if str(v) in texts and texts[str(v)][lang] != str(v) else str(v)
             for v in values if v is not None]
    alts = [prop] + list(prop.get("anyOf", []))
    kinds = {a.get("type") for a in alts}
    nullable = "null" in kinds
    if named:
        key = "opt.expect.list" if "array" in kinds and not per_seat else "opt.expect.one"
        text = cat.text(key, lang, values=", ".join(named))
        return text + (", none" if nullable and "array" not in kinds else "")
    if "integer" in kinds:
        number = next(a for a in alts if a.get("type") == "integer")
        return cat.text("opt.expect.int", lang, lo=number.get("minimum", "…"), hi=number.get("maximum", "…"))
    if "boolean" in kinds:
        return cat.text("cli.games.bool", lang)
    return prop["x-texts"]["help"][lang] or cat.text("cli.games.json", lang)


def _parse_options(rules, items: list[str], lang: str) -> dict:
    """`--option name=text` items typed by the game's option schema (lists are comma-separated)."""
    schema = rules.option_schema()
    parsed: dict = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise _Fail(core_catalogue().text("cli.err.option_format", lang, item=item))
        parsed[key.strip()] = parse_value(schema, key.strip(), value)
    return parsed


def _print_options(out: "_Out", rules, options: dict) -> None:
    """The options that differ from their defaults, by their names and values in the reader's language."""
    schema = rules.option_schema()
    sep = core_catalogue().text("list.sep", out.lang)
    shown = []
    for name, value in options.items():
        prop = schema.get("properties", {}).get(name, {})
        if value in (None, [], "") or value == prop.get("default"):
            continue
        texts = prop.get("x-value-texts", {})
        values = value if isinstance(value, list) else [value]
        named = sep.join(texts[str(v)][out.lang] if str(v) in texts else str(v) for v in values)
        title = prop.get("x-texts", {}).get("title", {}).get(out.lang, name)
        shown.append(out.t("cli.play.option_item", name=title, value=named))
    if shown:
        out.print(out.t("cli.play.options", options=out.t("cli.play.option_sep").join(shown)))


def _configure(rules, players: int, parsed: dict) -> dict:
    rules.configure(players, dict(parsed))  # ConfigError naming the option and what it accepts
    return parsed


def _split_seats(spec: str) -> list[str]:
    """`human,random:depth=2,x=1,random` -> ['human', 'random:depth=2,x=1', 'random']."""
    return split_specs(",".join(p.strip() for p in spec.split(",")))


def _bot_seed(seed: int, seat: int) -> int:
    """Each bot's own stream: derived from the game seed and its seat, independent of the game's
    (the same derivation as `boardlab sim`, so a simulated game can be replayed with play)."""
    return sim.bot_seed(seed, seat)


# ---- play: the loop ---------------------------------------------------------------------------
class _Quit(Exception):
    pass


# words typed at a decision -> the session's method answering them
_COMMANDS = {"?": "show_help", "h": "show_help", "help": "show_help", "why": "explain", "w": "explain",
             "board": "show_board", "b": "show_board", "map": "show_map", "m": "show_map", "rule": "show_rule"}
_HELP_LINES = ("cli.play.help.number", "cli.play.help.id", "cli.play.help.why", "cli.play.help.board",
               "cli.play.help.map", "cli.play.help.rule", "cli.play.help.help", "cli.play.help.quit")


class _Session:
    def __init__(self, game, seats: list[str], agents: dict, out: _Out, save: str | None):
        self.game = game
        self.seats = seats
        self.agents = agents
        self.out = out
        self.save_path = save
        self.shown: dict = {}  # seat (None: spectator) -> log entries already shown
        self.last_batch: dict = {}  # seat -> the events shown at its latest decision
        self.boards: dict = {}  # seat -> the board as last printed for it

    # text helpers
    def gtext(self, key: str, fallback: str, **params) -> str:
        cat = self.game.rules.catalogue
        return cat.text(key, self.out.lang, **params) if cat.has(key) else fallback

    def new_events(self, seat) -> list[dict]:
        log = self.game.view(seat, self.out.lang)["log"]
        start = self.shown.get(seat, 0)
        self.shown[seat] = len(log)
        return log[start:]

    def print_events(self, events: list[dict]) -> None:
        for e in events:
            self.out.print("  · " + e["text"])

    def scores_line(self, scores) -> str:
        sep = self.gtext("list.sep", ", ")
        items = [self.out.t("cli.play.score_item", seat=self.out.seat(s), points=p) for s, p in enumerate(scores)]
        return self.out.t("cli.play.scores", items=sep.join(items))

    def state_summary(self, view: dict) -> str:
        text = self.game.rules.render_text(view, self.out.lang)
        if text is not None:
            return text
        parts = []
        for key, value in view.items():
            if key in _COMMON_VIEW_KEYS or value is None:
                continue
            if isinstance(value, dict) and value.get("hidden") is True:
                shown = self.out.t("cli.play.hidden", count=value.get("count", "?"))
            elif isinstance(value, (str, int, float, bool)):
                shown = str(value)
            elif isinstance(value, (list, tuple)) and value and len(value) <= 8 and all(
                    isinstance(v, (str, int, float, bool)) for v in value):
                shown = ", ".join(map(str, value))
            elif isinstance(value, dict) and value and len(value) <= 4 and all(
                    isinstance(v, (str, int, float, bool)) for v in value.values()):
                shown = ", ".join(f"{k}={v}" for k, v in value.items())
            else:
                continue
            parts.append(f"{self.gtext('view.' + key, key)}: {shown}")
        return " | ".join(parts)

    # the game
    def run(self) -> None:
        g = self.game
        watching = all(a is not None for a in self.agents.values())
        if watching:
            self.print_events(self.new_events(None))
        while not g.is_over:
            seat = g.to_play
            agent = self.agents[seat]
            if agent is None:
                self.human_turn(seat)
            else:
                action = choose(agent, g, seat)
                try:
                    g.apply(action)
                except IllegalAction as exc:
                    raise _Fail(self.out.t("cli.err.bot_illegal", seat=seat, message=exc.text(self.out.lang))) from None
            if watching:
                self.print_events(self.new_events(None))
        humans = [s for s, a in self.agents.items() if a is None]
        if humans:
            self.print_events(self.new_events(humans[0]))
        self.finish()

    def human_turn(self, seat: int) -> None:
        g, out = self.game, self.out
        needless = g.needless()
        if needless is not None:  # no choice can matter: answered for the player, who is told so
            decision = self.gtext(f"decision.{g.decision}", g.decision)
            out.print(out.t("cli.play.needless", seat=out.seat(seat), decision=decision,
                            action=g.describe_action(needless, out.lang)), style="dim")
            g.apply(needless)
            return
        view = g.view(seat, out.lang)
        events = self.new_events(seat)
        if events:
            self.last_batch[seat] = events
        out.print()
        decision = self.gtext(f"decision.{g.decision}", g.decision)
        out.print(out.t("cli.play.turn", seat=out.seat(seat), decision=decision), style="bold")
        self.print_events(events)
        out.print(self.scores_line(view["scores"]))
        self.print_board(seat, view)
        choices = view["legal_actions"]
        self.print_choices(choices)
        while not self.answer(seat, choices):
            pass

    def print_board(self, seat: int, view: dict, again: bool = False) -> None:
        """The board, when it changed since this seat last saw it (or when asked `again`)."""
        summary = self.state_summary(view)
        if not summary:
            return
        plain = str(summary)
        if again or self.boards.get(seat) != plain:
            self.out.print(summary)
        else:
            self.out.print(self.out.t("cli.play.board_same"), style="dim")
        self.boards[seat] = plain

    def print_choices(self, choices: list[dict]) -> None:
        out = self.out
        out.print(out.t("cli.play.choices"))
        width = len(str(len(choices)))
        for i, a in enumerate(choices, 1):
            out.print(f"  {i:>{width}}. {a['text']}  ", end="")
            out.print(f"[{a['id']}]", style="dim")

    def answer(self, seat: int, choices: list[dict]) -> bool:
        """One line typed at a decision: a command (False: ask again) or an action (True: played)."""
        answer = self.ask(self.out.t("cli.play.prompt")).strip()
        word, _, rest = answer.lower().partition(" ")
        if not answer:
            return False
        if word in ("q", "quit", "exit"):
            raise _Quit
        command = _COMMANDS.get(word)
        if command is not None:
            getattr(self, command)(seat, rest.strip())
            return False
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            self.game.apply(choices[int(answer) - 1]["id"])
            return True
        return self.try_action(answer, len(choices))

    def try_action(self, answer: str, count: int) -> bool:
        out = self.out
        try:
            self.game.apply(answer)
            return True
        except IllegalAction:
            out.print(out.t("cli.play.bad_choice", answer=answer, count=count))
            why = self.game.rules.why_not(self.game.state, answer, out.lang)
            if why:
                out.print("  " + why)
            return False

    def ask(self, prompt: str) -> str:
        return _ask(prompt, self.out, on_eof=_Quit)

    # the commands at a decision (`help` lists them)
    def show_help(self, seat: int, arg: str) -> None:
        out = self.out
        has_map = type(self.game.rules).render_map is not Ruleset.render_map
        for key in _HELP_LINES:
            if key != "cli.play.help.map" or has_map:
                out.print("  " + out.t(key))

    def show_board(self, seat: int, arg: str) -> None:
        self.print_board(seat, self.game.view(seat, self.out.lang), again=True)

    def show_map(self, seat: int, arg: str) -> None:
        picture = self.game.rules.render_map(self.game.view(seat, self.out.lang), self.out.lang)
        if picture is None:
            self.show_board(seat, arg)
        else:
            self.out.print(picture)

    def show_rule(self, seat: int, arg: str) -> None:
        out = self.out
        rid = arg.upper()
        text = self.game.rules.rule_text(rid, out.lang) if rid else None
        out.print(f"{rid}: {text}" if text else out.t("cli.play.no_rule", rule=arg or "-"))

    def explain(self, seat: int, arg: str = "") -> None:
        """`why`: the last events a line each, with the rules behind them, then the options one might
        expect that the game does not offer, and why."""
        out = self.out
        events = self.last_batch.get(seat) or self.game.view(seat, out.lang)["log"][-1:]
        if not events:
            out.print(out.t("cli.play.why_none"))
        for e in events:
            out.print("· " + e["text"] + "".join(f" — {rid}: {self.rule_line(rid)}" for rid in e["rules"]))
        for line in self.game.why_missing(out.lang):
            out.print("· " + line, style="bold")

    def rule_line(self, rid: str) -> str:
        return self.game.rules.rule_text(rid, self.out.lang) or self.out.t("cli.play.no_rule_text")

    def finish(self) -> None:
        g, out = self.game, self.out
        out.print()
        out.print(out.t("game_over"), style="bold")
        self.print_final()
        if self.save_path:
            _write_save(self.save_path, g, out)

    def print_final(self) -> None:
        g, out = self.game, self.out
        out.print(out.t("cli.play.final"))
        for s, p in enumerate(g.scores):
            out.print("  " + out.t("cli.play.score_item", seat=out.seat(s), points=p))
        if g.winners:
            sep = self.gtext("list.sep", ", ")
            out.print(out.t("winners", seats=sep.join(out.seat(s) for s in g.winners)), style="bold")
        elif g.rules.everyone_lost(g.state):
            out.print(out.t("everyone_lost"), style="bold")

    def quit(self) -> None:
        out = self.out
        out.print(out.t("cli.play.quit"))
        out.print(self.scores_line(self.game.scores))
        if self.save_path:
            _write_save(self.save_path, self.game, out)
            return
        while True:
            try:
                name = _ask(out.t("cli.play.save_prompt"), out).strip()
            except (EOFError, KeyboardInterrupt):
                return
            if not name:
                return
            try:
                _write_save(name, self.game, out)
                return
            except OSError as exc:
                _err_line(out.t("cli.err.save_write", path=name, reason=_reason(exc)))


def _ask(prompt: str, out: _Out, on_eof=None) -> str:
    """A line from stdin (echoed when stdin is not a terminal, so transcripts read well)."""
    try:
        answer = input(prompt)
    except EOFError:
        out.print()
        if on_eof is not None:
            raise on_eof from None
        raise
    if not sys.stdin.isatty():
        out.print(answer)
    return answer


def _reason(exc: BaseException) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def _write_save(path: str, game, out: _Out) -> None:
    text = json.dumps(game.save(), ensure_ascii=False) + "\n"
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _Fail(out.t("cli.err.save_write", path=path, reason=_reason(exc))) from None
    out.print(out.t("cli.play.saved", path=path))


def _check_save_path(path: str, out: _Out) -> None:
    """Before a game starts: --save names a file in an existing folder."""
    if Path(path).is_dir():
        raise _Fail(out.t("cli.err.save_is_dir", path=path))
    folder = Path(path).parent
    if not folder.is_dir():
        raise _Fail(out.t("cli.err.save_dir", path=path, folder=folder))


@app.command("play", help=_h("play"))
def play_cmd(
    game: str = typer.Argument(..., help=_h("game")),
    players: int | None = typer.Option(None, "--players", "-p", help=_h("players")),
    seats: str | None = typer.Option(None, "--seats", help=_h("seats")),
    seed: int | None = typer.Option(None, "--seed", help=_h("seed")),
    option: list[str] = typer.Option([], "--option", "-o", help=_h("option")),
    save: str | None = typer.Option(None, "--save", help=_h("save")),
    lang: str = _lang_option(),
) -> None:
    with _guard(lang):
        check_lang(lang)
        out = _Out(lang)
        rules = ruleset(game)
        seat_specs = _split_seats(seats) if seats is not None else None
        if players is None:
            players = len(seat_specs) if seat_specs else rules.min_players
        options = _configure(rules, players, _parse_options(rules, option, lang))  # before any list per seat
        if seat_specs is None:
            seat_specs = [HUMAN] + ["random"] * (players - 1)
        if len(seat_specs) != players:
            raise _Fail(out.t("cli.err.seats_count", seats=len(seat_specs), players=players))
        if seed is None:
            seed = secrets.randbelow(2 ** 31)
        agents: dict = {}
        for s, spec in enumerate(seat_specs):
            if not spec:
                raise _Fail(out.t("cli.err.seat_empty", spec=seats))
            if spec == HUMAN:
                agents[s] = None
                continue
            try:
                agents[s] = make_agent(spec, seed=_bot_seed(seed, s))
            except ConfigError as exc:
                raise _Fail(out.t("cli.err.seat_spec", seat=s, spec=spec, message=exc.text(out.lang))) from None
        if save:
            _check_save_path(save, out)
        g = new_game(game, players, seed, options)
        title = rules.catalogue.text("game.title", lang) if rules.catalogue.has("game.title") else game
        out.print(out.t("cli.play.start", game=title, players=players, seed=seed), style="bold")
        _print_options(out, rules, g.options)
        for s, spec in enumerate(seat_specs):
            who = out.t("cli.play.human") if spec == HUMAN else out.t("cli.play.bot", spec=spec)
            out.print("  " + out.t("cli.play.seat_line", seat=out.seat(s), who=who))
        session = _Session(g, seat_specs, agents, out, save)
        try:
            session.run()
        except (_Quit, KeyboardInterrupt):
            session.quit()


# ---- replay -----------------------------------------------------------------------------------
def _read_save(path: str, lang: str):
    cat = core_catalogue()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _Fail(cat.text("cli.err.save_read", lang, path=path, reason=_reason(exc))) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise _Fail(cat.text("cli.err.save_json", lang, path=path, reason=exc)) from None
    except RecursionError:
        raise _Fail(cat.text("cli.err.save_nested", lang, path=path)) from None
    try:
        return data, load(data)
    except BoardlabError as exc:
        raise _Fail(cat.text("cli.err.save_bad", lang, path=path, reason=exc.text(lang))) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # a malformed save that the core does not catch itself
        raise _Fail(cat.text("cli.err.save_bad", lang, path=path, reason=f"{type(exc).__name__}: {exc}")) from None


@app.command("replay", help=_h("replay"))
def replay_cmd(
    file: str = typer.Argument(..., help=_h("file")),
    step: bool = typer.Option(False, "--step", help=_h("step")),
    seat: int | None = typer.Option(None, "--seat", help=_h("seat")),
    lang: str = _lang_option(),
) -> None:
    with _guard(lang):
        check_lang(lang)
        out = _Out(lang)
        _, saved = _read_save(file, lang)
        saved.view(seat, lang)  # checks the seat
        rules = saved.rules
        title = rules.catalogue.text("game.title", lang) if rules.catalogue.has("game.title") else rules.name
        out.print(out.t("cli.play.start", game=title, players=saved.players, seed=saved.seed), style="bold")
        _print_options(out, rules, saved.options)
        session = _Session(saved, [], {}, out, None)
        if not step:
            session.print_events(session.new_events(seat))
        else:
            game = new_game(rules.name, saved.players, saved.seed, saved.options)
            session.game = game
            session.print_events(session.new_events(seat))
            log = saved.log
            waiting = True
            for n, (who, action) in enumerate(log, 1):
                out.print(_replay_step(game, n, len(log), who, action, seat, out), style="bold")
                game.apply(action)
                session.print_events(session.new_events(seat))
                if waiting and n < len(log):
                    try:
                        answer = _ask(out.t("cli.replay.continue"), out)
                    except EOFError:
                        waiting = False  # no one to press Enter: show the rest
                        continue
                    if answer.strip().lower() in ("q", "quit"):
                        out.print(out.t("cli.replay.stopped", n=n, total=len(log)))
                        return
            session.game = saved
        out.print(out.t("cli.replay.actions", count=len(saved.log)))
        if saved.is_over:
            out.print(out.t("game_over"), style="bold")
            session.print_final()
        else:
            out.print(out.t("cli.replay.in_progress"))
            out.print(out.t("to_play", seat=out.seat(saved.to_play)))
            out.print(session.scores_line(saved.scores))


def _replay_step(game, n: int, total: int, who: int, action: str, seat: int | None, out: _Out) -> str:
    """A replay step's heading. Only the watching seat's own actions are named: another seat's
    may be a secret choice, known only through the events that reveal it (as in the web replay)."""
    if who != seat:
        return out.t("cli.replay.step_other", n=n, total=total, seat=out.seat(who))
    return out.t("cli.replay.step", n=n, total=total, seat=out.seat(who), action=game.describe_action(action, out.lang))


# ---- rules ------------------------------------------------------------------------------------
def _citations(ids, tests_dir: Path) -> dict[str, list[str]]:
    """id -> test files (relative paths) that mention it as a whole word."""
    cited: dict[str, list[str]] = {i: [] for i in ids}
    if not ids:
        return cited
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                         + r")(?![\w-])")
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for rid in sorted(set(pattern.findall(text))):
            cited[rid].append(path.as_posix())
    return cited


@app.command("rules", help=_h("rules"))
def rules_cmd(
    game: str = typer.Argument(..., help=_h("game")),
    missing: bool = typer.Option(False, "--missing", help=_h("missing")),
    lang: str = _lang_option(),
) -> None:
    with _guard(lang):
        check_lang(lang)
        out = _Out(lang)
        rules = ruleset(game)
        entries = rules.rule_texts()
        tests_dir = Path("tests")
        has_tests = tests_dir.is_dir()
        cited = _citations(list(entries), tests_dir) if has_tests else {i: [] for i in entries}
        testable = [i for i, e in entries.items() if e.get("testable", True)]
        uncited = [i for i in testable if not cited[i]]
        files = sorted({e["file"] for e in entries.values()})
        out.print(out.t("cli.rules.header", game=game, count=len(entries),
                        catalogues=", ".join(files)), style="bold")
        if not has_tests:
            out.print(out.t("cli.rules.no_tests_dir", path=Path.cwd()))
        shown = uncited if missing else list(entries)
        if missing:
            out.print(out.t("cli.rules.missing_header") if uncited else out.t("cli.rules.none_missing"))
        for rid in shown:
            e = entries[rid]
            text = rules.rule_text(rid, lang) or ""
            out.print()
            kind = e.get("kind")
            if kind is not None and out.cat.has(f"cli.rules.kind.{kind}"):
                kind = out.t(f"cli.rules.kind.{kind}")
            label = rid if kind is None else f"{rid} ({kind})"
            out.print(label, style="bold")
            out.print("  " + " ".join(str(text).split()))
            if not e.get("testable", True):
                out.print("  " + out.t("cli.rules.not_testable"), style="dim")
            elif has_tests:
                files = cited[rid]
                out.print("  " + (out.t("cli.rules.tests", files=", ".join(files)) if files
                                  else out.t("cli.rules.no_tests")), style=None if files else "yellow")
        out.print()
        out.print(out.t("cli.rules.summary", count=len(entries), testable=len(testable),
                        cited=sum(1 for i in entries if cited[i]), missing=len(uncited)))


# ---- sim and report -----------------------------------------------------------------------------
def _cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


@app.command("sim", help=_h("sim"))
def sim_cmd(
    game: str = typer.Argument(..., help=_h("game")),
    n: int = typer.Option(100, "--games", "-n", help=_h("sim_games")),
    players: int | None = typer.Option(None, "--players", "-p", help=_h("sim_players")),
    agents: str | None = typer.Option(None, "--agents", "-a", help=_h("agents")),
    option: list[str] = typer.Option([], "--option", "-o", help=_h("option")),
    workers: int | None = typer.Option(None, "--workers", "-w", help=_h("workers"), show_default=False),
    backend: str = typer.Option("local", "--backend", help=_h("backend")),
    ray_address: str | None = typer.Option(None, "--ray-address", help=_h("ray_address")),
    seed: int = typer.Option(0, "--seed", help=_h("sim_seed")),
    out: str = typer.Option(..., "--out", help=_h("sim_out")),
    rotate: bool = typer.Option(False, "--rotate", help=_h("rotate")),
    progress: bool = typer.Option(True, "--progress/--no-progress", help=_h("progress")),
    lang: str = _lang_option(),
) -> None:
    with _guard(lang):
        check_lang(lang)
        o = _Out(lang)
        rules = ruleset(game)
        specs = _split_seats(agents) if agents is not None else None
        if players is None:
            players = len(specs) if specs else rules.min_players
        options = _configure(rules, players, _parse_options(rules, option, lang))
        workers = _cpus() if workers is None else workers

        def start(spec, done: int) -> None:
            o.print(o.t("cli.sim.start", game=game, n=n, players=players, seed=seed, workers=workers,
                        backend=backend), style="bold")
            _print_options(o, rules, spec.options)
            o.print(o.t("cli.sim.rotating" if rotate else "cli.sim.seats", agents=", ".join(
                f"{s}={a}" for s, a in enumerate(spec.agents))))
            if done:
                o.print(o.t("cli.sim.resume", path=out, done=done, n=n))
            counts["before"] = done

        counts: dict = {}
        _settle_heap()  # the game's tables are loaded: set aside before the workers fork
        started = time.perf_counter()
        try:
            sim.run(game, n, players, specs, options, seed, workers, backend, out, ray_address=ray_address,
                    rotate=rotate, progress=progress, lang=lang, on_start=start, keep=False)
        except KeyboardInterrupt:
            _err_line(o.t("cli.sim.interrupted", path=out))
            raise typer.Exit(130) from None
        seconds = time.perf_counter() - started
        o.print(o.t("cli.sim.done", n=n, path=out, new=n - counts.get("before", 0), seconds=f"{seconds:.1f}"))
        if n:  # the table from the file, a record at a time (memory stays flat however long the run)
            _print_agent_table(o, sim.each_result(out, n))


def _print_agent_table(o: _Out, records) -> None:
    from .report import Tally, win_shares

    tally = Tally()
    for r in records:
        for s, share in enumerate(win_shares(r)):
            tally.add(r["agents"][s], share, r["scores"][s])
    table = Table(title=o.t("cli.sim.table"))
    for key in ("agent", "seats", "wins", "rate", "score"):
        table.add_column(o.t(f"cli.sim.col.{key}"), justify="left" if key == "agent" else "right")
    for row in tally.rows():
        table.add_row(str(row["key"]), str(row["games"]), f"{row['wins']:g}" if float(row["wins"]).is_integer()
                      else f"{row['wins']:.2f}", f"{100 * row['rate']:.1f}% ({100 * row['lo']:.1f}-{100 * row['hi']:.1f})",
                      f"{row['mean_score']:.1f}")
    o.print(table)


@app.command("report", help=_h("report"))
def report_cmd(
    results: str = typer.Argument(..., help=_h("results")),
    out: str = typer.Option("report", "--out", help=_h("report_out")),
    lang: str = _lang_option(),
) -> None:
    with _guard(lang):
        check_lang(lang)
        o = _Out(lang)
        from . import report

        built = report.build(results, out, lang)
        o.print(o.t("cli.report.written", path=built.index, games=built.games, plots=len(built.plots)))


# ---- serve ------------------------------------------------------------------------------------
DEFAULT_DB = "sqlite:///boardlab.sqlite"


@app.command("serve", help=_h("serve"))
def serve_cmd(
    host: str = typer.Option("127.0.0.1", "--host", help=_h("host")),
    port: int = typer.Option(8000, "--port", help=_h("port")),
    db: str = typer.Option(DEFAULT_DB, "--db", envvar="BOARDLAB_DB", help=_h("db")),
    create_limit: str = typer.Option("20/60", "--create-limit", help=_h("create_limit")),
    ws_deflate: bool = typer.Option(False, "--ws-deflate/--no-ws-deflate", help=_h("ws_deflate")),
    access_log: bool = typer.Option(False, "--access-log/--no-access-log", help=_h("access_log")),
    lang: str = _lang_option(),
) -> None:
    with _guard(lang):
        check_lang(lang)
        out = _Out(lang)
        if not 0 < port < 65536:
            raise _Fail(out.t("cli.serve.bad_port", port=port))
        limit = _create_limit(create_limit, out)
        try:
            import uvicorn
            from sqlalchemy.exc import ArgumentError, SQLAlchemyError

            from .server.app import MAX_BODY, create_app, hide_tokens_in_logs, log_to_stderr
            from .server.store import Store, display_url
        except ImportError as exc:
            raise _Fail(out.t("cli.serve.no_web", reason=exc)) from None
        try:
            store = Store(db)
            shown = display_url(store.url)
        except (ArgumentError, ImportError, ValueError) as exc:
            raise _Fail(out.t("cli.serve.db", db=db, reason=exc)) from None
        try:
            store.migrate()  # again at startup (a no-op then); here a bad database is one line, exit 2
        except (SQLAlchemyError, OSError) as exc:
            reason = getattr(exc, "orig", None) or exc
            raise _Fail(out.t("cli.serve.db", db=shown, reason=" ".join(str(reason).split()))) from None
        sock = _listen(host, port, out)
        out.print(out.t("cli.serve.start", host=host, port=sock.getsockname()[1], db=shown))
        config = uvicorn.Config(create_app(store=store, bot_processes=True, create_limit=limit), log_level="info", ws="websockets-sansio", lifespan="on",
                                ws_max_size=MAX_BODY, ws_per_message_deflate=ws_deflate, access_log=access_log)
        hide_tokens_in_logs()  # after uvicorn set up its loggers: seat tokens travel in ?token=
        log_to_stderr()
        config.load()  # the protocols imported now, so that settling the heap sets them aside too
        _settle_heap()
        server = uvicorn.Server(config)
        server.run(sockets=[sock])


def _create_limit(text: str, out: _Out) -> tuple[int, float]:
    """--create-limit GAMES/SECONDS: new games a client address may create in any SECONDS."""
    games, _, seconds = text.partition("/")
    try:
        limit = (int(games), float(seconds))
    except ValueError:
        raise _Fail(out.t("cli.serve.bad_limit", limit=text[:40])) from None
    if limit[0] < 1 or not 0 < limit[1] < float("inf"):
        raise _Fail(out.t("cli.serve.bad_limit", limit=text[:40]))
    return limit


def _listen(host: str, port: int, out: _Out):
    """The listening socket, bound here so a busy port is one line and exit 2."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
        sock.set_inheritable(True)
        return sock
    except OSError as exc:
        raise _Fail(out.t("cli.serve.bind", host=host, port=port, reason=_reason(exc))) from None


_OWN_PROCESS = False


def _settle_heap() -> None:
    if _OWN_PROCESS:
        settle_heap()


def main() -> None:
    """Console script entry point (`boardlab`): this process is the command's own, so a long command may
    settle its heap (`heap.py`); the app invoked inside another program (tests) leaves that program's collector alone."""
    global _OWN_PROCESS
    _OWN_PROCESS = True
    app()


if __name__ == "__main__":
    main()
