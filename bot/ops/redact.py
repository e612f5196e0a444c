"""What the log never holds, removed at one place: a filter on the bot's log handler.

At ``LOG_LEVEL=DEBUG`` discord.py logs every REST call with its body and its answer
(``discord.http``), every webhook call (``discord.webhook``) and every gateway event
(``discord.gateway``). Those carry what must stay secret: the interaction tokens (in the
URLs of the callbacks and follow-ups, and in each ``INTERACTION_CREATE``), the texts of
private answers and DMs (a hand, "Deine Karten: …", a cup of dice), the values of a form
(a hidden bet), and the bot's own token. :class:`Redact`:

- keeps a REST call's method, URL and status but not its body nor its answer, and a
  gateway event's op, type and sequence but not its data;
- writes every interaction or webhook token in a URL, and any ``"token": …`` field, as
  ``<token>``;
- writes the secrets it was given (the bot's token) as ``<secret>``, in the message and in
  a traceback alike.

The bot's own lines name games, players and ids, never a private text (the DEBUG log of a
game of each kind is scanned for every secret it produced: tests/ops/test_log_secrets.py).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

TOKEN = "<token>"
SECRET = "<secret>"
BODY = "<body not logged>"

TOKEN_IN_URL = re.compile(r"(/(?:interactions|webhooks)/\d+/)[\w.\-]+")
TOKEN_FIELD = re.compile(r"""(["']token["']\s*:\s*["'])[^"']+""")
AUTHORIZATION = re.compile(r"""(["']?Authorization["']?\s*[:=]\s*["']?Bot )[^\s"',}]+""")

BODIES = {
    "discord.http": {
        "%s %s with %s has returned %s": 2,  # method, url, body, status
        "%s %s has received %s": 2,  # method, url, answer
    },
}
"""discord.py's debug lines that carry a body, by logger and format: the argument that
is the body (replaced by :data:`BODY`)."""

GATEWAY_EVENT = "For Shard ID %s: WebSocket Event: %s"


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every token and every one of ``secrets`` replaced."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, SECRET)
    text = TOKEN_IN_URL.sub(rf"\g<1>{TOKEN}", text)
    text = TOKEN_FIELD.sub(rf"\g<1>{TOKEN}", text)
    return AUTHORIZATION.sub(rf"\g<1>{SECRET}", text)


def gateway_summary(payload: Any) -> str:
    """A gateway event without its data: ``op=0 t=INTERACTION_CREATE s=12``."""
    if not isinstance(payload, dict):
        return BODY
    return f"op={payload.get('op')} t={payload.get('t')} s={payload.get('s')}"


class Redact(logging.Filter):
    """Removes bodies and tokens from every record that reaches the handler (see the
    module's text); never drops a record."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and args:
            body = BODIES.get(record.name, {}).get(str(record.msg))
            if body is not None and len(args) > body:
                record.args = (*args[:body], BODY, *args[body + 1 :])
            elif record.name == "discord.gateway" and record.msg == GATEWAY_EVENT:
                record.args = (args[0], gateway_summary(args[1] if len(args) > 1 else None))
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a broken format: the raw parts, as logging would
            message = f"{record.msg} {record.args}"
        record.msg, record.args = scrub(message, self.secrets), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = scrub(record.exc_text, self.secrets)
        if record.stack_info:
            record.stack_info = scrub(record.stack_info, self.secrets)
        return True
