# syntax=docker/dockerfile:1
# The Ledgerlift image: the worker by default, the Partner API sandbox with another command (see
# docker-compose.yml and docs/deploy.md). Plain node on the code `npm run build` compiled, with the
# workflow bundle built once here; no tsx, no development packages. Credentials are never part of
# the image: they live in a volume mounted at runtime.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    LEDGERLIFT_RUNS_DIR=/var/lib/ledgerlift/runs \
    LEDGERLIFT_CREDENTIALS=/var/lib/ledgerlift/credentials/credentials.json

WORKDIR /app

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY samples ./samples

# Volumes mounted here start with this ownership and mode; the credential directory is owner-only,
# as the credential store requires of its file.
RUN mkdir -p /var/lib/ledgerlift/runs /var/lib/ledgerlift/credentials /var/lib/ledgerlift/sandbox \
    && chown -R node:node /var/lib/ledgerlift \
    && chmod 700 /var/lib/ledgerlift/credentials

USER node

# The sandbox listens on 4010 when started with `dist/sandbox/main.js --host 0.0.0.0 --port 4010`.
EXPOSE 4010

# `npm run worker` (with its heap cap, src/worker/worker-command.ts) without npm and sh in between: npm's `sh -c` does not pass SIGTERM on, so on
# `docker stop` npm and the shell would exit at once and the worker be killed, not drained.
CMD ["node", "--max-old-space-size=256", "dist/src/worker/main.js"]
