"""``croupier i18n check|update|add``: the catalogues held against what the code asks of
them (``usage``, found from the code and the games' plugins) and kept up to date
(``tools``). Above the games: the texts themselves (``bot.i18n``) know none."""
