"""Flaschenteufel as players read it: its cards and lines (cards), its pictures
(pictures: a hand and a trick) and its cards as the app's emojis (emojis, drawn in
emoji_pictures), plain values in, cards and PNG bytes out."""
