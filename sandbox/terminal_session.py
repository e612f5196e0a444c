"""The sandbox's session: the users, the channel and its threads, and what each line does."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from loopback import FakeDiscord
    from loopback.entities import Channel, Interaction, Message, User

from bot.emoji_set import as_plain
from bot.i18n import normalize_locale, t
from loopback.driver import ClientRefusal
from loopback.timestamps import with_times
from sandbox.forms import Form
from sandbox.lines import (
    CHOOSE_WORDS,
    COMMENT,
    FORM_WORDS,
    PLACE_WORDS,
    SHOW_LIMIT,
    SHOW_WORDS,
    SPEAK_WORDS,
    USER_OPTION_TYPES,
    WAIT_WORDS,
    Ambiguous,
    help_text,
    option_by_label,
    option_kinds,
    parse_command,
    wanted_labels,
)
from sandbox.pictures import Pictures

WATCH_SECONDS = 0.25  # how often watch() looks for changes nobody typed
WAIT_SECONDS = 3  # "warte" without a number
MAX_WAIT_SECONDS = 60


class Sandbox:
    def __init__(
        self,
        fake: FakeDiscord,
        channel: Channel,
        users: dict[str, User],
        out: TextIO,
        stop: asyncio.Event | None = None,
        *,
        settled: Callable[[], Awaitable[None]] | None = None,
        pictures: Pictures | None = None,
    ):
        self.fake, self.channel, self.users, self.out = fake, channel, users, out
        self.pictures = pictures  # where the bot's pictures are saved (None: not saved)
        self.settled = settled or _no_wait  # until the bot is done with the last interaction
        self.home = channel  # #spieltisch; ``channel`` is where lines act (it or a thread)
        self.stop = stop or asyncio.Event()
        self.echo = True  # repeat each line (not when a terminal shows what was typed)
        self.seen: dict[int, int] = {}  # message id -> edits already printed
        self.forms: dict[int, Form] = {}  # user id -> the form open for him
        self.locale = "de"  # whose lines the sandbox reads out: the last to act (his Discord's)
        self.prompting = False  # "> " is shown and waits for a typed line
        self._busy = asyncio.Lock()  # a line is being played (watch() waits for it)

    def _names(self, text: str) -> str:
        """Mentions as names: users as @Name, channels and threads as #name; the app's
        emojis as the text they stand for (a die's digit, a card's number; an item's emoji
        left out before the item's name), which a terminal can show; bold marks left out
        (headings and small print are left out by ``Message.text``)."""
        by_id = {str(u.id): name for name, u in self.users.items()}
        text = as_plain(text).replace("**", "")  # bold, which a terminal cannot show
        text = re.sub(r"<@!?(\d+)>", lambda m: "@" + by_id.get(m[1], m[1]), text)

        def channel(match: re.Match[str]) -> str:
            found = self.fake.channels.get(int(match[1]))
            return "#" + (found.name if found is not None else match[1])

        return with_times(re.sub(r"<#(\d+)>", channel, text), self.locale)

    def places(self) -> list[Channel]:
        """#spieltisch and its threads (a tournament's groups), oldest first."""
        return [self.home, *self.fake.threads(self.home)]

    def switch(self, wanted: str) -> None:
        """``Anna> #name``: lines act in that thread (or back in #spieltisch) from now on."""
        name = wanted.lstrip("#").strip().casefold()
        found = [c for c in self.places() if c.name.casefold() == name]
        found = found or [c for c in self.places() if c.name.casefold().startswith(name)]
        if len(found) != 1:
            known = ", ".join("#" + c.name for c in self.places())
            what = "mehrere" if found else "keinen"
            raise LookupError(f"{what} Kanal „{wanted}“ – es gibt: {known}")
        self.channel = found[0]
        self.out.write(f"   jetzt in #{self.channel.name}\n")

    def show_places(self) -> None:
        for place in self.places():
            here = "  ← hier" if place is self.channel else ""
            count = t("sandbox.messages", self.locale, count=len(self.fake.channel_messages(place)))
            self.out.write(f"── #{place.name}: {count}{here}\n")

    def render(self, message: Message) -> str:
        """The message as the terminal shows it: its text, its pictures and files (each by
        the path it is saved at), its buttons and selects."""
        lines = [self._names(message.text())] if message.text() else []
        pictured = message.shown_media()
        files = dict(self.fake.attachment_files(message))

        def saved(name: str) -> str:
            data = files.get(name)
            if self.pictures is None or data is None:
                return name
            return str(self.pictures.save(name, data))

        for name, alt in pictured:
            lines.append(f"[Bild: {saved(name)} – {alt}]" if alt else f"[Bild: {saved(name)}]")
        shown = {name for name, _ in pictured}
        lines += [f"[Datei: {saved(name)}]" for name in message.attachments if name not in shown]
        for row in message.rows():
            parts = []
            for item in row.get("components", []):
                if item.get("type") == 2:
                    parts.append(f"[{item.get('label', '')}]")
                else:
                    labels = ", ".join(o["label"] for o in item.get("options", []))
                    placeholder = str(item.get("placeholder", "")).rstrip(": ")
                    parts.append(f"{{{placeholder}: {labels}}}")
            lines.append("   " + " ".join(parts))
        return "\n".join(lines)

    def _print(self, message: Message, where: str) -> None:
        self.seen[message.id] = message.edits
        body = self.render(message).replace("\n", "\n   ")
        self.out.write(f"── {where}\n   {body}\n")

    def show_news(self, user: User | None) -> None:
        """The channel's new and changed messages, and ``user``'s new private ones."""
        messages = [m for place in self.places() for m in self.fake.channel_messages(place)]
        private = self.fake.private_messages(user) if user else []
        for message in [*messages, *private]:
            if self.seen.get(message.id) == message.edits:
                continue
            where = (
                "#" + self._place_name(message)
                if message.visibility == "public"
                else f"nur für {user.name if user else '?'}"
            )
            changed = " (geändert)" if message.id in self.seen else ""
            self._print(message, where + changed)
        self.out.flush()

    def _place_name(self, message: Message) -> str:
        place = self.fake.channels.get(message.channel_id)
        return place.name if place is not None else "?"

    def show_now(self, user: User | None) -> None:
        """``zeige``: the channel's latest messages as they are now, and ``user``'s private
        ones and open form. What is printed counts as seen; nothing else changes, so the next
        action still shows only what is new."""
        shown = [(f"#{self.channel.name}", self.fake.channel_messages(self.channel))]
        if user is not None:
            shown.append((f"nur für {user.name}", self.fake.private_messages(user)))
        for where, messages in shown:
            older = len(messages) - SHOW_LIMIT
            if older > 0:
                self.out.write(f"── {where}: {older} ältere Nachrichten nicht gezeigt\n")
            if not messages:
                self.out.write(f"── {where}: keine Nachrichten\n")
            for message in messages[-SHOW_LIMIT:]:
                self._print(message, where)
        if user is not None and user.id in self.forms:
            self._show_form(user, self.forms[user.id])
        self.out.flush()

    def _show_form(self, user: User, form: Form) -> None:
        self.out.write(f"── Formular für {user.name}: {form.title}\n")
        for field in form.fields:
            choices = f" ({', '.join(field.options)})" if field.options else ""
            self.out.write(f"   {field.label}{choices}: ____\n")
        self.out.write(f"   ausfüllen und absenden: {user.name}> formular WERT\n")

    def _newest_first(self, user: User) -> list[Message]:
        candidates = [*self.fake.visible_to(user, self.channel), *self.fake.private_messages(user)]
        return sorted(candidates, key=lambda m: m.id, reverse=True)

    def _selects(self, user: User) -> list[tuple[Message, dict[str, Any]]]:
        """Every enabled select the user sees, with its message, newest first."""
        return [
            (message, item)
            for message in self._newest_first(user)
            for row in message.rows()
            for item in row.get("components", [])
            if item.get("type") == 3 and not item.get("disabled")
        ]

    def _select(self, user: User, wanted: list[str]) -> tuple[Message, dict[str, Any]]:
        """The newest select the user sees that has an option for each of ``wanted``."""
        ambiguous: Ambiguous | None = None
        for message, item in self._selects(user):
            try:
                for label in wanted:
                    option_by_label(item, label)
            except Ambiguous as exc:
                ambiguous = ambiguous or exc
                continue
            except LookupError:
                continue
            return message, item
        if ambiguous is not None:
            raise ambiguous
        raise LookupError("nichts davon zu sehen: " + ", ".join(w.lower() for w in wanted))

    def _button(self, user: User, said: str) -> tuple[Message, dict[str, Any], str] | None:
        """The newest enabled button labelled ``said`` — or labelled with its first words,
        the rest being a value for the form it opens (``Setzen 40``): message, button, rest.
        A whole-line label wins over a shorter one; among those, the newest message."""
        words = said.split()
        best: tuple[Message, dict[str, Any], str] | None = None
        best_length = 0
        for message in self._newest_first(user):
            for row in message.rows():
                for item in row.get("components", []):
                    if item.get("type") != 2 or item.get("disabled"):
                        continue
                    label = str(item.get("label", "")).split()
                    n = len(label)
                    if not label or n > len(words) or n <= best_length:
                        continue
                    if [w.casefold() for w in words[:n]] == [w.casefold() for w in label]:
                        best, best_length = (message, item, " ".join(words[n:])), n
        return best

    def _echo(self, text: str) -> None:
        if self.echo:
            self.out.write(text + "\n")

    async def watch(self, every: float = WATCH_SECONDS) -> None:
        """Show what changes in the channel while nobody types (a computer player's move, a
        clock's reminder) as it happens, not only after the next line; runs until cancelled."""
        while True:
            await asyncio.sleep(every)
            if self._busy.locked() or not self._unseen():
                continue
            async with self._busy:
                with contextlib.suppress(TimeoutError):
                    await self.settled()  # a delivery under way: shown when it is done
                if self.prompting:  # the "> " waiting for a line: the news go below it
                    self.out.write("\n")
                self.show_news(None)
                if self.prompting:
                    self.out.write("> ")
                    self.out.flush()

    def _unseen(self) -> bool:
        """Whether a message in the channel or its threads is new or changed since shown."""
        return any(
            self.seen.get(message.id) != message.edits
            for place in self.places()
            for message in self.fake.channel_messages(place)
        )

    async def line(self, text: str) -> bool:
        """Run one input line; False ends the sandbox."""
        text = COMMENT.sub("", text).strip()
        if not text or text.startswith("#"):
            return True
        if text.lower() in ("ende", "quit", "exit"):
            return False
        word, _, seconds = text.partition(" ")
        if word.lower() in WAIT_WORDS and (not seconds.strip() or seconds.strip().isdigit()):
            self._echo(text)  # "warte 5": the computers play meanwhile, shown by watch()
            await asyncio.sleep(min(int(seconds.strip() or WAIT_SECONDS), MAX_WAIT_SECONDS))
            return True
        async with self._busy:
            return await self._line(text)

    async def _line(self, text: str) -> bool:
        if text.lower() in SHOW_WORDS:
            self._echo(text)
            self.show_now(None)
            return True
        if text.lower() in PLACE_WORDS:
            self._echo(text)
            self.show_places()
            return True
        if ">" not in text:
            self.out.write(help_text(self.users))
            return True
        name, _, said = (part.strip() for part in text.partition(">"))
        user = self.users.get(name)
        if user is None:
            self.out.write(f"Wer ist {name}? Es spielen: {', '.join(self.users)}\n")
            return True
        if said.lower() in SHOW_WORDS:
            self._echo(f"{name}> {said}")
            self.show_now(user)
            return True
        word, _, code = said.partition(" ")
        if word.lower() in SPEAK_WORDS and code.strip():  # "Ben> spricht en-US"
            self._echo(f"{name}> {said}")
            user.locale = code.strip()
            self.out.write(f"   {name}s Discord spricht jetzt {user.locale}.\n")
            return True
        if said.startswith("#"):  # "Anna> #Sandbox Cup": lines act in that thread now
            self._echo(f"{name}> {said}")
            try:
                self.switch(said)
            except LookupError as exc:
                self.out.write(f"   ✗ {exc}\n")
            return True
        self._echo(f"{name}> {said}")
        self.locale = normalize_locale(user.locale)
        try:
            await self._act(user, said)
        except ClientRefusal as exc:  # what his Discord would refuse, in its language
            self.out.write(
                f"   ✗ {t(f'sandbox.refused.{exc.reason}', self.locale, **exc.params)}\n"
            )
        except (LookupError, ValueError, TypeError) as exc:
            self.out.write(f"   ✗ {exc}\n")
        await self.settled()
        self.show_news(user)
        if user.id in self.forms:
            self._show_form(user, self.forms[user.id])
        self.out.flush()
        return True

    async def _act(self, user: User, said: str) -> None:
        """A slash command; else a button by its label — a label wins over the words
        ``wähle``/``choose`` and ``formular``/``form`` ("Choose jokers & Freiwurf" is a
        button); else those words; else a value for the open form."""
        first, _, rest = said.partition(" ")
        button = None if said.startswith("/") else self._button(user, said)
        if first.lower() in FORM_WORDS and button is None:
            form = self.forms.get(user.id)
            if form is None:
                raise LookupError(f"{user.name} hat kein Formular offen")
            await self._submit(user, form, rest)
            return
        form = self.forms.get(user.id)
        choose = first.lower() in CHOOSE_WORDS and button is None
        typed_value = not said.startswith("/") and not choose
        if form is not None and button is None and typed_value:
            await self._submit(user, form, said)  # "Anna> 40" while her form is open
            return
        if form is not None:  # doing anything else closes the form, as in Discord
            del self.forms[user.id]
            self.out.write(f"   (Formular „{form.title}“ geschlossen, nicht abgesendet)\n")
        if said.startswith("/"):
            command, options = parse_command(said[1:])
            options = self._users_by_name(command, options)
            self._opened(user, await self.fake.slash(user, self.channel, command, **options))
            return
        if choose:
            labels = wanted_labels(rest, (item for _, item in self._selects(user)))
            message, item = self._select(user, labels)
            values = [option_by_label(item, label)["value"] for label in labels]
            self._opened(user, await self.fake.select(user, message, item["custom_id"], values))
            return
        if button is None:
            raise LookupError("nichts davon zu sehen: " + said.lower())
        message, item, value = button
        form = self._opened(user, await self.fake.click(user, message, item["custom_id"]))
        if value and form is None:
            label = item.get("label")
            raise ValueError(f"„{label}“ hat kein Formular geöffnet; „{value}“ übergangen")
        if value and form is not None:
            await self.settled()
            await self._submit(user, form, value)

    def _users_by_name(self, command: str, options: dict[str, object]) -> dict[str, object]:
        """User options given as a sandbox user's name (``ziel=Anna``, ``@Anna``) become
        that user; other options stay as typed."""
        kinds = option_kinds(self._commands(), command.split())
        by_name = {name.casefold(): u for name, u in self.users.items()}
        resolved = dict(options)
        for key, value in options.items():
            if kinds.get(key) not in USER_OPTION_TYPES or not isinstance(value, str):
                continue
            user = by_name.get(value.lstrip("@").casefold())
            if user is None:
                raise LookupError(f"{key}: wer ist {value}? Es spielen: {', '.join(self.users)}")
            resolved[key] = user
        return resolved

    def _commands(self) -> list[dict[str, Any]]:
        guild = self.fake.guilds.get(self.home.guild_id or 0)
        return [*self.fake.commands(guild), *self.fake.commands(None)] if guild else []

    def _opened(self, user: User, interaction: Interaction) -> Form | None:
        """Remember the form the bot answered ``interaction`` with, if it opened one."""
        if interaction.response_type != 9 or interaction.modal is None:
            return None
        form = Form.of(interaction)
        self.forms[user.id] = form
        return form

    async def _submit(self, user: User, form: Form, text: str) -> None:
        """Fill in and submit ``form``; a value the client would refuse keeps it open."""
        if not text.strip():
            raise ValueError("welcher Wert? z. B. " + user.name + "> formular 40")
        values = form.values(text)
        try:
            submitted = await self.fake.submit_modal(user, form.opened_by, values)
        except ClientRefusal as exc:
            raise ValueError(
                f"das Formular nimmt „{text}“ nicht an ({self._refused(exc)})"
            ) from None
        except ValueError as exc:
            raise ValueError(f"das Formular nimmt „{text}“ nicht an ({exc})") from None
        if self.forms.get(user.id) is form:
            del self.forms[user.id]
        self._opened(user, submitted)

    def _refused(self, exc: ClientRefusal) -> str:
        """What the client refused, said in the reader's language."""
        return t(f"sandbox.refused.{exc.reason}", self.locale, **exc.params)


async def _no_wait() -> None:
    """A sandbox without a bot to wait for."""
