"""Screenshots of messages (loopback/screens/): the loopback keeps the bytes a bot uploads, a
Components V2 card sent through discord.py becomes a page with its texts, controls, accent
colour and picture and nothing a name could inject, and (where Chromium is installed) a PNG
of that page in Discord's colours."""

from __future__ import annotations

import base64
import io
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord import app_commands
from PIL import Image

from bot.render.onlooker_buttons import REMATCH
from loopback import FakeDiscord, bot_running
from loopback.entities import Message, User
from loopback.screens import filming, page, png, shot_of
from loopback.screens.html import Page
from loopback.screens.shot import Shot
from tests.helpers.loopback_demo import World
from tests.helpers.screens import SCENES, controls, shots_of

ACCENT = 0xE0A526
EVIL = '<script>alert("x")</script>'


def picture(colour: tuple[int, int, int] = (40, 160, 90)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (120, 60), colour).save(out, format="PNG")
    return out.getvalue()


PICTURE = picture()


def card(player: int, *, seed: str) -> discord.ui.LayoutView:
    """A table card as the games send them: a container with a heading, a text with a
    mention, small print, the table's picture, a divider and a row of buttons; a select."""
    view = discord.ui.LayoutView(timeout=None)
    row = discord.ui.ActionRow[discord.ui.LayoutView]()
    row.add_item(discord.ui.Button(label="weiter", custom_id="k:weiter"))
    row.add_item(
        discord.ui.Button(label="stopp", style=discord.ButtonStyle.danger, custom_id="k:stopp")
    )
    row.add_item(
        discord.ui.Button(label="Ende", custom_id="k:ende", disabled=True)  # secondary
    )
    choose = discord.ui.ActionRow[discord.ui.LayoutView]()
    choose.add_item(
        discord.ui.Select(
            custom_id="k:joker",
            placeholder="Joker wählen …",
            options=[discord.SelectOption(label="Moes Monokel", value="monokel")],
        )
    )
    text = (
        f"### Die verflixte 6 – Runde 1\n<@{player}> würfelt **5** – „gut“.\n-# Seed-Hash `{seed}`"
    )
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay(text),
            discord.ui.MediaGallery(
                discord.MediaGalleryItem("attachment://tisch.png", description="Der Tisch")
            ),
            discord.ui.Separator(),
            row,
            choose,
            accent_colour=ACCENT,
        )
    )
    return view


class CardBot(discord.Client):
    """``/karte`` answers with :func:`card` (privately with ``privat``) and then edits it."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(
            intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none()
        )
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)

    async def setup_hook(self) -> None:
        @self.tree.command(name="karte", description="Eine Karte")
        async def karte(
            interaction: discord.Interaction, spieler: discord.User, privat: bool
        ) -> None:
            file = discord.File(io.BytesIO(PICTURE), filename="tisch.png")
            first, second = card(spieler.id, seed="abc123"), card(spieler.id, seed="def456")
            await interaction.response.send_message(view=first, file=file, ephemeral=privat)
            await interaction.edit_original_response(view=second)
            for view in (first, second):  # an ephemeral view has a timeout: no task left
                view.stop()

        self.tree.copy_global_to(guild=self.guild)
        await self.tree.sync(guild=self.guild)


@pytest.fixture
async def sent(world: World) -> AsyncIterator[tuple[FakeDiscord, User]]:
    evil = world.fake.add_user(EVIL, guild=world.guild)
    async with bot_running(world.fake, CardBot(world.guild.id)):
        yield world.fake, evil


async def play_card(world: World, evil: User, *, private: bool = False) -> Message:
    done = await world.fake.slash(world.alice, world.channel, "karte", spieler=evil, privat=private)
    await world.fake.wait_until(lambda: done.message is not None and done.message.edits == 1)
    assert done.message is not None
    return done.message


async def test_the_loopback_keeps_what_a_bot_uploads_and_films_each_version(
    world: World, sent: tuple[FakeDiscord, User]
) -> None:
    fake, evil = sent
    with filming() as film:
        message = await play_card(world, evil)
    assert fake.attachment_files(message) == [("tisch.png", PICTURE)]  # kept over the edit
    versions = film.versions(message.id)
    assert [v.version for v in versions] == [0, 1]
    assert "abc123" in versions[0].texts() and "def456" in versions[1].texts()
    assert versions[1].files == [("tisch.png", PICTURE)]
    assert versions[0].users == {evil.id: EVIL}
    assert versions[0].command == "/karte" and versions[0].invoker == "alice"
    assert shot_of(fake, message).texts() == versions[1].texts()


async def test_a_card_as_a_page_shows_its_texts_controls_colour_and_picture(
    world: World, sent: tuple[FakeDiscord, User]
) -> None:
    fake, evil = sent
    shown = page(shot_of(fake, await play_card(world, evil)))
    assert "<h3>Die verflixte 6 – Runde 1</h3>" in shown
    assert "würfelt <strong>5</strong> – „gut“." in shown
    assert '<div class="small">Seed-Hash <code>def456</code></div>' in shown
    for label in ("weiter", "stopp", "Ende", "Joker wählen …"):
        assert f">{label}<" in shown
    assert '<span class="button danger">' in shown
    assert '<span class="button secondary disabled">' in shown
    assert f"border-left-color:#{ACCENT:06x}" in shown
    assert "data:image/png;base64," + base64.b64encode(PICTURE).decode() in shown
    assert 'alt="Der Tisch"' in shown
    # the name is shown, escaped; no script anywhere
    assert (
        '<span class="mention">@&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</span>' in shown
    )
    assert re.search(r"<\s*script", shown, re.I) is None
    assert "Nur du kannst das sehen" not in shown
    assert "alice</span> hat <span" in shown  # "alice hat /karte verwendet"


async def test_a_private_card_says_only_you_can_see_it(
    world: World, sent: tuple[FakeDiscord, User]
) -> None:
    fake, evil = sent
    message = await play_card(world, evil, private=True)
    assert message.visibility == "ephemeral"
    shown = page(shot_of(fake, message))
    assert "Nur du kannst das sehen · <a>Nachricht verwerfen</a>" in shown
    assert 'class="message ephemeral"' in shown


def test_markdown_as_discord_shows_it() -> None:
    shot = Shot(
        message_id=1,
        author="Croupier",
        users={7: "Anna"},
        channels={8: "spieltisch"},
        emojis={9: PICTURE},
    )
    show = Page(shot).markdown
    assert show("# Groß\n## Mittel") == "<h1>Groß</h1><h2>Mittel</h2>"
    assert show("-# klein") == '<div class="small">klein</div>'
    assert show("> zitiert") == '<blockquote><div class="p">zitiert</div></blockquote>'
    assert show("- eins\n  - zwei").count('class="li"') == 2
    assert show("*schräg* __unter__ ~~weg~~ ||geheim||") == (
        '<div class="p"><em>schräg</em> <u>unter</u> <s>weg</s> '
        '<span class="spoiler">geheim</span></div>'
    )
    assert '<span class="mention">#spieltisch</span>' in show("<#8>")
    assert '<span class="mention">@Anna</span>' in show("<@!7>")
    assert 'src="data:image/png;base64,' in show("<:die_3:9>")  # the app has the emoji
    assert '<span class="emoji-missing">:die_4:</span>' in show("<:die_4:10>")
    assert show("2 * 3 * 4") == '<div class="p">2 * 3 * 4</div>'  # no emphasis around spaces
    assert show("`**nicht fett**`") == '<div class="p"><code>**nicht fett**</code></div>'
    assert show("<b>\\*</b>") == '<div class="p">&lt;b&gt;*&lt;/b&gt;</div>'
    assert "<strong>" not in Page(shot).inline("**fett**".replace("*", "\\*"))


def test_an_embed_and_plain_content() -> None:
    shot = Shot(
        message_id=1,
        author="Croupier",
        content="Hallo <@7>",
        users={7: "Anna"},
        embeds=[
            {
                "title": "Hilfe <@7>",
                "description": "**Befehle**",
                "color": 0x5865F2,
                "fields": [{"name": "/v6", "value": "spielen", "inline": True}],
                "footer": {"text": "Seite 1"},
            }
        ],
    )
    shown = page(shot)
    assert '<div class="p">Hallo <span class="mention">@Anna</span></div>' in shown
    assert "border-left-color:#5865f2" in shown
    assert "Hilfe &lt;@7&gt;" in shown  # a title shows mentions raw, as Discord does
    assert "<strong>Befehle</strong>" in shown and ">Seite 1<" in shown


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium")
async def test_the_page_as_a_png(
    world: World, sent: tuple[FakeDiscord, User], tmp_path: Path
) -> None:
    fake, evil = sent
    shown = page(shot_of(fake, await play_card(world, evil)))
    target = png(shown, tmp_path / "karte.png")
    with Image.open(target) as taken:
        rgb = taken.convert("RGB")
        assert rgb.width == 2 * 760 and 300 < rgb.height < 1400
        assert rgb.getpixel((4, 4)) == (0x31, 0x33, 0x38)  # Discord's dark background
        colours = {colour for _, colour in rgb.getcolors(rgb.width * rgb.height) or []}
    for wanted in ((0xE0, 0xA5, 0x26), (40, 160, 90), (0xDA, 0x37, 0x3C)):  # accent bar,
        # picture, danger button (in 256 colours: nearly)
        assert any(sum(abs(a - b) for a, b in zip(c, wanted, strict=True)) <= 6 for c in colours)


async def test_the_screenshot_of_a_turn_shows_a_turn() -> None:
    """The README's "during a turn" picture of Die verflixte 6 showed the finished game:
    its end card, the only one with a picture, offers nothing but "Nochmal"."""
    scene = next(s for s in SCENES if s.name == "v6-tisch")
    ((_, shot),) = await shots_of([scene])
    assert "Am Zug" in shot.texts(), shot.texts()
    assert REMATCH not in {verb for _, verb, _ in controls(shot)}
