//! The shell as ripgrep, git and cargo users expect it: a picture at a terminal and the file
//! format in a pipe, global flags before the command, help and man pages written as the shell
//! types them, completions that offer only what runs there, and lessons named at once.
//!
//! Hand checks: zero-move g(nT) = n + 1 for odd n and n − 1 for even n > 0, g(nF) = n; so
//! g(3T) = 4, g(2T) = 1, g(1T) = 2, g(3F) = 3. Nim 3 ⊕ 4 = 011 ⊕ 100 = 111 = 7 ≠ 0: the first
//! player wins.

use crate::support::{Test, pty_text};

#[cfg(unix)]
#[test]
fn draw_at_a_terminal_draws_the_tree_and_in_a_pipe_writes_dot() {
    let mut pty = Test::new().args(["draw", "3"]).size(80, 24).pty();
    let screen = pty_text(&pty.exp_eof().expect("nimlab ends"));
    assert!(screen.contains("3T  g = 4\n"), "{screen}");
    assert!(screen.contains("├─ 2T  g = 1\n"), "{screen}");
    assert!(screen.contains("└─ 3F  g = 3  (pass)\n"), "{screen}");
    assert!(!screen.contains("digraph"), "{screen}");
    // In a pipe, the file's format.
    let piped = Test::new().args(["draw", "3"]).run().success();
    assert!(
        piped.stdout.starts_with("digraph \"zero-move from 3T\""),
        "{}",
        piped.stdout
    );
    // With `-o -` too, even at a terminal.
    let mut pty = Test::new().args(["draw", "3", "-o", "-"]).pty();
    let file = pty_text(&pty.exp_eof().expect("nimlab ends"));
    assert!(file.starts_with("digraph"), "{file}");
}

#[cfg(unix)]
#[test]
fn a_plot_at_a_terminal_is_a_sparkline_and_in_a_pipe_svg() {
    let args = ["draw", "--plot", "--rules", "nim", "0..10"];
    let mut pty = Test::new().args(args).size(80, 24).pty();
    let screen = pty_text(&pty.exp_eof().expect("nimlab ends"));
    assert!(
        screen.contains("Grundy values of nim, n = 0..10"),
        "{screen}"
    );
    assert!(!screen.contains("<svg"), "{screen}");
    let piped = Test::new().args(args).run().success();
    assert!(piped.stdout.contains("<svg"), "{}", &piped.stdout[..200]);
}

#[test]
fn rules_before_the_command_is_the_commands() {
    let after = Test::new()
        .args(["winner", "--rules", "nim", "3", "4"])
        .run()
        .success();
    assert!(
        after
            .stdout
            .ends_with("nim-sum 7 ≠ 0: the first player (to move) wins.\n")
    );
    for args in [
        &["--rules", "nim", "winner", "3", "4"][..],
        &["--rules=nim", "winner", "3", "4"],
        &[
            "--memory",
            "1G",
            "--rules",
            "nim",
            "--no-pager",
            "winner",
            "3",
            "4",
        ],
    ] {
        Test::new().args(args).run().success().stdout(&after.stdout);
    }
    // With no command after it, it is refused as before.
    Test::new().args(["--rules", "nim"]).run().code(2);
}

#[test]
fn completions_without_a_shell_name_the_shells() {
    Test::new().args(["completions"]).run().code(2).stderr(
        "error: `completions` needs a shell: bash, zsh, fish, elvish or powershell, as in \
         `nimlab completions bash` (`nimlab completions bash -h` says where to put them)\n",
    );
}

#[test]
fn the_shells_help_says_where_completions_and_man_pages_go() {
    let help = Test::new().args(["-h"]).run().success().stdout;
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("source <(nimlab completions bash)"), "{help}");
    assert!(
        flat.contains("nimlab man --dir ~/.local/share/man/man1"),
        "{help}"
    );
}

/// The commands that run only inside the workbench exit 2 at the shell: `nimlab <Tab>` does
/// not offer them.
#[test]
fn completion_offers_no_workbench_only_command() {
    const WORKBENCH: [&str; 13] = [
        "expand", "at", "next", "back", "goto", "skip", "reveal", "take", "pass", "undo", "hint",
        "resign", "why",
    ];
    let bash = Test::new()
        .args(["completions", "bash"])
        .run()
        .success()
        .stdout;
    let top = bash
        .lines()
        .find(|l| l.trim_start().starts_with("opts=\"-h -V --format"))
        .expect("the top level's words");
    let words: Vec<&str> = top
        .trim()
        .trim_start_matches("opts=\"")
        .trim_end_matches('"')
        .split(' ')
        .collect();
    for word in WORKBENCH {
        assert!(!words.contains(&word), "`{word}` offered: {top}");
    }
    for word in ["winner", "play", "lesson", "prove", "completions", "man"] {
        assert!(words.contains(&word), "`{word}` missing: {top}");
    }
    // They still run in the workbench.
    Test::new().stdin("play 1\nhint\n").run().success();
}

#[test]
fn a_commands_man_page_has_its_synopsis_examples_and_version() {
    let page = Test::new().args(["man", "winner"]).run().success().stdout;
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        page.contains(&format!(".TH nimlab-winner 1  \"nimlab {version}\"")),
        "{page}"
    );
    assert!(
        page.contains(
            ".SH SYNOPSIS\n\\fBnimlab winner\\fR [\\-\\-rules R] [\\-\\-file PATH] [\\-\\-misere] [PILE]...\n"
        ),
        "{page}"
    );
    assert!(
        page.contains(".SH EXAMPLES\n.TP\n\\fBnimlab winner 18 47 34\\fR\n"),
        "{page}"
    );
    assert!(!page.contains("EXTRA"), "{page}");
    // An example the shell would misread is quoted.
    let game = Test::new().args(["man", "game"]).run().success().stdout;
    assert!(
        game.contains("\\fBnimlab game 'take13(n) = {n \\- k : k in {1, 3}, k <= n}'\\fR"),
        "{game}"
    );
    // `man --dir` writes the same page.
    let dir = tempfile::tempdir().unwrap();
    Test::new()
        .args(["man", "--dir"])
        .arg(dir.path())
        .run()
        .success();
    let written = std::fs::read_to_string(dir.path().join("nimlab-winner.1")).unwrap();
    assert_eq!(written, page);
}

#[test]
fn lesson_start_without_an_id_lists_the_lessons() {
    let list = Test::new().args(["lesson", "list"]).run().success().stdout;
    Test::new()
        .args(["lesson", "start"])
        .run()
        .success()
        .stdout(&list);
}

#[test]
fn an_unknown_lesson_is_one_line_with_the_one_meant_first() {
    Test::new()
        .args(["lesson", "start", "mexx"])
        .run()
        .code(2)
        .stderr("error: no lesson `mexx`: did you mean `mex`? (`lesson list` shows them all)\n");
    Test::new()
        .args(["lesson", "start", "qqqqqq"])
        .run()
        .code(2)
        .stderr("error: no lesson `qqqqqq`: `lesson list` shows the lessons there are\n");
}
