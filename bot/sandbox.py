"""``croupier sandbox``: Croupier without Discord — the loopback Discord, the real bot on a
temporary SQLite database, and a terminal where one person plays several users.

Lines look like ``Anna> /v6 tisch durchgaenge=1``, ``Ben> Beitreten`` (a button, by its
label), ``Anna> wähle Fumo, Push your Pony`` (options of a select, by label). After each
line the new and changed messages are printed: the channel's, and the acting user's
private ones. ``--demo verflixte6`` plays a scripted Durchgang with fixed dice.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.app import Croupier
from bot.config import Settings
from bot.engine import AuditedRng
from bot.engine.rng import ScriptedDice
from bot.loopback import FakeDiscord, bot_running, fake_discord
from bot.loopback.state import Channel, Message, User
from bot.store import default_sqlite_url
from cogs import ui

PLAYERS = ("Anna", "Ben", "Cem", "Dora")
CHOOSE_WORDS = ("wähle", "choose")

HELP = """\
Sandbox: {names} sitzen im Kanal #spieltisch. Eine Zeile pro Aktion:
  Anna> /v6 tisch durchgaenge=1     ein Slash-Befehl (Optionen als name=wert)
  Ben> Beitreten                    einen Knopf drücken (nach seiner Beschriftung)
  Anna> wähle Fumo, Cherrys Höschen eine Auswahl treffen (nach den Beschriftungen)
  zeige                             den Kanal noch einmal zeigen
  ende                              beenden
"""

DEMO_DICE = (3, 2, 1, 4, 6, 4, 5, 2, 3)
DEMO_SCRIPT = (
    "Anna> /v6 tisch durchgaenge=1",
    "Ben> Beitreten",
    "Cem> Beitreten",
    "Anna> Starten",
    "Anna> Joker wählen & Freiwurf",
    "Anna> Ohne Joker",
    "Anna> weiter",
    "Anna> weiter",
    "Anna> wähle Ben",
    "Anna> stopp",
    "Ben> Joker wählen & Freiwurf",
    "Ben> Ohne Joker",
    "Ben> weiter",
    "Cem> Joker wählen & Freiwurf",
    "Cem> Ohne Joker",
    "Cem> weiter",
    "Cem> weiter",
    "Cem> weiter",
    "Cem> stopp",
)


class Sandbox:
    def __init__(self, fake: FakeDiscord, channel: Channel, users: dict[str, User], out: TextIO):
        self.fake, self.channel, self.users, self.out = fake, channel, users, out
        self.seen: dict[int, int] = {}  # message id -> edits already printed

    def _names(self, text: str) -> str:
        by_id = {str(u.id): name for name, u in self.users.items()}
        return re.sub(r"<@!?(\d+)>", lambda m: "@" + by_id.get(m[1], m[1]), text)

    def render(self, message: Message) -> str:
        lines = [self._names(message.text())]
        for row in message.components:
            parts = []
            for item in row.get("components", []):
                if item.get("type") == 2:
                    parts.append(f"[{item.get('label', '')}]")
                else:
                    labels = ", ".join(o["label"] for o in item.get("options", []))
                    parts.append(f"{{{item.get('placeholder', '')}: {labels}}}")
            lines.append("   " + " ".join(parts))
        return "\n".join(lines)

    def show_news(self, user: User | None) -> None:
        messages = self.fake.channel_messages(self.channel)
        private = self.fake.private_messages(user) if user else []
        for message in [*messages, *private]:
            if self.seen.get(message.id) == message.edits:
                continue
            where = (
                "#spieltisch"
                if message.visibility == "public"
                else f"nur für {user.name if user else '?'}"
            )
            changed = " (geändert)" if message.id in self.seen else ""
            self.seen[message.id] = message.edits
            body = self.render(message).replace("\n", "\n   ")
            self.out.write(f"── {where}{changed}\n   {body}\n")
        self.out.flush()

    def _latest_with(
        self, user: User, wanted: Iterable[str], kind: int
    ) -> tuple[Message, dict[str, Any]]:
        """The newest message the user sees with a component matching ``wanted`` labels."""
        wanted = [w.casefold() for w in wanted]
        candidates = [*self.fake.visible_to(user, self.channel), *self.fake.private_messages(user)]
        for message in sorted(candidates, key=lambda m: m.id, reverse=True):
            for row in message.components:
                for item in row.get("components", []):
                    if item.get("type") != kind or item.get("disabled"):
                        continue
                    labels = (
                        [item.get("label", "")]
                        if kind == 2
                        else [o["label"] for o in item["options"]]
                    )
                    if all(any(w == label.casefold() for label in labels) for w in wanted):
                        return message, item
        raise LookupError("nichts davon zu sehen: " + ", ".join(wanted))

    async def line(self, text: str) -> bool:
        """Run one input line; False ends the sandbox."""
        text = text.strip()
        if not text or text.startswith("#"):
            return True
        if text.lower() in ("ende", "quit", "exit"):
            return False
        if text.lower() in ("zeige", "show"):
            self.seen.clear()
            self.show_news(None)
            return True
        if ">" not in text:
            self.out.write(HELP.format(names=", ".join(self.users)))
            return True
        name, _, said = (part.strip() for part in text.partition(">"))
        user = self.users.get(name)
        if user is None:
            self.out.write(f"Wer ist {name}? Es spielen: {', '.join(self.users)}\n")
            return True
        self.out.write(f"{name}> {said}\n")
        try:
            await self._act(user, said)
        except (LookupError, ValueError, TypeError) as exc:
            self.out.write(f"   ✗ {exc}\n")
        await ui.settled()
        self.show_news(user)
        return True

    async def _act(self, user: User, said: str) -> None:
        if said.startswith("/"):
            command, options = _parse_command(said[1:])
            await self.fake.slash(user, self.channel, command, **options)
            return
        first, _, rest = said.partition(" ")
        if first.lower() in CHOOSE_WORDS:
            labels = [label.strip() for label in rest.split(",") if label.strip()]
            message, item = self._latest_with(user, labels, 3)
            by_label = {o["label"].casefold(): o["value"] for o in item["options"]}
            values = [by_label[label.casefold()] for label in labels]
            await self.fake.select(user, message, item["custom_id"], values)
            return
        message, item = self._latest_with(user, [said], 2)
        await self.fake.click(user, message, item["custom_id"])


def _parse_command(text: str) -> tuple[str, dict[str, object]]:
    words: list[str] = []
    options: dict[str, object] = {}
    for word in text.split():
        if "=" in word:
            key, _, value = word.partition("=")
            options[key] = int(value) if value.lstrip("-").isdigit() else value
        else:
            words.append(word)
    return " ".join(words), options


async def run(demo: str | None, lines: Iterable[str] | None, out: TextIO) -> int:
    dice = ScriptedDice(DEMO_DICE) if demo else None
    with tempfile.TemporaryDirectory(prefix="croupier-sandbox-") as folder:
        async with fake_discord() as fake:
            guild = fake.add_guild("Sandbox")
            channel = fake.add_channel(guild, "spieltisch")
            users = {name: fake.add_user(name, guild=guild) for name in PLAYERS}
            url = default_sqlite_url(Path(folder) / "sandbox.sqlite3")
            settings = Settings("sandbox-token", url, guild.id, "WARNING")
            bot = Croupier(settings, rng_factory=dice or AuditedRng)
            async with bot_running(fake, bot):
                sandbox = Sandbox(fake, channel, users, out)
                out.write(HELP.format(names=", ".join(users)))
                if demo:
                    out.write("Demo: die Würfel sind festgelegt, damit man alles einmal sieht.\n")
                source = DEMO_SCRIPT if demo else lines
                if source is None:
                    await _interactive(sandbox)
                else:
                    for text in source:
                        if not await sandbox.line(text):
                            break
            problems = list(fake.violations)
    for problem in problems:
        out.write(f"Discord-Regel verletzt: {problem}\n")
    return 1 if problems else 0


async def _interactive(sandbox: Sandbox) -> None:
    while True:
        sandbox.out.write("> ")
        sandbox.out.flush()
        text = await asyncio.to_thread(sys.stdin.readline)
        if not text or not await sandbox.line(text):
            return


def main(demo: str | None, script: Sequence[str] | None = None) -> int:
    if demo not in (None, "verflixte6"):
        sys.stderr.write(f"croupier sandbox: no demo {demo!r} (known: verflixte6)\n")
        return 2
    return asyncio.run(run(demo, script, sys.stdout))
