"""No level may log a secret: a game of each kind played at ``LOG_LEVEL=DEBUG`` through
the bot's own log handler (bot.ops.logs.handler: its fields, its redaction, its JSON
format), and the log searched for every secret the games produced:

- every interaction's token (Discord's, in the URLs of callbacks and follow-ups and in
  each ``INTERACTION_CREATE``), and the bot's token;
- every line of every private text (an ephemeral answer, a DM, a form), as each version
  of the message read, unless a public message showed the same line;
- every hidden hand, cup, bet and balance, in each form the leak scan
  (tests/helpers/leaks.py) knows them to be written in (its templates, card labels, dice
  lists), while it was hidden;
- every game's seed that no public message showed (it decides every die and card to come
  until the game's end card shows it).

The players are the curious ones of tests/helpers/curious.py: they press whatever they are
offered, so private prompts, refusals, forms and DMs of every kind come up.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.plugins import register, unregister
from loopback import fake_discord, tasks_left_behind
from loopback.entities import Message
from tests.fifth_game.hilo import PLUGIN as HILO
from tests.helpers import curious
from tests.helpers.curious import casual, curious_run
from tests.helpers.debug_log import debug_log as caught
from tests.helpers.leaks import forms, message_texts

BOT_TOKEN = "MTE5NTc4.GxRkQp.bot-token-of-the-test-ZmFrZS1zZWNyZXQ"  # a token's shape
FOREIGN = ("loopback", "aiohttp.access", "aiohttp.server", "aiohttp.web")
"""The fake Discord's own loggers: not the bot's (it runs in this process)."""
SHORTEST = 12
"""Private lines shorter than this are not searched for (a number, "OK", a bare name)."""


class PrivateTexts:
    """Every line of every version of every private message and form, as sent."""

    def __init__(self, fake: Any) -> None:
        self.private: set[str] = set()
        self.public: set[str] = set()
        original = fake.apply

        def apply(message: Message, payload: Any, files: Any, *, creating: bool) -> None:
            original(message, payload, files, creating=creating)
            shown = self.public if message.visibility == "public" else self.private
            shown.update(_lines(message_texts(message)))

        fake.apply = apply

    def secrets(self, fake: Any) -> set[str]:
        for interaction in fake.forms:  # modals: a bet form shows the bettor's balance
            if interaction.modal is not None:
                modal = interaction.modal
                self.private.update(_lines([modal.get("title", ""), json.dumps(modal)]))
        return {line for line in self.private - self.public if len(line) >= SHORTEST}


def _lines(texts: list[str]) -> Iterator[str]:
    for text in texts:
        for line in str(text).splitlines():
            if line.strip():
                yield line.strip()


@pytest.fixture
def debug_log(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The root logger at DEBUG into the bot's own handler (JSON), as ``croupier run``
    with ``LOG_LEVEL=DEBUG LOG_FORMAT=json`` sets it up, the bot's token its secret."""
    # the curious players' bot logs in with the token the fake demands
    running = curious.bot_running
    monkeypatch.setattr(curious, "bot_running",
                        lambda fake, bot: running(fake, bot, token=BOT_TOKEN))  # fmt: skip
    register(HILO)
    monkeypatch.setitem(curious.GAMES, "hilo", ("hilo tisch", {}))
    try:
        with caught(secrets=[BOT_TOKEN], leave_out=FOREIGN) as out:
            yield out
    finally:
        unregister(HILO.kind)


def found_in(log: str, secret: str) -> str | None:
    at = log.find(secret)
    return None if at < 0 else log[max(0, at - 150) : at + len(secret) + 50]


async def test_the_debug_log_of_a_game_of_each_kind_holds_no_secret(
    tmp_path: Path, debug_log: io.StringIO
) -> None:
    async with fake_discord() as fake:
        fake.bot_token = BOT_TOKEN  # the fake refuses any other: the bot did send it
        texts = PrivateTexts(fake)
        async with curious_run(fake, tmp_path, seed=44, players=4) as run:
            for kind, players in (("verflixte6", 2), ("teufel", 3), ("flaschenteufel", 3),
                                  ("dicedevils", 3), ("hilo", 2)):  # fmt: skip
                await casual(run, kind, players, steps=350)
            assert run.scan is not None
            scan = run.scan
            seeds = {row.seed for row in run.service.store.open_games()}
            seeds |= {run.service.store.get(game).seed for game in scan.games}
        tokens = set(fake.by_token)
        private = texts.secrets(fake)
    # a game's end card shows its seed (anyone may check the draws then): not a secret
    seeds = {seed for seed in seeds if not any(seed in line for line in texts.public)}
    assert await tasks_left_behind() == []
    log = debug_log.getvalue()
    entries = [json.loads(line) for line in log.splitlines()]  # every line one JSON object
    assert len(entries) > 1000, len(entries)  # DEBUG: discord.py's every call and event
    assert {"discord.http", "discord.gateway", "discord.webhook.async_"} <= {
        e["logger"] for e in entries
    }
    assert run.games == 5 and set(scan.games.values()) >= {
        "verflixte6", "teufel", "flaschenteufel", "dicedevils", "hilo"}  # fmt: skip
    print(f"{len(entries)} log lines, {len(tokens)} tokens, {len(private)} private lines, "
          f"{len(seeds)} unrevealed seeds")  # fmt: skip
    assert len(tokens) > 100 and len(private) > 50, (len(tokens), len(private))

    leaks: dict[str, list[str]] = {}
    for kind, found in (("the bot's token", [BOT_TOKEN]), ("a token", tokens),
                        ("a private line", private), ("a seed", seeds)):  # fmt: skip
        for secret in found:
            hit = found_in(log, secret)
            if hit:
                leaks.setdefault(kind, []).append(f"{secret!r}: …{hit}…")
    hidden = {  # each value once, however many versions of its game hid it
        (secret, moment.locale)
        for moments in scan._history.values()
        for moment in moments.values()
        for secret in moment.secrets
    }
    for secret, locale in hidden:
        for form, pattern in forms(secret, locale):
            if form.startswith("<@"):  # a mention and a number: a text's, not a log's
                continue
            if match := pattern.search(log):
                excerpt = log[max(0, match.start() - 150) : match.end() + 50]
                leaks.setdefault("a hidden value", []).append(f"{secret} as {form!r}: …{excerpt}…")
    print(f"{len(hidden)} hidden values looked for in every form")
    assert len(hidden) > 50, len(hidden)
    assert leaks == {}, "secrets in the DEBUG log:\n" + "\n".join(
        f"{len(found)} × {kind}, e.g. {found[0]}" for kind, found in leaks.items()
    )
