"""Less common paths: guild sync with translations, autocomplete, DynamicItems, DMs, edits."""

from __future__ import annotations

import io
import re

import discord
import pytest
from discord import app_commands

from loopback import bot_running
from tests.helpers.loopback_demo import World


class ShowHand(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"hand:(?P<t>\d+)"
):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Meine Hand", custom_id=f"hand:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
    ) -> ShowHand:
        return cls(int(match["t"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Tisch {self.table}: deine Hand", ephemeral=True, view=RefreshView()
        )


class RefreshView(discord.ui.View):
    @discord.ui.button(label="Neu", custom_id="refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[RefreshView]
    ) -> None:
        await interaction.response.edit_message(content="aufgefrischt", view=None)


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.american_english:
            return {"tisch": "table", "Einen Tisch öffnen": "Open a table"}.get(string.message)
        return None


class ExtraBot(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)
        self.users_seen: list[str] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ShowHand)
        await self.tree.set_translator(Translator())
        tree = self.tree

        @tree.command(
            name=app_commands.locale_str("tisch"),
            description=app_commands.locale_str("Einen Tisch öffnen"),
        )
        async def tisch(interaction: discord.Interaction, spiel: str, gast: discord.Member) -> None:
            self.users_seen.append(gast.display_name)
            view = discord.ui.View(timeout=None)
            view.add_item(ShowHand(7))
            await interaction.response.send_message(f"{spiel} mit {gast.display_name}", view=view)

        @tisch.autocomplete("spiel")
        async def spiel_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            games = ["v6", "teufel", "flasche"]
            return [app_commands.Choice(name=g, value=g) for g in games if g.startswith(current)]

        @tree.command(name="bild", description="Ein Bild, dann ersetzt")
        async def bild(interaction: discord.Interaction) -> None:
            first = discord.File(io.BytesIO(b"1"), filename="a.png")
            await interaction.response.send_message("Bild", file=first)
            second = discord.File(io.BytesIO(b"22"), filename="b.png")
            await interaction.edit_original_response(attachments=[second])
            extra = await interaction.followup.send("weg damit", wait=True)
            await extra.delete()

        @tree.command(name="privat", description="Im DM")
        @app_commands.allowed_contexts(guilds=True, dms=True)
        async def privat(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"Hallo {interaction.user.name}")

        tree.copy_global_to(guild=self.guild)
        await tree.sync(guild=self.guild)
        tree.remove_command("tisch")
        tree.remove_command("bild")
        await tree.sync()


async def test_extras(world: World) -> None:
    fake = world.fake
    bot = ExtraBot(world.guild.id)
    async with bot_running(fake, bot):
        assert [c["name"] for c in fake.commands()] == ["privat"]
        commands = {c["name"]: c for c in fake.commands(world.guild)}
        assert commands["tisch"]["name_localizations"] == {"en-US": "table"}
        assert commands["tisch"]["description_localizations"] == {"en-US": "Open a table"}

        choices = await fake.autocomplete(world.alice, world.channel, "tisch", "spiel", spiel="t")
        assert choices == [{"name": "teufel", "value": "teufel"}]

        table = await fake.slash(world.alice, world.channel, "tisch", spiel="v6", gast=world.bob)
        assert bot.users_seen == ["bob"]
        assert table.message is not None and table.message.custom_ids() == ["hand:7"]

        hand = await fake.click(world.bob, table.message, "hand:7")
        assert hand.message is not None and hand.message.visibility == "ephemeral"
        with pytest.raises(LookupError):
            await fake.click(world.alice, hand.message, "refresh")
        refreshed = await fake.click(world.bob, hand.message, "refresh")
        assert refreshed.response_type == 7
        assert hand.message.content == "aufgefrischt" and hand.message.edits == 1
        assert fake.private_messages(world.bob) == [hand.message]

        picture = await fake.slash(world.alice, world.channel, "bild")
        assert picture.message is not None
        await fake.wait_until(lambda: bool(picture.followups and picture.followups[0].deleted))
        assert picture.message.attachments == ["b.png"]
        assert fake.channel_messages(world.channel)[-1] is picture.message

        dm = fake.dm_channel(world.alice)
        private = await fake.slash(world.alice, dm, "privat")
        assert private.message is not None
        assert (private.message.visibility, private.message.audience) == ("dm", world.alice.id)
        with pytest.raises(LookupError):
            await fake.slash(world.bob, dm, "privat")
    assert fake.violations == []
