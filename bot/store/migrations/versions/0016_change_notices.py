"""PostgreSQL tells every process when a game, a server's settings or a player's name
change: triggers that ``pg_notify`` the schema's channel (bot.cluster.notices reads them).
SQLite runs one process and gets none.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 09:40:00

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHANNEL = "'croupier_' || left(md5(current_schema()), 16)"
"""The channel of the schema's notices (a schema's name may be longer than a channel's)."""

CLOCK = (
    "clock_seconds", "clock_on_timeout", "clock_version", "clock_waiting", "clock_started",
    "clock_deadline", "clock_reminded", "clock_remaining", "clock_absent",
)  # fmt: skip


def _row(prefix: str) -> str:
    return "ROW(" + ", ".join(f"{prefix}.{name}::text" for name in CLOCK) + ")"


# A game: "game <id> <version> <status> <guild or -> <message or -> <flags>", flags being
# "v" (its version moved: an action, a new game), "m" (its message changed), "c" (its clock
# changed without an action). The announced mark and updated_at alone notify nobody.
GAME_FUNCTION = f"""
CREATE OR REPLACE FUNCTION croupier_game_notice() RETURNS trigger AS $$
DECLARE
    flags text := '';
BEGIN
    IF TG_OP = 'INSERT' OR NEW.version IS DISTINCT FROM OLD.version THEN
        flags := flags || 'v';
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.message_id IS DISTINCT FROM OLD.message_id THEN
        flags := flags || 'm';
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.version = OLD.version
            AND {_row("NEW")} IS DISTINCT FROM {_row("OLD")} THEN
        flags := flags || 'c';
    END IF;
    IF flags <> '' THEN
        PERFORM pg_notify({CHANNEL}, concat_ws(' ', 'game', NEW.id, NEW.version, NEW.status,
            coalesce(NEW.guild_id::text, '-'), coalesce(NEW.message_id::text, '-'), flags));
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""

KEYED_FUNCTION = f"""
CREATE OR REPLACE FUNCTION croupier_keyed_notice() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify({CHANNEL}, TG_ARGV[0] || ' ' || (to_jsonb(NEW) ->> TG_ARGV[1]));
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""

TRIGGERS = (
    ("games", "croupier_game_notice()"),
    ("guild_settings", "croupier_keyed_notice('guild', 'guild_id')"),
    ("player_names", "croupier_keyed_notice('player', 'user_id')"),
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(GAME_FUNCTION)
    op.execute(KEYED_FUNCTION)
    for table, call in TRIGGERS:
        op.execute(
            f"CREATE TRIGGER croupier_notice AFTER INSERT OR UPDATE ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION {call}"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, _ in TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS croupier_notice ON {table}")
    op.execute("DROP FUNCTION IF EXISTS croupier_game_notice()")
    op.execute("DROP FUNCTION IF EXISTS croupier_keyed_notice()")
