"""``croupier sandbox``: Croupier without Discord — the loopback Discord, the real bot on a
temporary SQLite database, and a terminal where one person plays several users.

Lines look like ``Anna> /v6 tisch durchgaenge=1``, ``Ben> Beitreten`` (a button, by its
label), ``Anna> wähle Fumo, Push your Pony`` (options of a select, by label) and
``Anna> Setzen 40`` (a button that opens a form, and the form's value). After each line the
new and changed messages are printed: the channel's, and the acting user's private ones.
``zeige`` shows the channel as it is now, ``Anna> zeige`` with Anna's private messages.
``--demo verflixte6`` plays a scripted Durchgang with fixed dice; ``--demo teufel``,
``flaschenteufel`` and ``dicedevils`` play the README's example lines with fixed chance.

``ende``, the end of the input and Ctrl-C all end it the same way: the bot and the fake
Discord are stopped and the temporary database removed. Exit code 0, 130 after Ctrl-C (the
shells' code for "interrupted"), 1 if the bot broke one of Discord's rules. While it ends, a
second Ctrl-C quits at once.

The CLI runs :func:`sandbox.cli.main`; this package imports nothing itself, so that the CLI's
help can name the demos (:mod:`sandbox.demo_names`) without loading the bot, the loopback
Discord or discord.py.
"""
