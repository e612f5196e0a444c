"""Golden transcripts: each game and a tournament, played with fixed chance through the
loopback Discord in German, English and French, must read exactly as its file in
tests/transcripts/<language>/<game>.txt (every public message version, every private
answer and DM, as the players saw them: tests/helpers/transcript.py; the games:
tests/helpers/transcript_games.py).

A changed text shows as a diff of these files in review. On a mismatch the test prints a
unified diff and writes what it saw into its tmp dir; ``CROUPIER_UPDATE_TRANSCRIPTS=1``
rewrites the files instead.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from tests.helpers.transcript_games import GAMES, transcript_of

GOLDEN = Path(__file__).parent / "transcripts"
UPDATE = os.environ.get("CROUPIER_UPDATE_TRANSCRIPTS") == "1"
LANGUAGES = ("de", "en", "fr")
DIFF_LINES = 150  # of a mismatch's diff, shown in the failure


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
async def test_a_game_reads_as_its_transcript(game: str, language: str, tmp_path: Path) -> None:
    seen = await transcript_of(game, language, tmp_path)
    golden = GOLDEN / language / f"{game}.txt"
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(seen, encoding="utf-8", newline="\n")
        return
    fresh = tmp_path / f"{language}-{game}.txt"
    fresh.write_text(seen, encoding="utf-8", newline="\n")
    if not golden.exists():
        pytest.fail(
            f"no transcript {golden}; what the players saw is in {fresh} "
            "(CROUPIER_UPDATE_TRANSCRIPTS=1 writes it)",
            pytrace=False,
        )
    expected = golden.read_text(encoding="utf-8")
    if seen == expected:
        return
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            seen.splitlines(),
            f"{golden.relative_to(GOLDEN.parent.parent)} (golden)",
            f"{fresh} (this run)",
            lineterm="",
        )
    )
    shown = "\n".join(diff[:DIFF_LINES])
    more = f"\n… {len(diff) - DIFF_LINES} more diff lines" if len(diff) > DIFF_LINES else ""
    pytest.fail(
        f"the {game} game in {language} no longer reads as {golden.name}; if the change is "
        f"meant, run with CROUPIER_UPDATE_TRANSCRIPTS=1 and review the diff\n{shown}{more}",
        pytrace=False,
    )


def test_every_transcript_file_belongs_to_a_game() -> None:
    """No golden left over from a game or language the test no longer plays."""
    files = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.glob("*/*.txt")}
    played = {f"{language}/{game}.txt" for language in LANGUAGES for game in GAMES}
    assert files <= played, sorted(files - played)
