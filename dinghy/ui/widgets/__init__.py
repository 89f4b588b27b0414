"""Touch-friendly widgets drawn through one Batch, a module a topic:

- :mod:`.gui`: the :class:`~.gui.Gui` (drawing order, hit-testing, focus, modals,
  tooltip) and the :class:`~.gui.Widget` base, layer numbers and placing helpers;
- :mod:`.buttons`: Button, Toggle, PillToggle, CycleButton;
- :mod:`.selectors`: ChoiceSelector;
- :mod:`.text`: Text and the one-line TextField;
- :mod:`.panels`: Panel and the WaterBackground;
- :mod:`.dialogs`: the modal Dialog, hot-seat Curtain and HelpOverlay;
- :mod:`.spares`: deleted widgets' labels kept aside for the Gui to take back.

Import from the module itself (``from dinghy.ui.widgets.buttons import Button``); each
configures pyglet before pyglet's window module loads.
"""
