"""Checking an exported game: the seed, every draw, the hash chain, and the replay.

:func:`verify` takes a read export (:mod:`bot.audit.export`) and the rules engines and
returns a :class:`Report`: how many draws and events it checked, and for each kind of check
its first problem (none: the game is exactly what the revealed seed, the Discord interaction
ids and the logged actions produce). It touches neither Discord nor a database.
"""

from __future__ import annotations

import hmac
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.audit.export import GameExport
from bot.engine.chain import event_hash
from bot.engine.core import Game
from bot.engine.replay import LoggedRng, apply_logged
from bot.engine.rng import ChanceError, ChanceExhausted, Draw, derive, seed_hash

_DETAILS = {
    "seed": "seed does not match its published SHA-256",
    "order": "event {seq}: found event {found} in its place",
    "link": "event {seq}: does not point at the hash of the event before it",
    "chain": "event {seq}: changed (its hash does not match)",
    "head": "the chain does not end in the stored head hash",
    "format": "event {seq}: unreadable draws",
    "numbering": "draw {n} (event {seq}): numbered {found}",
    "draw": "draw {n} (event {seq}): logged {logged}, seed gives {expected}",
    "replay": "event {seq}: cannot be replayed",
    "replay_draws": "event {seq}: the logged draws do not fit what the rules draw",
    "state": "replaying the log does not give the stored state",
}


@dataclass(frozen=True)
class Problem:
    """One failed check; ``kind`` is a key of the texts ``verify.problem.<kind>``."""

    kind: str
    seq: int | None = None
    """The event concerned (its place in the log, counted from 1)."""
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"verify.problem.{self.kind}"

    @property
    def values(self) -> dict[str, Any]:
        """The placeholders of the texts."""
        return {"seq": self.seq, **self.params}

    @property
    def detail(self) -> str:
        """In plain English, for logs and the command line's stderr."""
        return _DETAILS[self.kind].format(**self.values)


@dataclass(frozen=True)
class Report:
    game_id: int
    draws: int
    events: int
    seed_revealed: bool
    replayed: bool
    head_hash: str
    seed_hash: str
    seed: str | None
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def tampered_event(self) -> int | None:
        """The first event the hash chain names as changed, moved or missing."""
        chain = [p.seq for p in self.problems if p.kind in ("order", "link", "chain")]
        return chain[0] if chain else None


def verify(
    export: GameExport,
    games: Mapping[str, Game[Any]],
    *,
    setup_verbs: Collection[str],
    host_verbs: Collection[str],
) -> Report:
    """Check everything an export allows: the hash chain always; the seed and every draw
    once the seed is revealed; the replay of the actions when the game's engine is known
    (``setup_verbs`` start the engine's game, ``host_verbs`` are logged but not played)."""
    problems: list[Problem] = []
    chain = check_chain(export)
    if chain is not None:
        problems.append(chain)
    draws, draw_problem = _draws(export)
    if draw_problem is not None:
        problems.append(draw_problem)
    elif export.seed is not None:
        problems += check_draws(export.seed, export.seed_hash, draws)
    replayed = False
    game = games.get(export.kind)
    if game is not None and export.final_state is not None and draw_problem is None:
        replay = check_replay(export, game, setup_verbs, host_verbs)
        replayed = replay is not False
        if isinstance(replay, Problem):
            problems.append(replay)
    return Report(
        game_id=export.game_id,
        draws=len(draws),
        events=len(export.events),
        seed_revealed=export.seed is not None,
        replayed=replayed,
        head_hash=export.head_hash,
        seed_hash=export.seed_hash,
        seed=export.seed,
        problems=tuple(problems),
    )


def check_chain(export: GameExport) -> Problem | None:
    """The first event that is out of place, unlinked or changed (None: chain intact). Each
    event is hashed as given (format 2: pseudonymised; format 1: with the ids), with the
    file's game id."""
    prev = export.seed_hash
    for seq, event in enumerate(export.events, start=1):
        if event["seq"] != seq:
            return Problem("order", seq, {"found": event["seq"]})
        if event["prev_hash"] != prev:
            return Problem("link", seq)
        try:
            digest = event_hash(
                game_id=export.game_id,
                seq=seq,
                actor=event["actor"],
                action=event["action"],
                events=event["events"],
                draws=event["draws"],
                prev_hash=prev,
            )
        except (TypeError, ValueError):
            return Problem("chain", seq)
        if not hmac.compare_digest(digest, str(event["hash"])):
            return Problem("chain", seq)
        prev = digest
    if export.head_hash != prev:
        return Problem("head", len(export.events))
    return None


def check_draws(seed_hex: str, commitment: str, draws: list[tuple[int, Draw]]) -> list[Problem]:
    """The seed against its commitment, then the first draw the seed does not give."""
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        return [Problem("seed")]
    if not hmac.compare_digest(seed_hash(seed), commitment):
        return [Problem("seed")]
    for n, (seq, draw) in enumerate(draws):
        if draw.n != n:
            return [Problem("numbering", seq, {"n": n, "found": draw.n})]
        if draw.sides < 1:
            return [Problem("format", seq)]
        value = derive(seed, draw.n, draw.nonce, draw.sides)
        if value != draw.value:
            params = {"n": n, "logged": draw.value, "expected": value}
            return [Problem("draw", seq, params)]
    return []


def _draws(export: GameExport) -> tuple[list[tuple[int, Draw]], Problem | None]:
    """Every draw in log order with the event it belongs to."""
    draws: list[tuple[int, Draw]] = []
    for seq, event in enumerate(export.events, start=1):
        try:
            draws += [(seq, Draw.from_dict(d)) for d in event["draws"]]
        except (KeyError, TypeError, ValueError):
            return draws, Problem("format", seq)
    return draws, None


def check_replay(
    export: GameExport,
    game: Game[Any],
    setup_verbs: Collection[str],
    host_verbs: Collection[str],
) -> Problem | bool:
    """Play the logged actions again with the logged draws: the first event that does not
    replay (or whose draws do not fit), or whether the stored state is the one the replay
    passes through after event ``state_seq`` (the last event unless the export says
    otherwise: a running game's state is stored at checkpoints). False: nothing to replay
    (a lobby that never started)."""
    events = export.events
    start = next((i for i, e in enumerate(events) if _verb(e) in setup_verbs), None)
    if start is None:
        return False
    try:
        players = list(events[start]["action"].get("players", export.players))
        rng = LoggedRng([Draw.from_dict(d) for e in events[: start + 1] for d in e["draws"]])
        state, _ = game.setup(players, export.options, rng)
    except Exception:
        return Problem("replay", start + 1)
    if rng.left:
        return Problem("replay_draws", start + 1)
    upto = len(events) if export.state_seq is None else export.state_seq
    matches = upto == start + 1 and game.dump(state) == export.final_state
    for seq, event in enumerate(events[start + 1 :], start=start + 2):
        try:
            state, players = apply_logged(game, state, players, event, host_verbs)
        except (ChanceError, ChanceExhausted):
            return Problem("replay_draws", seq)
        except Exception:
            return Problem("replay", seq)
        if seq == upto:  # the stored state is the one after this event (a checkpoint)
            matches = game.dump(state) == export.final_state
    return True if matches else Problem("state")


def _verb(event: Mapping[str, Any]) -> Any:
    action = event.get("action")
    return action.get("do") if isinstance(action, dict) else None
