"""Transcripts a person reads: a game played through the loopback Discord, written down as
its players saw it (tests/test_transcripts.py compares them with tests/transcripts/).

:class:`Recorder` watches the fake Discord: every version of every message (a public one in
its channel or thread, an ephemeral answer, a DM), every form the bot opens, every deleted
message, in the order Discord got them. :class:`Transcript` is the players' side: each
command, button, choice and form goes into the transcript as a line ``> Anna drückt
„weiter“`` before it is sent, and returns once the bot is done with it.

What Discord shows differently from what the bot sends is shown as Discord shows it:
mentions as ``@Anna`` and ``#channel`` where Discord resolves them (a message's text, an
embed's description and field values) and raw elsewhere (an embed's title, author, field
names and footer, buttons, selects, forms), with the name for the id: ``<@Anna>``;
timestamps ``<t:…:F>`` in Europe/Berlin as the sandbox shows them (relative ones against
:data:`NOW`); slash commands
and their options under the names the reader's Discord gives them. An edit that changes
nothing a player sees is one line. Ids that are none of these (a message link) are
numbered in order of appearance, so the text is the same in every run.

:class:`FixedChance` makes chance the same in every run: the dice a test scripts, and for
every other draw a seed fixed per table in the order tables are opened, with a constant
nonce (the audited RNG's other input, normally the interaction id); :func:`fixed_keys` the
tables' keys of pseudonyms, so that the hash chain's head shown is the same in every run.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from unittest import mock

import discord.utils

import bot.store.repository
import loopback.world
from bot.engine import AuditedRng
from bot.engine.rng import ScriptedDice
from loopback import FakeDiscord, timestamps
from loopback.entities import (
    BUTTON,
    CONTAINER,
    DISCORD_EPOCH_MS,
    LOADING,
    SELECT_TYPES,
    Channel,
    Interaction,
    Message,
    Snowflakes,
    User,
    iter_components,
)
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table

NOW = datetime(2026, 3, 14, 18, 0, tzinfo=UTC)  # "now" for relative timestamps (<t:…:R>)
NONCE = "transcript"

# The words of the transcript around the bot's texts, in the transcript's language.
WORDS: dict[str, dict[str, str]] = {
    "de": {
        "private": "privat",
        "dm": "DM",
        "edited": "bearbeitet",
        "unchanged": "bearbeitet, nichts geändert",
        "deleted": "gelöscht",
        "form": "Formular",
        "presses": "{user} drückt {label}",
        "chooses": "{user} wählt {labels}",
        "fills": "{user} füllt das Formular aus: {values}",
        "quote": "„{}“",
        "types": "{user}: {command}",
        "field": "{label}: ____",
        "time": "Die Zeit vergeht: {when}",
    },
    "en": {
        "private": "private",
        "dm": "DM",
        "edited": "edited",
        "unchanged": "edited, nothing changed",
        "deleted": "deleted",
        "form": "form",
        "presses": "{user} presses {label}",
        "chooses": "{user} chooses {labels}",
        "fills": "{user} fills in the form: {values}",
        "quote": "“{}”",
        "types": "{user}: {command}",
        "field": "{label}: ____",
        "time": "Time passes: {when}",
    },
    "fr": {
        "private": "privé",
        "dm": "MP",
        "edited": "modifié",
        "unchanged": "modifié, rien de changé",
        "deleted": "supprimé",
        "form": "formulaire",
        "presses": "{user} appuie sur {label}",
        "chooses": "{user} choisit {labels}",
        "fills": "{user} remplit le formulaire : {values}",
        "quote": "« {} »",
        "types": "{user} : {command}",
        "field": "{label} : ____",
        "time": "Le temps passe : {when}",
    },
}
DISCORD_LOCALE = {"de": "de", "en": "en-US", "fr": "fr"}  # a player's Discord, by language
USER_MENTION = re.compile(r"<@!?(\d+)>")
CHANNEL_MENTION = re.compile(r"<#(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
SNOWFLAKE = re.compile(r"(?<!\d)\d{17,20}(?!\d)")


class FixedSnowflakes(Snowflakes):
    """Ids as Discord makes them at :data:`NOW`, one after the other: the same in every
    run (a player's id is part of what the log's hash chain and a bet's seal cover)."""

    def __init__(self) -> None:
        super().__init__()
        self._last = (int(NOW.timestamp() * 1000) - DISCORD_EPOCH_MS) << 22

    def next(self) -> int:
        self._last += 1
        return self._last


class FixedChance(ScriptedDice):
    """Scripted dice (``add``), and for every other draw a seed fixed per table.

    The service asks for a table's first RNG with a fresh random seed; the n-th such seed
    is replaced by ``sha256("<name> <n>")``, which the table then keeps (the service passes
    its stored seed back). Every draw gets the same nonce, so the seed hash on the lobby
    card, each tile, card and deal and the revealed seed are the same in every run."""

    def __init__(self, name: str, *, d6_only: bool = True) -> None:
        super().__init__(d6_only=d6_only)
        self.name = name
        self.fixed: dict[bytes, bytes] = {}  # a fresh seed -> the fixed one
        self.known: set[bytes] = set()

    def __call__(self, seed: bytes, counter: int = 0, nonce: str = "") -> AuditedRng:
        if seed not in self.known:
            if seed not in self.fixed:
                number = len(self.fixed) + 1
                self.fixed[seed] = hashlib.sha256(f"{self.name} {number}".encode()).digest()
                self.known.add(self.fixed[seed])
            seed = self.fixed[seed]
        return super().__call__(seed, counter, NONCE)


@contextlib.contextmanager
def fixed_keys(name: str) -> Iterator[None]:
    """The n-th table's secret key of pseudonyms (bot.engine.chain) is ``sha256("<name> key
    <n>")``, in the order tables are opened, instead of a random one."""
    made = iter(range(1, 1_000_000))

    def key() -> str:
        return hashlib.sha256(f"{name} key {next(made)}".encode()).hexdigest()

    with mock.patch.object(bot.store.repository, "new_actor_key", key):
        yield


@contextlib.asynccontextmanager
async def fixed_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord whose ids are :class:`FixedSnowflakes`."""
    with mock.patch.object(loopback.world, "Snowflakes", FixedSnowflakes):
        fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@contextlib.contextmanager
def discord_now() -> Iterator[None]:
    """discord.py's clock at :data:`NOW` (what a command writes into the log as its "now",
    e.g. ``/turnier termin``): only around one command."""
    with mock.patch.object(discord.utils, "utcnow", lambda: NOW):
        yield


def discord_time(stamp: int, style: str, language: str) -> str:
    """A Discord timestamp as a reader of ``language`` sees it in Berlin at :data:`NOW`
    (as the sandbox shows it)."""
    return timestamps.shown(stamp, style, language, NOW)


@dataclass
class Recorder:
    """What the players see, in order: each message version, form and deletion."""

    fake: FakeDiscord
    language: str
    blocks: list[str] = field(default_factory=list)
    shown: dict[int, list[str]] = field(default_factory=dict)  # message -> its last body
    ids: dict[str, str] = field(default_factory=dict)  # other ids, numbered

    @property
    def words(self) -> dict[str, str]:
        return WORDS[self.language]

    def install(self) -> Recorder:
        apply, delete = self.fake.apply, self.fake.delete_message

        def applied(message: Message, payload: Any, files: Any, *, creating: bool) -> None:
            new = creating or bool(message.flags & LOADING)  # a deferred answer's first text
            apply(message, payload, files, creating=creating)
            self.message(message, edited=not new and message.id in self.shown)

        def deleted(message: Message) -> None:
            delete(message)
            self.blocks.append(f"{self.where(message)} ({self.words['deleted']})")

        self.fake.apply = applied  # type: ignore[method-assign]
        self.fake.delete_message = deleted  # type: ignore[method-assign]
        return self

    # -- what the players do ----------------------------------------------------------------
    def note(self, line: str) -> None:
        self.blocks.append("> " + line)

    def quote(self, text: str) -> str:
        return self.words["quote"].format(self.readable(text, mentions=False))

    # -- what the bot shows -----------------------------------------------------------------
    def where(self, message: Message) -> str:
        if message.visibility == "ephemeral":
            return f"[{self.words['private']} → {self.name(message.audience)}]"
        if message.visibility == "dm":
            return f"[{self.words['dm']} → {self.name(message.audience)}]"
        channel = self.fake.channels.get(message.channel_id)
        place = channel.name if channel is not None else "?"
        author = self.name(message.author_id)
        return f"[#{place}] {author}"

    def name(self, user_id: int | None) -> str:
        user = self.fake.users.get(user_id or 0)
        return user.name if user is not None else "?"

    def message(self, message: Message, *, edited: bool) -> None:
        """A message version as a block; an edit that changes nothing a player sees as one
        line naming the message by its first line."""
        body = self.body(message)
        before, self.shown[message.id] = self.shown.get(message.id), body
        if edited and body == before:
            first = body[0] if body else ""
            self.blocks.append(f"{self.where(message)} ({self.words['unchanged']}): {first}")
            return
        head = self.where(message) + (f" ({self.words['edited']})" if edited else "")
        self.blocks.append("\n".join([head, *body]))

    def body(self, message: Message) -> list[str]:
        lines = self.readable(message.content).splitlines() if message.content else []
        for embed in message.embeds:
            lines += self.embed(embed)
        rows: list[dict[str, Any]] = []
        below: list[str] = []  # a Components V2 text after the card (a new table's ping)
        for comp in message.components:
            if comp.get("type") == CONTAINER:
                lines += self.container(comp, message)
                rows += [c for c in comp.get("components") or [] if c.get("type") == 1]
            elif comp.get("type") == 1:
                rows.append(comp)
            elif comp.get("type") == 10:
                below += self.readable(str(comp.get("content", ""))).splitlines()
        for row in rows:
            lines += self.row(row)
        lines += below
        pictured = set(message.pictures())
        lines += [f"📎 {name}" for name in message.attachments if name not in pictured]
        return lines

    def container(self, container: dict[str, Any], message: Message) -> list[str]:
        """A Components V2 card as a box: its texts (``│``), its pictures (``🖼 name –
        alt text``) and a divider; its controls follow below the box."""
        inner: list[str] = []
        for comp in container.get("components") or []:
            kind = comp.get("type")
            if kind == 10:
                inner += self.readable(str(comp.get("content", ""))).splitlines()
            elif kind == 12:
                for item in comp.get("items") or []:
                    url = str((item.get("media") or {}).get("url", ""))
                    name = url.removeprefix("attachment://")
                    shown = name if name in message.attachments else f"{name} (fehlt)"
                    alt = self.readable(str(item.get("description") or ""), mentions=False)
                    inner.append(f"🖼 {shown}" + (f" – {alt}" if alt else ""))
        return ["╭", *(f"│ {line}".rstrip() for line in inner), "╰"]

    def embed(self, embed: dict[str, Any]) -> list[str]:
        """An embed as ``╭ title``, ``│`` lines (description; field names with ``▸``, their
        values indented) and ``╰ footer``."""
        inner: list[str] = []
        author = (embed.get("author") or {}).get("name")
        if author:
            inner.append(self.readable(str(author), mentions=False))
        if embed.get("description"):
            inner += self.readable(str(embed["description"])).splitlines()
        for fld in embed.get("fields") or []:
            inner.append("▸ " + self.readable(str(fld.get("name", "")), mentions=False))
            inner += ["  " + line for line in self.readable(str(fld.get("value", ""))).splitlines()]
        if embed.get("image"):
            inner.append("🖼 " + str(embed["image"].get("url", "")).rsplit("/", 1)[-1])
        title = self.readable(str(embed.get("title") or ""), mentions=False)
        footer = self.readable(str((embed.get("footer") or {}).get("text") or ""), mentions=False)
        return [
            f"╭ {title}".rstrip(),
            *(f"│ {line}".rstrip() for line in inner),
            f"╰ {footer}".rstrip(),
        ]

    def row(self, row: dict[str, Any]) -> list[str]:
        """An action row: its buttons on one line (``[label]``, a disabled one ``[~label~]``,
        a link ``[label ↗]``), a select as ``▾ placeholder`` with its options below."""
        buttons: list[str] = []
        lines: list[str] = []
        for item in row.get("components") or []:
            if item.get("type") == BUTTON:
                emoji = (item.get("emoji") or {}).get("name")
                label = " ".join(str(p) for p in (emoji, item.get("label")) if p)
                label = self.readable(label, mentions=False)
                if item.get("url"):
                    label += " ↗"
                buttons.append(f"[~{label}~]" if item.get("disabled") else f"[{label}]")
            elif item.get("type") in SELECT_TYPES:
                lines += self.select(item)
        return ([" ".join(buttons)] if buttons else []) + lines

    def select(self, item: dict[str, Any]) -> list[str]:
        placeholder = self.readable(str(item.get("placeholder") or ""), mentions=False)
        head = f"▾ {placeholder}" + (" ~" if item.get("disabled") else "")
        options = []
        for option in item.get("options") or []:
            text = self.readable(str(option.get("label", "")), mentions=False)
            if option.get("description"):
                text += " – " + self.readable(str(option["description"]), mentions=False)
            if option.get("default"):
                text += " ✓"
            options.append("  · " + text)
        return [head, *options]

    def form(self, user: User, interaction: Interaction) -> None:
        modal = interaction.modal or {}
        title = self.readable(str(modal.get("title")), mentions=False)
        lines = [f"[{self.words['form']} → {user.name}] {title}"]
        for field_ in form_fields(modal):
            label = self.readable(str(field_.get("label", "")), mentions=False)
            hint = self.readable(str(field_.get("placeholder") or ""), mentions=False)
            blank = self.words["field"].format(label=label)
            lines.append(f"  {blank}" + (f" ({hint})" if hint else ""))
        self.blocks.append("\n".join(lines))

    def readable(self, text: str, *, mentions: bool = True) -> str:
        """Mentions, timestamps and ids as the reader's Discord shows them. Where Discord
        shows mentions raw (``mentions=False``: an embed's title, author, field names and
        footer), they stay raw, with the name for the id: ``<@Anna>``, ``<#spieltisch>``."""
        if mentions:
            text = USER_MENTION.sub(lambda m: "@" + self.name(int(m[1])), text)
            text = CHANNEL_MENTION.sub(lambda m: "#" + self._channel(m), text)
        else:
            text = USER_MENTION.sub(lambda m: f"<@{self.name(int(m[1]))}>", text)
            text = CHANNEL_MENTION.sub(lambda m: f"<#{self._channel(m)}>", text)
        text = ROLE_MENTION.sub("@role", text)
        stamp = timestamps.STAMP
        text = stamp.sub(lambda m: discord_time(int(m[1]), m[2] or "f", self.language), text)
        return SNOWFLAKE.sub(self._numbered, text)

    def _channel(self, match: re.Match[str]) -> str:
        channel = self.fake.channels.get(int(match[1]))
        return channel.name if channel is not None else "?"

    def _numbered(self, match: re.Match[str]) -> str:
        known = self._known_name(int(match[0]))
        if known is not None:
            return known
        return self.ids.setdefault(match[0], f"<id {len(self.ids) + 1}>")

    def _known_name(self, snowflake: int) -> str | None:
        if snowflake in self.fake.users:
            return self.fake.users[snowflake].name
        if snowflake in self.fake.channels:
            return self.fake.channels[snowflake].name
        if snowflake in self.fake.guilds:
            return self.fake.guilds[snowflake].name
        return None

    def text(self) -> str:
        return "\n\n".join(self.blocks) + "\n"


def form_fields(modal: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in iter_components(modal.get("components") or []) if c.get("type") == 4]


@dataclass
class Transcript:
    """The players' side: every move written down, then made, then waited for."""

    table: Table
    recorder: Recorder
    place: Channel | None = None  # where commands are typed (default: the table's channel)
    forms: dict[int, Interaction] = field(default_factory=dict)

    @property
    def fake(self) -> FakeDiscord:
        return self.table.fake

    @property
    def channel(self) -> Channel:
        return self.place or self.table.channel

    async def settled(self) -> None:
        await self.table.settled()

    async def slash(self, user: User, command: str, **options: object) -> Interaction:
        """``/command`` as the player types it (command and option names as his Discord
        names them) in the current place."""
        typed = self.typed(user, command, options)
        self.recorder.note(self.recorder.words["types"].format(user=user.name, command=typed))
        done = await self.fake.slash(user, self.channel, command, **options)
        await self.settled()
        self._form(user, done)
        return done

    async def press(
        self, user: User, verb: str, message: Message | None = None, *, nth: int = 0
    ) -> Interaction:
        """The ``nth`` button with this verb on ``message`` (default: the newest message
        with buttons the user sees in the current place)."""
        target = message or self.newest(user)
        buttons = [
            c
            for c in iter_components(target.components)
            if c.get("type") == BUTTON and c.get("custom_id") and not c.get("disabled")
            if click_of(c["custom_id"]).verb == verb
        ]
        button = buttons[nth]
        words = self.recorder.words
        label = self.recorder.quote(str(button.get("label", "")))
        self.recorder.note(words["presses"].format(user=user.name, label=label))
        done = await self.fake.click(user, target, button["custom_id"])
        await self.settled()
        self._form(user, done)
        return done

    async def opened(self, user: User, verb: str, message: Message | None = None) -> Message:
        """Press a button that answers with a message (a private prompt): that message."""
        answer = (await self.press(user, verb, message)).message
        assert answer is not None, f"{verb} answered with no message"
        return answer

    async def choose(
        self, user: User, message: Message, values: Iterable[str], verb: str | None = None
    ) -> Interaction:
        """Pick ``values`` (option values) in the message's select (with ``verb``, else
        its first)."""
        selects = [
            c
            for c in iter_components(message.components)
            if c.get("type") in SELECT_TYPES and not c.get("disabled")
            if verb is None or click_of(c["custom_id"]).verb == verb
        ]
        select = selects[0]
        wanted = list(values)
        labels = {str(o["value"]): str(o["label"]) for o in select.get("options") or []}
        said = ", ".join(self.recorder.quote(labels.get(v, v)) for v in wanted)
        self.recorder.note(self.recorder.words["chooses"].format(user=user.name, labels=said))
        done = await self.fake.select(user, message, select["custom_id"], wanted)
        await self.settled()
        self._form(user, done)
        return done

    async def fill(self, user: User, values: dict[str, str]) -> Interaction:
        """Fill in and submit the form the bot opened for ``user`` (values by field id)."""
        opened = self.forms.pop(user.id)
        fields = {str(f.get("custom_id")): f for f in form_fields(opened.modal or {})}
        readable = self.recorder.readable
        said = ", ".join(
            f"{readable(str(fields[key].get('label', key)), mentions=False)} = {value}"
            for key, value in values.items()
        )
        self.recorder.note(self.recorder.words["fills"].format(user=user.name, values=said))
        done = await self.fake.submit_modal(user, opened, values)
        await self.settled()
        self._form(user, done)
        return done

    def narrate(self, moment: datetime) -> None:
        """A line that the time is now ``moment`` (for what the bot does by the clock)."""
        when = discord_time(int(moment.timestamp()), "F", self.recorder.language)
        self.recorder.note(self.recorder.words["time"].format(when=when))

    def newest(self, user: User, where: Channel | None = None) -> Message:
        """The newest message with enabled buttons or selects that ``user`` sees in
        ``where`` (default: the current place), his private ones included."""
        place = where or self.channel
        seen = [m for m in self.fake.visible_to(user, place) if m.custom_ids()]
        return max(seen, key=lambda m: m.id)

    def public(self, where: Channel | None = None) -> list[Message]:
        return self.fake.channel_messages(where or self.channel)

    def _form(self, user: User, interaction: Interaction) -> None:
        if interaction.response_type == 9 and interaction.modal is not None:
            self.forms[user.id] = interaction
            self.recorder.form(user, interaction)

    def typed(self, user: User, command: str, options: dict[str, object]) -> str:
        """``/v6 tisch durchgaenge=1`` as ``user``'s Discord shows the command."""
        locale = user.locale
        guild = self.fake.guilds.get(self.channel.guild_id or 0)
        level = (self.fake.commands(guild) if guild else []) + self.fake.commands(None)
        names: list[str] = []
        for word in command.split():
            entry = next((c for c in level if c.get("name") == word), None)
            if entry is None:
                names.append(word)
                level = []
                continue
            names.append(localized(entry, locale))
            level = list(entry.get("options") or [])
        shown = []
        for key, value in options.items():
            option = next((o for o in level if o.get("name") == key), None)
            name = localized(option, locale) if option else key
            shown.append(f"{name}={self.option_value(option, value, locale)}")
        return "/" + " ".join([*names, *shown])

    def option_value(self, option: dict[str, Any] | None, value: object, locale: str) -> str:
        if isinstance(value, User):
            return "@" + value.name
        for choice in (option or {}).get("choices") or []:
            if choice.get("value") == value:
                return localized(choice, locale)
        if isinstance(value, bool):
            return "True" if value else "False"
        return str(value)


def localized(entry: dict[str, Any], locale: str) -> str:
    names = entry.get("name_localizations") or {}
    return str(names.get(locale) or entry.get("name"))
