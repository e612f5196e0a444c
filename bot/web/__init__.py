"""The read-only website (issue 47): a server's tournaments, games and leaderboards, each
tournament's story and each game's public log, for anyone with the link a host sends
(``/web an``).

It reads through the service's query objects (``records``, ``history``, ``directory``),
in a thread, never on the bot's loop; it shows what the public channel shows (the games'
own redaction), names players by their display names, and answers only GET and HEAD.
Pages are plain HTML from Jinja templates with autoescaping and one small stylesheet; no
inline script and no inline style (the Content-Security-Policy forbids both). A page reads
whole without script; the static scripts only add to it: the dice check
(``static/check.js``) and times in the visitor's own zone (``static/local-time.js``).
"""
