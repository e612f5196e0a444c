"""Die verflixte 6 as players read it: its cards (cards), its event lines (lines), its
pictures (pictures: the dice and the standings), its help's jokers (help) and its lines of
``/statistik`` (statistics), plain values in, cards and PNG bytes out."""
