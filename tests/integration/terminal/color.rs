//! Colour: on with `--color always`, off with `--color never`, with `NO_COLOR`, and in a pipe;
//! JSON never carries escapes. A pseudo-terminal (util-linux `script`) checks `auto` on a
//! terminal, where `NO_COLOR` is what turns colour off.

use std::process::Command;

use crate::support::{Test, bin, has_ansi};

const VIEWS: [&[&str]; 4] = [
    &["nimsum", "3", "4", "5"],
    &["winner", "18", "47", "34"],
    &["move", "32", "49", "58"],
    &["grundy", "0..3"],
];

#[test]
fn always_colours() {
    // The binary views mark the nim-sum's top bit in colour; nimsum, winner and move have it.
    for view in &VIEWS[..3] {
        let out = Test::new()
            .args(["--color", "always"])
            .args(view.iter().copied())
            .run()
            .success();
        assert!(has_ansi(&out.stdout), "{view:?}:\n{}", out.stdout);
    }
}

#[test]
fn never_auto_in_a_pipe_and_no_color_do_not() {
    for view in VIEWS {
        for (flags, no_color) in [
            (&["--color", "never"][..], None),
            (&["--color", "auto"][..], None),
            (&[][..], None),
            (&["--color", "auto"][..], Some("1")),
            (&["--color", "never"][..], Some("1")),
        ] {
            let mut test = Test::new()
                .args(flags.iter().copied())
                .args(view.iter().copied());
            if let Some(v) = no_color {
                test = test.env("NO_COLOR", v);
            }
            let out = test.run().success();
            assert!(
                !has_ansi(&out.stdout),
                "{flags:?} {no_color:?} {view:?}:\n{}",
                out.stdout
            );
        }
    }
}

/// The option also works after the command, as on a REPL line.
#[test]
fn color_option_after_the_command() {
    let out = Test::new()
        .args(["nimsum", "--color", "always", "3", "4", "5"])
        .run()
        .success();
    assert!(has_ansi(&out.stdout), "{}", out.stdout);
}

#[test]
fn json_has_no_escapes_even_with_always() {
    for args in [
        &["winner", "--format", "json", "3", "4", "5"][..],
        &["move", "--format", "json", "3", "4", "5"][..],
        &["grundy", "--format", "json", "0..3"][..],
        &["nimsum", "--format", "json", "3", "4", "5"][..],
    ] {
        let out = Test::new()
            .args(["--color", "always"])
            .args(args.iter().copied())
            .run()
            .success();
        assert!(!has_ansi(&out.stdout), "{args:?}: {}", out.stdout);
        out.json();
    }
}

/// Bad input in a pipe: the error line has no escapes either.
#[test]
fn errors_in_a_pipe_are_plain() {
    let out = Test::new().args(["winner", "abc"]).run().code(2);
    assert!(!has_ansi(&out.stderr), "{}", out.stderr);
}

/// Runs `nimlab ARGS` on a pseudo-terminal and returns what it printed (stdout and stderr
/// merged by the terminal), or None where `script` is missing.
fn on_a_terminal(args: &str, no_color: bool) -> Option<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut command = Command::new("script");
    command
        .args(["-q", "-e", "-c", &format!("{} {args}", bin()), "/dev/null"])
        .env_remove("NO_COLOR")
        .env("NIMLAB_STATE_DIR", dir.path())
        .stdin(std::process::Stdio::null());
    if no_color {
        command.env("NO_COLOR", "1");
    }
    let out = command.output().ok()?;
    assert!(out.status.success(), "script: {out:?}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn auto_on_a_terminal_respects_no_color() {
    let Some(coloured) = on_a_terminal("nimsum 3 4 5", false) else {
        eprintln!("`script` is not installed; skipping the terminal check");
        return;
    };
    assert!(has_ansi(&coloured), "{coloured}");
    let plain = on_a_terminal("nimsum 3 4 5", true).expect("script ran once already");
    assert!(!has_ansi(&plain), "{plain}");
    let never = on_a_terminal("--color never nimsum 3 4 5", false).expect("script");
    assert!(!has_ansi(&never), "{never}");
}
