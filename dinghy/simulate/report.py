"""The report of a simulation: every race as CSV and JSON, plots as PNGs, and a text
summary that fits on one screen, each in the game's own figures (``balance_figures``:
Lady Luck and capsizes for Dinghy Race, puff cards and penalties for the 3M Regatta, ...).
Every variant is named by what sets it apart, every rate plotted with its 95% Wilson
interval. Writes only through :mod:`dinghy.core.io`-style atomic helpers and
matplotlib's own ``savefig``; never touches the rules."""
from __future__ import annotations

import csv
import io as _io
import json
from pathlib import Path
from typing import Any

from dinghy.core import io
from dinghy.simulate import stats
from dinghy.simulate.run import Outcome

#: The plots every report has; ``hazards.png`` too where the game rolls on hazard tables.
PLOTS = ("rounds.png", "figures.png", "win_rates.png", "dice_share.png")
HAZARD_PLOT = "hazards.png"


def write(outcome: Outcome, out_dir: str | Path) -> str:
    """Write every file of the report into ``out_dir``; returns the text summary."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    res = outcome.results
    for name, rows in (("races.csv", stats.races(res)), ("seats.csv", stats.seats(res)),
                       ("hazards.csv", stats.hazards(res))):
        io.write_bytes_atomic(out / name, _csv(rows).encode())
    text = summary(outcome)
    doc = {"interrupted": outcome.interrupted, "seconds": round(outcome.seconds, 2), "workers": outcome.workers,
           "planned_races": len(outcome.plan.jobs), "variants": stats.summary_rows(res), "races": res}
    io.write_bytes_atomic(out / "results.json", json.dumps(doc, indent=1, default=str).encode())
    io.write_bytes_atomic(out / "summary.txt", text.encode())
    if res:
        plots(res, out)
    return text


def _csv(rows: list[dict[str, Any]]) -> str:
    buf = _io.StringIO()
    if rows:
        w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return buf.getvalue()


def summary(outcome: Outcome) -> str:
    res = outcome.results
    planned = len(outcome.plan.jobs)
    lines = [f"{len(res)} of {planned} races sailed in {outcome.seconds:.1f} s on {outcome.workers} worker(s)"
             + ("  (INTERRUPTED: the report covers the races finished so far)" if outcome.interrupted else "")]
    if not res:
        return "\n".join(lines) + "\n"
    unit = "rounds" if res[0]["race"]["rounds"] is not None else "actions"
    rows = stats.summary_rows(res)
    figs = stats.figures(res)
    common, own = stats.variant_labels(res)
    lines.append(f"every variant: {common}")
    widths = [max(5, len(f["short"])) for f in figs]
    lines.append(f"{'variant':40s} {'races':>5s} {'fin':>4s} {unit + ' med':>10s} {'p10-p90':>9s} "
                 + "".join(f"{f['short']:>{w}s} " for f, w in zip(figs, widths)) + f"{'dice':>5s}")
    for r in rows:
        med = "-" if r["median_length"] is None else f"{r['median_length']:g}"
        span = "-" if r["p10"] is None else f"{r['p10']:g}-{r['p90']:g}"
        dice = "-" if r["dice_share"] is None else f"{r['dice_share']:.0%}"
        lines.append(f"{own[r['variant']][:40]:40s} {r['races']:5d} {r['finished']:4.0%} {med:>10s} {span:>9s} "
                     + "".join(f"{r['figures'][f['key']]:{w}.2f} " for f, w in zip(figs, widths)) + f"{dice:>5s}")
    hz = stats.hazard_rates(res)
    if hz:
        lines.append("hazard rolls per manoeuvre (all variants; 95% intervals): " + "; ".join(
            f"{m} {h['rolls']} (capsize {_rate(h['capsize'], h['capsize_ci'])}, "
            f"overboard {_rate(h['man_overboard'], h['man_overboard_ci'])})" for m, h in hz.items()))
    wl = stats.win_rate(res, "skipper")
    wi = stats.win_interval(res, "skipper")
    mp = stats.mean_place(res, "skipper")
    lines.append("wins by skipper (95% intervals): " + ", ".join(
        f"{k} {rate:.0%} ({wi[k][0]:.0%}..{wi[k][1]:.0%}; mean place {mp[k]:.2f}, {n} starts)" if k in mp
        else f"{k}: never finished ({n} starts)" for k, (rate, n) in wl.items()))
    ws = stats.win_rate(res, "start_position")
    si = stats.win_interval(res, "start_position")
    lines.append("wins by start position: " + ", ".join(f"{k}: {_rate(rate, si[k], 0)}" for k, (rate, n) in ws.items()))
    lines.append("per boat and race: " + "; ".join(f"{f['short']} = {f['label']}" for f in figs)
                 + ("; " if figs else "") + "dice = share of the place variance not explained by skipper and "
                 "start position")
    return "\n".join(lines) + "\n"


def _rate(rate: float, ci: tuple[float, float], digits: int = 1) -> str:
    return f"{rate:.{digits}%} ({ci[0]:.0%}..{ci[1]:.0%})"


def plots(res: list[dict[str, Any]], out: Path) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    vs = sorted(stats.variant_names(res))
    common, own = stats.variant_labels(res)
    labels = [own[v] for v in vs]
    written = []

    def save(fig, name, title):
        fig.suptitle(title + (f"\n{common}" if common and len(vs) > 1 else ""), fontsize=10)
        fig.tight_layout()
        fig.savefig(out / name, dpi=90)
        plt.close(fig)
        written.append(out / name)

    h = max(3.0, 0.45 * len(vs) + 1.5)
    rounds = stats.rounds_by_variant(res)
    fig, ax = plt.subplots(figsize=(9, h))
    data = [rounds.get(v, []) or [float("nan")] for v in vs]
    ax.boxplot(data, orientation="horizontal", tick_labels=labels)
    ax.set_xlabel("rounds to finish (finished races)" if res[0]["race"]["rounds"] is not None else "actions")
    save(fig, "rounds.png", "Race length per variant")

    hz = stats.hazard_rates(res)
    if hz:
        fig, ax = plt.subplots(figsize=(9, 3.8))
        ms = list(hz)
        for shift, key, name in ((-0.2, "capsize", "capsize"), (0.2, "man_overboard", "man overboard")):
            x = [i + shift for i in range(len(ms))]
            _rate_bars(ax, x, [hz[m][key] for m in ms], [hz[m][key + "_ci"] for m in ms], 0.4, name)
        ax.set_xticks(list(range(len(ms))), [f"{m}\n({hz[m]['rolls']} rolls)" for m in ms], fontsize=7)
        ax.set_ylabel("% of hazard rolls (95% interval)")
        ax.legend()
        save(fig, HAZARD_PLOT, "Capsize and man-overboard rate per manoeuvre")

    figs = stats.figures(res)
    fig, axes = plt.subplots(1, max(1, len(figs)), figsize=(max(9, 3.2 * len(figs)), h), sharey=True, squeeze=False)
    for ax, f in zip(axes[0], figs):
        per = stats.per_boat_interval(res, f["key"])
        mid = [per.get(v, (0.0, 0.0))[0] for v in vs]
        half = [per.get(v, (0.0, 0.0))[1] for v in vs]
        ax.barh(labels, mid, xerr=[[min(m, e) for m, e in zip(mid, half)], half], capsize=3, color="tab:blue")
        ax.set_xlabel(f"{f['label']}\nper boat and race (95% interval)", fontsize=8)
    if not figs:
        axes[0][0].text(0.5, 0.5, "this game names no balance figures", ha="center", va="center")
    save(fig, "figures.png", "The figures that balance the game")

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.8))
    ws = stats.win_rate(res, "start_position")
    _rate_bars(a1, list(range(len(ws))), [r for r, _ in ws.values()],
               list(stats.win_interval(res, "start_position").values()), 0.6, None)
    a1.set_xticks(list(range(len(ws))), [str(k) for k in ws])
    a1.set_xlabel("start position (turn order in round 1)")
    a1.set_ylabel("% of races won (95% interval)")
    a1.set_title("by start position")
    wl = stats.win_rate(res, "skipper")
    _rate_bars(a2, list(range(len(wl))), [r for r, _ in wl.values()],
               list(stats.win_interval(res, "skipper").values()), 0.6, None, color="tab:orange")
    a2.set_xticks(list(range(len(wl))), list(wl))
    a2.set_xlabel("skipper")
    a2.set_title("by skipper level")
    save(fig, "win_rates.png", "Win rate")

    dice = stats.dice_share(res)
    fig, ax = plt.subplots(figsize=(9, h))
    ax.barh(labels, [100 * (dice.get(v) or 0.0) for v in vs], color="tab:green")
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of the variance of places not explained by skipper and start position")
    save(fig, "dice_share.png", "The dice's share of the rank variance")
    return written


def _rate_bars(ax, x, rates, intervals, width, label, color=None) -> None:
    """Bars of rates (in %) with their Wilson intervals as error bars."""
    lo = [100 * max(0.0, r - ci[0]) for r, ci in zip(rates, intervals)]
    hi = [100 * max(0.0, ci[1] - r) for r, ci in zip(rates, intervals)]
    ax.bar(x, [100 * r for r in rates], width, yerr=[lo, hi], capsize=3, label=label, color=color)
