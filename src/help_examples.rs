//! Two examples under each command's help (`-h`, `--help`, `help COMMAND`), written as a line
//! of the command language: typed at nimlab's prompt, or after `nimlab` on the shell (quoted
//! as the shell needs). Each one runs; the integration tests run them all.

pub(crate) const MEX: &str = "\
Examples:
  mex 0 1 3                   2: the least number not in the set
  mex {0, 2, 5}               1";

pub(crate) const GRUNDY: &str = "\
Examples:
  grundy 0..10                the table for 0..10, each state's options and mex
  grundy 1000000007T          one value at once, by the proven closed form";

pub(crate) const PERIOD: &str = "\
Examples:
  period --rules octal:0.77   Kayles: preperiod 71, period 12
  period --rules subtract:1,3,4 --table";

pub(crate) const WINNER: &str = "\
Examples:
  winner 18 47 34             values 17 48 33, nim-sum 0: the second wins
  winner --rules nim 3 4 5    nim-sum 2: the first player wins";

pub(crate) const MOVE: &str = "\
Examples:
  move 32 49 58               the winning move in binary
  move --rules misere 1 1 4   misère Nim: 4 → 1 leaves three 1-piles";

pub(crate) const NIMSUM: &str = "\
Examples:
  nimsum 3 4 5                3 ⊕ 4 ⊕ 5 = 2, odd columns and the top bit marked
  nimsum --rules nim 7 9";

pub(crate) const GAME: &str = "\
Examples:
  game take13(n) = {n - k : k in {1, 3}, k <= n}
  game halves(n) = {[a, n - a] : a in 1..n/2}";

pub(crate) const EVAL: &str = "\
Examples:
  = 3 xor 5
  = mex{0, 1, 3}
  = all n in 1..99: g(nF) = n
  = winner(zero-move, 18, 47, 34)";

pub(crate) const DERIVE: &str = "\
Examples:
  derive 0..5                 one state at a time (Enter: the next)
  derive --rules subtract:1,3,4 0..8 --all";

pub(crate) const DECIDE: &str = "\
Examples:
  decide all n: any k: n = k + k or n = k + k + 1
  decide --explain all x: x ^ x = 0";

pub(crate) const CONJECTURE: &str = "\
Examples:
  conjecture g(nF) = n
  conjecture --rules nim g(n) = n";

pub(crate) const VERIFY: &str = "\
Examples:
  verify --piles 3 --max 5
  verify --rules misere --piles 3 --max 4";

pub(crate) const PROVE: &str = "\
Examples:
  prove                       the proofs there are
  prove zero-move-rule --all  every step of one at once";

pub(crate) const LESSON: &str = "\
Examples:
  lesson list                 the lessons, and where you are in each
  lesson start mex            start one, or go back to where you left it
  lesson results              your record, a row a step";

pub(crate) const RULES: &str = "\
Examples:
  rules                       every ruleset, and the session's
  rules kayles                Kayles (octal:0.77) for the rest of the session";

pub(crate) const POSITION: &str = "\
Examples:
  position 4 7 5
  position 'wythoff(3,5) + lasker(7) + 4'";

pub(crate) const SET: &str = "\
Examples:
  set 2 9                     pile 2 of the session's position becomes 9T
  set 1 3F";

pub(crate) const PLAY: &str = "\
Examples:
  play 4 7 5                  then `2 1` takes 1 from pile 2; `why` after a move
  play --rules nim --coach off 3 4 5";

pub(crate) const STEP: &str = "\
Examples:
  step                        one perfect move on the session's position
  step --all                  the whole line of play to the end";

pub(crate) const DRAW: &str = "\
Examples:
  draw 3                      the game graph of 3T: a tree here, DOT in a pipe
  draw --plot --rules octal:0.07 0..200 -o dawson.svg";

pub(crate) const RUN: &str = "\
Examples:
  run class.txt               each line a command; `#` starts a comment
  run week1/nim.txt           a path from where nimlab runs";

pub(crate) const HELP: &str = "\
Examples:
  help winner
  help =";

pub(crate) const COMPLETIONS: &str = "\
Examples:
  completions bash
  completions fish";

pub(crate) const MAN: &str = "\
Examples:
  man                         the main page, in roff (`nimlab man | man -l -`)
  man winner                  nimlab-winner(1)";

pub(crate) const QUIT: &str = "\
Examples:
  quit                        leave the game, lesson or proof you are in
  exit                        the same";
