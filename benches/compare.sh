#!/usr/bin/env bash
# Times the whole nimlab binary on generated bulk input next to `cat` of the same file, and
# prints the ratio and peak memory. Usage: benches/compare.sh [PILES] [BITS]
# (defaults: 10 000 000 piles of 40 bits, ~130 MB of text).
set -euo pipefail
cd "$(dirname "$0")/.."
piles=${1:-10000000}
bits=${2:-40}
cargo build --release --quiet
bin=target/release/nimlab
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file="$dir/piles.txt"
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
cat "$file" > /dev/null # warm the page cache
best() { # best of 5 wall-clock seconds for a command
  local best=999
  for _ in 1 2 3 4 5; do
    local t
    t=$( { /usr/bin/time -f %e "$@" > /dev/null; } 2>&1 | tail -n 1)
    best=$(python3 -c "print(min($best, $t))")
  done
  echo "$best"
}
t_cat=$(best cat "$file")
printf '%-34s %8s %10s %8s %10s\n' command seconds "MB/s" "x cat" "peak RSS"
printf '%-34s %8s %10s %8s %10s\n' "cat" "$t_cat" "$(python3 -c "print(round($size/1e6/max($t_cat,1e-3)))")" 1.0 -
for rules in nim zero-move misere; do
  for cmd in winner move; do
    t=$(best "$bin" "$cmd" --rules "$rules" --file "$file")
    rss=$( { /usr/bin/time -f %M "$bin" "$cmd" --rules "$rules" --file "$file" > /dev/null; } 2>&1 | tail -n 1)
    printf '%-34s %8s %10s %8s %8s KB\n' "$cmd --rules $rules --file" "$t" \
      "$(python3 -c "print(round($size/1e6/max($t,1e-3)))")" \
      "$(python3 -c "print(round($t/max($t_cat,1e-3), 1))")" "$rss"
  done
done
echo "input: $piles piles of $bits bits, $size bytes"
