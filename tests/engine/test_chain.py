"""The hash chain's pseudonyms (format 2): one pseudonym per person and game, put in one
walk wherever an id stands, and a hash that covers them instead of the ids."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.engine.chain import (
    PSEUDONYM,
    Pseudonyms,
    canonical_json,
    chained_texts,
    event_hash,
    new_actor_key,
    pseudonym,
    pseudonymise,
)
from bot.json_text import plain

KEY = "11" * 32
OTHER_KEY = "22" * 32
ANNA, BEN = "100000000000000101", "100000000000000102"


def test_a_pseudonym_is_the_keyed_hash_of_the_id() -> None:
    expected = "p" + hmac.new(bytes.fromhex(KEY), ANNA.encode(), hashlib.sha256).hexdigest()[:20]
    assert pseudonym(KEY, ANNA) == expected
    assert PSEUDONYM.fullmatch(expected)
    assert pseudonym(KEY, ANNA) != pseudonym(KEY, BEN)
    assert pseudonym(KEY, ANNA) != pseudonym(OTHER_KEY, ANNA)  # no link between games


def test_a_pseudonym_stays_itself() -> None:
    """An id erased by its pseudonym in the stored rows hashes as before."""
    hidden = pseudonym(KEY, ANNA)
    assert pseudonym(KEY, hidden) == hidden
    assert pseudonym(OTHER_KEY, hidden) == hidden


def test_new_keys_are_random_hex() -> None:
    first, second = new_actor_key(), new_actor_key()
    assert first != second and len(bytes.fromhex(first)) == 32


def test_pseudonymise_replaces_ids_in_values_keys_and_lists() -> None:
    names = Pseudonyms(KEY, [ANNA, BEN]).names
    value = {
        "type": "scored",
        "player": ANNA,
        "scores": {ANNA: 3, BEN: 5},
        "order": [BEN, ANNA, "weiter"],
        "nested": [{"who": [BEN], "t": (ANNA, 1)}],
        "text": f"{ANNA} wins",  # an id inside a longer string is no id
        "n": 100000000000000101,  # nor a number
    }
    hidden = pseudonymise(value, names)
    a, b = names[ANNA], names[BEN]
    assert hidden == {
        "type": "scored",
        "player": a,
        "scores": {a: 3, b: 5},
        "order": [b, a, "weiter"],
        "nested": [{"who": [b], "t": [a, 1]}],
        "text": f"{ANNA} wins",
        "n": 100000000000000101,
    }
    assert value["player"] == ANNA and value["scores"] == {ANNA: 3, BEN: 5}  # not changed


def test_pseudonymise_gives_back_what_has_no_id() -> None:
    names = {ANNA: pseudonym(KEY, ANNA)}
    value: dict[str, Any] = {"do": "weiter", "args": [1, "x", {"k": None}]}
    assert pseudonymise(value, names) is value
    assert pseudonymise([value], names)[0] is value
    mixed = [value, ANNA]
    assert pseudonymise(mixed, names)[0] is value  # only what holds an id is copied


def test_keys_are_sorted_after_replacement() -> None:
    """The canonical JSON sorts the dict by its keys as hashed: the pseudonyms."""
    names = Pseudonyms(KEY, [ANNA, BEN]).names
    a, b = names[ANNA], names[BEN]
    text = canonical_json(pseudonymise({ANNA: 1, BEN: 2}, names))
    first, second = sorted([(a, 1), (b, 2)])
    assert text == f'{{"{first[0]}":{first[1]},"{second[0]}":{second[1]}}}'


def test_pseudonyms_grow_in_order_and_once() -> None:
    names = Pseudonyms(KEY, [ANNA])
    assert names.grow([ANNA]) is False
    assert names.grow([BEN, ANNA, BEN]) is True
    assert names.people == [ANNA, BEN]
    assert names(ANNA) == pseudonym(KEY, ANNA) and names(None) is None


EVENT: dict[str, Any] = {
    "game_id": 7,
    "seq": 3,
    "actor": ANNA,
    "action": {"do": "replace", "old": ANNA, "new": BEN},
    "events": [{"type": "scores", "by": {ANNA: 1, BEN: -1}}],
    "draws": [{"n": 0, "sides": 6, "value": 4, "nonce": "900000000000000001"}],
    "prev_hash": "ab" * 32,
}


def test_format_2_hashes_the_pseudonymised_event() -> None:
    """Format 2 is format 1 over the event with its ids replaced: what the export holds."""
    names = Pseudonyms(KEY, [ANNA, BEN])
    format_1 = event_hash(**EVENT)
    format_2 = event_hash(**EVENT, names=names)
    assert format_2 != format_1
    hidden = {**EVENT, **{k: names(EVENT[k]) for k in ("actor", "action", "events")}}
    assert ANNA not in canonical_json(hidden)
    assert event_hash(**hidden) == format_2
    whole = {k: hidden[k] for k in EVENT}  # the object the export holds, without its hash
    assert hashlib.sha256(canonical_json(whole).encode()).hexdigest() == format_2


def test_format_2_keeps_the_stored_texts_of_the_ids() -> None:
    names = Pseudonyms(KEY, [ANNA, BEN])
    stored = chained_texts(**EVENT, names=names)
    assert stored.action == canonical_json(EVENT["action"]) and ANNA in stored.action
    assert stored.events == canonical_json(EVENT["events"])
    assert stored.draws == canonical_json(EVENT["draws"])


def test_an_event_without_ids_hashes_alike_in_both_formats() -> None:
    plain = {**EVENT, "actor": None, "action": {"do": "x"}, "events": []}
    assert event_hash(**plain, names=Pseudonyms(KEY, [ANNA])) == event_hash(**plain)


IDS = [ANNA, BEN, "Prinzessin ü", 'a "quoted" one', "back\\slash", "42"]
_strings = st.one_of(
    st.sampled_from(IDS),
    st.text(max_size=8),
    st.sampled_from(['"', "\\", ":"]),
    st.builds(lambda a, b: f'{a}"{b}', st.text(max_size=3), st.sampled_from(IDS)),  # x"<id>
)
_leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), _strings)
_values = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(_strings, st.integers(0, 50)), inner, max_size=4),
    ),
    max_leaves=20,
)


def test_an_id_after_an_escaped_quote_is_no_id() -> None:
    """In ``"said \\"<id>"`` the text ``"<id>"`` is not a string of its own."""
    names = Pseudonyms(KEY, [ANNA])
    value = [f'said "{ANNA}', ANNA]
    hidden = names.hidden_text(canonical_json(value), value)
    assert hidden == canonical_json([f'said "{ANNA}', names(ANNA)])


@settings(max_examples=400)
@given(value=_values, people=st.lists(st.sampled_from(IDS), unique=True))
@example(value={ANNA: 2**70, "x": 1e-07, "y": [0.1]}, people=[ANNA])  # keys sorted anew
def test_the_hashed_text_is_the_walks(value: Any, people: list[str]) -> None:
    """The hot path replaces ids in the JSON text; it gives the canonical JSON of the
    walk's result over the value as the database hands it back, byte for byte."""
    names = Pseudonyms(KEY, people)
    expected = canonical_json(pseudonymise(plain(value), names.names))
    assert names.hidden_text(canonical_json(value), value) == expected
