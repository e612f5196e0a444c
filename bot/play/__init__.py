"""The parts of the croupier's service beside its action path (``bot.service``): the
outcome an action produces, the table cache, turn clocks and absence, host tools, the
tournament's workflow, the directory of names and languages, and the game records."""
