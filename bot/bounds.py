"""The bounds of every value a player types into a slash command, in one place.

The cogs declare them to Discord with each option (``cogs.options``), and the bot checks
every incoming value against what the command declared before anything runs
(``cogs.errors.CroupierTree``): a client can't be trusted to have checked them. Engines
that check their own options use the same numbers (``bot.tournament.rules``).
"""

from __future__ import annotations

MESSAGE_MAX = 2000
"""Characters Discord allows in one message's content."""

REASON_MAX = 200
"""A host's reason (``grund``): kept in the log and shown in public next to the seed."""

TOURNAMENT_NAME_MIN, TOURNAMENT_NAME_MAX = 1, 80
"""A tournament's name: it names threads (Discord: 100 characters) and the scheduled event."""

DURCHGAENGE_MIN, DURCHGAENGE_MAX = 1, 4
"""Durchgänge of a Verflixte 6 table or of a tournament evening (a Finale plays 4)."""

GROUP_SIZE_MIN, GROUP_SIZE_MAX = 2, 6
"""Players per tournament group and in the Finale: the seats of a Verflixte 6 table."""

BEST_THIRDS_MIN, BEST_THIRDS_MAX = 0, 20
"""How many of a round's best thirds advance as well."""

GROUP_NUMBER_MIN, GROUP_NUMBER_MAX = 1, 100
GRACE_MINUTES_MIN, GRACE_MINUTES_MAX = 0, 120  # a group's wait for its late players
ROUND_NUMBER_MIN, ROUND_NUMBER_MAX = 1, 20  # 40 players take 5 rounds; 10,000 about 13
"""A tournament group's number, as the host types it."""

POINTS_MIN, POINTS_MAX = 0, 100
EYES_MIN, EYES_MAX = 0, 10_000
"""A host's correction of a group result: points and eyes."""

TOURNAMENT_CLOCK_MINUTES_MIN, TOURNAMENT_CLOCK_MINUTES_MAX = 0, 24 * 60
"""Minutes per decision at a tournament's group tables (0: no clock)."""

CLOCK_MINUTES_MIN, CLOCK_MINUTES_MAX = 0, 7 * 24 * 60
"""Minutes per decision a host sets with ``/tisch uhr`` (0: no clock; at most a week)."""

HANDS_MIN, HANDS_MAX = 1, 8
"""Flaschenteufel: how many hands a table plays."""

GAME_NUMBER_MIN, GAME_NUMBER_MAX = 1, 2**31 - 1
"""A game's number (``/verify``): a stored id, a 32-bit integer in PostgreSQL."""

JOKER_NAME_MAX = 40
"""``/joker name``: a joker's id, as the autocompletion offers it."""

DATE_MAX, TIME_MAX = 20, 30
"""``/turnier termin``: ``2026-11-28`` or ``day after tomorrow``, and ``19:30`` or ``neuf
heures moins le quart`` (bot.tournament.evening_time reads them)."""

ZONE_MAX = 40
"""``/turnier termin``'s time zone, an IANA name (the longest is 32 characters)."""

SEASON_NAME_MAX = 50
"""A season's name (``/saison neu``), trimmed: it heads the leaderboard's card and picture
and fills an autocomplete line (Discord: 100 characters)."""
SEASON_PICK_MAX = 100
COMPUTER_PICK_MAX = 60  # a computer player picked by its name ("🤖 Croupiers Kater (leicht)")
"""What ``/rangliste``'s season option takes: an autocomplete value, or a name typed."""
