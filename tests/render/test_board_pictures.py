"""The board pictures' data helpers read what the games log (random games of each engine),
every picture stays within 1,200 pixels, the alt texts carry the numbers, and the
renderers hold no state (drawn in threads at once, each picture is the same)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

from bot.engine import Action
from bot.engine.core import Game
from bot.engine.rng import AuditedRng
from bot.games.dicedevils import DiceDevils
from bot.games.dicedevils.render.pictures import (
    Fighter,
    Slot,
    alt_display,
    alt_fight,
    display_slots,
    fights,
    name_column,
)
from bot.games.dicedevils.state import RANKS
from bot.games.flaschenteufel import Flaschenteufel
from bot.games.flaschenteufel.render.pictures import (
    HAND_W,
    alt_cards,
    alt_trick,
    cards_png,
    trick_png,
)
from bot.games.teufel import Teufel
from bot.games.teufel.render.pictures import (
    TILE,
    alt_oven,
    alt_track,
    oven_contents,
    oven_png,
    round_pulls,
    tile,
    tile_width,
)
from bot.games.teufel.state import PULL
from bot.games.verflixte6 import Verflixte6
from bot.games.verflixte6.render.pictures import (
    DurchgangRow,
    abend_rows,
    alt_v6_abend,
    alt_v6_durchgang,
    durchgang_rows,
    v6_durchgang_png,
)
from bot.render import pictures, typeface
from bot.render.pictures import (
    alt_dice,
    alt_group_table,
    alt_table,
)
from bot.render.pictures.alt import ALT_MAX
from bot.render.pictures.canvas import PNG_BUDGET, Canvas, fit, width
from bot.render.pictures.palette import (
    GOLD,
    MAX_SCALE,
    MAX_WIDTH,
    PADDING,
    SHOWN_WIDTH,
    SMALL_SIZE,
    TEXT,
    scale_for,
)
from tests.render.picture_cases import LONGEST, WIDEST, cases, teufel_log, v6_log

Watch = Callable[[Any, list[dict[str, Any]], list[dict[str, Any]]], None]


def play(
    game: Game[Any],
    players: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
    watch: Watch,
    *,
    steps: int = 400,
    choose: Callable[[list[Action], random.Random], Action] | None = None,
) -> list[dict[str, Any]]:
    """A random game: each step a random player to act takes a random legal action;
    ``watch(state, log, new events)`` after each. Returns the log."""
    rng = AuditedRng(bytes([seed + 1]) * 32)
    pick = random.Random(seed)
    state, events = game.setup(list(players), options, rng)
    log = [e.to_dict() for e in events]
    for _ in range(steps):
        acting = sorted(game.to_act(state))
        if game.is_over(state) or not acting:
            break
        seat = pick.choice(acting)
        actions = game.legal_actions(state, seat)
        if not actions:
            break
        action = choose(actions, pick) if choose else pick.choice(actions)
        new = [e.to_dict() for e in game.apply(state, seat, action, rng)]
        log += new
        watch(state, log, new)
    return log


def no_jokers(actions: list[Action], pick: random.Random) -> Action:
    """Die verflixte 6 without jokers: no joker chosen, weiter or stopp, any victim."""
    plain = [a for a in actions if not a.args.get("jokers") and "joker" not in a.args]
    return pick.choice(plain or actions)


@pytest.mark.parametrize("seed", range(6))
def test_a_durchgangs_rows_are_its_rolls_and_its_result(seed: int) -> None:
    """Without jokers: every player has his Freiwurf, a 6 among his rolls is his last and
    leaves him 0 eyes; eyes and points are the result's, best first, places as printed."""
    ends: list[tuple[list[dict[str, Any]], dict[str, Any]]] = []

    def watch(state: Any, log: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
        ends.extend((list(log), e) for e in new if e["type"] == "durchgang_end")

    players = ["Anna", "Ben", "Cem", "Dora"][: 2 + seed % 3]
    play(Verflixte6(), players, {"durchgaenge": 3}, seed, watch, choose=no_jokers)
    assert len(ends) == 3
    for log, end in ends:
        rows = durchgang_rows(log, end)
        assert sorted(r.player for r in rows) == sorted(players)
        assert [r.eyes for r in rows] == sorted(end["eyes"].values(), reverse=True)
        for row in rows:
            assert row.freiwurf is not None and row.eyes == end["eyes"][row.player]
            assert row.points == end["points"][row.player]
            if 6 in row.rolls:
                assert row.rolls.index(6) == len(row.rolls) - 1 and row.eyes == 0
            assert (row.place is None) == (row.eyes == 0)
        assert rows[0].place in (None, 1)


@pytest.mark.parametrize("seed", range(4))
def test_the_abends_rows_sum_its_durchgaenge(seed: int) -> None:
    """With jokers: each row's points per Durchgang add up to his total, which with the
    eyes is the Abend's table (``abend_end``); the first row is first."""
    game = Verflixte6()
    seen: dict[str, Any] = {}

    def watch(state: Any, log: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
        seen["view"] = game.view(state, None)
        seen["end"] = next((e for e in new if e["type"] == "abend_end"), seen.get("end"))

    log = play(game, ["Anna", "Ben", "Cem"], {"durchgaenge": 3}, seed, watch, steps=2000)
    rows = abend_rows(log, seen["view"])
    assert seen["end"] is not None
    table = {r["player"]: (r["points"], r["eyes"]) for r in seen["end"]["table"]}
    for row in rows:
        assert None not in row.points and sum(p or 0 for p in row.points) == row.total
        assert table[row.player] == (row.total, row.eyes)
    assert rows[0].place == 1 and [r.place for r in rows] == sorted(r.place for r in rows)


@pytest.mark.parametrize("seed", range(4))
def test_the_oven_holds_what_was_not_drawn(seed: int) -> None:
    """After every action: the oven's contents add up to the view's count, no kind below
    0; this round's pulls are the pullers' coal."""
    game = Teufel()

    def watch(state: Any, log: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
        remaining = oven_contents(log)
        assert sum(remaining.values()) == game.view(state, None)["oven"]
        assert min(remaining.values()) >= 0
        if state.phase == PULL:
            pulled = dict(round_pulls(log))
            for seat in state.seats:
                tiles = pulled.get(seat.player, [])
                assert len([t for t in tiles if t]) == seat.pieces
                assert (0 if 0 in tiles else sum(tiles)) == seat.coal

    play(game, ["Anna", "Ben", "Cem", "Dora"], {"random_start": True}, seed, watch)


@pytest.mark.parametrize("seed", range(6))
def test_a_fights_winner_is_who_took_the_item(seed: int) -> None:
    """Each fight of a random game: the winner is who took the item, with the best score
    among those still in (the Springteufel wins a tie); every fighter has his dice."""
    game = DiceDevils()
    count = 0

    def watch(state: Any, log: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
        nonlocal count
        view = game.view(state, None)
        starts = [i for i, e in enumerate(new) if e["type"] == "fight"]
        for start, fight in zip(starts, fights(new, view), strict=True):
            if fight.winner is None:
                continue
            count += 1
            take = next(e for e in new[start:] if e["type"] == "take")
            winner = fight.fighters[fight.winner]
            assert winner.player == take["player"] and not winner.out
            best = max(f.score for f in fight.fighters if not f.out)
            assert winner.score == best
            assert all(len(f.dice) in (2, 3) for f in fight.fighters)
        assert len(display_slots(view, "de")) == len(view["display"])

    players = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn"][: 3 + seed % 4]
    play(game, players, {}, seed, watch, steps=600)
    assert count or seed % 4 == 0


def test_a_trick_of_a_random_hand_is_drawn() -> None:
    """Every trick of a random hand of four draws (the view's trick, price and owner)."""
    game = Flaschenteufel()
    drawn = 0

    def watch(state: Any, log: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
        nonlocal drawn
        view = game.view(state, None)
        played = [(str(c["player"]), int(c["card"])) for c in view["trick"]]
        if played:
            trick_png(played, int(view["price"]), owner=view["owner"])
            drawn += 1

    play(game, ["Anna", "Ben", "Cem", "Dora"], {}, 3, watch, steps=80)
    assert drawn > 5


def test_every_picture_is_drawn_at_about_the_size_discord_shows_it() -> None:
    """Discord shows a gallery's picture at most about 550 pixels wide: no picture wider
    than its logical 600, the widest names and longest turns included, and none of more
    bytes than its budget."""
    for case in cases():
        data = case.make()
        image = Image.open(io.BytesIO(data))
        assert image.width <= MAX_WIDTH, (case.name, image.size)
        assert len(data) <= PNG_BUDGET, (case.name, len(data))
    rows = [
        DurchgangRow(WIDEST, 6, tuple([5] * 40 + [6]), 0, 0, None),
        DurchgangRow(LONGEST, 1, (), 1, 6, 1),
    ]
    widest = v6_durchgang_png(WIDEST * 3, rows)
    assert Image.open(io.BytesIO(widest)).width <= MAX_WIDTH and len(widest) <= PNG_BUDGET
    remaining = dict.fromkeys((100, 75, 50, 25, 20, 10, 0), 9)
    pulls = [(WIDEST, [10] * 40)]
    assert Image.open(io.BytesIO(oven_png(WIDEST, remaining, pulls))).width <= MAX_WIDTH


def test_a_narrow_picture_is_drawn_up_to_discords_width_a_wide_one_at_its_own() -> None:
    """A picture narrower than Discord shows is drawn larger (at most twice), so that it
    shows as large as before; a wide one at its logical size, never smaller."""
    assert scale_for(MAX_WIDTH) == scale_for(SHOWN_WIDTH) == 1
    assert scale_for(SHOWN_WIDTH / 2) == scale_for(100) == MAX_SCALE == 2
    assert scale_for(500) == SHOWN_WIDTH / 500
    assert Canvas(300, 40).image.size == (SHOWN_WIDTH, round(40 * SHOWN_WIDTH / 300))
    assert Canvas(MAX_WIDTH, 40).image.size == (MAX_WIDTH, 40)
    assert Canvas(100, 40, scale=1).image.size == (100, 40)


def test_pictures_drawn_in_threads_at_once_are_the_same() -> None:
    chosen = [c for c in cases() if c.name.endswith("_de") or "_" not in c.name][:12]
    alone = [c.make() for c in chosen]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda c: c.make(), chosen * 2))
    assert together == alone * 2


def test_the_alt_texts_say_the_numbers_on_one_line() -> None:
    events, end = v6_log()
    rows = durchgang_rows(events, end)
    text = alt_v6_durchgang("Ergebnis Durchgang 2", rows, "de")
    assert "1. Jürgen Größe – 49 Augen – 6 Punkte: 4, 3, 5, 2" in text
    assert "0 Augen – 0 Punkte: 2, 6" in text
    abend = abend_rows(
        [{"type": "durchgang_end", "durchgang": 1, "points": {"a": 6, "b": 4}}],
        {"durchgaenge": 2, "seats": [{"player": "a", "points": 6, "abend_eyes": 30},
                                     {"player": "b", "points": 4, "abend_eyes": 20}]},
    )  # fmt: skip
    header = ["Platz", "Spieler", "1", "2", "Punkte", "Augen"]
    assert alt_v6_abend("T", header, abend) == (
        "T: 1. a: 1 6, 2 –, Punkte 6, Augen 30; 2. b: 1 4, 2 –, Punkte 4, Augen 20"
    )
    assert alt_dice([3, 6]) == "3, 6"
    assert alt_track("Spur", [("Anna", 3), ("Ben", 12)], "de") == (
        "Spur: Ben auf 1600; Anna zwischen 200 und 300"
    )
    # just past the first mark, 0–50: as the table message says it (not "zwischen 0–50")
    assert alt_track("Spur", [("Cem", 1), ("Dora", 0)], "de") == (
        "Spur: Cem zwischen 50 und 200; Dora auf 0–50"
    )
    log = teufel_log()
    oven = alt_oven("Im Ofen", oven_contents(log), round_pulls(log), "de")
    assert oven.startswith("Im Ofen: 23/48; 100 ×1, 75 ×1, 50 ×2") and "Zoë 20, Teufel = 0" in oven
    assert alt_cards([(37, "rot", 6)], "de") == "37 (rot, 6 Punkte)"
    trick = alt_trick([("Anna", 24)], 19, None, "de")
    assert trick == "Flasche: Preis 19, Besitzer –: Anna 24 (blau, 4 Punkte)"
    slots = [Slot("Bett", 1, (("Anna", "Oberteufel"),)), Slot("Grill", 3, (), True)]
    assert (
        alt_display("DD", slots, "de")
        == "DD: 1: Bett (1 Punkt) – Becher: Anna; 2: Grill – vergeben"
    )
    fighters = [
        Fighter("Anna", "Oberteufel", (6, 2, 5), 11),
        Fighter("Ben", "Putzteufel", (3, 4), 7),
    ]
    assert "Anna 6-2-5 → 11" in alt_fight("Kampf", fighters, 0, "de")
    assert alt_table("T", ["#", "Name"], [[1, "Anna"]]) == "T: # 1, Name Anna"
    assert alt_group_table("G", ["P", "S", "Pu", "A"], [[1, "Anna", 6, 30]], through=[0]) == (
        "G: 1. Anna, Pu 6, A 30 ✓"
    )
    long = alt_v6_durchgang("T\nitle", [rows[0]] * 40, "de")
    assert len(long) <= ALT_MAX and "\n" not in long and long.endswith("…")


def test_the_generic_pictures_are_the_packages_and_a_games_are_its_own() -> None:
    """The shared pictures come from ``bot.render.pictures``; a game moved into its own
    folder draws its pictures there, and the shared package no longer names them."""
    from bot.games.dicedevils.render import pictures as dicedevils
    from bot.games.teufel.render import pictures as teufel

    for name in ("table_png", "png"):
        assert callable(getattr(pictures, name))
    assert callable(teufel.track_png) and callable(dicedevils.display_png)
    assert not hasattr(pictures, "track_png") and not hasattr(pictures, "display_png")


def test_a_fights_rank_names_are_never_cut_beside_short_names() -> None:
    """Short names ("Al") left the ranks "Oberte…" and "Spielte…": the first column has
    room for every rank under its name."""
    fighters = [Fighter("Al", rank, (3, 4), 7) for rank in RANKS]
    room = name_column(fighters)
    assert [fit(f.rank, room, SMALL_SIZE) for f in fighters] == list(RANKS)


@pytest.mark.parametrize("colour", ["gelb", "blau", "rot"])
def test_a_cards_coins_stand_out_from_its_colour(colour: str) -> None:
    """Gold coins vanished on a yellow card: each card's coin differs clearly from the
    card around it (sampled in the picture, at the coin's centre and beside it)."""
    image = Image.open(io.BytesIO(cards_png([(1, colour, 1)]))).convert("RGB")
    scale = image.width / (2 * PADDING + HAND_W)
    x, h = PADDING + HAND_W / 2, HAND_W * 1.5
    radius = HAND_W * 0.095
    y = PADDING + h - HAND_W * 0.16 - radius
    coin = image.getpixel((round(x * scale), round(y * scale)))
    card = image.getpixel((round((x - 3 * radius) * scale), round(y * scale)))
    assert isinstance(coin, tuple) and isinstance(card, tuple)
    assert sum(abs(int(a) - int(b)) for a, b in zip(coin, card, strict=True)) > 150, (coin, card)


def test_the_ovens_100_is_labelled_as_large_as_every_tile() -> None:
    """The 100's label was drawn a fifth smaller than the others to fit a square tile: it
    has a wider tile instead, its label the same size, within the tile."""

    class Labels(Canvas):
        """A canvas that keeps each label and its size."""

        drawn: list[tuple[str, float]]

        def text(self, x: float, y: float, text: str, **style: Any) -> None:
            self.drawn.append((text, style["size"]))

    sizes: dict[int, float] = {}
    for value in (100, 50, 10):
        canvas = Labels(100, 40)
        canvas.drawn = []
        tile(canvas, 0, 0, TILE, value)
        [(text, size)] = canvas.drawn
        sizes[value] = size
        assert width(text, size, bold=True) < tile_width(value, TILE) - 4
    assert sizes[100] == sizes[50] == sizes[10]


@pytest.mark.parametrize("seed", range(4))
def test_a_durchgangs_rows_add_up_with_jokers_and_robberies(seed: int) -> None:
    """With jokers, a row's dice alone did not give his eyes ("Ben – 33 Augen: 5"): each
    row's ``rest`` is what the dice do not explain, so the Freiwurf, the normal rolls and
    the rest are his eyes (after a verflixte 6 that busted him the rest is all he kept);
    the picture's words name it."""
    ends: list[tuple[list[dict[str, Any]], dict[str, Any]]] = []

    def watch(state: Any, log: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
        ends.extend((list(log), e) for e in new if e["type"] == "durchgang_end")

    play(Verflixte6(), ["Anna", "Ben", "Cem", "Dora"], {"durchgaenge": 3}, seed, watch,
         steps=3000)  # fmt: skip
    rests = []
    for log, end in ends:
        busted = {e["player"] for e in log if e["type"] == "bust"}
        for row in durchgang_rows(log, end):
            dice = (row.freiwurf or 0) + sum(face for face in row.rolls if face != 6)
            kept = row.rest if row.player in busted and 6 in row.rolls else dice + row.rest
            assert kept == row.eyes == end["eyes"][row.player], row
            rests.append(row.rest)
        alt = alt_v6_durchgang("T", durchgang_rows(log, end), "de")
        assert ("Joker/Raub" in alt) == any(r.rest for r in durchgang_rows(log, end))
    assert any(rests)


@pytest.mark.parametrize("anchor", ["lm", "mm", "rm", "ls"])
def test_a_text_from_its_kept_mask_is_drawn_as_pillow_draws_it(anchor: str) -> None:
    """A text's mask is rendered once per process and blended as ``ImageDraw.text``
    does: the same pixels, the first time and from the kept mask, at any scale."""
    for scale in (1, 1.16, 2):
        kept = Canvas(300, 40, scale=scale)
        pillow = Canvas(300, 40, scale=scale)
        for bold, text in ((False, "Jürgen Größe 49 −3"), (True, "Zoë ±0 · 11")):
            for _ in range(2):  # rendered, then from the kept mask
                kept.text(150, 20, text, size=SMALL_SIZE + 1, bold=bold, anchor=anchor)
            where = (pillow.px(150), pillow.px(20))
            face = typeface.font(pillow.px(SMALL_SIZE + 1), bold=bold)
            for _ in range(2):
                pillow.draw.text(where, text, font=face, fill=TEXT, anchor=anchor)
        assert kept.image.tobytes() == pillow.image.tobytes(), scale


@pytest.mark.parametrize("scale", [1, 1.16, 2])
def test_a_rounded_box_from_its_kept_masks_is_drawn_as_pillow_draws_it(scale: float) -> None:
    """A small rounded box is blended from masks drawn once per size
    (``canvas.rounded_box``): the same pixels as Pillow's ``rounded_rectangle``, with and
    without an outline, at any place, partly outside the picture too."""
    kept = Canvas(300, 60, scale=scale)
    pillow = Canvas(300, 60, scale=scale)
    boxes = [
        ((4, 4, 30, 30), 6, GOLD, TEXT, 1),
        ((40.5, 10, 62, 22), 3, TEXT, None, 1),
        ((70, 8, 96, 40), 9, None, GOLD, 2.5),
        ((-6, 44, 14, 70), 5, GOLD, TEXT, 1),
        ((100, 5, 112, 17), 20, TEXT, GOLD, 1),  # a radius larger than the box: a circle
    ]
    for box, radius, fill, outline, line in boxes:
        kept.box(box, fill=fill, outline=outline, line=line, radius=radius)
        x0, y0, x1, y1 = (pillow.px(v) for v in box)
        width = max(1, pillow.px(line)) if outline is not None else 0
        pillow.draw.rounded_rectangle(
            (x0, y0, x1, y1), radius=pillow.px(radius), fill=fill, outline=outline, width=width
        )
    assert kept.image.tobytes() == pillow.image.tobytes()
