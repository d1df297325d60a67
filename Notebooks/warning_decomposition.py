#!/usr/bin/env python3
"""Decomposes a set of WarnSim runs' warnings by the setting of the encounter
with the uploader behind each warning, and the exposure-to-warning delay by
setting (issue: calibration against the CWA data donation, SB04).

usage: warning_decomposition.py RUN_DIR [RUN_DIR ...]

A warned phone is one with first_high_risk_at (what `evaluate` counts). The
uploader behind the warning: among the key owners of the windows the phone had
detected when it was warned, the one whose HIGH windows (all windows if none
was HIGH) add up to the most seconds. The setting: household if warned phone
and uploader share a household (phones.csv `household`), otherwise the setting
with the most encounter minutes between the two in exposures.bin (encounters
with an infectious person) over the window days; `unmatched` if none.
The delay is the one `FieldOutcomes` measures: warning time minus the first
scan of the most recent window detected by then.
"""
import csv
import json
import struct
import sys
from collections import Counter, defaultdict

SETTINGS = ["home", "work", "school", "daycare", "transport", "shop", "leisure", "street", "visit", "club", "meeting"]


def read_exposures(path, wanted_pairs):
    """minutes[(exposed, infector, day)][setting] for the wanted (exposed, infector) pairs."""
    out = defaultdict(Counter)
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"WSEXPOSE", path
    _version, count = struct.unpack_from("<IQ", data, 8)
    off = 20
    head = struct.Struct("<iiiiBBfH")
    seg = struct.Struct("<hhf")
    for _ in range(count):
        day, _enc, infector, exposed, setting, _outcome, _dose, n = head.unpack_from(data, off)
        off += head.size
        if (exposed, infector) in wanted_pairs:
            minutes = 0
            for k in range(n):
                s, e, _d = seg.unpack_from(data, off + k * seg.size)
                minutes += e - s
            out[(exposed, infector, day)][SETTINGS[setting]] += minutes
        off += n * seg.size
    return out


def analyse(run):
    start = json.load(open(f"{run}/manifest.json"))["start_time"]
    phones = {int(r["person"]): r for r in csv.DictReader(open(f"{run}/phones.csv"))}
    household = {p: int(r["household"]) for p, r in phones.items()}
    hh_size = Counter(household.values())
    hh_app = Counter(household[p] for p, r in phones.items() if r["has_app"] == "1")
    uploaders = [p for p, r in phones.items() if r["keys_shared_at"]]
    warned = {p: int(r["first_high_risk_at"]) for p, r in phones.items() if r["first_high_risk_at"]}
    windows = defaultdict(list)
    for w in csv.DictReader(open(f"{run}/windows.csv")):
        p = int(w["phone"])
        if p in warned and int(w["detected_at"]) <= warned[p]:
            windows[p].append(w)
    attribution = {}
    for p, ws in windows.items():
        high = [w for w in ws if w["level"] == "HIGH"] or ws
        secs = Counter()
        for w in high:
            secs[int(w["key_owner"])] += float(w["seconds"])
        owner = secs.most_common(1)[0][0]
        days = {(int(w["first_scan_time"]) - start) // 86400 for w in ws if int(w["key_owner"]) == owner}
        delay = (warned[p] - max(int(w["first_scan_time"]) for w in ws)) / 86400
        attribution[p] = (owner, days, delay, len(secs))
    # Counterfactual estimate (not a simulation): the uploader stays home from
    # symptom onset (or from test registration). A warned phone keeps its
    # warning if a HIGH window of the uploader began before that time; its
    # delay is then measured from the most recent window (any owner) that
    # began before it.
    cutoffs = {}
    for p, (owner, _days, _delay, _n) in attribution.items():
        o = phones[owner]
        onset = start + float(o["onset_day"]) * 86400 if o["onset_day"] else None
        reg = int(o["test_registered_at"]) if o["test_registered_at"] else None
        cutoffs[p] = (onset, reg)
    counterfactual = {}
    for which in (0, 1):
        kept = []
        for p, ws in windows.items():
            owner = attribution[p][0]
            cut = cutoffs[p][which]
            if cut is None:
                continue
            before = [w for w in ws if int(w["first_scan_time"]) < cut or int(w["key_owner"]) != owner]
            if not any(w["level"] == "HIGH" and int(w["key_owner"]) == owner for w in before):
                continue
            kept.append((warned[p] - max(int(w["first_scan_time"]) for w in before)) / 86400)
        counterfactual[which] = kept
    pairs = {(p, a[0]) for p, a in attribution.items()}
    minutes = read_exposures(f"{run}/exposures.bin", pairs)
    rows = []
    for p, (owner, days, delay, owners) in attribution.items():
        if household[p] == household[owner]:
            setting = "household"
        else:
            total = Counter()
            for d in days:
                total.update(minutes.get((p, owner, d), {}))
            setting = total.most_common(1)[0][0] if total else "unmatched"
        infected = phones[p]["infected_day"] != ""
        rows.append((p, owner, setting, delay, owners, infected))
    return {
        "uploaders": uploaders,
        "warned": warned,
        "rows": rows,
        "uploader_hh": [hh_size[household[u]] for u in uploaders],
        "uploader_hh_app": [hh_app[household[u]] - 1 for u in uploaders],
        "no_window": [p for p in warned if p not in attribution],
        "counterfactual": counterfactual,
    }


def main(runs):
    total_up = 0
    total_warned = 0
    by_setting = Counter()
    delay_by_setting = defaultdict(list)
    infected_by_setting = Counter()
    multi = 0
    hh = Counter()
    hh_app = Counter()
    per_run = []
    cf = {0: [], 1: []}
    for run in runs:
        r = analyse(run)
        for k in cf:
            cf[k] += r["counterfactual"][k]
        total_up += len(r["uploaders"])
        total_warned += len(r["warned"])
        per_run.append((run, len(r["uploaders"]), len(r["warned"])))
        for _p, _o, s, d, n, inf in r["rows"]:
            by_setting[s] += 1
            delay_by_setting[s].append(d)
            infected_by_setting[s] += inf
            multi += n > 1
        by_setting["no window"] += len(r["no_window"])
        hh.update(r["uploader_hh"])
        hh_app.update(r["uploader_hh_app"])
    print("run | uploaders | warned | per uploader")
    for run, u, w in per_run:
        print(f"{run} | {u} | {w} | {w / u if u else float('nan'):.2f}")
    print(f"all | {total_up} | {total_warned} | {total_warned / total_up:.2f}\n")
    print("setting | warned phones | per uploader | share | mean delay d | median delay d | warned later/already infected")
    order = ["household"] + SETTINGS[1:] + ["home", "unmatched", "no window"]
    for s in order:
        n = by_setting.get(s, 0)
        if n == 0:
            continue
        ds = sorted(delay_by_setting[s])
        mean = sum(ds) / len(ds) if ds else float("nan")
        med = ds[len(ds) // 2] if ds else float("nan")
        print(f"{s} | {n} | {n / total_up:.2f} | {n / total_warned:.1%} | {mean:.2f} | {med:.2f} | {infected_by_setting[s] / n:.0%}")
    alld = sorted(d for v in delay_by_setting.values() for d in v)
    print(f"all | {total_warned} | {total_warned / total_up:.2f} | 100% | {sum(alld) / len(alld):.2f} | {alld[len(alld) // 2]:.2f} |")
    for k, name in ((0, "symptom onset"), (1, "test registration")):
        d = sorted(cf[k])
        if d:
            print(f"estimate, uploader at home from {name}: {len(d)} warned ({len(d) / total_up:.2f} per uploader), "
                  f"delay mean {sum(d) / len(d):.2f} d, median {d[len(d) // 2]:.2f} d")
    print(f"\nwarned phones with windows of more than one uploader: {multi}")
    print("\nuploaders' household size (persons): " + ", ".join(f"{k}: {hh[k]}" for k in sorted(hh)))
    n = sum(hh.values())
    print(f"mean household size of uploaders {sum(k * v for k, v in hh.items()) / n:.2f}; "
          f"other app users in the uploader's household: mean {sum(k * v for k, v in hh_app.items()) / n:.2f} "
          + "(" + ", ".join(f"{k}: {hh_app[k]}" for k in sorted(hh_app)) + ")")


if __name__ == "__main__":
    main(sys.argv[1:])
