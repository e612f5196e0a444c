"""``croupier sandbox``: Croupier without Discord — the loopback Discord, the real bot on a
temporary SQLite database, and a terminal where one person plays several users.

Lines look like ``Anna> /v6 tisch durchgaenge=1``, ``Ben> Beitreten`` (a button, by its
label), ``Anna> wähle Fumo, Push your Pony`` (options of a select, by label) and
``Anna> Setzen 40`` (a button that opens a form, and the form's value). After each line the
new and changed messages are printed: the channel's, and the acting user's private ones.
``zeige`` shows the channel as it is now, ``Anna> zeige`` with Anna's private messages.
``--demo verflixte6`` plays a scripted Durchgang with fixed dice; ``--demo teufel``,
``flaschenteufel`` and ``dicedevils`` play the README's example lines with fixed chance.

``ende``, the end of the input and Ctrl-C all end it the same way: the bot and the fake
Discord are stopped and the temporary database removed. Exit code 0, 130 after Ctrl-C (the
shells' code for "interrupted"), 1 if the bot broke one of Discord's rules. While it ends, a
second Ctrl-C quits at once.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import hashlib
import os
import re
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bot.engine import AuditedRng
from bot.engine.rng import ScriptedDice

if TYPE_CHECKING:
    from bot.loopback import FakeDiscord
    from bot.loopback.state import Channel, Interaction, Message, User

# The bot, the fake Discord and the database (discord.py, aiohttp, SQLAlchemy: seconds to
# import) are imported once the Ctrl-C handler is in place, so that a Ctrl-C while the
# sandbox starts ends it as cleanly as one later.

PLAYERS = ("Anna", "Ben", "Cem", "Dora")  # the first is an admin (Manage Server)
MANAGE_GUILD = 1 << 5
USER_OPTION_TYPES = (6, 9)  # user, mentionable: given by a sandbox user's name
PLACE_WORDS = ("kanäle", "channels")
CHOOSE_WORDS = ("wähle", "choose")
FORM_WORDS = ("formular", "form")
SHOW_WORDS = ("zeige", "show")
SHOW_LIMIT = 10  # messages `zeige` prints of the channel (and of a user's private ones)
COMMENT = re.compile(r"\s+#\s.*$")  # "Ben> ziehen   # who begins draws first"
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a program ended by Ctrl-C

HELP = """\
Sandbox: {names} sitzen im Kanal #spieltisch. Eine Zeile pro Aktion:
  Anna> /v6 tisch durchgaenge=1     ein Slash-Befehl (Optionen als name=wert; ein Wert
                                    mit Leerzeichen reicht bis zur nächsten Option oder
                                    steht in Anführungszeichen: name="Oces Anaconda";
                                    eine Person als Name: ziel=Ben)
  Ben> Beitreten                    einen Knopf drücken (nach seiner Beschriftung)
  Anna> wähle Fumo, Cherrys Höschen eine Auswahl treffen (nach den Beschriftungen)
  Anna> Setzen 40                   ein Knopf, der ein Formular öffnet: ausfüllen, absenden
  Anna> formular 40                 Annas offenes Formular ausfüllen und absenden (auch
                                    nur „Anna> 40“; mehrere Felder: durch Komma getrennt)
  zeige                             den Kanal, wie er jetzt ist (die letzten {limit})
  kanäle                            der Kanal und seine Threads (Turniergruppen)
  Anna> #Sandbox Cup                in einen Thread wechseln (ein Anfang des Namens reicht;
                                    „Anna> #spieltisch“ zurück); Zeilen gelten dann dort
  Anna> zeige                       dazu Annas private Nachrichten und offenes Formular
  ende                              beenden (auch Strg-C; dann Exit-Code 130)
Nach jeder Zeile siehst du, was im Kanal und seinen Threads neu oder geändert ist, und
die neuen privaten Nachrichten dessen, der gehandelt hat. {admin} verwaltet den Server
(Manage Server): /sprache, /turnier erstellen und die Tischbefehle der Leitung.
"""

DEMO_DICE = (3, 2, 1, 4, 6, 4, 5, 2, 3)
DEMO_VERFLIXTE6 = (
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
DEMO_TEUFEL = (
    "Anna> /teufel tisch",
    "Ben> Beitreten",
    "Anna> Starten",
    "Anna> Setzen 40",
    "Ben> Setzen",
    "Ben> formular 30",
    "Ben> ziehen",
    "Ben> ziehen",
    "Ben> stopp",
    "Anna> ziehen",
    "Anna> stopp",
)
DEMO_FLASCHENTEUFEL = (
    "Anna> /flaschenteufel tisch",
    "Ben> Beitreten",
    "Cem> Beitreten",
    "Anna> Starten",
    "Anna> Am Zug …",
    "Anna> wähle 33",
    "Ben> Am Zug …",
    "Ben> wähle 34",
    "Cem> Am Zug …",
    "Cem> wähle 37",
    "Anna> Am Zug …",
    "Anna> wähle 2",
    "Anna> wähle 29",
    "Ben> Am Zug …",
    "Ben> wähle 1",
    "Ben> wähle 32",
    "Cem> Am Zug …",
    "Cem> wähle 7",
    "Cem> wähle 36",
    "Anna> Am Zug …",
    "Anna> wähle 17",
    "Ben> Am Zug …",
    "Ben> wähle 27",
    "Cem> Am Zug …",
    "Cem> wähle 13",
)
DEMO_DICEDEVILS = (
    "Anna> /dicedevils tisch",
    "Ben> Beitreten",
    "Cem> Beitreten",
    "Anna> Starten",
    "Cem> 2: heißes Bad",
    "Anna> 2: heißes Bad",
    "Ben> 1: Teetasse",
    "Cem> Entscheiden",
    "Cem> wähle Anna",
)
RngFactory = Callable[[bytes, int, str], AuditedRng]


def fixed_chance(name: str) -> RngFactory:
    """Chance that plays the same every time: every table draws from one seed derived from
    ``name``, with a constant nonce. The log keeps seed and nonce, so ``/verify`` still
    checks every draw; only the seed is no secret."""
    seed = hashlib.sha256(f"croupier sandbox demo {name}".encode()).digest()

    def rng(_seed: bytes, counter: int = 0, _nonce: str = "") -> AuditedRng:
        return AuditedRng(seed, counter, "demo")

    return rng


@dataclass(frozen=True)
class Demo:
    script: tuple[str, ...]
    chance: Callable[[], RngFactory]
    note: str


FIXED = "Demo: der Zufall ist festgelegt, damit es jedes Mal gleich läuft."
DEMOS = {
    "verflixte6": Demo(
        DEMO_VERFLIXTE6,
        lambda: ScriptedDice(DEMO_DICE),
        "Demo: die Würfel sind festgelegt, damit man alles einmal sieht.",
    ),
    "teufel": Demo(DEMO_TEUFEL, partial(fixed_chance, "teufel"), FIXED),
    "flaschenteufel": Demo(DEMO_FLASCHENTEUFEL, partial(fixed_chance, "flaschenteufel"), FIXED),
    "dicedevils": Demo(DEMO_DICEDEVILS, partial(fixed_chance, "dicedevils"), FIXED),
}


@dataclass(frozen=True)
class Field:
    """One field of a form (modal): a text input, or a select inside a label."""

    custom_id: str
    label: str
    options: dict[str, str]  # a select's option labels (casefolded) -> values; {} for text


@dataclass
class Form:
    """A modal the bot opened for a user and that is not submitted yet."""

    opened_by: Interaction
    title: str
    fields: list[Field]

    @classmethod
    def of(cls, interaction: Interaction) -> Form:
        modal = interaction.modal or {}
        return cls(interaction, str(modal.get("title", "")), list(_fields(modal)))

    def values(self, text: str) -> dict[str, str]:
        """The submitted values for ``text`` (one value per field, separated by commas)."""
        parts = [text.strip()] if len(self.fields) == 1 else [p.strip() for p in text.split(",")]
        if len(parts) != len(self.fields):
            raise ValueError(
                f"das Formular hat {len(self.fields)} Felder, gegeben sind {len(parts)} Werte"
            )
        values: dict[str, str] = {}
        for field, part in zip(self.fields, parts, strict=True):
            if field.options and part and part.casefold() not in field.options:
                raise ValueError(f"{field.label}: keine Auswahl „{part}“")
            if part:
                values[field.custom_id] = field.options.get(part.casefold(), part)
        return values


def _fields(modal: dict[str, Any]) -> Iterator[Field]:
    """The fillable fields of a modal: text inputs in action rows (their own label) and
    components in labels (type 18, the label's text)."""

    def field(comp: dict[str, Any], label: str) -> Field | None:
        if "custom_id" not in comp or comp.get("type") not in (3, 4):
            return None
        options = {str(o["label"]).casefold(): str(o["value"]) for o in comp.get("options") or []}
        return Field(str(comp["custom_id"]), label or str(comp.get("placeholder", "")), options)

    for top in modal.get("components") or []:
        if top.get("type") == 18 and isinstance(top.get("component"), dict):
            found = field(top["component"], str(top.get("label", "")))
            if found:
                yield found
        for comp in top.get("components") or []:
            found = field(comp, str(comp.get("label", "")))
            if found:
                yield found


class Sandbox:
    def __init__(
        self,
        fake: FakeDiscord,
        channel: Channel,
        users: dict[str, User],
        out: TextIO,
        stop: asyncio.Event | None = None,
    ):
        self.fake, self.channel, self.users, self.out = fake, channel, users, out
        self.home = channel  # #spieltisch; ``channel`` is where lines act (it or a thread)
        self.stop = stop or asyncio.Event()
        self.echo = True  # repeat each line (not when a terminal shows what was typed)
        self.seen: dict[int, int] = {}  # message id -> edits already printed
        self.forms: dict[int, Form] = {}  # user id -> the form open for him

    def _names(self, text: str) -> str:
        """Mentions as names: users as @Name, channels and threads as #name."""
        by_id = {str(u.id): name for name, u in self.users.items()}
        text = re.sub(r"<@!?(\d+)>", lambda m: "@" + by_id.get(m[1], m[1]), text)

        def channel(match: re.Match[str]) -> str:
            found = self.fake.channels.get(int(match[1]))
            return "#" + (found.name if found is not None else match[1])

        return re.sub(r"<#(\d+)>", channel, text)

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
            count = len(self.fake.channel_messages(place))
            self.out.write(f"── #{place.name}: {count} Nachrichten{here}\n")

    def render(self, message: Message) -> str:
        lines = [self._names(message.text())] if message.text() else []
        lines += [f"[Bild/Datei: {name}]" for name in message.attachments]
        for row in message.components:
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

    def _select(self, user: User, wanted: list[str]) -> tuple[Message, dict[str, Any]]:
        """The newest select the user sees that has an option for each of ``wanted``."""
        ambiguous: Ambiguous | None = None
        for message in self._newest_first(user):
            for row in message.components:
                for item in row.get("components", []):
                    if item.get("type") != 3 or item.get("disabled"):
                        continue
                    try:
                        for label in wanted:
                            _option(item, label)
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
            for row in message.components:
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

    async def line(self, text: str) -> bool:
        """Run one input line; False ends the sandbox."""
        text = COMMENT.sub("", text).strip()
        if not text or text.startswith("#"):
            return True
        if text.lower() in ("ende", "quit", "exit"):
            return False
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
        if said.startswith("#"):  # "Anna> #Sandbox Cup": lines act in that thread now
            self._echo(f"{name}> {said}")
            try:
                self.switch(said)
            except LookupError as exc:
                self.out.write(f"   ✗ {exc}\n")
            return True
        self._echo(f"{name}> {said}")
        try:
            await self._act(user, said)
        except (LookupError, ValueError, TypeError) as exc:
            self.out.write(f"   ✗ {exc}\n")
        await _settled()
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
            command, options = _parse_command(said[1:])
            options = self._users_by_name(command, options)
            self._opened(user, await self.fake.slash(user, self.channel, command, **options))
            return
        if choose:
            labels = [label.strip() for label in rest.split(",") if label.strip()]
            message, item = self._select(user, labels)
            values = [_option(item, label)["value"] for label in labels]
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
            await _settled()
            await self._submit(user, form, value)

    def _users_by_name(self, command: str, options: dict[str, object]) -> dict[str, object]:
        """User options given as a sandbox user's name (``ziel=Anna``, ``@Anna``) become
        that user; other options stay as typed."""
        kinds = _option_kinds(self._commands(), command.split())
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
        except ValueError as exc:
            raise ValueError(f"das Formular nimmt „{text}“ nicht an ({exc})") from None
        if self.forms.get(user.id) is form:
            del self.forms[user.id]
        self._opened(user, submitted)


class Ambiguous(LookupError):
    pass


def _option(select: dict[str, Any], label: str) -> dict[str, Any]:
    """The select's option labelled ``label``; or else the one option whose label begins
    with it as a word (``wähle 27`` for the card "27 (blau)"), or else contains it as a word
    (``wähle Anna`` for "Rang tauschen mit Anna (Putzteufel)")."""
    wanted = label.casefold()
    options = [dict(o) for o in select.get("options") or []]
    exact = [o for o in options if str(o["label"]).casefold() == wanted]
    if exact:
        return exact[0]
    word = re.compile(rf"(?<!\w){re.escape(wanted)}(?!\w)")
    for fits in (
        lambda text: text.startswith(wanted + " "),
        lambda text: word.search(text) is not None,
    ):
        found = [o for o in options if fits(str(o["label"]).casefold())]
        if len(found) == 1:
            return found[0]
        if found:
            labels = ", ".join(str(o["label"]) for o in found)
            raise Ambiguous(f"„{label}“ passt auf mehrere: {labels}")
    raise LookupError(f"keine Auswahl „{label}“")


async def _settled() -> None:
    """Wait until the bot has finished with the last interaction (edits, follow-ups)."""
    from cogs import ui  # noqa: PLC0415 (imported late: see the top)

    await ui.settled()


OPTION = re.compile(r"(?:^|\s)([^\s=]+)=")  # where an option begins: " name="


def _parse_command(text: str) -> tuple[str, dict[str, object]]:
    """``v6 joker name=Oces Anaconda ziel=Ben`` -> the command and its options. A value
    reaches up to the next `` key=`` (so it may hold spaces), or is quoted ("…" or '…')."""
    starts = list(OPTION.finditer(text))
    command = text[: starts[0].start()] if starts else text
    options: dict[str, object] = {}
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        value = text[match.end() : end].strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            options[match[1]] = value[1:-1]
        else:
            options[match[1]] = int(value) if value.lstrip("-").isdigit() else value
    return " ".join(command.split()), options


def _option_kinds(commands: list[dict[str, Any]], path: list[str]) -> dict[str, int]:
    """The option types of the synced command ``path`` (by name or any localized name)."""

    def named(entry: dict[str, Any], word: str) -> bool:
        names = [entry.get("name"), *(entry.get("name_localizations") or {}).values()]
        return word in names

    level: dict[str, Any] | None = next((c for c in commands if path and named(c, path[0])), None)
    for word in path[1:]:
        if level is None:
            return {}
        level = next((o for o in level.get("options") or [] if named(o, word)), None)
    if level is None:
        return {}
    return {str(o["name"]): int(o.get("type", 0)) for o in level.get("options") or []}


def help_text(users: dict[str, Any]) -> str:
    names = list(users)
    return HELP.format(names=", ".join(names), limit=SHOW_LIMIT, admin=names[0] if names else "")


class StdinLines:
    """Lines typed on standard input, read by a daemon thread with ``os.read``.

    A read waiting in ``asyncio.to_thread`` kept the process alive after Ctrl-C (the
    executor's shutdown waits for it) and a second Ctrl-C ended in tracebacks. A daemon
    thread holding no Python lock never keeps the process, nor its shutdown, waiting."""

    def __init__(self, fd: int = 0) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        self._fd = fd
        threading.Thread(target=self._read, name="sandbox-stdin", daemon=True).start()

    def _read(self) -> None:
        encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(self._fd, 4096)
            except OSError:
                chunk = b""
            pending += decoder.decode(chunk, final=not chunk)
            *lines, pending = pending.split("\n")
            if not chunk:
                lines += [pending] if pending else []
            for text in [*lines, *([None] if not chunk else [])]:
                try:
                    self._loop.call_soon_threadsafe(self.queue.put_nowait, text)
                except RuntimeError:  # the loop is closed: the sandbox has ended
                    return
            if not chunk:
                return


async def run(demo: str | None, lines: Iterable[str] | None, out: TextIO) -> int:
    """Play ``lines`` (or the demo, or what is typed when both are None); the exit code."""
    stop = asyncio.Event()
    interrupted = _on_ctrl_c(stop, out)
    try:
        code = await _play(demo, lines, out, stop)
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
    return EXIT_INTERRUPTED if code == 0 and interrupted() else code


def _on_ctrl_c(stop: asyncio.Event, out: TextIO) -> Callable[[], bool]:
    """Make Ctrl-C set ``stop`` (the sandbox then ends after the current line); a second
    Ctrl-C while it ends quits at once. Returns whether Ctrl-C was pressed."""
    presses = 0

    def pressed() -> None:
        nonlocal presses
        presses += 1
        if presses > 1:
            out.write("\nStrg-C: sofort beendet.\n")
            out.flush()
            os._exit(EXIT_INTERRUPTED)
        out.write("\nStrg-C: die Sandbox wird beendet …\n")
        out.flush()
        stop.set()

    if threading.current_thread() is threading.main_thread():
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, pressed)
    return lambda: presses > 0


async def _play(
    demo: str | None, lines: Iterable[str] | None, out: TextIO, stop: asyncio.Event
) -> int:
    from bot.app import Croupier  # noqa: PLC0415 (imported late: see the top)
    from bot.config import Settings  # noqa: PLC0415 (imported late: see the top)
    from bot.loopback import bot_running, fake_discord  # noqa: PLC0415 (imported late: see the top)
    from bot.store import default_sqlite_url  # noqa: PLC0415 (imported late: see the top)

    shown = DEMOS[demo] if demo else None
    with tempfile.TemporaryDirectory(prefix="croupier-sandbox-") as folder:
        async with fake_discord() as fake:
            guild = fake.add_guild("Sandbox")
            channel = fake.add_channel(guild, "spieltisch")
            users = {name: fake.add_user(name, guild=guild) for name in PLAYERS}
            users[PLAYERS[0]].permissions |= MANAGE_GUILD  # an admin, for /sprache, /turnier
            url = default_sqlite_url(Path(folder) / "sandbox.sqlite3")
            settings = Settings("sandbox-token", url, guild.id, "WARNING")
            bot = Croupier(settings, rng_factory=shown.chance() if shown else AuditedRng)
            async with bot_running(fake, bot):
                if not stop.is_set():  # (Ctrl-C while it started: nothing to play)
                    sandbox = Sandbox(fake, channel, users, out, stop)
                    out.write(help_text(users))
                    if shown:
                        out.write(shown.note + "\n")
                    source = shown.script if shown else lines
                    await (_interactive(sandbox) if source is None else _each(sandbox, source))
            problems = list(fake.violations)
    for problem in problems:
        out.write(f"Discord-Regel verletzt: {problem}\n")
    out.flush()
    return 1 if problems else 0


async def _each(sandbox: Sandbox, lines: Iterable[str]) -> None:
    for text in lines:
        if sandbox.stop.is_set() or not await sandbox.line(text):
            return


async def _interactive(sandbox: Sandbox) -> None:
    typed = StdinLines()
    sandbox.echo = not os.isatty(0)
    while not sandbox.stop.is_set():
        sandbox.out.write("> ")
        sandbox.out.flush()
        text = await _next(typed, sandbox.stop)
        if text is None or not await sandbox.line(text):
            return


async def _next(typed: StdinLines, stop: asyncio.Event) -> str | None:
    """The next typed line; None at the end of the input or when ``stop`` is set."""
    line = asyncio.ensure_future(typed.queue.get())
    stopped = asyncio.ensure_future(stop.wait())
    await asyncio.wait({line, stopped}, return_when=asyncio.FIRST_COMPLETED)
    for waiting in (line, stopped):
        waiting.cancel()
    return None if stop.is_set() or not line.done() or line.cancelled() else line.result()


def main(demo: str | None, script: Sequence[str] | None = None) -> int:
    if demo is not None and demo not in DEMOS:
        known = ", ".join(DEMOS)
        sys.stderr.write(f"croupier sandbox: no demo {demo!r} (known: {known})\n")
        return 2
    try:
        return asyncio.run(run(demo, script, sys.stdout))
    except KeyboardInterrupt:  # Ctrl-C just before or after the sandbox's own handler
        sys.stdout.write("\nStrg-C: beendet.\n")
        return EXIT_INTERRUPTED
