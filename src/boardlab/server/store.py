"""The games table: one row per game, written before any change is acknowledged.

A row keeps what is needed to rebuild the game exactly (config, seed, log) plus a snapshot
of the state and its hash, so a restart restores a game without replaying it (the snapshot is
trusted because this program wrote it; the hash is still checked by `load`). SQLite by
default, PostgreSQL by URL; the schema is created and upgraded by the alembic migrations in
`migrations/` (run at startup).

Concurrency: every update names the revision it replaces (`WHERE revision = :expected`), so
two writers can never both think they changed the same game.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path

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
        self.engine = sa.create_engine(self.url, **kwargs)
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

    def get(self, game_id: str) -> dict | None:
        with self.engine.connect() as conn:
            found = conn.execute(sa.select(games).where(games.c.id == game_id)).mappings().first()
        return None if found is None else dict(found)

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

    def update(self, game_id: str, expected_revision: int, **fields) -> bool:
        """Write `fields` if the row is still at `expected_revision`; False if it was not."""
        fields.setdefault("updated", now())
        query = (games.update().where(games.c.id == game_id, games.c.revision == expected_revision)
                 .values(**fields))
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount == 1


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
    cur.execute("PRAGMA synchronous=FULL")  # a commit is on disk before it returns
    cur.close()
