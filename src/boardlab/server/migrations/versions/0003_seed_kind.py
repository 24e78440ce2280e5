"""Server-drawn seeds: 256-bit secrets that do not fit the 64-bit `seed` column (kept in decimal in
`seed_text`), and how each game's seed came about (`seed_kind`: drawn, chosen, or legacy for rows
written before, whose 31-bit drawn seeds were guessable).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: Union[str, Sequence[str], None] = "0002"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seed_text", sa.String(200), nullable=True))
        batch.add_column(sa.Column("seed_kind", sa.String(16), nullable=False, server_default="legacy"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_kind")
        batch.drop_column("seed_text")
