"""A commit that fails after the engine already changed the state in memory: the service
puts the last committed state back, so memory never runs ahead of the database."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from bot.engine import Action
from bot.service import Service
from bot.store import Store
from tests.helpers.engine_state import engine_state


async def test_a_failed_commit_restores_the_committed_state(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {})
    before = service.tables.current(game.game_id)

    def broken(*args: object, **kwargs: object) -> None:
        raise OperationalError("UPDATE games …", {}, Exception("disk I/O error"))

    with monkeypatch.context() as patch:
        patch.setattr(store, "append", broken)
        with pytest.raises(OperationalError):
            await service.act(game.game_id, "1", Action("jokers", {"jokers": []}))
    after = service.tables.current(game.game_id)
    assert after.public == before.public and after.version == before.version
    assert service.games["verflixte6"].dump(engine_state(service, game.game_id)) == (
        service.tables.stored_state(game.game_id)
    )
    moved = await service.act(game.game_id, "1", Action("jokers", {"jokers": []}))
    assert moved.version == before.version + 1  # the same action goes through afterwards
