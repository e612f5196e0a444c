"""guild_settings.web_key: the opaque key of a server's web pages (None: turned off)

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-04 05:00:00

A host turns the pages on with ``/web an`` (a new random key) and off with ``/web aus``
(none). The pages look a server up by its key: a unique index, which lets any number of
servers be off (NULL). The change notices (0016) already cover every column of
``guild_settings``: another process forgets the server's settings when its key changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("web_key", sa.String(), nullable=True))
        batch_op.create_index("ix_guild_settings_web_key", ["web_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_index("ix_guild_settings_web_key")
        batch_op.drop_column("web_key")
