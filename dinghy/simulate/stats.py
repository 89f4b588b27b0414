"""Figures from the per-race rows (:mod:`dinghy.simulate.tally`): no drawing, no files.

The dice's share of the rank variance: within each variant, a boat's place (scaled to
0..1) varies with who sails it and from where it starts (skill and position) and with
the dice and the draw of the race. The share is what the skipper and the start position
together leave unexplained: 1 - (variance of the group means) / (total variance), the
groups being (skipper, start position). With every boat sailed by the same level it is
near 1; the stronger the levels' differences show, the lower it falls.
"""
from __future__ import annotations

from collections import defaultdict
from statistics import mean, median, pvariance
from typing import Any


def races(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r["race"] for r in results]


def seats(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [s for r in results for s in r["seats"]]


def hazards(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [h for r in results for h in r["hazards"]]


def variant_names(results: list[dict[str, Any]]) -> dict[int, str]:
    return {r["race"]["variant"]: r["race"]["variant_name"] for r in results}


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
                "man_overboard": a["man_overboard"] / a["rolls"], "delay": a["delay"] / a["rolls"]}
            for m, a in sorted(agg.items()) if a["rolls"]}


def per_boat(results, key: str = "lady_luck") -> dict[int, float]:
    """Per variant, a seat row's count (``key``) for a boat in a race, on average:
    Lady Luck cards spent, Weather Eye cards laid or shifts sailed."""
    out: dict[int, list[int]] = defaultdict(list)
    for s in seats(results):
        out[s["variant"]].append(s.get(key, 0))
    return {v: mean(x) for v, x in out.items()}


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
    """One line of figures per variant, for the text summary and the JSON."""
    names = variant_names(results)
    rounds = rounds_by_variant(results)
    fin = finished_share(results)
    luck = per_boat(results, "lady_luck")
    laid = per_boat(results, "weather_eye_laid")
    shifts = per_boat(results, "weather_eye_shifts")
    dice = dice_share(results)
    caps: dict[int, list[int]] = defaultdict(list)
    for s in seats(results):
        caps[s["variant"]].append(s["capsizes"] + s["man_overboard"])
    out = []
    for v in sorted(names):
        r = sorted(rounds.get(v, []))
        out.append({"variant": v, "name": names[v], "races": sum(1 for x in races(results) if x["variant"] == v),
                    "finished": fin.get(v, 0.0), "median_length": median(r) if r else None,
                    "p10": r[int(0.1 * (len(r) - 1))] if r else None, "p90": r[int(0.9 * (len(r) - 1))] if r else None,
                    "lady_luck": luck.get(v), "capsize_or_mob_per_boat": mean(caps[v]) if caps[v] else 0.0,
                    "weather_eye_laid": laid.get(v), "weather_eye_shifts": shifts.get(v),
                    "dice_share": dice.get(v)})
    return out
