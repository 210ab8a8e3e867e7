#!/usr/bin/env bash
# Installs the real consumers of `archie memory export`'s formats for the tests:
#   Graphviz (`dot`, Debian package graphviz) renders --format dot
#   Chromium (Debian package chromium) shows `archie memory view`'s page, driven by
#                      playwright-core (npm; it uses /usr/bin/chromium, downloads no browser)
#   .ci/cache/formats  @backstage/catalog-model (Backstage's own validators) and yaml, from npm,
#                      which tests/it/consumers/backstage_validate.js uses on --format backstage,
#                      and mermaid (11, its own parser and renderer), which
#                      tests/it/consumers/mermaid_check.js runs in Chromium on every Mermaid output
# Idempotent, bounded in time, reads no stdin. Tests find the folder through
# ARCHIE_MCP_CACHE (default: .ci/cache), like the MCP servers.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${ARCHIE_MCP_CACHE:-$PWD/.ci/cache}"
DIR="$CACHE/formats"
NPM_PACKAGES=("@backstage/catalog-model@1.10.3" "yaml@2.8.1" "playwright-core@1.65.1" "mermaid@11.12.2")
LIMIT="${ARCHIE_MCP_SETUP_TIMEOUT:-600}"

MISSING=()
command -v dot >/dev/null || MISSING+=(graphviz)
command -v chromium >/dev/null || MISSING+=(chromium)
if [ ${#MISSING[@]} -eq 0 ]; then
  echo "formats-setup: graphviz and chromium already installed"
else
  command -v apt-get >/dev/null || { echo "formats-setup: ${MISSING[*]} missing and no apt-get to install them" >&2; exit 1; }
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  echo "formats-setup: installing ${MISSING[*]}"
  timeout "$LIMIT" $SUDO apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive timeout "$LIMIT" $SUDO apt-get install -y -qq --no-install-recommends "${MISSING[@]}" </dev/null >/dev/null
fi

mkdir -p "$DIR"
if [ -f "$DIR/node_modules/@backstage/catalog-model/package.json" ] && [ -f "$DIR/node_modules/yaml/package.json" ] \
  && [ -f "$DIR/node_modules/playwright-core/package.json" ] && [ -f "$DIR/node_modules/mermaid/package.json" ]; then
  echo "formats-setup: Backstage catalog-model, playwright-core and mermaid already in $DIR"
else
  command -v npm >/dev/null || { echo "formats-setup: npm is not installed" >&2; exit 1; }
  [ -f "$DIR/package.json" ] || echo '{"name":"archie-format-consumers","private":true}' > "$DIR/package.json"
  echo "formats-setup: installing ${NPM_PACKAGES[*]} into $DIR"
  timeout "$LIMIT" npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error "${NPM_PACKAGES[@]}" </dev/null
fi
echo "formats-setup: ready"
