"""xuanheng.mcp — every registered method over the Model Context Protocol (``xuanheng mcp``; docs/mcp.md).

:mod:`xuanheng.mcp.tools` makes the tools from :func:`xuanheng.methods.registry` (and the journal, when one
is given) without the SDK; :mod:`xuanheng.mcp.schema` makes their input schemas from each method's
``Params``; :mod:`xuanheng.mcp.server` serves them with the official ``mcp`` SDK (the ``mcp`` extra).
"""

from xuanheng.mcp.tools import ToolSet, ToolSpec

__all__ = ["ToolSet", "ToolSpec"]
