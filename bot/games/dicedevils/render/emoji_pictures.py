"""How Dice Devils' items are drawn as emojis (:mod:`bot.games.dicedevils.render.emojis`):
the item on a warm tile, its value as flames in the corner."""

from __future__ import annotations

from PIL import ImageDraw

from bot.games.dicedevils.render.emojis import item_name
from bot.games.dicedevils.state import VALUE
from bot.render.pictures.emoji_canvas import EMBER, GOLD, INK, SCALE, WHITE, Painter, box, points

WARM = (255, 226, 190, 255)
WARM_EDGE = (214, 96, 36, 255)


def _item(paint_item: Painter, value: int) -> Painter:
    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(box(4, 4, 124, 124), radius=20 * SCALE, fill=WARM,
                               outline=WARM_EDGE, width=4 * SCALE)  # fmt: skip
        paint_item(draw)
        for n in range(value):  # flames in the corner: 1, 2 or 3 points
            x = 108 - n * 14
            draw.polygon(points((x, 100), (x + 6, 112), (x, 118), (x - 6, 112)), fill=EMBER)
            draw.ellipse(box(x - 6, 106, x + 6, 118), fill=EMBER)

    return paint


def _bed(draw: ImageDraw.ImageDraw) -> None:
    wood = (130, 80, 40, 255)
    draw.rectangle(box(18, 34, 28, 96), fill=wood)  # headboard
    draw.rectangle(box(100, 56, 108, 96), fill=wood)  # footboard
    draw.rounded_rectangle(box(24, 60, 104, 78), radius=5 * SCALE, fill=WHITE, outline=INK,
                           width=2 * SCALE)  # fmt: skip
    draw.rounded_rectangle(box(50, 52, 104, 72), radius=6 * SCALE, fill=(90, 130, 200, 255))
    draw.rounded_rectangle(box(28, 46, 50, 60), radius=6 * SCALE, fill=WHITE, outline=INK,
                           width=2 * SCALE)  # fmt: skip
    draw.rectangle(box(24, 78, 104, 86), fill=wood)


def _radiator(draw: ImageDraw.ImageDraw) -> None:
    metal, edge = (236, 236, 236, 255), (110, 110, 110, 255)
    draw.rectangle(box(20, 44, 108, 52), fill=edge)
    draw.rectangle(box(20, 84, 108, 92), fill=edge)
    for x in range(22, 104, 16):
        draw.rounded_rectangle(box(x, 30, x + 12, 102), radius=6 * SCALE, fill=metal,
                               outline=edge, width=2 * SCALE)  # fmt: skip
    for x in (34, 58, 82):  # heat
        draw.arc(box(x, 10, x + 10, 22), 180, 360, fill=EMBER, width=3 * SCALE)
        draw.arc(box(x + 10, 10, x + 20, 22), 0, 180, fill=EMBER, width=3 * SCALE)


def _earmuffs(draw: ImageDraw.ImageDraw) -> None:
    fur = (214, 68, 120, 255)
    draw.arc(box(28, 18, 100, 90), 180, 360, fill=INK, width=7 * SCALE)
    for x in (18, 86):
        draw.ellipse(box(x, 46, x + 26, 86), fill=fur, outline=INK, width=3 * SCALE)


def _scarf(draw: ImageDraw.ImageDraw) -> None:
    wool, stripe = (200, 40, 60, 255), (250, 240, 230, 255)
    draw.rounded_rectangle(box(18, 32, 110, 52), radius=9 * SCALE, fill=wool)
    draw.polygon(points((70, 46), (88, 46), (82, 96), (64, 96)), fill=wool)
    for y in (62, 76):
        draw.line(points((66, y), (86, y)), fill=stripe, width=4 * SCALE)
    for x in range(66, 84, 5):  # fringe
        draw.line(points((x, 96), (x - 1, 106)), fill=wool, width=2 * SCALE)
    for x in (34, 54, 94):
        draw.line(points((x, 34), (x, 50)), fill=stripe, width=4 * SCALE)


def _teacup(draw: ImageDraw.ImageDraw) -> None:
    china = (255, 255, 255, 255)
    draw.ellipse(box(14, 88, 102, 104), fill=china, outline=INK, width=2 * SCALE)  # saucer
    draw.arc(box(76, 50, 104, 78), 270, 90, fill=INK, width=5 * SCALE)  # handle
    draw.chord(box(22, 22, 90, 96), 0, 180, fill=china, outline=INK, width=3 * SCALE)
    draw.rectangle(box(22, 56, 90, 59), fill=INK)
    draw.ellipse(box(24, 52, 88, 62), fill=(150, 80, 30, 255))  # tea
    for x in (40, 58):  # steam
        draw.arc(box(x, 18, x + 10, 32), 90, 270, fill=(150, 150, 150, 255), width=3 * SCALE)
        draw.arc(box(x, 30, x + 10, 44), 270, 90, fill=(150, 150, 150, 255), width=3 * SCALE)


def _kettle(draw: ImageDraw.ImageDraw) -> None:
    steel, edge = (200, 205, 212, 255), (70, 74, 80, 255)
    draw.polygon(points((86, 66), (112, 44), (116, 50), (92, 82)), fill=steel, outline=edge)
    draw.arc(box(34, 18, 94, 70), 180, 360, fill=INK, width=6 * SCALE)  # handle
    draw.chord(box(22, 36, 100, 128), 180, 360, fill=steel, outline=edge, width=3 * SCALE)
    draw.rectangle(box(22, 80, 100, 100), fill=steel)
    draw.line(points((22, 80), (22, 100)), fill=edge, width=3 * SCALE)
    draw.line(points((100, 80), (100, 100)), fill=edge, width=3 * SCALE)
    draw.rectangle(box(20, 98, 102, 104), fill=edge)
    draw.ellipse(box(54, 34, 68, 44), fill=INK)  # lid knob


def _nightcap(draw: ImageDraw.ImageDraw) -> None:
    cloth, brim = (60, 90, 170, 255), (245, 245, 245, 255)
    draw.polygon(points((26, 90), (50, 40), (84, 22), (110, 30), (96, 48), (102, 90)),
                 fill=cloth)  # fmt: skip
    for x, y in ((50, 70), (74, 56), (84, 78)):
        draw.ellipse(box(x - 4, y - 4, x + 4, y + 4), fill=GOLD)
    draw.rounded_rectangle(box(20, 84, 108, 102), radius=8 * SCALE, fill=brim, outline=INK,
                           width=2 * SCALE)  # fmt: skip
    draw.ellipse(box(100, 30, 120, 50), fill=brim, outline=INK, width=2 * SCALE)  # pompom


def _chili(draw: ImageDraw.ImageDraw) -> None:
    pepper, stem = (210, 30, 30, 255), (60, 140, 50, 255)
    draw.polygon(
        points((30, 40), (46, 32), (66, 40), (84, 58), (96, 80), (104, 104), (90, 96),
                (70, 80), (48, 66), (32, 54)),
        fill=pepper,
    )  # fmt: skip
    draw.ellipse(box(24, 32, 48, 56), fill=pepper)
    draw.line(points((44, 42), (66, 50)), fill=(250, 150, 150, 255), width=3 * SCALE)
    draw.polygon(points((22, 36), (30, 28), (38, 34), (30, 40)), fill=stem)
    draw.line(points((28, 32), (18, 18)), fill=stem, width=5 * SCALE)


def _bath(draw: ImageDraw.ImageDraw) -> None:
    enamel, water = (255, 255, 255, 255), (120, 180, 230, 255)
    draw.rectangle(box(14, 56, 114, 62), fill=INK)
    draw.rectangle(box(16, 54, 112, 60), fill=water)
    draw.chord(box(18, 26, 110, 100), 0, 180, fill=enamel, outline=INK, width=3 * SCALE)
    draw.line(points((30, 92), (26, 104)), fill=INK, width=5 * SCALE)  # feet
    draw.line(points((98, 92), (102, 104)), fill=INK, width=5 * SCALE)
    draw.line(points((24, 54), (24, 30), (36, 30)), fill=INK, width=4 * SCALE)  # tap
    for x in (50, 66, 82):  # steam
        draw.arc(box(x, 20, x + 10, 34), 90, 270, fill=EMBER, width=3 * SCALE)
        draw.arc(box(x, 32, x + 10, 46), 270, 90, fill=EMBER, width=3 * SCALE)


def _iron(draw: ImageDraw.ImageDraw) -> None:
    body, sole = (70, 120, 200, 255), (200, 205, 212, 255)
    draw.arc(box(38, 30, 96, 80), 180, 360, fill=INK, width=7 * SCALE)  # handle
    draw.polygon(points((18, 88), (36, 56), (104, 56), (108, 88)), fill=body, outline=INK)
    draw.rectangle(box(16, 86, 110, 96), fill=sole, outline=INK, width=2 * SCALE)
    draw.ellipse(box(82, 64, 94, 76), fill=GOLD)  # the dial


def _grill(draw: ImageDraw.ImageDraw) -> None:
    bowl = (40, 40, 40, 255)
    for x in (40, 60, 80):  # flames
        draw.polygon(points((x - 7, 44), (x, 20), (x + 7, 44)), fill=EMBER)
    draw.line(points((20, 46), (108, 46)), fill=(150, 150, 150, 255), width=4 * SCALE)
    draw.chord(box(20, 14, 108, 84), 0, 180, fill=bowl)
    draw.line(points((42, 80), (32, 108)), fill=bowl, width=5 * SCALE)  # legs
    draw.line(points((86, 80), (96, 108)), fill=bowl, width=5 * SCALE)
    draw.line(points((64, 84), (64, 108)), fill=bowl, width=5 * SCALE)


ITEM_PAINTERS: dict[str, Painter] = {
    "Bett": _bed,
    "Heizkörper": _radiator,
    "Ohrenschützer": _earmuffs,
    "Schal": _scarf,
    "Teetasse": _teacup,
    "Wasserkessel": _kettle,
    "Schlafmütze": _nightcap,
    "Peperoni": _chili,
    "heißes Bad": _bath,
    "Bügeleisen": _iron,
    "Grill": _grill,
}


PAINTERS: dict[str, Painter] = {
    item_name(item): _item(painter, VALUE[item]) for item, painter in ITEM_PAINTERS.items()
}
