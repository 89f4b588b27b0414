"""The turn panel's list of actions, grouped and paged so every one is a tap away.

A short list shows as it is. A long one is grouped by kind: the game's
``action_group(action) -> str`` if it has one, else the first word of the action's
text; each group is a header button that opens its list. A list that still does not
fit is paged ("▲" and "More (2/3) ▼"). Button words come from the game's
``action_label(action) -> str`` when it has one, else the action's text. Pure
functions: nothing here draws or decides a rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dinghy.core.action_words import group_of, label_of  # noqa: F401  (the panel's words)


def short_label(label: str, group: str) -> str:
    """Inside an open group the group's leading words are not repeated
    ("Sail: Fork, arrow 1" under "Sail" says "Fork, arrow 1")."""
    head = group.split(":")[0].strip()
    if head and label.startswith(head + ": "):
        rest = label[len(head) + 2:]
        return rest[:1].upper() + rest[1:]
    return label


def grouped(game: Any, actions: list[Any]) -> list[tuple[str, list[Any]]]:
    """The actions by group, groups in the order their first action comes."""
    out: dict[str, list[Any]] = {}
    for a in actions:
        out.setdefault(group_of(game, a), []).append(a)
    return list(out.items())


@dataclass(frozen=True)
class Entry:
    """One row of the list: a group's header (``action`` None) or an action."""

    group: str
    action: Any = None
    count: int = 0
    open: bool = False


@dataclass(frozen=True)
class Sheet:
    entries: tuple[Entry, ...]
    page: int
    pages: int
    flat: bool            # shown as one plain list (no headers)


def _pages(items: list[Any], per: int, page: int) -> tuple[list[Any], int, int]:
    per = max(1, per)
    pages = max(1, -(-len(items) // per))
    page = min(max(page, 0), pages - 1)
    return items[page * per:(page + 1) * per], page, pages


def _broken(rows: list[Entry], per: int) -> list[list[Entry]]:
    """``rows`` cut into pages of at most ``per`` rows, never leaving an open group's
    header as the last row of a page with its actions on the next."""
    per = max(1, per)
    pages: list[list[Entry]] = [[]]
    for i, e in enumerate(rows):
        page = pages[-1]
        full = len(page) >= per
        orphan = (len(page) == per - 1 and page and e.action is None and e.open
                  and i + 1 < len(rows) and rows[i + 1].action is not None)
        if full or orphan:
            pages.append([])
        pages[-1].append(e)
    return pages


def sheet(groups: list[tuple[str, list[Any]]], open_group: str | None, page: int | None,
          room: int) -> Sheet:
    """The rows to show in ``room`` rows: a plain list when everything fits or there
    is one group; else the headers, the open group's actions under its header, paged
    when they do not fit (one row then goes to the pager). ``page`` None: the page
    that shows the open group's first action (a group just opened)."""
    room = max(1, room)
    if page is None:
        pages = sheet(groups, open_group, 0, room).pages
        page = next((i for i in range(pages)
                     if any(e.action is not None and e.group == open_group
                            for e in sheet(groups, open_group, i, room).entries)), 0)
    actions = [a for _, acts in groups for a in acts]
    if len(actions) <= room or len(groups) == 1:
        if len(actions) <= room:
            return Sheet(tuple(Entry(g, a) for g, acts in groups for a in acts), 0, 1, True)
        g = groups[0][0]
        shown, page, pages = _pages(actions, room - 1, page)
        return Sheet(tuple(Entry(g, a) for a in shown), page, pages, True)
    names = [g for g, _ in groups]
    if open_group not in names:
        open_group = None
    full: list[Entry] = []
    items: list[Any] = []
    for g, acts in groups:
        full.append(Entry(g, count=len(acts), open=g == open_group))
        if g == open_group:
            items = acts
    if len(full) + len(items) <= room:
        rows = []
        for e in full:
            rows.append(e)
            if e.open:
                rows += [Entry(e.group, a) for a in items]
        return Sheet(tuple(rows), 0, 1, False)
    per = room - len(full) - 1
    if per >= 1 and items:             # headers stay; the open list pages
        shown, page, pages = _pages(items, per, page)
        rows = []
        for e in full:
            rows.append(e)
            if e.open:
                rows += [Entry(e.group, a) for a in shown]
        return Sheet(tuple(rows), page, pages, False)
    every = []                         # too little room even for that: page everything
    for e in full:
        every.append(e)
        if e.open:
            every += [Entry(e.group, a) for a in items]
    cut = _broken(every, room - 1)
    page = min(max(page, 0), len(cut) - 1)
    return Sheet(tuple(cut[page]), page, len(cut), False)

