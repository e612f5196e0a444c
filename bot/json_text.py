"""JSON text of stored values, written with orjson where it gives the same values back.

Every action stores its action, events and draws as JSON (and a checkpoint the whole state);
the standard library's encoder took a tenth of an action's own time. orjson writes the same
values (compact, without the standard library's spaces); what it refuses (integers beyond
64 bits, objects JSON has no form for) goes to the standard library, which stores the big
integers and refuses the rest as before. One difference: NaN and infinities are stored as
null (PostgreSQL's JSON has no form for them either).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)
"""Keys that are not strings become strings (as in ``json``); dataclasses and datetimes are
refused (as in ``json``) instead of written."""


def dumps(value: Any) -> str:
    """The JSON text of ``value``."""
    try:
        return orjson.dumps(value, option=OPTIONS).decode()
    except TypeError:
        return json.dumps(value)


def plain(value: Any) -> Any:
    """``value`` as it comes back from the database: tuples become lists, keys strings."""
    try:
        return orjson.loads(orjson.dumps(value, option=OPTIONS))
    except TypeError:
        return json.loads(json.dumps(value, ensure_ascii=False))


def loads(text: str) -> Any:
    """The value of a stored JSON text (orjson's reading; the standard library's for what
    orjson refuses: integers beyond 64 bits)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
