"""Figures from the per-race rows (:mod:`dinghy.simulate.tally`): no drawing, no files.

The dice's share of the rank variance: within each variant, a boat's place (scaled to
0..1) varies with who sails it and from where it starts (skill and position) and with
the dice and the draw of the race. The share is what the skipper and the start position
together leave unexplained: 1 - (variance of the group means) / (total variance), the
groups being (skipper, start position). With every boat sailed by the same level it is
near 1; the stronger the levels' differences show, the lower it falls.

Every rate (a share of races won, a share of hazard rolls that capsized) comes with its
95% Wilson score interval: with ten races a variant most differences are noise, and the
interval says how much. The game's own figures (``figures``) are whatever it names as
balancing it (:mod:`dinghy.core.balance`), counted per boat and race.
"""
from __future__ import annotations

import math
from collections import defaultdict
from statistics import mean, median, pvariance
from typing import Any

from dinghy.simulate.plan import short_name


def races(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r["race"] for r in results]


def seats(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [s for r in results for s in r["seats"]]


def hazards(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [h for r in results for h in r["hazards"]]


def variant_names(results: list[dict[str, Any]]) -> dict[int, str]:
    return {r["race"]["variant"]: r["race"]["variant_name"] for r in results}


def figures(results: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The game's balance figures ({"key", "label", "short"}), in the game's order."""
    return list(results[0].get("figures", [])) if results else []


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of ``k`` in ``n`` (0..1; (0, 1) when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


#: What sets variants apart, in the order a variant's name gives them: (words, or None for
#: a setting left at its default, and the words for that default when variants differ).
_DIMENSIONS = (
    (lambda r: r["board"], ""),
    (lambda r: f"{r['boats']} boats", ""),
    (lambda r: r["variant_name"].split(", ")[2], ""),     # the fleet, as the plan names it
    (lambda r: f"wind {r['wind_force']}" if r["wind_force"] else None, "the course's wind"),
    (lambda r: f"cards {short_name(r['card_size'])}" if r["card_size"] else None, "the course's cards"),
    (lambda r: f"hazards {short_name(r['hazards'])}" if r["hazards"] else None, "the wind's hazards"),
    (lambda r: f"hazards x{r['hazard_scale']:g}" if r["hazard_scale"] != 1.0 else None, "hazards x1"),
)


def variant_labels(results: list[dict[str, Any]]) -> tuple[str, dict[int, str]]:
    """What every variant shares, in words, and each variant's own name: the settings in
    which it differs from the others, every one named (a setting left at its default too:
    "hazards x1" beside "hazards x1.5"). A lone variant is named in full."""
    first: dict[int, dict[str, Any]] = {}
    for res in results:
        first.setdefault(res["race"]["variant"], res["race"])
    words = {v: [word(r) for word, _ in _DIMENSIONS] for v, r in first.items()}
    differ = [len({w[d] for w in words.values()}) > 1 for d in range(len(_DIMENSIONS))]
    common = ", ".join(w for d, w in enumerate(next(iter(words.values()), [])) if not differ[d] and w)
    if not any(differ):
        return common, {v: common for v in words}
    own = {v: ", ".join(w[d] or _DIMENSIONS[d][1] for d in range(len(_DIMENSIONS)) if differ[d])
           for v, w in words.items()}
    return common, own


def length(row: dict[str, Any]) -> float:
    """A race's length: its rounds where the game counts them, else its actions."""
    return row["rounds"] if row["rounds"] is not None else row["actions"]


def rounds_by_variant(results) -> dict[int, list[float]]:
    out: dict[int, list[float]] = defaultdict(list)
    for r in races(results):
        if r["finished"]:
            out[r["variant"]].append(length(r))
    return dict(out)


def finished_share(results) -> dict[int, float]:
    out: dict[int, list[bool]] = defaultdict(list)
    for r in races(results):
        out[r["variant"]].append(r["finished"])
    return {v: mean(x) for v, x in out.items()}


def win_rate(results, key: str) -> dict[Any, tuple[float, int]]:
    """Share of races won, by a seat field (``skipper``, ``start_position``): (rate, n)."""
    won: dict[Any, list[bool]] = defaultdict(list)
    for s in seats(results):
        won[s[key]].append(s["place"] == 1)
    return {k: (mean(v), len(v)) for k, v in sorted(won.items(), key=lambda kv: str(kv[0]))}


def win_interval(results, key: str) -> dict[Any, tuple[float, float]]:
    """The 95% Wilson interval of each :func:`win_rate`."""
    return {k: wilson(round(rate * n), n) for k, (rate, n) in win_rate(results, key).items()}


def mean_place(results, key: str) -> dict[Any, float]:
    out: dict[Any, list[int]] = defaultdict(list)
    for s in seats(results):
        if s["place"] is not None:
            out[s[key]].append(s["place"])
    return {k: mean(v) for k, v in out.items()}


def hazard_rates(results) -> dict[str, dict[str, float]]:
    """Per manoeuvre: rolls, and the capsize and man-overboard rate per roll."""
    agg: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for h in hazards(results):
        a = agg[h["manoeuvre"]]
        for k in ("rolls", "capsize", "man_overboard", "delay"):
            a[k] += h[k]
    return {m: {"rolls": a["rolls"], "capsize": a["capsize"] / a["rolls"],
                "man_overboard": a["man_overboard"] / a["rolls"], "delay": a["delay"] / a["rolls"],
                "capsize_ci": wilson(a["capsize"], a["rolls"]),
                "man_overboard_ci": wilson(a["man_overboard"], a["rolls"])}
            for m, a in sorted(agg.items()) if a["rolls"]}


def per_boat(results, key: str) -> dict[int, float]:
    """Per variant, a seat row's count (``key``, one of the game's figures) for a boat in
    a race, on average."""
    out: dict[int, list[int]] = defaultdict(list)
    for s in seats(results):
        out[s["variant"]].append(s.get(key, 0))
    return {v: mean(x) for v, x in out.items()}


def per_boat_interval(results, key: str) -> dict[int, tuple[float, float]]:
    """Per variant, the mean count per boat (:func:`per_boat`) and the half-width of its
    95% interval (normal, 1.96 standard errors; 0 with fewer than two boats' counts)."""
    out: dict[int, list[int]] = defaultdict(list)
    for s in seats(results):
        out[s["variant"]].append(s.get(key, 0))
    return {v: (mean(x), 1.96 * math.sqrt(pvariance(x) / (len(x) - 1)) if len(x) > 1 else 0.0)
            for v, x in out.items()}


def dice_share(results) -> dict[int, float | None]:
    """Per variant, the share of the rank variance neither skipper nor start position
    explains (see the module's note); None when too few finished places."""
    by_variant: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for s in seats(results):
        if s["place"] is not None:
            by_variant[s["variant"]].append(s)
    boats = {r["variant"]: r["boats"] for r in races(results)}
    out: dict[int, float | None] = {}
    for v, rows in by_variant.items():
        n = boats[v]
        if n < 2 or len(rows) < 4:
            out[v] = None
            continue
        x = [(s["place"] - 1) / (n - 1) for s in rows]
        total = pvariance(x)
        if total == 0:
            out[v] = None
            continue
        groups: dict[tuple, list[float]] = defaultdict(list)
        for s, xi in zip(rows, x):
            groups[(s["skipper"], s["start_position"])].append(xi)
        m = mean(x)
        between = sum(len(g) * (mean(g) - m) ** 2 for g in groups.values()) / len(x)
        out[v] = max(0.0, 1.0 - between / total)
    return out


def summary_rows(results) -> list[dict[str, Any]]:
    """One line of figures per variant, for the text summary and the JSON: the game's own
    figures per boat under ``figures`` (by key)."""
    names = variant_names(results)
    rounds = rounds_by_variant(results)
    fin = finished_share(results)
    per = {f["key"]: per_boat(results, f["key"]) for f in figures(results)}
    dice = dice_share(results)
    out = []
    for v in sorted(names):
        r = sorted(rounds.get(v, []))
        out.append({"variant": v, "name": names[v], "races": sum(1 for x in races(results) if x["variant"] == v),
                    "finished": fin.get(v, 0.0), "median_length": median(r) if r else None,
                    "p10": r[int(0.1 * (len(r) - 1))] if r else None, "p90": r[int(0.9 * (len(r) - 1))] if r else None,
                    "figures": {k: m.get(v, 0.0) for k, m in per.items()}, "dice_share": dice.get(v)})
    return out
