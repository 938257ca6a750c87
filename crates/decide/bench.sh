#!/usr/bin/env bash
# Runs the decider's benchmark in release: the five statements, then the k-pile series.
# Arguments go to the benchmark (--max-k N, --limit-s S).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo bench -p nimlab-decide --bench decide_bench -- "$@"
