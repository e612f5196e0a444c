"""A table's message as the processes know it: the newest of its messages, whichever
process posted it and whatever version its notice names (issue 44)."""

from __future__ import annotations

from bot.cluster.notices import GameNotice
from bot.service import Service
from bot.store import Store


async def test_a_notice_of_a_newer_message_is_taken_over_and_an_older_one_is_not(
    store: Store,
) -> None:
    service = Service(store)
    opened = await service.create("verflixte6", ["1", "2"], {}, guild_id=5 << 22)
    game, version = opened.game_id, opened.version
    service.tables.set_message(game, 200)

    def notice(message_id: int, at: int) -> GameNotice:
        return GameNotice(game, at, "open", 5 << 22, message_id, False, True, False)

    service.noticed(notice(300, version - 1), lambda guild: True)  # its notice came late
    assert service.tables.get(game).row.message_id == 300
    service.noticed(notice(250, version), lambda guild: True)  # an older message
    assert service.tables.get(game).row.message_id == 300
