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

/// The engine is entered by its front door: its modules are private, so everything nimlab
/// uses is named at the crate's root (`engine::Solver`, `engine::memory::limit`), and a path
/// through its interior (`engine::values::grundy::Solver`) does not compile. What the
/// compiler cannot see is a module made public again: none is.
#[test]
fn the_engine_is_entered_by_its_front_door() {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src/lib.rs");
    let text = fs::read_to_string(lib).expect("the engine's lib.rs");
    let public: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("pub mod "))
        .collect();
    assert!(public.is_empty(), "public modules: {public:?}");
    for module in [
        "error", "families", "limits", "notation", "play", "searches", "values",
    ] {
        assert!(
            text.lines().any(|l| l.trim() == format!("mod {module};")),
            "the engine's `{module}` is not declared privately"
        );
    }
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

/// Whether `chars` holds `word` at `at`.
fn holds(chars: &[char], at: usize, word: &str) -> bool {
    word.chars()
        .enumerate()
        .all(|(k, w)| chars.get(at + k) == Some(&w))
}

// Long on purpose: one scanner over a file's characters, one branch per kind of token
// (comments, attributes, raw and plain strings, characters, test modules); split, its position
// and state would pass between functions.
/// The string literals of Rust source `text` a user could read, each with its line: none in a
/// comment, an attribute (`#[allow(…, reason = "…")]`), an item under `#[cfg(test)]`, or an
/// `.expect("…")` (the invariant a panic names, which no reply shows). A `\` line continuation
/// reads as the one space it leaves.
fn readable_literals(text: &str) -> Vec<(usize, String)> {
    let c: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let (mut i, mut line, mut depth) = (0, 1, 0usize);
    // The brace depth of the `#[cfg(test)]` item being skipped, and whether one is announced.
    let (mut test_item, mut test_next) = (None::<usize>, false);
    // How many brackets of an attribute are open.
    let mut attribute = 0usize;
    let ident = |k: usize| k > 0 && (c[k - 1].is_alphanumeric() || c[k - 1] == '_');
    while i < c.len() {
        if holds(&c, i, "//") {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if holds(&c, i, "/*") {
            while i < c.len() && !holds(&c, i, "*/") {
                line += usize::from(c[i] == '\n');
                i += 1;
            }
            i += 2;
            continue;
        }
        if holds(&c, i, "#[cfg(test)]") {
            test_next = true;
            i += "#[cfg(test)]".len();
            continue;
        }
        if holds(&c, i, "#[") || holds(&c, i, "#![") {
            attribute += 1;
            i += if c[i + 1] == '!' { 3 } else { 2 };
            continue;
        }
        // A raw string: r"…", r#"…"#, br"…".
        let r = if holds(&c, i, "br") { i + 1 } else { i };
        let hashes = c[r + 1..].iter().take_while(|&&h| h == '#').count();
        if c[r] == 'r' && !ident(i) && c.get(r + 1 + hashes) == Some(&'"') {
            let start = r + 2 + hashes;
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let mut end = start;
            while end < c.len() && !holds(&c, end, &close) {
                end += 1;
            }
            let literal: String = c[start..end].iter().collect();
            let at = line;
            line += literal.matches('\n').count();
            if attribute == 0 && test_item.is_none() {
                found.push((at, literal));
            }
            i = end + close.chars().count();
            continue;
        }
        if c[i] == '"' {
            let before: String = c[..i].iter().collect();
            let expect = before.trim_end().ends_with(".expect(");
            let (at, mut literal) = (line, String::new());
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    match c.get(i + 1) {
                        Some('\n') => {
                            i += 1;
                            while i < c.len() && c[i].is_whitespace() {
                                line += usize::from(c[i] == '\n');
                                i += 1;
                            }
                        }
                        Some('n' | 't' | 'r') => {
                            literal.push(' ');
                            i += 2;
                        }
                        Some(&e) => {
                            literal.push(e);
                            i += 2;
                        }
                        None => i += 1,
                    }
                    continue;
                }
                line += usize::from(c[i] == '\n');
                literal.push(c[i]);
                i += 1;
            }
            i += 1;
            if attribute == 0 && test_item.is_none() && !expect {
                found.push((at, literal));
            }
            continue;
        }
        // A character ('"', '\'', '\u{…}'), or a lifetime.
        if c[i] == '\'' {
            if c.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            continue;
        }
        match c[i] {
            '\n' => line += 1,
            '[' if attribute > 0 => attribute += 1,
            ']' if attribute > 0 => attribute -= 1,
            '{' => {
                depth += 1;
                if test_next && test_item.is_none() {
                    test_item = Some(depth);
                }
                test_next = false;
            }
            '}' => {
                if test_item == Some(depth) {
                    test_item = None;
                }
                depth = depth.saturating_sub(1);
            }
            ';' if attribute == 0 => test_next = false,
            _ => {}
        }
        i += 1;
    }
    found
}

/// Whether a literal holds an English phrase: four or more words of letters in a row
/// ("take any number of tokens"), where notation (`(a,b)`, `s(i-1) + k`) breaks the run.
fn is_sentence(literal: &str) -> bool {
    let word = |token: &str| {
        let token = token
            .trim_start_matches(['"', '“', '('])
            .trim_end_matches([',', ';', ':', '.', '?', '!', '"', '”', ')']);
        token.chars().next().is_some_and(char::is_alphabetic)
            && token
                .chars()
                .all(|ch| ch.is_alphabetic() || matches!(ch, '\'' | '’' | '-'))
    };
    let mut run = 0;
    literal.split_whitespace().any(|token| {
        run = if word(token) { run + 1 } else { 0 };
        run >= 4
    })
}

/// The engine carries data only: what a user reads of it (a ruleset's summary, why a pile or a
/// graph was refused) is worded in `src/render/`. Notation (`subtract:1,3,4`, `(a,b)`), names
/// (`Dawson's Kayles`) and the invariants a panic names are not sentences.
#[test]
fn the_engine_writes_no_sentence() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src");
    let mut found = Vec::new();
    for file in files(&src) {
        let text = fs::read_to_string(&file).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (line, literal) in readable_literals(&text) {
            // One exception: a built-in game's one-line summary (`BuiltIn::summary`) is the
            // game's description, shown as written, so that the game is one file.
            let summary = lines
                .get(line - 1)
                .is_some_and(|l| l.trim_start().starts_with("summary: \""));
            if is_sentence(&literal) && !summary {
                found.push(format!("{}:{line}: {literal:?}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the engine writes English, whose words belong in src/render/: {found:#?}"
    );
}

#[test]
fn the_sentence_check_can_fail() {
    let source = r###"//! A summary: take any number of tokens from one pile.
/// Take any number of tokens.
pub const NIM: &str = "Nim: take any number of tokens from one pile";
pub const LASKER: &str = "Lasker's Nim: take any \
    number of tokens";
pub const QUOTE: char = '"';
pub const RAW: &str = r#"move "any" number of coins"#;
pub const NOTATION: &str = "game w(a, b) = {(a - k, b) : k in 1..a}";
pub const NAME: &str = "Dawson's Kayles";
#[allow(clippy::cast_possible_truncation, reason = "x is below the codes, all u32")]
pub fn f(n: u64) -> u32 {
    u32::try_from(n).expect("the count is within the limit checked above")
}
#[cfg(test)]
mod tests {
    const IN_A_TEST: &str = "a test may write what it likes";
}
pub const AFTER: &str = "this one is read again";
"###;
    let sentences: Vec<(usize, String)> = readable_literals(source)
        .into_iter()
        .filter(|(_, literal)| is_sentence(literal))
        .collect();
    let expected = [
        (3, "Nim: take any number of tokens from one pile"),
        (4, "Lasker's Nim: take any number of tokens"),
        (7, "move \"any\" number of coins"),
        (18, "this one is read again"),
    ];
    assert_eq!(
        sentences,
        expected.map(|(line, text)| (line, text.to_string()))
    );
}

/// Where nimlab's source may write sentences outside `src/render/`, and why: the renderer
/// itself, the grammar's examples, and the known debts of ARCHITECTURE.md ("English still
/// written outside `render/`"), each a top-level file or folder of `src/`.
const WORDED_ELSEWHERE: &[(&str, &str)] = &[
    ("render", "the writer: every sentence belongs here"),
    (
        "help_examples.rs",
        "the grammar's own doc: the two examples under each command's help",
    ),
    (
        "yaml.rs",
        "a known debt: the YAML door words its own limits and passes serde's words on",
    ),
    (
        "repl",
        "a known debt: the read loop's banner, a script's NUL byte, the history file refused",
    ),
    ("pager.rs", "a known debt: the pager's `-- more --` line"),
    (
        "progress.rs",
        "a known debt: the `working, N s so far` line",
    ),
];

/// The grammar's help in `cli.rs`, by how each literal starts (`\n` reads as a space): the
/// page `help =` shows of the expression language, and the line each command's help ends
/// with. Anything else `cli.rs` writes (a value's refusal) is worded in `src/render/`.
const GRAMMAR_HELP: &[&str] = &[
    "Evaluate an expression.",
    "Every evaluation is limited",
    "{EVAL_HELP}Rulesets:",
    "{}  Every command also takes",
];

/// The files under `src` that are test modules: declared `#[cfg(test)] mod NAME;` by their
/// parent (`foo/mod.rs` or `foo.rs` declaring `foo/NAME.rs`).
fn test_modules(src: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for file in files(src) {
        let text = fs::read_to_string(&file).expect("a source file");
        let dir = file.parent().expect("a folder");
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let children = if matches!(stem, "mod" | "lib" | "main") {
            dir.to_path_buf()
        } else {
            dir.join(stem)
        };
        for (at, _) in text.match_indices("#[cfg(test)]") {
            let rest = text[at + "#[cfg(test)]".len()..].trim_start();
            let Some(name) = rest
                .strip_prefix("mod ")
                .and_then(|r| r.split_once(';'))
                .map(|(name, _)| name.trim())
                .filter(|name| name.chars().all(|c| c.is_alphanumeric() || c == '_'))
            else {
                continue;
            };
            out.push(children.join(format!("{name}.rs")));
            out.push(children.join(name).join("mod.rs"));
        }
    }
    out
}

/// Every sentence (four words in a row, see [`is_sentence`]) the source under `src` writes
/// outside the renderer, the exceptions above and test modules, as `path:line: "literal"`.
fn sentences_outside_render(src: &Path) -> Vec<String> {
    let tests = test_modules(src);
    let mut found = Vec::new();
    for file in files(src) {
        let rel = file.strip_prefix(src).expect("under src");
        let top = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        if WORDED_ELSEWHERE.iter().any(|(path, _)| *path == top) || tests.contains(&file) {
            continue;
        }
        let text = fs::read_to_string(&file).expect("a source file");
        for (line, literal) in readable_literals(&text) {
            let help = top == "cli.rs" && GRAMMAR_HELP.iter().any(|h| literal.starts_with(h));
            if is_sentence(&literal) && !help {
                found.push(format!("{}:{line}: {literal:?}", rel.display()));
            }
        }
    }
    found
}

/// What a user reads is written in `src/render/`: the expression language, the commands, the
/// lessons, the proofs, the errors and the helpers hand it data (what the grammar wanted,
/// why a range was refused, what a lesson may not run), never a sentence.
#[test]
fn render_holds_every_sentence() {
    let found = sentences_outside_render(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(
        found.is_empty(),
        "English written outside src/render/; make it data and word it there: {found:#?}"
    );
}

#[test]
fn the_check_for_sentences_outside_render_can_fail() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let src = dir.path();
    let write = |path: &str, text: &str| {
        let path = src.join(path);
        fs::create_dir_all(path.parent().expect("a folder")).expect("a folder made");
        fs::write(path, text).expect("a sample written");
    };
    write("lib.rs", "mod command;\n#[cfg(test)]\nmod tests;\n");
    write(
        "command/range.rs",
        "pub const NOTATION: &str = \"subtract:1,3,4\";\n\
         pub fn why() -> String {\n    format!(\"it ends before it starts\")\n}\n",
    );
    write(
        "tests.rs",
        "const IN_A_TEST: &str = \"a test may write what it likes\";\n",
    );
    write(
        "render/range.rs",
        "pub const SAID: &str = \"the renderer writes every sentence\";\n",
    );
    write(
        "cli.rs",
        "const HELP: &str = \"Evaluate an expression. Integers are exact\";\n\
         fn memory() -> String {\n    \"expected a size of at least 16M\".into()\n}\n",
    );
    write(
        "yaml.rs",
        "const DEBT: &str = \"the YAML nests too deeply\";\n",
    );
    let mut found = sentences_outside_render(src);
    found.sort();
    assert_eq!(
        found,
        [
            "cli.rs:3: \"expected a size of at least 16M\"",
            "command/range.rs:3: \"it ends before it starts\"",
        ]
    );
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

/// The engine's files by module path (`families::octal`), a folder's module being its `.rs`.
fn engine_modules(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    for file in files(root) {
        let rel = file.strip_prefix(root).expect("under the root");
        let path: Vec<String> = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let module = match path.as_slice() {
            [only] if only == "lib" => String::new(),
            _ => path.join("::"),
        };
        out.insert(module, file);
    }
    out
}

/// The paths a source names after `crate::` (a group `{a, b::c}` gives one path each), with
/// the code of its `#[cfg(test)]` module and its comments left out.
fn crate_paths(text: &str) -> Vec<Vec<String>> {
    let code: String = text
        .split("#[cfg(test)]")
        .next()
        .unwrap_or("")
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '{'))
            .unwrap_or(rest.len());
        let head = rest[..end].trim_end_matches(':');
        if let Some((prefix, _)) = head.split_once('{') {
            // `crate::a::{b, c::d}`: each name of the group after the prefix.
            let close = rest.find('}').unwrap_or(rest.len());
            let prefix: Vec<String> = prefix
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let open = rest.find('{').map_or(close, |i| i + 1);
            for item in rest[open..close.max(open)].split([',', '{']) {
                let mut path = prefix.clone();
                path.extend(
                    item.trim()
                        .split("::")
                        .filter(|s| !s.is_empty() && *s != "self")
                        .map(str::to_string),
                );
                out.push(path);
            }
        } else {
            out.push(head.split("::").map(str::to_string).collect());
        }
    }
    out
}

/// The longest module `path` starts with; a name the crate's root re-exports leads to the
/// module it comes from.
fn module_of(
    path: &[String],
    modules: &BTreeMap<String, PathBuf>,
    root_names: &BTreeMap<String, String>,
) -> Option<String> {
    for n in (1..=path.len()).rev() {
        let module = path[..n].join("::");
        if modules.contains_key(&module) {
            return Some(module);
        }
    }
    root_names.get(path.first()?).cloned()
}

/// Every circle of `crate::` imports among the engine's files, each as the files in order;
/// `through_root`: a name the crate's root re-exports (`crate::Rules`) counts as an import of
/// the module it comes from.
fn engine_circles(through_root: bool) -> Vec<Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src");
    let modules = engine_modules(&root);
    // `pub use families::rules::Rules;` at the root: `crate::Rules` is that module's.
    let lib = fs::read_to_string(root.join("lib.rs")).expect("the engine's lib.rs");
    let mut root_names = BTreeMap::new();
    for line in lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub use "))
    {
        let line = line.trim_end_matches(';');
        let (prefix, names) = match line.split_once("::{") {
            Some((p, names)) => (p.to_string(), names.trim_end_matches('}').to_string()),
            None => match line.rsplit_once("::") {
                Some((p, name)) => (p.to_string(), name.to_string()),
                None => continue,
            },
        };
        let module = prefix.trim_start_matches("crate::").to_string();
        for name in names.split(',') {
            let name = name.split(" as ").last().unwrap_or(name).trim();
            if !name.is_empty() {
                root_names.insert(name.to_string(), module.clone());
            }
        }
    }
    let mut edges: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (module, file) in &modules {
        if module.is_empty() {
            continue;
        }
        let text = fs::read_to_string(file).expect("a source file");
        let mut to: Vec<String> = crate_paths(&text)
            .iter()
            .filter_map(|p| {
                let names = if through_root {
                    &root_names
                } else {
                    &BTreeMap::new()
                };
                module_of(p, &modules, names)
            })
            .filter(|m| m != module && !m.is_empty())
            .collect();
        to.sort();
        to.dedup();
        edges.insert(module.clone(), to);
    }
    // Depth-first search from every file; a path back to a file on the stack is a circle.
    let mut circles: Vec<Vec<String>> = Vec::new();
    let mut done = std::collections::BTreeSet::new();
    fn visit(
        at: &str,
        edges: &BTreeMap<String, Vec<String>>,
        stack: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
        circles: &mut Vec<Vec<String>>,
    ) {
        if let Some(i) = stack.iter().position(|m| m == at) {
            circles.push(stack[i..].to_vec());
            return;
        }
        if done.contains(at) {
            return;
        }
        stack.push(at.to_string());
        for next in edges.get(at).into_iter().flatten() {
            visit(next, edges, stack, done, circles);
        }
        stack.pop();
        done.insert(at.to_string());
    }
    for module in edges.keys() {
        visit(module, &edges, &mut Vec::new(), &mut done, &mut circles);
    }
    circles
}

#[test]
fn no_two_files_of_the_engine_import_each_other_in_a_circle() {
    let circles = engine_circles(false);
    assert!(
        circles.is_empty(),
        "circles of imports in the engine: {circles:#?}"
    );
}

#[test]
fn no_circle_through_the_names_the_engine_root_reexports() {
    let circles = engine_circles(true);
    assert!(
        circles.is_empty(),
        "circles of imports in the engine: {circles:#?}"
    );
}

#[test]
fn the_circle_check_reads_groups_and_root_names() {
    // What the check reads, on a sample: a group, a nested group, a path in code, and a
    // comment that is not an import.
    let text = "use crate::families::{octal::OctalCode, subtraction};\n\
                use crate::{EngineError, Heaps};\n\
                // use crate::play::reply;\n\
                fn f() { crate::limits::memory::check(); }\n";
    let paths: Vec<String> = crate_paths(text).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        [
            "families::octal::OctalCode",
            "families::subtraction",
            "EngineError",
            "Heaps",
            "limits::memory::check"
        ]
    );
}

/// `text` with every comment, string and character literal blanked to spaces (newlines kept),
/// so that braces and keywords left are code.
fn code_only(text: &str) -> Vec<char> {
    let c: Vec<char> = text.chars().collect();
    let mut out = c.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for ch in &mut out[from..to.min(c.len())] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
    };
    let mut i = 0;
    while i < c.len() {
        let ident = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        if holds(&c, i, "//") {
            let end = c[i..]
                .iter()
                .position(|&ch| ch == '\n')
                .map_or(c.len(), |k| i + k);
            blank(&mut out, i, end);
            i = end;
        } else if holds(&c, i, "/*") {
            let end = (i + 2..c.len())
                .find(|&k| holds(&c, k, "*/"))
                .map_or(c.len(), |k| k + 2);
            blank(&mut out, i, end);
            i = end;
        } else if (c[i] == 'r' || holds(&c, i, "br")) && !ident {
            let r = if c[i] == 'b' { i + 1 } else { i };
            let hashes = c[r + 1..].iter().take_while(|&&h| h == '#').count();
            if c.get(r + 1 + hashes) == Some(&'"') {
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                let start = r + 2 + hashes;
                let end = (start..c.len())
                    .find(|&k| holds(&c, k, &close))
                    .map_or(c.len(), |k| k + close.chars().count());
                blank(&mut out, i, end);
                i = end;
            } else {
                i += 1;
            }
        } else if c[i] == '"' {
            let mut k = i + 1;
            while k < c.len() && c[k] != '"' {
                k += if c[k] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, k + 1);
            i = k + 1;
        } else if c[i] == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), not a lifetime ('a).
            let end = if c.get(i + 1) == Some(&'\\') {
                (i + 2..c.len()).find(|&k| c[k] == '\'').map(|k| k + 1)
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Each function of `text` with a body: its name, the line of its `fn` (from 1) and its
/// length in lines, from the `fn` line to the line of its closing brace.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let code: String = code_only(text).into_iter().collect();
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(k) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        let before_fn = words[..k].iter().all(|w| {
            w.starts_with("pub") || ["const", "async", "unsafe", "extern", "default"].contains(w)
        });
        if !before_fn {
            continue;
        }
        let Some(name) = words.get(k + 1).map(|w| {
            w.chars()
                .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
                .collect::<String>()
        }) else {
            continue;
        };
        // The body opens at the first `{` outside the signature's brackets; a `;` first is a
        // declaration without one.
        let (mut depth, mut brackets, mut opened) = (0usize, 0usize, false);
        let mut end = None;
        'lines: for (k, text) in lines.iter().enumerate().skip(at) {
            for ch in text.chars() {
                match ch {
                    '(' | '[' | '<' if !opened => brackets += 1,
                    ')' | ']' | '>' if !opened => brackets = brackets.saturating_sub(1),
                    ';' if !opened && brackets == 0 => break 'lines,
                    '{' => {
                        opened = true;
                        depth += 1;
                    }
                    '}' if opened => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(k);
                            break 'lines;
                        }
                    }
                    _ => {}
                }
            }
        }
        if let Some(end) = end {
            found.push((name, at + 1, end - at + 1));
        }
    }
    found
}

/// The longest a function may be without a reason stated beside it.
const LONGEST: usize = 100;

/// The functions over [`LONGEST`] lines in `text` with no `Long on purpose:` comment in the 8
/// lines above them, as `name (N lines) at line L`.
fn long_without_reason(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    function_lengths(text)
        .into_iter()
        .filter(|&(_, at, length)| {
            length > LONGEST
                && !lines[at.saturating_sub(9)..at - 1]
                    .iter()
                    .any(|l| l.contains("Long on purpose:"))
        })
        .map(|(name, at, length)| format!("{name} ({length} lines) at line {at}"))
        .collect()
}

#[test]
fn no_function_is_over_100_lines_without_a_reason_beside_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["src", "crates", "tests", "benches", "examples"] {
        for file in files(&root.join(dir)) {
            let text = fs::read_to_string(&file).expect("a source file");
            for long in long_without_reason(&text) {
                found.push(format!("{}: {long}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "functions over {LONGEST} lines, each without a `Long on purpose:` comment saying why: \
         split them, or say why not: {found:#?}"
    );
}

#[test]
fn the_length_check_can_fail() {
    let body = "    let x = 1;\n".repeat(100);
    let source = format!(
        "/// Short.\nfn short() {{ let s = \"{{\"; }}\n\
         fn long(a: Vec<u8>) -> Option<u8> {{\n{body}    None\n}}\n\
         // Long on purpose: a table of cases.\nfn excused() {{\n{body}}}\n\
         trait T {{ fn declared(&self); }}\n\
         pub(crate) fn quoted<'a>(s: &'a str) -> char {{ let _ = '}}'; let _ = s; '{{' }}\n"
    );
    let lengths = function_lengths(&source);
    assert_eq!(
        lengths,
        [
            ("short".to_string(), 2, 1),
            ("long".to_string(), 3, 103),
            ("excused".to_string(), 107, 102),
            ("quoted".to_string(), 210, 1),
        ]
    );
    assert_eq!(long_without_reason(&source), ["long (103 lines) at line 3"]);
}
