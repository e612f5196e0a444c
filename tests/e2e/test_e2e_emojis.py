"""The app's emojis at the bot's start against the loopback Discord: the set is uploaded
once, a restart uploads nothing, a changed drawing is replaced under its name, two starts at
once end with one emoji per name, a failure leaves the plain texts; and games played with the
emojis still keep every secret where it belongs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import emoji_images, emoji_set, emoji_sync
from bot.app import Croupier
from bot.config import Settings
from bot.games.dicedevils.render import cards as dd_cards
from bot.render import emojis
from bot.render.dice_emojis import die
from bot.store import default_sqlite_url
from loopback import FakeDiscord, bot_running, fake_discord
from tests.helpers.e2e_play import play_out_dicedevils, play_out_flaschenteufel
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan, leaking_table
from tests.helpers.transcript import Recorder
from tests.helpers.transcript_games import GAMES, transcript_of

NAMES = list(emoji_set.names())
TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"
FAMILY = {
    "verflixte6": ("die_",),
    "teufel": ("coal_tile_", "devil_tile"),
    "flaschenteufel": ("bottle_card_",),
    "dicedevils": ("hot_item_", "die_"),
    "turnier": ("die_",),
}


@pytest.fixture(autouse=True)
def plain_afterwards() -> Iterator[None]:
    """The registry is the process's: no test leaves emojis installed for the next."""
    emojis.clear()
    yield
    emojis.clear()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with fake_discord() as started:
        started.add_guild("Spieletreff")
        yield started
        assert started.violations == []


def croupier(fake: FakeDiscord, tmp_path: Path, name: str = "bot") -> Croupier:
    guild = next(iter(fake.guilds))
    url = default_sqlite_url(tmp_path / f"{name}.sqlite3")
    return Croupier(Settings("test-token", url, guild, "WARNING"), emojis=True)


async def started(fake: FakeDiscord, tmp_path: Path) -> emoji_sync.Report:
    """Start a bot with emojis, let its sync finish; what the sync did, and what the
    registry held while the bot ran."""
    bot = croupier(fake, tmp_path)
    async with bot_running(fake, bot):
        assert bot.emoji_task is not None
        report = await bot.emoji_task
        assert report is not None
        assert emojis.installed() == report.installed
    assert emojis.installed() == {}  # the bot's end: plain again
    return report


def ids_on(fake: FakeDiscord) -> dict[str, int]:
    return {e.name: e.id for e in fake.emojis.by_id.values()}


async def test_a_start_uploads_the_set_once_and_a_restart_nothing(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    first = await started(fake, tmp_path)
    assert fake.emojis.uploads == NAMES and first.uploaded == NAMES
    assert first.installed == ids_on(fake) and sorted(first.installed) == sorted(NAMES)
    uploaded = fake.emojis.by_id[first.installed["die_3"]].image
    assert uploaded == emoji_images.png("die_3")
    again = await started(fake, tmp_path)  # the restart
    assert fake.emojis.uploads == NAMES  # nothing more
    assert again.uploaded == [] and again.deleted == [] and again.installed == first.installed
    posts = [c for c in fake.rest_log if c.method == "POST" and c.path.endswith("/emojis")]
    assert len(posts) == len(NAMES)


async def test_a_new_database_or_machine_uploads_nothing_either(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Nothing is kept between starts: what Discord holds is all a start needs."""
    await started(fake, tmp_path / "one")
    (tmp_path / "two").mkdir()
    later = await started(fake, tmp_path / "two")
    assert later.uploaded == [] and fake.emojis.uploads == NAMES


async def test_a_changed_drawing_is_replaced_under_its_name(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await started(fake, tmp_path)
    drawn_anew = datetime.now(UTC)
    new_picture = emoji_images.png("die_4")  # stands in for die_3's new drawing

    original = emoji_sync.the_set

    def changed() -> list[emoji_sync.Drawing]:
        return [
            replace(d, since=drawn_anew, image=lambda: new_picture) if d.name == "die_3" else d
            for d in original()
        ]

    monkeypatch.setattr(emoji_sync, "the_set", changed)
    second = await started(fake, tmp_path)
    assert second.uploaded == ["die_3"] and second.replaced == ["die_3"]
    assert fake.emojis.deletes == ["die_3"] and fake.emojis.uploads == [*NAMES, "die_3"]
    assert fake.emojis.names().count("die_3") == 1 and len(fake.emojis.names()) == len(NAMES)
    new_id = second.installed["die_3"]
    assert new_id != first.installed["die_3"] and fake.emojis.by_id[new_id].image == new_picture
    assert {n: i for n, i in second.installed.items() if n != "die_3"} == {
        n: i for n, i in first.installed.items() if n != "die_3"
    }
    third = await started(fake, tmp_path)  # the new one is current now
    assert third.uploaded == [] and third.deleted == [] and len(fake.emojis.uploads) == 62


def together(fake: FakeDiscord, count: int) -> None:
    """The emoji list answers only when ``count`` fetches wait for it: starts at once."""
    arrived = asyncio.Event()
    waiting = [0]
    for index, (method, pattern, handler, auth) in enumerate(fake.rest.routes):
        if handler == fake.emojis.list_emojis:

            async def held(req: Any, original: Callable[[Any], Awaitable[Any]] = handler) -> Any:
                waiting[0] += 1
                if waiting[0] >= count:
                    arrived.set()
                await asyncio.wait_for(arrived.wait(), 5)
                return await original(req)

            fake.rest.routes[index] = (method, pattern, held, auth)


async def test_two_starts_at_once_end_with_one_emoji_per_name(fake: FakeDiscord) -> None:
    together(fake, 2)
    clients = [discord.Client(intents=discord.Intents.none()) for _ in range(2)]
    with fake.patch_discord():
        for client in clients:
            await client.login("x")
        try:
            reports = await asyncio.gather(*(emoji_sync.sync(c, install=False) for c in clients))
        finally:
            for client in clients:
                await client.close()
    assert sorted(fake.emojis.names()) == sorted(NAMES)  # one emoji per name
    assert reports[0].installed == reports[1].installed == ids_on(fake)
    assert len(fake.emojis.uploads) == len(NAMES)  # each picture once
    assert fake.emojis.refused, "both starts tried to upload: the race happened"
    assert sorted(reports[0].uploaded + reports[1].uploaded) == sorted(NAMES)
    assert reports[0].failed == reports[1].failed == []
    adopted = set(reports[0].adopted) | set(reports[1].adopted)
    assert adopted and adopted.isdisjoint(set(reports[0].uploaded) & set(reports[1].uploaded))


async def test_duplicates_are_deduped_and_a_persons_own_emoji_kept(fake: FakeDiscord) -> None:
    twice = [fake.emojis.add("die_3") for _ in range(3)]  # a glitch left three of ours
    own = fake.emojis.add("die_5", user=fake.owner)  # the owner's die, from the Portal
    client = discord.Client(intents=discord.Intents.none())
    with fake.patch_discord():
        await client.login("x")
        try:
            report = await emoji_sync.sync(client, install=False)
        finally:
            await client.close()
    assert report.installed["die_3"] == twice[0].id  # the oldest current one, in every start
    assert sorted(report.deleted) == sorted(e.id for e in twice[1:])
    assert report.installed["die_5"] == own.id and own.id in fake.emojis.by_id
    assert "die_3" not in report.uploaded and "die_5" not in report.uploaded
    assert sorted(fake.emojis.names()) == sorted(NAMES)


async def test_a_failed_fetch_leaves_the_texts_plain_and_the_start_goes_on(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    fake.fail_next("GET", r"^/applications/\d+/emojis$", status=403)
    bot = croupier(fake, tmp_path)
    async with bot_running(fake, bot):
        assert bot.emoji_task is not None and await bot.emoji_task is None
        assert emojis.installed() == {} and die(3) == "3"
    assert fake.emojis.uploads == []
    fake.violations.clear()  # the injected failure is none of the bot's


async def test_a_failed_upload_leaves_its_emoji_out_and_the_next_start_uploads_it(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    fake.fail_next("POST", r"^/applications/\d+/emojis$", status=403)  # the first upload
    first = await started(fake, tmp_path)
    assert first.failed == [NAMES[0]] and NAMES[0] not in first.installed
    assert len(first.installed) == len(NAMES) - 1
    fake.violations.clear()
    second = await started(fake, tmp_path)
    assert second.uploaded == [NAMES[0]] and len(second.installed) == len(NAMES)


async def test_slow_uploads_do_not_hold_up_the_start(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(emoji_sync, "START_WAIT", 0.2)
    for index, (method, pattern, handler, auth) in enumerate(fake.rest.routes):
        if handler == fake.emojis.create:

            async def slow(req: Any, original: Any = handler) -> Any:
                await asyncio.sleep(0.05)
                return await original(req)

            fake.rest.routes[index] = (method, pattern, slow, auth)
    bot = croupier(fake, tmp_path)
    async with bot_running(fake, bot):
        assert bot.emoji_task is not None and not bot.emoji_task.done()  # ready without them
        report = await bot.emoji_task
        assert report is not None and len(emojis.installed()) == len(NAMES)


# -- games with the emojis ---------------------------------------------------------------------
@pytest.fixture
def with_emojis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The e2e table's bot uploads and uses the emojis (requested before ``table``)."""
    monkeypatch.setattr(Croupier, "application_emojis", True)


async def ready(table: Table) -> dict[str, int]:
    assert table.bot is not None and table.bot.emoji_task is not None
    await table.bot.emoji_task
    installed = emojis.installed()
    assert sorted(installed) == sorted(NAMES)
    return installed


async def start_three(table: Table, command: str, **options: object) -> dict[int, Any]:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, command, **options)
    for player in (table.ben, table.cem):
        await table.press(player, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    return {u.id: u for u in (table.anna, table.ben, table.cem)}


def public_texts(table: Table) -> list[str]:
    """Every version of every public message from now on, as it was sent (a list that grows)."""
    seen: list[str] = []
    original = table.fake.apply

    def apply(message: Any, payload: Any, files: Any, *, creating: bool) -> None:
        original(message, payload, files, creating=creating)
        if message.visibility == "public":
            seen.append(message.text())

    table.fake.apply = apply  # type: ignore[method-assign]
    return seen


def shown(texts: list[str], family: str) -> bool:
    return any(f"<:{family}" in text for text in texts)


async def test_a_v6_roll_reads_with_its_die(
    with_emojis: None, table: Table, leaks: LeakScan
) -> None:
    installed = await ready(table)
    table.dice.add(3, 4, 1)  # Freiwurf 3, weiter 4, log: weiter 1
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    freiwurf = table.table_message().text()
    assert f"🎲 <:die_3:{installed['die_3']}> → 3 Augen." in freiwurf
    await table.press(table.anna, "weiter")
    text = table.table_message().text()
    assert (
        f"🎲 <:die_4:{installed['die_4']}> → <@{table.anna.id}> hat 7 Augen." in text
    )  # 7: digits
    log = await table.fake.slash(table.ben, table.channel, "v6 log")
    assert f"<:die_4:{installed['die_4']}>" in log.message.text()


async def test_dice_devils_with_emojis_keeps_the_cups_secret(
    with_emojis: None, table: Table, leaks: LeakScan
) -> None:
    await ready(table)
    texts = public_texts(table)
    await play_out_dicedevils(table, await start_three(table, "dicedevils tisch"))
    assert shown(texts, "hot_item_") and shown(texts, "die_")  # items, and dice of fights
    cups = [m for u in (table.anna, table.ben, table.cem) for m in table.fake.private_messages(u)]
    assert any("<:die_" in m.text() for m in cups)  # the cups show their dice as emojis
    assert leaks.checks > 0


async def test_flaschenteufel_with_emojis_keeps_the_hands_secret(
    with_emojis: None, table: Table, leaks: LeakScan
) -> None:
    await ready(table)
    texts = public_texts(table)
    await play_out_flaschenteufel(table, await start_three(table, "flaschenteufel tisch", haende=1))
    assert shown(texts, "bottle_card_")
    assert leaks.checks > 0


async def test_a_cup_written_as_emojis_on_the_public_table_is_caught(
    with_emojis: None, table: Table, leaks: LeakScan, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The leak scan reads emojis as the digits they stand for (as_plain)."""
    await ready(table)
    leaking_table(monkeypatch, dd_cards, str(table.cem.id), dd_cards.cup_text)
    await start_three(table, "dicedevils tisch")
    assert any("<:die_" in m.text() and "Becher" in m.text() for m in table.public())
    found = {(leak.secret.owner, leak.secret.kind) for leak in leaks.leaks}
    leaks.leaks.clear()  # caught: the fixture's own check must not fail on them
    assert (str(table.cem.id), "dice") in found


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_game_with_emojis_reads_as_its_transcript_through_as_plain(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each golden transcript (tests/transcripts/de) played with the emojis uploaded and
    installed: every text the players read, with its emojis written back by ``as_plain``,
    is the golden text word for word (the emojis stand exactly where the plain text stood)."""
    monkeypatch.setattr(Croupier, "application_emojis", True)
    monkeypatch.setattr(emoji_sync, "START_WAIT", 60.0)  # installed before the first command
    with_markup: list[str] = []
    readable = Recorder.readable

    def plain_first(recorder: Recorder, text: str, *, mentions: bool = True) -> str:
        if "<:" in text:
            with_markup.append(text)
        return readable(recorder, emoji_set.as_plain(text), mentions=mentions)

    monkeypatch.setattr(Recorder, "readable", plain_first)
    seen = await transcript_of(game, "de", tmp_path)
    golden = (TRANSCRIPTS / "de" / f"{game}.txt").read_text(encoding="utf-8")
    assert seen == golden
    assert any(f"<:{family}" in text for text in with_markup for family in FAMILY[game])
