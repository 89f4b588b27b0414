"""Dinghy Race at the table: the chart of the course, the ghosts on the water, the turn
panel of each step, the compass; the shell asks :class:`~dinghy.ui.dinghy_race.view.DinghyRaceView`.
"""
