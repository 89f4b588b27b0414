"""Colours, fonts and sizes of the table's user interface (plain data, no pyglet).

Sizes are in *logical pixels*: a widget multiplies them by the window's pixel ratio
(``Gui.px``), so a 48-unit touch target is 48 px on a normal screen and 96 px on a
2x HiDPI one. The layout is designed for a logical window of at least 800 x 600.
"""
from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --- palette: deep water, sand-coloured cards, navy ink, a buoy-amber call to action ---
WATER: RGB = (17, 55, 88)
WATER_DEEP: RGB = (11, 38, 64)
WAVE: RGB = (33, 78, 117)
FOAM: RGB = (205, 225, 238)
CREAM: RGB = (250, 246, 236)
CREAM_DARK: RGB = (236, 228, 210)
SAND_LINE: RGB = (214, 201, 174)
INK: RGB = (22, 38, 58)
INK_SOFT: RGB = (92, 106, 122)
ON_WATER: RGB = (240, 245, 250)
ON_WATER_SOFT: RGB = (160, 190, 212)

PRIMARY: RGB = (243, 178, 62)
PRIMARY_HOVER: RGB = (250, 196, 96)
PRIMARY_DOWN: RGB = (214, 150, 40)
SECONDARY: RGB = (228, 236, 242)
SECONDARY_HOVER: RGB = (242, 247, 250)
SECONDARY_DOWN: RGB = (200, 214, 226)
DISABLED: RGB = (204, 206, 206)
DISABLED_INK: RGB = (132, 136, 140)
FOCUS: RGB = (0, 114, 178)
TOGGLE_ON: RGB = (0, 140, 110)
TOGGLE_OFF: RGB = (176, 182, 190)
SHADOW: RGBA = (5, 20, 36, 90)
DIM: RGBA = (6, 22, 38, 170)
TOOLTIP: RGB = (30, 42, 56)

# --- the chart: land, marks and line buoys look the same on every board ---
LAND: RGB = (206, 190, 146)
LAND_EDGE: RGB = (150, 130, 90)
MARK: RGB = (243, 120, 40)
LINE_BUOY: RGB = (250, 210, 70)

# --- type (points at 96 dpi, before the pixel ratio) ---
FONT: list[str] = ["DejaVu Sans", "Noto Sans", "Segoe UI", "Helvetica Neue", "Arial"]
TITLE_PT = 26
HEADER_PT = 15
BODY_PT = 12
SMALL_PT = 9

# --- sizes (logical pixels) ---
TOUCH = 48            # minimum touch target, either way
GAP = 10
PAD = 16
RADIUS = 10
MIN_WINDOW = (800, 600)


def rgba(colour: RGB | RGBA, alpha: int = 255) -> RGBA:
    """A colour with an alpha channel (an RGBA colour keeps its own alpha)."""
    return colour if len(colour) == 4 else (*colour, alpha)  # type: ignore[return-value]


def readable_ink(colour: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = (c / 255 for c in colour[:3])
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else ON_WATER
