"""Regatta (Gigamic) at the table and in the replay viewer: its board view and replay
board, registered by rules name (the modules are imported only when first shown)."""
from __future__ import annotations

from dinghy.ui.shell.views import register_view

register_view("regatta_gigamic", "dinghy.ui.regatta_gigamic.view:GigamicView",
              replay="dinghy.ui.regatta_gigamic.replay_board:GigamicReplay")
