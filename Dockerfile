# Croupier in a container: the README's run command (`croupier`, what `./dev run` runs),
# as an unprivileged numeric user, with a health check on /health.
#   docker build -t croupier .
#   docker run -d --name croupier --env-file .env -v croupier-data:/var/lib/croupier croupier
# The named volume croupier-data holds the SQLite file (croupier.sqlite3, when DATABASE_URL is
# unset): it outlives `docker rm`, so a new container goes on with the same games.
# Several processes on PostgreSQL: compose.yaml. Operations: docs/OPERATIONS.md.
#
# The base image is pinned: its full version and the digest of that image, so a rebuild
# gets the same Python and Debian until this line changes. (The digest is the one several
# public projects pin for this tag; there is no registry to ask here. Before updating it:
# `docker buildx imagetools inspect python:3.11.X-slim-bookworm`, and use its Digest.)
FROM python:3.11.11-slim-bookworm@sha256:081075da77b2b55c23c088251026fb69a7b2bf92471e491ff5fd75c192fd38e5

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
# Numeric, so that Kubernetes' runAsNonRoot can check it without reading /etc/passwd.
RUN groupadd --system --gid 10001 croupier \
    && useradd --system --uid 10001 --gid 10001 --create-home --home-dir /var/lib/croupier \
       --shell /usr/sbin/nologin croupier
USER 10001:10001
WORKDIR /var/lib/croupier
# Its state is data: a volume (a new named volume takes the directory's owner, 10001).
VOLUME /var/lib/croupier

# /health and /metrics, inside the container (HEALTH_HOST=0.0.0.0 to scrape from outside).
ENV HEALTH_PORT=8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ['HEALTH_PORT'], timeout=4)"]

# SIGTERM (docker stop) stops the bot cleanly; exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["croupier"]
CMD ["run"]
