"""The app's emojis: the set (names, pictures, pinned versions) and the registry's texts,
plain when nothing is installed and the same text again through ``as_plain`` when it is."""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PIL import Image

from bot import emoji_images, emoji_set
from bot.emoji_set import as_plain
from bot.emoji_versions import DRAWN
from bot.games.dicedevils.render.emojis import item, item_name
from bot.games.dicedevils.state import ITEM_COPIES
from bot.games.flaschenteufel.cards import COLOUR, DECK
from bot.games.flaschenteufel.render.emojis import card, card_name
from bot.games.teufel.render.emojis import tile
from bot.games.teufel.state import DEVIL, TILES
from bot.render import emojis
from bot.render.dice_emojis import dice, die, die_name

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"[a-z0-9_]{2,32}")
FAMILIES = ("die_", "bottle_card_", "coal_tile_", "devil_tile", "hot_item_")
NAMES = emoji_set.names()
FALLBACK = emoji_set.fallbacks()


@pytest.fixture
def all_installed() -> Iterator[dict[str, int]]:
    """Every emoji of the set installed with a made-up id; plain again afterwards."""
    ids = {name: 1_000_000 + n for n, name in enumerate(NAMES)}
    emoji_set.install(ids)
    yield ids
    emojis.clear()


# -- the set -----------------------------------------------------------------------------------
def test_the_set_has_one_emoji_per_face_card_tile_and_item() -> None:
    names = NAMES
    assert len(names) == len(set(names)) == 7 + len(DECK) + len(set(TILES)) + len(ITEM_COPIES)
    assert {die_name(f) for f in range(1, 7)} | {"die_6_cursed"} <= set(names)
    assert {card_name(c, COLOUR[c]) for c in DECK} <= set(names)
    assert "bottle_card_blue_17" in names and "bottle_card_red_37" in names
    assert {"coal_tile_100", "coal_tile_10", "devil_tile"} <= set(names)
    assert {item_name(i) for i in ITEM_COPIES} <= set(names)


@pytest.mark.parametrize("name", NAMES)
def test_a_name_is_valid_readable_and_namespaced(name: str) -> None:
    assert NAME.fullmatch(name), name
    assert name.startswith(FAMILIES), name
    assert not re.search(r"[a-z]\d|\d[a-z]|__", name), name  # words and numbers read apart


@pytest.mark.parametrize("name", NAMES)
def test_a_picture_is_a_png_of_128_pixels_discord_takes(name: str) -> None:
    data = emoji_images.png(name)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < 256 * 1024
    image = Image.open(io.BytesIO(data))
    assert image.size == (128, 128) and image.mode == "RGBA"
    assert image.getbbox() is not None  # something is drawn


def test_the_pictures_are_the_same_bytes_in_every_run() -> None:
    here = hashlib.sha256(b"".join(emoji_images.png(n) for n in NAMES)).hexdigest()
    emoji_images.png.cache_clear()
    emoji_images.picture.cache_clear()
    again = hashlib.sha256(b"".join(emoji_images.png(n) for n in NAMES)).hexdigest()
    script = (
        "import hashlib; from bot import emoji_images, emoji_set; "
        "names = emoji_set.names(); "
        "print(hashlib.sha256(b''.join(emoji_images.png(n) for n in names)).hexdigest())"
    )
    other = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert here == again == other


def test_the_pictures_differ() -> None:
    hashes = [emoji_images.content_hash(n) for n in NAMES]
    assert len(set(hashes)) == len(hashes)


def test_the_pinned_versions_match_the_drawings() -> None:
    """A changed drawing needs ``python -m bot.emoji_images --update`` (which moves
    its time, so that the bot replaces it on Discord)."""
    assert list(DRAWN) == list(NAMES)
    changed = [n for n in NAMES if DRAWN[n][0] != emoji_images.content_hash(n)]
    assert changed == [], "run python -m bot.emoji_images --update"
    now = datetime.now(UTC)
    for name, (_, since) in DRAWN.items():
        assert datetime.fromisoformat(since) <= now, name  # else every start replaces it
    assert emoji_images.main(["--check"]) == 0


def test_an_update_moves_only_a_changed_drawings_time() -> None:
    old = dict(DRAWN)
    old["die_3"] = ("0" * 16, "2026-01-01T00:00:00+00:00")
    now = datetime(2030, 5, 6, 7, 8, 9, tzinfo=UTC)
    text = emoji_images.versions_text(old, now)
    assert f'"die_3": ("{emoji_images.content_hash("die_3")}", "2030-05-06T07:08:09+00:00")' in text
    assert f'"die_4": ("{DRAWN["die_4"][0]}", "{DRAWN["die_4"][1]}")' in text


# -- the registry ------------------------------------------------------------------------------
def test_without_emojis_every_helper_writes_todays_text() -> None:
    assert emojis.installed() == {}
    assert [die(f) for f in range(1, 7)] == ["1", "2", "3", "4", "5", "6"]
    assert die(6, cursed=True) == "6"
    assert dice([2, 3]) == "2, 3" and dice([6, 2, 5], "-") == "6-2-5"
    assert dice([]) == ""
    assert card(17, "blau") == "17" and card(1, "gelb") == "1"
    assert tile(25) == "25" and tile(100) == "100"
    assert tile(DEVIL) == "😈"
    assert item("heißes Bad", "Hot bath") == "Hot bath"
    assert as_plain("🎲 3 → Anna") == "🎲 3 → Anna"


def test_installed_the_helpers_write_emojis(all_installed: dict[str, int]) -> None:
    assert die(3) == f"<:die_3:{all_installed['die_3']}>"
    assert die(6, cursed=True) == f"<:die_6_cursed:{all_installed['die_6_cursed']}>"
    assert dice([2, 3]) == f"<:die_2:{all_installed['die_2']}>, <:die_3:{all_installed['die_3']}>"
    assert card(17, "blau") == f"<:bottle_card_blue_17:{all_installed['bottle_card_blue_17']}>"
    assert tile(DEVIL) == f"<:devil_tile:{all_installed['devil_tile']}>"
    assert item("Grill", "Grill") == f"<:hot_item_grill:{all_installed['hot_item_grill']}> Grill"


def test_as_plain_gives_back_the_text_without_emojis(all_installed: dict[str, int]) -> None:
    for name in NAMES:
        written = emoji_set.family_of(name).write(name)
        assert written.startswith(f"<:{name}:")
        assert as_plain(f"a {written} b") == f"a {FALLBACK[name]} b".replace("  ", " ")
    text = f"1: {item('Bett', 'Bett')} (1 Punkt), {dice([4, 1], '-')} = 5"
    assert as_plain(text) == "1: Bett (1 Punkt), 4-1 = 5"
    assert as_plain("<:party:42> and <a:dance:43>") == ":party: and :dance:"
    assert emojis.as_names(die(3) + " → 3") == ":die_3: → 3"


def test_install_keeps_only_the_sets_names_and_replaces_the_last() -> None:
    try:
        emoji_set.install({"die_3": 5, "someone_elses": 6})
        assert emojis.installed() == {"die_3": 5}
        assert die(4) == "4"  # not installed: plain
        emoji_set.install({"die_4": 7})
        assert emojis.installed() == {"die_4": 7} and die(3) == "3"
    finally:
        emojis.clear()
    assert die(4) == "4"


def test_a_cut_text_keeps_no_half_emoji(all_installed: dict[str, int]) -> None:
    text = "x" * 10 + die(3) + " → 12"
    assert emojis.tail(text, 1000) == text
    assert emojis.tail(text, len(" → 12") + 3) == "→ 12"  # the cut went through the emoji
    assert emojis.tail(text, len(text) - 2) == text[2:]
    assert emojis.tail("abcdef", 3) == "def"


def test_a_cut_text_starts_with_a_whole_line() -> None:
    """A long table text keeps its last lines whole: no mention is cut in half (a table's
    text began "351933977853956> gewinnt den Stich" after a long clock note)."""
    lines = [f"<@{100000000000000000 + n}> gewinnt den Stich." for n in range(5)]
    text = "\n".join(lines)
    cut = emojis.tail(text, len(lines[-1]) + len(lines[-2]) // 2)
    assert cut == lines[-1]
    assert emojis.tail(text, len(lines[-1]) + 1 + len(lines[-2])) == "\n".join(lines[-2:])
