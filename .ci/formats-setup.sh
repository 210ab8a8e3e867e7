#!/usr/bin/env bash
# Installs the real consumers of `archie memory export`'s formats for the tests:
#   Graphviz (`dot`, Debian package graphviz) renders --format dot
#   .ci/cache/formats  @backstage/catalog-model (Backstage's own validators) and yaml, from npm,
#                      which tests/it/consumers/backstage_validate.js uses on --format backstage
# Idempotent, bounded in time, reads no stdin. Tests find the folder through
# ARCHIE_MCP_CACHE (default: .ci/cache), like the MCP servers.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${ARCHIE_MCP_CACHE:-$PWD/.ci/cache}"
DIR="$CACHE/formats"
NPM_PACKAGES=("@backstage/catalog-model@1.10.3" "yaml@2.8.1")
LIMIT="${ARCHIE_MCP_SETUP_TIMEOUT:-600}"

if command -v dot >/dev/null; then
  echo "formats-setup: graphviz already installed ($(dot -V 2>&1))"
else
  command -v apt-get >/dev/null || { echo "formats-setup: no dot and no apt-get to install graphviz" >&2; exit 1; }
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  echo "formats-setup: installing graphviz"
  timeout "$LIMIT" $SUDO apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive timeout "$LIMIT" $SUDO apt-get install -y -qq --no-install-recommends graphviz </dev/null >/dev/null
fi

mkdir -p "$DIR"
if [ -f "$DIR/node_modules/@backstage/catalog-model/package.json" ] && [ -f "$DIR/node_modules/yaml/package.json" ]; then
  echo "formats-setup: Backstage catalog-model already in $DIR"
else
  command -v npm >/dev/null || { echo "formats-setup: npm is not installed" >&2; exit 1; }
  [ -f "$DIR/package.json" ] || echo '{"name":"archie-format-consumers","private":true}' > "$DIR/package.json"
  echo "formats-setup: installing ${NPM_PACKAGES[*]} into $DIR"
  timeout "$LIMIT" npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error "${NPM_PACKAGES[@]}" </dev/null
fi
echo "formats-setup: ready"
