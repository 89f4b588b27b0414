"""Writing TOML text: one value, key or string in TOML's inline form.

Python reads TOML (``tomllib``) but does not write it; the course designer and the grid
board designer write files people also edit by hand, so each builds its own layout
(comments, one line a mark) from these pieces. Text only: no file is touched here.
"""
from __future__ import annotations

import math
import re
from typing import Any, Mapping

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def toml_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_key(k: str) -> str:
    return k if _BARE_KEY.match(k) else toml_string(k)


def toml_value(v: Any) -> str:
    """One TOML value in inline form: text, true/false, integer, float, array, inline table."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        text = repr(v)          # the shortest text that reads back as the same float
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(str(k))} = {toml_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")
