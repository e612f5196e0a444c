"""Evenings that wait, with a check-in: a group whose evening is set waits (its table
paused, its clock stopped). At the evening its thread is woken and its players are pinged
with a "Bin dabei" button (the reminder DM carries one too); the table opens when the host
starts it (``/turnier starten``) or the wait the host set (``/turnier termin wartezeit:``,
15 minutes unless he says) after the evening began, and whoever has not
checked in by then is handled as the host chose: the absence rule plays for him, or he is
also out of the tournament (a substitute is seated before with ``/turnier ersetzen``). A
group without an evening plays at once, as before; cancelling an evening opens a waiting
table at once; a table someone already acted at is never paused for an evening set later.

The steps are the tournament's workflow (bot.play.tournaments); here they are announced.
"""

from __future__ import annotations

from datetime import datetime

from bot.service import Outcome
from bot.tournament.game import TournamentGame
from cogs.pipeline.session import TableSession
from cogs.table_bot import TableBot


async def wait_for_evening(session: TableSession, number: int) -> None:
    """After an evening was set (in the tournament's session): the group's table waits for
    it, if nobody has played yet."""
    tid = session.game_id
    await session.deliver_all(
        await session.run_all(lambda s: s.tournaments.wait_for_evening(tid, number))
    )


async def resume(session: TableSession, game_id: int, by: str) -> None:
    """Open a group's table that waits (paused for its evening), from the tournament's
    session."""
    await session.deliver_all(await session.run_all(lambda s: s.tournaments.resume(game_id, by)))


async def start(session: TableSession, number: int, handling: str, by: str) -> Outcome:
    """A waiting group starts (bot.play.tournaments.Tournaments.start_group), in the
    tournament's session, announced; the tournament after it. Raises IllegalAction (nothing
    changed) when it cannot start."""
    tid = session.game_id
    steps = await session.run_all(lambda s: s.tournaments.start_group(tid, number, handling, by))
    await session.deliver_all(steps)
    return steps[-1]


async def open_evenings(bot: TableBot, now: datetime) -> int:
    """At each waiting group's evening: its players called to check in; its wait later
    its table opens (the tournament cog's minute task calls this, tests too), each
    tournament in its session. Returns how many steps it took."""
    sessions, taken = bot.router.sessions, 0
    flow = sessions.service.tournaments
    for tid in sessions.service.tables.live_games(TournamentGame.kind):
        async with sessions(tid) as session:
            for step in await flow.open_evenings_of(tid, now):
                await session.deliver_all(step)
                taken += 1
    return taken
