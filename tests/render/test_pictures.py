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
    from bot.games.teufel.render.pictures import track_png

    marks = ["0–50", "200", "300", "500", "800", "1200", "1600"]
    one = Image.open(io.BytesIO(track_png("Spur", marks, [("Anna", 2)])))
    three = Image.open(io.BytesIO(track_png("Spur", marks, [("Anna", 2), ("Ben", 2), ("Cem", 2)])))
    assert three.height > one.height and three.width == one.width


def test_a_hand_picture_is_as_wide_as_the_hand() -> None:
    from bot.games.flaschenteufel.render.pictures import cards_png

    two = Image.open(io.BytesIO(cards_png([(1, "gelb", 1), (37, "rot", 6)])))
    five = Image.open(io.BytesIO(cards_png([(c, "blau", 2) for c in (4, 6, 8, 10, 13)])))
    assert five.width > two.width and five.height == two.height


def test_a_picture_writes_a_minus_sign_and_a_signed_change() -> None:
    """The pictures' numbers as the texts write them: −1 (not the hyphen of -1), +6, ±0."""
    from bot.render.pictures import alt_table
    from bot.render.pictures.canvas import figure, signed

    assert [figure(-1), figure(0), figure(12), figure("Anna-Lena")] == [
        "−1",
        "0",
        "12",
        "Anna-Lena",
    ]
    assert [signed(6), signed(-3), signed(0)] == ["+6", "−3", "±0"]
    assert (
        alt_table("Finale", ["Spieler", "Punkte"], [["Anna", -1]])
        == "Finale: Spieler Anna, Punkte −1"
    )


def test_the_colours_a_picture_keeps_are_its_most_used() -> None:
    """A picture of few colours keeps them all exactly; one of more keeps its 256 most
    used, and a rare one becomes the nearest kept."""
    from bot.render.pictures.canvas import indexed

    few = Image.new("RGB", (4, 1))
    few.putdata([(43, 45, 49), (242, 243, 245), (43, 45, 49), (240, 178, 50)])
    kept_few = indexed(few).convert("RGB")
    assert sorted(kept_few.get_flattened_data()) == sorted(few.get_flattened_data())
    many = Image.new("RGB", (300, 2), (43, 45, 49))
    many.putdata([(i % 256, 0, 0) for i in range(300)] + [(43, 45, 49)] * 300)
    kept = indexed(many).convert("RGB")
    assert len(kept.getcolors(1 << 16) or []) <= 256
    assert kept.getpixel((0, 1)) == (43, 45, 49)  # the most used colour stays exact
