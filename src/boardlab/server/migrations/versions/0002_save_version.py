"""The save format of each row: rows written before the module contract (format 1) are restored by
replaying their log; every write stores the current format.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: Union[str, Sequence[str], None] = "0001"
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("save_version", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("save_version")
