#!/usr/bin/env bash
# Builds the Docker Compose v2 CLI from its Go module and installs it as .tools/bin/docker-compose,
# for machines with a Docker client but no Compose plugin (and no engine: `config` needs none).
# With --plugin it is also linked as ~/.docker/cli-plugins/docker-compose, so `docker compose` works.
#
# `go install github.com/docker/compose/v2/cmd@v2.40.3` is refused ("The go.mod file for the module
# providing named packages contains one or more exclude directives"), so this downloads the module
# through the Go module proxy and builds it as the main module, the way its Makefile does. The first
# build takes about three minutes on two cores. Needs Go >= 1.24.
set -euo pipefail

version="${COMPOSE_VERSION:-v2.40.3}"
module="github.com/docker/compose/v2"
root="$(cd "$(dirname "$0")/../.." && pwd)"
target="${root}/.tools/bin/docker-compose"
link_plugin=false
for arg in "$@"; do
  case "$arg" in
    --plugin) link_plugin=true ;;
    *)
      echo "usage: $0 [--plugin]" >&2
      exit 2
      ;;
  esac
done

command -v go >/dev/null 2>&1 || {
  echo "install-compose-cli: Go is not installed; install Go >= 1.24, or Debian's docker-compose (v1)" >&2
  exit 1
}

if [ -x "$target" ] && "$target" version --short 2>/dev/null | grep -qx "${version#v}"; then
  echo "install-compose-cli: ${target} is already Compose ${version}"
else
  work="$(mktemp -d)"
  trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
  echo "install-compose-cli: downloading ${module}@${version}"
  src="$(cd "$work" && go mod download -json "${module}@${version}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  if [ -z "$src" ] || [ ! -d "$src" ]; then
    echo "install-compose-cli: go mod download did not return the module folder" >&2
    exit 1
  fi
  cp -R "$src" "$work/compose"
  chmod -R u+w "$work/compose"
  echo "install-compose-cli: building (a few minutes the first time)"
  mkdir -p "$(dirname "$target")"
  (cd "$work/compose" && go build -trimpath \
    -ldflags "-s -w -X ${module}/internal.Version=${version}" -o "$target" ./cmd)
fi
"$target" version

if [ "$link_plugin" = true ]; then
  plugins="${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins"
  mkdir -p "$plugins"
  ln -sf "$target" "$plugins/docker-compose"
  echo "install-compose-cli: linked ${plugins}/docker-compose; try: docker compose version"
fi
