"""Every count reads right ("1 Auge", "2 Augen"), in German and English; no English word in
a German table and none of the German-only words in an English one; refusals and results
name players (a mention for a user, the name for Lopaka), never an id or a mention of nobody.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.audit.text import report_text
from bot.audit.verify import Report
from bot.engine import Action, IllegalAction
from bot.games.dicedevils.render import cards as dd_cards
from bot.games.dicedevils.state import ITEM_COPIES
from bot.games.flaschenteufel.render import cards as ft_cards
from bot.games.teufel.render import cards as teufel_cards
from bot.games.verflixte6.render import cards as v6_cards
from bot.games.verflixte6.render.lines import describe as v6_describe
from bot.i18n import LANGUAGES, t
from bot.render import tournament_cards
from bot.render.cards import Card, Select
from bot.service import Outcome, Service
from bot.store import Store
from cogs.pipeline.dms import closed_notice
from cogs.pipeline.replies import refusal_text

LOCALES = ("de", "en")

# a count and a noun that do not go together: "1 Augen", "2 Auge", "1 points" …
WRONG = {
    1: re.compile(
        r"(?<![\d.,])1 (Augen|Punkte|Stiche|Gegenstände|Durchgängen|Durchgänge|Minuten"
        r"|beste Dritte|Ereignissen|eyes|points|tricks|items|pieces|tiles|minutes"
        r"|best thirds|events)\b"
    ),
    2: re.compile(
        r"(?<![\d.,])2 (Auge|Punkt|Stich|Gegenstand|Durchgang|Minute|bester Dritter"
        r"|Ereignis|eye|point|trick|item|piece|tile|minute|best third|event)\b"
    ),
}


def card_texts(card: Card) -> Iterator[str]:
    """Everything a player reads on a card."""
    yield from (card.title, card.description, card.footer)
    for name, value in card.fields:
        yield from (name, value)
    for row in card.rows:
        if isinstance(row, Select):
            yield row.placeholder
            yield from (o.label for o in row.options)
        else:
            yield from (b.label for b in row)


def read(card: Card) -> str:
    return "\n".join(card_texts(card))


def assert_counts_read_right(text: str, count: int) -> None:
    wrong = WRONG[count].search(text)
    assert wrong is None, f"{wrong.group(0)!r} in {text!r}"


# --- the mechanism ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "one", "two"),
    [
        ("n.eyes", {"de": "1 Auge", "en": "1 eye"}, {"de": "2 Augen", "en": "2 eyes"}),
        ("n.points", {"de": "1 Punkt", "en": "1 point"}, {"de": "2 Punkte", "en": "2 points"}),
        ("n.tricks", {"de": "1 Stich", "en": "1 trick"}, {"de": "2 Stiche", "en": "2 tricks"}),
        (
            "n.items",
            {"de": "1 Gegenstand", "en": "1 item"},
            {"de": "2 Gegenstände", "en": "2 items"},
        ),
        ("n.pieces", {"de": "1 Stück", "en": "1 piece"}, {"de": "2 Stück", "en": "2 pieces"}),
        ("n.minutes", {"de": "1 Minute", "en": "1 minute"}, {"de": "2 Minuten", "en": "2 minutes"}),
        (
            "n.durchgaenge",
            {"de": "1 Durchgang", "en": "1 Durchgang"},
            {"de": "2 Durchgänge", "en": "2 Durchgänge"},
        ),
        (
            "ui.tour.format.thirds",
            {"de": "dazu der beste Dritte", "en": "plus the best third"},
            {"de": "dazu die 2 besten Dritten", "en": "plus the 2 best thirds"},
        ),
    ],
)
def test_a_count_picks_the_singular_for_one_and_the_plural_otherwise(
    key: str, one: dict[str, str], two: dict[str, str]
) -> None:
    for locale in LOCALES:
        assert t(key, locale, count=1) == one[locale]
        assert t(key, locale, count=2) == two[locale]
        assert t(key, locale, count=-1) == one[locale].replace("1", "\u22121")  # −1
        assert t(key, locale, count=0) == two[locale].replace("2", "0")


def test_counted_texts_have_both_forms_and_nothing_beside_them() -> None:
    for language, found in LANGUAGES.items():
        assert found.plurals or language not in ("de", "en"), language
        for key, forms in found.plurals.items():
            assert len(forms) >= 2 and all(forms), (language, key)
            assert key not in found.texts, (language, key)  # t(key) without a count: a guess


def test_a_text_counted_by_its_own_count_is_left_as_it_is() -> None:
    """Texts with a ``count`` parameter but one form (a number in brackets) are unchanged."""
    assert t("tische.title", "de", count=1) == "Offene Tische (1)"


# --- counts on every game's cards, 1 and 2, German and English -----------------------------


@pytest.fixture
def service(store: Store) -> Service:
    return Service(store)


def with_view(outcome: Outcome, change: Callable[[dict[str, Any]], None]) -> Outcome:
    public = copy.deepcopy(outcome.public)
    change(public)
    return replace(outcome, public=public)


@pytest.mark.parametrize("count", [1, 2])
async def test_verflixte6_seats_results_and_the_robbery_prompt(
    service: Service, count: int
) -> None:
    running = await service.create("verflixte6", ["1", "2"], {})

    def seats(view: dict[str, Any]) -> None:
        for seat in view["seats"]:
            seat["eyes"], seat["points"] = count, count
        view["results"] = [{}] * count

    outcome = with_view(running, seats)
    end: dict[str, Any] = {"durchgang": count, "eyes": {"1": count, "2": count + 1}}
    end["points"] = {"1": count, "2": count}
    steal = with_view(running, lambda v: v["turn"].update(phase="steal", steal_amount=count))
    for locale in LOCALES:
        table = read(v6_cards.table_card(outcome, locale))
        result = read(v6_cards.result_card(outcome, end, locale))
        prompt = read(v6_cards.decision_prompt(steal, ["2"], locale, str))
        for text in (table, result, prompt):
            assert_counts_read_right(text, count)
        eyes, points = t("n.eyes", locale, count=count), t("n.points", locale, count=count)
        assert f"{eyes} · {points}" in table
        assert eyes in prompt
    standing = v6_cards.result_card(outcome, end, "de").fields[0][0]
    assert standing == ("Tabelle nach 1 Durchgang" if count == 1 else "Tabelle nach 2 Durchgängen")


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("locale", LOCALES)
def test_verflixte6_events_count_eyes(count: int, locale: str) -> None:
    events: list[dict[str, Any]] = [
        {"type": "freiwurf", "player": "Anna", "die": count, "eyes": count},
        {"type": "turn", "player": "Anna", "eyes": count},
        {"type": "stopp", "player": "Anna", "eyes": count},
        {"type": "robbery", "player": "Anna", "amount": count, "victims": ["Ben"]},
        {"type": "steal", "player": "Anna", "victim": "Ben", "amount": count, "eyes": count,
         "victim_eyes": count},
        {"type": "ventil", "player": "Anna", "floor": count},
        {"type": "bust", "player": "Anna", "eyes": count, "floor": True},
    ]  # fmt: skip
    for event in events:
        line = v6_describe(event, locale)
        assert_counts_read_right(line, count)
        assert t("n.eyes", locale, count=count) in line, line
    robbery = v6_describe(events[3], "de")
    assert (
        robbery == f"Räuberische 1! Anna darf {t('n.eyes', 'de', count=count)} stehlen – von: Ben."
    )


@pytest.mark.parametrize("count", [1, 2])
async def test_teufel_pieces_tiles_and_who_pulls_nothing(service: Service, count: int) -> None:
    running = await service.create("teufel", ["1", "2", "3"], {})
    outcome = with_view(running, lambda v: v.update(oven=count))
    skipped = ["1", "2"][:count]
    for locale in LOCALES:
        table = read(teufel_cards.table_card(outcome, locale, lambda p: "…"))
        assert t("n.tiles", locale, count=count) in table
        lines = [
            teufel_cards.describe(e, locale)
            for e in (
                {"type": "coal", "player": "1", "tile": 10, "coal": 10, "pieces": count},
                {"type": "stopp", "player": "1", "coal": 10, "pieces": count},
                {"type": "refill", "tiles": count},
                {"type": "oven_empty", "skipped": skipped},
            )
        ]
        for text in (table, *lines):
            assert_counts_read_right(text, count)
    empty = teufel_cards.describe({"type": "oven_empty", "skipped": skipped}, "de")
    assert ("zieht" if count == 1 else "ziehen") in empty.split()


@pytest.mark.parametrize("count", [1, 2])
async def test_flaschenteufel_tricks_and_points(service: Service, count: int) -> None:
    running = await service.create("flaschenteufel", ["1", "2", "3"], {})

    def seats(view: dict[str, Any]) -> None:
        for seat in view["seats"]:
            seat["tricks"], seat["total"] = count, count

    outcome = with_view(running, seats)
    for locale in LOCALES:
        table = read(ft_cards.table_card(outcome, locale))
        assert_counts_read_right(table, count)
        tricks, points = t("n.tricks", locale, count=count), t("n.points", locale, count=count)
        assert f"{tricks} · {points}" in table


@pytest.mark.parametrize("count", [1, 2])
async def test_dice_devils_items_and_points(service: Service, count: int) -> None:
    running = await service.create("dicedevils", ["1", "2", "3"], {})

    def demons(view: dict[str, Any]) -> None:
        for demon in view["demons"]:
            demon["items"], demon["points"] = ["Bett"] * count, count

    outcome = with_view(running, demons)
    for locale in LOCALES:
        table = read(dd_cards.table_card(outcome, locale))
        assert_counts_read_right(table, count)
        items, points = t("n.items", locale, count=count), t("n.points", locale, count=count)
        assert f"{items} · {points}" in table


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("locale", LOCALES)
def test_tournament_registration_and_group_tables(count: int, locale: str) -> None:
    tour = {
        "registered": ["1"],
        "group_size": 4,
        "durchgaenge": count,
        "best_thirds": count,
        "finale_size": 4,
        "status": "registration",
        "name": "Herbst",
    }
    outcome = Outcome(1, "tournament", "open", 1, [], tour, {}, [], ["1"], "ab" * 32, None)
    registration = read(tournament_cards.registration_card(outcome, locale))
    assert t("n.durchgaenge", locale, count=count) in registration
    assert t("ui.tour.format.thirds", locale, count=count) in registration
    table = [{"player": "1", "points": count, "eyes": count}]
    group = read(
        tournament_cards.group_table_card({"table": table, "group": 1, "round": 1}, locale)
    )
    for text in (registration, group):
        assert_counts_read_right(text, count)
    assert f"{t('n.points', locale, count=count)}, {t('n.eyes', locale, count=count)}" in group


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("revealed", [True, False])
@pytest.mark.parametrize("locale", LOCALES)
def test_the_verifier_counts_draws_and_events(count: int, revealed: bool, locale: str) -> None:
    report = Report(
        game_id=7, draws=count, events=count, problems=(), replayed=False,
        seed="s" if revealed else None, seed_hash="h", head_hash="k",
        seed_revealed=revealed,
    )  # fmt: skip
    text = report_text(report, locale)
    assert_counts_read_right(text, count)
    assert t("n.chain_events", locale, count=count) in text


@pytest.mark.parametrize("count", [1, 2])
def test_closed_dms_address_one_player_or_several(count: int) -> None:
    closed = ["11", "12"][:count]
    for key in ("teufel.ui.dm_closed", "ft.ui.dm_closed", "dd.ui.dm_closed", "clock.dm_closed"):
        text = closed_notice(key, "de")(closed)
        assert text.startswith(", ".join(f"<@{p}>" for p in closed) + ": ")
        assert ("deine" if count == 1 else "eure") in text.split(), text


# --- no English in German tables, none of the German-only words in English ones ------------


async def test_teufel_seats_say_where_a_pawn_stands_in_the_tables_language(
    service: Service,
) -> None:
    running = await service.create("teufel", ["1", "2", "3", "4"], {})
    spots = {"1": 0, "2": 3, "3": 4, "4": 1}  # on 0–50, between 200 and 300, on 300, past 50

    def place(view: dict[str, Any]) -> None:
        for seat in view["seats"]:
            seat["position"] = spots[seat["player"]]
            seat["coal"], seat["pieces"] = 60, 2

    outcome = with_view(running, place)
    german = [v for _, v in teufel_cards.table_card(outcome, "de", lambda p: "…").fields]
    english = [v for _, v in teufel_cards.table_card(outcome, "en", lambda p: "…").fields]
    assert [v.split(" · ")[0] for v in german] == [
        "Auf 0–50", "Zwischen 200 und 300", "Auf 300", "Zwischen 50 und 200"
    ]  # fmt: skip
    assert [v.split(" · ")[0] for v in english] == [
        "On 0–50", "Between 200 and 300", "On 300", "Between 50 and 200"
    ]  # fmt: skip
    assert all(v.endswith("Kohle 60 (2 Stück)") for v in german), german
    assert all(v.endswith("coal 60 (2 pieces)") for v in english), english
    stopp = {"type": "stopp", "player": "1", "coal": 0, "pieces": 0}
    assert teufel_cards.describe(stopp, "de", str) == "1 hört auf mit Kohle 0 (0 Stück)."


@pytest.mark.parametrize("phase", ["pass", "open", "play"])
@pytest.mark.parametrize("locale", LOCALES)
def test_flaschenteufel_says_what_comes_next_in_words(phase: str, locale: str) -> None:
    line = ft_cards.describe({"type": "phase", "phase": phase}, locale)
    assert not line.endswith(f": {phase}."), line  # "Weiter geht es: pass." was shown
    assert locale == "en" or not re.search(rf"\b{phase}\b", line), line
    assert line == t(f"ft.event.phase.{phase}", locale)
    second = ft_cards.describe({"type": "phase", "phase": "discard", "set": 2}, locale)
    assert "2" in second and "discard" not in second


# Words a German player must not read, and German words that are no game terms (weiter,
# stopp, Zombie, joker names, demon ranks, Durchgang … stay German in English).
ENGLISH_IN_GERMAN = re.compile(r"\b(on|between|and|the|pass|play|button|account|Your)\b")
GERMAN_IN_ENGLISH = re.compile(r"\b(Mein|Meine|Konto|Karten|Becher|und|oder|zwischen|auf)\b")


@pytest.mark.parametrize(
    ("language", "words"), [("de", ENGLISH_IN_GERMAN), ("en", GERMAN_IN_ENGLISH)]
)
def test_no_text_mixes_in_the_other_language(language: str, words: re.Pattern[str]) -> None:
    game_terms = ("Push your Pony",)
    found = {
        key: hit.group(0)
        for key, text in LANGUAGES[language].every_text()
        if not key.startswith("cmd.")  # command names and options are Discord's business
        and (hit := words.search(re.sub("|".join(game_terms), "", text)))
    }
    assert not found


def test_english_buttons_and_notices_name_the_english_buttons() -> None:
    assert t("ui.button.account", "en") == "My account"
    assert t("ui.button.mycards", "en") == "My cards"
    assert t("ui.button.cup", "en") == "My cup"
    assert "“My account”" in t("teufel.ui.dm_closed", "en", players="<@1>", count=1)


def test_every_dice_devils_item_has_a_name_in_both_languages() -> None:
    for item in ITEM_COPIES:
        assert dd_cards.item_name(item, "de") == item  # the engine's ids are the German names
        assert dd_cards.item_name(item, "en") not in ITEM_COPIES or item == "Grill"


async def test_dice_devils_items_read_in_the_tables_language(service: Service) -> None:
    running = await service.create("dicedevils", ["1", "2", "3"], {})
    outcome = with_view(running, lambda view: view.update(display=["Teetasse", "heißes Bad"]))
    english, german = (
        read(dd_cards.table_card(outcome, "en")),
        read(dd_cards.table_card(outcome, "de")),
    )
    assert "1: Teacup" in english and "2: Hot bath" in english and "Teetasse" not in english
    assert "1: Teetasse" in german and "2: heißes Bad" in german
    events: list[dict[str, Any]] = [
        {"type": "round", "round": 1, "display": ["Bett", "Schal"]},
        {"type": "fight", "item": "Bett", "fighters": ["1", "2"]},
        {"type": "swap_item", "player": "1", "give": "Schal", "take": "Bett", "with": "2"},
    ]
    lines = [dd_cards.describe(e, "en") for e in events]
    assert "on display: Bed, Scarf." in lines[0] and "Dice fight for Bed" in lines[1]
    assert lines[2] == "<@1> swaps Scarf for Bed of <@2>."
    steal = Action("steal", {"from": "2", "item": "Teetasse"})
    swap = Action("swap_item", {"with": "2", "give": "Bett", "take": "Schal"})
    card = dd_cards.decision_card(outcome, [steal, swap], "en")
    select = card.rows[0]
    assert isinstance(select, Select)
    assert [o.label for o in select.options] == [
        "Steal Teacup from <@2>",
        "Swap Bed for Scarf from <@2>",
    ]
    assert [o.value for o in select.options] == ["2|Teetasse", "2|Bett|Schal"]  # ids stay


# --- names, not ids ------------------------------------------------------------------------


async def test_a_refusal_while_cards_are_passed_names_whoever_is_still_to_act(
    service: Service,
) -> None:
    running = await service.create("flaschenteufel", ["11", "12", "13"], {})
    card = running.private["11"]["seats"][0]["cards"][0]
    assert running.private["11"]["seats"][0]["player"] == "11"
    await service.act(running.game_id, "11", Action("discard", {"card": card}))
    current = service.tables.current(running.game_id)
    assert current.to_act == ["12", "13"]
    with pytest.raises(IllegalAction) as chosen:  # what his prompt's button is told
        service.tables.check(running.game_id, "11", None)
    assert refusal_text(chosen.value, "de") == (
        "Du hast schon gewählt – es fehlen noch <@12> und <@13>."
    )
    assert refusal_text(chosen.value, "en") == (
        "You have chosen already – waiting for <@12> and <@13>."
    )
    with pytest.raises(IllegalAction) as outsider:
        service.tables.check(running.game_id, "99", None)
    assert outsider.value.key == "game.not_a_player"


async def test_a_refusal_names_everyone_still_to_act(service: Service) -> None:
    """The engines' common refusal (Dice Devils': the first to place) names who is to act."""
    running = await service.create("dicedevils", ["11", "12", "13"], {})
    waiting = running.to_act
    other = next(p for p in running.players if p not in waiting)
    with pytest.raises(IllegalAction) as refused:
        service.tables.check(running.game_id, other, None)
    names = " und ".join(f"<@{p}>" for p in waiting)
    assert refusal_text(refused.value, "de") == f"Du bist nicht am Zug – {names} ist dran."


async def test_lopaka_is_named_not_mentioned(service: Service) -> None:
    running = await service.create("flaschenteufel", ["11", "12"], {"variant": "lopaka"})
    table = ft_cards.table_card(running, "de")
    assert "Lopaka" in [name for name, _ in table.fields]
    hand_end = {
        "type": "hand_end", "hand": 1, "devil": [3], "owner": "Lopaka", "price": 19,
        "scores": {"11": 5, "12": 3, "Lopaka": -2}, "totals": {"11": 5, "12": 3, "Lopaka": -2},
    }  # fmt: skip
    for locale in LOCALES:
        line = ft_cards.describe(hand_end, locale)
        assert "<@Lopaka>" not in line and "Lopaka −2" in line and "<@11> 5" in line
        assert "<@Lopaka>" not in read(table)


async def test_the_end_of_an_abend_names_its_winner_once_with_labelled_points(
    service: Service,
) -> None:
    running = await service.create("verflixte6", ["1", "2", "3"], {})
    rows = [
        {"player": "1", "points": 12, "eyes": 24},
        {"player": "2", "points": 12, "eyes": 24},
        {"player": "3", "points": 1, "eyes": 1},
    ]
    end = {"type": "abend_end", "table": rows}
    over = replace(with_view(running, lambda v: v.update(finished=True, turn=None)), events=[end])
    for locale in LOCALES:
        text = v6_cards.table_card(over, locale, str).description
        assert t("ui.table.over", locale) not in text  # said once, by the Abend's end
        winners = "Sieg für 1 und 2" if locale == "de" else "won by 1 and 2"
        assert f"{winners}." in text  # both level ones, not the third
        assert f"1: {t('n.points', locale, count=12)}, {t('n.eyes', locale, count=24)}" in text
        assert f"3: {t('n.points', locale, count=1)}, {t('n.eyes', locale, count=1)}" in text
    result_end: dict[str, Any] = {"durchgang": 2, "eyes": {"1": 3, "2": 0}}
    result_end["points"] = {"1": 6, "2": 0}
    standing = v6_cards.result_card(running, result_end, "de", str).fields[0][1]
    assert "1: 0 Punkte, 0 Augen" in standing


async def test_a_teufel_round_result_says_the_oven_was_refilled(service: Service) -> None:
    """A refill (the oven below ``refill_below`` after a round) is told in the round's
    result, not lost between the closed round and the next one's table."""
    outcome = await service.create("teufel", ["1", "2"], {"refill_below": 48})
    game_id = outcome.game_id
    while not any(e["type"] == "settle" for e in outcome.events):
        player = outcome.to_act[0]
        pull = outcome.public["phase"] == "pull" and outcome.events[-1]["type"] != "coal"
        action = Action("bet", {"amount": 0}) if outcome.public["phase"] == "bet" else (
            Action("draw") if pull else Action("stopp"))  # fmt: skip
        outcome = await service.act(game_id, player, action)
    refill = next(e for e in outcome.events if e["type"] == "refill")
    for locale in LOCALES:
        told = teufel_cards.describe(refill, locale)
        assert told in teufel_cards.result_card(outcome, locale).description
        assert t("n.tiles", locale, count=48) in told


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
def test_refusals_name_an_engines_ids_as_players_read_them(locale: str) -> None:
    """A joker, a colour, an item or a Dice Devils step in a refusal reads as the table
    names it elsewhere, never as the engine's id; an unknown one (typed) as it was sent."""
    named = {
        IllegalAction("v6.joker_not_available", joker="fumo"): t("v6.joker.fumo", locale),
        IllegalAction("ft.follow_colour", colour="rot"): t("game.colour.rot", locale),
        IllegalAction("dd.bad_item", item="Bett"): t("dd.item.Bett", locale),
        IllegalAction("dd.expected", action="swap_rank"): t("dd.action.swap_rank", locale),
        IllegalAction("dd.wrong_action", action="place"): t("dd.action.place", locale),
    }
    for refusal, name in named.items():
        (param,) = refusal.params
        assert refusal_text(refusal, locale) == t(refusal.key, locale, **{param: name})
        assert name != refusal.params[param] or locale == "de"  # not the id, but in German
    unknown = refusal_text(IllegalAction("v6.joker_unknown", joker="Pferd"), locale)
    assert "Pferd" in unknown
