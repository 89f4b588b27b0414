"""Regatta (Gigamic) at the table and in the replay viewer: its board view
(:mod:`.view`) and replay board (:mod:`.replay_board`), named in
:mod:`dinghy.ui.shell.views` and imported only when first shown."""
