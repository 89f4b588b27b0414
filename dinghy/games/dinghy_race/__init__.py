"""Dinghy Race (Lutz Pietschker, 2011): the primary game.

One topic a module, each findable by a sailor: ``cards`` and ``hazards`` (the data
models), ``course`` (marks, lines, rounding), ``state`` and ``actions``, ``table``
(the fixed shapes and fast collision checks), ``right_of_way``, ``rules`` (the turn),
``game`` (the interface's door), ``data`` (reading the files), ``designer`` and
``sketch`` (the course designer's headless half).
"""
