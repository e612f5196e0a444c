"""The owner of a table's server and another process's versions of it (issue 44): while
they are owed here for their grace, this process's own marks cannot go past them; what
the other process delivered meanwhile is read every few seconds, so they go on (a clock
at another process's table waits for them: ``bot.play.turn_clocks``)."""

from __future__ import annotations

from typing import Any

from bot.cluster.notices import GameNotice
from bot.service import Service
from bot.store import Store
from cogs.pipeline.busy import Busy
from cogs.pipeline.prompts import PromptBook
from cogs.pipeline.redelivery import Redelivery
from cogs.pipeline.session import Sessions

GUILD = 5 << 22


async def test_what_another_process_delivered_lets_the_owners_marks_go_on(store: Store) -> None:
    owner, clock = Service(store), Service(Store(store.engine))
    game_id = (await owner.create("verflixte6", ["1", "2"], {}, guild_id=GUILD)).game_id
    owner.outbox.delivered(game_id, 1, durable=True)
    theirs = await _absent(clock, game_id)
    owner.noticed(GameNotice(game_id, theirs, "open", GUILD, None, True, False, False),
                  lambda guild: True)  # fmt: skip
    clock.outbox.delivered(game_id, theirs, durable=True)  # the clock's process drew it
    ours = await _absent(owner, game_id)  # then the owner's own click
    owner.outbox.delivered(game_id, ours)
    assert owner.outbox.pending()[game_id] == (1, ours)  # held back by theirs
    client: Any = None  # nothing is due: no Discord call
    sessions = Sessions(client, owner, {}, Busy(), PromptBook())
    assert await Redelivery(sessions).deliver_due() == 0
    assert game_id not in owner.outbox.pending()
    assert store.announced(game_id) == ours


async def _absent(service: Service, game_id: int) -> int:
    """Whoever is to act plays on as the absence rule would."""
    table = service.tables.get(game_id)
    player = service.tables.current(game_id).to_act[0]
    rule = service.games[table.row.kind].absence_action(
        table.state, table.row.players.index(player)
    )
    assert rule is not None
    return (await service.act(game_id, player, rule)).version
