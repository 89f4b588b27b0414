"""What every game's table shares: set-up, seats bar, log, curtain, undo, save and
autosave, results and replay. It works through the Race facade and the game interface
alone; a per-game view (:mod:`dinghy.ui.shell.views`) draws the board and the turn panel.
"""
