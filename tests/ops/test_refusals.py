"""Every refusal is said through one place (``cogs.pipeline.replies.say_refusal``) and so
counted in ``croupier_refusals_total`` by its text key: one test per way a refusal is said,
on the real bot and the loopback Discord."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from bot.app import Croupier
from bot.render.onlooker_buttons import WATCH
from tests.e2e.test_e2e_ended import TABLE_EDIT, press_leftover
from tests.e2e.test_e2e_permissions import HOST_COMMANDS, MANAGE_GUILD, TOURNAMENT_TOOLS, refused
from tests.helpers.e2e_play import prompt_left_across_a_restart
from tests.helpers.e2e_table import Table
from tests.ops.test_metrics import by_label, scraped

ROOT = Path(__file__).resolve().parents[2]


def refusals(bot: Croupier | None) -> dict[str, float]:
    return by_label(scraped(bot), "croupier_refusals_total", "reason")


async def test_a_refused_click_is_counted(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    await table.press(table.cem, "begin")  # not his table
    assert refusals(table.bot) == {"game.not_a_player": 1}


async def test_every_refused_host_command_is_counted(table: Table) -> None:
    """The host tools of every cog (v6, tisch, sprache, croupierrolle, turnier)."""
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    users = {"anna": table.anna, "ben": table.ben, "cem": table.cem}
    for command, options in HOST_COMMANDS:
        resolved = {k: users.get(v, v) if isinstance(v, str) else v for k, v in options.items()}
        await refused(table, table.ben, command, **resolved)
    counted = refusals(table.bot)
    assert sum(counted.values()) == len(HOST_COMMANDS)
    assert set(counted) == {"ui.host_only", "ui.table_host_only"}


async def test_every_refused_tournament_tool_is_counted(table: Table) -> None:
    table.cem.permissions |= MANAGE_GUILD
    await table.slash(table.cem, "turnier erstellen", name="Herbstcup")
    for command, options in TOURNAMENT_TOOLS:
        resolved = {k: table.anna if v == "anna" else v for k, v in options.items()}
        await refused(table, table.ben, command, **resolved)
    assert refusals(table.bot) == {"tour.host_only": len(TOURNAMENT_TOOLS)}


async def test_a_command_refused_by_the_tree_and_one_without_a_game_are_counted(
    table: Table,
) -> None:
    await table.fake.slash_unchecked(table.anna, table.channel, "v6 tisch", durchgaenge=0)
    await table.settled()
    await table.slash(table.anna, "weiter")  # no table here
    assert refusals(table.bot) == {"ui.option.range": 1, "ui.no_table": 1}


async def test_a_leftover_control_of_an_ended_game_is_counted(table: Table) -> None:
    await table.open_game("v6 tisch")
    card = table.table_message()
    table.fake.fail_next("PATCH", TABLE_EDIT, status=403)  # the table's edit is lost
    await table.slash(table.anna, "tisch beenden")
    await press_leftover(table, table.ben, table.fake.messages[card.id])
    assert refusals(table.bot) == {"game.over": 1}


async def test_a_control_no_game_knows_is_counted(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    assert table.bot is not None
    table.bot.router.remove("verflixte6")  # its clicks are unknown from now on
    answer = await table.press(table.anna, "begin")
    assert answer.message is not None and answer.message.visibility == "ephemeral"
    assert refusals(table.bot) == {"game.stale": 1}


async def test_a_player_who_would_watch_his_own_table_is_counted(table: Table) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    await table.press(table.ben, WATCH)
    assert refusals(table.bot) == {"spectate.playing": 1}


async def test_a_prompt_closed_as_a_refusal_is_counted(table: Table) -> None:
    """A prompt left open across a restart closes itself when clicked: the refusal's
    answer is the closing, and it is counted all the same."""
    async with prompt_left_across_a_restart(table) as (_, late):
        assert late.response_type == 7  # closed, not answered with a message
        assert refusals(table.bot) == {"game.stale": 1}


def _calls(tree: ast.AST, name: str) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) == name or getattr(node.func, "attr", None) == name)
    ]


def test_only_the_one_place_counts_a_refusal() -> None:
    """``bot.ops.answers.refused`` (the count) is called in ``say_refusal`` alone; a cog
    that answered a refusal by itself would say it uncounted."""
    callers: dict[str, list[int]] = {}
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        lines = _calls(ast.parse(path.read_text()), "refused")
        if lines:
            callers[str(path.relative_to(ROOT))] = lines
    assert list(callers) == ["cogs/pipeline/replies.py"], callers
    replies = ast.parse((ROOT / "cogs/pipeline/replies.py").read_text())
    counting: list[Any] = [
        node.name
        for node in ast.walk(replies)
        if isinstance(node, ast.AsyncFunctionDef) and _calls(node, "refused")
    ]
    assert counting == ["say_refusal"]
