"""Plain-JSON snapshots of engine states built from dataclasses.

``to_data`` turns a dataclass state into JSON-ready dicts and lists; ``from_data``
rebuilds it from its type hints, so every engine gets snapshot/reload for free.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


_PLAIN = (str, int, float, bool, type(None))
_NAMES: dict[type, tuple[str, ...]] = {}


def to_data(obj: Any) -> Any:
    """A JSON-ready copy of a dataclass (nested dataclasses, lists and dicts included).

    Called for every action's snapshot, so it is written for speed: plain values return at
    once, and a dataclass's field names are looked up once per class."""
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is list or kind is tuple:
        return [v if type(v) in _PLAIN else to_data(v) for v in obj]
    if kind is dict:
        return {str(k): v if type(v) in _PLAIN else to_data(v) for k, v in obj.items()}
    names = _NAMES.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            return _other(obj)
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(obj))
    result = {}
    for name in names:
        value = getattr(obj, name)
        result[name] = value if type(value) in _PLAIN else to_data(value)
    return result


def _other(obj: Any) -> Any:
    """Subclasses of list/tuple/dict and other values (kept as they are)."""
    if isinstance(obj, list | tuple):
        return [to_data(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    return obj


def from_data(cls: type[T], data: Any) -> T:
    """Rebuild a dataclass of type ``cls`` from :func:`to_data` output."""
    kwargs = {name: _convert(hint, data[name]) for name, hint in _fields(cls) if name in data}
    return cls(**kwargs)


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields of a dataclass with their resolved types (resolving is slow: once per class)."""
    cached = _FIELDS.get(cls)
    if cached is None:
        hints = typing.get_type_hints(cls)
        cached = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
        _FIELDS[cls] = cached
    return cached


def _convert(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        non_none = [a for a in args if a is not type(None)]
        return _convert(non_none[0], value) if len(non_none) == 1 else value
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return from_data(tp, value)
    if origin is list:
        return [_convert(args[0], v) for v in value]
    if origin is tuple:
        return tuple(_convert(args[0], v) for v in value)
    if origin is dict:
        key_type = args[0]
        return {key_type(k): _convert(args[1], v) for k, v in value.items()}
    return value


def renamed(data: Any, old: str, new: str) -> Any:
    """Plain data (a snapshot) with one player id replaced by another wherever it occurs:
    a player replaced at the table keeps seat, cards, dice and points."""
    if isinstance(data, str):
        return new if data == old else data
    if isinstance(data, list):
        return [renamed(v, old, new) for v in data]
    if isinstance(data, dict):
        return {renamed(k, old, new): renamed(v, old, new) for k, v in data.items()}
    return data
