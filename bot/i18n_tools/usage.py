"""Which message ids the code uses, found from the code itself (for ``croupier i18n check``
and the completeness test):

- the literal keys of the calls that take one (``t("game.over", …)``, refusals, ``cmd(…)``);
- the families a key is built in (``t(f"ui.button.{verb}")`` is ``ui\\.button\\.[\\w.]+``);
- the events every engine logs, each of which a table message or a log shows
  (``v6.event.<type>``, with suffixes such as ``_reason``);
- the help's sections (``help.<topic>.<section>.title``/``.body``);
- the texts the web's templates ask for (``{{ _('web.footer') }}`` in ``bot/web/templates``).

A catalogue id is *used* if it is one of those, or a string the code names anywhere (a key
kept in a table, such as ``{"stopp": "ui.button.stopp"}``); a command's text ``cmd.<key>``
also if the code names ``<key>`` (a game's declared commands: ``table_desc="dd.tisch.desc"``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.help_pages import SECTIONS
from bot.plugins import PLUGINS

ROOT = Path(__file__).resolve().parents[2]
KEY_CALLS = {"t", "fit", "closed_notice", "IllegalAction", "OptionRefused", "has_text"}
"""Calls whose first argument is a message id."""
REASONED_CALL = "reasoned"
"""``reasoned("host.ended", why)`` names ``host.ended`` and ``host.ended_reason``."""
COMMAND_CALL = "cmd"
"""``cmd("sprache")`` names the id ``cmd.sprache``."""
EVENT_PREFIX = {plugin.kind: plugin.event_prefix or plugin.kind for plugin in PLUGINS}
"""Each game's prefix of its events' texts (``<prefix>.event.<type>``), its plugin's."""
WORD = re.compile(r"[a-z]{2,}")
TEMPLATES = ROOT / "bot" / "web" / "templates"
TEMPLATE_KEY = re.compile(r"""\b_\(\s*['"]([\w.]+)['"]""")
"""A template's text: ``_('web.footer')``, its id the literal first argument."""


def sources() -> list[Path]:
    """The code whose texts someone reads: the bot, its cogs and the sandbox (not the
    bench, which only borrows the bot's texts)."""
    return sorted(
        p
        for folder in ("bot", "cogs", "sandbox")
        for p in ROOT.joinpath(folder).rglob("*.py")
        if "i18n" not in p.parts
    )


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _calls(names: set[str]) -> Iterator[ast.Call]:
    for path in sources():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in names:
                    yield node


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def literal_keys() -> set[str]:
    """The ids named literally where an id is expected."""
    found = {key for call in _calls(KEY_CALLS) if (key := _literal(call.args[0]))}
    found |= {f"cmd.{key}" for call in _calls({COMMAND_CALL}) if (key := _literal(call.args[0]))}
    for call in _calls({REASONED_CALL}):
        if key := _literal(call.args[0]):
            found |= {key, f"{key}_reason"}
    return found


def _pattern(node: ast.JoinedStr) -> str:
    return "".join(
        re.escape(str(v.value)) if isinstance(v, ast.Constant) else ".+" for v in node.values
    )


def template_keys() -> set[str]:
    """The ids the web's templates name literally."""
    return {
        key
        for path in sorted(TEMPLATES.glob("*.html"))
        for key in TEMPLATE_KEY.findall(path.read_text(encoding="utf-8"))
    }


def key_families() -> set[str]:
    """Ids built from an f-string where an id is expected, as patterns."""
    return {
        _pattern(call.args[0])
        for call in _calls(KEY_CALLS)
        if isinstance(call.args[0], ast.JoinedStr)
    }


def event_types(package: str) -> set[str]:
    """Types of the events an engine logs with a literal type (``Event("round", ...)``)."""
    types = set()
    for path in ROOT.joinpath("bot", "games", package).rglob("*.py"):
        for node in ast.walk(_tree(path)):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Event"
                and node.args
                and (kind := _literal(node.args[0]))
            ):
                types.add(kind)
    return types


def help_keys() -> set[str]:
    return {
        f"help.{topic}.{part}.{field}"
        for topic, parts in SECTIONS.items()
        for part in parts
        for field in ("title", "body")
    } | {"help.verflixte6.jokers.title"}


def _strings() -> set[str]:
    """Every string constant in the code, and the patterns of its key-like f-strings."""
    found = set()
    for path in sources():
        for node in ast.walk(_tree(path)):
            if value := _literal(node) if isinstance(node, ast.expr) else None:
                found.add(value)
    return found


def _named_families() -> set[str]:
    """Patterns of the f-strings that look like ids (a dotted word: ``f"{prefix}.event.{x}"``)."""
    found = set()
    for path in sources():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.JoinedStr):
                text = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
                if "." in text and WORD.search(text) and " " not in text:
                    found.add(_pattern(node))
    return found


@dataclass(frozen=True)
class Usage:
    """What the code asks of a catalogue."""

    keys: frozenset[str]
    families: frozenset[str]
    events: dict[str, frozenset[str]]

    def needs(self, key: str) -> bool:
        return key in self.keys or any(re.fullmatch(f, key) for f in self.families)

    def event_prefixes(self) -> set[str]:
        return {f"{EVENT_PREFIX[kind]}.event.{e}" for kind, es in self.events.items() for e in es}


@cache
def usage() -> Usage:
    return Usage(
        keys=frozenset(literal_keys() | help_keys() | template_keys()),
        families=frozenset(key_families()),
        events={kind: frozenset(event_types(kind)) for kind in EVENT_PREFIX},
    )


def unused(ids: set[str]) -> list[str]:
    """The ids nothing in the code can ask for."""
    found = usage()
    named = _strings()
    families = [re.compile(f) for f in found.families | _named_families()]
    events = found.event_prefixes()
    return sorted(
        key
        for key in ids
        if key not in found.keys
        and key not in named
        and not (
            key.startswith(f"{COMMAND_CALL}.") and key.removeprefix(f"{COMMAND_CALL}.") in named
        )
        and not any(f.fullmatch(key) for f in families)
        and not any(key.startswith(e) for e in events)
    )
