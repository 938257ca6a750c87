//! The command language: one clap definition that parses both `nimlab CMD ARGS…` on the shell
//! and each REPL or script line (split like a shell would), so the two can never drift apart.

use std::path::PathBuf;

use std::ffi::OsStr;
use std::sync::OnceLock;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::engine::ruleset_name::{self, RULESETS, RulesetName};
pub use crate::format::{ColorChoice, Format};

/// A terminal workbench for Nim, zero-move Nim and Sprague–Grundy theory.
#[derive(Debug, Parser)]
#[command(
    name = "nimlab",
    version,
    disable_help_subcommand = true,
    after_help = "Run `nimlab` with no command to start the interactive workbench (try `help` there). \
                  `nimlab play 4 7 5` and `nimlab lesson start ID` start it in a game or a lesson; \
                  the commands that step through one (`next`, `take`, `hint`, …) work there.\n\n\
                  Shell completions: `source <(nimlab completions bash)` (or zsh, fish, elvish, \
                  powershell; `nimlab completions bash -h` says where each shell keeps them). \
                  Manual pages: `nimlab man | man -l -`, or `nimlab man --dir ~/.local/share/man/man1` \
                  writes them all where `man nimlab` finds them."
)]
pub struct Cli {
    /// How to print results.
    #[arg(long, global = true, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,

    /// When to use colour: `auto` means only on a terminal and never with NO_COLOR set.
    #[arg(long, global = true, value_enum, value_name = "WHEN")]
    pub color: Option<ColorChoice>,

    /// A directory of lessons that add to (or, by id, replace) the bundled ones.
    #[arg(long, global = true, value_name = "DIR")]
    pub lessons: Option<PathBuf>,

    /// Never send long output through a pager (`$PAGER`, default `less -FRX`).
    #[arg(long, global = true)]
    pub no_pager: bool,

    /// The most memory a computation may use, e.g. `512M`, `4G` (default 1G, or
    /// `$NIMLAB_MEMORY`). Past it the command stops with a message; the session goes on.
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory_size)]
    pub memory: Option<u64>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A `--memory` size: `512M`, `4G`, `1.5GiB` or bytes, at least 16 MiB.
fn memory_size(text: &str) -> Result<u64, crate::error::ValueWanted> {
    use crate::engine::memory::{MIN_LIMIT, parse_size};
    parse_size(text)
        .filter(|&bytes| bytes >= MIN_LIMIT)
        .ok_or(crate::error::ValueWanted(
            crate::error::Expected::MemorySize,
        ))
}

/// One command of the language.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The minimum excludant of a set: `mex 0 1 3` → 2 (also `mex {0,1,3}`).
    #[command(allow_negative_numbers = true)]
    #[command(after_help = crate::help_examples::MEX)]
    Mex {
        /// The set's values (whole numbers; order and repeats do not matter).
        #[arg(value_name = "V")]
        values: Vec<String>,
    },

    /// Grundy table: each state's options, their values (the mex set) and its mex.
    ///
    /// `grundy` shows 0..15; `grundy 0..40` a range; `grundy 7` or `grundy 7T` one state;
    /// `grundy 'lasker(7) + 4'` a sum of games, valued as the XOR of its components' values.
    /// Huge sizes are looked up at once by a proven closed form (`grundy 1000000007T`) or a
    /// proven period (`grundy 1000000000 --rules octal:0.77`).
    /// `grundy 0..10000000 --values --format csv` streams each state's value alone.
    #[command(allow_negative_numbers = true)]
    #[command(after_help = crate::help_examples::GRUNDY)]
    Grundy {
        #[command(flatten)]
        rules: RulesArg,
        /// A size `N`, a state `NT`/`NF`, a range `A..B` (inclusive), or a sum `'lasker(7) + 4'`.
        #[arg(value_name = "N|A..B")]
        target: Option<String>,
        /// Sizes after the first (`grundy 5 7`): refused with the range meant, `5..7`.
        #[arg(hide = true, value_name = "MORE")]
        more: Vec<String>,
        /// Each state's value alone (options left out), printed as it is computed by mex:
        /// ranges up to 10000000, in any format.
        #[arg(long)]
        values: bool,
    },

    /// The period of a game's Grundy sequence, with the finite check that proves it.
    ///
    /// Finds the preperiod and the fundamental period. For octal games the proof is the
    /// Guy–Smith periodicity theorem (for hexadecimal games its form for moves leaving three
    /// heaps), for subtraction games the repeat of a window of max(S) values. `--table` shows the values one period per row (like CGSuite's PeriodicTable).
    #[command(after_help = crate::help_examples::PERIOD)]
    Period {
        #[command(flatten)]
        rules: RulesArg,
        /// Look at heaps up to N (default 100000, at most 10000000).
        #[arg(long, value_name = "N")]
        to: Option<String>,
        /// Show the values as rows of one period each.
        #[arg(long)]
        table: bool,
    },

    /// Who wins with perfect play: per-pile Grundy values, their nim-sum, the verdict.
    ///
    /// A sum of different games is written `'wythoff(3,5) + lasker(7) + nim(4)'`: terms
    /// `GAME(STATE)` (or a bare pile of the command's rules) joined by `+`; its value is the
    /// XOR of theirs.
    #[command(after_help = crate::help_examples::WINNER)]
    Winner(PositionArgs),

    /// A winning move, or that none exists (every move loses). On a sum of different games
    /// (`'wythoff(3,5) + lasker(7) + 4'`) it names the component and what it becomes.
    #[command(after_help = crate::help_examples::MOVE)]
    Move(PositionArgs),

    /// The binary view: each pile's Grundy value in binary, the nim-sum, odd columns marked.
    #[command(after_help = crate::help_examples::NIMSUM)]
    Nimsum(PositionArgs),

    /// Define a game and make it the session's rules: `game NAME(n) = OPTIONS`.
    ///
    /// OPTIONS is a set expression (see `help =`) of what one move from the state n leaves: a
    /// number for one heap, `[a, b]` for two heaps whose values XOR. A set builder may keep
    /// only the elements meeting a condition: `{n - k*k : k in 1..n, k*k <= n}`. Every option
    /// must be a smaller state, so play ends. `--rules game:NAME` names the game while it is
    /// the session's. Example: `game lasker2(n) = {n - k : k in 1..n} ∪ {[a, n - a] : a in 1..n/2}`.
    #[command(after_help = crate::help_examples::GAME)]
    Game {
        /// The definition after the word `game` (the rest of the line).
        #[arg(
            value_name = "DEFINITION",
            required = true,
            num_args = 1..,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        definition: Vec<String>,
    },

    /// Evaluate an expression: `= 3 xor 5`, `= g(zero-move, 7T)`, `= all n in 0..99: g(nF) = n`.
    #[command(name = "=", visible_alias = "eval", long_about = eval_help())]
    #[command(after_help = crate::help_examples::EVAL)]
    Eval {
        /// The expression (the rest of the line).
        #[arg(
            value_name = "EXPR",
            required = true,
            num_args = 1..,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        expr: Vec<String>,
    },

    /// Derive Grundy values by hand: each state's options, their values, the set and its mex.
    ///
    /// In the REPL it shows one state at a time (Enter or `next`, `back`); with `--all`, or in
    /// a script, every state at once. For zero-move the order is 0, 1F, 1T, 2F, 2T, ….
    #[command(allow_negative_numbers = true)]
    #[command(after_help = crate::help_examples::DERIVE)]
    Derive {
        #[command(flatten)]
        rules: RulesArg,
        /// Sizes `A..B` (both included; default 0..5), a size `N` or a state `NT`.
        #[arg(value_name = "A..B")]
        range: Option<String>,
        /// Show every state at once.
        #[arg(long)]
        all: bool,
    },

    /// Decide a first-order sentence about the natural numbers for every value, by finite
    /// automata over binary digits: `decide all n: any k: n = k + k or n = k + k + 1`.
    ///
    /// The sentence uses `all x, y: …`, `any x < n: …`, `and`, `or`, `not`, `=>`, `<=>`,
    /// comparisons, `odd(x)`, `even(x)`, and terms with `+`, `^` (xor), `&`, `|`, `*` `/` `%` by
    /// a constant and `if C then A else B` (the syntax of `lessons/proofs/README.md`). A false
    /// `all …` sentence gets its smallest counterexample. `--explain` shows the automata's
    /// figures.
    #[command(after_help = crate::help_examples::DECIDE)]
    Decide {
        /// Show the automata's sizes in full.
        #[arg(long)]
        explain: bool,
        /// Write the automaton of the formula as Graphviz DOT instead (free variables allowed:
        /// `decide --dot 'x + y = z'`), one track per variable, least significant digit first.
        #[arg(long, conflicts_with = "explain")]
        dot: bool,
        /// The decider's work limit, in work units (default 50000000, at most about 20 s
        /// here); a sentence not decided within it says so and exits 2.
        #[arg(long, value_name = "UNITS")]
        work: Option<u64>,
        /// The sentence (the rest of the line).
        #[arg(
            value_name = "SENTENCE",
            required = true,
            num_args = 1..,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        sentence: Vec<String>,
    },

    /// Test a formula for Grundy values, for every n where it can: `conjecture g(nT) = n + 1`.
    ///
    /// The left side names the states (`g(nT)`, `g(nF)`, or `g(n)`); the right side is an
    /// expression in `n` (see `help =`). Where the formula and the game's options are
    /// first-order (+, −, xor, if, odd, even, * / % by constants, mex of a set builder,
    /// `all`/`any`, set equality), the decider proves it by induction for every n or names the
    /// smallest n where it fails. It is also compared with values computed by mex for
    /// n = 0..1000, or over `for n in A..B`, and the first counterexample is derived.
    ///
    /// `lost(a, b, c) = CONDITION` is a claim about whole positions of nim, misere or
    /// `--rules moore:K`: decided for every position by induction on the total, and compared
    /// with every small position solved by trying every move.
    #[command(after_help = crate::help_examples::CONJECTURE)]
    Conjecture {
        #[command(flatten)]
        rules: RulesArg,
        /// Show the induction sentence decided and the size of its automata.
        #[arg(long)]
        explain: bool,
        /// `g(nT) = EXPR [for n in A..B]` (the rest of the line).
        #[arg(
            value_name = "FORMULA",
            required = true,
            num_args = 1..,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        formula: Vec<String>,
    },

    /// Check nimlab's winner rule against exhaustive game-tree search (no Sprague–Grundy).
    ///
    /// Solves every position with up to K piles of size ≤ M (for zero-move, every mix of T
    /// and F) by trying every move, and compares with the rule nimlab uses: the XOR of Grundy
    /// values, or misère Nim's rule. Zero-move misère has no simple rule: you get the table.
    #[command(after_help = crate::help_examples::VERIFY)]
    Verify {
        /// The ruleset (default: the session's; `rules` lists them); a name followed by
        /// `-misere`, such as `zero-move-misere`, is that ruleset played misère.
        #[arg(
            long,
            value_name = "R",
            value_parser = RulesName { misere_suffix: true },
            hide_possible_values = true
        )]
        rules: Option<String>,
        /// Misère play: the last mover loses.
        #[arg(long)]
        misere: bool,
        /// Up to this many piles.
        #[arg(long, value_name = "K", default_value_t = 4)]
        piles: usize,
        /// Piles of size up to M.
        #[arg(long, value_name = "M", default_value_t = 7)]
        max: u64,
    },

    /// Walk a proof step by step: `prove zero-move-rule`. A step whose claim is a first-order
    /// sentence over the natural numbers (+, <, constants, xor, parity) is decided for every n
    /// by finite automata (`✓ for every n (decided: automaton of 9 states, 4 ms)`); every
    /// step is also checked by the engine on a finite range of cases (`checked for n =
    /// 1..300`), and a step that is only checked says why it is not decided. `--explain` shows
    /// each sentence and its automaton's size.
    ///
    /// Without a name, lists the proofs. In the REPL: Enter or `next`, `back`, `expand` (the
    /// check's evidence), `at n = 8` (the step at one value). `--all` or a script prints
    /// every step.
    #[command(after_help = crate::help_examples::PROVE)]
    Prove {
        /// `zero-move-rule`, `bouton` or `sprague-grundy-sum`.
        name: Option<String>,
        /// Show every step at once.
        #[arg(long)]
        all: bool,
        /// Show each step's first-order sentence and the size of its automaton.
        #[arg(long)]
        explain: bool,
    },

    /// Show the evidence for the current proof step's check, value by value.
    #[command(hide = true)]
    Expand,

    /// Instantiate the current proof step at one value: `at n = 8`.
    #[command(hide = true)]
    At {
        /// `VAR = K`.
        #[arg(
            value_name = "VAR = K",
            required = true,
            num_args = 1..,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        binding: Vec<String>,
    },

    /// The next step of a derivation or proof (Enter does the same).
    #[command(hide = true)]
    Next,

    /// The previous step of a derivation or proof.
    #[command(hide = true)]
    Back,

    /// Lessons: `lesson list`, `lesson start ID [--present]`, `lesson quit`, `lesson results`,
    /// `lesson reset ID`, `lesson check [FILES|DIR]`.
    #[command(after_help = crate::help_examples::LESSON)]
    Lesson {
        /// What to do; `lesson` alone lists the lessons.
        #[command(subcommand)]
        action: Option<LessonAction>,
    },

    /// In a lesson: jump to the step with this id.
    #[command(hide = true)]
    Goto {
        /// A step id.
        id: String,
    },

    /// In a lesson: give up on the question, see its solution and move on.
    #[command(hide = true)]
    Skip,

    /// In a lesson being presented: show the current question's answer.
    #[command(hide = true)]
    Reveal,

    /// Show the rulesets and the session's, or set the session's: `rules zero-move`.
    #[command(after_help = crate::help_examples::RULES)]
    Rules {
        /// The session's new ruleset.
        #[arg(value_name = "R", value_parser = RulesName { misere_suffix: false })]
        name: Option<String>,
    },

    /// Show or set the session's position: `position 3 4 5`. A position set with `--rules R`
    /// keeps R: `step`, `set`, `play`, `winner` and `position` go on by R.
    #[command(after_help = crate::help_examples::POSITION)]
    Position(PositionArgs),

    /// Change one pile of the session's position: `set 2 7` (piles are numbered from 1).
    #[command(allow_negative_numbers = true)]
    #[command(after_help = crate::help_examples::SET)]
    Set {
        /// Which pile, from 1.
        index: String,
        /// Its new size or state.
        pile: String,
    },

    /// Play against the computer, which plays perfectly: `play 4 7 5`.
    ///
    /// Move with `take K from I` or `pass I` (zero-move), or the short forms `I K` and `I pass`;
    /// in any game, `I -> S` makes pile I the state S (`1 -> (3,5)` in wythoff, a position's
    /// name in a graph) and `I -> A+B` splits it (`2 -> 3+4` in lasker). The game's first line
    /// shows its own syntax. Each move shows the board (with each pile's value when the coach
    /// is on) and ends with one line: the coach's verdict and the computer's reply. `why` then
    /// shows the move in binary with the reasons (`--coach verbose`: every move so). `hint`,
    /// `undo`, `resign`. Without piles, the session's
    /// position is played, or else a random one from `--seed`. A sum of different games,
    /// `play 'wythoff(3,5) + lasker(7) + 4'`, is moved component by component (`2 -> 4`), and
    /// Green Hackenbush, `play --rules hackenbush 5 2(1,3)`, by cutting edges (`cut 1-2 of 5`).
    #[command(after_help = crate::help_examples::PLAY)]
    Play(PlayArgs),

    /// In a game: take K tokens from pile I (`take 3 from 2`, or just `2 3`).
    #[command(allow_negative_numbers = true, hide = true)]
    Take {
        /// How many tokens.
        count: String,
        /// `from I`, or just the pile number I.
        #[arg(value_name = "from I", num_args = 1..=2)]
        pile: Vec<String>,
    },

    /// In a zero-move game: spend pile I's pass (`pass 2`, or just `2 pass`).
    #[command(allow_negative_numbers = true, hide = true)]
    Pass {
        /// Which pile, from 1.
        index: String,
    },

    /// In a game: take back your last move and the computer's reply.
    #[command(hide = true)]
    Undo,

    /// In a game: show the winning move, or that every move loses.
    #[command(hide = true)]
    Hint,

    /// In a game: give up; the computer wins.
    #[command(hide = true)]
    Resign,

    /// In a game: your last move in binary with the coach's reasons; `why computer` the
    /// computer's reply with its reasons (a move shows only the board and a one-line verdict
    /// unless `--coach verbose`).
    #[command(hide = true)]
    Why {
        /// `computer` (or its move's number) for the computer's reply; `you` for yours.
        #[arg(value_name = "WHOSE")]
        whose: Option<String>,
    },

    /// Play one perfect move on the session's position for whoever is to move.
    ///
    /// Shows the binary view before and after. Repeated `step` plays the game out; `step --all`
    /// shows the whole line of play to the end and the winner (and leaves the position as is).
    #[command(after_help = crate::help_examples::STEP)]
    Step {
        /// Show every move to the end of the game.
        #[arg(long)]
        all: bool,
    },

    /// Pictures: a position's game graph (Graphviz DOT, or SVG), or a Grundy sequence plot (SVG).
    ///
    /// `draw 3` draws every position reachable from 3T, each with its Grundy value, P-positions
    /// (value 0) as double boxes and winning moves bold; `draw --rules octal:0.77 6` draws sums
    /// where a move splits a heap, `draw --rules graph:FILE` a whole graph file. DOT is written
    /// unless `--format svg` (which needs Graphviz's `dot`) or `-o FILE.svg` asks for SVG; at
    /// most 500 positions are drawn. `draw --plot --rules octal:0.07 0..200` plots g(n)
    /// against n as SVG, with the proven period marked. At the prompt, in a lesson, or with
    /// `--format text`, the picture is drawn in the terminal instead (no Graphviz needed): the
    /// graph as a tree with values, the plot as a sparkline, a Hackenbush picture with the
    /// names of its nodes.
    #[command(allow_negative_numbers = true)]
    #[command(after_help = crate::help_examples::DRAW)]
    Draw(DrawArgs),

    /// Run a script: one command per line; `#` starts a comment.
    #[command(after_help = crate::help_examples::RUN)]
    Run {
        /// The script file.
        file: PathBuf,
    },

    /// Help on nimlab or on one command: `help winner`, `help lesson start`.
    #[command(after_help = crate::help_examples::HELP)]
    Help {
        /// A command name, and a subcommand's.
        #[arg(value_name = "COMMAND")]
        topic: Vec<String>,
    },

    /// Shell completions, from the command definition: `nimlab completions bash`.
    ///
    /// Bash: `source <(nimlab completions bash)`; zsh: write it as `_nimlab` in a directory
    /// on `$fpath`; fish: `nimlab completions fish > ~/.config/fish/completions/nimlab.fish`.
    #[command(after_help = crate::help_examples::COMPLETIONS)]
    Completions {
        /// The shell (bash, zsh, fish, elvish or powershell); without it, the shells are named.
        #[arg(value_enum)]
        shell: Option<clap_complete::Shell>,
    },

    /// The manual pages, in roff: `nimlab man | man -l -`; `nimlab man winner` for one
    /// command's page (nimlab-winner(1)); `--dir DIR` writes them all as files.
    #[command(after_help = crate::help_examples::MAN)]
    Man {
        /// A command whose page to print (`winner` prints nimlab-winner(1)).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
        /// Write nimlab.1 and every nimlab-COMMAND.1 into DIR instead.
        #[arg(long, value_name = "DIR", conflicts_with = "command")]
        dir: Option<PathBuf>,
    },

    /// Leave the activity you are in (a game, a derivation, a proof, a lesson), or nimlab.
    #[command(alias = "exit")]
    #[command(after_help = crate::help_examples::QUIT)]
    Quit,
}

/// `help =`: the whole expression language on one screen.
const EVAL_HELP: &str = "\
Evaluate an expression. Integers are exact: too large is an error, never a wrap.

  + - * / %          arithmetic. / rounds down: 7 / 2 = 3, 7 / -2 = -4; % takes
                     the divisor's sign, so a = (a / b) * b + a % b: 7 % -2 = -1
  xor  ^  ⊕          bitwise XOR, the nim-sum of two numbers: 3 xor 5 = 6.
                     `^` is NOT a power (2 ^ 3 = 1); write pow(2, 3) for 8
  nimmul  ⊗          nim multiplication, binding like *: 8 nimmul 8 = 13; 0 to
                     2⁶⁴ − 1, and the product of two such stays below 2⁶⁴
  = != < <= > >=     comparisons (they do not chain)
  and  or  not  implies
  if C then A else B
  {0, 2, 3}  {k * k : k in 0..9}  A union B  x in S
  A..B               a range; both ends are included
  all n in 0..100: …   any n in S: …

Functions:
  odd(n)  even(n)    mex{0, 2, 3}  mex(S)  min  max  size  abs
  pow(a, b)          a to the power b: pow(0, 0) = 1; b < 0 needs a = 1 or -1
  isqrt(n)           the largest k with k * k <= n (n >= 0)
  popcount(n)        the number of 1s in n's binary digits (n >= 0)
  odious(n) evil(n)  whether popcount(n) is odd, or even (Winning Ways' words)
  fib(n)             the Fibonacci number F(n): F(0) = 0, F(1) = 1, F(2) = 1, …
  zeckendorf(n)      n as a sum of non-consecutive Fibonacci numbers: the set of
                     its terms, zeckendorf(20) = {2, 5, 13}
  g(zero-move, 7T)   a Grundy value; g(7T) uses the session's ruleset; states
                     are 7, 7T, 7F, nT, (n+1)F. Sizes up to 1000000 are computed
                     by mex over the options, larger ones by the proven formula
  mexset(8T)         the set of the options' values (its mex is g(8T))
  nimsum(3, 4, 5)    XOR of numbers; for piles: nimsum(g(3T), g(4T))
  winner(zero-move, 18, 47, 34)   first or second (by nimlab's rule)
  g(nim, 1, 2, 3)    several piles: the whole position's value by mex over its
  mexset(1, 2)       own options, and lost(nim, 1, 2, 3): whether the player to
  lost(1T, 2F)       move loses, both by game-tree search (no Sprague–Grundy)
  misere(octal:0.77, 4, 4)   who wins when the last mover loses, by game-tree
                     search, for any ruleset
  mg(octal:0.77, 4)  the misère Grundy value g⁻ (Conway), by game-tree search:
                     the mex of the options', a position without moves worth 1
  g(wythoff, (3, 5)) a state of a game whose states are tuples
  draw(a, b)         on a graph with a cycle (`rules graph:FILE`): whether
                     neither player can force a win; there g(a) is γ, a number
                     or ∞{K}, g(a, b) the sum's γ, mexset(a) the finite values
                     of a's options, lost and winner by γ (a draw: neither)
  hackenbush(2(1,3)) a Green Hackenbush picture's value, written as for
                     `--rules hackenbush` (by the colon and fusion principles)
";

/// `help =` after the rulesets, which come from the engine's name table.
const EVAL_HELP_END: &str = "\
Every evaluation is limited in steps and in how deeply it nests, so nothing runs
forever or overflows.";

/// `help =`: the language, the rulesets an expression can name, examples.
fn eval_help() -> String {
    let names: Vec<&str> = RULESETS.iter().filter_map(|r| r.in_expression).collect();
    format!(
        "{EVAL_HELP}Rulesets: {}\n(braces around a subtraction set, since commas separate arguments).\n\n{EVAL_HELP_END}",
        names.join(", ")
    )
}

/// What to do with lessons.
#[derive(Debug, Clone, Subcommand)]
pub enum LessonAction {
    /// Every lesson with your status in it.
    List,
    /// Start a lesson, or go back to where you left it.
    Start {
        /// The lesson's id (see `lesson list`); without it, the lessons are listed.
        id: Option<String>,
        /// For a lecturer: one step a screen, no grading, `reveal` shows answers.
        #[arg(long)]
        present: bool,
        /// With `--present`: append each step's speaker notes to FILE (or a second terminal),
        /// for the lecturer to follow with `tail -f FILE`; they never reach the screen.
        #[arg(long, value_name = "FILE", requires = "present")]
        notes: Option<PathBuf>,
    },
    /// Leave the lesson; `lesson start ID` comes back to the same step.
    Quit,
    /// Your record, a row a step, in every lesson you have worked on (or lesson ID): what
    /// happened, answers tried, hints used, when; `--format csv` or `json` to hand it in.
    Results {
        /// Only this lesson.
        id: Option<String>,
    },
    /// Forget your progress in a lesson.
    Reset {
        id: String,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// Check lesson files (default: the bundled lessons and `--lessons DIR`): every answer,
    /// solution, wrong example, choice, claim and command. Exits 1 on any failure.
    Check {
        /// Lesson files or directories.
        paths: Vec<PathBuf>,
    },
}

/// `--rules R`, shared by the game commands.
#[derive(Debug, Clone, Default, Args)]
pub struct RulesArg {
    /// The ruleset for this command (default: the session's, at start `zero-move`); `rules`
    /// lists them all.
    #[arg(
        long,
        value_name = "R",
        value_parser = RulesName { misere_suffix: false },
        hide_possible_values = true
    )]
    pub rules: Option<String>,
}

/// Checks a ruleset name against the engine's name table as the line is parsed, and lists the
/// table's names in `--help`. The name stays text: a graph's file is read by the command.
#[derive(Debug, Clone, Copy)]
pub struct RulesName {
    /// Also take a name followed by `-misere` (misère play of that ruleset), as `verify` does.
    pub misere_suffix: bool,
}

impl TypedValueParser for RulesName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let misere_suffix = self.misere_suffix;
        StringValueParser::new()
            .try_map(move |name| {
                if misere_suffix {
                    ruleset_name::read_with_play(&name).map(drop)?;
                } else {
                    ruleset_name::read(&name).map(drop)?;
                }
                Ok::<_, crate::engine::EngineError>(name)
            })
            .parse_ref(cmd, arg, value)
    }

    /// Names that can be typed as they are, for shell completion: a family with an argument
    /// (`octal:CODE`) offers its examples (`octal:0.77`), never its placeholder. Each shows its
    /// ruleset's summary, if the words were given ([`describe_rulesets`]). Help shows them only
    /// for `rules R`: elsewhere the catalogue is `rules`'s.
    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let summary = RULESET_SUMMARY.get().copied();
        let words = move |row: &RulesetName, known_as: Option<&'static str>| {
            known_as.or_else(|| summary.map(|summary| summary(row)))
        };
        Some(Box::new(RULESETS.iter().flat_map(move |row| {
            let values: Vec<PossibleValue> = match row.argument {
                None => vec![
                    PossibleValue::new(row.name)
                        .help(words(row, None))
                        .aliases(row.aliases.iter().copied()),
                ],
                Some(_) => row
                    .examples
                    .iter()
                    .map(|e| PossibleValue::new(e.name).help(words(row, e.known_as)))
                    .collect(),
            };
            values
        })))
    }
}

/// A ruleset's one-line summary, which its name shows in help, man pages and completions. The
/// words are the renderer's, which the grammar may not name: the program gives them once as it
/// starts ([`describe_rulesets`]), and until then a name shows alone.
static RULESET_SUMMARY: OnceLock<fn(&RulesetName) -> &'static str> = OnceLock::new();

/// Gives the grammar the words of each ruleset (`render::ruleset_words::summary`), for the
/// help of the names it takes. Only the first call counts.
pub fn describe_rulesets(summary: fn(&RulesetName) -> &'static str) {
    let _ = RULESET_SUMMARY.set(summary);
}

/// A position given on the line, in a file, or on standard input.
#[derive(Debug, Clone, Args)]
pub struct PositionArgs {
    #[command(flatten)]
    pub rules: RulesArg,

    /// Read piles from a file (whitespace separated).
    #[arg(long, value_name = "PATH")]
    pub file: Option<PathBuf>,

    /// Play the ruleset misère (the last mover loses), decided by exhaustive search.
    ///
    /// The whole position is searched, and what misère Nim's rule would say on the Grundy
    /// values is shown beside it (`winner`, `move`, and `play`, whose computer and coach then
    /// judge by search).
    #[arg(long)]
    pub misere: bool,

    /// Piles like `7`, `7T`, `7F`; `-` reads them from standard input.
    #[arg(value_name = "PILE", allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// `draw`'s options.
#[derive(Debug, Clone, Args)]
pub struct DrawArgs {
    #[command(flatten)]
    pub rules: RulesArg,

    /// Plot the Grundy sequence over a range `A..B` (default 0..100) instead of a game graph.
    #[arg(long)]
    pub plot: bool,

    /// Write the picture to FILE (SVG if it ends in `.svg`) instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Replace FILE if it exists.
    #[arg(long, requires = "output")]
    pub force: bool,

    /// A Green Hackenbush picture from a YAML file (with `--rules hackenbush`).
    #[arg(long, value_name = "PICTURE")]
    pub file: Option<PathBuf>,

    /// The position's piles, like `7`, `7T`, `3 4` (a graph's position names); with `--plot`,
    /// a range `A..B` or its end `B`.
    #[arg(value_name = "PILE|A..B", allow_negative_numbers = true)]
    pub targets: Vec<String>,

    /// The line's `--format`, copied here when the line is parsed (a picture's format is the
    /// command's to decide, not the renderer's).
    #[arg(skip)]
    pub format: Option<Format>,
}

/// `play`'s options.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Who moves first.
    #[arg(long, value_enum, value_name = "WHO", default_value = "me")]
    pub first: First,

    /// Judge each of your moves in one line (`why` shows the binary); `verbose` shows every
    /// move in binary with its reasons; `off` judges nothing.
    #[arg(long, value_enum, value_name = "on|off|verbose", default_value = "on")]
    pub coach: Coach,

    /// Seed for the random starting position used when no piles are given (the computer's
    /// play itself is never random).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// Who moves first in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    Me,
    Computer,
}

/// How much the coach of a game says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Coach {
    /// Each move judged in one line under the board.
    On,
    /// No judgement; the board and the computer's moves only.
    Off,
    /// Each move in binary with the reasons, as `why` shows them.
    Verbose,
}

impl Coach {
    /// Whether the coach judges the learner's moves at all.
    pub fn judges(self) -> bool {
        self != Self::Off
    }
}

impl Cli {
    /// Parses one REPL or script line with the same definition as the shell.
    pub fn parse_line(line: &str) -> Result<Parsed, crate::Error> {
        let words = shell_words::split(line).map_err(crate::Error::Quotes)?;
        // `nimlab winner 3 4 5` typed at nimlab's own prompt.
        if words.len() > 1 && words[0] == "nimlab" {
            return Err(crate::Error::InNimlabAlready {
                line: shell_words::join(&words[1..]),
            });
        }
        Self::parse_words(std::iter::once("nimlab".to_string()).chain(words))
    }

    /// Parses `words` with a command definition built once per thread: building clap's
    /// definition of every command and flag costs more than parsing a line with it, and a
    /// script or a paste parses thousands of lines.
    fn try_parse_built(words: &[std::ffi::OsString]) -> Result<Self, clap::Error> {
        use clap::{CommandFactory, FromArgMatches};
        thread_local! {
            static DEFINITION: std::cell::RefCell<clap::Command> =
                std::cell::RefCell::new(Cli::command());
        }
        DEFINITION.with_borrow_mut(|definition| {
            let mut matches = definition.try_get_matches_from_mut(words)?;
            Self::from_arg_matches_mut(&mut matches).map_err(|e| e.format(definition))
        })
    }

    /// Parses a command line (the first word is the program name).
    pub fn parse_words<I, T>(words: I) -> Result<Parsed, crate::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::error::ErrorKind;
        let words = forgive(words.into_iter().map(Into::into).collect());
        match Self::try_parse_built(&words) {
            Ok(mut cli) => {
                if let Some(piles) = cli.command.as_mut().and_then(Command::piles_mut) {
                    *piles = split_commas(piles);
                }
                if let Some(Command::Draw(draw)) = cli.command.as_mut() {
                    draw.format = cli.format;
                }
                Ok(Parsed::Cli(cli))
            }
            Err(e) => match e.kind() {
                ErrorKind::DisplayHelp => {
                    let long = words.iter().any(|w| w == "--help");
                    let help = command_path(&words)
                        .and_then(|path| command_help(&path, long))
                        .unwrap_or_else(|| e.render().to_string());
                    Ok(Parsed::Display(help))
                }
                ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    Ok(Parsed::Display(e.render().to_string()))
                }
                _ => Err(split_ruleset(&words).unwrap_or_else(|| crate::Error::from_clap(&e))),
            },
        }
    }
}

/// Rewrites what a newcomer types into what the language means: `lesson help start` is
/// `help lesson start`, and flags after an expression (`= 3 xor 5 --format json`) are flags.
fn forgive(words: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    flags_before_rest(help_first(command_word(rules_after_command(words))))
}

/// `nimlab --rules nim winner 3 4`: `--rules` written before the command, with the flags every
/// command takes, belongs to the command. It is moved after the command word (and left where
/// it is if no command follows, for clap to refuse).
fn rules_after_command(mut words: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    const WITH_VALUE: [&str; 4] = ["--format", "--color", "--lessons", "--memory"];
    let mut rules = Vec::new();
    let mut at = 1;
    while let Some(word) = words.get(at).and_then(|w| w.to_str()).map(str::to_string) {
        if word == "--rules" && at + 1 < words.len() {
            rules.extend(words.drain(at..at + 2));
        } else if word.starts_with("--rules=") {
            rules.push(words.remove(at));
        } else if !word.starts_with('-') {
            break;
        } else {
            at += if WITH_VALUE.contains(&word.as_str()) {
                2
            } else {
                1
            };
        }
    }
    if at >= words.len() {
        // No command after it: put it back where it was written.
        let back = at.min(words.len());
        words.splice(back..back, rules);
        return words;
    }
    words.splice(at + 1..at + 1, rules);
    words
}

/// The command word as a newcomer may type it: `GRUNDY` is `grundy`, `=3 xor 5` is `= 3 xor 5`.
fn command_word(mut words: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    use clap::CommandFactory;
    let Some(first) = words.get(1).and_then(|w| w.to_str()).map(str::to_string) else {
        return words;
    };
    // Habits from IPython, vim and Python: `?` asks for help, `:q` and `exit()` leave.
    if let Some(meant) = match first.as_str() {
        "?" => Some("help"),
        ":q" | ":q!" | ":wq" | ":x" | "exit()" | "quit()" => Some("quit"),
        _ => None,
    } {
        words[1] = meant.into();
        return words;
    }
    if let Some(rest) = first.strip_prefix('=').filter(|rest| !rest.is_empty()) {
        let rest = rest.to_string();
        words[1] = "=".into();
        words.insert(2, rest.into());
    } else if Cli::command().find_subcommand(&first).is_none() {
        let lower = first.to_lowercase();
        if Cli::command().find_subcommand(&lower).is_some() {
            words[1] = lower.into();
        }
    }
    words
}

/// `rules subtract 1 3 4`: a family's argument written as separate words, answered with the
/// one word it should be.
fn split_ruleset(words: &[std::ffi::OsString]) -> Option<crate::Error> {
    let text: Vec<&str> = words
        .iter()
        .skip(1)
        .map(|w| w.to_str())
        .collect::<Option<_>>()?;
    let at = text.iter().position(|w| *w == "--rules").map_or_else(
        || (text.first() == Some(&"rules")).then_some(1),
        |i| Some(i + 1),
    )?;
    let name = text.get(at).filter(|name| !name.contains(':'))?;
    // `rules zero move`: a hyphenated name written as two words.
    if let Some(next) = text.get(at + 1).filter(|w| !w.starts_with('-')) {
        let joined = format!("{name}-{next}");
        if ruleset_name::find(&joined).is_some() {
            return Some(crate::Error::SplitRuleset {
                typed: format!("{name} {next}"),
                joined,
            });
        }
    }
    let row = ruleset_name::find(name)?;
    row.argument?;
    let parts: Vec<&str> = text[at + 1..]
        .iter()
        .take_while(|w| !w.starts_with('-'))
        .copied()
        .collect();
    if parts.is_empty() {
        return None;
    }
    let joined = format!("{}:{}", row.name, parts.join(",").replace(",,", ","));
    Some(crate::Error::SplitRuleset {
        typed: format!("{name} {}", parts.join(" ")),
        joined,
    })
}

/// A command whose last argument takes the rest of the line (`=`, `conjecture`, `at`) would
/// read its own flags as part of that text: they are moved in front of it. Words after `--`
/// stay where they are.
fn flags_before_rest(mut words: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    use clap::CommandFactory;
    let root = Cli::command();
    let Some(sub) = words
        .get(1)
        .and_then(|w| w.to_str())
        .and_then(|name| root.find_subcommand(name))
    else {
        return words;
    };
    if !sub
        .get_positionals()
        .any(clap::Arg::is_trailing_var_arg_set)
    {
        return words;
    }
    let flags: Vec<&clap::Arg> = root
        .get_arguments()
        .filter(|a| a.is_global_set())
        .chain(sub.get_arguments())
        .filter(|a| a.get_long().is_some())
        .collect();
    let mut moved = Vec::new();
    let mut rest = Vec::new();
    let mut tail = words.split_off(2).into_iter();
    while let Some(word) = tail.next() {
        let text = word.to_str().unwrap_or_default();
        if text == "--" {
            rest.push(word);
            rest.extend(tail.by_ref());
            break;
        }
        let name = text
            .strip_prefix("--")
            .map(|t| t.split('=').next().unwrap_or(t));
        let flag = name.and_then(|name| flags.iter().find(|a| a.get_long() == Some(name)));
        match flag {
            Some(flag) => {
                let takes_value = flag.get_action().takes_values() && !text.contains('=');
                moved.push(word);
                if takes_value && let Some(value) = tail.next() {
                    moved.push(value);
                }
            }
            None => rest.push(word),
        }
    }
    words.extend(moved);
    words.extend(rest);
    words
}

/// Piles a newcomer separates with commas (`winner 3,4,5`) are separate piles.
/// A comma inside brackets belongs to a tuple state (`(3,5)` of Wythoff's game) and splits
/// nothing, nor does one in a word naming a ruleset (`subtract:1,3,4(10)` in a sum of games).
fn split_commas(piles: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for pile in piles {
        if pile.contains(':') {
            out.push(pile.clone());
            continue;
        }
        let mut depth = 0usize;
        let mut current = String::new();
        for c in pile.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    out.push(std::mem::take(&mut current));
                    continue;
                }
                _ => {}
            }
            current.push(c);
        }
        out.push(current);
    }
    out.retain(|p| !p.is_empty());
    out
}

impl Command {
    /// Whether the command only acts on an activity in the workbench (a game, a derivation, a
    /// proof, a lesson). These are the commands hidden from the shell's `--help`.
    pub fn is_workbench_only(&self) -> bool {
        matches!(
            self,
            Self::Expand
                | Self::At { .. }
                | Self::Next
                | Self::Back
                | Self::Goto { .. }
                | Self::Skip
                | Self::Reveal
                | Self::Take { .. }
                | Self::Pass { .. }
                | Self::Undo
                | Self::Hint
                | Self::Resign
                | Self::Why { .. }
        )
    }

    /// Whether the command starts an activity that goes on at the prompt (a game, a lesson).
    pub fn starts_session(&self) -> bool {
        matches!(
            self,
            Self::Play(_)
                | Self::Lesson {
                    action: Some(LessonAction::Start { .. })
                }
        )
    }

    /// Whether the command reads its piles from standard input (`winner -`).
    pub fn reads_stdin(&self) -> bool {
        let piles = match self {
            Self::Winner(args) | Self::Move(args) | Self::Nimsum(args) | Self::Position(args) => {
                &args.piles
            }
            Self::Play(args) => &args.position.piles,
            _ => return false,
        };
        piles.len() == 1 && piles[0] == "-"
    }

    /// The piles typed on the line, for the commands that take a position.
    fn piles_mut(&mut self) -> Option<&mut Vec<String>> {
        match self {
            Self::Winner(args) | Self::Move(args) | Self::Nimsum(args) | Self::Position(args) => {
                Some(&mut args.piles)
            }
            Self::Play(args) => Some(&mut args.position.piles),
            Self::Draw(args) => Some(&mut args.targets),
            _ => None,
        }
    }
}

/// `lesson help start` is `help lesson start`.
fn help_first(mut words: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    use clap::CommandFactory;
    let parent_of_help = words.get(1).and_then(|w| w.to_str()).is_some_and(|name| {
        Cli::command()
            .find_subcommand(name)
            .is_some_and(|c| c.has_subcommands())
    });
    if parent_of_help && words.get(2).is_some_and(|w| w == "help") {
        words.remove(2);
        words.insert(1, "help".into());
    }
    words
}

/// A parsed line: a command, or text clap was asked to show (`--help`, `--version`).
#[derive(Debug)]
pub enum Parsed {
    Cli(Cli),
    Display(String),
}

/// The command and subcommand a line names (`lesson start` in `lesson start --help`), if any.
fn command_path(words: &[std::ffi::OsString]) -> Option<Vec<String>> {
    use clap::CommandFactory;
    let mut command = Cli::command();
    let mut path = Vec::new();
    for word in words.iter().skip(1).filter_map(|w| w.to_str()) {
        if word.starts_with('-') {
            continue;
        }
        match command.find_subcommand(word) {
            Some(sub) => {
                path.push(sub.get_name().to_string());
                let sub = sub.clone();
                command = sub;
            }
            None => break,
        }
    }
    (!path.is_empty()).then_some(path)
}

/// Whether lines are read as the shell's one command (`nimlab winner -h`), not at nimlab's
/// prompt: help then writes its usage and examples as the shell types them, after `nimlab`.
static AT_THE_SHELL: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Says that the command being run is the shell's (`true`) or a line at nimlab's prompt.
pub fn set_at_the_shell(shell: bool) {
    AT_THE_SHELL.store(shell, std::sync::atomic::Ordering::Relaxed);
}

fn at_the_shell() -> bool {
    AT_THE_SHELL.load(std::sync::atomic::Ordering::Relaxed)
}

/// A command's examples (`  winner 18 47 34      values …`) as the shell types them:
/// `nimlab` before each command, its comment kept in the same column where there is room.
pub fn examples_at_the_shell(examples: &str) -> String {
    // Each line: the command as the shell types it, and its comment if it has one.
    let lines: Vec<Result<(String, Option<&str>), &str>> = examples
        .lines()
        .map(
            |line| match line.strip_prefix("  ").filter(|l| !l.starts_with(' ')) {
                // The command, then a gap of two or more spaces before its comment.
                Some(example) => Ok(match example.split_once("  ") {
                    Some((command, comment)) => (
                        format!("nimlab {}", quoted_for_the_shell(command)),
                        Some(comment.trim_start()),
                    ),
                    None => (format!("nimlab {}", quoted_for_the_shell(example)), None),
                }),
                None => Err(line),
            },
        )
        .collect();
    // The comments in one column, as in the prompt's form, where they fit in the help's width.
    let column = lines
        .iter()
        .filter_map(|l| l.as_ref().ok())
        .filter(|(_, comment)| comment.is_some())
        .map(|(command, _)| command.chars().count() + 2)
        .max()
        .unwrap_or(0)
        .max(28);
    lines
        .into_iter()
        .map(|line| match line {
            Ok((command, Some(comment))) => {
                let gap = column.saturating_sub(command.chars().count()).max(2);
                let aligned = format!("  {command}{:gap$}{comment}", "");
                if aligned.chars().count() <= HELP_WIDTH {
                    aligned
                } else {
                    format!("  {command}  {comment}")
                }
            }
            Ok((command, None)) => format!("  {command}"),
            Err(line) => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A line of the command language as a POSIX shell takes it: from the first word a shell
/// would read otherwise (`g(n)`, `k <= n`, `{a, b}`), the rest in single quotes.
fn quoted_for_the_shell(line: &str) -> String {
    if line.contains('\'') {
        return line.to_string();
    }
    let special =
        |word: &str| word.contains(['(', ')', '<', '>', '|', '&', ';', '*', '?', '{', '$']);
    let words: Vec<&str> = line.split(' ').collect();
    // From the first word the shell would misread, back to the first argument that is not a
    // flag or a flag's value: `= 'all n in 1..99: g(nF) = n'`, `conjecture --rules nim 'g(n) = n'`.
    let first = words.iter().position(|w| special(w)).map(|mut at| {
        while at > 1
            && !words[at - 1].starts_with('-')
            && !(at >= 3 && words[at - 2].starts_with("--"))
        {
            at -= 1;
        }
        at
    });
    match first {
        Some(from) => format!("{} '{}'", words[..from].join(" "), words[from..].join(" "))
            .trim_start()
            .to_string(),
        None => line.to_string(),
    }
}

/// The columns help is laid out in (at most; a narrower terminal narrows it).
pub const HELP_WIDTH: usize = 80;

/// One command's help, as `-h` (`long: false`) or `--help` shows it: what it does, its own
/// arguments and flags, two examples, and one line for the options every command takes
/// (described once, in `nimlab --help`). `None` if `path` names no command.
pub fn command_help(path: &[String], long: bool) -> Option<String> {
    use clap::CommandFactory;
    let mut command = Cli::command();
    for word in path {
        let sub = command.find_subcommand(word)?.clone();
        command = sub;
    }
    let shell = at_the_shell();
    let name = if shell {
        format!("nimlab {}", path.join(" "))
    } else {
        path.join(" ")
    };
    if shell && let Some(examples) = command.get_after_help().map(ToString::to_string) {
        command = command.after_help(examples_at_the_shell(&examples));
    }
    let mut command = command
        .bin_name(name)
        .max_term_width(HELP_WIDTH)
        .term_width(HELP_WIDTH);
    let help = if long {
        command.render_long_help()
    } else {
        command.render_help()
    };
    Some(format!(
        "{}\n\nEvery command also takes --format, --color, --memory and --no-pager (`help`).\n",
        help.to_string().trim_end()
    ))
}

/// The command definition with the lesson ids (`lesson start`, `lesson reset`) and the
/// proofs' names (`prove`) as the values of those arguments, for shell completion scripts.
pub fn with_names(lesson_ids: Vec<String>, proof_names: Vec<String>) -> clap::Command {
    use clap::CommandFactory;
    use clap::builder::PossibleValuesParser;
    let ids = move |a: clap::Arg| a.value_parser(PossibleValuesParser::new(lesson_ids.clone()));
    // The commands that work only inside the workbench (`next`, `take`, …) exit 2 on the
    // shell: completion does not offer them.
    let full = Cli::command();
    let mut shown = clap::Command::new("nimlab")
        .disable_help_subcommand(true)
        .args(full.get_arguments().cloned())
        .subcommands(full.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    if let Some(version) = full.get_version() {
        shown = shown.version(version.to_string());
    }
    if let Some(about) = full.get_about() {
        shown = shown.about(about.clone());
    }
    shown
        .mut_subcommand("lesson", |lesson| {
            lesson
                .mut_subcommand("start", |c| c.mut_arg("id", ids.clone()))
                .mut_subcommand("reset", |c| c.mut_arg("id", ids))
        })
        .mut_subcommand("prove", |prove| {
            prove.mut_arg("name", |a| {
                a.value_parser(PossibleValuesParser::new(proof_names))
            })
        })
}

/// The lines a fish completion script needs to offer the lesson ids and the proofs' names.
pub fn fish_names(lesson_ids: &[String], proof_names: &[String]) -> String {
    format!(
        "complete -c nimlab -n \"__fish_nimlab_using_subcommand lesson; and \
         __fish_seen_subcommand_from start reset\" -f -a \"{}\"\n\
         complete -c nimlab -n \"__fish_nimlab_using_subcommand prove\" -f -a \"{}\"\n",
        lesson_ids.join(" "),
        proof_names.join(" ")
    )
}

/// The command names, for help and completion.
pub fn command_names() -> Vec<String> {
    use clap::CommandFactory;
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The commands refused on the shell are exactly the ones its `--help` hides.
    #[test]
    fn workbench_only_is_what_help_hides() {
        use clap::CommandFactory;
        for sub in Cli::command().get_subcommands() {
            let name = sub.get_name();
            let parsed = ["", " 1", " 1 1", " n = 1", " list", " bash"]
                .iter()
                .find_map(|tail| match Cli::parse_line(&format!("{name}{tail}")) {
                    Ok(Parsed::Cli(cli)) => cli.command,
                    _ => None,
                })
                .unwrap_or_else(|| panic!("no sample line for `{name}`"));
            assert_eq!(parsed.is_workbench_only(), sub.is_hide_set(), "`{name}`");
        }
    }

    proptest! {
        /// Whatever a user types, parsing a line answers with a command or an error.
        #[test]
        fn any_line_parses_or_errs(line in "\\PC{0,60}") {
            let _ = Cli::parse_line(&line);
        }

        /// Lines built from the language's own words, in any order.
        #[test]
        fn any_mix_of_words_parses_or_errs(words in prop::collection::vec(
            prop::sample::select(vec![
                "grundy", "winner", "move", "nimsum", "mex", "set", "position", "rules", "=",
                "--rules", "--format", "--color", "--file", "-", "zero-move", "subtract:",
                "json", "0..", "7T", "-3", "18446744073709551616", "'", "help", "lesson",
            ]),
            0..8,
        )) {
            let _ = Cli::parse_line(&words.join(" "));
        }
    }
}
