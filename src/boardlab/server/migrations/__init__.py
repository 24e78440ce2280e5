"""Alembic migrations of the server's database (run by `Store.migrate` at startup).

A new migration: `alembic -c <an ini with script_location=src/boardlab/server/migrations> revision -m "..."`,
then write its upgrade/downgrade by hand against `store.games`."""
