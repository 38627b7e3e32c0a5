"""``lgm mcp``: the KB as a Model Context Protocol server over stdio (official ``mcp`` SDK)."""
