"""One row per action: a move appends a row to `actions` instead of rewriting the game's whole log
and snapshot (those are written every `store.SNAPSHOT_EVERY` actions). Rows written before keep
their whole log in `games.log` and have no action rows.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: Union[str, Sequence[str], None] = "0003"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
    )


def downgrade() -> None:
    # a row's snapshot follows its `log` only: action rows after it cannot be dropped without losing moves
    conn = op.get_bind()
    acts = sa.table("actions", sa.column("game_id", sa.String))
    if conn.execute(sa.select(sa.func.count()).select_from(acts)).scalar_one():
        raise RuntimeError("games have actions after their snapshot: downgrading would lose them")
    op.drop_table("actions")
