"""The grid board view: every grid game (Race the Wind, Regatta 3M, Yacht Race, ...) at
the table, drawn from the game's :class:`~dinghy.games.grid.picture.GridPicture` and
played by tapping squares (:mod:`dinghy.ui.grid.view`); the shell's registry finds it
for a game through :func:`dinghy.ui.shell.views.is_grid_game`.
"""
