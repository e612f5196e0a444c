from __future__ import annotations

import io

from PIL import Image

from bot.render.pictures import table_png


def test_a_table_picture_has_a_line_per_row() -> None:
    small = Image.open(
        io.BytesIO(table_png("Gruppe 1", ["#", "Spieler", "Punkte"], [[1, "Anna", 6]]))
    )
    big_rows = [[i, f"Spieler {i}", i * 2] for i in range(6)]
    big = Image.open(io.BytesIO(table_png("Gruppe 1", ["#", "Spieler", "Punkte"], big_rows)))
    assert small.format == "PNG" and big.format == "PNG"
    assert big.height > small.height
    colours = small.convert("RGB").getcolors(maxcolors=100_000)
    assert colours is not None and len(colours) > 2  # text was drawn, not just a background


def test_long_names_widen_the_picture() -> None:
    short = Image.open(io.BytesIO(table_png("T", ["Spieler"], [["Al"]])))
    long = Image.open(io.BytesIO(table_png("T", ["Spieler"], [["Maximiliane von Hohenstein"]])))
    assert long.width > short.width


def test_the_track_grows_with_stacked_pawns() -> None:
    from bot.render.pictures import track_png

    marks = ["0–50", "200", "300", "500", "800", "1200", "1600"]
    one = Image.open(io.BytesIO(track_png("Spur", marks, [("Anna", 2)])))
    three = Image.open(io.BytesIO(track_png("Spur", marks, [("Anna", 2), ("Ben", 2), ("Cem", 2)])))
    assert three.height > one.height and three.width == one.width


def test_a_hand_picture_is_as_wide_as_the_hand() -> None:
    from bot.render.pictures import cards_png

    two = Image.open(io.BytesIO(cards_png([(1, "gelb", 1), (37, "rot", 6)])))
    five = Image.open(io.BytesIO(cards_png([(c, "blau", 2) for c in (4, 6, 8, 10, 13)])))
    assert five.width > two.width and five.height == two.height
