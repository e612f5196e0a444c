"""The parts of a click's CPU (bench.stack_parts) on a small sample of collapsed stacks."""

from __future__ import annotations

from bench import stack_parts as sp
from bench.discord import Run

LOOP = "_run_module_as_main (runpy.py);BaseEventLoop._run_once (asyncio/base_events.py)"
TASK = LOOP + ";Handle._run (asyncio/events.py)"
CLICK = (
    TASK
    + ";GameClicks.handle (cogs/pipeline/clicks.py);TableSession.deliver (cogs/pipeline/session.py)"
)
COMMIT = CLICK + ";Service.commit (bot/service.py);Session.execute (sqlalchemy/orm/session.py)"

SAMPLE = f"""\
{CLICK};ClientSession._request (aiohttp/client.py);TCPConnector.connect (aiohttp/connector.py) 40
{CLICK};HTTPClient.request (discord/http.py);dumps (json/__init__.py) 10
{COMMIT};Cursor.execute (sqlite3/dbapi2.py) 20
{CLICK};Service.commit (bot/service.py);canonical (bot/engine/chain.py) 5
{CLICK};ClickId.parse (bot/render/cards.py) 4
{CLICK};Tables.outcome (bot/play/tables.py);apply (bot/games/verflixte6/rules.py) 3
{CLICK};Tables.outcome (bot/play/tables.py) 2
{CLICK};card (bot/games/verflixte6/render/cards.py);t (bot/i18n/__init__.py) 6
{CLICK};card (bot/games/verflixte6/render/cards.py);to_dict (discord/embeds.py) 7
{CLICK} 8
{CLICK};emit (logging/__init__.py) 2
{TASK};_SelectorSocketTransport.write (asyncio/selector_events.py) 9
{LOOP};EpollSelector.select (selectors.py) 30
Thread._bootstrap (threading.py);Thread.run (threading.py);Condition.wait (threading.py) 50
Thread._bootstrap (threading.py);Thread.run (threading.py);_worker (concurrent/futures/thread.py) 5
Thread._bootstrap (threading.py);_ExecutorManagerThread.run (concurrent/futures/process.py) 3
_run_module_as_main (runpy.py);<module> (loopback/process.py) 1
"""


def test_each_sample_counts_once_for_the_innermost_part() -> None:
    parts = sp.parts(sp.running(sp.read_collapsed(SAMPLE)))
    assert parts == {
        sp.DISCORD: 50,  # aiohttp, and the JSON that discord.py calls
        sp.STORE: 25,  # sqlite3 under SQLAlchemy; the hash chain under Service.commit
        sp.ROUTING: 4,
        sp.ENGINE: 3,  # the rules, although Tables.outcome called them
        sp.OUTCOME: 2,
        sp.TEXTS: 6,
        sp.CARDS: 7,  # discord.py's Embed is the cards' part
        sp.GLUE: 10,  # the session's own frame, and the logging it calls
        sp.LOOP: 9,  # asyncio counts only with no other part on the stack
        sp.HANDOVER: 3,
        sp.OTHER: 1,
    }


def test_waiting_threads_are_left_out() -> None:
    profile = sp.read_collapsed(SAMPLE)
    assert sum(profile.values()) - sum(sp.running(profile).values()) == 30 + 50 + 5


def test_frames_with_lines_and_full_paths_read_alike() -> None:
    short = sp.frame("Session.execute (sqlalchemy/orm/session.py)")
    assert sp.frame("Session.execute (sqlalchemy/orm/session.py:2306)") == short
    full = "Session.execute (/x/.venv/lib/python3.11/site-packages/sqlalchemy/orm/session.py)"
    assert sp.frame(full) == short
    assert sp.frame("dumps (/usr/lib/python3.11/json/__init__.py)").path == "json/__init__.py"


def test_croupiers_own_functions() -> None:
    profile = sp.running(sp.read_collapsed(SAMPLE))
    own = sp.own_functions(profile)
    assert own["`TableSession.deliver` (cogs/pipeline/session.py)"] == 8
    assert own["`Tables.outcome` (bot/play/tables.py)"] == 2
    inclusive = sp.own_functions(profile, inclusive=True)
    assert inclusive["`Service.commit` (bot/service.py)"] == 20  # SQLAlchemy, sqlite3 below it
    assert inclusive["`canonical` (bot/engine/chain.py)"] == 5
    assert inclusive["`TableSession.deliver` (cogs/pipeline/session.py)"] == 10  # not Discord's


def test_the_table_spreads_the_cpu_per_click_and_has_the_worker_as_its_own_row() -> None:
    bot = sp.read_collapsed(SAMPLE)
    worker = sp.read_collapsed("<module> (<string>);quantize (PIL/Image.py) 4\n")
    rows = sp.table(bot, worker, bot_us=1200.0, worker_us=300.0)
    named = {part: (share, us) for part, share, us in rows}
    assert named[sp.WORKER] == (0.2, 300.0)
    assert named[sp.DISCORD] == (1200 * 50 / 120 / 1500, 500.0)
    assert rows[0][0] == sp.DISCORD and abs(sum(us for *_, us in rows) - 1500) < 1e-9
    run = Run(2.0, bot_cpu=1.5, worker_cpu=0.3, rest_calls=1000, callbacks=1000)
    text = sp.markdown(bot, worker, run, run, rate=100)
    assert "| part | share | µs per click |" in text and f"| {sp.WORKER} |" in text
