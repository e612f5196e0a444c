"""Caches that notice: a process that keeps a game, a server's settings or a player's
name learns when another process changes them, through PostgreSQL's notices, not at a
refused click; what a game of its own server owes after another process's action it
delivers should that process not (two services on one schema stand for two processes)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from bot.cluster.member import Member
from bot.cluster.shards import Shards
from bot.play import outbox as outbox_module
from bot.privacy.erasure import erase
from bot.service import Service
from bot.store import Store, make_engine, upgrade
from tests.cluster.test_link import until

pytestmark = pytest.mark.postgres

OURS, THEIRS = 2 << 22, 3 << 22  # servers on shard 0 and shard 1 of 2


@asynccontextmanager
async def process(url: str, shard: int) -> AsyncIterator[Service]:
    """A service as a process of shard ``shard`` of 2 keeps it: notices reach its caches."""
    engine = make_engine(url)
    service = Service(Store(engine))
    member = Member(Shards(2, (shard,)), engine)
    connected = asyncio.Event()

    def linked() -> None:
        service.resync(member.owns)
        connected.set()

    member.start(lambda n: service.noticed(n, member.owns), lambda r, h: None, linked)
    await asyncio.wait_for(connected.wait(), 10)
    try:
        yield service
    finally:
        await member.close()
        engine.dispose()


@pytest.fixture
def url(pg_url: str) -> str:
    upgrade(make_engine(pg_url))
    return pg_url


async def v6(service: Service, guild: int) -> int:
    outcome = await service.create("verflixte6", ["1", "2"], {"durchgaenge": 1}, guild_id=guild)
    return outcome.game_id


async def step(service: Service, game: int) -> int:
    """Whoever is to act plays on, as the game's absence rule would for him (a legal move
    whatever the dice did); returns the new version."""
    table = service.tables.get(game)
    player = service.tables.current(game).to_act[0]
    rule = service.games[table.row.kind].absence_action(
        table.state, table.row.players.index(player)
    )
    assert rule is not None
    return (await service.act(game, player, rule)).version


def version(service: Service, game: int) -> Callable[[], int]:
    return lambda: service.tables.get(game).row.version


async def test_a_game_moved_on_elsewhere_is_read_anew_without_a_click(url: str) -> None:
    async with process(url, 0) as here, process(url, 1) as there:
        game = await v6(here, OURS)
        seen = there.tables.get(game)  # the other process reads it (a DM's click, say)
        assert seen.row.version == 1
        await step(here, game)
        await step(here, game)
        await until(lambda: game not in {t.id for t in there.tables.loaded()})  # dropped
        assert version(there, game)() == 3  # read anew on use
        assert await step(there, game) == 4  # no refusal on the way
        await until(lambda: version(here, game)() == 4)  # and back: owned, read anew at once
        assert here.tables.get(game).state is not None


async def test_a_new_table_of_an_owned_server_is_loaded_where_the_server_is_owned(
    url: str,
) -> None:
    async with process(url, 0) as here, process(url, 1) as there:
        game = await v6(there, OURS)  # the clock's process opened it, say
        await until(lambda: game in {t.id for t in here.tables.loaded()})
        assert here.tables.live_tables(OURS)[0].game_id == game  # /tische lists it
        theirs = await v6(here, THEIRS)
        await until(lambda: theirs in {t.id for t in there.tables.loaded()})
        await step(here, game)  # the owner plays on: the opener's copy is dropped
        await until(lambda: game not in {t.id for t in there.tables.loaded()})


async def test_settings_and_names_changed_elsewhere_are_read_anew(url: str) -> None:
    async with process(url, 0) as here, process(url, 1) as there:
        assert there.directory.guild_locale(OURS) == "de"
        assert there.directory.croupier_role(OURS) is None  # now kept by ``there``
        assert there.directory.display_name("7") == "7"
        here.directory.set_guild_locale(OURS, "en")
        here.directory.set_croupier_role(OURS, 1234)
        here.directory.remember_reader("7", "Gustav", "fr")
        await until(lambda: there.directory.guild_locale(OURS) == "en")
        await until(lambda: there.directory.display_name("7") == "Gustav")
        assert there.directory.player_locale("7") == "fr"
        await until(lambda: there.directory.croupier_role(OURS) == 1234)


async def test_what_another_process_did_not_deliver_is_owed_where_the_server_is_owned(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox_module, "FOREIGN_GRACE", 0.5)
    monkeypatch.setattr(outbox_module, "GRACE_SECONDS", 0.2)
    async with process(url, 0) as owner, process(url, 1) as other:
        game = await v6(owner, OURS)
        owner.outbox.delivered(game, 1, durable=True)
        await step(other, game)  # and dies undelivered
        await until(lambda: owner.outbox.pending().get(game) == (1, 2))
        assert owner.outbox.foreign(game)
        assert owner.outbox.due_for(game) == []  # the other's, for its grace
        await asyncio.sleep(0.6)
        assert owner.outbox.due_for(game) == [2]
        owner.outbox.stored_mark(game, owner.store.announced(game))  # still undelivered
        assert not owner.outbox.foreign(game) and owner.outbox.due_for(game) == [2]

        await step(other, game)  # this one it delivers
        other.outbox.delivered(game, 2)
        other.outbox.delivered(game, 3, durable=True)
        await until(lambda: owner.outbox.pending().get(game) == (1, 3))
        await asyncio.sleep(0.6)
        owner.outbox.stored_mark(game, owner.store.announced(game))
        assert game not in owner.outbox.pending()  # delivered there: nothing owed here


async def test_a_process_that_missed_notices_reads_the_changed_tables_anew(url: str) -> None:
    async with process(url, 0) as here:
        game = await v6(here, OURS)
    async with process(url, 1) as there:
        await step(there, game)
    async with process(url, 0) as back:  # loaded at its start; the link resyncs too
        assert version(back, game)() == 2
    lagging = Service(Store(make_engine(url)))
    lagging.tables.load_open_games()
    async with process(url, 1) as there:
        await step(there, game)
    assert lagging.tables.loaded()[0].row.version == 2  # it heard nothing
    lagging.resync(lambda guild: True)
    assert lagging.tables.loaded()[0].row.version == 3
    assert lagging.outbox.pending()[game] == (2, 3)


async def test_a_name_erased_elsewhere_is_forgotten(url: str) -> None:
    """An erasure deletes a name's row; the other process, which keeps the name, forgets
    it (the erasure writes the row once before it goes: deletes carry no notice)."""
    async with process(url, 0) as here, process(url, 1) as there:
        assert there.directory.guild_locale(OURS) == "de"  # kept by ``there``
        here.directory.remember_reader("8", "Hilde", "de")
        here.directory.set_guild_locale(OURS, "fr")
        await until(lambda: there.directory.guild_locale(OURS) == "fr")  # notices in order:
        assert there.directory.display_name("8") == "Hilde"  # the name's came before; kept
        erase(here.store.engine, "8")
        await until(lambda: there.directory.display_name("8") == "8")
