#!/usr/bin/env bash
# The decider's speed as whole `nimlab` processes (issue 28): the five statements nimlab's
# proofs need, `prove zero-move-rule` whole, and the k-pile series (Bouton both directions,
# and the value of a sum of k Nim heaps = their XOR) from k = 2 until a run passes LIMIT_S
# seconds. Each figure is the median of RUNS runs, start-up included; the largest automaton
# comes from the JSON nimlab prints, the peak memory from GNU time (`?` without it).
#
# `steps`: every decided step of the bundled proofs (`prove ID --format json`), with the time
# nimlab reports for deciding it, its largest automaton, and each proof whole.
#
# Usage: benches/decide.sh [five|steps|series|all]   (default all)
# Environment: RUNS=3  LIMIT_S=10  MAX_K=4096  NIMLAB=path (measure another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
if [ -n "${NIMLAB:-}" ]; then
  bin=$NIMLAB
else
  cargo build --release --quiet
  bin=target/release/nimlab
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NIMLAB_STATE_DIR="$work/state" NIMLAB_DATA_DIR="$work/data"
echo "nimlab: $bin ($(git rev-parse --short HEAD 2>/dev/null || echo '?')), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 - "$bin" "$what" "${RUNS:-3}" "${LIMIT_S:-10}" "${MAX_K:-4096}" <<'PY'
import json, os, shutil, statistics, subprocess, sys, time

nimlab, what, runs, limit_s, max_k = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
gnu_time = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None

def run(args):
    """Median wall seconds of `runs` runs, the JSON of the last, peak RSS in MB of one more."""
    walls, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.run([nimlab, *args], capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        out = p.stdout
    rss = "?"
    if gnu_time:
        p = subprocess.run([gnu_time, "-f", "%M", nimlab, *args], capture_output=True, text=True)
        rss = f"{int(p.stderr.strip().splitlines()[-1]) / 1024:.1f} MB"
    try:
        data = json.loads(out)
    except (ValueError, TypeError):
        data = {}
    return statistics.median(walls), data, rss

def ms(s):
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"

# v = f(k) for zero-move's rule, with the textbook's variant (no case for 0).
def zm(k, v):
    return f"((({k} = 0 and {v} = 0) or (odd({k}) and {v} = {k} + 1) or (even({k}) and {k} >= 2 and {v} + 1 = {k})))"
def tb(k, v):
    return f"(((odd({k}) and {v} = {k} + 1) or (even({k}) and {v} + 1 = {k})))"
def opt_t(f, n, v):
    return f"((any k < {n}: {f('k', v)}) or ({n} >= 1 and {v} = {n}))"
def step(f, guard):
    return (f"all n: {guard}(all m: {f('n', 'm')} => not {opt_t(f, 'n', 'm')} "
            f"and (all j < m: {opt_t(f, 'n', 'j')}))")

def xs(k):
    return [f"x{i}" for i in range(1, k + 1)]
def xor_of(terms):
    return " ^ ".join(terms)
def moved(k, i, y):
    return [y if j == i else x for j, x in enumerate(xs(k))]
def bouton(k):
    p = " and ".join(f"(all y < x{i + 1}: {xor_of(moved(k, i, 'y'))} != 0)" for i in range(k))
    n = " or ".join(f"(any y < x{i + 1}: {xor_of(moved(k, i, 'y'))} = 0)" for i in range(k))
    s = xor_of(xs(k))
    return f"all {', '.join(xs(k))}: ({s} = 0 => {p}) and ({s} != 0 => {n})"
def nim_sum_value(k):
    def opt(v):
        return "(" + " or ".join(f"(any y < x{i + 1}: {xor_of(moved(k, i, 'y'))} = {v})" for i in range(k)) + ")"
    return f"all {', '.join(xs(k))}, s: {xor_of(xs(k))} = s => not {opt('s')} and (all j < s: {opt('j')})"
sum_two = ("all a, b, s: a ^ b = s => not ((any c < a: c ^ b = s) or (any d < b: a ^ d = s)) "
           "and (all j < s: (any c < a: c ^ b = j) or (any d < b: a ^ d = j))")
lasker = "g(n) = if n % 4 = 3 then n + 1 else if n % 4 = 0 and n > 0 then n - 1 else n for n in 0..0"
# Lasker's closed form L(k, v) and its induction step as one sentence: the options of n leave
# r < n (value L(r)) or split n into a + b, a, b >= 1 (value L(a) xor L(b)).
def las(k, v):
    return (f"(({k} % 4 = 1 or {k} % 4 = 2) and {v} = {k} or {k} % 4 = 3 and {v} = {k} + 1 "
            f"or {k} % 4 = 0 and {k} > 0 and {v} + 1 = {k} or {k} = 0 and {v} = 0)")
def las_opt(n, v):
    return (f"((any r < {n}: {las('r', v)}) or (any a, b: a >= 1 and b >= 1 and a + b = {n} "
            f"and (any u, w: {las('a', 'u')} and {las('b', 'w')} and u ^ w = {v})))")
lasker_sentence = (f"all n: all m: {las('n', 'm')} => not {las_opt('n', 'm')} "
                   f"and (all j < m: {las_opt('n', 'j')})")

if what in ("five", "all"):
    print()
    print("| statement | answer | nimlab wall (median, whole process) | largest automaton | peak memory |")
    print("|---|---|---|---|---|")
    rows = [
        ("zero-move induction step, n ≥ 1: mex({f(k) : k < n} ∪ {n}) = f(n)", ["decide", step(zm, "n >= 1 => ")]),
        ("the same for n ≥ 0 (textbook f, no case for 0)", ["decide", step(tb, "").replace("all m: ", "any m: " + tb('n', 'm') + " and (all m: ", 1) + ")"]),
        ("Bouton, 2 piles (both directions)", ["decide", bouton(2)]),
        ("Bouton, 3 piles (both directions)", ["decide", bouton(3)]),
        ("sum of two Nim heaps: mex{a' ⊕ b, a ⊕ b'} = a ⊕ b", ["decide", sum_two]),
        ("Lasker's closed form by induction (takes and splits), as a sentence (`decide`)", ["decide", lasker_sentence]),
        ("the same, as `conjecture --rules lasker` (with its scan of 0..1000 by mex)", ["conjecture", "--rules", "lasker", lasker]),
    ]
    for name, args in rows:
        wall, data, rss = run(["--format", "json", *args])
        d = data.get("decided", data)
        holds = d.get("holds")
        at = ", ".join(f"{c['var']} = {c['value']}" for c in d.get("counterexample") or [])
        if "fails_at" in d:
            at = f"n = {d['fails_at']}"
        answer = "true" if holds else f"false at {at}"
        inside = f" ({d['milliseconds']:.1f} ms deciding)" if "milliseconds" in d else ""
        print(f"| {name} | {answer} | {ms(wall)}{inside} | {d.get('states', '?')} states | {rss} |")
    wall, _, rss = run(["prove", "zero-move-rule"])
    print(f"| `prove zero-move-rule` whole (6 steps decided, every finite check run too) | true | {ms(wall)} | | {rss} |")

if what in ("steps", "all"):
    print()
    print("| proof › step | decided | deciding (nimlab's own clock) | largest automaton |")
    print("|---|---|---|---|")
    wholes = []
    for proof in ("zero-move-rule", "bouton", "sprague-grundy-sum"):
        wall, data, rss = run(["--format", "json", "prove", proof])
        wholes.append((proof, wall, rss))
        for i, st in enumerate(data.get("steps", [])):
            d = st.get("decided")
            if not d:
                continue
            where = st.get("section") or st.get("heading") or ""
            label = f"{proof} › {i + 1}. {where}"
            print(f"| {label} | {'true' if d.get('holds') else 'NOT TRUE'} | {d['milliseconds']:.1f} ms | {d.get('states', '?')} states |")
    print()
    print("| proof whole (every step decided and every finite check run) | wall (median, whole process) | peak memory |")
    print("|---|---|---|")
    for proof, wall, rss in wholes:
        print(f"| `prove {proof}` | {ms(wall)} | {rss} |")

if what in ("series", "all"):
    print()
    print("| k piles | Bouton (both directions) | value of a sum of k Nim heaps = XOR | largest automaton | peak memory |")
    print("|---|---|---|---|---|")
    # Every k to 24, then by about half again each time, until a run passes LIMIT_S seconds
    # (or k passes MAX_K).
    ks = list(range(2, min(max_k, 24) + 1))
    while ks[-1] < max_k:
        ks.append(min(max_k, ks[-1] * 3 // 2))
    for k in ks:
        # As many words as it has (the line is joined back with spaces): one argument may
        # hold at most 128 KiB, the whole command line about 2 MB.
        try:
            wb, db, rb = run(["--format", "json", "decide", *bouton(k).split()])
            wv, dv, rv = run(["--format", "json", "decide", *nim_sum_value(k).split()])
        except OSError as e:
            print(f"| {k} | the sentences no longer fit on a command line ({e.strerror}) | | | |")
            break
        ok = db.get("holds") is True and dv.get("holds") is True
        print(f"| {k} | {ms(wb)} | {ms(wv)}{'' if ok else ' (NOT DECIDED TRUE)'} | {db.get('states', '?')} / {dv.get('states', '?')} states | {rb} / {rv} |", flush=True)
        if max(wb, wv) > limit_s:
            break
PY
