"""Auf Teufel komm raus as players read it: its cards and lines (cards) and its pictures
(pictures: the track and the oven), plain values in, cards and PNG bytes out."""
