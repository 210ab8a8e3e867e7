#!/usr/bin/env bash
# Installs what the MCP interoperability tests need, into .ci/cache/ (git-ignored):
#   .ci/cache/npm   the reference servers @modelcontextprotocol/server-memory and
#                   @modelcontextprotocol/server-filesystem (node_modules/.bin/mcp-server-*),
#                   and the MCP conformance suite @modelcontextprotocol/conformance
#                   (node_modules/.bin/conformance)
#   .ci/cache/venv  a Python venv with the `mcp` client package
# Idempotent (a second run with everything in place does nothing), bounded in time, reads
# no stdin. Tests find the folder through ARCHIE_MCP_CACHE (default: .ci/cache) and need
# no network themselves.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${ARCHIE_MCP_CACHE:-$PWD/.ci/cache}"
NPM_DIR="$CACHE/npm"
VENV="$CACHE/venv"
# Versions pinned so CI is repeatable; bump deliberately.
# The conformance suite stays at 0.1.13: 0.1.14 and later import fs.globSync, which
# Node 20 (Debian's, and CI's) does not have.
NPM_PACKAGES=(
  "@modelcontextprotocol/server-memory@2026.8.31"
  "@modelcontextprotocol/server-filesystem@2026.8.31"
  "@modelcontextprotocol/conformance@0.1.13"
)
PY_PACKAGE="mcp==2.3.0"
LIMIT="${ARCHIE_MCP_SETUP_TIMEOUT:-600}"

mkdir -p "$NPM_DIR"

if [ -x "$NPM_DIR/node_modules/.bin/mcp-server-memory" ] \
  && [ -x "$NPM_DIR/node_modules/.bin/mcp-server-filesystem" ] \
  && [ -x "$NPM_DIR/node_modules/.bin/conformance" ]; then
  echo "mcp-setup: npm reference servers already in $NPM_DIR"
else
  command -v npm >/dev/null || { echo "mcp-setup: npm is not installed" >&2; exit 1; }
  [ -f "$NPM_DIR/package.json" ] || echo '{"name":"archie-mcp-test-servers","private":true}' > "$NPM_DIR/package.json"
  echo "mcp-setup: installing ${NPM_PACKAGES[*]} into $NPM_DIR"
  timeout "$LIMIT" npm install --prefix "$NPM_DIR" --no-audit --no-fund --loglevel=error \
    "${NPM_PACKAGES[@]}" </dev/null
fi

if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c "import mcp" 2>/dev/null; then
  echo "mcp-setup: python venv with mcp already in $VENV"
else
  command -v python3 >/dev/null || { echo "mcp-setup: python3 is not installed" >&2; exit 1; }
  echo "mcp-setup: creating $VENV with $PY_PACKAGE"
  python3 -m venv "$VENV"
  timeout "$LIMIT" "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "$PY_PACKAGE" </dev/null
fi
echo "mcp-setup: ready ($CACHE)"
