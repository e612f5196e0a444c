"""``/s/<key>/spiel/<number>``: one game of the server, its public log as steps described
by its game, in the page's language, with display names shown as text; a finished game
with its revealed seed, a running one with its commitment only and no secret."""

from __future__ import annotations

import gzip
import html
import random
import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from markupsafe import escape

from bot.emoji_set import as_plain
from bot.engine import redacted
from bot.games.flaschenteufel.render.cards import card_text
from bot.games.flaschenteufel.render.cards import describe as ft_describe
from bot.games.verflixte6.render.lines import describe
from bot.plugins import GAMES, PLUGINS
from bot.service import Outcome, Service
from bot.web import game_page
from bot.web.text import shown
from tests.helpers.engine_state import engine_state
from tests.helpers.leaks import Secret, _hidden, _shown, forms
from tests.helpers.web_games import GUILD, OTHER_GUILD, played
from tests.web.conftest import Clock

Client = TestClient[Any, Any]
EVIL = "<img src=x onerror=alert(1)>"
PLAYERS = {"1001": "Anna", "1002": EVIL}


def steps(text: str) -> list[str]:
    return re.findall(r'<li id="schritt-(\d+)"', text)


async def test_a_finished_game_shows_every_public_step_and_its_seed(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    row = service.store.get(number)
    assert row.status == "finished"
    response = await client.get(f"/s/{key}/spiel/{number}")
    assert response.status == 200
    text = await response.text()
    events = service.records.public_events(number, "verflixte6")
    assert steps(text) == [str(n) for n in range(1, len(events) + 1)]
    names = {"1001": "Anna", "1002": EVIL}.__getitem__
    for event in events[:5]:  # each step as the game describes it, in German
        assert str(shown(describe(event, "de", names))) in text
    assert row.seed_hash in text and row.seed in text
    assert "Die verflixte 6, Spiel" in text and "beendet" in text


async def test_a_display_name_is_shown_as_text(client: Client, service: Service, key: str) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    for path in (f"/s/{key}", f"/s/{key}/spiel/{number}"):
        text = await (await client.get(path)).text()
        assert EVIL not in text, path
        assert str(escape(EVIL)) in text, path


async def test_a_running_secret_game_shows_no_hand_and_no_seed(
    client: Client, service: Service, key: str
) -> None:
    players = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}
    number = await played(service, "flaschenteufel", players, steps=3)
    row = service.store.get(number)
    assert row.status == "open"
    deal = next(e for r in service.store.events(number) for e in r.events if e["type"] == "deal")
    held = {card for hand in deal["hands"].values() for card in hand}
    assert held
    public = service.records.public_events(number, "flaschenteufel")
    for language in ("de", "en"):
        text = await (await client.get(f"/s/{key}/spiel/{number}?lang={language}")).text()
        assert "Flaschenteufel" in text and len(steps(text)) == len(public)
        for event in public:  # each step is the public line, as the channel reads it
            assert str(shown(ft_describe(event, language, players.__getitem__))) in text
        for card in held:
            assert str(escape(card_text(card, language))) not in text, card
        assert row.seed not in text and row.seed_hash in text


async def test_a_step_shows_the_game_up_to_it_with_links_before_and_after(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    page = f"/s/{key}/spiel/{number}"
    text = await (await client.get(f"{page}?schritt=3&lang=en")).text()
    assert steps(text) == ["1", "2", "3"]
    assert '<li id="schritt-3" class="current" aria-current="step">' in text
    assert f'href="{page}?schritt=2&amp;lang=en#schritt-2"' in text
    assert f'href="{page}?schritt=4&amp;lang=en#schritt-4"' in text
    assert "Step 3 of" in text
    first = await (await client.get(f"{page}?schritt=1")).text()
    assert 'rel="prev"' not in first and 'rel="next"' in first


async def test_a_step_the_game_has_not_is_refused(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, steps=0)
    for step in ("0", "99999", "x", "1" * 20):
        assert (await client.get(f"/s/{key}/spiel/{number}?schritt={step}")).status == 400


async def test_another_server_s_game_and_an_unknown_one_are_404(
    client: Client, service: Service, key: str
) -> None:
    theirs = await played(service, "verflixte6", PLAYERS, guild_id=OTHER_GUILD, steps=0)
    assert (await client.get(f"/s/{key}/spiel/{theirs}")).status == 404
    assert (await client.get(f"/s/{key}/spiel/{theirs + 1}")).status == 404


@pytest.mark.parametrize("kind", [plugin.kind for plugin in PLUGINS])
async def test_every_game_s_page_shows_each_public_event_as_a_step(
    client: Client, service: Service, key: str, kind: str
) -> None:
    """Each game's own ``describe`` (its plugin's) writes every step, in every language."""
    players = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}
    number = await played(service, kind, players, steps=300)
    public = service.records.public_events(number, kind)
    plugin = next(p for p in PLUGINS if p.kind == kind)
    assert plugin.describe is not None
    for language in ("de", "en", "fr"):
        response = await client.get(f"/s/{key}/spiel/{number}?lang={language}")
        assert response.status == 200
        text = await response.text()
        assert len(steps(text)) == len(public)
        for event in public:
            assert str(shown(plugin.describe(event, language, players.__getitem__))) in text


async def test_a_lobby_has_no_page_and_is_not_listed(
    client: Client, service: Service, key: str
) -> None:
    lobby = await service.open_lobby("verflixte6", "1001", guild_id=GUILD, channel_id=1)
    assert (await client.get(f"/s/{key}/spiel/{lobby.game_id}")).status == 404
    text = await (await client.get(f"/s/{key}")).text()
    assert f"/spiel/{lobby.game_id}" not in text


# --- the replay: the table after every step, the result picture, the keys ------------------

ALL = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}
SECRET_KINDS = ("flaschenteufel", "dicedevils", "teufel")
PARTLY = {"flaschenteufel": 60, "dicedevils": 25, "teufel": 60}
"""Actions a secret game is played for, well short of its end (its dice are the audited
RNG's, a new seed each time: a game's length varies)."""


def made_by(service: Service, number: int, kind: str) -> list[int]:
    """For each step of the game's page, the version (the logged action) that made it."""
    game = GAMES[kind]
    versions: list[int] = []
    for row in service.store.events(number):
        versions += [row.seq] * len(redacted(game, row.events, None))
    return versions


async def read(client: Client, clock: Clock, path: str) -> str:
    """A page, asked a minute after the one before (a replay asks for many: no limit)."""
    clock.now += 60
    response = await client.get(path)
    assert response.status == 200, path
    return await response.text()


def table_section(text: str) -> str:
    found = re.search(r'<section class="table".*?</section>', text, re.S)
    return "" if found is None else found.group()


def plain_text(text: str) -> str:
    """A page as a reader reads it: without tags, entities decoded, emojis as text."""
    return as_plain(html.unescape(re.sub(r"<[^>]+>", " ", text)))


@pytest.mark.parametrize("kind", [plugin.kind for plugin in PLUGINS])
async def test_each_step_shows_the_table_as_the_public_saw_it_after_that_step(
    client: Client, clock: Clock, service: Service, key: str, kind: str
) -> None:
    """The table after step N is the game's public card of the public view that the
    channel's outcome had after the action that made step N (played and kept here, not
    replayed), in the page's language; the steps asked in no order (back from states kept
    further on, on from those kept before)."""
    seen: dict[int, Outcome] = {}
    number = await played(service, kind, ALL, steps=40, seen=seen)
    plugin = next(p for p in PLUGINS if p.kind == kind)
    assert plugin.view_card is not None
    versions = made_by(service, number, kind)
    checked = 0
    order = list(enumerate(versions, start=1))
    random.Random(47).shuffle(order)
    for step, version in order:
        text = await read(client, clock, f"/s/{key}/spiel/{number}?schritt={step}&lang=en")
        table = table_section(text)
        assert "The table after step " + str(step) in table
        card = plugin.view_card(seen[version].public, "en", ALL.__getitem__)
        assert f"<h3>{escape(card.title)}</h3>" in table
        for name, line in card.fields:
            assert f"<dt>{shown(name)}</dt><dd>{shown(line)}</dd>" in table, (step, name)
            checked += 1
    assert checked > 40
    whole = await (await client.get(f"/s/{key}/spiel/{number}")).text()
    now = plugin.view_card(seen[max(seen)].public, "de", ALL.__getitem__)
    assert "Der Tisch, wie er steht" in whole and f"<h3>{escape(now.title)}</h3>" in whole


async def test_a_finished_game_s_last_step_shows_what_its_end_reveals(
    client: Client, service: Service, key: str
) -> None:
    seen: dict[int, Outcome] = {}
    number = await played(service, "flaschenteufel", ALL, seen=seen)
    last = seen[max(seen)]
    assert last.finished
    total = len(made_by(service, number, "flaschenteufel"))
    text = await (await client.get(f"/s/{key}/spiel/{number}?schritt={total}")).text()
    plugin = next(p for p in PLUGINS if p.kind == "flaschenteufel")
    assert plugin.view_card is not None
    card = plugin.view_card(last.public, "de", ALL.__getitem__)
    for name, line in card.fields:
        assert f"<dt>{shown(name)}</dt><dd>{shown(line)}</dd>" in table_section(text)


@pytest.mark.parametrize("kind", SECRET_KINDS)
async def test_no_step_of_a_running_secret_game_shows_a_hidden_value(
    client: Client, clock: Clock, service: Service, key: str, kind: str
) -> None:
    """Hands, dice under a cup and sealed bets: every value a player's own view held
    that the public view hid at a step's version is looked for on that step's page (and
    the whole game's page), in each form the leak scan of the end-to-end games knows,
    unless the public had seen that value by then (a bet of the same amount revealed in
    an earlier round, the same dice shown in an earlier fight)."""
    seen: dict[int, Outcome] = {}
    number = await played(service, kind, ALL, steps=PARTLY[kind], seen=seen)
    assert not seen[max(seen)].finished
    versions = made_by(service, number, kind)
    public = service.records.public_events(number, kind)
    checks = 0
    for step in [*range(1, len(versions) + 1), None]:
        version = versions[-1] if step is None else versions[step - 1]
        asked = "" if step is None else f"?schritt={step}"
        text = plain_text(await read(client, clock, f"/s/{key}/spiel/{number}{asked}"))
        known = {
            shown_value for v, o in seen.items() if v <= version for shown_value in _shown(o.public)
        }
        for event in public[: step or len(public)]:
            if event["type"] in ("dice", "reroll"):
                known |= {("dice", tuple(d)) for d in event["dice"].values()}
        outcome = seen[version]
        for player, view in outcome.private.items():
            for secret_kind, value in set(_hidden(view, outcome.public)):
                if (secret_kind, value) in known:
                    continue
                secret = Secret(number, player, secret_kind, value)
                for form, pattern in forms(secret, "de"):
                    checks += 1
                    assert not pattern.search(text), (step, form)
    assert checks > 100


async def test_a_running_game_s_page_follows_its_new_actions(
    client: Client, service: Service, key: str
) -> None:
    """Replays are kept per version: the next action is on the page at once."""
    number = await played(service, "verflixte6", PLAYERS, steps=3)
    page = f"/s/{key}/spiel/{number}"
    before = steps(await (await client.get(page)).text())
    outcome = service.tables.current(number)
    actor = outcome.to_act[0]
    state = engine_state(service, number)
    action = GAMES["verflixte6"].legal_actions(state, outcome.players.index(actor))[0]
    await service.act(number, actor, action)
    after = steps(await (await client.get(page)).text())
    assert len(after) > len(before)
    assert len(after) == len(service.records.public_events(number, "verflixte6"))


async def test_a_finished_game_shows_its_result_picture(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    text = await (await client.get(f"/s/{key}/spiel/{number}?lang=en")).text()
    picture = f"/s/{key}/spiel/{number}/ergebnis.png?lang=en"
    found = re.search(rf'<img src="{re.escape(picture)}" alt="([^"]+)">', text)
    assert found is not None
    assert found.group(1).startswith("The evening") and "Anna" in found.group(1)
    response = await client.get(picture)
    assert response.status == 200 and response.content_type == "image/png"
    assert (await response.read()).startswith(b"\x89PNG\r\n\x1a\n")


async def test_a_game_without_a_result_picture_has_none(
    client: Client, service: Service, key: str
) -> None:
    running = await played(service, "verflixte6", PLAYERS, steps=3)
    pictureless = await played(service, "flaschenteufel", ALL)
    assert service.store.get(pictureless).status == "finished"
    for number in (running, pictureless, pictureless + 99):
        assert (await client.get(f"/s/{key}/spiel/{number}/ergebnis.png")).status == 404
    text = await (await client.get(f"/s/{key}/spiel/{running}")).text()
    assert "<img" not in text and "ergebnis.png" not in text


async def test_the_replay_s_keys_are_a_static_script_over_its_links(
    client: Client, service: Service, key: str
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    total = len(service.records.public_events(number, "verflixte6"))
    page = f"/s/{key}/spiel/{number}"
    text = await (await client.get(f"{page}?schritt=2")).text()
    assert '<script src="/static/replay.js" defer></script>' in text
    assert f'class="first" href="{page}?schritt=1#schritt-1"' in text
    assert f'rel="prev" href="{page}?schritt=1#schritt-1"' in text
    assert f'rel="next" href="{page}?schritt=3#schritt-3"' in text
    assert f'class="last" href="{page}?schritt={total}#schritt-{total}"' in text
    assert 'href="?schritt=2#schritt-2"' in text  # each step's own deep link
    script = await client.get("/static/replay.js")
    assert script.status == 200 and script.content_type == "text/javascript"
    body = await script.text()
    for key_name in ("ArrowLeft", "ArrowRight", "Home", "End"):
        assert key_name in body
    assert 'rel~="prev"' in body and 'rel~="next"' in body


async def test_a_finished_game_s_page_is_rendered_once_and_sent_zipped_where_taken(
    client: Client, service: Service, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished game's whole page (its export embedded) is rendered and zipped once per
    language and names: the same bytes again, gzipped for a client that takes it; a new
    display name renders it anew."""
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    rendered: list[str] = []
    real = game_page.page
    monkeypatch.setattr(game_page, "page", lambda r, t, **v: rendered.append(t) or real(r, t, **v))
    path = f"/s/{key}/spiel/{number}"
    plain = {"Accept-Encoding": "identity"}
    first = await client.get(path, headers=plain, auto_decompress=False)
    body = await first.read()
    assert first.headers.get("Content-Encoding") is None and b"check-export" in body
    zipped = await client.get(path, headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(await zipped.read()) == body
    assert zipped.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"]
    assert rendered == ["game.html"]
    await client.get(f"{path}?lang=en")  # another language: its own page
    service.directory.remember_name("1001", "Anneliese")
    renamed = await (await client.get(path, headers=plain)).text()
    assert rendered == ["game.html"] * 3 and "Anneliese" in renamed
