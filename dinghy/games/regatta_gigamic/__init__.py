"""Regatta (Gigamic, 2010): boats moved by curved-arrow cards from a shared deck, on
the free table with the same shapely geometry as Dinghy Race.

One module a topic: ``deck`` (the card faces and their arrows), ``course`` (buoys,
lines and obstacles), ``state`` and ``actions``, ``hand`` (dealing, drawing,
reshuffling), ``moving`` (laying a card and lifting the boat along an arrow),
``collisions`` (touching and the forbidden zones), ``progress`` (the start, the buoys,
the finish), ``symbols`` (barre, nuage, soleil), ``panne`` (changing cards or turning
in place), ``turn`` (the dispatcher), ``game`` and ``data`` (the files).
"""
