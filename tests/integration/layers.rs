//! The layer rules of ARCHITECTURE.md, read off the source: each top-level module of `src/`
//! may name (as `crate::X`) only the modules its layer allows. A new import that crosses a
//! rule fails here with the file and line. Comment lines are skipped: a doc link is not an
//! import.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `path` (or `path` itself).
fn files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    for entry in fs::read_dir(path).expect("a source directory") {
        let p = entry.expect("an entry").path();
        if p.is_dir() {
            out.extend(files(&p));
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
    out
}

/// The top-level modules of `src/` named in the files of `module`, with where each is named.
fn imports(module: &str) -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    if src.join(module).is_dir() {
        paths.push(src.join(module));
    }
    if src.join(format!("{module}.rs")).is_file() {
        paths.push(src.join(format!("{module}.rs")));
    }
    assert!(!paths.is_empty(), "no module `{module}` in src/");
    let mut found = BTreeMap::new();
    for file in paths.iter().flat_map(|p| files(p)) {
        let text = fs::read_to_string(&file).expect("a source file");
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                let name: String = rest[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name != module && !name.is_empty() {
                    found.entry(name).or_insert_with(|| {
                        format!(
                            "{}:{}",
                            file.strip_prefix(&src).unwrap_or(&file).display(),
                            i + 1
                        )
                    });
                }
                rest = &rest[at + 7..];
            }
        }
    }
    found
}

/// `module` names nothing outside `allowed`.
fn only(module: &str, allowed: &[&str]) {
    let bad: Vec<String> = imports(module)
        .into_iter()
        .filter(|(name, _)| !allowed.contains(&name.as_str()))
        .map(|(name, at)| format!("crate::{name} at {at}"))
        .collect();
    assert!(
        bad.is_empty(),
        "`{module}` may name only {allowed:?}; it names {bad:?}"
    );
}

/// `module` names none of `forbidden`.
fn never(module: &str, forbidden: &[&str]) {
    let bad: Vec<String> = imports(module)
        .into_iter()
        .filter(|(name, _)| forbidden.contains(&name.as_str()))
        .map(|(name, at)| format!("crate::{name} at {at}"))
        .collect();
    assert!(
        bad.is_empty(),
        "`{module}` may not name {forbidden:?}; it names {bad:?}"
    );
}

/// The small helpers every layer may use; they use only the engine.
const HELPERS: &[&str] = &[
    "text",
    "capped_read",
    "state_file",
    "refusal",
    "format",
    "printable",
    "suggestion",
];

/// The engine is a crate of its own (`crates/engine`), so the compiler already keeps it from
/// naming nimlab. What is left to check: that its manifest brings in nothing that does IO,
/// draws or reads text (threads only), and that its source calls no IO.
#[test]
fn the_engine_crate_depends_on_threads_alone() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/Cargo.toml");
    let text = fs::read_to_string(manifest).expect("the engine's manifest");
    let mut section = "";
    let mut dependencies = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section == "[dependencies]" && !line.is_empty() && !line.starts_with('#') {
            dependencies.push(
                line.split(['=', ' '])
                    .next()
                    .unwrap_or_default()
                    .to_string(),
            );
        }
    }
    assert_eq!(
        dependencies,
        ["rayon"],
        "the engine depends on {dependencies:?}"
    );
}

#[test]
fn the_engine_does_no_io() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src");
    let forbidden = [
        "std::fs",
        "std::env",
        "std::process",
        "std::net",
        "println!",
        "eprintln!",
        "print!(",
        "eprint!(",
        "stdin()",
        "stdout()",
        "stderr()",
        "File::",
    ];
    let mut found = Vec::new();
    for file in files(&src) {
        let text = fs::read_to_string(&file).expect("a source file");
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for word in forbidden.iter().filter(|w| line.contains(*w)) {
                found.push(format!("{word} at {}:{}", file.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "the engine does IO: {found:?}");
}

#[test]
fn the_expression_language_and_graphs_stand_on_the_engine_alone() {
    for module in ["expr", "graph"] {
        let mut allowed = vec!["engine", "suggestion", "yaml"];
        allowed.extend(HELPERS);
        only(module, &allowed);
    }
}

#[test]
fn proofs_stand_on_the_engine_and_the_expression_language() {
    let mut allowed = vec!["engine", "expr", "yaml"];
    allowed.extend(HELPERS);
    only("proof", &allowed);
}

#[test]
fn results_are_data_that_know_no_printer_and_no_command() {
    never(
        "output",
        &[
            "render", "command", "repl", "app", "env", "pager", "progress",
        ],
    );
}

#[test]
fn the_renderer_runs_no_command() {
    never(
        "render",
        &["command", "repl", "app", "env", "pager", "progress"],
    );
}

/// Below every layer: they name the engine at most, so no import of theirs can close a circle.
#[test]
fn the_small_helpers_stand_on_the_engine_alone() {
    for helper in HELPERS {
        only(helper, &["engine"]);
    }
}

/// The one error tree gathers every layer's errors as data; the words are the renderer's.
#[test]
fn the_error_tree_names_no_command_and_no_printer() {
    never("error", &["command", "render", "repl", "app"]);
}

/// Lessons are read and run as data; the command line's grammar checks their lines, and the
/// renderer, above them, draws them.
#[test]
fn lessons_name_no_printer_and_no_command() {
    never("lesson", &["render", "command", "repl", "app"]);
}

/// The grammar reads a line into a `Command`; it knows nothing of what runs or draws it.
#[test]
fn the_grammar_names_no_command_and_no_printer() {
    never("cli", &["command", "render", "output", "repl", "app"]);
}

#[test]
fn commands_do_not_know_the_read_loop_or_the_terminal() {
    never("command", &["repl", "app", "env", "pager", "progress"]);
}

#[test]
fn only_main_starts_the_app() {
    for module in [
        "expr", "graph", "proof", "lesson", "output", "render", "command", "repl", "error", "cli",
        "env",
    ] {
        never(module, &["app"]);
    }
}

#[test]
fn the_layer_check_can_fail() {
    // The renderer names the engine (it words values), so a rule forbidding it must fail.
    let result = std::panic::catch_unwind(|| never("render", &["engine"]));
    assert!(result.is_err());
}
