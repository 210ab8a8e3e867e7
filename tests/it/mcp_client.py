"""An MCP client other than archie's (the Python `mcp` package) reading `archie mcp`.

Usage: python mcp_client.py ARCHIE_BINARY MEMORY_FILE [MODE]
MODE is the SDK's `Client(mode=...)`: "auto" (its default: `server/discover`, the newest
revision) or "legacy" (the `initialize` handshake). Prints one JSON object: the
negotiated revision, the tool names, one call's structured result, the knowledge
graph read as the resource memory://knowledge-graph, and whether a subscriber to that
resource heard of a write (`subscriptions/listen` in the default mode,
`resources/subscribe` in legacy mode).
"""
import asyncio
import json
import sys
import warnings

from mcp import StdioServerParameters
from mcp.client.client import Client


GRAPH = "memory://knowledge-graph"
# Long enough for a slow CI machine; only a server that never tells waits this long.
PATIENCE = 60


async def heard_of_a_write(client, mode, updated):
    """Subscribes to the graph, writes through the same client, waits for the news."""
    write = {"entities": [{"name": "Ledger", "entityType": "database", "observations": []}]}
    if mode == "legacy":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            await client.subscribe_resource(GRAPH)
        await client.call_tool("create_entities", write)
        await asyncio.wait_for(updated.wait(), PATIENCE)
        return GRAPH
    async with client.listen(resource_subscriptions=[GRAPH]) as sub:
        await client.call_tool("create_entities", write)

        async def first():
            async for event in sub:
                return getattr(event, "uri", None)

        return await asyncio.wait_for(first(), PATIENCE)


async def main(binary, memory_file, mode):
    params = StdioServerParameters(command=binary, args=["--memory-file", memory_file, "mcp"])
    updated = asyncio.Event()

    async def on_message(message):
        m = getattr(message, "root", message)
        if type(m).__name__ == "ResourceUpdatedNotification" or getattr(m, "method", None) == "notifications/resources/updated":
            updated.set()

    async with Client(params, mode=mode, message_handler=on_message) as client:
        tools = await client.list_tools()
        # Matches the second entity of the file and not the first: an unfiltered list fails.
        result = await client.call_tool("find_entities", {"query": "service"})
        created = await client.call_tool("create_entities", {"entities": [
            {"name": "Payments", "entityType": "service", "observations": ["charges cards"]}]})
        resource = await client.read_resource("memory://knowledge-graph")
        graph = json.loads(resource.contents[0].text)
        heard = await heard_of_a_write(client, mode, updated)
        print(json.dumps({
            "protocol_version": client.protocol_version,
            "tools": [t.name for t in tools.tools],
            "read_only": {t.name: bool(t.annotations and t.annotations.read_only_hint) for t in tools.tools},
            "call": result.structured_content,
            "is_error": result.is_error,
            "created": created.structured_content,
            "graph_entities": [e["name"] for e in graph["entities"]],
            "heard": heard,
        }))


asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "auto"))
