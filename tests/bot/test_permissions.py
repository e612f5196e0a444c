"""What the bot needs in a channel (bot/permissions.py): the pure check, the host's notice,
and the README's invite permissions, which must list exactly these."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.i18n import has_text
from bot.permissions import NEEDS, Told, missing, needed, notice

README = Path(__file__).resolve().parents[2] / "README.md"
ALL = sum(need.bit for need in NEEDS)


def flags(needs: tuple[object, ...]) -> list[str]:
    return [need.flag for need in needs]  # type: ignore[attr-defined]


def test_every_bit_is_discords_own() -> None:
    """Each need's bit is discord.py's flag of that name (Create Events is 1 << 44)."""
    for need in NEEDS:
        assert getattr(discord.Permissions, need.flag).flag == need.bit, need.flag
    assert [n.bit for n in NEEDS if n.flag == "create_events"] == [1 << 44]


def test_a_table_needs_less_than_a_tournament() -> None:
    table = flags(needed("table"))
    assert table == [
        "view_channel", "send_messages", "embed_links", "attach_files", "read_message_history",
    ]  # fmt: skip
    tournament = flags(needed("tournament"))
    assert tournament[: len(table)] == table
    assert set(tournament) - set(table) == {
        "create_public_threads", "send_messages_in_threads", "manage_threads", "create_events",
    }  # fmt: skip


def test_missing_names_exactly_what_lacks() -> None:
    assert missing(ALL, "tournament") == ()
    without = ALL & ~(1 << 35) & ~(1 << 44)
    assert flags(missing(without, "tournament")) == ["create_public_threads", "create_events"]
    assert missing(without, "table") == ()  # a table needs neither threads nor events
    assert flags(missing(0, "table")) == flags(needed("table"))
    assert flags(missing(ALL & ~(1 << 15), "table")) == ["attach_files"]


def test_an_administrator_lacks_nothing() -> None:
    assert missing(1 << 3, "tournament") == ()


def test_in_a_thread_sending_is_send_messages_in_threads() -> None:
    table = sum(need.bit for need in needed("table"))
    in_thread = table & ~(1 << 11) | (1 << 38)
    assert missing(in_thread, "table", in_thread=True) == ()
    assert flags(missing(in_thread, "table")) == ["send_messages"]
    assert flags(missing(table, "table", in_thread=True)) == ["send_messages"]


@pytest.mark.parametrize("locale", ["de", "en"])
def test_every_need_has_its_name_and_reason_in_both_languages(locale: str) -> None:
    for need in NEEDS:
        assert has_text(f"perm.{need.flag}", locale), need.flag
        assert has_text(f"perm.{need.flag}.why", locale), need.flag


def test_the_notice_lists_each_missing_permission_once() -> None:
    lacking = missing(ALL & ~(1 << 35) & ~(1 << 44), "tournament")
    german = notice(lacking, "de")
    assert "**Öffentliche Threads erstellen**" in german and "**Events erstellen**" in german
    assert german.count("• ") == 2
    english = notice(lacking, "en")
    assert "**Create Public Threads**" in english and "**Create Events**" in english


def test_a_notice_is_given_once_per_channel_and_missing_set() -> None:
    told = Told()
    events = missing(ALL & ~(1 << 44), "tournament")
    assert told.first(1, 10, events)
    assert not told.first(1, 10, events)
    assert told.first(1, 11, events)  # another channel
    assert told.first(1, 10, missing(0, "tournament"))  # more missing: told again


def test_the_readme_lists_exactly_these_permissions() -> None:
    text = README.read_text(encoding="utf-8")
    lines = {
        scope: re.search(rf"^\s*- {re.escape(label)}: (.+)$", text, re.MULTILINE)
        for scope, label in (("table", "every table"), ("tournament", "tournaments, too"))
    }
    table, tournament = (m.group(1).split(", ") if m else [] for m in lines.values())
    assert table == [n.name for n in needed("table")]
    assert tournament == [n.name for n in needed("tournament") if n.scope == "tournament"]
    assert f"the integer `{ALL}`" in text
