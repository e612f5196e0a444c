"""A fifth game that exists only in the tests: Hoch oder tief (higher or lower, one die).

It proves that a game is one declaration and two folders: its engine, texts, cards and
computer players in ``hilo/`` (as ``bot/games/<game>/``), its Discord adapter in
``hilo_cog/`` (as ``cogs/games/<game>/``), and one line that plugs it in
(:func:`bot.plugins.register`, where a real game is one line of ``bot.plugins.PLUGINS``).
"""
