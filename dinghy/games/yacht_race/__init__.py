"""Yacht Race (Parker Brothers, 1961) on the shared grid board.

One module a topic: ``sailing`` (the seven courses and their speeds), ``moves`` (a move
and whether it can be completed, spinnakers), ``wind_cards``, ``blanketing``,
``start_finish`` (the red blocks, rounding the marks via ``rounding``), ``turns`` (the
numbered blocks, clockwise play, lost and blanketed turns), ``luck`` and ``luck_effects``
(the Sailors' Luck pack), ``rules`` (the dispatcher), ``game`` (the interface), ``view``
(the grid board view's picture and taps), ``chart`` (the board as the rules read it) and
``data`` (the files).
"""
