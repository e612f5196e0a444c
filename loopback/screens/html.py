"""One message as Discord's dark theme shows it: a self-contained HTML page of a :class:`Shot`.

The page has no script and loads nothing: the shipped DejaVu Sans (bot/render/fonts/) and
every picture (attachments, the app's emojis) are data URIs. Every text of the payload and
every name is escaped; colours are written from numbers only.

What is drawn as Discord draws it: the author with an "APP" tag and the time; a reply line
"Anna hat /v6 tisch verwendet" over the answer to a slash command; the content; embeds
(colour bar, author, title, description, fields, image, footer); Components V2 (a container
as a rounded card with its accent bar; text displays, sections, media galleries, files,
separators, action rows with buttons and selects); the line under an ephemeral message.
Discord's markdown in texts: headings ``#``/``##``/``###``, ``-#`` small print, quotes,
lists, code, ``**bold**``, ``*italic*``, ``__underline__``, ``~~strike~~``, spoilers, links;
mentions as pills (``@Anna``, ``#spieltisch``), timestamps as the reader's Discord shows them,
custom emojis as their picture at 22 px (jumbo when a text is emojis only) or, without one,
their ``:name:`` in a grey pill.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.render.typeface import BOLD, REGULAR
from loopback import timestamps
from loopback.entities import JSON
from loopback.screens.shot import Shot

WIDTH = 760  # CSS pixels of the page (the screenshot is twice that)

WORDS: dict[str, dict[str, str]] = {
    "de": {
        "today": "Heute um {time} Uhr",
        "only_you": "Nur du kannst das sehen",
        "dismiss": "Nachricht verwerfen",
        "used": "{user} hat {command} verwendet",
        "role": "@Rolle",
        "unknown_user": "@unbekannter-Benutzer",
        "unknown_channel": "#unbekannt",
    },
    "en": {
        "today": "Today at {time}",
        "only_you": "Only you can see this",
        "dismiss": "Dismiss message",
        "used": "{user} used {command}",
        "role": "@role",
        "unknown_user": "@unknown-user",
        "unknown_channel": "#unknown",
    },
    "fr": {
        "today": "Aujourd’hui à {time}",
        "only_you": "Vous seul pouvez voir ceci",
        "dismiss": "Ignorer le message",
        "used": "{user} a utilisé {command}",
        "role": "@rôle",
        "unknown_user": "@utilisateur-inconnu",
        "unknown_channel": "#inconnu",
    },
}

BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}
PRIVATE = re.compile("[\ue000-\uf8ff]")  # the placeholders' characters, never from a text
PLACEHOLDER = re.compile("\ue000(\\d+)\ue001")
INLINE = re.compile(
    r"""(?P<code>``(?P<code2>.+?)``|`(?P<code1>[^`\n]+)`)
    |\\(?P<escaped>[^\sA-Za-z0-9])
    |<(?P<animated>a?):(?P<ename>\w+):(?P<eid>\d+)>
    |<@!?(?P<user>\d+)>
    |<@&(?P<role>\d+)>
    |<\#(?P<channel>\d+)>
    |<t:(?P<stamp>-?\d+)(?::(?P<style>[tTdDfFR]))?>
    |\[(?P<ltext>[^\]\n]+)\]\(<?(?P<lurl>https?://[^)\s>]+)>?\)
    |(?P<url>https?://[^\s<]+[^\s<.,:;"')\]])""",
    re.X,
)
EMPHASIS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*(?!\*)", re.S), "<strong>{}</strong>"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__(?!_)", re.S), "<u>{}</u>"),
    (re.compile(r"\*(?=\S)(.+?)(?<=\S)\*", re.S), "<em>{}</em>"),
    (re.compile(r"(?<![\w\\])_(?=\S)(.+?)(?<=\S)_(?!\w)", re.S), "<em>{}</em>"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~", re.S), "<s>{}</s>"),
    (re.compile(r"\|\|(.+?)\|\|", re.S), '<span class="spoiler">{}</span>'),
]
LIST_ITEM = re.compile(r"^(?P<indent>\s*)(?P<mark>[-*]|\d{1,9}\.)\s+(?P<text>.*)$")
EMOJI_ONLY = re.compile(r"^(?:\s|<a?:\w+:\d+>|[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F])+$")


def esc(text: object) -> str:
    """``text`` safe in HTML (text and attribute values)."""
    return html.escape(PRIVATE.sub("", str(text)), quote=True)


def colour(value: object, default: str = "") -> str:
    """An ``#rrggbb`` of a Discord colour number (``default`` for anything else)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 0xFFFFFF:
        return default
    return f"#{value:06x}"


def data_uri(data: bytes, name: str = "") -> str:
    """The bytes as a ``data:`` URI, typed by their first bytes (else by the name)."""
    kinds = [
        (b"\x89PNG", "image/png"),
        (b"\xff\xd8\xff", "image/jpeg"),
        (b"GIF8", "image/gif"),
        (b"RIFF", "image/webp"),
    ]
    mime = next((m for magic, m in kinds if data.startswith(magic)), "")
    if not mime:
        suffix = Path(name).suffix.lower().lstrip(".")
        mime = {"svg": "image/svg+xml", "txt": "text/plain", "json": "application/json"}.get(
            suffix, "application/octet-stream"
        )
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


EMOJI_RANGE = (
    "U+203C,U+2049,U+2122,U+2139,U+2194-21AA,U+231A-23FF,U+24C2,U+25AA-25FE,U+2600-27BF,"
    "U+2934-2935,U+2B05-2B55,U+3030,U+303D,U+3297,U+3299,U+1F000-1FAFF,U+FE0F,U+200D"
)
"""Where an emoji may stand: there the local colour emoji font comes first (as Discord
shows emojis in colour); characters it lacks (✓, ●) fall through to DejaVu Sans."""


@cache
def font_faces() -> str:
    """``@font-face`` rules: the shipped DejaVu Sans as data URIs, and the machine's colour
    emoji font (if any) for emojis."""
    faces = [
        "@font-face{font-family:'Croupier Emoji';src:local('Noto Color Emoji'),"
        f"local('NotoColorEmoji'),local('Apple Color Emoji');unicode-range:{EMOJI_RANGE};}}"
    ]
    for path, weight in ((REGULAR, 400), (BOLD, 700)):
        uri = "data:font/ttf;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
        faces.append(
            f"@font-face{{font-family:'Croupier Sans';font-weight:{weight};"
            f"src:url({uri}) format('truetype');}}"
        )
    return "\n".join(faces)


@dataclass
class Page:
    """The renderer of one shot (names, pictures and words at hand)."""

    shot: Shot

    @property
    def words(self) -> dict[str, str]:
        return WORDS.get(self.shot.language, WORDS["en"])

    # -- markdown ----------------------------------------------------------------------------
    def markdown(self, text: str, *, mentions: bool = True) -> str:
        """Discord's markdown as HTML; ``mentions=False`` where Discord shows them raw (an
        embed's title, field names, footer)."""
        out: list[str] = []
        lines = text.split("\n")
        paragraph: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            block, after = self.block(lines, i, mentions=mentions)
            if block is None:
                paragraph.append(line)
                i += 1
                continue
            if paragraph:
                body = "\n".join(self.inline(part, mentions=mentions) for part in paragraph)
                out.append(f'<div class="p">{body}</div>')
                paragraph.clear()
            out.append(block)
            i = after
        if paragraph:
            body = "\n".join(self.inline(part, mentions=mentions) for part in paragraph)
            out.append(f'<div class="p">{body}</div>')
        return "".join(out)

    def block(self, lines: list[str], i: int, *, mentions: bool) -> tuple[str | None, int]:
        """The block starting at line ``i`` (code, quote, heading, small print, list) and
        the line after it; None for a line of a paragraph."""
        line = lines[i]
        if line.strip().startswith("```"):
            return self.code_block(lines, i)
        if line.startswith(">>> "):
            rest = "\n".join([line[4:], *lines[i + 1 :]])
            return f"<blockquote>{self.markdown(rest, mentions=mentions)}</blockquote>", len(lines)
        if line.startswith("> ") or line == ">":
            quoted = []
            while i < len(lines) and (lines[i].startswith("> ") or lines[i] == ">"):
                quoted.append(lines[i][2:])
                i += 1
            inner = self.markdown("\n".join(quoted), mentions=mentions)
            return f"<blockquote>{inner}</blockquote>", i
        heading = re.match(r"^(#{1,3}) (?=\S)(.*)$", line)
        if heading:
            level = len(heading[1])
            return f"<h{level}>{self.inline(heading[2], mentions=mentions)}</h{level}>", i + 1
        if line.startswith("-# ") and line[3:].strip():
            return f'<div class="small">{self.inline(line[3:], mentions=mentions)}</div>', i + 1
        if LIST_ITEM.match(line):
            items = []
            while i < len(lines) and (item := LIST_ITEM.match(lines[i])):
                items.append(item)
                i += 1
            return self.listing(items, mentions=mentions), i
        return None, i + 1

    def code_block(self, lines: list[str], i: int) -> tuple[str, int]:
        """A fenced code block from line ``i``; the line after its closing fence."""
        first = lines[i].strip()[3:]
        if first.endswith("```"):
            return f'<pre class="code">{esc(first[:-3])}</pre>', i + 1
        code = []
        i += 1
        while i < len(lines) and not lines[i].rstrip().endswith("```"):
            code.append(lines[i])
            i += 1
        if i < len(lines):
            code.append(lines[i].rstrip()[:-3])
            i += 1
        return f'<pre class="code">{esc(chr(10).join(code).strip(chr(10)))}</pre>', i

    def listing(self, items: list[re.Match[str]], *, mentions: bool) -> str:
        """List items as Discord shows them: bullets or their numbers, indented by depth."""
        shown = []
        for item in items:
            depth = min(len(item["indent"].expandtabs(2)) // 2, 4)
            mark = item["mark"]
            bullet = esc(mark) if mark[0].isdigit() else ("•" if depth == 0 else "◦")
            text = self.inline(item["text"], mentions=mentions)
            shown.append(
                f'<div class="li" style="margin-left:{depth * 18}px">'
                f'<span class="bullet">{bullet}</span><span>{text}</span></div>'
            )
        return f'<div class="list">{"".join(shown)}</div>'

    def inline(self, text: str, *, mentions: bool = True) -> str:
        """One line's (or a label's) inline markdown."""
        parts: list[str] = []
        pieces: list[str] = []
        last = 0
        text = PRIVATE.sub("", text)
        for match in INLINE.finditer(text):
            pieces.append(esc(text[last : match.start()]))
            last = match.end()
            shown = self.token(match, mentions=mentions)
            if shown is None:
                pieces.append(esc(match[0]))
                continue
            parts.append(shown)
            pieces.append(f"\ue000{len(parts) - 1}\ue001")
        pieces.append(esc(text[last:]))
        joined = "".join(pieces)
        for pattern, form in EMPHASIS:
            joined = pattern.sub(_wrapped(form), joined)
        return PLACEHOLDER.sub(lambda m: parts[int(m[1])], joined)

    def token(self, match: re.Match[str], *, mentions: bool) -> str | None:
        """The HTML of a code span, escape, emoji, mention, timestamp or link (None: as text)."""
        kind = match.lastgroup
        if match["code"] is not None:
            return f"<code>{esc(match['code2'] or match['code1'])}</code>"
        if match["escaped"] is not None:
            return esc(match["escaped"])
        if match["eid"] is not None:
            return self.emoji(match["ename"], int(match["eid"]))
        if match["stamp"] is not None:
            return self.timestamp(int(match["stamp"]), match["style"] or "f")
        if match["lurl"] is not None:
            text = esc(match["ltext"])
            return f'<a title="{esc(match["lurl"])}">{text}</a>'
        if match["url"] is not None:
            return f"<a>{esc(match['url'])}</a>"
        if not mentions:
            return None
        words = self.words
        if match["user"] is not None:
            name = self.shot.users.get(int(match["user"]))
            shown = f"@{name}" if name is not None else words["unknown_user"]
            return f'<span class="mention">{esc(shown)}</span>'
        if match["channel"] is not None:
            place = self.shot.channels.get(int(match["channel"]))
            shown = f"#{place}" if place is not None else words["unknown_channel"]
            return f'<span class="mention">{esc(shown)}</span>'
        if match["role"] is not None:
            return f'<span class="mention">{esc(words["role"])}</span>'
        raise AssertionError(kind)  # pragma: no cover - every group is handled above

    def emoji(self, name: str, emoji_id: int | None, *, size: str = "") -> str:
        """An app emoji: its picture where the loopback has it, else ``:name:`` in a pill."""
        image = self.shot.emojis.get(emoji_id or 0)
        if image is None:
            return f'<span class="emoji-missing">:{esc(name)}:</span>'
        return (
            f'<img class="emoji{size}" alt=":{esc(name)}:" title=":{esc(name)}:" '
            f'src="{data_uri(image)}">'
        )

    def timestamp(self, stamp: int, style: str) -> str:
        try:
            shown = timestamps.shown(stamp, style, self.shot.language, self.shot.sent)
        except (OverflowError, OSError, ValueError):
            return f"<span>&lt;t:{stamp}:{esc(style)}&gt;</span>"
        return f'<span class="stamp">{esc(shown)}</span>'

    def text(self, content: str) -> str:
        """A whole text (content or a text display): jumbo emojis when it is only emojis."""
        if content.strip() and EMOJI_ONLY.match(content) and len(content) < 600:
            rendered = self.markdown(content)
            return rendered.replace('class="emoji"', 'class="emoji jumbo"')
        return self.markdown(content)

    # -- pictures ---------------------------------------------------------------------------
    def picture(self, url: str, alt: str, *, css: str = "") -> str:
        """An ``attachment://`` picture from the shot's files (a grey box when missing)."""
        name = url.removeprefix("attachment://")
        data = self.shot.attachment(name) if url.startswith("attachment://") else None
        if data is None:
            label = esc(name or url)
            return f'<div class="missing-picture {css}">{label}</div>'
        uri = data_uri(data, name)
        return f'<img class="{css}" alt="{esc(alt)}" title="{esc(alt)}" src="{uri}">'

    # -- components --------------------------------------------------------------------------
    def components(self, components: list[JSON]) -> str:
        return "".join(self.component(c) for c in components if isinstance(c, dict))

    def component(self, comp: JSON) -> str:
        kind = comp.get("type")
        render: dict[object, Callable[[JSON], str]] = {
            1: self.action_row,
            9: self.section,
            10: lambda c: f'<div class="text">{self.text(str(c.get("content") or ""))}</div>',
            11: self.thumbnail,
            12: self.gallery,
            13: self.file,
            14: self.separator,
            17: self.container,
        }
        return render[kind](comp) if kind in render else ""

    def container(self, comp: JSON) -> str:
        accent = colour(comp.get("accent_color"))
        style = f' style="border-left-color:{accent}"' if accent else ""
        classes = "container" + (" accent" if accent else "")
        classes += " spoiler-box" if comp.get("spoiler") else ""
        inner = self.components(comp.get("components") or [])
        return f'<div class="{classes}"{style}>{inner}</div>'

    def section(self, comp: JSON) -> str:
        texts = self.components(comp.get("components") or [])
        accessory = comp.get("accessory")
        side = self.component(accessory) if isinstance(accessory, dict) else ""
        return f'<div class="section"><div class="section-texts">{texts}</div>{side}</div>'

    def thumbnail(self, comp: JSON) -> str:
        url = str((comp.get("media") or {}).get("url") or "")
        return self.picture(url, str(comp.get("description") or ""), css="thumbnail")

    def gallery(self, comp: JSON) -> str:
        items = [i for i in comp.get("items") or [] if isinstance(i, dict)]
        shown = "".join(
            self.picture(
                str((item.get("media") or {}).get("url") or ""),
                str(item.get("description") or ""),
                css="blurred" if item.get("spoiler") else "",
            )
            for item in items
        )
        return f'<div class="gallery n{min(len(items), 4)}">{shown}</div>'

    def file(self, comp: JSON) -> str:
        name = str((comp.get("file") or {}).get("url") or "").removeprefix("attachment://")
        data = self.shot.attachment(name)
        size = f"{len(data) / 1024:.1f} KB" if data is not None else ""
        return (
            f'<div class="file"><span class="file-icon">📄</span><span>'
            f'<span class="file-name">{esc(name)}</span><br>'
            f'<span class="file-size">{esc(size)}</span></span></div>'
        )

    def separator(self, comp: JSON) -> str:
        large = comp.get("spacing") == 2
        divider = comp.get("divider", True)
        classes = "separator" + (" large" if large else "") + (" divider" if divider else "")
        return f'<div class="{classes}"></div>'

    def action_row(self, comp: JSON) -> str:
        items = [c for c in comp.get("components") or [] if isinstance(c, dict)]
        return f'<div class="row">{"".join(self.control(c) for c in items)}</div>'

    def control(self, comp: JSON) -> str:
        if comp.get("type") == 2:
            return self.button(comp)
        if comp.get("type") in (3, 5, 6, 7, 8):
            return self.select(comp)
        return ""

    def plain_emoji(self, emoji: object) -> str:
        """A button's or an option's ``emoji`` field."""
        if not isinstance(emoji, dict):
            return ""
        emoji_id = str(emoji.get("id") or "")
        if emoji_id.isdigit():
            return self.emoji(str(emoji.get("name") or "_"), int(emoji_id), size=" small")
        return f'<span class="uemoji">{esc(emoji.get("name") or "")}</span>'

    def button(self, comp: JSON) -> str:
        style = BUTTON_STYLES.get(int(comp.get("style") or 2), "secondary")
        classes = f"button {style}" + (" disabled" if comp.get("disabled") else "")
        label = esc(comp.get("label") or "")
        parts = [self.plain_emoji(comp.get("emoji")), f"<span>{label}</span>" if label else ""]
        if style == "link":
            parts.append('<span class="out">↗</span>')
        return f'<span class="{classes}">{"".join(parts)}</span>'

    def select(self, comp: JSON) -> str:
        options = [o for o in comp.get("options") or [] if isinstance(o, dict)]
        chosen = [o for o in options if o.get("default")]
        if chosen:
            shown = ", ".join(esc(o.get("label") or "") for o in chosen)
            inner = f'<span class="chosen">{shown}</span>'
        else:
            inner = f'<span class="placeholder">{esc(comp.get("placeholder") or "")}</span>'
        classes = "select" + (" disabled" if comp.get("disabled") else "")
        chevron = (
            '<svg class="chevron" width="18" height="18" viewBox="0 0 24 24">'
            '<path d="M5.3 9.3a1 1 0 0 1 1.4 0L12 14.58l5.3-5.3a1 1 0 1 1 1.4 1.42l-6 6a1 1 0 '
            '0 1-1.4 0l-6-6a1 1 0 0 1 0-1.42Z" fill="currentColor"/></svg>'
        )
        return f'<div class="{classes}">{inner}{chevron}</div>'

    # -- embeds ------------------------------------------------------------------------------
    def embed(self, embed: JSON) -> str:
        bar = colour(embed.get("color"), "#1e1f22")
        parts = []
        author = (embed.get("author") or {}).get("name")
        if author:
            author_html = self.inline(str(author), mentions=False)
            parts.append(f'<div class="embed-author">{author_html}</div>')
        if embed.get("title"):
            title = self.inline(str(embed["title"]), mentions=False)
            parts.append(f'<div class="embed-title">{title}</div>')
        if embed.get("description"):
            description = self.markdown(str(embed["description"]))
            parts.append(f'<div class="embed-text">{description}</div>')
        fields = [f for f in embed.get("fields") or [] if isinstance(f, dict)]
        if fields:
            shown = []
            for fld in fields:
                name = self.inline(str(fld.get("name") or ""), mentions=False)
                value = self.markdown(str(fld.get("value") or ""))
                wide = "" if fld.get("inline") else " wide"
                shown.append(
                    f'<div class="field{wide}"><div class="field-name">{name}</div>'
                    f'<div class="field-value">{value}</div></div>'
                )
            parts.append(f'<div class="fields">{"".join(shown)}</div>')
        image = (embed.get("image") or {}).get("url")
        if image:
            parts.append(self.picture(str(image), "", css="embed-image"))
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            footer_html = self.inline(str(footer), mentions=False)
            parts.append(f'<div class="embed-footer">{footer_html}</div>')
        thumb = (embed.get("thumbnail") or {}).get("url")
        side = self.picture(str(thumb), "", css="embed-thumb") if thumb else ""
        return (
            f'<div class="embed" style="border-left-color:{bar}">'
            f'<div class="embed-body">{"".join(parts)}</div>{side}</div>'
        )

    # -- the message -------------------------------------------------------------------------
    def referenced(self) -> set[str]:
        """Attachments the embeds or components show (the rest show under the content)."""
        found = set()
        for text in re.findall(r"attachment://([^\"\s)]+)", self.shot.texts()):
            found.add(text)
        return found

    def loose_files(self) -> str:
        """Attachments no embed or component shows: pictures below the text, others as files
        (a Components V2 message shows only what its components show)."""
        if any(c.get("type") in (9, 10, 12, 17) for c in self.shot.components):
            return ""
        shown = []
        used = self.referenced()
        for name, data in self.shot.files:
            if name in used:
                continue
            if data is not None and data_uri(data, name).startswith("data:image/"):
                shown.append(self.picture("attachment://" + name, name, css="loose"))
            else:
                shown.append(self.file({"file": {"url": "attachment://" + name}}))
        return "".join(shown)

    def header(self) -> str:
        shot = self.shot
        clock = shot.sent.astimezone(timestamps.ZONE).strftime("%H:%M")
        if shot.language == "en":
            clock = shot.sent.astimezone(timestamps.ZONE).strftime("%-I:%M %p")
        when = self.words["today"].format(time=clock)
        tag = '<span class="tag">APP</span>' if shot.bot else ""
        return (
            f'<div class="head"><span class="name">{esc(shot.author)}</span>{tag}'
            f'<span class="time">{esc(when)}</span></div>'
        )

    def reply(self) -> str:
        shot = self.shot
        if not shot.command:
            return ""
        user = f'<span class="who">{esc(shot.invoker)}</span>'
        command = f'<span class="cmd">{esc(shot.command)}</span>'
        said = esc(self.words["used"]).replace("{user}", user).replace("{command}", command)
        avatar = f'<span class="mini-avatar">{esc(shot.invoker[:1].upper())}</span>'
        return f'<div class="reply"><span class="spine"></span>{avatar}<span>{said}</span></div>'

    def footer(self) -> str:
        if self.shot.visibility != "ephemeral":
            return ""
        words = self.words
        eye = (
            '<svg width="16" height="16" viewBox="0 0 24 24"><path fill="currentColor" '
            'd="M12 5C5.65 5 2 12 2 12s3.65 7 10 7 10-7 10-7-3.65-7-10-7Zm0 11a4 4 0 1 1 '
            '0-8 4 4 0 0 1 0 8Zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"/></svg>'
        )
        return (
            f'<div class="ephemeral-note">{eye}<span>{esc(words["only_you"])} · '
            f"<a>{esc(words['dismiss'])}</a></span></div>"
        )

    def body(self) -> str:
        shot = self.shot
        parts = []
        if shot.content:
            parts.append(f'<div class="content">{self.text(shot.content)}</div>')
        parts += [self.embed(e) for e in shot.embeds if isinstance(e, dict)]
        if shot.components:
            parts.append(f'<div class="components">{self.components(shot.components)}</div>')
        parts.append(self.loose_files())
        return "".join(parts)

    def page(self) -> str:
        shot = self.shot
        classes = "message" + (" ephemeral" if shot.visibility == "ephemeral" else "")
        initial = esc(shot.author[:1].upper() or "?")
        avatar_class = "avatar bot" if shot.bot else "avatar"
        title = esc(f"{shot.author} – #{shot.place}" if shot.place else shot.author)
        return (
            f'<!DOCTYPE html>\n<html lang="{esc(shot.language)}"><head><meta charset="utf-8">'
            f"<title>{title}</title><style>{font_faces()}\n{CSS}"
            f"body {{ width: {WIDTH}px; }}</style></head>"
            f'<body><main class="chat"><article class="{classes}">{self.reply()}'
            f'<div class="line"><div class="{avatar_class}">{initial}</div>'
            f'<div class="main">{self.header()}{self.body()}{self.footer()}</div></div>'
            f"</article></main></body></html>\n"
        )


def _wrapped(form: str) -> Callable[[re.Match[str]], str]:
    def wrap(match: re.Match[str]) -> str:
        return form.format(match[1])

    return wrap


def page(shot: Shot) -> str:
    """The shot as a self-contained HTML page in Discord's dark theme."""
    return Page(shot).page()


CSS = """
:root { color-scheme: dark; }
* { box-sizing: border-box; }
html, body { margin: 0; background: #313338; }
body {
  color: #dbdee1;
  font: 16px/1.375 'Croupier Emoji', 'Croupier Sans', 'DejaVu Sans', sans-serif;
  -webkit-font-smoothing: antialiased;
}
.chat { padding: 16px 16px 18px 0; }
.message { padding: 2px 16px 2px 16px; position: relative; }
.message.ephemeral { background: rgba(88, 101, 242, 0.06); padding-top: 6px; padding-bottom: 6px; }
.line { display: flex; gap: 16px; }
.avatar {
  flex: none; width: 40px; height: 40px; border-radius: 50%; margin-top: 2px;
  background: #80848e; color: #fff; font-weight: 700; font-size: 18px;
  display: flex; align-items: center; justify-content: center;
}
.avatar.bot { background: #5865f2; }
.main { min-width: 0; flex: 1; }
.head { display: flex; align-items: center; gap: 6px; line-height: 22px; }
.name { color: #f2f3f5; font-weight: 700; font-size: 16px; }
.tag {
  background: #5865f2; color: #fff; font-size: 10px; font-weight: 700; line-height: 15px;
  padding: 0 4px; border-radius: 3px; letter-spacing: .02em; margin-top: 1px;
}
.time { color: #949ba4; font-size: 12px; margin-left: 2px; }
.reply {
  display: flex; align-items: center; gap: 6px; font-size: 14px; color: #b5bac1;
  margin: 0 0 4px 36px; position: relative; line-height: 18px;
}
.reply .spine {
  position: absolute; left: -18px; top: 9px; width: 30px; height: 12px;
  border-left: 2px solid #4e5058; border-top: 2px solid #4e5058; border-top-left-radius: 6px;
}
.mini-avatar {
  width: 16px; height: 16px; border-radius: 50%; background: #80848e; color: #fff;
  font-size: 10px; font-weight: 700; display: inline-flex; align-items: center;
  justify-content: center; margin-left: 14px;
}
.reply .who { color: #f2f3f5; font-weight: 700; }
.reply .cmd { color: #00a8fc; }
.content, .text, .embed-text, .field-value { white-space: pre-wrap; overflow-wrap: anywhere; }
.p { min-height: 1.375em; }
h1, h2, h3 { color: #f2f3f5; margin: 8px 0 4px; line-height: 1.375; font-weight: 700; }
h1 { font-size: 24px; } h2 { font-size: 20px; } h3 { font-size: 16px; }
.text > h1:first-child, .text > h2:first-child, .text > h3:first-child,
.content > h1:first-child, .content > h2:first-child, .content > h3:first-child { margin-top: 0; }
.small { color: #949ba4; font-size: 12px; line-height: 1.33; }
strong { font-weight: 700; }
blockquote {
  margin: 0; padding: 0 8px 0 12px; border-left: 4px solid #4e5058; border-radius: 2px;
}
code {
  font-family: 'DejaVu Sans Mono', monospace; font-size: 0.85em; background: #1e1f22;
  border: 1px solid #2b2d31; border-radius: 4px; padding: 0 .2em; overflow-wrap: anywhere;
}
pre.code {
  font-family: 'DejaVu Sans Mono', monospace; font-size: 14px; background: #2b2d31;
  border: 1px solid #1e1f22; border-radius: 4px; padding: 7px; margin: 6px 0;
  white-space: pre-wrap;
}
.container pre.code { background: #1e1f22; }
a { color: #00a8fc; text-decoration: none; }
.list { margin: 2px 0; }
.li { display: flex; gap: 6px; }
.bullet { flex: none; min-width: 14px; color: #dbdee1; }
.mention {
  background: rgba(88, 101, 242, 0.3); color: #c9cdfb; border-radius: 3px;
  padding: 0 2px; font-weight: 600;
}
.stamp { background: rgba(78, 80, 88, 0.48); border-radius: 3px; padding: 0 2px; }
.spoiler { background: #1e1f22; color: transparent; border-radius: 3px; }
.emoji { width: 22px; height: 22px; vertical-align: -6px; object-fit: contain; margin: 0 1px; }
.emoji.jumbo { width: 48px; height: 48px; vertical-align: -14px; }
.emoji.small { width: 18px; height: 18px; vertical-align: -4px; margin: 0; }
.emoji-missing {
  background: #3f4147; color: #b5bac1; border-radius: 4px; font-size: 12px;
  padding: 1px 4px; vertical-align: 1px;
}
.components { display: flex; flex-direction: column; gap: 8px; margin-top: 4px; }
.container {
  background: #2b2d31; border: 1px solid #26272b; border-radius: 8px; padding: 16px;
  max-width: 600px; display: flex; flex-direction: column; gap: 8px;
}
.container.accent { border-left: 4px solid; }
.spoiler-box { filter: blur(10px); }
.section { display: flex; gap: 12px; align-items: flex-start; }
.section-texts { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.thumbnail { width: 85px; height: 85px; object-fit: cover; border-radius: 8px; flex: none; }
.gallery { display: grid; gap: 4px; border-radius: 8px; overflow: hidden; }
.gallery.n1 { grid-template-columns: 1fr; }
.gallery.n2, .gallery.n4 { grid-template-columns: 1fr 1fr; }
.gallery.n3 { grid-template-columns: 1fr 1fr 1fr; }
.gallery img { max-width: 100%; height: auto; display: block; border-radius: 4px; }
.gallery.n1 img { max-height: 400px; width: auto; }
.gallery.n2 img, .gallery.n3 img, .gallery.n4 img { width: 100%; }
.gallery img.blurred { filter: blur(24px); }
.missing-picture {
  background: #1e1f22; color: #949ba4; border: 1px dashed #4e5058; border-radius: 8px;
  padding: 24px; text-align: center; font-size: 14px;
}
.file {
  display: flex; gap: 10px; align-items: center; background: #2b2d31; border: 1px solid #1e1f22;
  border-radius: 8px; padding: 10px 12px; max-width: 432px;
}
.container .file { background: #1e1f22; }
.file-icon { font-size: 28px; }
.file-name { color: #00a8fc; }
.file-size { color: #949ba4; font-size: 12px; }
.separator { height: 0; margin: 0; }
.separator.divider { border-top: 1px solid #3f4147; }
.separator.large { margin: 8px 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px; }
.button {
  display: inline-flex; align-items: center; gap: 6px; height: 32px; min-width: 60px;
  padding: 2px 16px; border-radius: 8px; color: #fff; font-size: 14px; font-weight: 600;
  justify-content: center; white-space: nowrap;
}
.button.primary { background: #5865f2; }
.button.secondary, .button.link { background: #4e5058; }
.button.success { background: #248046; }
.button.danger { background: #da373c; }
.button.disabled { opacity: .5; }
.button .out { font-size: 13px; }
.uemoji { font-family: 'Croupier Emoji', 'Croupier Sans', sans-serif; }
.select {
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  background: #1e1f22; border: 1px solid #1e1f22; border-radius: 8px; min-height: 40px;
  padding: 8px 8px 8px 12px; width: 100%; max-width: 560px; font-size: 15px;
}
.select .placeholder { color: #949ba4; }
.select .chosen { color: #dbdee1; }
.select .chevron { color: #b5bac1; flex: none; }
.select.disabled { opacity: .5; }
.embed {
  display: flex; gap: 16px; background: #2b2d31; border-left: 4px solid; border-radius: 4px;
  max-width: 520px; padding: 8px 16px 16px 12px; margin-top: 4px;
}
.embed-body { min-width: 0; flex: 1; display: flex; flex-direction: column; gap: 8px; }
.embed-author { color: #f2f3f5; font-size: 14px; font-weight: 700; margin-top: 8px; }
.embed-title { color: #f2f3f5; font-size: 16px; font-weight: 700; margin-top: 8px; }
.embed-text { font-size: 14px; }
.embed-body > :first-child { margin-top: 8px; }
.fields { display: flex; flex-wrap: wrap; gap: 8px 12px; }
.field { font-size: 14px; min-width: 140px; flex: 1 1 140px; }
.field.wide { flex-basis: 100%; }
.field-name { color: #f2f3f5; font-weight: 700; margin-bottom: 2px; }
.embed-image { max-width: 100%; border-radius: 4px; }
.embed-thumb {
  width: 80px; height: 80px; object-fit: contain; border-radius: 4px; margin-top: 8px;
}
.embed-footer { color: #b5bac1; font-size: 12px; }
img.loose {
  display: block; max-width: 550px; max-height: 350px; border-radius: 8px; margin-top: 4px;
}
.ephemeral-note {
  display: flex; align-items: center; gap: 4px; color: #949ba4; font-size: 12px;
  margin-top: 6px;
}
"""
