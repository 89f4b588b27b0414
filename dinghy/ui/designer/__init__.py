"""The course designer (``dinghy design [FILE]``), a module a topic:

- :mod:`.window`: :class:`~.window.DesignerScene` (the course, undo and redo, the
  widgets it builds, refresh, shortcuts) and :func:`~.window.run_designer`;
- :mod:`.panels`: the layout (top bar, tool column, chart viewport, side panel) and
  the findings list;
- :mod:`.selection`: what is selected, its words and buttons, and their edits;
- :mod:`.tools`: the tools and the pointer: hit-testing, taps and drags on the chart;
- :mod:`.files`: new course, save, rename, exports and Test sail;
- :mod:`.dialogs` and :mod:`.pieces`: its dialogs and small widgets;
- :mod:`.chart`: the chart the course is drawn on, with its drag handles.

The grid board designer is :mod:`dinghy.ui.grid.designer`.
"""
