#!/usr/bin/env bash
# The inputs that once took the machine's memory, each run in a 2 GiB address space with a
# 30 s timeout: exit code, wall seconds and peak RSS, and the last words nimlab printed.
# Usage: benches/bounded.sh   (NIMLAB=path measures another binary, for before and after)
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${NIMLAB:-}" ]; then B=$NIMLAB; else cargo build --release --quiet; B=$PWD/target/release/nimlab; fi
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
export NIMLAB_DATA_DIR=$D/data NIMLAB_STATE_DIR=$D/state
mkdir -p "$D/ruler" "$D/tup"
cat > "$D/ruler/ruler.yaml" <<'YAML'
format: 1
id: ruler-mem
version: 1
title: Ruler memory
summary: a step whose text asks too much
chapter: Foundations
steps:
  - id: a
    text: "value {{ misere(ruler, 100) }}"
YAML
python3 - "$D/tup/tup.yaml" <<'PY'
import sys
params = ",".join(f"v{i}" for i in range(3000))
open(sys.argv[1], "w").write(f"""format: 1
id: tup
version: 1
title: Tup
summary: a game of 3000 parts
chapter: Foundations
games:
  - "game tup({params}) = {{}}"
steps:
  - id: a
    text: hello
""")
PY
printf 'game t(n) = {[n - k, n - k] : k in 1..min(n, 3)}\nwinner --misere 1000\n' > "$D/t.nimlab"
run() {
  local name=$1; shift
  local out
  out=$( { /usr/bin/time -f "TIME %x %e %M" prlimit --as=2147483648 timeout 30 "$@"; } 2>&1 )
  local t; t=$(echo "$out" | grep '^TIME' | tail -1)
  local said
  said=$(echo "$out" | grep -v -e '^TIME' -e '^Command ' -e 'RUST_BACKTRACE' -e '^\s*$' | tail -1 | cut -c1-90)
  local code secs kib
  read -r _ code secs kib <<< "$t"
  if echo "$out" | grep -q 'signal 6'; then
    code=134
    # An abort says why: a stack overflow or an allocation that failed.
    said="aborted: $(echo "$out" | grep -m1 -o -e 'has overflowed its stack' -e 'memory allocation of [0-9]* bytes failed')"
  fi
  printf '| %s | %s | %s s | %s MB | %s |\n' "$name" "$code" "$secs" "$((kib / 1024))" "$said"
}
echo "| input | exit | wall | peak RSS | last line |"
echo "|---|---|---|---|---|"
run "winner --misere --rules grundy-game 1000" "$B" winner --misere --rules grundy-game 1000
run "= misere(ruler, 100)" "$B" = 'misere(ruler, 100)'
run "= lost(ruler, 100)" "$B" = 'lost(ruler, 100)'
run "lesson check (text: {{ misere(ruler, 100) }})" "$B" lesson check "$D/ruler/ruler.yaml"
run "lesson start (the same lesson)" "$B" --lessons "$D/ruler" lesson start ruler-mem
run "game t(n) = {[n-k, n-k] …}; winner --misere 1000" "$B" run "$D/t.nimlab"
run "winner --misere --rules nim, 100 000 piles of 1" "$B" winner --misere --rules nim $(yes 1 | head -100000 | tr '\n' ' ')
run "verify --rules wythoff --max 500" "$B" verify --rules wythoff --max 500
run "verify --rules wythoff --max 500 --piles 1" "$B" verify --rules wythoff --max 500 --piles 1
run "verify --rules northcott --max 500" "$B" verify --rules northcott --max 500
run "verify --rules wythoff --max 300" "$B" verify --rules wythoff --max 300
run "verify --rules fibonacci-nim --max 1000" "$B" verify --rules fibonacci-nim --max 1000
run "lesson check (a game of 3000 parts)" "$B" lesson check "$D/tup/tup.yaml"
run "verify --piles 2 --max 1700" "$B" verify --piles 2 --max 1700
run "winner --misere --rules hex:0.8 300" "$B" winner --misere --rules hex:0.8 300
run "printf 'winner 3 4 5\nwinner -h\n' | nimlab" sh -c "printf 'winner 3 4 5\nwinner -h\nwinner 1 4 5\n' | '$B'"
run "printf 'play 1 2\nwhy --help\n' | nimlab" sh -c "printf 'play --rules nim 1 2\nwhy --help\nresign\n' | '$B'"
run "--memory 4G = misere(ruler, 200) (limit above the 2 GiB cap)" "$B" --memory 4G = 'misere(ruler, 200)'
run "--memory 4G winner --misere --rules grundy-game 1000" "$B" --memory 4G winner --misere --rules grundy-game 1000
run "= misere(ruler, 200) at the default 1 GiB" "$B" = 'misere(ruler, 200)'
mkfifo "$D/fifo"
run "draw 3 -o FIFO (no reader)" "$B" draw 3 -o "$D/fifo"
# Issue 35 §2 and §3: long operator chains, option lists built outside every budget, the
# decider's own limit.
CHAIN=$(python3 -c "print(' + '.join(['a'] + ['0'] * 6000))")
run "decide all a: a + 0 + … (6 000 terms) = a" "$B" decide "all a: $CHAIN = a"
XOR=$(python3 -c "print(' xor '.join(['n'] + ['0'] * 8000))")
run "conjecture --rules nim g(n) = n xor 0 … (8 000)" "$B" conjecture --rules nim "g(n) = $XOR"
SUM=$(python3 -c "print(' + '.join(['a'] * 1000))")
run "decide all a: a + a + … (1 000 terms) = 1000 * a" "$B" decide "all a: $SUM = 1000 * a"
run "winner --misere --rules lasker 3 4 4200000" "$B" winner --misere --rules lasker 3 4 4200000
run "winner --misere --rules lasker 3 4 5555555 5" "$B" winner --misere --rules lasker 3 4 5555555 5
run "= lost(ruler, 10, 65536)" "$B" = 'lost(ruler, 10, 65536)'
run "= lost(ruler, 20000, 16)" "$B" = 'lost(ruler, 20000, 16)'
mkdir -p "$D/lasker"
cat > "$D/lasker/lasker.yaml" <<'YAML'
format: 1
id: lasker-far
version: 1
title: Lasker far
summary: a step whose text builds millions of options
chapter: Foundations
steps:
  - id: a
    text: "{{ misere(lasker, 1, 2, 3, 4, 9999999) }}"
YAML
run "lesson check (text: {{ misere(lasker, 1, 2, 3, 4, 9999999) }})" "$B" lesson check "$D/lasker/lasker.yaml"
# Issue 34 §1: far piles of library games, once answered as if they had no move.
run "= lost(lasker, 1000000000)" "$B" = 'lost(lasker, 1000000000)'
run "= mexset(mock-turtles, 1422)" "$B" = 'mexset(mock-turtles, 1422)'
run "= misere(lasker, 1000000000, 1)" "$B" = 'misere(lasker, 1000000000, 1)'
run "winner --misere 'lasker(1000000000) + nim(1)'" "$B" winner --misere 'lasker(1000000000) + nim(1)'
run "move --misere --rules mock-turtles 1500 1" "$B" move --misere --rules mock-turtles 1500 1
run "draw --rules lasker 5000000" "$B" draw --rules lasker 5000000
run "play --rules lasker 1000000000 1, then 1 -> 0" sh -c "printf 'play --rules lasker 1000000000 1\n1 -> 0\nquit\n' | '$B'"
run "winner --rules lasker 1000000003" "$B" winner --rules lasker 1000000003
AND=$(python3 -c "print(' & '.join(['a'] * 6000))")
run "decide all a: a & a & … (6 000 terms) = a" "$B" decide "all a: $AND = a"
IMP=$(python3 -c "print(' => '.join(['a = a'] * 6000))")
run "decide all a: a = a => … (6 000 terms)" "$B" decide "all a: $IMP"
