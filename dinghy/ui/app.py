"""The one window of the game and its stack of scenes.

pyglet decides between a real and a headless (EGL, no screen) window at the moment
``pyglet.window`` is first imported, and importing *any* pyglet drawing module
(graphics, shapes, text, image, gl) imports ``pyglet.window``. So this module imports
only the bare ``pyglet`` package at the top, and :func:`configure` sets the options
before anything draws. ``App(headless=True)`` calls it for you; code that imports
``dinghy.ui.widgets`` (or another drawing module) first gets :func:`configure` with
the environment's choice: headless when ``DINGHY_HEADLESS=1`` or when Linux has no
display at all.

Scenes are plain objects. The App forwards each window event to the top scene's
method of the same name when it has one (``on_draw``, ``on_resize``,
``on_mouse_press``, ``on_mouse_release``, ``on_mouse_motion``, ``on_mouse_drag``,
``on_mouse_scroll``, ``on_key_press``, ``on_key_release``, ``on_text``,
``on_text_motion``), calls ``update(dt)`` every frame, ``on_enter(app)`` when the
scene is pushed and ``on_exit()`` when it leaves the stack. A scene whose ``opaque``
attribute is False lets the scenes below it show through (they are drawn first, but
only the top scene receives input).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable

import pyglet

from dinghy.ui import theme

#: How pyglet treats HiDPI screens. "scaled" makes the window size, the framebuffer
#: and the mouse coordinates all count real pixels on every platform (the default
#: "platform" leaves macOS with mouse points != framebuffer pixels). The UI then
#: multiplies its logical sizes by ``window.scale`` itself (see ``App.scale``), so
#: text stays sharp instead of being stretched.
DPI_SCALING = "scaled"

SCENE_EVENTS = (
    "on_mouse_press", "on_mouse_release", "on_mouse_motion", "on_mouse_drag",
    "on_mouse_scroll", "on_key_release", "on_text", "on_text_motion",
)

_configured: bool | None = None   # the headless choice made, once pyglet.window exists

#: GdkPixbuf, the image codec pyglet's image module loads first on Linux (through ctypes,
#: about 12-25 ms): the table draws no image file, and Pillow's codec (which pyglet
#: loads too) reads and writes the PNG screenshots.
_UNUSED_CODECS = ("pyglet.image.codecs.gdkpixbuf2",)


def _skip_image_codecs() -> None:
    if "pyglet.image" not in sys.modules:
        for name in _UNUSED_CODECS:
            sys.modules.setdefault(name, None)   # pyglet's loader takes None as "not here"


def _ldconfig_names() -> dict[str, str]:
    """Every shared library ``ldconfig -p`` lists for this machine's kind, by short name
    ("GL" -> "libGL.so.1"): the first of each, as :func:`ctypes.util.find_library`
    takes it. Empty where there is no ldconfig."""
    import ctypes
    import re
    import subprocess

    kinds = {"x86_64-64": "libc6,x86-64", "ppc64-64": "libc6,64bit", "sparc64-64": "libc6,64bit",
             "s390x-64": "libc6,64bit", "ia64-64": "libc6,IA-64"}
    kind = kinds.get(f"{os.uname().machine}-{8 * ctypes.sizeof(ctypes.c_void_p)}", "libc6")
    try:
        out = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, timeout=10,
                             env={"LC_ALL": "C", "LANG": "C"}).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    names: dict[str, str] = {}
    for m in re.finditer(r"\s+lib([^\s]+?)\.so([^\s]*)\s+\(" + re.escape(kind), out):
        names.setdefault(m.group(1), f"lib{m.group(1)}.so{m.group(2)}")
    return names


def _one_library_search() -> None:
    """pyglet finds each C library it loads (GL, EGL, FreeType, HarfBuzz, Fontconfig)
    through ctypes, which runs ``ldconfig -p`` once a library (about 10 ms each, six
    times before the first frame): run it once and answer from that list, asking
    pyglet's own search only for a library the list lacks."""
    if not sys.platform.startswith("linux"):
        return
    import pyglet.lib

    loader = pyglet.lib.loader
    if getattr(loader, "dinghy_names", None) is not None or not hasattr(loader, "find_library"):
        return
    search = loader.find_library
    loader.dinghy_names = {}
    listed: list[dict[str, str]] = []

    def find_library(name: str) -> str | None:
        if not listed:
            listed.append(_ldconfig_names())
        return listed[0].get(name) or search(name)

    loader.find_library = find_library


def _headless_from_environment() -> bool:
    flag = os.environ.get("DINGHY_HEADLESS", "").strip().lower()
    if flag in ("1", "true", "yes"):
        return True
    if flag in ("0", "false", "no"):
        return False
    return sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def configure(headless: bool | None = None) -> bool:
    """Set pyglet's options before its window module loads; return the headless choice.

    ``headless=None`` takes the environment's choice (see the module docstring).
    Asking for a different choice after ``pyglet.window`` was imported raises
    ``RuntimeError``: pyglet cannot switch then.
    """
    global _configured
    _skip_image_codecs()
    _one_library_search()
    loaded = "pyglet.window" in sys.modules
    if headless is None and not loaded:
        headless = _configured if _configured is not None else _headless_from_environment()
    if loaded:
        actual = sys.modules["pyglet.window"].Window.__name__ == "HeadlessWindow"
        if headless is not None and actual != headless:
            raise RuntimeError(
                f"pyglet was already loaded {'with' if actual else 'without'} a screen-less "
                f"window; call dinghy.ui.app.configure(headless={headless}) before importing "
                "any pyglet drawing module")
        pyglet.options["dpi_scaling"] = DPI_SCALING   # read when a window is made
        _configured = actual
        return actual
    pyglet.options["headless"] = headless
    pyglet.options["dpi_scaling"] = DPI_SCALING
    # glGetError after every GL call costs a lot with software GL; opt back in to debug.
    pyglet.options["debug_gl"] = os.environ.get("DINGHY_DEBUG_GL") == "1"
    _configured = headless
    return headless


#: The window ``dinghy play`` opens at most, and the room left on the screen for the
#: window's title bar and a task bar.
PREFERRED_WINDOW = (1280, 800)
SCREEN_MARGIN = (0, 80)
#: A screen that cannot hold a window of this size gets the window full screen.
SMALLEST_WINDOW = (1024, 600)


def fit_window(screen: tuple[int, int] | None,
               preferred: tuple[int, int] = PREFERRED_WINDOW) -> tuple[int, int, bool]:
    """(width, height, full screen) for a screen of ``screen`` pixels (None: unknown,
    as without a screen): the largest window up to ``preferred`` that fits, or full
    screen where the screen is smaller than :data:`SMALLEST_WINDOW` would need."""
    if screen is None:
        return preferred[0], preferred[1], False
    sw, sh = screen[0] - SCREEN_MARGIN[0], screen[1] - SCREEN_MARGIN[1]
    w, h = min(preferred[0], sw), min(preferred[1], sh)
    if w < SMALLEST_WINDOW[0] or h < SMALLEST_WINDOW[1]:
        return max(1, screen[0]), max(1, screen[1]), True
    return w, h, False


def screen_size() -> tuple[int, int] | None:
    """The default screen's size in pixels, or None without one (headless, no display)."""
    try:
        import pyglet.display

        screen = pyglet.display.get_display().get_default_screen()
        return int(screen.width), int(screen.height)
    except Exception:           # no display, a headless EGL device, an odd platform
        return None


def _call(scene: Any, name: str, *args: Any) -> Any:
    handler = getattr(scene, name, None)
    return handler(*args) if handler is not None else None


class Scene:
    """Optional base class: every hook exists and does nothing.

    Scenes need not inherit from it; the App only looks methods up by name.
    """

    opaque = True
    app: "App | None" = None

    def on_enter(self, app: "App") -> None:
        self.app = app

    def on_exit(self) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def on_draw(self) -> None:
        pass

    def on_resize(self, width: int, height: int) -> None:
        pass


class App:
    """One pyglet window, a stack of scenes, and a clock.

    ``App(headless=True)`` renders to an off-screen buffer: drive it with
    :meth:`step` and look at it with :meth:`screenshot`.
    """

    def __init__(self, headless: bool = False, width: int = 1280, height: int = 800,
                 fullscreen: bool = False, caption: str = "dinghy",
                 vsync: bool | None = None) -> None:
        self.headless = configure(headless)
        import pyglet.window  # noqa: F401  (only now: the options are set)

        self._stack: list[Any] = []
        self.window = pyglet.window.Window(
            width=width, height=height, caption=caption, resizable=True,
            vsync=(not self.headless) if vsync is None else vsync)
        s = self.scale
        self.window.set_minimum_size(int(theme.MIN_WINDOW[0] * s), int(theme.MIN_WINDOW[1] * s))
        self._fullscreen = False
        self._closed = False
        # pyglet holds bound-method handlers weakly: whoever owns the App keeps it alive
        # (run_app does); the forwarding closures are plain functions, held strongly.
        self.window.push_handlers(
            on_draw=self.on_draw, on_resize=self.on_resize, on_key_press=self.on_key_press,
            on_close=self.on_close,
            **{name: self._forwarder(name) for name in SCENE_EVENTS})
        # Creating the window queued its first resize (viewport + projection): apply it now.
        self.window.dispatch_events()
        if fullscreen:
            self.toggle_fullscreen()

    # --- the scene stack ------------------------------------------------------------
    @property
    def scene(self) -> Any | None:
        """The scene on top (the one receiving input), or None."""
        return self._stack[-1] if self._stack else None

    @property
    def scenes(self) -> tuple[Any, ...]:
        return tuple(self._stack)

    def push(self, scene: Any) -> Any:
        self._stack.append(scene)
        _call(scene, "on_enter", self)
        _call(scene, "on_resize", *self.size)
        return scene

    def pop(self) -> Any | None:
        if not self._stack:
            return None
        scene = self._stack.pop()
        _call(scene, "on_exit")
        if self._stack:   # the window may have changed size under it
            _call(self._stack[-1], "on_resize", *self.size)
        return scene

    def replace(self, scene: Any) -> Any:
        if self._stack:
            _call(self._stack.pop(), "on_exit")
        return self.push(scene)

    # --- window facts -----------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    @property
    def scale(self) -> float:
        """Pixels per logical pixel (1.0 on a normal screen, 2.0 on a 2x HiDPI one)."""
        return max(1.0, float(self.window.scale))

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    def toggle_fullscreen(self) -> None:
        """F11. A headless window has no screen to fill: only the flag changes."""
        self._fullscreen = not self._fullscreen
        if not self.headless:
            self.window.set_fullscreen(self._fullscreen)

    # --- window events ----------------------------------------------------------------
    def _forwarder(self, name: str) -> Callable[..., bool]:
        def forward(*args: Any) -> bool:
            if self._stack:
                _call(self._stack[-1], name, *args)
            return True
        forward.__name__ = name
        return forward

    def on_resize(self, width: int, height: int) -> bool:
        for scene in self._stack:
            _call(scene, "on_resize", width, height)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """F11 toggles full screen, Ctrl+Q quits; the rest goes to the top scene.

        Escape never closes the window (pyglet's default): in a race it means "close
        this overlay", and the scenes decide that.
        """
        from pyglet.window import key

        if symbol == key.F11:
            self.toggle_fullscreen()
        elif symbol == key.Q and modifiers & key.MOD_ACCEL:
            self.close()
        elif self._stack:
            _call(self._stack[-1], "on_key_press", symbol, modifiers)
        return True

    def on_close(self) -> bool:
        self.close()
        return True

    def _visible_scenes(self) -> list[Any]:
        start = 0
        for i in range(len(self._stack) - 1, -1, -1):
            if getattr(self._stack[i], "opaque", True):
                start = i
                break
        return self._stack[start:]

    def on_draw(self) -> bool:
        r, g, b = theme.WATER_DEEP
        pyglet.gl.glClearColor(r / 255, g / 255, b / 255, 1.0)
        self.window.clear()
        for scene in self._visible_scenes():
            _call(scene, "on_draw")
        return True

    def update(self, dt: float) -> None:
        for scene in self._visible_scenes():
            _call(scene, "update", dt)

    # --- running ----------------------------------------------------------------------
    def step(self, dt: float = 1 / 60) -> None:
        """One frame without the event loop: queued events, update, draw, flip."""
        if self._closed:
            return
        self.window.switch_to()
        self.window.dispatch_events()
        if self._closed:
            return
        self.update(dt)
        self.on_draw()
        self.window.flip()

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        """Draw a fresh frame and save the colour buffer as a PNG (no Pillow needed)."""
        import pyglet.image

        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        self.window.switch_to()
        self.window.dispatch_events()
        self.on_draw()
        pyglet.image.get_buffer_manager().get_color_buffer().save(str(p))
        self.window.flip()
        return p

    def run(self) -> None:
        """Hand control to pyglet's event loop until the window closes."""
        import pyglet.app
        import pyglet.clock

        pyglet.clock.schedule_interval(self._tick, 1 / 60)
        try:
            pyglet.app.run(1 / 60)
        finally:
            pyglet.clock.unschedule(self._tick)

    def _tick(self, dt: float) -> None:
        self.update(dt)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        while self._stack:
            _call(self._stack.pop(), "on_exit")
        self.window.close()
        try:
            import pyglet.app
            if pyglet.app.event_loop.is_running:
                pyglet.app.exit()
        except Exception:  # pragma: no cover - best effort on shutdown
            pass

    @property
    def closed(self) -> bool:
        return self._closed


def start(headless: bool = False, **kwargs: Any) -> App:
    """Configure pyglet for ``headless`` and open the window (nothing runs yet)."""
    configure(headless)
    return App(headless=headless, **kwargs)
