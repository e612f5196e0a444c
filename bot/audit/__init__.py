"""Provable fairness: the hash chain of a game's log, its export file, and the verifier.

Kept free of discord and of the database so that ``croupier verify FILE`` (and anyone
reading the code) can check an exported game offline. :mod:`bot.audit.chain` is imported by
the store; :mod:`bot.audit.export` holds the file format; :mod:`bot.audit.verify` checks it.
"""
