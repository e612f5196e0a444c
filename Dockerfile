# Croupier in a container: the README's run command (`croupier`, what `./dev run` runs),
# as an unprivileged user, with a health check on /health.
#   docker build -t croupier .
#   docker run --env-file .env croupier
# Several processes on PostgreSQL: compose.yaml.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY loopback ./loopback
COPY bench ./bench
COPY sandbox ./sandbox
RUN pip install . && rm -rf /src

# The bot's user owns only its state directory (the SQLite file, when DATABASE_URL is unset).
RUN useradd --system --create-home --home-dir /var/lib/croupier --shell /usr/sbin/nologin croupier
USER croupier
WORKDIR /var/lib/croupier

# /health and /metrics, inside the container (HEALTH_HOST=0.0.0.0 to scrape from outside).
ENV HEALTH_PORT=8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ['HEALTH_PORT'], timeout=4)"]

# SIGTERM (docker stop) stops the bot cleanly; exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["croupier"]
CMD ["run"]
