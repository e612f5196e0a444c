"""Discord's payload limits; each check yields (path, message) like Discord's 50035 errors."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from loopback.entities import BUTTON, COMPONENTS_V2, JSON, SELECT_TYPES, TEXT_INPUT, Message

Problem = tuple[tuple[str | int, ...], str]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000  # characters in all text displays of a Components V2 message together
MAX_GALLERY_ITEMS = 10

TEXT_DISPLAY = 10
MEDIA_GALLERY = 12
CONTAINER = 17
PREMIUM_BUTTON = 6

# Scripts a command name may use beyond letters and numbers (Unicode's Scripts.txt):
# Devanagari and Thai, whose vowel signs are marks (Mn, Mc), not letters.
_NAME_SCRIPTS = (
    (0x0900, 0x0950),
    (0x0955, 0x0963),
    (0x0966, 0x097F),
    (0xA8E0, 0xA8FF),
    (0x11B00, 0x11B09),
    (0x0E01, 0x0E3A),
    (0x0E40, 0x0E5B),
)
USER_MENTION = re.compile(r"<@!?\d+>")


def _too_long(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) > limit


def command_name_ok(name: str) -> bool:
    """Discord's pattern for chat input command and option names,
    ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lowercase where a letter has
    a lowercase form (Unicode categories instead of ``\\p``, which ``re`` lacks)."""
    return 1 <= len(name) <= 32 and all(_name_char(char) for char in name)


def _name_char(char: str) -> bool:
    if char.lower() != char:
        return False
    if char in "-_'" or unicodedata.category(char)[0] in "LN":
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _NAME_SCRIPTS)


def check_message(
    payload: JSON, *, files: Sequence[str] = (), before: Message | None = None
) -> list[Problem]:
    """Problems in a message payload (create, edit, callback data, follow-up): ``files`` are
    the names of the files uploaded with it, ``before`` the message an edit changes."""
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
    stored = before.flags if before is not None else 0
    sent = payload.get("flags")
    flags = sent if isinstance(sent, int) else 0
    v2 = bool((flags | stored) & COMPONENTS_V2)
    if stored & COMPONENTS_V2 and sent is not None and not flags & COMPONENTS_V2:
        problems.append(
            (
                ("flags",),
                "The IS_COMPONENTS_V2 flag (1 << 15) cannot be removed from a message "
                f"that has it (flags {sent}).",
            )
        )
    components = payload.get("components") or []
    problems.extend(check_components(components, v2=v2))
    if v2:
        problems.extend(_check_v2(payload, before))
    problems.extend(_check_attachment_links(payload, files, before))
    return problems


def _check_v2(payload: JSON, before: Message | None) -> list[Problem]:
    """Components V2: no content or embeds (null or empty is fine), the text of all text
    displays together, and allowed mentions where a text display mentions a user."""
    problems: list[Problem] = []
    content = payload["content"] if "content" in payload else getattr(before, "content", "")
    embeds = payload["embeds"] if "embeds" in payload else getattr(before, "embeds", [])
    if content:
        problems.append(
            (("content",), "Cannot have content in a message with IS_COMPONENTS_V2 (1 << 15).")
        )
    if embeds:
        problems.append(
            (("embeds",), "Cannot have embeds in a message with IS_COMPONENTS_V2 (1 << 15).")
        )
    texts = [
        (path, comp)
        for path, comp in walk_components(payload.get("components") or [])
        if comp.get("type") == TEXT_DISPLAY and isinstance(comp.get("content"), str)
    ]
    total = sum(len(comp["content"]) for _, comp in texts)
    if total > MAX_V2_TEXT:
        problems.append(
            (
                ("components",),
                f"Must be {MAX_V2_TEXT} or fewer characters in all text displays together "
                f"({total}).",
            )
        )
    if payload.get("allowed_mentions") is None:
        problems.extend(
            (
                (*path, "content"),
                "A user mention in a text display needs allowed_mentions in the body "
                "(sent, or the client's default that discord.py merges in).",
            )
            for path, comp in texts
            if USER_MENTION.search(comp["content"])
        )
    return problems


def attachments_after(payload: JSON, files: Sequence[str], before: Message | None) -> list[str]:
    """The names of the message's attachments after the request, as the fake keeps them
    (FakeDiscord.apply): without ``attachments`` in the body, the ones it had and the new
    files; with it, the listed ones (an id of one it had, or the index of a new file)."""
    kept = dict(zip(before.attachment_ids, before.attachments, strict=True)) if before else {}
    entries = payload.get("attachments")
    if not isinstance(entries, list):
        return [*kept.values(), *files]
    names: list[str] = []
    for entry in entries:
        try:
            ref = int(entry.get("id", -1))
        except (AttributeError, TypeError, ValueError):
            continue
        if ref in kept:
            names.append(kept[ref])
        elif 0 <= ref < len(files):
            names.append(str(entry.get("filename") or files[ref]))
    return names


def _check_attachment_links(
    payload: JSON, files: Sequence[str], before: Message | None
) -> list[Problem]:
    """An ``attachment://NAME`` in a component's media (or file) names an attachment the
    message has after the request."""
    links: list[tuple[tuple[str | int, ...], str]] = []
    for path, comp in walk_components(payload.get("components") or []):
        places: list[tuple[tuple[str | int, ...], Any]] = [
            ((*path, "media", "url"), (comp.get("media") or {}).get("url")),
            ((*path, "file", "url"), (comp.get("file") or {}).get("url")),
        ]
        places += [
            ((*path, "items", n, "media", "url"), (item.get("media") or {}).get("url"))
            for n, item in enumerate(comp.get("items") or [])
            if isinstance(item, dict) and isinstance(item.get("media"), dict)
        ]
        links += [(where, url) for where, url in places if isinstance(url, str)]
    wanted = [(where, url) for where, url in links if url.startswith("attachment://")]
    if not wanted:
        return []
    names = attachments_after(payload, files, before)
    return [
        (
            where,
            f"{url} names no attachment of the message (it has {names}).",
        )
        for where, url in wanted
        if url.removeprefix("attachment://") not in names
    ]


def walk_components(
    components: list[Any], path: tuple[str | int, ...] = ("components",)
) -> list[tuple[tuple[str | int, ...], JSON]]:
    """Every component in a tree (accessories too) with its path in the body, depth first."""
    found: list[tuple[tuple[str | int, ...], JSON]] = []
    for index, comp in enumerate(components):
        found += _walk(comp, (*path, index))
    return found


def _walk(comp: Any, path: tuple[str | int, ...]) -> list[tuple[tuple[str | int, ...], JSON]]:
    if not isinstance(comp, dict):
        return []
    found = [(path, comp)]
    children = comp.get("components")
    if isinstance(children, list):
        found += walk_components(children, (*path, "components"))
    for key in ("accessory", "component"):
        found += _walk(comp.get(key), (*path, key))
    return found


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
    modal: bool = False,
) -> None:
    kind = comp.get("type")
    problems.extend(_check_shape(comp, path, modal=modal))
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
            where = (*path, "components", index)
            _check_component(child, where, problems, seen, top=False, modal=modal)
    for key in ("accessory", "component"):
        child = comp.get(key)
        if isinstance(child, dict):
            _check_component(child, (*path, key), problems, seen, top=False, modal=modal)


def _check_shape(comp: JSON, path: tuple[str | int, ...], *, modal: bool) -> list[Problem]:
    """What a component may hold: an action row in a message only buttons and selects, a
    container no container, a media gallery 1 to 10 items; a button (but a premium one)
    needs a label or an emoji."""
    kind = comp.get("type")
    children = comp.get("components")
    inside = list(enumerate(children)) if isinstance(children, list) else []
    problems: list[Problem] = []
    if kind == 1 and not modal:
        problems.extend(
            (
                (*path, "components", index),
                "An action row holds only buttons (2) and selects (3, 5, 6, 7, 8), "
                f"not type {child.get('type')!r}.",
            )
            for index, child in inside
            if isinstance(child, dict)
            and child.get("type") != BUTTON
            and child.get("type") not in SELECT_TYPES
        )
    elif kind == CONTAINER:
        problems.extend(
            ((*path, "components", index), "A container cannot hold another container.")
            for index, child in inside
            if isinstance(child, dict) and child.get("type") == CONTAINER
        )
    elif kind == MEDIA_GALLERY:
        items = comp.get("items")
        count = len(items) if isinstance(items, list) else 0
        if not 1 <= count <= MAX_GALLERY_ITEMS:
            problems.append(
                (
                    (*path, "items"),
                    f"A media gallery needs 1 to {MAX_GALLERY_ITEMS} items ({count}).",
                )
            )
    elif kind == BUTTON and not (
        comp.get("style") == PREMIUM_BUTTON or comp.get("label") or comp.get("emoji")
    ):
        problems.append(((*path, "label"), "A button needs a label or an emoji."))
    return problems


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
        _check_component(comp, ("components", index), problems, seen, top=False, modal=True)
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
        ok = isinstance(name, str) and (not chat_input or command_name_ok(name))
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
