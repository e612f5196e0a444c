"""bot.json_text: orjson where it gives the same values back, the standard library otherwise;
the hash chain's canonical JSON is the same text as before."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot import json_text
from bot.engine.chain import canonical_json, chained_texts, event_hash


def old_canonical_json(value: Any) -> str:
    """canonical_json as it was written before orjson (games logged then must verify)."""
    plain = json.loads(json.dumps(value, ensure_ascii=False))
    return json.dumps(plain, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),  # beyond 64 bits too: the standard library's path
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(),
)
keys = st.one_of(st.text(), st.integers(-(2**63), 2**63 - 1))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(keys, inner, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=500)
@given(values)
@example({"tiny": 1e-05, "small": 1.2345e-07, "big": 1e16, "huge": -1e300, "n": 2**70})
@example([0.0001, 9.87654321e-09, 1e-10, 123456789.125, "e-7 0.0000"])
def test_canonical_json_is_the_text_it_was(value: Any) -> None:
    try:
        expected = old_canonical_json(value)
    except TypeError:  # mixed key types cannot be sorted: refused then as now
        with pytest.raises(TypeError):
            canonical_json(value)
        return
    assert canonical_json(value) == expected


@given(values)
def test_stored_text_reads_back_as_the_standard_librarys(value: Any) -> None:
    assert json.loads(json_text.dumps(value)) == json.loads(json.dumps(value))


def test_an_event_hash_is_unchanged() -> None:
    """A hash computed by hand as bot.engine.chain documents it."""
    body = {
        "game_id": 7,
        "seq": 3,
        "actor": "111",
        "action": {"do": "weiter", "args": {"joker": "Prinzessin"}},
        "events": [{"type": "rolled", "value": 4, "dice": (1, 6), 2: "zwei"}],
        "draws": [{"n": 2, "sides": 6, "value": 4, "nonce": "ü"}],
        "prev_hash": "ab" * 32,
    }
    text = (
        '{"action":{"args":{"joker":"Prinzessin"},"do":"weiter"},"actor":"111",'
        '"draws":[{"n":2,"nonce":"ü","sides":6,"value":4}],'
        '"events":[{"2":"zwei","dice":[1,6],"type":"rolled","value":4}],'
        '"game_id":7,"prev_hash":"' + "ab" * 32 + '","seq":3}'
    )
    assert event_hash(**body) == hashlib.sha256(text.encode()).hexdigest()


@settings(max_examples=300)
@given(
    st.dictionaries(st.text(), values, max_size=3),
    st.lists(values, max_size=3),
    st.lists(values, max_size=3),
    st.one_of(st.none(), st.text()),
    st.text(),
)
@example({"do": "x"}, [{"tiny": 1e-05}], [{"e": "1e-7"}], "ü\u2028\n", "0.0000")
def test_the_texts_hash_as_the_whole_event(
    action: dict[str, Any], events: list[Any], draws: list[Any], actor: str | None, prev: str
) -> None:
    """The hash put together from the stored texts is the hash of the whole event's
    canonical JSON (as it was written before), and the texts read back as the values."""
    body = {"game_id": 7, "seq": 3, "actor": actor, "action": action, "events": events,
            "draws": draws, "prev_hash": prev}  # fmt: skip
    try:
        whole = old_canonical_json(body)
    except TypeError:  # mixed key types cannot be sorted: refused then as now
        with pytest.raises(TypeError):
            chained_texts(**body)
        return
    chained = chained_texts(**body)
    assert chained.hash == hashlib.sha256(whole.encode()).hexdigest()
    for name in ("action", "events", "draws"):
        assert json.loads(getattr(chained, name)) == json.loads(json.dumps(body[name]))


@dataclass
class Thing:
    x: int


@pytest.mark.parametrize("bad", [object(), Thing(1), {"when": date(2026, 11, 23)}])
def test_what_json_refuses_is_refused(bad: Any) -> None:
    with pytest.raises(TypeError):
        json_text.dumps(bad)
    with pytest.raises(TypeError):
        json_text.plain(bad)


def test_big_integers_are_stored() -> None:
    big = {"n": 2**70, "m": -(2**64)}
    assert json.loads(json_text.dumps(big)) == big
    assert json_text.plain(big) == big
