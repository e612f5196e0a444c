"""The verifier's answer in the players' language (``/verify`` and ``croupier verify``)."""

from __future__ import annotations

from bot.audit.verify import Report
from bot.i18n import t


def report_text(report: Report, locale: str) -> str:
    """The verdict ("all N draws match, chain of M events intact", or the first mismatches),
    then the chain's head and the seed (or its hash while it is secret)."""
    counts = {"game": report.game_id, "draws": report.draws, "events": report.events}
    if report.ok:
        key = "verify.ok" if report.seed_revealed else "verify.ok_unrevealed"
        events = t("n.chain_events", locale, count=report.events)
        lines = [t(key, locale, game=report.game_id, count=report.draws, events=events)]
        if report.replayed:
            lines.append(t("verify.replayed", locale))
    else:
        lines = [t("verify.failed", locale, **counts)]
        lines += [f"• {t(p.key, locale, **p.values)}" for p in report.problems]
    lines.append(t("verify.head", locale, head=report.head_hash))
    if report.seed is None:
        lines.append(t("verify.seed_hidden", locale, seed_hash=report.seed_hash))
    else:
        lines.append(t("verify.seed", locale, seed=report.seed, seed_hash=report.seed_hash))
    return "\n".join(lines)
