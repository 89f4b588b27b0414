"""Regatta (Gigamic) at the table: its board view, registered by rules name (the view
module is imported only when a table of this game is first shown)."""
from __future__ import annotations

from dinghy.ui.shell.views import register_view

register_view("regatta_gigamic", "dinghy.ui.regatta_gigamic.view:GigamicView")
