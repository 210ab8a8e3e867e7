#!/bin/sh
# archie search as the client of an MCP conformance scenario: the suite
# (@modelcontextprotocol/conformance, installed by .ci/mcp-setup.sh) runs
#   sh tests/it/conformance_client.sh SERVER_URL
# with MCP_CONFORMANCE_SCENARIO set. The server is configured as `conf`; archie (the
# binary in $ARCHIE) plans with the LLM in its environment (the test's mock), and the
# server's questions with empty answers (each field takes its default), and running a
# tool that may change things is agreed to (--yes).
set -eu
url="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '{"mcpServers": {"conf": {"type": "http", "url": "%s"}}}\n' "$url" > "$dir/mcp.json"
"$ARCHIE" --yes --answer "" --answer "" --answer "" --answer "" --answer "" --answer "" \
  search --mcp-config "$dir/mcp.json" "conformance scenario ${MCP_CONFORMANCE_SCENARIO:-}"
