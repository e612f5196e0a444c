"""Flaschenteufel as players read it: its cards and lines (cards) and its pictures
(pictures: a hand and a trick), plain values in, cards and PNG bytes out."""
