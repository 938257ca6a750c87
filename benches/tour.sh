#!/usr/bin/env bash
# The tmux tour: drives the release binary in a real terminal at 80×24, as a learner or a
# lecturer would, and prints each screen. Read the screens after any change that touches what
# people see. Usage: benches/tour.sh [--color]   (needs tmux)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=$PWD/target/release/nimlab
data=$(mktemp -d)
trap 'tmux kill-session -t nimlab-tour 2>/dev/null || true; rm -rf "$data"' EXIT
color=never
[ "${1:-}" = --color ] && color=always
tmux kill-session -t nimlab-tour 2>/dev/null || true
tmux new-session -d -s nimlab-tour -x 80 -y 24 \
  "env NIMLAB_DATA_DIR=$data/data NIMLAB_STATE_DIR=$data/state $bin --color $color"
sleep 0.5
screen() { # type a line (or keys), wait, print the screen
  local title=$1; shift
  tmux send-keys -t nimlab-tour "$@"
  sleep "${PAUSE:-0.8}"
  printf '\n──── %s ' "$title"; printf '─%.0s' $(seq 1 $((72 - ${#title}))); printf '\n'
  tmux capture-pane -p -e -t nimlab-tour
}
screen "welcome" ""
screen "grundy" 'grundy 0..6' Enter
screen "winner" 'winner 18 47 34' Enter
screen "move" 'move 32 49 58' Enter
screen "derive" 'derive 0..3' Enter
screen "derive: next" Enter
screen "derive: quit" 'quit' Enter
screen "play" C-l 'play 4 7 5' Enter
screen "play: a bad move, one screen, the verdict last" C-l '1 1' Enter
screen "play: why (the move in binary)" C-l 'why' Enter
screen "play: winner on the board" C-l 'winner' Enter
screen "play: quit" 'quit' Enter
screen "play with the coach off: the board is drawn" C-l 'play --coach off 4 7 5' Enter '2 3' Enter
screen "play: quit" 'quit' Enter
screen "a command's help: its flags and two examples" C-l 'winner -h' Enter
screen "a game graph drawn in the terminal" C-l 'draw 2' Enter
screen "a sequence as a sparkline" C-l 'draw --plot --rules octal:0.07 0..200' Enter
screen "a Hackenbush picture with its node names" C-l 'draw --rules hackenbush 5 2(1,3)' Enter
# A real paste: the terminal wraps the block in bracketed-paste markers.
tmux set-buffer -b tour $'mex 0 1\nmex 0 2\nmex 1 2\n'
tmux paste-buffer -p -b tour -t nimlab-tour
screen "paste three lines, then Enter" Enter
screen "a long table, interrupted" 'grundy 0..10000000 --values' Enter
screen "Ctrl-C" C-c
screen "after the interrupt" 'winner 1 2' Enter
screen "lesson" 'lesson start mex' Enter
screen "lesson: next" Enter
screen "lesson: quit" 'quit' Enter
screen "present a lesson" 'lesson start nim --present' Enter
screen "present: next" Enter
screen "present: next" Enter
screen "present: quit" 'quit' Enter
screen "bad input" 'winner 3 x 5' Enter
screen "a Hackenbush tree, worked out" 'grundy --rules hackenbush 2(1,3)' Enter
screen "a winning cut, on the pictures" C-l 'move --rules hackenbush 2(1,3) 5 3' Enter
screen "a sum of different games" "move 'wythoff(3,5) + lasker(7) + nim(4)'" Enter
screen "a sum's value" C-l "grundy 'wythoff(3,5) + lasker(7) + nim(4)'" Enter
screen "Northcott: White's winning move and Black's" C-l 'move --rules northcott (1,5) (2,3)' Enter
screen "a sum played misère, searched whole" C-l "move --misere 'kayles(4) + nim(1)'" Enter
screen "Moore's Nim: who wins and why" C-l 'move --rules moore:2 3 5 6' Enter
screen "play a game that splits" 'play --rules lasker 5 7' Enter
screen "play: a split" '2 -> 1+6' Enter
screen "play: undo" 'undo' Enter
screen "play: quit" 'quit' Enter
screen "play a sum of different games" "play 'wythoff(3,5) + lasker(7) + 4'" Enter
screen "play: a move in one component" '2 -> 4' Enter
screen "play: quit" 'quit' Enter
screen "play Green Hackenbush" 'play --rules hackenbush 5 2(1,3)' Enter
screen "play: a cut" 'cut 4-5 of 5' Enter
screen "play: quit" 'quit' Enter
screen "a loopy graph: a draw" C-l 'winner --rules graph:lessons/graphs/loopy-games.yaml tick' Enter
screen "play on a loopy graph, from a draw" C-l 'play --rules graph:lessons/graphs/loopy-games.yaml e' Enter
screen "play: a move that keeps the draw" C-l '1 -> tick' Enter
screen "play: quit" 'quit' Enter
screen "Ruler: a move that leaves a run of heaps" 'move --rules ruler 4 6 3' Enter
screen "step through a sum" "position 'wythoff(3,5) + lasker(7) + nim(4)'" Enter
screen "step: one move" 'step' Enter
screen "step: the rest of the game" 'step --all' Enter
screen "verify a game of tuples" 'verify --rules wythoff --misere --piles 2 --max 3' Enter
screen "rules to a game of tuples" 'position 3 5' Enter
screen "rules wythoff" 'rules wythoff' Enter
screen "a conjecture decided for every n" 'rules zero-move' Enter C-l 'conjecture g(nT) = if odd(n) then n + 1 else n - 1' Enter
screen "the fixed conjecture" C-l 'conjecture g(nT) = if n = 0 then 0 else if odd(n) then n + 1 else n - 1' Enter
screen "a lookup by a proven formula; ^ is XOR" C-l 'grundy 1000000 --rules lasker' Enter '= 10^9' Enter
screen "a search stopped at the memory limit" C-l 'winner --misere --rules grundy-game 1000 --memory 64M' Enter 'mex 0 1' Enter
screen "a far pile: the move from the game's structure" C-l 'move --rules lasker 1000000003 5' Enter
screen "a far pile in misère: won by taking it whole" C-l 'winner --misere --rules lasker 1000000000 1' Enter
screen "a position keeps its rules" C-l 'position --rules subtract:1,2 5' Enter 'step' Enter
screen "a picture drawn as text" C-l 'draw --rules hackenbush 3(1,1) --format text' Enter
screen "help" 'help' Enter
# Help is taller than 24 rows, so it is paged (`less -FRX`): `q` leaves the pager.
screen "help: leave the pager" q
tmux send-keys -t nimlab-tour 'quit' Enter
sleep "${PAUSE:-0.8}"
if tmux has-session -t nimlab-tour 2>/dev/null; then
  printf '\n──── leave: nimlab is still running ──\n'; tmux capture-pane -p -t nimlab-tour; exit 1
fi
printf '\n──── leave: `quit` ended nimlab ──\n'
