"""Players' history (issue 32): statistics, draw tallies and ratings, all derived from the
event log when a game ends, and rebuilt from it on demand. No Discord here."""
