"""The games table (one row per game) and the actions table (one row per action since the game's
last snapshot), written before any change is acknowledged.

A game's row keeps what is needed to rebuild it exactly (config, seed, log) plus a snapshot of
the state after its `log` and the snapshot's hash; the actions played since are rows of
`actions` (n > len(log)). A move appends one action row and updates the row's small fields; every
`SNAPSHOT_EVERY` actions (and on an undo) the whole log and a new snapshot are
written and the action rows dropped. A restart restores the snapshot (trusted because this
program wrote it; the hash is still checked by `load`) and replays the few actions after it.
SQLite by default, PostgreSQL by URL; the schema is created and upgraded by the alembic
migrations in `migrations/` (run at startup).

Concurrency: every update names the revision it replaces (`WHERE revision = :expected`), so
two writers can never both think they changed the same game. `write_many` commits several
games' updates in one transaction (the server's group commit: one disk flush for many moves; on
PostgreSQL the games writing the same columns in one multi-row UPDATE); on PostgreSQL each committed
change also notifies the channel `CHANNEL` (`game id:revision:process`),
so other server processes on the same database hear of it (LISTEN/NOTIFY; a transaction's notices
go in one payload, `;`-separated).
"""
from __future__ import annotations

import datetime as dt
import json
import secrets
from pathlib import Path

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import make_url

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(100), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),  # 0 when seed_text holds it
    sa.Column("seed_text", sa.String(200), nullable=True),  # a seed too big for `seed` (server-drawn), decimal
    sa.Column("seed_kind", sa.String(16), nullable=False, server_default="legacy"),  # drawn | chosen | legacy
    # [{"kind": "human", "token_sha256": hex, "taken": bool} | {"kind": "bot", "agent": spec}]
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("log", sa.JSON, nullable=False),  # [[seat, action id], ...]
    sa.Column("snapshot", sa.JSON, nullable=False),  # codec.encode(state)
    sa.Column("state_hash", sa.String(64), nullable=False),
    # the save format of snapshot and state_hash (core.game.SAVE_VERSION when written; rows of an older
    # format are restored by replaying their log)
    sa.Column("save_version", sa.Integer, nullable=False, server_default="1"),
    sa.Column("version", sa.Integer, nullable=False),  # len(log)
    sa.Column("revision", sa.Integer, nullable=False),  # +1 on every change of the row
    sa.Column("status", sa.String(16), nullable=False),  # open | running | finished
    sa.Column("to_play", sa.Integer, nullable=True),
    sa.Column("undo", sa.JSON, nullable=True),  # {"request": ..., "last": ...}
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_games_status", games.c.status)

actions = sa.Table(
    "actions", metadata,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),  # 1-based: the game's n-th action
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
)
CHANNEL = "boardlab_games"  # PostgreSQL NOTIFY channel: "<game id>:<revision>:<process>" after each committed change
SNAPSHOT_EVERY = 128  # actions between two snapshots of a game's state (loading a game replays at most this many)

COLUMNS = [c.name for c in games.columns]
SUMMARY = ["id", "game", "players", "options", "seats", "version", "status", "to_play", "created", "updated",
           "seed_kind"]
MIGRATIONS = Path(__file__).with_name("migrations")
DEFAULT_URL = "sqlite:///boardlab.sqlite"


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def as_url(db: str) -> str:
    """A database URL, or a plain file path (`games.sqlite`, `/var/lib/x.db`) taken as a SQLite file."""
    if "://" in db:
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())


def normalize_url(url: str) -> str:
    """PostgreSQL URLs use the psycopg (3) driver unless one is named; a plain path is a SQLite file."""
    u = make_url(as_url(url))
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u.render_as_string(hide_password=False)


def display_url(url: str) -> str:
    return make_url(as_url(url)).render_as_string(hide_password=True)


def _json_text(value) -> str:
    """The JSON columns' text: orjson writes a snapshot in a fraction of the standard library's time; what it
    refuses (an integer beyond 64 bits) is written by the standard library. Read back with the standard library
    (orjson would read such an integer as a float)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


class Store:
    def __init__(self, url: str = DEFAULT_URL):
        self.url = normalize_url(url)
        u = make_url(self.url)
        self.is_sqlite = u.get_backend_name() == "sqlite"
        kwargs: dict = {"future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine = sa.create_engine(self.url, json_serializer=_json_text, **kwargs)
        self.origin = secrets.token_hex(4)  # this process's mark in its notices (relay.py)
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)

    # schema ------------------------------------------------------------------------------
    def migrate(self) -> None:
        """`alembic upgrade head`, programmatically, on this store's engine."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def revision(self) -> str | None:
        from alembic.runtime.migration import MigrationContext
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def dispose(self) -> None:
        self.engine.dispose()

    # rows --------------------------------------------------------------------------------
    def insert(self, row: dict) -> None:
        with self.engine.begin() as conn:
            conn.execute(games.insert().values(**row))
            self._notify(conn, [self._notice(row["id"], row["revision"])])

    def get(self, game_id: str) -> dict | None:
        """The game's row with `log` its whole log (the snapshot's log, then the action rows after it) and
        `snapshot_at` the number of actions the snapshot follows; both read in one consistent transaction."""
        with self.engine.connect() as conn:
            if not self.is_sqlite:
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                found = conn.execute(sa.select(games).where(games.c.id == game_id)).mappings().first()
                if found is None:
                    return None
                row = dict(found)
                tail = conn.execute(sa.select(actions.c.seat, actions.c.action)
                                    .where(actions.c.game_id == game_id, actions.c.n > len(row["log"]))
                                    .order_by(actions.c.n)).all()
        row["snapshot_at"] = len(row["log"])
        row["log"] = list(row["log"]) + [[seat, action] for seat, action in tail]
        return row

    def game_revision(self, game_id: str) -> int | None:
        """The revision the game's row is at (None: no such game)."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(games.c.revision).where(games.c.id == game_id)).scalar_one_or_none()

    def summaries(self, statuses: tuple[str, ...] = ("open", "running"), offset: int = 0,
                  limit: int | None = None) -> list[dict]:
        cols = [games.c[n] for n in SUMMARY]
        query = (sa.select(*cols).where(games.c.status.in_(statuses)).order_by(games.c.created, games.c.id)
                 .offset(offset).limit(limit))
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings()]

    def count(self, statuses: tuple[str, ...] = ("open", "running")) -> int:
        query = sa.select(sa.func.count()).select_from(games).where(games.c.status.in_(statuses))
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def update(self, game_id: str, expected_revision: int, append: tuple[int, int, str] | None = None,
               **fields) -> bool:
        """Write `fields` if the row is still at `expected_revision`; False if it was not. `append`:
        (n, seat, action), the action row of a move; a `log` in `fields` is a whole new log (with its
        snapshot), and the game's action rows go."""
        return self.write_many([(game_id, expected_revision, append, fields)])[0]

    def write_many(self, updates: list[tuple[str, int, tuple[int, int, str] | None, dict]]) -> list[bool]:
        """`update` for several games in one transaction (one commit, one disk flush); each one is
        applied only if its row is at its expected revision."""
        later = _Later()
        updates = [(game_id, expected, append, {"updated": now(), **fields})
                   for game_id, expected, append, fields in updates]
        groups = None if self.is_sqlite or len({u[0] for u in updates}) < len(updates) else _groups(updates)
        if groups is not None and len(groups) == 1 and () not in groups and len(updates) <= ROWS_TOGETHER:
            with self.engine.connect() as conn:  # one statement, its own transaction: no BEGIN and COMMIT round trips
                return self._update_together(conn.execution_options(isolation_level="AUTOCOMMIT"), updates, groups,
                                             later)
        with self.engine.begin() as conn:
            if groups is not None:
                done = self._update_together(conn, updates, groups, later)
            else:  # in order (a game written twice), row by row
                done = [self._update(conn, *u, later) for u in updates]
            later.add_actions(conn)
            self._notify(conn, later.notices)
        return done

    def _update(self, conn, game_id: str, expected_revision: int, append, fields: dict, later: "_Later") -> bool:
        params = {f"new_{k}": v for k, v in fields.items()}
        params.update(match_id=game_id, match_revision=expected_revision)
        if conn.execute(_row_update(tuple(sorted(fields))), params).rowcount != 1:
            return False
        if "log" in fields:
            later.add_actions(conn)  # any of this game's rows waiting go first: the log rewritten drops them
            conn.execute(DROP_ACTIONS, {"match_id": game_id})
        if append is not None:  # the move's row and notice wait for the transaction's end (`_Later`)
            n, seat, action = append
            later.actions.append({"game_id": game_id, "n": n, "seat": seat, "action": action})
        if "revision" in fields:
            later.notices.append(self._notice(game_id, fields["revision"]))
        return True

    def _update_together(self, conn, updates: list[tuple], groups: dict[tuple[str, ...], list[int]],
                         later: "_Later") -> list[bool]:
        """`_update` of several games (each once) on PostgreSQL: those writing the same columns, the revision
        among them, in one statement with their action rows and notices (`_rows_write`: a round trip for the
        lot instead of three a game); a log rewrite, or a write without a revision, alone."""
        done = [False] * len(updates)
        for columns, members in groups.items():
            if not columns:
                for i in members:
                    done[i] = self._update(conn, *updates[i], later)
                continue
            for chunk in (members[k:k + ROWS_TOGETHER] for k in range(0, len(members), ROWS_TOGETHER)):
                params: dict = {"channel": CHANNEL, "origin": self.origin}
                for j, i in enumerate(chunk):
                    game_id, expected, append, fields = updates[i]
                    n, seat, action = append if append is not None else (None, None, None)
                    params.update({f"match_id_{j}": game_id, f"match_revision_{j}": expected, f"act_n_{j}": n,
                                   f"act_seat_{j}": seat, f"act_action_{j}": action})
                    params.update({f"new_{c}_{j}": _json_text(fields[c]) if c in JSON_COLUMNS else fields[c]
                                   for c in columns})
                sql = _rows_write(columns, len(chunk), self.engine.dialect)
                matched = {game_id for game_id, _ in conn.exec_driver_sql(sql, params)}
                for i in chunk:
                    done[i] = updates[i][0] in matched
        return done

    def _notice(self, game_id: str, revision: int) -> str:
        return f"{game_id}:{revision}:{self.origin}"

    def _notify(self, conn, notices: list[str]) -> None:
        """Other server processes on this PostgreSQL database hear of the changes once they commit: the
        transaction's notices go together, `;`-separated, in as few NOTIFYs as their size allows (one statement
        per move cost a sixth of the server's time)."""
        if self.is_sqlite:
            return
        for payload in _payloads(notices):
            conn.execute(NOTIFY, {"channel": CHANNEL, "payload": payload})


class _Later:
    """What a transaction writes after its rows' updates: the moves' action rows (one statement for all of them)
    and the notices (one NOTIFY for as many as fit)."""

    def __init__(self) -> None:
        self.actions: list[dict] = []
        self.notices: list[str] = []

    def add_actions(self, conn) -> None:
        if self.actions:
            conn.execute(ADD_ACTION, self.actions)
            self.actions = []


NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")
NOTICE_BYTES = 7_000  # PostgreSQL refuses a payload of 8,000 bytes or more


def _payloads(notices: list[str]) -> list[str]:
    """The notices joined by `;` into payloads of at most NOTICE_BYTES (a notice is far shorter)."""
    out: list[str] = []
    for notice in notices:
        if out and len(out[-1]) + 1 + len(notice) <= NOTICE_BYTES:
            out[-1] += ";" + notice
        else:
            out.append(notice)
    return out


# Statements built once: SQLAlchemy compiles a statement object once and caches it by the object's key,
# but building `update().where().values()` anew for every move cost more than running it.
DROP_ACTIONS = actions.delete().where(actions.c.game_id == sa.bindparam("match_id"))
ADD_ACTION = actions.insert()
_ROW_UPDATES: dict[tuple[str, ...], sa.Update] = {}


def _row_update(columns: tuple[str, ...]) -> sa.Update:
    """UPDATE games SET the columns WHERE id and revision match (`new_<column>`, `match_id`, `match_revision`)."""
    query = _ROW_UPDATES.get(columns)
    if query is None:
        query = _ROW_UPDATES[columns] = (
            games.update()
            .where(games.c.id == sa.bindparam("match_id"), games.c.revision == sa.bindparam("match_revision"))
            .values({games.c[c]: sa.bindparam(f"new_{c}", type_=games.c[c].type) for c in columns}))
    return query


ROWS_TOGETHER = 64  # rows of one multi-row write at most (their notices fit one payload: under 40 bytes each)
JSON_COLUMNS = frozenset(c.name for c in games.columns if isinstance(c.type, sa.JSON))
_ROWS_WRITES: dict[tuple[tuple[str, ...], int], str] = {}


def _groups(updates: list[tuple]) -> dict[tuple[str, ...], list[int]]:
    """The updates' indices by the columns they write, for those written together (a revision among them, no
    log); the others under () (written alone)."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, (_, _, _, fields) in enumerate(updates):
        alone = "log" in fields or "revision" not in fields
        groups.setdefault(() if alone else tuple(sorted(fields)), []).append(i)
    return groups


def _rows_write(columns: tuple[str, ...], count: int, dialect) -> str:
    """One statement for `count` games' moves on PostgreSQL: UPDATE games SET the columns FROM (VALUES one row
    a game) WHERE id and revision match, then the action rows of the games updated (an `act_n` of NULL: none),
    then one NOTIFY of their notices (`id:revision:origin`, `;`-separated; none if no game was updated); it
    returns the games updated. Parameters `match_id_<i>`, `match_revision_<i>`, `new_<column>_<i>`,
    `act_n_<i>`, `act_seat_<i>`, `act_action_<i>`, `channel`, `origin`. Written once per column set and
    count for the driver: SQLAlchemy would work out the cache key of its hundreds of parameters on every run;
    JSON values are passed as their text (`_json_text`)."""
    key = (columns, count)
    sql = _ROWS_WRITES.get(key)
    if sql is None:
        quote = dialect.identifier_preparer.quote
        types = [("match_id", games.c.id.type), ("match_revision", games.c.revision.type)]
        types += [(f"new_{c}", games.c[c].type) for c in columns]
        types += [("act_n", actions.c.n.type), ("act_seat", actions.c.seat.type), ("act_action", actions.c.action.type)]
        cast = {name: t.compile(dialect=dialect) for name, t in types}
        rows = ", ".join("(" + ", ".join(f"%({name}_{i})s::{cast[name]}" for name, _ in types) + ")" for i in range(count))
        sets = ", ".join(f"{quote(c)} = v.new_{c}" for c in columns)
        sql = _ROWS_WRITES[key] = (
            f"WITH v ({', '.join(name for name, _ in types)}) AS (VALUES {rows}), "
            f"u AS (UPDATE games SET {sets} FROM v WHERE games.id = v.match_id AND games.revision = v.match_revision "
            "RETURNING games.id, games.revision), "
            "a AS (INSERT INTO actions (game_id, n, seat, action) SELECT v.match_id, v.act_n, v.act_seat, v.act_action "
            "FROM v JOIN u ON u.id = v.match_id WHERE v.act_n IS NOT NULL), "
            "n AS (SELECT pg_notify(%(channel)s, string_agg(u.id || ':' || u.revision || ':' || %(origin)s, ';')) "
            "FROM u) "
            "SELECT u.id, (SELECT count(*) FROM n) FROM u")
    return sql


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
    cur.execute("PRAGMA synchronous=FULL")  # a commit is on disk before it returns
    cur.close()
