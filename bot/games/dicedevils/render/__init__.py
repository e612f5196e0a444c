"""Dice Devils as players read it: its cards and lines (cards) and its pictures (pictures),
plain values in, cards and PNG bytes out."""
