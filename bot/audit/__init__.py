"""Provable fairness: a game's export file and the verifier.

Kept free of discord and of the database so that ``croupier verify FILE`` (and anyone
reading the code) can check an exported game offline: :mod:`bot.audit.export` holds the file
format (it reads stored games through the fields it needs, without importing the store);
:mod:`bot.audit.verify` checks it. The hash chain both the store and the verifier compute is
:mod:`bot.engine.chain`, so the store and the audit both depend on the engine, not on each
other. The dice's own fairness, over many games, is :mod:`bot.audit.dice_fairness` (Pearson's
chi-square test, :mod:`bot.audit.chi_square`): arithmetic on counts the history gathers.
"""
