"""The games, one folder each (``bot/games/<game>/``: its engine, computer players, cards,
pictures and measures), and what every game declares (``plugin``: a game to the bot;
``tally``: what its history counts into). The list of them is ``bot.plugins``."""
