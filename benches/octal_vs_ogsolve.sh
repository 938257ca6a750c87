#!/usr/bin/env bash
# nimlab against ogsolve (`-m rc2`, its fastest method) on long octal sequences, side by side:
# for each code and N, `nimlab grundy 0..N --values --rules octal:CODE --format csv` (every
# value written, to /dev/null; CSV because the aligned text costs twice as much to format, 1.2 s
# against 0.6 s of CPU for 10^7 rows) and `ogsolve CODE -m rc2 -n N` (every value computed,
# none written), run in alternation so both see the same load; the ratio of wall times is taken
# pair by pair and its median printed.
#
# Usage: benches/octal_vs_ogsolve.sh [CODE...]
#   codes: 0.07 0.16 0.6 0.06 0.104 0.56 0.77 unless given
# Environment:
#   RUNS=3          pairs per row (one when a run takes over 10 s)
#   SIZES="100000 1000000 10000000"
#   LIMIT=60        seconds a run may take; a tool that passes it is not run on larger N
#   NIMLAB=path     measure this nimlab binary instead of building this checkout
#
# Installs ogsolve with `cargo install ogsolve` when it is missing. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."

codes=("$@")
if [ ${#codes[@]} -eq 0 ]; then
  codes=(0.07 0.16 0.6 0.06 0.104 0.56 0.77)
fi

if ! command -v ogsolve > /dev/null; then
  echo "ogsolve is missing: installing it with cargo install ogsolve" >&2
  cargo install --quiet ogsolve
fi

if [ -n "${NIMLAB:-}" ]; then
  bin=$NIMLAB
else
  cargo build --release --quiet
  bin=target/release/nimlab
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NIMLAB_STATE_DIR="$work/state" NIMLAB_DATA_DIR="$work/data"

python3 - "$bin" "${RUNS:-3}" "${LIMIT:-60}" "${SIZES:-100000 1000000 10000000}" "${codes[@]}" <<'PY'
import os, statistics, subprocess, sys, time

nimlab, runs, limit, sizes = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
sizes = [int(s) for s in sizes.split()]
codes = sys.argv[5:]

refused = {}

def run(argv):
    """Wall seconds of one run (output discarded), or None past the limit or refused."""
    start = time.perf_counter()
    try:
        p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=limit)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - start
    if p.returncode == 2 and b"would take too long" in p.stderr:
        # nimlab's work limit for one table: reported, not timed.
        refused[tuple(argv)] = wall
        return None
    if p.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({p.returncode}): {p.stderr.decode().strip()}")
    return wall

def secs(t, argv=None):
    if t is None and argv is not None and tuple(argv) in refused:
        return f"refused after {refused[tuple(argv)]:.3g} s (work limit)"
    if t is None:
        return f"> {limit:.0f} s"
    return f"{t:.3g} s" if t >= 0.01 else f"{t * 1000:.2g} ms"

def power(n):
    e = len(str(n)) - 1
    return f"10^{e}" if n == 10 ** e else str(n)

print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
print()
print("| task | ogsolve rc2 | nimlab | ratio (median of pairs) |")
print("|---|---|---|---|")
gave_up = {}
for code in codes:
    for n in sizes:
        if n > gave_up.get((code, "nimlab"), n) and n > gave_up.get((code, "ogsolve"), n):
            continue
        nim_cmd = [nimlab, "grundy", f"0..{n}", "--values", "--rules", f"octal:{code}",
                   "--format", "csv"]
        og_cmd = ["ogsolve", code, "-m", "rc2", "-n", str(n)]
        pairs = []
        for i in range(runs):
            a = run(nim_cmd) if n <= gave_up.get((code, "nimlab"), n) else None
            b = run(og_cmd) if n <= gave_up.get((code, "ogsolve"), n) else None
            pairs.append((a, b))
            if a is None or b is None or max(a, b) > 10:
                break
        nims = [a for a, _ in pairs if a is not None]
        ogs = [b for _, b in pairs if b is not None]
        if not nims:
            gave_up[(code, "nimlab")] = n
        if not ogs:
            gave_up[(code, "ogsolve")] = n
        nim = statistics.median(nims) if nims else None
        og = statistics.median(ogs) if ogs else None
        ratios = [b / a for a, b in pairs if a is not None and b is not None]
        if ratios:
            ratio = f"{statistics.median(ratios):.1f}×"
        elif nim is not None and og is None and tuple(og_cmd) not in refused:
            ratio = f"> {limit / nim:.0f}×"
        else:
            ratio = "–"
        print(f"| {code} to {power(n)} | {secs(og)} | {secs(nim, nim_cmd)} | {ratio} |",
              flush=True)
print()
print(f"load average at the end: {os.getloadavg()[0]:.1f}")
PY
