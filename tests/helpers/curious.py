"""Random players: curious people on the loopback Discord, through the real discord.py client.

At every step a player who may act (now and then one who may not) picks uniformly among
every control offered to him: each enabled button and each option of each select on the
live table message and on his own newest private messages (now and then a control of an
older message). Like people, most of the time he answers the prompt he has just opened
(uniformly among its controls); otherwise rare prompts (a Sekante's target) would drown
among the table's buttons. Forms are filled with a valid value most of the time and a wrong one
sometimes. Hosts use host commands now and then, and now and then the bot is stopped and
a new one started on the same database between two steps: play goes on with the messages,
prompts and forms the players already have.

What is checked over the whole run (``Run.problems``):
- every interaction is answered within 3 s (the fake records any that is not), and never
  with the apology for an error;
- every game ends;
- no message version (content, embeds, components, select options, form titles and
  labels) shows a text key, a Python repr, a mention of something that is not a user, a
  bare Discord id, English-only words in German or German-only words in English;
- the leak scan (tests/helpers/leaks.py) finds no secret where it does not belong;
- every verb a game can put in a custom id (``VERBS``, and Teufel's bet form) was offered,
  pressed and taken at least once: the game moved on, or a prompt, a form or the player's
  own information opened (a refusal does not count); and no control of the game's current
  version is ever answered as outdated.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.app import Croupier
from bot.config import Settings
from bot.engine.rng import AuditedRng, Draw
from bot.i18n import LANGUAGES, private_locale, template
from bot.render.cards import ClickId
from bot.store import default_sqlite_url
from bot.tournament.evening_time import BERLIN, parse_evening
from cogs.tournament.evening_calls import open_evenings
from loopback import FakeDiscord, bot_running
from loopback.entities import Channel, Guild, Interaction, Message, User, iter_components
from tests.helpers.click_ids import VERBS, game_of
from tests.helpers.leaks import LeakScan, component_texts
from tests.helpers.turns_told import TurnWatch

MANAGE_GUILD = 1 << 5

COMPUTER_VERBS = ("computer", "rated", "back")
"""The lobby's computer players and taking a seat back from one: pressed, every option and
refusal, by tests/e2e/test_e2e_computers.py and test_e2e_stand_in_practice.py (the curious
play among themselves: a computer at their tables would play the game for them)."""
RARE = {("v6", "pickfree"), *((game, verb) for game in ("v6", "tf", "ft", "dd")
                                for verb in ("refresh", "rematch", *COMPUTER_VERBS))}  # fmt: skip
"""Offered only in a Finale from its second Durchgang: pressed by the long run's tournament;
a spectator's "Aktualisieren" (the curious are seated: "Zuschauen" tells them they play)
and "Nochmal", which the curious leave alone (tests/e2e/test_e2e_spectators.py and
test_e2e_rematch.py press them)."""

KEY = re.compile(
    r"\b(?:v6|teufel|ft|dd|ui|game|table|tour|lobby|host|clock|absent|verify|info|cmd|n)"
    r"\.[a-z_]+(?:\.[a-z_0-9]+)*\b"
)
REPR = re.compile(r"\{'|\['|\bNone\b|\bTrue\b|\bFalse\b|<bot\.|object at 0x")
MENTION = re.compile(r"<@!?([^>]*)>")
URL = re.compile(r"https?://\S+|`[^`]*`|\b[0-9a-f]{16,}\b")
BARE_ID = re.compile(r"(?<![\d<@#&:/])\d{17,20}(?!\d)")
# Short and precise: words that are wrong in the other language wherever they stand.
ENGLISH_ONLY = re.compile(
    r"\b(?:the|your|you|is|are|and|round|turn|account|between|on|play"
    r"|pass|players?|points?|eyes|bet|balance|nobody|next)\b"
)
GERMAN_ONLY = re.compile(
    r"\b(?:und|ist|nicht|Runde|Konto|Spieler|Augen|Einsatz|Guthaben"
    r"|Tisch|dran|niemand|Würfel|Punkte?|Stiche?|Mein|Dein|wählen)\b"
)
ENGLISH_IN_FRENCH = re.compile(  # not "on", "points", "pass": French words too
    r"\b(?:the|your|you|is|are|and|round|turn|account|between|play|players?|eyes|bet"
    r"|nobody|next)\b"
)
WRONG_WORDS = {
    "de": (ENGLISH_ONLY,),
    "en": (GERMAN_ONLY,),
    "fr": (GERMAN_ONLY, ENGLISH_IN_FRENCH),
}
"""Per language, words that are wrong in it (the game terms aside)."""
OTHER_CLIENT = {"de": "en-US", "en": "fr", "fr": "de"}
"""The Discord language of one player who speaks another than the server."""


def game_terms() -> list[str]:
    """German names that stay German in every language (and English ones in German)."""
    terms = {
        v for k, v in LANGUAGES["de"].texts.items() if k.startswith(("v6.joker.", "game.name."))
    }
    return sorted(terms, key=len, reverse=True)


TERMS = game_terms()


class SeededDice:
    """The bot's dice from one seeded sequence, so a failing run replays."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def __call__(self, seed: bytes, counter: int = 0, nonce: str = "") -> AuditedRng:
        return _SeededRng(self, seed, counter, nonce)


class _SeededRng(AuditedRng):
    def __init__(self, dice: SeededDice, seed: bytes, counter: int, nonce: str) -> None:
        super().__init__(seed, counter, nonce)
        self.dice = dice

    def _next(self, sides: int) -> Draw:
        self.counter += 1
        return Draw(self.counter - 1, sides, self.dice.random.randint(1, sides), self.nonce)


@dataclass
class Control:
    message: Message
    component: dict[str, Any]
    values: list[str] | None  # None: a button

    @property
    def click(self) -> ClickId | None:
        return ClickId.parse(str(self.component.get("custom_id", "")))


@dataclass
class Run:
    fake: FakeDiscord
    guild: Guild
    channel: Channel
    users: list[User]
    db_url: str
    rng: random.Random
    locale: str
    bot: Croupier | None = None
    scan: LeakScan | None = None
    offered: Counter[tuple[str, str]] = field(default_factory=Counter)
    pressed: Counter[tuple[str, str]] = field(default_factory=Counter)
    taken: Counter[tuple[str, str]] = field(default_factory=Counter)
    interactions: list[Interaction] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    steps: int = 0
    games: int = 0
    told: int = 0
    """How many times a person who came to owe a move was found told (TurnWatch)."""
    restarts: int = 0
    texts_read: int = 0
    ended_by_host: int = 0  # games still moving after their step budget
    prompts: dict[int, Message] = field(default_factory=dict)  # each user's newest prompt
    live_public: dict[int, dict[int, Message]] = field(default_factory=dict)
    live_private: dict[int, dict[int, Message]] = field(default_factory=dict)
    _stack: contextlib.AsyncExitStack | None = None

    # -- the bot -----------------------------------------------------------------------------
    async def start_bot(self) -> None:
        settings = Settings("test-token", self.db_url, self.guild.id, "WARNING")
        self.bot = Croupier(settings, rng_factory=SeededDice(self.rng.randrange(2**32)))
        self._stack = contextlib.AsyncExitStack()
        await self._stack.enter_async_context(bot_running(self.fake, self.bot))

    async def settled(self) -> None:
        """Wait until the bot is done with every interaction (edits and follow-ups too)."""
        if self.bot is not None:
            await self.bot.router.settled()

    async def stop_bot(self) -> None:
        if self._stack is not None:
            await self._stack.aclose()
            self._stack = None

    async def restart(self) -> None:
        await self.settled()
        await self.stop_bot()
        await self.start_bot()
        self.restarts += 1

    @property
    def service(self) -> Any:
        assert self.bot is not None
        return self.bot.service

    # -- reading -----------------------------------------------------------------------------
    def read(self, texts: list[str], where: str, audience: int | None) -> None:
        """One message version (or form) as a player reads it."""
        self.texts_read += 1
        text = "\n".join(x for x in texts if x)
        for key in KEY.findall(text):
            self.problems.append(f"{where}: text key {key!r} in {text[:200]!r}")
        language = self.language_of(audience)
        if str(template("ui.error", language)) in text:
            self.problems.append(f"{where}: the bot apologised for an error: {text[:200]!r}")
        if REPR.search(text):
            self.problems.append(f"{where}: Python repr in {text[:300]!r}")
        for target in MENTION.findall(text):
            if not target.isdigit() or int(target) not in self.fake.users:
                self.problems.append(f"{where}: mention of {target!r}, no user")
        plain = URL.sub(" ", MENTION.sub(" ", text))
        if BARE_ID.search(plain):
            self.problems.append(f"{where}: bare id in {text[:300]!r}")
        for term in TERMS:
            plain = plain.replace(term, " ")
        wrong = [w for words in WRONG_WORDS[language] for w in words.findall(plain)]
        if wrong:
            self.problems.append(f"{where}: {wrong} in a {language} text: {text[:300]!r}")

    def language_of(self, audience: int | None) -> str:
        """The language a message should be in: the server's for the channel, the reader's
        own (his Discord's, where a catalogue speaks it) for a private one."""
        if audience is None or audience not in self.fake.users:
            return self.locale
        return private_locale(self.fake.users[audience].locale, self.locale)

    def install_reader(self) -> None:
        original = self.fake.apply

        def apply(message: Message, payload: Any, files: Any, *, creating: bool) -> None:
            original(message, payload, files, creating=creating)
            texts = [message.text(), *component_texts(message.components)]
            self.read(texts, f"message {message.id} ({message.visibility})", message.audience)
            self._index(message)

        self.fake.apply = apply  # type: ignore[method-assign]

    # -- acting ------------------------------------------------------------------------------
    async def interact(self, coro: Any) -> Interaction | None:
        try:
            interaction: Interaction = await coro
        except (LookupError, ValueError) as exc:  # disabled or gone meanwhile: no click
            self.problems.append(f"could not use a control the fake offered: {exc}")
            return None
        await self.settled()
        self.interactions.append(interaction)
        if interaction.response_type is None:
            self.problems.append(f"{self.fake.describe(interaction)}: never answered")
        if interaction.modal is not None:
            modal = interaction.modal
            texts = [modal.get("title", ""), *component_texts(modal.get("components") or [])]
            self.read(texts, f"form of {self.fake.describe(interaction)}", interaction.user.id)
        return interaction

    async def slash(self, user: User, place: Channel, command: str, **options: Any) -> Any:
        return await self.interact(self.fake.slash(user, place, command, **options))

    def _version(self, game_id: int) -> int | None:
        try:
            return int(self.service.tables.current(game_id).version)
        except Exception:  # a game this bot does not know
            return None

    async def use(self, user: User, control: Control) -> Interaction | None:
        click = control.click
        if click is None:
            self.problems.append(f"a control with a foreign id: {control.component}")
            return None
        verb = (game_of(click.prefix), click.verb)
        self.pressed[verb] += 1
        before = self._version(click.game_id)
        if control.values is None:
            coro = self.fake.click(user, control.message, control.component["custom_id"])
        else:
            coro = self.fake.select(
                user, control.message, control.component["custom_id"], control.values
            )
        interaction = await self.interact(coro)
        if interaction is None:
            return None
        self.judge(verb, click, before, interaction)
        if interaction.response_type == 9:
            await self.fill(user, interaction)
        return interaction

    def judge(
        self, verb: tuple[str, str], click: ClickId, before: int | None, answer: Interaction
    ) -> None:
        """Whether the click was taken (the game moved on, a prompt, a form or the player's
        own information opened), and no current control is called outdated."""
        reply = answer.message
        text = reply.text() if reply is not None else ""
        language = self.language_of(answer.user.id)  # answers to a click are his alone
        refusals = [
            str(template(k, language)) for k in ("game.stale", "game.over", "game.not_a_player")
        ]
        if click.version == before and str(template("game.stale", language)) in text:
            self.problems.append(f"{self.fake.describe(answer)}: a current control was "
                                 f"answered as outdated: {text[:200]!r}")  # fmt: skip
        private = reply is not None and reply.visibility != "public"
        taken = (
            self._version(click.game_id) != before
            or answer.response_type in (7, 9)
            or (reply is not None and bool(reply.custom_ids()) and private)
            or (private and not any(r in text for r in refusals))
        )
        if taken:
            self.taken[verb] += 1

    async def fill(self, user: User, opened: Interaction) -> None:
        """A form: a valid value most of the time, a wrong one sometimes; sometimes left."""
        assert opened.modal is not None
        if self.rng.random() < 0.1:
            return  # closed without sending
        label = " ".join(component_texts(opened.modal.get("components") or []))
        numbers = [int(n) for n in re.findall(r"\d+", label)]
        high = max(numbers) if numbers else 100
        if self.rng.random() < 0.8:
            value = str(self.rng.randrange(0, high // 10 + 1) * 10)
        else:
            value = self.rng.choice(["abc", "-10", "25", str(high + 10), "99999", " "])
        fields = [c["custom_id"] for c in iter_components(opened.modal.get("components") or [])]
        click = ClickId.parse(str(opened.modal.get("custom_id", "")))
        assert click is not None, opened.modal
        before = self._version(click.game_id)
        self.pressed[(game_of(click.prefix), "form")] += 1
        answer = await self.interact(self.fake.submit_modal(user, opened, {fields[0]: value}))
        if answer is not None:
            self.judge((game_of(click.prefix), "form"), click, before, answer)

    def _index(self, message: Message) -> None:
        """Keep the messages that offer controls, per channel (public) and per user (his
        ephemeral messages and DMs), oldest first: reading all of the fake's messages at
        every step made a long run slower and slower."""
        if message.visibility == "public":
            book = self.live_public.setdefault(message.channel_id, {})
        elif message.audience is not None:
            book = self.live_private.setdefault(message.audience, {})
        else:
            return
        if message.custom_ids():
            book.setdefault(message.id, message)
        else:
            book.pop(message.id, None)

    def offering(self, book: dict[int, Message]) -> list[Message]:
        """The messages offering controls, a table's last (a group thread's check-in with
        its "Bin dabei" before the table it opens)."""
        found = [m for m in book.values() if not m.deleted and m.custom_ids()]
        return sorted(found, key=lambda m: not _tournaments(m))

    def controls(self, user: User, place: Channel, *, old: bool) -> list[Control]:
        """Every control offered to ``user`` at ``place``: the live table message, his
        newest private messages, and (``old``) an older public message of the place."""
        public = self.offering(self.live_public.get(place.id, {}))
        messages = public[-1:]
        if old and len(public) > 1:
            messages.append(self.rng.choice(public[:-1]))
        private = self.offering(self.live_private.get(user.id, {}))
        messages += private[-3:]
        found: list[Control] = []
        for message in messages:
            for comp in iter_components(message.components):
                if comp.get("disabled") or "custom_id" not in comp:
                    continue
                if ":rematch" in comp["custom_id"]:  # a new lobby would take over the run
                    continue
                if comp["custom_id"].endswith(":computer"):  # see COMPUTER_VERBS
                    continue
                if comp["type"] == 2:
                    found.append(Control(message, comp, None))
                    continue
                options = [o["value"] for o in comp.get("options") or []]
                low, high = comp.get("min_values", 1), comp.get("max_values", 1)
                for option in options:
                    rest = [o for o in options if o != option]
                    size = self.rng.randint(max(low, 1), max(min(high, len(options)), 1))
                    picked = [option, *self.rng.sample(rest, min(size - 1, len(rest)))]
                    found.append(Control(message, comp, picked))
        for control in found:
            click = control.click
            if click is not None:
                self.offered[(game_of(click.prefix), click.verb)] += 1
        return found

    # -- the checks over a run --------------------------------------------------------------
    def coverage(self) -> str:
        rows = [f"{'game':4} {'verb':10} {'offered':>8} {'pressed':>8} {'taken':>8}"]
        for game, verbs in sorted(VERBS.items()):
            for verb in sorted(verbs):
                key = (game, verb)
                counts = (self.offered[key], self.pressed[key], self.taken[key])
                rows.append(f"{game:4} {verb:10} " + " ".join(f"{n:8}" for n in counts))
        return "\n".join(rows)

    def never_taken(self, games: set[str]) -> list[tuple[str, str]]:
        """Verbs no click ever got through with (pressed and refused is not enough)."""
        return [
            (game, verb)
            for game in sorted(games)
            for verb in sorted(VERBS[game])
            if self.taken[(game, verb)] == 0 and (game, verb) not in RARE
        ]

    def unknown_verbs(self) -> list[tuple[str, str]]:
        return sorted(k for k in self.offered if k[1] not in VERBS.get(k[0], set()))


@contextlib.asynccontextmanager
async def curious_run(
    fake: FakeDiscord, tmp_path: Path, seed: int, *, locale: str = "de", players: int = 6
) -> AsyncIterator[Run]:
    guild = fake.add_guild("Spieletreff", locale=locale)
    channel = fake.add_channel(guild, "spiele")
    names = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gero", "Hanna", "Ida", "Jan"]
    users = [fake.add_user(n, guild=guild, locale=locale) for n in names[:players]]
    users[0].permissions |= MANAGE_GUILD  # the host
    users[1].locale = OTHER_CLIENT[locale]  # his refusals, prompts and DMs: his language
    fake.set_dms_open(users[-1], False)  # one player with closed DMs
    run = Run(fake, guild, channel, users, default_sqlite_url(tmp_path / "curious.sqlite3"),
              random.Random(seed), locale)  # fmt: skip
    run.install_reader()
    await run.start_bot()
    run.scan = LeakScan(fake, lambda: run.service).install()
    if locale != "de":  # the server's admins choose the language
        await run.slash(users[0], channel, "sprache", sprache=locale)
    try:
        yield run
    finally:
        await run.settled()
        await run.stop_bot()


GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "verflixte6": ("v6 tisch", {"durchgaenge": 1}),
    "verflixte6_lang": ("v6 tisch", {"durchgaenge": 3}),
    "teufel": ("teufel tisch", {}),
    "flaschenteufel": ("flaschenteufel tisch", {"haende": 1}),
    "lopaka": ("flaschenteufel tisch", {"haende": 1, "variante": "lopaka"}),
    "glitterhuis": ("flaschenteufel tisch", {"haende": 1, "variante": "glitterhuis"}),
    "dicedevils": ("dicedevils tisch", {}),
    "dicedevils_mehr": ("dicedevils tisch", {"mehr_kaempfe": True}),
}


def _tournaments(message: Message) -> bool:
    click = ClickId.parse(message.custom_ids()[0])
    return click is not None and game_of(click.prefix) == "tr"


def _live(run: Run, place: Channel) -> Message | None:
    public = run.offering(run.live_public.get(place.id, {}))
    return public[-1] if public else None


def _game_of(message: Message) -> int:
    parsed = ClickId.parse(message.custom_ids()[0])
    assert parsed is not None, message.custom_ids()
    return parsed.game_id


async def _press(run: Run, user: User, message: Message, verb: str) -> Interaction | None:
    for comp in iter_components(message.components):
        click = ClickId.parse(str(comp.get("custom_id", "")))
        if click is not None and click.verb == verb and not comp.get("disabled"):
            run.offered[(game_of(click.prefix), click.verb)] += 1
            return await run.use(user, Control(message, comp, None))
    return None


async def open_table(run: Run, place: Channel, kind: str, seats: list[User]) -> int | None:
    """The first seat opens ``kind``'s table, the others join (curiously), he starts it."""
    command, options = GAMES[kind]
    opened = await run.slash(seats[0], place, command, **options)
    if opened is None or opened.message is None:
        run.problems.append(f"/{command} opened no table")
        return None
    lobby = opened.message
    for user in seats[1:]:
        if run.rng.random() < 0.2:
            await _press(run, user, lobby, run.rng.choice(["start", "leave"]))  # refused
        await _press(run, user, lobby, "join")
        if run.rng.random() < 0.1:  # changes his mind twice
            await _press(run, user, lobby, "leave")
            await _press(run, user, lobby, "join")
    stranger = next((u for u in run.users if u not in seats), None)
    if stranger is not None and run.rng.random() < 0.3:
        await _press(run, stranger, lobby, "join")
        await _press(run, stranger, lobby, "leave")
    await _press(run, seats[0], lobby, "start")
    run.games += 1
    return _game_of(lobby)


async def host_tool(run: Run, place: Channel, host: User, seats: list[User]) -> User:
    """Now and then a host (or a curious player) uses a command at the table; who did."""
    choice = run.rng.random()
    someone = run.rng.choice(seats)
    if choice < 0.3:
        await run.slash(host, place, "tisch pause", grund="🍕")
        return host
    elif choice < 0.5:
        await run.slash(host, place, "tisch uhr", minuten=run.rng.randint(0, 30))
        return host
    elif choice < 0.55:
        game_id = run.service.tables.find(place.id, None)
        absent = run.service.clocks.of(game_id).absent if game_id is not None else []
        if len(seats) - len(absent) > 2:  # a table where all are absent plays on by itself
            await run.slash(host, place, "tisch abwesend", spieler=someone)
        return host
    elif choice < 0.6:  # a newcomer takes a seat (or someone already seated: refused)
        await run.slash(
            host, place, "tisch ersetzen", spieler=someone, neu=run.rng.choice(run.users)
        )
        return host
    elif choice < 0.7:
        await run.slash(someone, place, "tisch beenden")  # refused unless the host
    elif choice < 0.8:
        await run.slash(someone, place, "tische")
    elif choice < 0.9:
        await run.slash(someone, place, "hilfe")
    else:
        await run.slash(someone, place, "v6 log")
    return someone


async def play(
    run: Run, place: Channel, game_id: int, seats: list[User], *, steps: int, tools: bool
) -> bool:
    """Steps until the game is over (True) or ``steps`` ran out (False). After each step,
    whoever came to owe a move was told (tests/helpers/turns_told.py)."""
    host = seats[0]
    watch = TurnWatch(run.fake, run.service, game_id)
    watch.before()
    try:
        for _ in range(steps):
            current = run.service.tables.current(game_id)
            if current.status in ("finished", "aborted"):
                return True
            if current.status == "paused":
                await run.slash(host, place, "tisch fortsetzen")
                watch.after(str(host.id))
                continue
            roll = run.rng.random()
            if roll < 0.004:
                await run.restart()
                watch = _rewatch(run, watch)
                continue
            if tools and roll < 0.03:
                used_by = await host_tool(run, place, host, seats)
                watch.after(str(used_by.id))  # a host's tool may pass the turn: they are told
                continue
            acting = [u for u in run.users if str(u.id) in current.to_act]
            if not acting or run.rng.random() < 0.08:
                acting = seats  # out of turn, or looking at his cards / cup / account
            user = run.rng.choice(acting)
            controls = run.controls(user, place, old=run.rng.random() < 0.05)
            asked = [c for c in controls if c.message is run.prompts.get(user.id)]
            if asked and run.rng.random() < 0.7:
                controls = asked  # most people answer the question they just opened
            if controls:
                used = await run.use(user, run.rng.choice(controls))
                run.steps += 1
                watch.after(str(user.id))
                reply = used.message if used is not None else None
                if reply is not None and reply.visibility != "public" and reply.custom_ids():
                    run.prompts[user.id] = reply
        return run.service.tables.current(game_id).status in ("finished", "aborted")
    finally:
        run.problems += watch.problems
        run.told += watch.told


def _rewatch(run: Run, watch: TurnWatch) -> TurnWatch:
    """The same watch on the restarted bot's service (the notifications go on)."""
    watch.service = run.service
    watch.after(None)
    return watch


async def casual(run: Run, kind: str, players: int, *, steps: int = 2000) -> None:
    """A table of ``kind`` played to its end. A game still moving after ``steps`` (a Teufel
    game whose curious players never reach 1600) is ended by its host, as at a real table;
    a game that stopped moving is a failure."""
    seats = run.rng.sample(run.users, players)
    if run.users[-1] not in seats and run.rng.random() < 0.5:
        seats[-1] = run.users[-1]  # the player with closed DMs sits at many tables
    game_id = await open_table(run, run.channel, kind, seats)
    if game_id is None:
        return
    if await play(run, run.channel, game_id, seats, steps=steps - 200, tools=True):
        return
    version = run.service.tables.current(game_id).version
    if await play(run, run.channel, game_id, seats, steps=200, tools=True):
        return
    if run.service.tables.current(game_id).version == version:
        run.problems.append(f"{kind} with {players} is stuck (200 steps changed nothing)")
        return
    await run.slash(seats[0], run.channel, "tisch beenden", grund="zu lang")
    if run.service.tables.current(game_id).status != "aborted":
        run.problems.append(f"{kind} with {players}: the host could not end it")
    run.ended_by_host += 1


async def _evening(run: Run, host: User, tour: int) -> None:
    """Group 1 waits for an evening; at it, its players check in (all but one; a stranger
    tries too), and a quarter of an hour later its table opens by itself."""
    when = ("2099-11-28", "19:30")
    await run.slash(host, run.channel, "turnier termin", gruppe=1, datum=when[0], uhrzeit=when[1])
    evening = parse_evening(*when, BERLIN)
    assert run.bot is not None
    await open_evenings(run.bot, evening + timedelta(minutes=1))
    group = run.service.tables.current(tour).public["rounds"][-1]["groups"][0]
    thread = next((t for t in run.fake.threads(run.channel) if run.service.tables.find(t.id, None)
                   == group["game_id"]), None)  # fmt: skip
    calls = (
        []
        if thread is None
        else [m for m in run.fake.channel_messages(thread) if m.custom_ids() and _tournaments(m)]
    )
    if not calls:
        run.problems.append("a group's evening began without a check-in")
        return
    for user in run.users:
        member = str(user.id) in group["players"][:-1]
        if member or run.rng.random() < 0.1:
            await _press(run, user, calls[-1], "checkin")
    await open_evenings(run.bot, evening + timedelta(minutes=16))


async def _undo_a_round(run: Run, host: User, tour: int) -> bool:
    """Once the second round is drawn: the host corrects the third of round 1's first
    group to the top, which changes who went through; he is asked and confirms. Returns
    whether it was done (or cannot be: then it is not tried again)."""
    rounds = run.service.tables.current(tour).public["rounds"]
    if len(rounds) < 2:
        return False
    table = rounds[0]["groups"][0]["table"]
    third = next((u for u in run.users if len(table) > 2 and str(u.id) == table[2]["player"]),
                 None)  # fmt: skip
    if third is None:
        return True
    asked = await run.slash(host, run.channel, "turnier korrigieren", gruppe=1, spieler=third,
                            punkte=99, augen=99, grund="nachgezählt", runde=1)  # fmt: skip
    prompt = None if asked is None else asked.message
    if prompt is None or not prompt.custom_ids():
        run.problems.append(f"a correction undoing round 1 asked nothing: {prompt}")
        return True
    await _press(run, host, prompt, "confirm")
    return True


async def tournament(run: Run, *, durchgaenge: int = 1, steps: int = 6000) -> None:
    """A tournament of every user to its champion: registration, groups in threads, Finale."""
    host = run.users[0]
    created = await run.slash(
        host,
        run.channel,
        "turnier erstellen",
        name="Herbst",
        gruppe=4,
        durchgaenge=durchgaenge,
        finale=4,
    )
    if created is None or created.message is None:
        run.problems.append("/turnier erstellen opened no registration")
        return
    registration = created.message
    tour = _game_of(registration)
    *players, reserve = run.users
    for user in players:
        await _press(run, user, registration, "register")
        if run.rng.random() < 0.15:
            await _press(run, user, registration, "unregister")
            await _press(run, user, registration, "register")
    await _press(run, run.users[1], registration, "close")  # refused: no host
    await _press(run, host, registration, "close")
    await _press(run, reserve, registration, "reserve")  # a reserve, while it runs
    await _evening(run, host, tour)
    corrected = False
    for _ in range(steps):
        if run.service.tables.current(tour).status == "finished":
            return
        if not corrected:
            corrected = await _undo_a_round(run, host, tour)
        live = [
            (thread, message)
            for thread in run.fake.threads(run.channel)
            if (message := _live(run, thread)) is not None
            and run.service.tables.current(_game_of(message)).status not in ("finished", "aborted")
        ]
        if not live:
            break
        thread, message = run.rng.choice(live)
        await play(run, thread, _game_of(message), run.users, steps=1, tools=False)
    champion = [m for m in run.fake.channel_messages(run.channel) if "🏆" in m.text()]
    if run.service.tables.current(tour).status != "finished" or len(champion) != 1:
        run.problems.append("the tournament did not reach its champion")
