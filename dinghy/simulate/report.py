"""The report of a simulation: every race as CSV and JSON, plots as PNGs, and a text
summary that fits on one screen. Writes only through :mod:`dinghy.core.io`-style atomic
helpers and matplotlib's own ``savefig``; never touches the rules."""
from __future__ import annotations

import csv
import io as _io
import json
from pathlib import Path
from typing import Any

from dinghy.core import io
from dinghy.simulate import stats
from dinghy.simulate.run import Outcome

PLOTS = ("rounds.png", "hazards.png", "lady_luck.png", "win_rates.png", "dice_share.png")


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
    common, short = _common_parts([r["name"] for r in rows])
    lines.append(f"every variant: {common}")
    lines.append(f"{'variant':40s} {'races':>5s} {'fin':>4s} {unit + ' med':>10s} {'p10-p90':>9s} "
                 f"{'luck':>5s} {'cap+mob':>7s} {'eye':>4s} {'shift':>5s} {'dice':>5s}")
    for r, name in zip(rows, short):
        med = "-" if r["median_length"] is None else f"{r['median_length']:g}"
        span = "-" if r["p10"] is None else f"{r['p10']:g}-{r['p90']:g}"
        dice = "-" if r["dice_share"] is None else f"{r['dice_share']:.0%}"
        lines.append(f"{name[:40]:40s} {r['races']:5d} {r['finished']:4.0%} {med:>10s} {span:>9s} "
                     f"{r['lady_luck']:5.2f} {r['capsize_or_mob_per_boat']:7.2f} "
                     f"{r['weather_eye_laid']:4.1f} {r['weather_eye_shifts']:5.1f} {dice:>5s}")
    hz = stats.hazard_rates(res)
    if hz:
        lines.append("hazard rolls per manoeuvre (all variants): " + "; ".join(
            f"{m} {h['rolls']} (capsize {h['capsize']:.1%}, overboard {h['man_overboard']:.1%})" for m, h in hz.items()))
    wl = stats.win_rate(res, "skipper")
    mp = stats.mean_place(res, "skipper")
    lines.append("wins by skipper: " + ", ".join(
        f"{k} {rate:.0%} (mean place {mp[k]:.2f}, {n} starts)" if k in mp else f"{k}: never finished ({n} starts)" for k, (rate, n) in wl.items()))
    ws = stats.win_rate(res, "start_position")
    lines.append("wins by start position: " + ", ".join(f"{k}: {rate:.0%}" for k, (rate, n) in ws.items()))
    lines.append("luck = Lady Luck cards spent per boat; cap+mob = capsizes and men overboard per boat; "
                 "eye = Weather Eye cards laid per boat; shift = moves sailed with a Weather Eye shift per "
                 "boat; dice = share of the place variance not explained by skipper and start position")
    return "\n".join(lines) + "\n"


def _common_parts(names: list[str]) -> tuple[str, list[str]]:
    """The settings every variant shares, and what sets each apart."""
    parts = [n.split(", ") for n in names]
    common = [p for p in parts[0] if all(p in q for q in parts[1:])]
    short = [", ".join(p for p in q if p not in common) or "(as above)" for q in parts]
    return ", ".join(common), short


def plots(res: list[dict[str, Any]], out: Path) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = stats.variant_names(res)
    vs = sorted(names)
    labels = [names[v] for v in vs]
    written = []

    def save(fig, name):
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
    ax.set_title("Race length per variant")
    save(fig, "rounds.png")

    hz = stats.hazard_rates(res)
    fig, ax = plt.subplots(figsize=(9, 3.8))
    if hz:
        ms = list(hz)
        x = range(len(ms))
        ax.bar([i - 0.2 for i in x], [100 * hz[m]["capsize"] for m in ms], 0.4, label="capsize")
        ax.bar([i + 0.2 for i in x], [100 * hz[m]["man_overboard"] for m in ms], 0.4, label="man overboard")
        ax.set_xticks(list(x), [f"{m}\n({hz[m]['rolls']} rolls)" for m in ms], fontsize=7)
        ax.set_ylabel("% of hazard rolls")
        ax.legend()
    else:
        ax.text(0.5, 0.5, "this game has no hazard rolls", ha="center", va="center")
    ax.set_title("Capsize and man-overboard rate per manoeuvre")
    save(fig, "hazards.png")

    luck = stats.per_boat(res, "lady_luck")
    fig, ax = plt.subplots(figsize=(9, h))
    ax.barh(labels, [luck.get(v, 0.0) for v in vs])
    ax.set_xlabel("Lady Luck cards spent per boat and race")
    ax.set_title("Lady Luck use")
    save(fig, "lady_luck.png")

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.8))
    ws = stats.win_rate(res, "start_position")
    a1.bar([str(k) for k in ws], [100 * r for r, _ in ws.values()])
    a1.set_xlabel("start position (turn order in round 1)")
    a1.set_ylabel("% of races won")
    a1.set_title("Win rate by start position")
    wl = stats.win_rate(res, "skipper")
    a2.bar(list(wl), [100 * r for r, _ in wl.values()], color="tab:orange")
    a2.set_xlabel("skipper")
    a2.set_title("Win rate by skipper level")
    save(fig, "win_rates.png")

    dice = stats.dice_share(res)
    fig, ax = plt.subplots(figsize=(9, h))
    ax.barh(labels, [100 * (dice.get(v) or 0.0) for v in vs], color="tab:green")
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of the variance of places not explained by skipper and start position")
    ax.set_title("The dice's share of the rank variance")
    save(fig, "dice_share.png")
    return written
