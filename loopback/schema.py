"""Request bodies held against Discord's own OpenAPI 3.1 spec (``discord_api/openapi.json.gz``).

Each request is mapped to the spec's operation (its path template as a regex), and the JSON
body (for a multipart request its ``payload_json``) is validated against the operation's
``requestBody`` schema with ``jsonschema`` (Draft 2020-12); ``$ref``s resolve into the spec's
``components.schemas`` through a ``referencing`` registry. The spec is read once per process
and each operation's validator is built once, when first needed.

A union whose branches each fix ``type`` (interaction callbacks: 4/5 create a message, 6/7
update one, 9 a modal; the components of a message) is checked against the branch the body's
``type`` names, so that an error names the field that is wrong, not "valid under none of the
given schemas"; a nullable field against its non-null branch. Each error becomes a
:data:`~loopback.limits.Problem`: the path into the body and a message ending with the
location of the failing keyword in the spec.

What keeps a check cheap, without changing its answer: such unions skip the branches that
cannot match, each ``$ref`` is looked up in the registry once, and the answers for the last
1024 bodies are kept. A typical message body still takes about a millisecond, more than the
rest of the fake's work on the request: the Discord bench turns the check off
(``Rest.check_schema``) for both of its bots.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import orjson
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator
from jsonschema.validators import extend
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from loopback.entities import JSON
from loopback.limits import Problem

SPEC_URI = "urn:discord:api:v10"
PREFIX = "/api/v10"
MAX_PROBLEMS = 10
MAX_MESSAGE = 240
MAX_KNOWN = 1024  # bodies whose answer check_body keeps

_WEAK = frozenset({"anyOf", "oneOf"})


def _docs_win(schemas: JSON) -> None:
    """Narrow exceptions where the spec is stricter than Discord (its documentation wins)."""
    # Snowflakes: the spec allows only digit strings; Discord reads an integer as well, and
    # discord.py sends integers (attachment ids, an upload's index among them, allowed
    # mentions' users and roles, emoji ids). The documentation's "snowflake" is either.
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {
        "type": ["string", "integer"],
        "anyOf": [snowflake, {"type": "integer", "minimum": 0}],
    }


@functools.cache
def spec() -> JSON:
    """The spec, with :func:`_docs_win`'s exceptions; read once per process."""
    raw = (resources.files("loopback") / "discord_api" / "openapi.json.gz").read_bytes()
    document: JSON = json.loads(gzip.decompress(raw))
    _docs_win(document["components"]["schemas"])
    return document


@functools.cache
def _registry() -> Registry[Any]:
    """The spec as one Draft 2020-12 resource: ``#/components/schemas/...`` resolve in it."""
    empty: Registry[Any] = Registry()
    return empty.with_resources([(SPEC_URI, DRAFT202012.create_resource(spec()))])


@dataclass(frozen=True)
class Operation:
    method: str  # upper case
    template: str  # the spec's path, e.g. /channels/{channel_id}/messages
    pattern: re.Pattern[str]

    @property
    def pointer(self) -> str:
        """JSON pointer to the operation's JSON request schema in the spec."""
        path = self.template.replace("~", "~0").replace("/", "~1")
        return f"/paths/{path}/{self.method.lower()}/requestBody/content/application~1json/schema"


@functools.cache
def _operations() -> dict[str, list[Operation]]:
    """Operations with a JSON request body, by method; a literal segment before a parameter
    (``/messages/@original`` before ``/messages/{message_id}``)."""
    found: dict[str, list[tuple[int, Operation]]] = {}
    for template, item in spec()["paths"].items():
        for method, op in item.items():
            content = op.get("requestBody", {}).get("content", {}) if isinstance(op, dict) else {}
            if "application/json" not in content:
                continue
            regex = re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template))
            params = template.count("{")
            operation = Operation(method.upper(), template, re.compile(f"^{regex}$"))
            found.setdefault(method.upper(), []).append((params, operation))
    return {m: [op for _, op in sorted(ops, key=lambda p: p[0])] for m, ops in found.items()}


def operation(method: str, path: str) -> Operation | None:
    """The spec's operation for a request (``path`` with or without ``/api/v10``, no query)."""
    if path.startswith(PREFIX + "/"):
        path = path[len(PREFIX) :]
    for candidate in _operations().get(method.upper(), []):
        if candidate.pattern.match(path):
            return candidate
    return None


@dataclass(frozen=True)
class _Union:
    """How to check an anyOf/oneOf without trying every branch: the one branch an instance
    can match, by its ``type`` field (``kinds``) or by its JSON type (``json_types``);
    ``consts``: every branch is a ``const`` (then it is an enum)."""

    kinds: Mapping[Any, int] | None = None
    json_types: tuple[tuple[str, ...], ...] | None = None
    consts: tuple[Any, ...] | None = None


_unions: dict[int, tuple[list[Any], _Union]] = {}


def _union(branches: list[Any]) -> _Union:
    known = _unions.get(id(branches))
    if known is None or known[0] is not branches:
        known = (branches, _plan(branches))
        _unions[id(branches)] = known
    return known[1]


def _plan(branches: list[Any]) -> _Union:
    annotations = {"const", "title", "description"}
    if branches and all(isinstance(b, dict) and set(b) <= annotations for b in branches):
        consts = tuple(b["const"] for b in branches)
        hashable = all(isinstance(c, int | str) and not isinstance(c, bool) for c in consts)
        return _Union(consts=consts) if hashable and len(set(consts)) == len(consts) else _Union()
    targets = [_target(b) for b in branches]
    kinds: dict[Any, int] = {}
    for index, target in enumerate(targets):
        kind = target.get("properties", {}).get("type", {})
        values = kind.get("enum") if isinstance(kind, dict) else None
        if (
            target.get("type") != "object"
            or "type" not in target.get("required", [])
            or not isinstance(values, list)
            or any(not isinstance(v, int) or isinstance(v, bool) or v in kinds for v in values)
        ):
            kinds = {}
            break
        kinds.update(dict.fromkeys(values, index))
    if kinds:
        return _Union(kinds=kinds)
    types = [target.get("type") for target in targets]
    sets = [(t,) if isinstance(t, str) else tuple(t) if isinstance(t, list) else () for t in types]
    flat = [t for s in sets for t in s]
    numeric = {"integer", "number"}
    if all(sets) and len(flat) == len(set(flat)) and not numeric <= set(flat):
        return _Union(json_types=tuple(sets))
    return _Union()


def _target(branch: Any) -> JSON:
    """A branch's schema, through a ``$ref`` that stands alone."""
    if isinstance(branch, dict) and set(branch) == {"$ref"} and branch["$ref"].startswith("#/"):
        target = _at(branch["$ref"][1:])
        return target if isinstance(target, dict) else {}
    return branch if isinstance(branch, dict) else {}


def _fast(keyword: str) -> Any:
    """``anyOf``/``oneOf`` that go straight to the one branch that can match: the others fail
    on their ``type`` (the JSON type, or the ``type`` field whose values the branches split
    among them), so the result is Draft 2020-12's, only without trying those; every branch a
    ``const`` is an enum. Any other union is checked as jsonschema does."""
    plain = Draft202012Validator.VALIDATORS[keyword]

    def check(
        validator: Any, branches: list[Any], instance: Any, schema: JSON
    ) -> Iterator[ValidationError]:
        union = _union(branches)
        if union.consts is not None:
            if not (isinstance(instance, int | str) and not isinstance(instance, bool)) or (
                instance not in union.consts
            ):
                yield ValidationError(f"{_short(instance)} is not one of {list(union.consts)}")
            return
        if union.kinds is not None and isinstance(instance, dict) and "type" in instance:
            kind = instance["type"]
            usable = isinstance(kind, int) and not isinstance(kind, bool)
            index = union.kinds.get(kind) if usable else None
            if index is None:
                allowed = sorted(union.kinds)
                yield ValidationError(f"type {_short(kind)} is none of {allowed}", path=["type"])
                return
            yield from validator.descend(instance, branches[index], schema_path=index)
            return
        if union.json_types is not None:
            fitting = [
                index
                for index, types in enumerate(union.json_types)
                if any(validator.is_type(instance, t) for t in types)
            ]
            if len(fitting) == 1:
                yield from validator.descend(instance, branches[fitting[0]], schema_path=fitting[0])
                return
        yield from plain(validator, branches, instance, schema)

    return check


@functools.cache
def _resolve(ref: str) -> Any:
    """What a ``$ref`` points to, looked up in the registry once: every ``$ref`` of the spec
    points into the spec itself, so its target does not depend on where it is."""
    return _registry().resolver(SPEC_URI).lookup(ref).contents


def _ref(validator: Any, ref: str, instance: Any, schema: JSON) -> Iterator[ValidationError]:
    """``$ref`` as Draft 2020-12 has it, with the target from :func:`_resolve` (jsonschema
    looks each one up anew, which took most of the time of a check)."""
    yield from validator.descend(instance, _resolve(ref))


_FastValidator = extend(  # type: ignore[no-untyped-call]  # untyped in types-jsonschema
    Draft202012Validator, {"$ref": _ref, "anyOf": _fast("anyOf"), "oneOf": _fast("oneOf")}
)


@functools.cache
def _validator(pointer: str) -> Validator:
    """A validator for the schema at ``pointer`` in the spec, built once."""
    schema = {"$ref": f"{SPEC_URI}#{pointer}"}
    validator: Validator = _FastValidator(schema, registry=_registry())
    return validator


def _at(pointer: str) -> Any:
    node: Any = spec()
    for part in pointer.strip("/").split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def validator_for(method: str, path: str) -> Validator | None:
    """The validator for this request's body; None where the spec describes no JSON body
    for the request."""
    found = operation(method, path)
    return None if found is None else _validator(found.pointer)


def check_body(method: str, path: str, body: Any) -> list[Problem]:
    """Where ``body`` breaks the spec's schema for this request: (path, message) pairs.
    The answers for the last bodies are kept: a bot sends the same body often (its command
    sync, at each start, takes the longest to check)."""
    found = operation(method, path) if body is not None else None
    if found is None:
        return []
    try:
        key = (found.pointer, orjson.dumps(body))
    except (TypeError, orjson.JSONEncodeError):  # e.g. an integer past 64 bits
        return _check(_validator(found.pointer), body)
    known = _known.pop(key, None)  # put back last: the least recently used goes first
    if known is None:
        known = tuple(_check(_validator(found.pointer), body))
        if len(_known) >= MAX_KNOWN:
            del _known[next(iter(_known))]
    _known[key] = known
    return list(known)


_known: dict[tuple[str, bytes], tuple[Problem, ...]] = {}


def check_reply(template: str, method: str, body: Any, status: int = 200) -> list[Problem]:
    """Where a reply ``body`` breaks the spec's schema for the operation at the spec's path
    ``template`` (e.g. ``/gateway/bot``) answering ``status``: what tests hold the fake's own
    answers to. ``KeyError`` if the spec describes no such JSON reply."""
    path = template.replace("~", "~0").replace("/", "~1")
    pointer = f"/paths/{path}/{method.lower()}/responses/{status}/content/application~1json/schema"
    _at(pointer)
    return _check(_validator(pointer), body)


def _check(validator: Validator, body: Any) -> list[Problem]:
    problems: list[Problem] = []
    for error in validator.iter_errors(body):
        problem = _problem(validator, _specific(error))
        if problem not in problems:
            problems.append(problem)
        if len(problems) >= MAX_PROBLEMS:
            break
    return problems


def _specific(error: ValidationError) -> ValidationError:
    """The error that says what is wrong: inside a union, the one branch the instance can
    mean (its JSON type fits, and its ``type`` field if it has one), else jsonschema's best
    match."""
    while error.context and error.validator in _WEAK:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [errors for errors in branches.values() if not _mismatch(errors)]
        if len(meant) == 1:
            chosen = best_match(meant[0])
        elif not meant and isinstance(error.instance, dict) and "type" in error.instance:
            return error  # a type none of the branches has: _message names those there are
        else:
            chosen = best_match(error.context)
        if chosen is None or chosen.validator == "const":
            return error
        error = chosen
    return error


def _mismatch(errors: list[ValidationError]) -> bool:
    """Whether a union's branch is for another kind of value: another JSON type (``null``
    beside an object), or an object with another ``type`` field."""
    return any(
        (e.validator == "type" and not e.relative_path) or list(e.relative_path) == ["type"]
        for e in errors
    )


def _problem(validator: Validator, error: ValidationError) -> Problem:
    where = _location(validator.schema, error.absolute_schema_path)
    path = tuple(error.absolute_path)
    required = error.validator_value if error.validator == "required" else None
    if isinstance(required, list):  # one error per missing field: the path ends with it
        path += tuple(key for key in required if error.message.startswith(f"{key!r} "))[:1]
    return path, f"{_message(error)} (schema {where})"


def _message(error: ValidationError) -> str:
    """Discord's wording where it has one (``Must be 100 or fewer in length.``)."""
    keyword, value = error.validator, error.validator_value
    if keyword in ("maxLength", "maxItems"):
        return f"Must be {value} or fewer in length."
    if keyword in ("minLength", "minItems"):
        return f"Must be {value} or more in length."
    if keyword == "required":
        return "This field is required."
    if keyword in _WEAK and error.context:
        return f"{_short(error.instance)} is valid under none of the allowed schemas"
    return _clip(error.message)


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(repr(k) for k in list(value)[:6]) + "}"
    return _clip(repr(value))


def _clip(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def _location(root: Any, schema_path: Iterable[Any]) -> str:
    """Where in the spec the failing keyword is (``#/components/schemas/...``), following
    the ``$ref``s that jsonschema leaves out of an error's schema path."""
    node, where = root, ""
    for key in schema_path:
        while isinstance(node, dict) and key not in node and "$ref" in node:
            node, where = _follow(node["$ref"])
        inside = isinstance(node, list) and isinstance(key, int) and key < len(node)
        if not (inside or (isinstance(node, dict) and key in node)):
            break
        node = node[key]
        where += "/" + str(key).replace("~", "~0").replace("/", "~1")
    return "#" + where


def _follow(ref: str) -> tuple[Any, str]:
    pointer = ref.split("#", 1)[1]
    return _at(pointer), pointer
