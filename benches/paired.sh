#!/usr/bin/env bash
# Before and after, paired: two nimlab binaries alternated (old, new, old, new, …) on the
# paths a restructuring must leave as fast as they were — the bulk reader, an octal game's
# values, the decider, and a game-tree search — and for each, the median of the pairs' CPU
# ratios (new / old, user + system, start-up included), which holds when the machine's speed
# drifts between pairs.
#
# Usage: benches/paired.sh OLD_BINARY NEW_BINARY   (build each with `cargo build --release`
#        in a checkout of its commit)
# Environment: RUNS=7 (pairs per command), PILES=10000000 (the bulk input's random 40-bit
#        piles, one per line)
set -euo pipefail
old=${1:?usage: benches/paired.sh OLD_BINARY NEW_BINARY}
new=${2:?usage: benches/paired.sh OLD_BINARY NEW_BINARY}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NIMLAB_STATE_DIR="$work/state" NIMLAB_DATA_DIR="$work/data"
python3 - "$work/piles.txt" "${PILES:-10000000}" <<'PY'
import random, sys
random.seed(7)
with open(sys.argv[1], "w") as f:
    f.write("\n".join(str(random.getrandbits(40)) for _ in range(int(sys.argv[2]))) + "\n")
PY
echo "old: $old; new: $new; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 - "$old" "$new" "${RUNS:-7}" "$work/piles.txt" <<'PY'
import os, statistics, subprocess, sys
old, new, runs, piles = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
commands = [
    ("bulk", ["winner", "--rules", "nim", "--file", piles]),
    ("octal", ["grundy", "--rules", "octal:0.6", "0..200000", "--values", "--format", "csv"]),
    ("decider", ["prove", "zero-move-rule"]),
    ("search", ["verify", "--rules", "octal:0.77", "--piles", "3", "--max", "15"]),
]
def cpu(argv):
    with open(os.devnull, "wb") as out:
        p = subprocess.Popen(argv, stdout=out, stderr=out)
        _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed with status {status}")
    return usage.ru_utime + usage.ru_stime
print("| path | command | old CPU s | new CPU s | new / old (median of pairs) |")
print("|---|---|---|---|---|")
for name, args in commands:
    cpu([old] + args), cpu([new] + args)  # warm-up, not counted
    pairs = [(cpu([old] + args), cpu([new] + args)) for _ in range(runs)]
    o = statistics.median(p[0] for p in pairs)
    n = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[1] / p[0] for p in pairs if p[0] > 0)
    shown = " ".join(a if a != piles else "FILE" for a in args)
    print(f"| {name} | `{shown}` | {o:.3f} | {n:.3f} | {ratio:.2f} |")
PY
