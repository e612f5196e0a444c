"""The audited RNG: deterministic from (seed, counter, nonce), verifiable, unbiased."""

from __future__ import annotations

import collections

import pytest

from bot.engine.rng import (
    AuditedRng,
    ChanceError,
    ChanceExhausted,
    Draw,
    FixedRng,
    derive,
    seed_hash,
    verify_draws,
)

SEED = bytes(range(32))


def test_same_seed_counter_and_nonce_give_the_same_rolls() -> None:
    a = AuditedRng(SEED, 0, "interaction-1")
    b = AuditedRng(SEED, 0, "interaction-1")
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]


def test_continuing_from_a_stored_counter_gives_the_same_rolls() -> None:
    whole = AuditedRng(SEED)
    first = [whole.roll() for _ in range(20)]
    resumed = AuditedRng(SEED, counter=10)
    assert [resumed.roll() for _ in range(10)] == first[10:]


def test_nonce_changes_the_outcomes() -> None:
    rolls_x = AuditedRng(SEED, 0, "x")
    rolls_y = AuditedRng(SEED, 0, "y")
    assert [rolls_x.roll(1000) for _ in range(10)] != [rolls_y.roll(1000) for _ in range(10)]


def test_every_draw_is_recorded_with_number_and_nonce() -> None:
    rng = AuditedRng(SEED, 5, "n1")
    values = [rng.roll(6), rng.roll(4)]
    draws = rng.take_draws()
    assert [(d.n, d.sides, d.value, d.nonce) for d in draws] == [
        (5, 6, values[0], "n1"),
        (6, 4, values[1], "n1"),
    ]
    assert rng.take_draws() == []
    assert rng.counter == 7


def test_d6_is_roughly_uniform() -> None:
    rng = AuditedRng(SEED)
    counts = collections.Counter(rng.roll(6) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.5  # p ≈ 0.001 for 5 degrees of freedom


def test_verify_recomputes_every_draw_from_the_revealed_seed() -> None:
    rng = AuditedRng(SEED)
    draws: list[Draw] = []
    for nonce in ("a", "b", "c"):
        rng.nonce = nonce
        rng.roll(6)
        rng.shuffle(list(range(10)))
        draws += rng.take_draws()
    assert verify_draws(SEED, seed_hash(SEED), draws) == []
    for draw in draws:
        assert derive(SEED, draw.n, draw.nonce, draw.sides) == draw.value


def test_verify_finds_a_changed_die_a_gap_and_a_wrong_seed() -> None:
    rng = AuditedRng(SEED)
    for _ in range(5):
        rng.roll(6)
    draws = rng.take_draws()
    forged = Draw(draws[2].n, 6, draws[2].value % 6 + 1, draws[2].nonce)
    tampered = [*draws[:2], forged, *draws[3:]]
    assert verify_draws(SEED, seed_hash(SEED), tampered) == [
        f"draw 2: logged {forged.value}, seed gives {draws[2].value}"
    ]
    assert verify_draws(SEED, seed_hash(SEED), [draws[0], *draws[2:]]) != []
    other = bytes(32)
    assert "seed does not match its published SHA-256" in verify_draws(
        other, seed_hash(SEED), draws
    )


def test_fresh_seeds_differ_and_commitment_is_sha256() -> None:
    a, b = AuditedRng.fresh(), AuditedRng.fresh()
    assert a.seed != b.seed
    assert len(a.commitment) == 64
    assert a.commitment == seed_hash(a.seed)


def test_shuffle_is_a_permutation() -> None:
    rng = AuditedRng(SEED)
    items = list(range(36))
    shuffled = rng.shuffle(items)
    assert sorted(shuffled) == items
    assert shuffled != items
    assert len(rng.take_draws()) == 35


def test_fixed_rng_replays_and_then_runs_out() -> None:
    rng = FixedRng([3, 6, 1])
    assert [rng.roll(), rng.roll(), rng.roll()] == [3, 6, 1]
    with pytest.raises(ChanceExhausted):
        rng.roll()


def test_fixed_rng_rejects_a_face_the_die_does_not_have() -> None:
    with pytest.raises(ChanceError):
        FixedRng([7]).roll(6)


def test_scripted_dice_are_shared_across_actions_and_counted() -> None:
    from bot.engine.rng import ScriptedDice

    dice = ScriptedDice([4, 2])
    first = dice(SEED, 0, "a")
    assert first.roll() == 4
    second = dice(SEED, first.counter, "b")
    assert second.roll() == 2
    assert (second.counter, second.take_draws()[0].n) == (2, 1)
    with pytest.raises(ChanceExhausted):
        second.roll()
