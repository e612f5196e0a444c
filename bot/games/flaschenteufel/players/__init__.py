"""Flaschenteufel's computer players: pure policies on a seat's view, by level in ``levels``
(docs/PLAYERS.md)."""
