"""An MCP client other than archie's (the Python `mcp` package) reading `archie mcp`.

Usage: python mcp_client.py ARCHIE_BINARY MEMORY_FILE [MODE]
MODE is the SDK's `Client(mode=...)`: "auto" (its default: `server/discover`, the newest
revision) or "legacy" (the `initialize` handshake). Prints one JSON object: the
negotiated revision, the tool names, one call's structured result, and the knowledge
graph read as the resource memory://knowledge-graph.
"""
import asyncio
import json
import sys

from mcp import StdioServerParameters
from mcp.client.client import Client


async def main(binary, memory_file, mode):
    params = StdioServerParameters(command=binary, args=["--memory-file", memory_file, "mcp"])
    async with Client(params, mode=mode) as client:
        tools = await client.list_tools()
        result = await client.call_tool("find_entities", {"query": "orders"})
        created = await client.call_tool("create_entities", {"entities": [
            {"name": "Payments", "entityType": "service", "observations": ["charges cards"]}]})
        resource = await client.read_resource("memory://knowledge-graph")
        graph = json.loads(resource.contents[0].text)
        print(json.dumps({
            "protocol_version": client.protocol_version,
            "tools": [t.name for t in tools.tools],
            "read_only": {t.name: bool(t.annotations and t.annotations.read_only_hint) for t in tools.tools},
            "call": result.structured_content,
            "is_error": result.is_error,
            "created": created.structured_content,
            "graph_entities": [e["name"] for e in graph["entities"]],
        }))


asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "auto"))
