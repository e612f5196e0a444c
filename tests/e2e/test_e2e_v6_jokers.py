"""Each decision joker, and an announced joker, through the private prompts."""

from __future__ import annotations

from tests.helpers.e2e_table import Table


async def announce(table: Table, user: object, joker: str) -> object:
    """``Joker …`` on the table, then the joker in the private menu."""
    menu = await table.press(user, "menu")  # type: ignore[arg-type]
    assert menu.response_type == 4 and menu.message.visibility == "ephemeral"
    return await table.choose(user, menu.message, "joker", [joker])  # type: ignore[arg-type]


async def decide(table: Table, user: object, answer: str, interaction: object) -> object:
    """Answer the decision prompt that followed ``interaction`` privately."""
    followups = await interaction.wait_followup()  # type: ignore[attr-defined]
    prompt = followups[-1]
    assert prompt.visibility == "ephemeral"
    assert prompt.audience == user.id  # type: ignore[attr-defined]
    return await table.press(user, answer, prompt)  # type: ignore[arg-type]


def eyes_line(table: Table, user: object) -> str:
    message = table.table_message()
    lines = message.text().splitlines()
    return next(line for line in lines if line.startswith(f"**<@{user.id}>**"))  # type: ignore[attr-defined]


async def test_anaconda_fight_through_buttons(table: Table) -> None:
    table.dice.add(3, 4, 5)  # Freiwurf 3, attack 4, fight 5 -> +17
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna, "anaconda")
    step = await announce(table, table.anna, "anaconda")
    await decide(table, table.anna, "yes", step)
    assert "20 Augen" in eyes_line(table, table.anna)


async def test_rattenlord_withdraw_through_buttons(table: Table) -> None:
    table.dice.add(3, 2)  # Freiwurf 3, first rat roll 2; withdraw -> 1
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna, "rattenlord")
    step = await announce(table, table.anna, "rattenlord")
    await decide(table, table.anna, "yes", step)
    assert "1 Auge ·" in eyes_line(table, table.anna)


async def test_monokel_reroll_through_buttons(table: Table) -> None:
    table.dice.add(3, 1, 1, 6, 5)  # Freiwurf 3, shown 1+1, re-rolled 6+5 -> 14
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna, "monokel")
    step = await announce(table, table.anna, "monokel")
    await decide(table, table.anna, "no", step)
    assert "14 Augen" in eyes_line(table, table.anna)


async def test_sekante_target_and_counters_through_prompts(table: Table) -> None:
    table.dice.add(5, 3, *[6, 1] * 5)  # Anna 5 stopp; Ben Freiwurf 3, wins 5 exchanges
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben, "sekante")
    menu = await table.press(table.ben, "menu")
    target = await table.choose(table.ben, menu.message, "joker", ["sekante"])
    assert target.response_type == 7  # the menu turns into the target choice
    step = await table.choose(table.ben, target.message, "target", [str(table.anna.id)])
    for _ in range(5):
        step = await decide(table, table.ben, "yes", step)
    assert "18 Augen" in eyes_line(table, table.ben)  # 3 + 10 + Keuler 5
    assert "−5 Augen" in eyes_line(table, table.anna)


async def test_fumo_announced_from_the_menu(table: Table) -> None:
    table.dice.add(3, 4, 2)  # Freiwurf 3, Fumo 4 -> +8, then 2 -> +4
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna, "fumo", "pony")
    await announce(table, table.anna, "fumo")
    await table.press(table.anna, "weiter")
    assert "15 Augen" in eyes_line(table, table.anna)


async def test_joker_is_offered_only_with_a_joker_to_announce(table: Table) -> None:
    """A turn without jokers offers weiter and stopp only; with one chosen, "Joker …"
    too; once it is announced the table offers it no more."""
    table.dice.add(3, 2, 4, 5, 3)
    await table.open_and_start(table.anna, table.ben)
    await table.start_turn(table.anna)  # no jokers
    verbs = [c.split(":")[-1] for c in table.table_message().custom_ids()]
    assert "menu" not in verbs and {"weiter", "stopp"} <= set(verbs)
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben, "rattenlord")
    assert any(c.endswith(":menu") for c in table.table_message().custom_ids())
