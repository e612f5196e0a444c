"""Turning events and views into what players read (texts now; embeds and images later)."""
