"""dinghy: race sailing dinghies on a virtual table.

The rules engine (everything outside ``dinghy.ui``) is pure Python over immutable state,
with shapely geometry; it never reads files (see ``dinghy.core.io``) and never imports pyglet.
"""

__version__ = "0.1.0"
