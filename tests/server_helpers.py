"""Helpers for the server tests: a TestClient on a temp SQLite file, waiting, and a real
PostgreSQL server started on loopback in a temp folder (Debian's postgresql package).

PostgreSQL: `make test` installs Debian's `postgresql` when it is missing. Outside CI the
PostgreSQL tests skip (with the reason) when no server can be started; in CI (CI=true) they
fail instead, so a missing database never passes for a green run.
"""
from __future__ import annotations

import glob
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest


HUMAN = {"kind": "human"}


def bot(agent: str = "random") -> dict:
    return {"kind": "bot", "agent": agent}


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def need_web():
    """The web extra; in CI it must be installed, elsewhere its tests skip without it."""
    if in_ci():
        import fastapi  # noqa: F401
        import httpx  # noqa: F401
        import sqlalchemy  # noqa: F401
        return
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    pytest.importorskip("sqlalchemy")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.02, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


# ---- PostgreSQL ---------------------------------------------------------------------------------
class PostgresUnavailable(Exception):
    pass


def _pg_bindir() -> Path:
    found = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if found:
        best = max(found, key=lambda p: [int(x) for x in re.findall(r"\d+", Path(p).parent.parent.name)] or [0])
        return Path(best).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise PostgresUnavailable("no initdb found (apt-get install postgresql)")


class PostgresServer:
    """A throwaway cluster: initdb in a temp folder, trust auth on 127.0.0.1:<free port>.
    As root, the server runs as the `postgres` user (PostgreSQL refuses to run as root)."""

    def __init__(self):
        self.bindir = _pg_bindir()
        self.folder = Path(tempfile.mkdtemp(prefix="boardlab-pg-"))
        self.data = self.folder / "data"
        self.logfile = self.folder / "server.log"
        self.port = free_port()
        self.user = "boardlab"
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            try:
                pg = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresUnavailable("running as root and there is no postgres user") from None
            runuser = shutil.which("runuser")
            if runuser is None:
                raise PostgresUnavailable("running as root and runuser is missing")
            os.chown(self.folder, pg.pw_uid, pg.pw_gid)
            self.prefix = [runuser, "-u", "postgres", "--"]
        self.started = False

    def _run(self, *args: str, timeout: float = 120) -> None:
        done = subprocess.run([*self.prefix, *args], capture_output=True, text=True, timeout=timeout,
                              cwd=self.folder)
        if done.returncode != 0:
            log = self.logfile.read_text(errors="replace")[-2000:] if self.logfile.exists() else ""
            raise PostgresUnavailable(f"{Path(args[0]).name} failed ({done.returncode}): "
                                      f"{(done.stderr or done.stdout).strip()[-1500:]} {log}")

    def start(self) -> "PostgresServer":
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self) -> None:
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust",
                  "-E", "UTF8", "--no-instructions")
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.folder} "
                   "-c fsync=on -c max_connections=50")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.logfile), "-o", options,
                  "-w", "-t", "60", "start")
        self.started = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        import psycopg

        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self.started:
            subprocess.run([*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast",
                            "-w", "stop"], capture_output=True, timeout=60, cwd=self.folder)
            self.started = False
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server():
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        if in_ci():
            pytest.fail(f"psycopg is needed for the PostgreSQL tests in CI: {exc}")
        pytest.skip(f"psycopg is not installed: {exc}")
    try:
        server = PostgresServer().start()
    except (PostgresUnavailable, OSError, subprocess.TimeoutExpired) as exc:
        if in_ci():
            pytest.fail(f"PostgreSQL must run in CI but could not be started: {exc}")
        pytest.skip(f"PostgreSQL cannot be started here: {exc}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """A fresh, empty database on the session's server."""
    name = postgres_server.create_database()
    yield postgres_server.url(name)
    postgres_server.drop_database(name)


class Server:
    """A real `boardlab serve` process on 127.0.0.1 (its output appended to `logfile`)."""

    def __init__(self, db: str, logfile, args: tuple[str, ...] = ()):
        import httpx

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, BOARDLAB_LANG="en")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "boardlab", "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", db,
             *args], stdout=logfile, stderr=subprocess.STDOUT, env=env)
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self.transport_error = httpx.TransportError
        wait_for(self._ready, timeout=60, interval=0.1, what="the server to start")

    def _ready(self) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"the server exited with {self.proc.returncode}")
        try:
            return self.http.get("/api/games").status_code == 200
        except self.transport_error:
            return False

    def view(self, gid, token=None) -> dict:
        r = self.http.get(f"/api/games/{gid}", params={"token": token} if token else None)
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, gid, token, action) -> dict:
        r = self.http.post(f"/api/games/{gid}/actions", json={"token": token, "action": action})
        assert r.status_code == 200, r.text
        return r.json()

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        assert self.proc.returncode == -signal.SIGKILL
        self.http.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)
        self.http.close()
