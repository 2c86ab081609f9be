#!/usr/bin/env bash
# Validates docker-compose.yml and deploy/worker-machine.compose.yml offline with whichever Docker
# Compose CLI is here (no engine needed), and fails clearly when there is none. docs/deploy.md,
# "Validating the compose files".
#
#   scripts/validate-compose.sh            # LEDGERLIFT_COMPOSE="docker compose" to force a CLI
#
# Order: $LEDGERLIFT_COMPOSE, `docker compose` (plugin), .tools/bin/docker-compose (built by
# deploy/tools/install-compose-cli.sh), `docker-compose` on PATH (v2, or Debian's v1).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  printf 'validate-compose: FAIL: %s\n' "$*" >&2
  exit 1
}
note() { printf 'validate-compose: %s\n' "$*"; }

compose=()
if [ -n "${LEDGERLIFT_COMPOSE:-}" ]; then
  read -r -a compose <<<"$LEDGERLIFT_COMPOSE"
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif [ -x .tools/bin/docker-compose ]; then
  compose=(.tools/bin/docker-compose)
elif command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
else
  fail "no Docker Compose CLI found (tried \`docker compose\`, .tools/bin/docker-compose, docker-compose).
  Install one, then run this again:
    bash deploy/tools/install-compose-cli.sh --plugin   # Compose v2, built with Go from the module proxy
    apt-get install -y docker-compose                   # or Debian's Compose v1 (1.29.2)"
fi
version="$("${compose[@]}" version --short 2>/dev/null || true)"
[ -n "$version" ] || fail "\`${compose[*]} version --short\` printed nothing: is it a Compose CLI?"
note "using \`${compose[*]}\` (Compose ${version})"

# Placeholders for the values an operator must set, so the files resolve here. Values already in the
# environment win; a .env file at the repository root is read by Compose as usual.
placeholder='compose-validation-placeholder'
export POSTGRES_PASSWORD="${POSTGRES_PASSWORD:-$placeholder}"
export TEMPORAL_DB_PASSWORD="${TEMPORAL_DB_PASSWORD:-$placeholder}"
export LEDGERLIFT_RUN_STORE_PASSWORD="${LEDGERLIFT_RUN_STORE_PASSWORD:-$placeholder}"

main=(-f docker-compose.yml)
# An empty env file, so a .env beside a compose file is not read where a check needs that
# (/dev/null is refused by Compose v1).
empty_env="$(mktemp)"
trap 'rm -f "$empty_env"' EXIT
expected_services='postgresql sandbox temporal temporal-setup temporal-ui worker'

# 1. The team stack, with and without the sandbox profile.
"${compose[@]}" "${main[@]}" --profile sandbox config --quiet ||
  fail "docker-compose.yml (profile sandbox) does not validate"
"${compose[@]}" "${main[@]}" config --quiet ||
  fail "docker-compose.yml (no profile) does not validate"
services="$("${compose[@]}" "${main[@]}" --profile sandbox config --services | sort | tr '\n' ' ')"
[ "${services% }" = "$expected_services" ] ||
  fail "docker-compose.yml services are '${services% }', expected '${expected_services}'"
note "docker-compose.yml: valid; services: ${services% }"

# 2. The passwords are required: without them Compose must refuse the file.
if refused="$(env -u POSTGRES_PASSWORD "${compose[@]}" --env-file "$empty_env" "${main[@]}" \
  config --quiet 2>&1)"; then
  fail "docker-compose.yml resolved without POSTGRES_PASSWORD: the password must be required"
fi
case "$refused" in
  *POSTGRES_PASSWORD*) ;;
  *) fail "docker-compose.yml failed without POSTGRES_PASSWORD, but not because of it: ${refused}" ;;
esac
note "docker-compose.yml: refuses to resolve without POSTGRES_PASSWORD, as it should"

# 3. Workers on another machine.
worker_env=(
  TEMPORAL_ADDRESS=temporal.example.internal:7233
  "LEDGERLIFT_RUN_STORE_URL=postgres://ledgerlift:${placeholder}@db.example.internal:5432/ledgerlift"
  LEDGERLIFT_RUNS_HOST_DIR=/srv/ledgerlift/runs
  LEDGERLIFT_CREDENTIALS_DIR=/srv/ledgerlift/credentials
  LEDGERLIFT_SOURCES_DIR=/srv/ledgerlift/sources
)
env "${worker_env[@]}" "${compose[@]}" --env-file "$empty_env" -f deploy/worker-machine.compose.yml \
  config --quiet || fail "deploy/worker-machine.compose.yml does not validate"
note "deploy/worker-machine.compose.yml: valid"

note "OK"
