"""Regatta (3M, 1968) on the shared grid board: the basic game ("regatta") and the
advanced game with headings and NAYRU right of way ("regatta_advanced").

One topic a module, each named as a sailor would look for it:

* ``equipment``       the die's faces, the Wind Indicator, puff cards: data
* ``state``, ``actions``  the frozen state and the actions with their text
* ``die_and_rounds``  the die (order of play, legs a round, wind shifts, the hand-over)
* ``speeds``          the Wind Indicator: spaces a leg by point of sail
* ``moves``           legs and the general instructions 1-5
* ``sails``           puff cards, the spinnaker and blanketing
* ``start_finish``    the starting rounds, jumping the gun, rounding marks, finishing
* ``headings``        (advanced) heeled yachts, headings and heading moves
* ``right_of_way``    (advanced) the NAYRU rules and keeping clear
* ``penalties``       (advanced) Option A (disqualification) and Option B
* ``turn``            the dispatcher: legal actions, why not, apply
* ``game``            the game interface and the grid picture; ``data`` reads the files
"""
