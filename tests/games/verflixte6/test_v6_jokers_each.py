"""Each joker alone, and the interactions the rules name."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.verflixte6.state import PRINZESSIN, ZOMBIE
from tests.helpers.verflixte6 import Table


def test_frostschutz_nth_use_subtracts_faces_up_to_n() -> None:
    # uses 1..5 with dice 1, 2, 4, 4, 5: -1, -2, +4, -4, -5
    table = Table(["Anna", "Ben"], [3, 1, 2, 4, 4, 5])
    table.start("Anna", "frostschutz", eyes=20)
    changes = [table.joker("Anna", "frostschutz")[-1].data["change"] for _ in range(5)]
    assert changes == [-1, -2, 4, -4, -5]
    assert table.eyes("Anna") == 12
    with pytest.raises(IllegalAction) as refused:
        table.joker("Anna", "frostschutz")
    assert refused.value.key == "v6.joker_not_available"


def test_frostschutz_absorbs_one_six_and_is_then_used_up() -> None:
    table = Table(["Anna", "Ben"], [3, 6, 6])
    table.start("Anna", "frostschutz", eyes=20)
    table.joker("Anna", "frostschutz")
    assert (table.eyes("Anna"), table.phase) == (26, "step")
    with pytest.raises(IllegalAction):
        table.joker("Anna", "frostschutz")
    table.do("Anna", "weiter")  # the next 6 busts
    assert table.role("Anna") == ZOMBIE


def test_frostschutz_roll_of_one_steals_nothing() -> None:
    table = Table(["Anna", "Ben"], [3, 2])
    table.start("Anna", "frostschutz")
    table.joker("Anna", "frostschutz")
    assert table.phase == "step"
    assert table.of_type("robbery") == []


def test_spelunkenbold_six_costs_three_and_the_turn_goes_on() -> None:
    table = Table(["Anna", "Ben"], [3, 6])
    table.start("Anna", "spelunkenbold", eyes=10)
    table.joker("Anna", "spelunkenbold")
    assert (table.eyes("Anna"), table.phase, table.to_act) == (7, "step", "Anna")


def test_anaconda_decline_costs_two_and_a_tie_is_won_by_the_player() -> None:
    table = Table(["Anna", "Ben"], [3, 4])
    table.start("Anna", "anaconda", eyes=10)
    table.joker("Anna", "anaconda")
    table.do("Anna", "anaconda", fight=False)
    assert table.eyes("Anna") == 8
    tie = Table(["Anna", "Ben"], [3, 4, 4])
    tie.start("Anna", "anaconda", eyes=10)
    tie.joker("Anna", "anaconda")
    tie.do("Anna", "anaconda", fight=True)
    assert tie.eyes("Anna") == 10 + 12 + 4


def test_hirtenschutz_one_gives_two_and_steals_nothing() -> None:
    table = Table(["Anna", "Ben"], [3, 1])
    table.start("Anna", "hirtenschutz", eyes=10)
    table.joker("Anna", "hirtenschutz")
    assert (table.eyes("Anna"), table.phase) == (12, "step")


@pytest.mark.parametrize(
    ("dice", "withdraw", "change"),
    [
        ([5], None, 18),  # first roll wins
        ([2, 6], False, 18),  # second roll wins
        ([4, 4], False, -10),  # both fail
        ([1], True, -2),  # withdraw after the failed first roll
    ],
)
def test_rattenlord(dice: list[int], withdraw: bool | None, change: int) -> None:
    table = Table(["Anna", "Ben"], [3, *dice])
    table.start("Anna", "rattenlord", eyes=20)
    table.joker("Anna", "rattenlord")
    if withdraw is not None:
        assert table.phase == "rattenlord"
        table.do("Anna", "rattenlord", withdraw=withdraw)
    assert table.eyes("Anna") == 20 + change
    assert table.phase == "step"
    assert table.rng.remaining == 0


def test_all_in_low_doubles_the_total_without_adding_the_face() -> None:
    table = Table(["Anna", "Ben"], [3, 3])
    table.start("Anna", "all_in", eyes=17)
    table.joker("Anna", "all_in")
    assert table.eyes("Anna") == 34


def test_all_in_lost_is_not_saved_by_runkelrueb() -> None:
    table = Table(["Anna", "Ben"], [3, 6, 4])
    table.start("Anna", "all_in", "runkelrueb", eyes=17)
    table.joker("Anna", "all_in")
    assert (table.eyes("Anna"), table.role("Anna")) == (0, ZOMBIE)
    assert table.of_type("runkelrueb") == []
    assert table.rng.remaining == 1  # no Runkelrüb dice were rolled


def test_toertchen_adds_one_per_step_from_the_first_step_after_the_freiwurf() -> None:
    table = Table(["Anna", "Ben"], [3, 2, 5, 5, 5, 6])
    table.start("Anna", "toertchen", "pony")
    assert table.eyes("Anna") == 3  # nothing on the Freiwurf
    table.do("Anna", "weiter")
    assert table.eyes("Anna") == 3 + 2 + 1
    table.joker("Anna", "pony")  # joker steps too
    assert table.eyes("Anna") == 6 + 15 + 1
    table.do("Anna", "weiter")  # nothing on a step that busts
    assert (table.eyes("Anna"), table.role("Anna")) == (0, ZOMBIE)


def test_toertchen_pays_nothing_while_fumo_runs_and_again_after_it() -> None:
    table = Table(["Anna", "Ben"], [3, 2, 3, 4])
    table.start("Anna", "toertchen", "fumo", "hirtenschutz", eyes=10)
    table.joker("Anna", "fumo")  # 2 doubled, no Törtchen
    table.do("Anna", "weiter")  # 3 doubled, no Törtchen
    assert table.eyes("Anna") == 10 + 4 + 6
    table.joker("Anna", "hirtenschutz")  # Fumo ends; 4 doubled + Törtchen
    assert table.eyes("Anna") == 20 + 8 + 1


def test_tentakel_pays_five_on_normal_ones_and_twos_and_steals_nothing() -> None:
    table = Table(["Anna", "Ben"], [1, 1, 2, 3])
    table.start("Anna", "tentakel")
    assert table.eyes("Anna") == 1  # no bonus on the Freiwurf
    table.do("Anna", "weiter")
    assert (table.eyes("Anna"), table.phase) == (7, "step")
    table.do("Anna", "weiter")
    assert table.eyes("Anna") == 14
    table.do("Anna", "weiter")
    assert table.eyes("Anna") == 17


def test_tentakel_pays_nothing_inside_a_joker_or_under_fumo() -> None:
    table = Table(["Anna", "Ben"], [3, 1, 2])
    table.start("Anna", "tentakel", "spelunkenbold", "fumo", eyes=10)
    table.joker("Anna", "spelunkenbold")  # 1 + 5, no Tentakel bonus
    assert table.eyes("Anna") == 16
    table.joker("Anna", "fumo")  # 2 doubled, no Tentakel bonus
    assert table.eyes("Anna") == 20


def test_monokel_keep_or_reroll() -> None:
    keep = Table(["Anna", "Ben"], [3, 2, 5])
    keep.start("Anna", "monokel", eyes=10)
    keep.joker("Anna", "monokel")
    assert keep.phase == "monokel"
    keep.do("Anna", "monokel", keep=True)
    assert keep.eyes("Anna") == 17
    reroll = Table(["Anna", "Ben"], [3, 2, 5, 6, 1])
    reroll.start("Anna", "monokel", eyes=10)
    reroll.joker("Anna", "monokel")
    reroll.do("Anna", "monokel", keep=False)
    assert (reroll.eyes("Anna"), reroll.phase) == (17, "step")  # 6 and 1: no bust, no theft


def test_sekante_defender_can_win_eyes_from_the_attacker() -> None:
    table = Table(["Anna", "Ben"], [4, 3, *[2, 5] * 5])
    table.turn("Anna", "stopp")
    table.start("Ben", "sekante", eyes=20)
    table.joker("Ben", "sekante", target="Anna")
    for _ in range(5):
        table.do("Ben", "counter", allow=True)
    assert (table.eyes("Ben"), table.eyes("Anna")) == (10, 14)


def test_sekante_can_target_a_jungfrau_and_marks_her_for_the_durchgang() -> None:
    table = Table(["Anna", "Ben", "Cem"], [3, *[1] * 5, 4, 3])
    table.start("Anna", "sekante")
    table.joker("Anna", "sekante", target="Cem")
    for _ in range(5):
        table.do("Anna", "counter", allow=False)
    assert table.of_type("sekante")[0]["change"] == 0
    assert table.seat("Cem").sekante_hit
    table.do("Anna", "stopp")
    table.start("Ben", "sekante")
    with pytest.raises(IllegalAction) as refused:
        table.joker("Ben", "sekante", target="Cem")
    assert refused.value.key == "v6.sekante_target"


def test_runkelrueb_saves_a_six_once() -> None:
    table = Table(["Anna", "Ben"], [3, 6, 1, 3, 6])
    table.start("Anna", "runkelrueb", eyes=15)
    table.do("Anna", "weiter")  # 6, Runkelrüb 1 and 3: saved
    assert (table.eyes("Anna"), table.phase) == (15, "step")
    table.do("Anna", "weiter")  # the second 6 busts
    assert (table.eyes("Anna"), table.role("Anna")) == (0, ZOMBIE)


def test_runkelrueb_failing_falls_to_the_ventil_floor() -> None:
    table = Table(["Anna", "Ben"], [3, 4, 6, 2, 1])
    table.start("Anna", "ventil", "runkelrueb", eyes=20)
    table.joker("Anna", "ventil")  # 24, floor 20
    table.do("Anna", "weiter")  # 6, Runkelrüb 2 and 1: not saved
    assert (table.eyes("Anna"), table.role("Anna")) == (20, PRINZESSIN)


def test_fumo_six_still_busts() -> None:
    table = Table(["Anna", "Ben"], [3, 6])
    table.start("Anna", "fumo", eyes=20)
    table.joker("Anna", "fumo")
    assert (table.eyes("Anna"), table.role("Anna")) == (0, ZOMBIE)


def test_ventil_forced_roll_of_one_is_a_normal_robbery() -> None:
    table = Table(["Anna", "Ben"], [3, 1])
    table.start("Anna", "ventil", eyes=10)
    table.joker("Anna", "ventil")
    assert table.phase == "steal"


def test_unused_chosen_jokers_lapse_and_cannot_be_chosen_again() -> None:
    table = Table(["Anna", "Ben"], [3, 4, 2, 2, 5], durchgaenge=2)
    table.start("Anna", "pony", "fumo")
    table.do("Anna", "stopp")
    table.turn("Ben", "stopp")
    table.turn("Ben", "stopp")  # Durchgang 2 starts with Ben
    with pytest.raises(IllegalAction) as refused:
        table.do("Anna", "jokers", jokers=["fumo"])
    assert refused.value.key == "v6.joker_used"
    table.start("Anna", "cherry")
    assert table.seat("Anna").jokers_used == ["pony", "fumo", "cherry"]
