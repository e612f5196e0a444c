"""Discord's payload limits; each check yields (path, message) like Discord's 50035 errors."""

from __future__ import annotations

import re
from typing import Any

from loopback.state import BUTTON, COMPONENTS_V2, JSON, SELECT_TYPES, TEXT_INPUT

Problem = tuple[tuple[str | int, ...], str]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_V2_COMPONENTS = 40

_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


def _too_long(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) > limit


def check_message(payload: JSON) -> list[Problem]:
    """Problems in a message payload (create, edit, callback data, follow-up)."""
    problems: list[Problem] = []
    content = payload.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(
            (
                ("content",),
                f"Must be {MAX_CONTENT} or fewer in length (content has {len(content)}).",
            )
        )
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append((("embeds",), f"Must be {MAX_EMBEDS} or fewer in length (embeds)."))
    total = 0
    for index, embed in enumerate(embeds):
        size, embed_problems = _check_embed(embed, ("embeds", index))
        total += size
        problems.extend(embed_problems)
    if total > MAX_EMBED_TOTAL:
        problems.append(
            (("embeds",), f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL} ({total}).")
        )
    flags = int(payload.get("flags") or 0)
    problems.extend(
        check_components(payload.get("components") or [], v2=bool(flags & COMPONENTS_V2))
    )
    return problems


MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")


def raw_mentions(payload: JSON) -> list[str]:
    """Where a message puts a mention that Discord shows as its raw ``<@id>``: an embed's
    title, field names, footer and author (only descriptions and field values render)."""
    found = []
    for index, embed in enumerate(payload.get("embeds") or []):
        places = {
            "title": embed.get("title"),
            "footer": (embed.get("footer") or {}).get("text"),
            "author": (embed.get("author") or {}).get("name"),
        }
        places |= {
            f"field {n} name": f.get("name") for n, f in enumerate(embed.get("fields") or [])
        }
        found += [
            f"embed {index} {where}"
            for where, text in places.items()
            if isinstance(text, str) and MENTION.search(text)
        ]
    return found


def _check_embed(embed: JSON, path: tuple[str | int, ...]) -> tuple[int, list[Problem]]:
    problems: list[Problem] = []
    size = 0

    def text(value: Any, limit: int, where: tuple[str | int, ...]) -> None:
        nonlocal size
        if isinstance(value, str):
            size += len(value)
            if len(value) > limit:
                problems.append(
                    (path + where, f"Must be {limit} or fewer in length ({where[-1]}).")
                )

    text(embed.get("title"), 256, ("title",))
    text(embed.get("description"), 4096, ("description",))
    text((embed.get("footer") or {}).get("text"), 2048, ("footer", "text"))
    text((embed.get("author") or {}).get("name"), 256, ("author", "name"))
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append(((*path, "fields"), "Must be 25 or fewer in length (fields)."))
    for index, fld in enumerate(fields):
        text(fld.get("name"), 256, ("fields", index, "name"))
        text(fld.get("value"), 1024, ("fields", index, "value"))
        if not fld.get("name") or not fld.get("value"):
            problems.append(((*path, "fields", index), "Embed field name and value are required."))
    return size, problems


def check_components(components: list[JSON], *, v2: bool = False) -> list[Problem]:
    problems: list[Problem] = []
    if v2:
        count = _count(components)
        if count > MAX_V2_COMPONENTS:
            problems.append(
                (("components",), f"Must be {MAX_V2_COMPONENTS} or fewer components ({count}).")
            )
    elif len(components) > MAX_ROWS:
        problems.append(
            (("components",), f"Must be {MAX_ROWS} or fewer action rows ({len(components)}).")
        )
    seen: set[str] = set()
    for index, comp in enumerate(components):
        _check_component(comp, ("components", index), problems, seen, top=not v2)
    return problems


def _count(components: list[Any]) -> int:
    total = 0
    for comp in components:
        if isinstance(comp, dict):
            total += 1 + _count(comp.get("components") or [])
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    total += _count([comp[key]])
    return total


def _check_component(
    comp: JSON,
    path: tuple[str | int, ...],
    problems: list[Problem],
    seen: set[str],
    *,
    top: bool,
) -> None:
    kind = comp.get("type")
    if top and kind != 1:
        problems.append((path, "Top-level components must be action rows (type 1)."))
    custom_id = comp.get("custom_id")
    if custom_id is not None:
        if _too_long(custom_id, MAX_CUSTOM_ID):
            problems.append(
                (
                    (*path, "custom_id"),
                    f"Must be {MAX_CUSTOM_ID} or fewer in length "
                    f"(custom_id has {len(custom_id)}: {custom_id[:40]!r}...).",
                )
            )
        if custom_id in seen:
            problems.append(
                (
                    (*path, "custom_id"),
                    f"Component custom id cannot be duplicated ({custom_id!r}).",
                )
            )
        seen.add(custom_id)
    if kind == 1:
        children = [c for c in comp.get("components") or [] if isinstance(c, dict)]
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        buttons = [c for c in children if c.get("type") == BUTTON]
        if selects and len(children) > 1:
            problems.append(((*path, "components"), "A select menu must be alone in its row."))
        if len(buttons) > MAX_ROW_BUTTONS:
            problems.append(
                (
                    (*path, "components"),
                    f"Must be {MAX_ROW_BUTTONS} or fewer buttons per row ({len(buttons)}).",
                )
            )
        if not children:
            problems.append(((*path, "components"), "An action row needs 1 to 5 components."))
    elif kind == BUTTON:
        if _too_long(comp.get("label"), 80):
            problems.append(((*path, "label"), "Must be 80 or fewer in length (button label)."))
        if comp.get("style") == 5:
            if not comp.get("url"):
                problems.append(((*path, "url"), "Link buttons need a url."))
        elif comp.get("style") != 6 and custom_id is None:
            problems.append(((*path, "custom_id"), "Buttons need a custom_id."))
    elif kind in SELECT_TYPES:
        if _too_long(comp.get("placeholder"), 150):
            problems.append(((*path, "placeholder"), "Must be 150 or fewer in length."))
        if kind == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                problems.append(
                    (
                        (*path, "options"),
                        f"A select needs 1 to {MAX_SELECT_OPTIONS} options ({len(options)}).",
                    )
                )
            for index, option in enumerate(options):
                for key in ("label", "value", "description"):
                    if _too_long(option.get(key), 100):
                        problems.append(
                            (
                                (*path, "options", index, key),
                                f"Must be 100 or fewer in length ({key}).",
                            )
                        )
    elif kind == TEXT_INPUT and _too_long(comp.get("label"), 45):
        problems.append(((*path, "label"), "Must be 45 or fewer in length (text input label)."))
    for index, child in enumerate(comp.get("components") or []):
        if isinstance(child, dict):
            _check_component(child, (*path, "components", index), problems, seen, top=False)
    for key in ("accessory", "component"):
        child = comp.get(key)
        if isinstance(child, dict):
            _check_component(child, (*path, key), problems, seen, top=False)


def check_modal(payload: JSON) -> list[Problem]:
    problems: list[Problem] = []
    if _too_long(payload.get("title"), 45):
        problems.append((("title",), "Must be 45 or fewer in length (modal title)."))
    if _too_long(payload.get("custom_id"), MAX_CUSTOM_ID):
        problems.append(
            (("custom_id",), f"Must be {MAX_CUSTOM_ID} or fewer in length (custom_id).")
        )
    components = payload.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.append((("components",), f"A modal needs 1 to 5 components ({len(components)})."))
    seen: set[str] = set()
    for index, comp in enumerate(components):
        _check_component(comp, ("components", index), problems, seen, top=False)
    return problems


def check_commands(commands: list[JSON], *, is_global: bool) -> list[Problem]:
    """Problems in a command sync (names, descriptions, localizations, option counts)."""
    problems: list[Problem] = []
    chat_input = [c for c in commands if c.get("type", 1) == 1]
    if is_global and len(chat_input) > 100:
        problems.append(((), "Must be 100 or fewer global chat input commands."))
    for index, command in enumerate(commands):
        _check_command_like(command, (index,), problems, chat_input=command.get("type", 1) == 1)
    return problems


def _check_command_like(
    item: JSON, path: tuple[str | int, ...], problems: list[Problem], *, chat_input: bool
) -> None:
    names = {"": item.get("name")}
    names.update({f"[{k}]": v for k, v in (item.get("name_localizations") or {}).items()})
    for where, name in names.items():
        ok = isinstance(name, str) and (
            not chat_input or (_NAME_RE.match(name) is not None and name == name.lower())
        )
        if not ok or (isinstance(name, str) and len(name) > 32):
            problems.append(((*path, "name"), f"Invalid command name{where}: {name!r}."))
    descriptions = {"": item.get("description")}
    descriptions.update(
        {f"[{k}]": v for k, v in (item.get("description_localizations") or {}).items()}
    )
    for where, text in descriptions.items():
        if chat_input and (not isinstance(text, str) or not 1 <= len(text) <= 100):
            problems.append(
                ((*path, "description"), f"Description{where} must be 1-100 characters: {text!r}.")
            )
    options = item.get("options") or []
    if len(options) > 25:
        problems.append(((*path, "options"), "Must be 25 or fewer options."))
    optional_seen = False
    for index, option in enumerate(options):
        if option.get("type") not in (1, 2):
            if option.get("required"):
                if optional_seen:
                    problems.append(
                        (
                            (*path, "options", index),
                            "Required options must be placed before optional.",
                        )
                    )
            else:
                optional_seen = True
            if len(option.get("choices") or []) > 25:
                problems.append(
                    ((*path, "options", index, "choices"), "Must be 25 or fewer choices.")
                )
        _check_command_like(option, (*path, "options", index), problems, chat_input=True)


def error_body(problems: list[Problem]) -> JSON:
    """Discord's ``Invalid Form Body`` (code 50035) with nested ``errors``."""
    errors: JSON = {}
    for path, message in problems:
        node = errors
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": "LOOPBACK_LIMIT", "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


def describe(problems: list[Problem]) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in path) or '(body)'}: {message}" for path, message in problems
    )
