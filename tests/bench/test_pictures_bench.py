"""A smoke run of the picture benchmark (bench.pictures): one draw of each kind, at each
number of players where it grows with them."""

from __future__ import annotations

from bench.pictures import every_kind, main, markdown, measure


def test_every_kind_is_measured_in_the_table() -> None:
    rows = measure(1)
    assert [r[0] for r in rows] == [name for name, _ in every_kind()]
    assert all(w <= 1200 and size > 0 and cpu >= 0 for _, (w, _h), size, cpu, _, _ in rows)
    table = markdown(rows, 1)
    assert table.count("\n") == len(rows) + 1 and "| bracket (10 groups) |" in table
    assert main(["--runs", "1"]) == 0
