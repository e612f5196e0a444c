"""The command tree's error handler answers every failed slash command privately, and the
option check refuses every value its command did not declare (cogs/errors.py, options.py)."""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace
from typing import Any

import discord
import psycopg
import pytest
from discord import app_commands
from sqlalchemy import exc as sa

from bot.engine import IllegalAction
from bot.i18n import t, template
from cogs.errors import answer_error, explain
from cogs.options import (
    Durchgaenge,
    OnTimeout,
    OptionRefused,
    Reason,
    TournamentName,
    check_value,
    given_options,
)
from cogs.pipeline import wire


class Response:
    def __init__(self, done: bool) -> None:
        self.done = done
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        assert not self.done, "a second initial response"
        self.sent.append((text, ephemeral))
        self.done = True


class Followup:
    def __init__(self, fail: bool = False) -> None:
        self.sent: list[tuple[str, bool]] = []
        self.fail = fail

    async def send(self, text: str, *, ephemeral: bool = False) -> None:
        if self.fail:
            raise discord.NotFound(SimpleNamespace(status=404, reason="gone"), "Unknown Webhook")
        self.sent.append((text, ephemeral))


@pytest.fixture(autouse=True)
def _answers_through_the_stub(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers go out through ``cogs.pipeline.wire`` (plain requests); here through the
    stub's response and follow-up, which note what was said and how."""

    async def answer(stub: Any, content: str, *, ephemeral: bool = False, **_: Any) -> None:
        await stub.response.send_message(content, ephemeral=ephemeral)

    async def follow_up(stub: Any, content: str, *, ephemeral: bool = False, **_: Any) -> int:
        await stub.followup.send(content, ephemeral=ephemeral)
        return 0

    monkeypatch.setattr(wire, "answer", answer)
    monkeypatch.setattr(wire, "follow_up", follow_up)


def interaction(*, done: bool = False, fail: bool = False, reader: str = "pl") -> Any:
    """A stub interaction from a player whose Discord speaks ``reader`` (Polish by default:
    no catalogue, so the server's language)."""
    return SimpleNamespace(
        locale=reader,
        response=Response(done),
        followup=Followup(fail),
        command=None,
        data={"name": "turnier"},
        guild_id=1,
        user=SimpleNamespace(id=7),
        extras={},
    )


def server(locale: str = "en") -> Any:
    """The service's directory as an error's answer reads it: a server speaking ``locale``."""
    return SimpleNamespace(guild_locale=lambda guild_id: locale)


def invoke_error(exc: Exception) -> app_commands.CommandInvokeError:
    return app_commands.CommandInvokeError(SimpleNamespace(name="erstellen"), exc)  # type: ignore[arg-type]


async def test_a_refusal_is_answered_privately_in_the_servers_language(
    caplog: pytest.LogCaptureFixture,
) -> None:
    stub = interaction()
    with caplog.at_level(logging.INFO, "cogs.errors"):
        error = invoke_error(IllegalAction("tour.group_size", low=2, high=6))
        await answer_error(stub, error, server("en"))
    assert stub.response.sent == [("Groups have 2 to 6 players.", True)]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(("reader", "expected"), [("de", "Gruppen"), ("en-GB", "Groups")])
async def test_a_refusal_speaks_the_players_own_language(reader: str, expected: str) -> None:
    stub = interaction(reader=reader)
    error = invoke_error(IllegalAction("tour.group_size", low=2, high=6))
    await answer_error(stub, error, server("en" if reader == "de" else "de"))
    assert stub.response.sent[0][0].startswith(expected)


async def test_a_refusal_after_the_response_is_a_private_followup() -> None:
    stub = interaction(done=True)
    error = invoke_error(IllegalAction("tour.group_size", low=2, high=6))
    await answer_error(stub, error, server("de"))
    assert stub.response.sent == []
    assert stub.followup.sent == [(t("tour.group_size", "de", low=2, high=6), True)]


@pytest.mark.parametrize("done", [False, True])
async def test_anything_else_gets_the_apology_and_a_log_line_with_the_traceback(
    done: bool, caplog: pytest.LogCaptureFixture
) -> None:
    stub = interaction(done=done)
    with caplog.at_level(logging.ERROR, "cogs.errors"):
        await answer_error(stub, invoke_error(RuntimeError("boom")), server("de"))
    answers = stub.followup.sent if done else stub.response.sent
    assert answers == [(t("ui.error", "de"), True)]
    (record,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "/turnier" in record.getMessage()
    assert record.exc_info is not None and "boom" in str(record.exc_info[1])


@pytest.mark.parametrize("done", [False, True])
async def test_a_database_away_is_said_as_such_and_logged_as_a_warning(
    done: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """A command whose write the database could not finish (here a lock timeout) asks to
    try again in a moment; the log has one warning line, no traceback. The server's
    language, which the database may be needed for, is not asked for then."""
    stub = interaction(done=done)
    lock = psycopg.errors.LockNotAvailable("canceling statement due to lock timeout")
    error = invoke_error(sa.OperationalError("UPDATE games", {}, lock))

    def away(guild_id: int) -> str:
        raise sa.OperationalError("SELECT guild_settings", {}, lock)

    with caplog.at_level(logging.INFO):
        await answer_error(stub, error, SimpleNamespace(guild_locale=away))
    answers = stub.followup.sent if done else stub.response.sent
    assert answers == [(t("ui.store_unavailable", "de"), True)]
    (record,) = [r for r in caplog.records if "database is unavailable" in r.getMessage()]
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "/turnier" in record.getMessage() and "lock timeout" in record.getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_interaction_discord_forgot_does_not_raise(
    caplog: pytest.LogCaptureFixture,
) -> None:
    stub = interaction(done=True, fail=True)
    with caplog.at_level(logging.WARNING, "cogs.errors"):
        await answer_error(stub, invoke_error(RuntimeError("boom")), server())
    assert any("could not be answered" in r.getMessage() for r in caplog.records)


def _cooldown() -> app_commands.CommandOnCooldown:
    return app_commands.CommandOnCooldown(app_commands.Cooldown(1, 10.0), 2.5)


@pytest.mark.parametrize(
    ("error", "key"),
    [
        (app_commands.NoPrivateMessage(), "ui.guild_only"),
        (app_commands.MissingPermissions(["manage_guild"]), "ui.not_allowed"),
        (app_commands.MissingRole("Croupier"), "ui.not_allowed"),
        (app_commands.CheckFailure(), "ui.not_allowed"),
        (app_commands.BotMissingPermissions(["create_public_threads"]), "ui.bot_missing"),
        (_cooldown(), "ui.cooldown"),
        (app_commands.CommandNotFound("alt", []), "ui.command_outdated"),
        (OptionRefused("ui.option.range", option="gruppe", low=2, high=6), "ui.option.range"),
    ],
)
@pytest.mark.parametrize("locale", ["de", "en"])
def test_checks_that_fail_get_a_sensible_answer(error: Exception, key: str, locale: str) -> None:
    text, failure = explain(error, locale)
    assert failure is None  # a refusal: nothing to log as a failure
    assert text != t("ui.error", locale)
    pattern = re.sub(r"\\\{\w+\\\}", ".+", re.escape(template(key, locale) or key))
    assert re.fullmatch(pattern, text), (pattern, text)  # the text, every parameter filled


def test_option_texts_name_the_option_and_its_bounds() -> None:
    text, _ = explain(OptionRefused("ui.option.range", option="gruppe", low=2, high=6), "de")
    assert text == "`gruppe` muss zwischen 2 und 6 liegen – nichts wurde verändert."


# --- the option check ------------------------------------------------------------------


@app_commands.command(name="probe", description="probe")
async def probe(  # noqa: PLR0917 - the parameters as the cogs declare them
    interaction: discord.Interaction[Any],
    name: TournamentName,
    durchgaenge: Durchgaenge = 3,
    zeitablauf: OnTimeout = "regel",
    grund: Reason = "",
    mehr: bool = False,
) -> None:
    pass


PARAMS = {p.name: p for p in probe.parameters}


@pytest.mark.parametrize(
    ("option", "value", "key"),
    [
        ("durchgaenge", 0, "ui.option.range"),
        ("durchgaenge", -5, "ui.option.range"),
        ("durchgaenge", 10**12, "ui.option.range"),
        ("durchgaenge", "3", "ui.option.bad"),
        ("durchgaenge", 2.5, "ui.option.bad"),
        ("durchgaenge", True, "ui.option.bad"),
        ("zeitablauf", "bogus", "ui.option.choice"),
        ("zeitablauf", None, "ui.option.choice"),
        ("name", "", "ui.option.empty"),
        ("name", "   ", "ui.option.empty"),
        ("name", "x" * 81, "ui.option.too_long"),
        ("name", 42, "ui.option.bad"),
        ("grund", "x" * 201, "ui.option.too_long"),
        ("grund", "x" * 2000, "ui.option.too_long"),
        ("mehr", "ja", "ui.option.bad"),
    ],
)
def test_values_outside_the_declaration_are_refused(option: str, value: object, key: str) -> None:
    with pytest.raises(OptionRefused) as refused:
        check_value(PARAMS[option], value)
    assert refused.value.key == key
    assert refused.value.params["option"] == option


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("durchgaenge", 1),
        ("durchgaenge", 4),
        ("zeitablauf", "warten"),
        ("name", "x"),
        ("name", "x" * 80),
        ("grund", ""),
        ("grund", "x" * 200),
        ("mehr", True),
    ],
)
def test_values_within_the_declaration_pass(option: str, value: object) -> None:
    check_value(PARAMS[option], value)


def test_the_options_of_a_subcommand_are_found() -> None:
    data = {
        "name": "turnier",
        "options": [
            {"name": "erstellen", "type": 1, "options": [{"name": "name", "type": 3, "value": ""}]}
        ],
    }
    assert given_options(data) == {"name": ""}
    assert given_options({"name": "croupier"}) == {}
