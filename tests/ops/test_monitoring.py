"""The Prometheus alert rules and the Grafana dashboard in ``deploy/`` name only metrics (and
labels) that a live bot's ``/metrics`` has, and the rules pass promtool's own check where
promtool is installed (Debian: ``apt-get install prometheus``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from bot.ops import Ops
from tests.helpers.e2e_table import Table
from tests.ops.test_health import fetch, samples

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
RULES = DEPLOY / "prometheus-alerts.yml"
DASHBOARD = DEPLOY / "grafana-dashboard.json"

PROMETHEUS_OWN = {"up"}
"""Series Prometheus makes itself (not the bot's)."""
FUNCTIONS = {
    "sum", "rate", "max", "min", "count", "by", "histogram_quantile", "or", "vector",
    "topk", "and", "le", "without", "on", "avg", "increase", "irate",
}  # fmt: skip
SELECTOR = re.compile(r"([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?")


def rule_exprs() -> list[str]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return [rule["expr"] for group in groups for rule in group["rules"]]


def dashboard_exprs() -> list[str]:
    panels = json.loads(DASHBOARD.read_text())["panels"]
    return [target["expr"] for panel in panels for target in panel["targets"]]


def selectors(expr: str) -> Iterator[tuple[str, set[str]]]:
    """Every metric an expression selects, with the label names its matchers use (the
    words after ``by (…)``, quoted strings and numbers are no metrics)."""
    text = re.sub(r'"[^"]*"', '""', expr)
    text = re.sub(r"\b(by|without)\s*\([^)]*\)", " ", text)
    text = re.sub(r"\[[^\]]*\]", "", text)  # ranges: [5m]
    for match in SELECTOR.finditer(text):
        name, matchers = match.group(1), match.group(2) or ""
        if name in FUNCTIONS or name in PROMETHEUS_OWN:
            continue
        labels = set(re.findall(r"([a-zA-Z_]\w*)\s*[=!~]", matchers))
        yield name, labels


def exposed(body: str) -> dict[str, set[str]]:
    """Every sample name of a scrape, with the label names it carries."""
    found: dict[str, set[str]] = {}
    for name, labels in samples(body):
        found.setdefault(name, set()).update(key for key, _ in labels)
    return found


def test_the_rules_and_the_dashboard_parse() -> None:
    exprs = rule_exprs()
    assert len(exprs) >= 10
    groups = yaml.safe_load(RULES.read_text())["groups"]
    alerts = [rule["alert"] for group in groups for rule in group["rules"]]
    assert len(alerts) == len(set(alerts))
    for group in groups:
        for rule in group["rules"]:
            assert rule["annotations"]["summary"] and rule["labels"]["severity"], rule
    dashboard = json.loads(DASHBOARD.read_text())
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(ids) == len(set(ids)) and dashboard["uid"] == "croupier"
    assert all(panel["targets"] for panel in dashboard["panels"])


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool is not installed")
def test_promtool_accepts_the_rules() -> None:
    promtool = shutil.which("promtool")
    assert promtool is not None
    checked = subprocess.run(
        [promtool, "check", "rules", str(RULES)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "SUCCESS" in checked.stdout


async def test_every_metric_the_rules_and_the_dashboard_name_is_exposed(
    table: Table, ops: Ops
) -> None:
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)  # answers, REST calls, transactions
    await table.press(table.cem, "begin")  # a refusal
    status, _, body = await fetch(ops, "/metrics")
    assert status == 200
    found = exposed(body)
    used = [(expr, name, labels) for expr in rule_exprs() + dashboard_exprs()
            for name, labels in selectors(expr)]  # fmt: skip
    assert {name for _, name, _ in used} >= {
        "croupier_answer_seconds_bucket",
        "croupier_errors_total",
        "croupier_discord_requests_total",
        "croupier_lease",
        "croupier_event_loop_lag_seconds",
        "croupier_outbox_owed_versions",
        "croupier_ready",
    }  # what the brief's alerts watch
    for expr, name, labels in used:
        assert name in found, f"{name} (in {expr!r}) is not in /metrics"
        assert labels <= found[name] | {"job", "instance"}, f"{name}: {labels - found[name]}"


def test_the_selector_reader_finds_metrics_and_their_labels() -> None:
    """The check above can fail: it reads a misspelt metric and a label it does not have."""
    expr = 'sum by (kind) (rate(croupier_eror_total{kynd="x"}[5m])) > 0.05 or vector(0)'
    assert list(selectors(expr)) == [("croupier_eror_total", {"kynd"})]
