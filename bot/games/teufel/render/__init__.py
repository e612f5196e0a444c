"""Auf Teufel komm raus as players read it: its cards and lines (cards), its pictures
(pictures: the track and the oven) and its tiles as the app's emojis (emojis, drawn in
emoji_pictures), plain values in, cards and PNG bytes out."""
