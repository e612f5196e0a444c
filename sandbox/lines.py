"""What a typed line means: its words, a select's option by label, a slash command's
options."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

PLAYERS = ("Anna", "Ben", "Cem", "Dora")  # the first is an admin (Manage Server)
MANAGE_GUILD = 1 << 5
USER_OPTION_TYPES = (6, 9)  # user, mentionable: given by a sandbox user's name
PLACE_WORDS = ("kanäle", "channels")
CHOOSE_WORDS = ("wähle", "choose")
FORM_WORDS = ("formular", "form")
SHOW_WORDS = ("zeige", "show")
WAIT_WORDS = ("warte", "wait")  # "warte 5": five seconds in which the computers play
SPEAK_WORDS = ("spricht", "speaks")  # "Ben> spricht en-US": the language of Ben's Discord
SHOW_LIMIT = 10  # messages `zeige` prints of the channel (and of a user's private ones)
COMMENT = re.compile(r"\s+#\s.*$")  # "Ben> ziehen   # who begins draws first"
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a program ended by Ctrl-C


class Ambiguous(LookupError):
    pass


def wanted_labels(rest: str, selects: Iterable[dict[str, Any]]) -> list[str]:
    """What ``wähle …`` asks for: the whole rest when an option of one of ``selects`` is
    labelled so (a label may hold a comma: "Donner Lit, prendre Radiateur à Cem"), else
    the labels between its commas (``wähle Fumo, Push your Pony``)."""
    whole = rest.strip()
    for select in selects:
        if any(str(o["label"]).casefold() == whole.casefold() for o in select.get("options") or []):
            return [whole]
    return [label.strip() for label in rest.split(",") if label.strip()]


def option_by_label(select: dict[str, Any], label: str) -> dict[str, Any]:
    """The select's option labelled ``label``; or else the one option whose label begins
    with it as a word (``wähle 27`` for the card "27 (blau)"), or else contains it as a word
    (``wähle Anna`` for "Rang tauschen mit Anna (Putzteufel)")."""
    wanted = label.casefold()
    options = [dict(o) for o in select.get("options") or []]
    exact = [o for o in options if str(o["label"]).casefold() == wanted]
    if exact:
        return exact[0]
    word = re.compile(rf"(?<!\w){re.escape(wanted)}(?!\w)")
    for fits in (
        lambda text: text.startswith(wanted + " "),
        lambda text: word.search(text) is not None,
    ):
        found = [o for o in options if fits(str(o["label"]).casefold())]
        if len(found) == 1:
            return found[0]
        if found:
            labels = ", ".join(str(o["label"]) for o in found)
            raise Ambiguous(f"„{label}“ passt auf mehrere: {labels}")
    raise LookupError(f"keine Auswahl „{label}“")


OPTION = re.compile(r"(?:^|\s)([^\s=]+)=")  # where an option begins: " name="


def parse_command(text: str) -> tuple[str, dict[str, object]]:
    """``v6 joker name=Oces Anaconda ziel=Ben`` -> the command and its options. A value
    reaches up to the next `` key=`` (so it may hold spaces), or is quoted ("…" or '…')."""
    starts = list(OPTION.finditer(text))
    command = text[: starts[0].start()] if starts else text
    options: dict[str, object] = {}
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        value = text[match.end() : end].strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            options[match[1]] = value[1:-1]
        else:
            options[match[1]] = int(value) if value.lstrip("-").isdigit() else value
    return " ".join(command.split()), options


def option_kinds(commands: list[dict[str, Any]], path: list[str]) -> dict[str, int]:
    """The option types of the synced command ``path`` (by name or any localized name),
    by each option's name and localized names."""

    def named(entry: dict[str, Any], word: str) -> bool:
        names = [entry.get("name"), *(entry.get("name_localizations") or {}).values()]
        return word in names

    level: dict[str, Any] | None = next((c for c in commands if path and named(c, path[0])), None)
    for word in path[1:]:
        if level is None:
            return {}
        level = next((o for o in level.get("options") or [] if named(o, word)), None)
    if level is None:
        return {}
    return {
        str(name): int(o.get("type", 0))
        for o in level.get("options") or []
        for name in [o["name"], *(o.get("name_localizations") or {}).values()]
    }


HELP = """\
Sandbox: {names} sitzen im Kanal #spieltisch. Eine Zeile pro Aktion:
  Anna> /v6 tisch durchgaenge=1     ein Slash-Befehl (Optionen als name=wert; ein Wert
                                    mit Leerzeichen reicht bis zur nächsten Option oder
                                    steht in Anführungszeichen: name="Oces Anaconda";
                                    eine Person als Name: ziel=Ben)
  Ben> Beitreten                    einen Knopf drücken (nach seiner Beschriftung)
  Anna> wähle Fumo, Cherrys Höschen eine Auswahl treffen (nach den Beschriftungen)
  Anna> Setzen 40                   ein Knopf, der ein Formular öffnet: ausfüllen, absenden
  Anna> formular 40                 Annas offenes Formular ausfüllen und absenden (auch
                                    nur „Anna> 40“; mehrere Felder: durch Komma getrennt)
  zeige                             den Kanal, wie er jetzt ist (die letzten {limit})
  kanäle                            der Kanal und seine Threads (Turniergruppen)
  Anna> #Sandbox Cup                in einen Thread wechseln (ein Anfang des Namens reicht;
                                    „Anna> #spieltisch“ zurück); Zeilen gelten dann dort
  Anna> zeige                       dazu Annas private Nachrichten und offenes Formular
  Ben> spricht en-US                Bens Discord ist englisch (de, en-US, fr …): was nur
                                    er liest, liest er so, auch die Befehle (/stats); der
                                    Kanal folgt /sprache
  warte 5                           5 Sekunden nichts tun (für Skripte: die Computer
                                    spielen; ihre Züge erscheinen, sobald sie geschehen)
  ende                              beenden (auch Strg-C; dann Exit-Code 130)
Nach jeder Zeile siehst du, was im Kanal und seinen Threads neu oder geändert ist, und
die neuen privaten Nachrichten dessen, der gehandelt hat. {admin} verwaltet den Server
(Manage Server): /sprache, /turnier erstellen und die Tischbefehle der Leitung.
"""


def help_text(users: dict[str, Any]) -> str:
    names = list(users)
    return HELP.format(names=", ".join(names), limit=SHOW_LIMIT, admin=names[0] if names else "")
