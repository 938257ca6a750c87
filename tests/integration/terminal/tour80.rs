//! A tour of every command at 80 columns, as a class sees it on a projector: no line of what
//! it prints is wider than 80 columns, and no line breaks inside a formula's term (a line
//! neither ends nor starts with an operator such as `+` or `-`).

use crate::support::Test;

/// One line per command and most of their flags; the machine formats (`completions`, `man`,
/// `draw`'s DOT) are visited through their help.
const TOUR: &[&str] = &[
    "grundy",
    "grundy 0..40",
    "grundy 1000000007T",
    "grundy --rules octal:0.77 1000000000",
    "grundy --rules hackenbush 2(1,3)",
    "grundy --rules hackenbush 5 2(1,3)",
    "grundy 'wythoff(3,5) + lasker(7) + nim(4)'",
    "period --rules octal:0.77",
    "period --rules octal:0.77 --table",
    "period --rules subtract:1,3,4 --table",
    "winner 18 47 34",
    "winner --rules misere 1 1 4",
    "winner --misere --rules octal:0.77 3 4",
    "winner --rules moore:2 1 2 3",
    "winner --rules staircase 3 1 4 1",
    "winner --rules hackenbush 5 2(1,3)",
    "winner 'wythoff(3,5) + lasker(7) + nim(4)'",
    "move 32 49 58",
    "move --rules misere 1 1 4",
    "move --rules misere 1 1 1",
    "move --rules octal:0.77 10",
    "move --rules hackenbush 5 2(1,3)",
    "move 'wythoff(3,5) + lasker(7) + nim(4)'",
    "move --rules northcott (1,13) (11,14) (2,3)",
    "nimsum 3 4 5",
    "nimsum --rules nim 7 9",
    "mex 0 1 3",
    "game take13(n) = {n - k : k in {1, 3}, k <= n}",
    "grundy 0..12",
    "rules zero-move",
    "= 3 xor 5",
    "= g(octal:0.07, pow(10, 9))",
    "= all n in 1..99: g(nF) = n",
    "derive 0..5 --all",
    "derive --rules subtract:1,3,4 0..8 --all",
    "decide all n: any k: n = k + k or n = k + k + 1",
    "decide --explain all x: x ^ x = 0",
    "conjecture g(nT) = if odd(n) then n + 1 else n - 1",
    "conjecture g(nF) = n",
    "verify --piles 3 --max 5",
    "verify --rules misere --piles 3 --max 4",
    "verify --rules zero-move-misere --piles 2 --max 3",
    "prove",
    "prove zero-move-rule --all",
    "prove bouton --all --explain",
    "prove sprague-grundy-sum --all",
    "lesson list",
    "lesson start nim",
    "next",
    "next",
    "lesson quit",
    "rules",
    "rules lasker",
    "rules wythoff",
    "rules kayles",
    "rules zero-move",
    "position 4 7 5",
    "set 2 9",
    "step",
    "step --all",
    "play 4 7 5",
    "1 1",
    "why",
    "hint",
    "undo",
    "resign",
    "play --coach verbose --rules nim 3 4 5",
    "1 3",
    "resign",
    "play 'wythoff(3,5) + lasker(7) + 4'",
    "hint",
    "resign",
    "play --rules hackenbush 5 2(1,3)",
    "resign",
    "help",
    "help draw",
    "help run",
    "help completions",
    "help man",
    "help quit",
    "help =",
    "help play",
    "help winner",
];

#[test]
fn every_command_fits_eighty_columns() {
    // The tour visits every command a newcomer is shown.
    let out = Test::new().args(["help", "nosuch"]).run().code(2);
    let list = out.stderr.split("one of ").nth(1).expect("the commands");
    for name in list.trim().split(", ") {
        let hidden = [
            "expand", "at", "next", "back", "goto", "skip", "reveal", "take", "pass", "undo",
            "hint", "resign", "why",
        ];
        if hidden.contains(&name) {
            continue;
        }
        let visited = TOUR.iter().any(|line| {
            let mut words = line.split_whitespace();
            let first = words.next();
            first == Some(name) || (first == Some("help") && words.next() == Some(name))
        });
        assert!(visited, "the tour does not visit `{name}`");
    }
    let out = Test::new()
        .env("COLUMNS", "80")
        .stdin(TOUR.join("\n") + "\n")
        .run();
    // The false conjecture is the one line that fails; the rest ran.
    assert!(
        out.stderr.ends_with("error: 1 line failed\n"),
        "{}",
        out.stderr
    );
    const OPERATORS: &[&str] = &["+", "-", "−", "=", "≤", "<", "⊕", "→"];
    for line in out.stdout.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line:?}",
            line.chars().count()
        );
        let words: Vec<&str> = line.split_whitespace().collect();
        if let (Some(first), Some(last)) = (words.first(), words.last()) {
            // A table's rule or a lone arrow between columns is not a broken formula.
            if words.len() > 1 && !first.starts_with('-') {
                assert!(!OPERATORS.contains(last), "ends inside a formula: {line:?}");
            }
            // (`= 3 xor 5` is the command `=`, `→ 6T` a table's row of the move, and
            // `+ - * / %` the operators `help =` lists.)
            let listed = words
                .get(1)
                .is_some_and(|w| OPERATORS.contains(w) || *w == "*");
            // (`- on:` is a list's bullet.)
            let bullet = ["=", "→", "-"].contains(first);
            assert!(
                !(OPERATORS.contains(first) && !listed && !bullet),
                "starts inside a formula: {line:?}"
            );
        }
    }
}
