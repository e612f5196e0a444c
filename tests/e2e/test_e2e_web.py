"""``/web an|aus``: a host turns the server's pages on (a new link, answered to him
alone) and off; anyone else is refused, privately, and nothing changes."""

from __future__ import annotations

from bot.i18n import t
from tests.e2e.test_e2e_permissions import MANAGE_GUILD, refused
from tests.helpers.e2e_table import Table


def web_key(table: Table) -> str | None:
    assert table.bot is not None
    return table.bot.service.store.guild_web_key(table.guild.id)


async def test_a_player_who_is_no_host_is_refused(table: Table) -> None:
    assert await refused(table, table.ben, "web", zustand="an") == t("ui.host_only")
    assert web_key(table) is None


async def test_a_host_turns_the_pages_on_and_gets_the_path_privately(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    answer = await table.slash(table.anna, "web", zustand="an")
    key = web_key(table)
    assert key is not None
    assert answer.message.visibility == "ephemeral" and answer.message.audience == table.anna.id
    assert answer.message.content == t("web.turned_on_path", link=f"/s/{key}")
    assert table.public() == []


async def test_with_public_url_the_answer_is_a_whole_link_and_off_kills_it(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    assert table.bot is not None
    table.bot.public_url = "https://croupier.example"
    await table.slash(table.anna, "web", zustand="an")
    first = web_key(table)
    answer = await table.slash(table.anna, "web", zustand="an")
    second = web_key(table)
    assert first and second and first != second  # a new link: the old one is dead
    assert answer.message.content == t("web.turned_on", link=f"https://croupier.example/s/{second}")
    off = await table.slash(table.anna, "web", zustand="aus")
    assert off.message.content == t("web.turned_off")
    assert web_key(table) is None
    assert table.bot.service.directory.web_guild(second) is None
