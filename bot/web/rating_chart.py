"""A player's rating over time as a chart the page draws with SVG (no script): one point per
rated game, his rating after it (the leaderboard's μ − 3σ) in finish order, a line through
them, the first and last and the zero line marked; and the same numbers as text (a
summary line and a table), for readers who cannot see the chart."""

from __future__ import annotations

from dataclasses import dataclass

from babel.dates import format_date

from bot.history.rating_history import Curve
from bot.i18n import t
from bot.render import leaderboard_card as boards

WIDTH, HEIGHT = 600, 220
"""The chart's drawing box (it scales to the page's width)."""
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 14, 26
"""Room around the plot: the rating labels on the left, the games' count below."""


@dataclass(frozen=True)
class Point:
    """One game on the chart: where it stands, and what its table row says."""

    x: float
    y: float
    number: int
    date: str
    rating: str


@dataclass(frozen=True)
class Tick:
    """A labelled rating on the vertical axis."""

    y: float
    label: str


@dataclass(frozen=True)
class Chart:
    title: str
    summary: str
    points: tuple[Point, ...]
    ticks: tuple[Tick, ...]
    zero: float | None
    """Where rating 0 lies (None: outside the chart)."""
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    bottom: int = HEIGHT - BOTTOM

    @property
    def line(self) -> str:
        """The polyline's points."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def games_label_y(self) -> int:
        return self.height - 8


def chart(curve: Curve, locale: str) -> Chart:
    """``curve`` as a chart, its texts in ``locale``."""
    values = [step.skill.ordinal for step in curve.steps]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> float:
        return TOP + (high - value) / (high - low) * plot_h

    last = max(1, len(values) - 1)
    points = tuple(
        Point(
            LEFT + (plot_w * n / last if len(values) > 1 else plot_w / 2),
            y_of(value),
            step.game_id,
            format_date(step.finished_at, "medium", locale=locale),
            boards.rating(value, locale),
        )
        for n, (step, value) in enumerate(zip(curve.steps, values, strict=True))
    )
    ticks = (
        Tick(y_of(high), boards.rating(high, locale)),
        Tick(y_of(low), boards.rating(low, locale)),
    )
    game = t(f"game.name.{curve.kind}", locale)
    title = t("web.player.chart_title", locale, game=game,
              season=boards.season_title(curve.season, locale))  # fmt: skip
    if len(values) == 1:
        summary = t("web.player.chart_one", locale, rating=points[0].rating)
    else:
        summary = t(
            "web.player.chart_summary", locale, count=len(values), first=points[0].rating,
            last=points[-1].rating, best=boards.rating(max(values), locale),
        )  # fmt: skip
    zero = y_of(0.0) if low <= 0 <= high else None
    return Chart(title, summary, points, ticks, zero)
