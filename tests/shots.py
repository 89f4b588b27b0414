"""Screenshots the tests take for a person to look at.

They are written only when ``$DINGHY_SHOTS`` asks for them: a folder, or ``1`` for the
checkout's ``shots/`` (ignored by git). A picture nobody looks at costs a tenth of a
second to read back and encode, and the suite takes some two hundred; a test that checks
a picture's pixels takes its own into its temporary folder instead.

    DINGHY_SHOTS=1 python3 run.py test tests/test_ui_grid_taps.py
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHECKOUT_SHOTS = Path(__file__).resolve().parent.parent / "shots"


def folder() -> Path | None:
    """Where the screenshots go, or None when nobody asked for them."""
    wanted = os.environ.get("DINGHY_SHOTS", "")
    if not wanted or wanted == "0":
        return None
    return CHECKOUT_SHOTS if wanted == "1" else Path(wanted)


def shot(app: Any, name: str, sub: str = "") -> Path | None:
    """A screenshot of ``app``'s window as ``name`` (under ``sub``), when asked for."""
    root = folder()
    if root is None:
        return None
    return app.screenshot(root / sub / name)
