"""The pictures (and other files) the bot sends, saved where the sandbox's player can open
them: one folder per sandbox, named at its start, kept after it ends."""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

PREFIX = "croupier-sandbox-bilder-"


class Pictures:
    """Saves each file once: a message that is edited and sends the same picture again
    points to the file saved before; a changed picture is a new file."""

    def __init__(self, folder: Path | None = None) -> None:
        if folder is None:
            folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self._saved: dict[tuple[str, str], Path] = {}

    def save(self, name: str, data: bytes) -> Path:
        """Where ``data`` (sent as ``name``) is saved: ``007-auslage.png``, numbered in
        the order the pictures appeared."""
        key = (name, hashlib.sha256(data).hexdigest())
        found = self._saved.get(key)
        if found is None:
            found = self.folder / f"{len(self._saved) + 1:03d}-{Path(name).name}"
            found.write_bytes(data)
            self._saved[key] = found
        return found
