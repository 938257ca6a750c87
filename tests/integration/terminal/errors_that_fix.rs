//! Errors that give the fix: each names what was typed and what to type instead, in one line
//! (a caret under an expression's bad token), exit 2. Each message is written out here as the
//! wording the issue asked for; values come from the octal brute force.

use crate::oracle::brute_octal::Octal;
use crate::support::Test;

/// Every name the command line takes for a ruleset works in an expression too.
#[test]
fn expressions_take_every_name_of_a_ruleset() {
    for (name, code) in [
        ("kayles", "0.77"),
        ("dawson-kayles", "0.07"),
        ("dawson", "0.07"),
    ] {
        let expected = Octal::new(code).grundy(7);
        Test::new()
            .args(["=", &format!("g({name}, 7)")])
            .run()
            .success()
            .stdout(&format!("{expected}\n"));
    }
    // zeromove is zero-move's other spelling: g(7T) = 7 + 1 (7 is odd).
    Test::new()
        .args(["=", "g(zeromove, 7T)"])
        .run()
        .success()
        .stdout("8\n");
}

#[test]
fn a_mistyped_ruleset_in_an_expression_gets_the_one_meant() {
    Test::new().args(["=", "g(nimm, 7)"]).run().code(2).stderr(
        "error: unknown name `nimm`: bind it with a quantifier (`all nimm in 0..10: …`) or use a number\n  \
         | g(nimm, 7)\n  |   ^^^^ not bound here\nhelp: did you mean `nim`?\n",
    );
    // A name bound by a quantifier is not taken for a ruleset: no hint.
    Test::new()
        .args(["=", "g(nn, 7)"])
        .run()
        .code(2)
        .stderr_has("not bound here\n")
        .stderr_lacks("help:");
}

#[test]
fn a_ruleset_written_as_two_words_is_joined() {
    for args in [
        &["rules", "zero", "move"][..],
        &["winner", "--rules", "zero", "move", "3"],
    ] {
        Test::new().args(args).run().code(2).stderr(
            "error: `zero move` is one ruleset written as one word: did you mean `zero-move`?\n",
        );
    }
}

#[test]
fn nimlab_typed_at_its_own_prompt() {
    Test::new()
        .stdin("nimlab winner 3 4 5\n")
        .run()
        .code(2)
        .stderr(
            "error: line 1: you are in nimlab already: type `winner 3 4 5` without `nimlab`\n\
         error: 1 line failed\n",
        );
}

#[test]
fn a_move_where_a_lessons_question_wants_a_number() {
    // mex's third step asks for mex{0, 1, 2, 4, 5}.
    let out = Test::new()
        .stdin("lesson start mex\nnext\nnext\ntake 3\n")
        .run()
        .code(2);
    assert!(
        out.stderr.contains(
            "error: line 4: `take` moves in a game, and none is in progress: the question wants \
             your answer alone, like `3`\n"
        ),
        "{}",
        out.stderr
    );
    // Outside a question, `take` is still a game's.
    Test::new()
        .args(["take", "3"])
        .run()
        .code(2)
        .stderr_lacks("question");
}

#[test]
fn no_piles_gives_the_example_of_the_command_typed() {
    for command in ["move", "nimsum"] {
        Test::new().arg(command).run().code(2).stderr(&format!(
            "error: no piles given: write them like `{command} 3 4 5`, or set the session's \
             position with `position 3 4 5`\n"
        ));
    }
    Test::new().arg("winner").run().code(2).stderr(
        "error: no piles given: write them like `winner 3 4 5`, or set the session's position \
         with `position 3 4 5`\n",
    );
}

/// 2⁶⁴ − 1 = 18446744073709551615 is read more easily as a power than as twenty digits.
#[test]
fn pile_bounds_read_as_powers_of_two() {
    Test::new()
        .args(["winner", "18446744073709551616"])
        .run()
        .code(2)
        .stderr(
            "error: `18446744073709551616` is too large for a pile: sizes go up to 2⁶⁴ − 1 = \
             18446744073709551615\n",
        );
    Test::new()
        .args(["winner", "--rules", "nim", "abc"])
        .run()
        .code(2)
        .stderr(
            "error: `abc` is not a pile: expected a whole number from 0 to 2⁶⁴ − 1, like `7`\n",
        );
}

#[test]
fn an_empty_amount_in_a_subtraction_set() {
    Test::new()
        .args(["grundy", "3", "--rules", "subtract:1,,3"])
        .run()
        .code(2)
        .stderr(
            "error: bad subtraction set `subtract:1,,3`: an amount is missing between two commas; \
             write amounts like `subtract:1,3,4`\n",
        );
}

/// `decide` shows where its sentence stopped and what was expected, as `=` does.
#[test]
fn a_sentence_that_does_not_parse_has_a_caret_and_what_was_expected() {
    Test::new()
        .args(["decide", "all n: n + = 3"])
        .run()
        .code(2)
        .stderr(
            "error: unexpected `=`: expected a term (a number, a name, `(` or `if`)\n  \
             | all n: n + = 3\n  |            ^ expected a term (a number, a name, `(` or `if`)\n",
        );
    Test::new()
        .args(["decide", "all n: n = n n"])
        .run()
        .code(2)
        .stderr(
            "error: unexpected `n`: expected the end of the sentence, or `and`, `or`, `=>` or \
             `<=>`\n  | all n: n = n n\n  |              ^ expected the end of the sentence, or \
             `and`, `or`, `=>` or `<=>`\n",
        );
}

/// C(n, k), exactly (small arguments).
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// A search too large names the `--max` that fits with the same `--piles`. By hand: zero-move
/// piles of size ≤ m have 2m + 1 states, and positions of up to 10 piles are the multisets of
/// 10 of them, C(2m + 10, 10); the search stops past 50 000 000 positions, so the largest m is
/// the last with C(2m + 10, 10) ≤ 50 000 000 (m = 10: 30 045 015; m = 11: 64 512 240). The
/// moves of those positions stay far below their limit.
#[test]
fn verify_too_large_names_the_max_that_fits() {
    let fits = (0..100u64)
        .take_while(|&m| choose(2 * m + 10, 10) <= 50_000_000)
        .last()
        .unwrap();
    assert_eq!(fits, 10);
    Test::new()
        .args(["verify", "--piles", "10", "--max", "100"])
        .run()
        .code(2)
        .stderr(&format!(
            "error: searching every position of up to 10 piles of size ≤ 100 would take too long: \
             the search stops at 50000000 positions, 10000000000 moves to examine or 1048576 \
             pile states; `--piles 10 --max {fits}` keeps within them, or try fewer `--piles`\n"
        ));
    // One more is refused at once.
    Test::new()
        .args(["verify", "--piles", "10", "--max", &(fits + 1).to_string()])
        .run()
        .code(2)
        .stderr_has("would take too long");
}

/// `--piles 0` is no search at all: refused, naming the flag and an example.
#[test]
fn verify_takes_at_least_one_pile() {
    Test::new()
        .args(["verify", "--piles", "0", "--max", "3"])
        .run()
        .code(2)
        .stderr(
            "error: `0` is not valid here: expected a number of piles of 1 or more for \
             `--piles`, like `verify --piles 3 --max 7` (every position of up to 3 piles)\n",
        );
}

/// One way to say "did you mean", for one name or several.
#[test]
fn similar_names_are_offered_the_same_way_one_or_several() {
    Test::new()
        .arg("mov")
        .run()
        .code(2)
        .stderr("error: unknown command `mov`: did you mean `move`? (`help` lists the commands)\n");
    Test::new().arg("pr").run().code(2).stderr(
        "error: unknown command `pr`: did you mean `period` or `prove`? (`help` lists the \
         commands)\n",
    );
    Test::new()
        .args(["winner", "--rule", "nim", "3"])
        .run()
        .code(2)
        .stderr("error: unexpected argument `--rule` found: did you mean `--rules`?\n");
}

/// IPython's `?`, vim's `:q` and Python's `exit()` mean what their users mean.
#[test]
fn habits_from_other_prompts() {
    let out = Test::new().stdin("?\n").run().success();
    assert!(out.stdout.contains("help winner"), "{}", out.stdout);
    for leave in [":q", "exit()", "quit()"] {
        // Leaving nimlab: the line after it is never run.
        Test::new()
            .stdin(format!("{leave}\n= 6 * 7\n"))
            .run()
            .success()
            .stdout("");
    }
}

#[test]
fn completions_name_the_shells() {
    Test::new().arg("completions").run().code(2).stderr(
        "error: `completions` needs a shell: bash, zsh, fish, elvish or powershell, as in \
         `nimlab completions bash` (`nimlab completions bash -h` says where to put them)\n",
    );
}

/// The graphs bundled with nimlab are named without a path, from any directory (the test runs
/// in a temporary one), and read the same as their files.
#[test]
fn bundled_graphs_have_names_and_a_missing_file_says_which() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/lessons/graphs/loopy-games.yaml"
    );
    let from_file = Test::new()
        .args(["winner", "--format", "json", "--rules"])
        .arg(format!("graph:{file}"))
        .arg("e")
        .run()
        .success();
    for name in ["graph:loopy-games", "graph:lessons/graphs/loopy-games.yaml"] {
        let by_name = Test::new()
            .args(["winner", "--format", "json", "--rules", name, "e"])
            .run()
            .success();
        assert_eq!(
            by_name.json()["winner"],
            from_file.json()["winner"],
            "{name}"
        );
        assert_eq!(by_name.json()["gamma"], from_file.json()["gamma"], "{name}");
    }
    Test::new()
        .args(["winner", "--rules", "graph:nosuch.yaml", "e"])
        .run()
        .code(2)
        .stderr(
            "error: bad game graph `nosuch.yaml`: no such file; the graphs bundled with nimlab \
             are named without a path: `graph:example`, `graph:graph-games`, \
             `graph:loopy-games`\n",
        );
}
