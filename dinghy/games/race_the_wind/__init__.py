"""Race the Wind: the grid race of the 2017 web board (seed 004). See :mod:`.game`."""
