#!/bin/sh
# One-shot setup of the Temporal cluster for Ledgerlift (the `temporal-setup` service in
# docker-compose.yml, image temporalio/admin-tools). Idempotent: safe to run on every start.
#
#   1. waits until the frontend at TEMPORAL_ADDRESS answers SERVING;
#   2. creates TEMPORAL_NAMESPACE (default `default`) with TEMPORAL_NAMESPACE_RETENTION if missing;
#   3. registers every `Name=Type` of LEDGERLIFT_SEARCH_ATTRIBUTES that the namespace lacks, and fails
#      if one exists with another type (workflows/search-attributes.ts is the source of truth);
#   4. waits until the namespace lists all of them, so workers start only when upserts will succeed.
#
# POSIX sh only: the admin-tools image is Alpine (busybox).
set -eu

: "${TEMPORAL_ADDRESS:?TEMPORAL_ADDRESS must name the Temporal frontend, e.g. temporal:7233}"
: "${LEDGERLIFT_SEARCH_ATTRIBUTES:?LEDGERLIFT_SEARCH_ATTRIBUTES must list Name=Type pairs}"
namespace="${TEMPORAL_NAMESPACE:-default}"
retention="${TEMPORAL_NAMESPACE_RETENTION:-720h}"
wait_seconds="${TEMPORAL_SETUP_WAIT_SECONDS:-300}"
temporal_cli="${TEMPORAL_CLI:-temporal}"
export TEMPORAL_ADDRESS

log() { printf 'temporal-setup: %s\n' "$*"; }
die() {
  printf 'temporal-setup: error: %s\n' "$*" >&2
  exit 1
}

# Runs `$@` once a second until it succeeds, or fails after wait_seconds.
wait_until() {
  what="$1"
  shift
  deadline=$(($(date +%s) + wait_seconds))
  tries=0
  until "$@" >/dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      die "gave up after ${wait_seconds}s waiting for ${what}"
    fi
    if [ $((tries % 10)) -eq 0 ]; then log "waiting for ${what}..."; fi
    tries=$((tries + 1))
    sleep 1
  done
}

frontend_serving() { "$temporal_cli" operator cluster health | grep -q SERVING; }
namespace_exists() { "$temporal_cli" operator namespace describe --namespace "$namespace"; }
list_attributes() { "$temporal_cli" operator search-attribute list --namespace "$namespace"; }

# The type the namespace has for attribute $1 (empty when it has none). The list is a table of
# `Name  Type` rows.
attribute_type() {
  list_attributes | awk -v name="$1" '$1 == name { print $2; exit }'
}

all_attributes_listed() {
  listed="$(list_attributes)" || return 1
  for pair in $LEDGERLIFT_SEARCH_ATTRIBUTES; do
    printf '%s\n' "$listed" | awk -v name="${pair%%=*}" '$1 == name { found = 1 } END { exit !found }' ||
      return 1
  done
}

log "Temporal frontend ${TEMPORAL_ADDRESS}, namespace ${namespace}"
wait_until "the Temporal frontend at ${TEMPORAL_ADDRESS}" frontend_serving

if namespace_exists >/dev/null 2>&1; then
  log "namespace ${namespace} exists"
else
  log "creating namespace ${namespace} (retention ${retention})"
  if ! "$temporal_cli" operator namespace create --namespace "$namespace" --retention "$retention" \
    --description "Ledgerlift migrations"; then
    # Another setup run may have created it in the meantime; only a namespace that still does not
    # exist is an error.
    namespace_exists >/dev/null 2>&1 || die "could not create namespace ${namespace}"
  fi
fi
# A new namespace reaches the frontend's cache a few seconds after it is created.
wait_until "namespace ${namespace} to be visible" list_attributes

for pair in $LEDGERLIFT_SEARCH_ATTRIBUTES; do
  name="${pair%%=*}"
  type="${pair#*=}"
  if [ -z "$name" ] || [ -z "$type" ] || [ "$name" = "$pair" ]; then
    die "malformed search attribute '${pair}' (expected Name=Type)"
  fi
  existing="$(attribute_type "$name")"
  if [ -z "$existing" ]; then
    log "registering search attribute ${name} (${type})"
    "$temporal_cli" operator search-attribute create --namespace "$namespace" \
      --name "$name" --type "$type" ||
      die "could not register search attribute ${name} (${type})"
  elif [ "$existing" = "$type" ]; then
    log "search attribute ${name} (${type}) already registered"
  else
    die "search attribute ${name} is registered as ${existing}, but Ledgerlift needs ${type}"
  fi
done

wait_until "the search attributes to be listed" all_attributes_listed
log "done: namespace ${namespace} has ${LEDGERLIFT_SEARCH_ATTRIBUTES}"
