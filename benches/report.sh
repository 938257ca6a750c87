#!/usr/bin/env bash
# Regenerates the figures of BENCHMARKS.md, printed in the form BENCHMARKS.md quotes them,
# each timed command the median of several runs, with the machine and its load stated.
#
# Usage: benches/report.sh [SECTION...]
#   sections: bulk values startup verify tables octal fuzz (default: all but fuzz, which
#   takes about ten minutes)
# Environment:
#   RUNS=5          runs of each timed command (the median is printed; start-up uses 200)
#   PILES=10000000  BITS=40   the bulk input: PILES random BITS-bit piles, one per line
#   NIMLAB=path     measure this nimlab binary instead of building this checkout (before/after)
#
# Needs bash, python3 (input generation and timing) and GNU coreutils; g++ for the C++
# yardstick and ogsolve (`cargo install ogsolve`) for the octal comparison, each skipped with
# a note when absent.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-5}
piles=${PILES:-10000000}
bits=${BITS:-40}
sections=("$@")
if [ ${#sections[@]} -eq 0 ]; then
  sections=(bulk values startup verify tables octal)
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

# The timer: runs a command RUNS times (stdin from a file, stdout discarded) and prints the
# median wall-clock seconds, the median CPU seconds (user + system: what the command itself
# used, less sensitive to other work on the machine than wall time), and the peak RSS in MB
# of one more run under GNU time (`wait4` from Python would count Python's own pages, which
# a forked child carries until it execs), or `?` without /usr/bin/time.
timer="$work/timer.py"
cat > "$timer" <<'PY'
import os, statistics, subprocess, sys, tempfile, time
runs, stdin = int(sys.argv[1]), sys.argv[2]
cmd = sys.argv[4:]
walls, cpus = [], []
def run(argv):
    with open(stdin, "rb") as inp, open(os.devnull, "wb") as out:
        start = time.perf_counter()
        # stderr too: progress lines (ogsolve's) would break the tables printed here.
        p = subprocess.Popen(argv, stdin=inp, stdout=out, stderr=out)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime
for _ in range(runs):
    wall, cpu = run(cmd)
    walls.append(wall)
    cpus.append(cpu)
rss = "?"
if os.path.exists("/usr/bin/time"):
    with tempfile.NamedTemporaryFile("r") as f:
        run(["/usr/bin/time", "-f", "%M", "-o", f.name] + cmd)
        rss = f"{int(f.read().split()[-1]) / 1024:.1f}"
print(f"{statistics.median(walls):.4f} {statistics.median(cpus):.4f} {rss}")
PY

# time_cmd RUNS STDIN CMD... → "wall cpu rss_mb"
time_cmd() { local n=$1 stdin=$2; shift 2; python3 "$timer" "$n" "$stdin" -- "$@"; }
load() { cut -d' ' -f1 /proc/loadavg; }
fmt() { python3 -c "import sys; print(sys.argv[1] % float(sys.argv[2]))" "$@"; }
# seconds shown with two significant figures past the point that matters
secs() { python3 -c "import sys; t=float(sys.argv[1]); print(f'{t:.3f}' if t < 1 else f'{t:.2f}')" "$1"; }

echo "# nimlab benchmarks, $(date -u +%Y-%m-%d), $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'),"\
  "$(free -g | awk '/Mem:/ {print $2}') GiB; load average $(load) at the start."
echo "Binary: $bin. Each timed figure is the median of $runs runs (start-up: 200)."

for section in "${sections[@]}"; do
case $section in

bulk)
  file="$work/piles.txt"
  python3 - "$piles" "$bits" "$file" <<'PY'
import random, sys
n, bits, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(2026)
with open(path, "w") as f:
    for start in range(0, n, 100_000):
        f.write("\n".join(str(rng.getrandbits(bits)) for _ in range(min(100_000, n - start))))
        f.write("\n")
PY
  size=$(stat -c %s "$file")
  mb=$(fmt %.1f "$(python3 -c "print($size / 1e6)")")
  cat "$file" > /dev/null # the page cache is warm for every command alike
  echo
  echo "## Bulk positions ($piles random $bits-bit piles, $mb MB of text; load $(load))"
  echo
  read -r t_cat c_cat rss_cat < <(time_cmd "$runs" /dev/null cat "$file")
  read -r t_wc c_wc rss_wc < <(time_cmd "$runs" "$file" wc -w)
  t_cpp="" c_cpp=""
  if command -v g++ > /dev/null; then
    g++ -O2 -o "$work/xor_reader" benches/xor_reader.cpp
    read -r t_cpp c_cpp rss_cpp < <(time_cmd "$runs" "$file" "$work/xor_reader")
    cpp_sum=$("$work/xor_reader" < "$file" | awk '{print $4}')
  fi
  py() { python3 -c "print($1)"; }
  echo "| command | seconds (wall) | CPU seconds | MB/s (wall) | × cat (wall) | C++ ÷ nimlab (wall, CPU) | peak RSS |"
  echo "|---|---|---|---|---|---|---|"
  row() { # label wall cpu rss [nimlab]
    local label=$1 t=$2 c=$3 rss=$4 ratio=""
    if [ -n "$t_cpp" ] && [ "${5:-}" = nimlab ]; then
      ratio="$(fmt %.1f "$(py "$t_cpp / $t")"), $(fmt %.1f "$(py "$c_cpp / max($c, 1e-3)")")"
    fi
    echo "| $label | $(secs "$t") | $(secs "$c") | $(fmt %.0f "$(py "$size / 1e6 / $t")") |" \
      "$(fmt %.1f "$(py "$t / $t_cat")") | $ratio | $rss MB |"
  }
  row '`cat FILE > /dev/null`' "$t_cat" "$c_cat" "$rss_cat"
  row '`wc -w`' "$t_wc" "$c_wc" "$rss_wc"
  if [ -n "$t_cpp" ]; then
    row 'C++ iostreams reader, XOR (`benches/xor_reader.cpp`, `g++ -O2`)' "$t_cpp" "$c_cpp" "$rss_cpp"
  fi
  worst_cpp=999 worst_cpp_cpu=999 worst_cat=0 worst_rss=0
  for rules in nim zero-move misere; do
    for cmd in winner move; do
      read -r t c rss < <(time_cmd "$runs" /dev/null "$bin" "$cmd" --rules "$rules" --file "$file")
      row "\`$cmd --rules $rules --file\`" "$t" "$c" "$rss" nimlab
      worst_cat=$(py "max($worst_cat, $t / $t_cat)")
      [ "$rss" != "?" ] && worst_rss=$(py "max($worst_rss, $rss)")
      if [ -n "$t_cpp" ]; then
        worst_cpp=$(py "min($worst_cpp, $t_cpp / $t)")
        worst_cpp_cpu=$(py "min($worst_cpp_cpu, $c_cpp / max($c, 1e-3))")
      fi
    done
  done
  read -r t c rss < <(time_cmd "$runs" "$file" "$bin" winner --rules nim -)
  row '`winner --rules nim -` (standard input)' "$t" "$c" "$rss" nimlab
  echo
  nim_sum=$("$bin" winner --rules nim --format json --file "$file" | python3 -c "import json,sys; print(json.load(sys.stdin)['nim_sum'])")
  if [ -n "$t_cpp" ]; then
    if [ "$nim_sum" = "$cpp_sum" ]; then agree=", the C++ reader's XOR too"; else agree=", but the C++ reader's XOR is $cpp_sum: WRONG"; fi
  fi
  echo "Nim-sum $nim_sum${agree:-}."
  goal() { python3 -c "print('met' if $1 else 'missed')"; }
  if [ -n "$t_cpp" ]; then
    echo "Goal ≤ 1/6 of the C++ reader's time: wall $(goal "$worst_cpp >= 6") (slowest nimlab row" \
      "$(fmt %.1f "$worst_cpp")× faster), CPU $(goal "$worst_cpp_cpu >= 6") ($(fmt %.1f "$worst_cpp_cpu")× faster)."
  fi
  echo "Goal ≤ 5× cat: $(goal "$worst_cat <= 5") (slowest nimlab row $(fmt %.1f "$worst_cat")× cat)."
  echo "Goal peak RSS ≤ 16 MB: $(goal "$worst_rss <= 16") (largest $worst_rss MB). Load average $(load) at the end."
  rm -f "$file"
  ;;

values)
  echo
  echo "## Huge ranges streamed (\`grundy --rules zero-move 0..10000000 --values\`, to /dev/null; load $(load))"
  echo
  echo "| format | bytes | seconds | peak RSS |"
  echo "|---|---|---|---|"
  for spec in "csv:zero-move" "json:zero-move" "text:zero-move" "csv:subtract:1,3,4"; do
    format=${spec%%:*} rules=${spec#*:}
    bytes=$("$bin" grundy --rules "$rules" 0..10000000 --values --format "$format" | wc -c)
    read -r t _ rss < <(time_cmd "$runs" /dev/null "$bin" grundy --rules "$rules" 0..10000000 --values --format "$format")
    echo "| $format, \`$rules\` | $(fmt %.0f "$(python3 -c "print($bytes / 1e6)")") MB | $(secs "$t") | $rss MB |"
  done
  "$bin" grundy --rules zero-move 0..10000000 --values --format csv > "$work/values.csv"
  read -r t _ _ < <(time_cmd "$runs" /dev/null cat "$work/values.csv")
  echo "| \`cat\` of the zero-move CSV | | $(secs "$t") | |"
  rm -f "$work/values.csv"
  ;;

startup)
  echo
  echo "## Start-up and lessons (spawned from Python; load $(load))"
  echo
  echo "| command | median |"
  echo "|---|---|"
  read -r t _ _ < <(time_cmd 200 /dev/null /bin/true)
  echo "| \`/bin/true\` (the cost of spawning) | $(fmt %.2f "$(python3 -c "print($t * 1000)")") ms |"
  for args in "mex 0 1" "grundy" "lesson list"; do
    # shellcheck disable=SC2086 # the words are meant to split
    read -r t _ _ < <(time_cmd 200 /dev/null "$bin" $args)
    echo "| \`nimlab $args\` | $(fmt %.2f "$(python3 -c "print($t * 1000)")") ms |"
  done
  read -r t _ _ < <(time_cmd 20 /dev/null "$bin" lesson check)
  echo "| \`nimlab lesson check\` ($("$bin" lesson check 2>&1 | tail -n 1)) | $(fmt %.0f "$(python3 -c "print($t * 1000)")") ms |"
  ;;

verify | tables | octal)
  bench=$section
  [ "$section" = tables ] && bench=engine
  echo
  echo "## \`cargo bench --bench $bench\` (divan; load $(load))"
  echo
  echo '```'
  cargo bench --quiet --bench "$bench" 2>/dev/null
  echo '```'
  if [ "$section" = verify ]; then
    echo
    echo "One core: \`RAYON_NUM_THREADS=1 cargo bench --bench verify\`"
    echo '```'
    RAYON_NUM_THREADS=1 cargo bench --quiet --bench verify 2>/dev/null
    echo '```'
  fi
  if [ "$section" = octal ]; then
    if command -v ogsolve > /dev/null; then
      # The same comparison as BENCHMARKS.md's octal table: ogsolve's fastest method (rc2),
      # in alternation with nimlab, the ratio taken pair by pair.
      echo
      echo "nimlab against ogsolve \`-m rc2\` (\`benches/octal_vs_ogsolve.sh\`, ${RUNS:-3} pairs a row):"
      echo
      NIMLAB=$bin RUNS=${RUNS:-3} benches/octal_vs_ogsolve.sh
    else
      echo
      echo "ogsolve is not installed (\`cargo install ogsolve\`): its column is not regenerated."
    fi
  fi
  ;;

fuzz)
  echo
  echo "## Fuzzing (\`cargo run --release --example fuzz -- all 1000000\`; load $(load))"
  echo
  cargo run --quiet --release --example fuzz -- all 1000000
  ;;

*)
  echo "unknown section \`$section\`: expected bulk, values, startup, verify, tables, octal or fuzz" >&2
  exit 2
  ;;
esac
done
echo
echo "Load average $(load) at the end."
