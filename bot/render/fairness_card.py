"""``/fairness``'s card: the six-sided dice by face against fair dice (count, expected,
deviation), the chi-square test with its plain sentence, the other draws' test, and where
to check a single game; and the arguments of its histogram (bot.render.pictures.histogram).
Numbers as the reader writes them."""

from __future__ import annotations

from bot.audit.dice_fairness import ALARM, MIN_DICE, ChiSquare, Report
from bot.i18n import decimal, number, t
from bot.render.cards import Card
from bot.render.pictures.histogram import TONES
from bot.render.sums import signed_average


def accent(tone: str) -> int:
    """The card's accent for a verdict (``Verdict.value``; "" untested): the colour of
    the histogram's bars, as Discord takes it (0xRRGGBB)."""
    red, green, blue = TONES.get(tone, TONES[""])
    return red << 16 | green << 8 | blue


Bars = tuple[tuple[int, str], ...]


def p_text(p: float, locale: str) -> str:
    """A p-value with its relation, as the texts' "p {p}" reads it: "= 0,838" (three
    decimals), "< 0,001" below that."""
    return f"< {number(ALARM, locale)}" if p < ALARM else f"= {number(round(p, 3), locale)}"


def sentence(test: ChiSquare, locale: str) -> str:
    """What the p-value means, in one sentence: "If the dice were fair, …"."""
    told = test.odds
    if told is None:
        return t("fairness.sentence.alarm_tiny", locale, reports=1_000_000)
    times, reports = told
    return t(f"fairness.sentence.{test.verdict.value}", locale, times=times, reports=reports)


def numbers(test: ChiSquare, locale: str) -> dict[str, object]:
    return {
        "statistic": number(round(test.statistic, 2), locale),
        "dof": test.dof,
        "p": p_text(test.p, locale),
    }


def fairness_card(shown: Report, scope: str, locale: str) -> Card:
    """The report as a card; ``scope`` says whose dice in which games."""
    lines = [scope]
    fields: list[tuple[str, str]] = []
    if shown.dice:
        faces = [
            t("fairness.face", locale, face=f.face, number=f.count,
              expected=decimal(f.expected, locale), change=signed_average(f.deviation, 1, locale))
            for f in shown.faces
        ]  # fmt: skip
        fields.append((t("fairness.field.faces", locale), "\n".join(faces)))
    if shown.test is not None:
        lines.append(sentence(shown.test, locale))
        fields.append(
            (
                t("fairness.field.test", locale),
                t("fairness.test", locale, **numbers(shown.test, locale)),
            )
        )
    elif shown.dice:
        lines.append(t("fairness.too_few", locale, dice=shown.dice, least=MIN_DICE))
    else:
        lines.append(t("fairness.no_dice", locale))
    others = others_text(shown, locale)
    if others:
        fields.append((t("fairness.field.others", locale), others))
    return Card(
        title=t("fairness.title", locale),
        description="\n\n".join(lines),
        fields=fields,
        footer=t("fairness.verify", locale),
        accent=accent(tone(shown)),
    )


def others_text(shown: Report, locale: str) -> str:
    """The other draws' line ("" when there are none)."""
    others = shown.others
    if others.test is None:
        return t("fairness.others_few", locale, draws=others.left_out) if others.left_out else ""
    verdict = t(f"fairness.verdict.{others.test.verdict.value}", locale)
    text = t("fairness.others", locale, draws=others.test.draws, verdict=verdict,
             **numbers(others.test, locale))  # fmt: skip
    if others.left_out:
        text += "\n" + t("fairness.others_left_out", locale, draws=others.left_out)
    return text


def histogram(shown: Report, locale: str) -> tuple[str, Bars, float, str, str]:
    """The histogram's arguments: title, bars (count and its text), expected count, its
    legend, the verdict's tone ("" untested)."""
    bars = tuple((f.count, number(f.count, locale)) for f in shown.faces)
    expected = shown.faces[0].expected
    legend = t("fairness.picture.expected", locale, expected=decimal(expected, locale))
    return t("fairness.picture.title", locale), bars, expected, legend, tone(shown)


def tone(shown: Report) -> str:
    """The verdict of the dice ("" without a test)."""
    return "" if shown.test is None else shown.test.verdict.value
