"""``/s/<key>/turnier/<number>``: a tournament's whole story on one page (registration,
bracket picture and its tables, every group's table linked to its game, the evenings in
UTC with the script that shows them in the visitor's zone, substitutes and corrections
with their reasons, the champion), and the server's page lists its tournaments."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from aiohttp.test_utils import TestClient
from markupsafe import escape

from bot.engine import Action
from bot.render.tournament_bracket import bracket_picture
from bot.render.tournament_cards import standings_title
from bot.service import Service
from bot.tournament.game import SYSTEM
from bot.tournament.view import TournamentView, typed_view
from bot.web.app import STATIC
from tests.helpers.web_games import GUILD, OTHER_GUILD, play_round, tournament

Client = TestClient[Any, Any]
EVIL = "<img src=x onerror=alert(1)>"
HOST = ("314159265358979300", "Hanna")
PLAYERS = {
    "314159265358979301": "Anna",
    "314159265358979302": "Ben",
    "314159265358979303": "Cem",
    "314159265358979304": "Dora",
    "314159265358979305": EVIL,
    "314159265358979306": "Fritz",
    "314159265358979307": "Gül",
    "314159265358979308": "Ida",
}
NAMES = {HOST[0]: HOST[1], **PLAYERS}


def view_of(service: Service, number: int) -> TournamentView:
    return typed_view(service.tables.current(number).public)


def finale_line(tour: TournamentView) -> tuple[int, int]:
    first = tour["rounds"][-1]["groups"][0]["table"][0]
    return first["points"], first["eyes"]


def row_html(name: str, points: int, eyes: int) -> str:
    return f'<th scope="row">{escape(name)}</th><td>{points}</td><td>{eyes}</td>'


async def page(client: Client, key: str, number: int, language: str = "de") -> str:
    response = await client.get(f"/s/{key}/turnier/{number}?lang={language}")
    assert response.status == 200
    return await response.text()


async def test_a_whole_tournament_tells_its_story_in_german_and_english(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS)
    tour = view_of(service, number)
    champion = tour["champion"]
    assert champion is not None and [r["finale"] for r in tour["rounds"]] == [False, True]
    german = await page(client, key, number)
    assert "<h1>Turnier „Herbst“</h1>" in german
    assert "Die verflixte 6" in german and "Gastgeber" in german and "Hanna" in german
    assert f"beendet – Sieger {escape(NAMES[champion])}" in german
    assert f"Turniersieger: {escape(NAMES[champion])}" in german
    assert "Runde 1" in german and "Gruppe 1" in german and "Gruppe 2" in german
    assert "Je Gruppe ein Abend über 1 Durchgang" in german
    assert "Ein Abend über 4 Durchgänge" in german  # the Finale's Abend
    assert "Angemeldet (8)" in german and "keine Saison" in german
    for rnd in tour["rounds"]:
        for group in rnd["groups"]:
            assert f'href="/s/{key}/spiel/{group["game_id"]}?lang=de"' in german
            for line in group["table"]:  # every group's table: player, points, eyes
                assert row_html(NAMES[line["player"]], line["points"], line["eyes"]) in german
    went = [str(escape(NAMES[p])) for p in tour["rounds"][0]["advanced"]]
    through = re.search(r"Weiter in die nächste Runde: ([^<]*)</p>", german)
    assert through is not None and all(name in through[1] for name in went)
    first = row_html(NAMES[champion], *finale_line(tour))
    assert f"<td>1</td>{first}<td>Turniersieger</td>" in german  # the Finale's winner
    assert f'src="/s/{key}/turnier/{number}/turnierbaum.png?stand=' in german
    assert 'alt="Turnierbaum „Herbst – Endstand“' in german
    english = await page(client, key, number, "en")
    assert "<h1>Tournament “Herbst”</h1>" in english
    assert f"Champion: {escape(NAMES[champion])}" in english
    assert "Round 1" in english and "Group 2" in english and "Finale" in english
    assert "No result was corrected." in english and "Schedule" in english


async def test_a_running_tournament_shows_its_groups_evenings_and_substitutes(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS, rounds=0)
    service.directory.set_guild_time_zone(GUILD, "America/New_York")
    tour = view_of(service, number)
    first, second = tour["rounds"][0]["groups"]
    evening = datetime(2030, 6, 14, 23, 30, tzinfo=UTC)
    now = datetime.now(UTC).isoformat()
    await service.act(
        number, HOST[0], Action("schedule", {"group": 1, "at": evening.isoformat(), "now": now})
    )
    out, new = first["players"][0], "314159265358979309"
    service.directory.remember_name(new, "Zoe")
    change = {"group": 1, "target": out, "new": new, "reason": EVIL, "now": now}
    await service.act(number, HOST[0], Action("substitute", change))
    text = await page(client, key, number)
    assert "läuft – Runde 1" in text and "noch nicht gespielt" in text
    assert '<time datetime="2030-06-14T23:30:00Z" data-local>' in text
    assert "Fr., 14. Juni 2030, 23:30 UTC" in text
    assert "(America/New_York: Fr., 14. Juni 2030, 19:30)" in text  # the server's zone
    assert '<script src="/static/local-time.js" defer></script>' in text
    assert f'Zoe <span class="note">(Ersatz für {escape(NAMES[out])})</span>' in text
    assert f"Zoe spielt für {escape(NAMES[out])} (eingesetzt von Hanna)" in text
    assert f"Grund: {escape(EVIL)}" in text and EVIL not in text
    for player in second["players"]:  # a group not played: its players, no numbers
        assert f'<td>–</td><th scope="row">{escape(NAMES[player])}</th><td>–</td>' in text
    english = await page(client, key, number, "en")
    assert "Fri, Jun 14, 2030, 11:30\u202fPM UTC" in english and "running – round 1" in english


async def test_a_correction_s_reason_and_a_display_name_are_text(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS)
    assert "Kein Ergebnis wurde korrigiert." in await page(client, key, number)
    finale = view_of(service, number)["rounds"][-1]
    last = finale["groups"][0]["table"][-1]
    fix = {"target": last["player"], "points": last["points"], "eyes": last["eyes"],
           "reason": EVIL, "round": finale["number"], "group": 1}  # fmt: skip
    await service.act(number, HOST[0], Action("correct", fix))
    for language in ("de", "en"):
        text = await page(client, key, number, language)
        assert EVIL not in text, language
        assert str(escape(EVIL)) in text  # the display name, and the reason as typed
    assert f"Grund: {escape(EVIL)}" in text.replace("Reason", "Grund")
    assert f"{escape(NAMES[last['player']])}: corrected to" in text


async def test_no_discord_id_appears_on_a_tournament_s_pages(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS)
    for path in (f"/s/{key}", f"/s/{key}/turnier/{number}"):
        text = await (await client.get(path)).text()
        for player in NAMES:
            assert player not in text, (path, player)
        assert str(GUILD) not in re.findall(r"\d+", text), path


async def test_the_server_page_lists_its_tournaments_newest_first(
    client: Client, service: Service, key: str
) -> None:
    older = await tournament(service, HOST, PLAYERS)
    newer = await tournament(service, HOST, PLAYERS, rounds=0)
    elsewhere = await tournament(service, HOST, PLAYERS, rounds=0, guild_id=OTHER_GUILD)
    text = await (await client.get(f"/s/{key}")).text()
    newer_at = text.index(f'href="/s/{key}/turnier/{newer}"')
    assert newer_at < text.index(f'href="/s/{key}/turnier/{older}"')
    assert "läuft – Runde 1" in text and "beendet – Sieger" in text
    assert f"/turnier/{elsewhere}" not in text


async def test_an_unknown_tournament_is_the_404_page(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS, rounds=0)
    elsewhere = await tournament(service, HOST, PLAYERS, rounds=0, guild_id=OTHER_GUILD)
    await play_round(service, number)  # the groups' games exist now
    group_game = view_of(service, number)["rounds"][0]["groups"][0]["game_id"]
    assert group_game is not None
    for path in (
        f"/s/{key}/turnier/999999",
        f"/s/{key}/turnier/{elsewhere}",  # another server's
        f"/s/{key}/turnier/{group_game}",  # a game, no tournament
        f"/s/{key}/spiel/{number}",  # a tournament, no game
        f"/s/{key}/turnier/999999/turnierbaum.png",
        f"/s/abcdefghijkl/turnier/{number}",
    ):
        response = await client.get(path)
        assert response.status == 404, path
        assert "Hier gibt es keine Seite." in await response.text()
    service.directory.set_web(GUILD, False)
    assert (await client.get(f"/s/{key}/turnier/{number}")).status == 404


async def test_the_bracket_picture_is_the_one_the_card_shows(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS)
    response = await client.get(f"/s/{key}/turnier/{number}/turnierbaum.png?lang=en")
    assert response.status == 200
    assert response.headers["Content-Type"] == "image/png"
    body = await response.read()
    view = service.tables.current(number).public
    card = bracket_picture(view, standings_title(view, "en"), "en", NAMES.__getitem__)
    assert body == card.draw()  # drawn by the card's own code, with the display names


async def test_a_tournament_in_registration_has_no_picture_yet(
    client: Client, service: Service, key: str
) -> None:
    for player, name in NAMES.items():
        service.directory.remember_name(player, name)
    created = await service.create("turnier", [HOST[0]], {"name": "Winter"}, guild_id=GUILD)
    await service.act(created.game_id, next(iter(PLAYERS)), Action("register"))
    text = await page(client, key, created.game_id)
    assert "Anmeldung (1 angemeldet)" in text and "Anna" in text
    assert "Die Gruppen werden ausgelost" in text and "turnierbaum.png" not in text
    picture = await client.get(f"/s/{key}/turnier/{created.game_id}/turnierbaum.png")
    assert picture.status == 404


def test_the_local_time_script_rewrites_only_marked_times() -> None:
    script = (STATIC / "local-time.js").read_text(encoding="utf-8")
    assert 'querySelectorAll("time[data-local][datetime]")' in script
    assert "Intl.DateTimeFormat" in script and "innerHTML" not in script


async def test_the_page_reads_on_a_phone_and_loads_only_the_static_script(
    client: Client, service: Service, key: str
) -> None:
    number = await tournament(service, HOST, PLAYERS, rounds=1)
    text = await page(client, key, number)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert text.count("<h1>") == 1 and text.count("<script") == 1
    script = await client.get("/static/local-time.js")
    assert script.status == 200
    assert script.headers["Content-Type"].startswith("text/javascript")
    assert "script-src 'self'" in script.headers["Content-Security-Policy"]


async def test_who_left_the_tournament_is_marked_with_the_reason_given(
    client: Client, service: Service, key: str
) -> None:
    """Withdrawn by himself with a reason (shown as typed), by the host without one, or
    excluded because he was absent when his evening started: each says so."""
    number = await tournament(service, HOST, PLAYERS, rounds=0)
    first, second = view_of(service, number)["rounds"][0]["groups"]
    himself, by_host = first["players"][:2]
    await service.act(number, himself, Action("withdraw", {"target": himself, "reason": EVIL}))
    await service.act(number, HOST[0], Action("withdraw", {"target": by_host, "reason": " "}))
    group = {"group": second["number"]}
    for step in ("wait", "evening"):  # its table waits, its evening began: players called
        await service.act(number, SYSTEM, Action(step, group))
    came = second["players"][0]
    await service.act(number, came, Action("checkin", group))
    await service.act(number, HOST[0], Action("start_group", {**group, "missing": "ausschliessen"}))
    absent = [p for p in second["players"] if p in view_of(service, number)["withdrawn"]]
    assert absent and came not in absent and len(absent) == len(second["players"]) - 1
    text = await page(client, key, number)
    assert EVIL not in text
    assert f"(zurückgezogen – Grund: {escape(EVIL)})" in text
    assert f'{escape(NAMES[by_host])} <span class="note">(zurückgezogen)</span>' in text
    for player in absent:
        note = "(fehlte zum Start des Abends, ausgeschieden)"
        assert f'{escape(NAMES[player])} <span class="note">{note}</span>' in text
    english = await page(client, key, number, "en")
    assert f"(withdrawn – reason: {escape(EVIL)})" in english
