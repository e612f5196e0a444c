"""A loopback Discord: REST + gateway on 127.0.0.1 for testing the real bot with discord.py."""

from loopback.entities import Channel, Guild, Interaction, Message, RestCall, User
from loopback.harness import bot_running, fake_discord, run_bot, tasks_left_behind
from loopback.server import FakeDiscord

__all__ = [
    "Channel",
    "FakeDiscord",
    "Guild",
    "Interaction",
    "Message",
    "RestCall",
    "User",
    "bot_running",
    "fake_discord",
    "run_bot",
    "tasks_left_behind",
]
