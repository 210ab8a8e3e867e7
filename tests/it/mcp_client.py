"""An MCP client other than archie's (the Python `mcp` package) reading `archie mcp`.

Usage: python mcp_client.py ARCHIE_BINARY MEMORY_FILE
Prints one JSON object: the tool names, one call's structured result, and the
knowledge graph read as the resource memory://knowledge-graph.
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main(binary, memory_file):
    params = StdioServerParameters(command=binary, args=["--memory-file", memory_file, "mcp"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            result = await session.call_tool("find_entities", {"query": "orders"})
            resource = await session.read_resource("memory://knowledge-graph")
            graph = json.loads(resource.contents[0].text)
            print(json.dumps({
                "tools": [t.name for t in tools.tools],
                "read_only": {t.name: bool(t.annotations and t.annotations.read_only_hint) for t in tools.tools},
                "call": result.structured_content,
                "is_error": result.is_error,
                "graph_entities": [e["name"] for e in graph["entities"]],
            }))


asyncio.run(main(sys.argv[1], sys.argv[2]))
