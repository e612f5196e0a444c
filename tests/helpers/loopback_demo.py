"""A throwaway discord.py bot for testing the loopback Discord (tests/loopback/conftest.py)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from loopback import Channel, FakeDiscord, Guild, User

LONG_CUSTOM_ID = "x" * 101


class WaveView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Winken", custom_id="demo:wave")
    async def wave(
        self, interaction: discord.Interaction, button: discord.ui.Button[WaveView]
    ) -> None:
        button.disabled = True
        await interaction.response.edit_message(
            content=f"{interaction.user.display_name} hat gewunken", view=self
        )


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:pick",
        options=[discord.SelectOption(label=f"Karte {n}", value=str(n)) for n in range(1, 6)],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[PickView]
    ) -> None:
        await interaction.response.edit_message(content=f"gewählt: {select.values[0]}", view=None)


class BetModal(discord.ui.Modal, title="Verdeckter Einsatz"):
    amount: discord.ui.TextInput[BetModal] = discord.ui.TextInput(
        label="Einsatz", custom_id="amount", max_length=5
    )

    def __init__(self) -> None:
        super().__init__(custom_id="demo:bet")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Einsatz {self.amount.value}", ephemeral=True)


class DemoBot(commands.Bot):
    """Answers ``/demo ...`` the ways the tests need; records errors discord.py raised in it."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.errors: list[discord.HTTPException] = []
        self.dm_codes: list[int] = []
        self.seen: list[str] = []  # messages that reached the bot over the gateway

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message.content)

    async def setup_hook(self) -> None:
        self.tree.add_command(build_demo_group(self))
        await self.tree.sync()


def build_demo_group(bot: DemoBot) -> app_commands.Group:
    demo = app_commands.Group(name="demo", description="Demo-Befehle")

    @demo.command(name="hello", description="Begrüßung mit Knopf")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Hallo!", view=WaveView())

    @demo.command(name="echo", description="Wiederholt")
    @app_commands.describe(text="Text", times="Wie oft")
    async def echo(interaction: discord.Interaction, text: str, times: int = 1) -> None:
        await interaction.response.send_message(" ".join([text] * times))

    @demo.command(name="pick", description="Auswahl")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Wähle eine Karte", view=PickView())

    @demo.command(name="secret", description="Nur für dich")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Deine Karte: Herz 7", ephemeral=True)

    @demo.command(name="dm", description="Schreibt dir privat")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("Psst: Pik As")
        except discord.Forbidden as exc:
            bot.dm_codes.append(exc.code)
            await interaction.response.send_message("Deine DMs sind zu.", ephemeral=True)
        else:
            await interaction.response.send_message("Ich habe dir geschrieben.", ephemeral=True)

    @demo.command(name="later", description="Aufgeschoben")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content="Fertig gerechnet")
        await interaction.followup.send("Nebenbei: nur für dich", ephemeral=True)

    @demo.command(name="bet", description="Verdeckter Einsatz")
    async def bet(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BetModal())

    @demo.command(name="slow", description="Zu langsam")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(3.2)
        try:
            await interaction.response.send_message("zu spät")
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @demo.command(name="silent", description="Vergisst zu antworten")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @demo.command(name="twice", description="Doppelt")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("einmal")
        # discord.py refuses a second response itself; bypass that to reach "Discord".
        interaction.response._response_type = None
        try:
            await interaction.response.send_message("zweimal")
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @demo.command(name="toolong", description="Zu lange custom_id")
    async def toolong(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="?", custom_id=LONG_CUSTOM_ID))
        try:
            await interaction.response.send_message("kaputt", view=view)
        except discord.HTTPException as exc:
            bot.errors.append(exc)
            await interaction.response.send_message("ohne Knopf")

    @demo.command(name="announce", description="Schreibt in den Kanal")
    async def announce(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await channel.send("Neue Runde!")

    @demo.command(name="file", description="Mit Bild")
    async def file(interaction: discord.Interaction) -> None:
        picture = discord.File(io.BytesIO(b"\x89PNG fake"), filename="stand.png")
        embed = discord.Embed(title="Stand", description="A 12 : B 7")
        embed.set_image(url="attachment://stand.png")
        await interaction.response.send_message(embed=embed, file=picture)

    @demo.command(name="thread", description="Eröffnet einen Thread")
    async def thread(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await interaction.response.defer(ephemeral=True, thinking=True)
        created = await channel.create_thread(
            name="Spieleabend", type=discord.ChannelType.public_thread
        )
        await created.send("Willkommen am Tisch")
        await interaction.followup.send(f"Thread {created.name} eröffnet")

    return demo


@dataclass
class World:
    fake: FakeDiscord
    guild: Guild
    channel: Channel
    alice: User
    bob: User  # DMs closed
