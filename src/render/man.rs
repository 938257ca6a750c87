//! The manual pages, from the one command definition: nimlab(1) with the sections a Unix
//! manual has (EXAMPLES, EXIT STATUS, ENVIRONMENT, FILES), and nimlab-COMMAND(1) for each
//! command its COMMANDS section names, so every page it refers to exists.

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Expected};

/// The main page, one command's page (`command`), or every page written into `dir`.
pub(crate) fn pages(
    mut cli: clap::Command,
    command: Option<&str>,
    dir: Option<&Path>,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    cli.build();
    if let Some(dir) = dir {
        if !dir.is_dir() {
            return Err(Error::bad_token(
                dir.display().to_string(),
                Expected::ManDirectory,
            ));
        }
        let mut written = 1;
        main_page(
            &cli,
            &mut std::fs::File::create(dir.join("nimlab.1")).map_err(Error::Write)?,
        )?;
        for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
            let path = dir.join(format!("nimlab-{}.1", sub.get_name()));
            command_page(sub, &mut std::fs::File::create(path).map_err(Error::Write)?)?;
            written += 1;
        }
        let _ = writeln!(out, "wrote {written} manual pages into {}", dir.display());
        return Ok(());
    }
    match command {
        None => main_page(&cli, out),
        Some(name) => {
            let sub = cli
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .find(|s| s.get_name() == name || s.get_all_aliases().any(|a| a == name))
                .ok_or_else(|| Error::bad_token(name, Expected::ManCommand))?;
            command_page(sub, out)
        }
    }
}

/// nimlab-COMMAND(1): its name, a synopsis with each option's argument, what it does, its
/// options, and its examples as the shell types them.
fn command_page(sub: &clap::Command, out: &mut dyn Write) -> Result<(), Error> {
    let name = format!("nimlab {}", sub.get_name());
    let title = format!("nimlab-{}", sub.get_name());
    let page = sub
        .clone()
        .bin_name(&name)
        .display_name(&title)
        .override_usage(synopsis(sub, &name));
    let man = clap_mangen::Man::new(page)
        .title(&title)
        .source(format!("nimlab {}", env!("CARGO_PKG_VERSION")));
    let write = |result: std::io::Result<()>| result.map_err(Error::Write);
    write(man.render_title(out))?;
    write(man.render_name_section(out))?;
    write(man.render_synopsis_section(out))?;
    write(man.render_description_section(out))?;
    write(man.render_options_section(out))?;
    if sub.has_subcommands() {
        write(man.render_subcommands_section(out))?;
    }
    if let Some(examples) = sub.get_after_help().map(ToString::to_string) {
        write(out.write_all(examples_section(&examples).as_bytes()))?;
    }
    write(out.write_all(
        b".SH \"SEE ALSO\"\n\\fBnimlab\\fR(1); \\fBnimlab help\\fR at nimlab's prompt.\n",
    ))
}

/// `nimlab winner [--rules R] [--file PATH] [--misere] [PILE]...`: the command's own options,
/// each with its argument (the options every command takes are under OPTIONS).
fn synopsis(sub: &clap::Command, name: &str) -> String {
    let mut words = vec![name.to_string()];
    for arg in sub.get_arguments().filter(|a| {
        !a.is_hide_set() && !a.is_global_set() && !a.is_positional() && a.get_long() != Some("help")
    }) {
        let flag = match (arg.get_long(), arg.get_short()) {
            (Some(long), _) => format!("--{long}"),
            (None, Some(short)) => format!("-{short}"),
            (None, None) => continue,
        };
        let value = arg
            .get_value_names()
            .filter(|_| arg.get_action().takes_values())
            .map(|names| format!(" {}", names.join(" ")))
            .unwrap_or_default();
        words.push(format!("[{flag}{value}]"));
    }
    for arg in sub.get_positionals().filter(|a| !a.is_hide_set()) {
        let value = arg
            .get_value_names()
            .map_or_else(|| arg.get_id().to_string(), |names| names.join(" "));
        let many = if arg.get_num_args().is_some_and(|n| n.max_values() > 1) {
            "..."
        } else {
            ""
        };
        words.push(if arg.is_required_set() {
            format!("{value}{many}")
        } else {
            format!("[{value}]{many}")
        });
    }
    if sub.has_subcommands() {
        words.push("COMMAND".to_string());
    }
    words.join(" ")
}

/// A command's examples (`Examples:` and a line each, as help shows them) as a roff EXAMPLES
/// section, each written as the shell types it.
fn examples_section(examples: &str) -> String {
    let shell = crate::cli::examples_at_the_shell(examples);
    let mut roff = String::from(".SH EXAMPLES\n");
    for line in shell.lines().filter_map(|l| l.strip_prefix("  ")) {
        let (command, comment) = match line.split_once("  ") {
            Some((command, comment)) => (command, comment.trim()),
            None => (line, ""),
        };
        roff.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            escaped(command),
            escaped(comment)
        ));
    }
    roff
}

/// Text as roff prints it: a backslash and a minus as themselves, and no line read as a request.
fn escaped(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

/// nimlab(1): clap's sections, then the ones a person looks for in a manual.
fn main_page(cli: &clap::Command, out: &mut dyn Write) -> Result<(), Error> {
    clap_mangen::Man::new(cli.clone())
        .render(out)
        .map_err(Error::Write)?;
    out.write_all(EXTRA.as_bytes()).map_err(Error::Write)
}

/// EXAMPLES, EXIT STATUS, ENVIRONMENT, FILES and SEE ALSO, in roff.
const EXTRA: &str = r#".SH EXAMPLES
.TP
\fBnimlab\fR
Start the interactive workbench; \fBhelp\fR there lists everything.
.TP
\fBnimlab winner 18 47 34\fR
Who wins zero\-move Nim on these piles: each pile's Grundy value, their nim\-sum, the verdict.
.TP
\fBnimlab move \-\-rules nim 3 4 5\fR
A winning move, or that every move loses.
.TP
\fBnimlab grundy 0..15 \-\-rules octal:0.77\fR
The Grundy table of Kayles: each state's options, their values and the mex.
.TP
\fBnimlab lesson start mex\fR
Start the first lesson (\fBnimlab lesson\fR lists them).
.TP
\fBnimlab prove zero\-move\-rule\fR
Walk the proof of g(nT) step by step.
.SH "EXIT STATUS"
.TP
0
Done, also when the reader of a pipe stops early.
.TP
1
A check ran and failed (\fBlesson check\fR, a false \fBconjecture\fR).
.TP
2
Bad input: a command, ruleset, pile, expression or file nimlab cannot take, or work past a limit (time or memory).
.TP
3
An input/output failure: output not written, input not read, lesson progress not saved, Graphviz missing or failed.
.TP
130
Stopped by Ctrl\-C.
.SH ENVIRONMENT
.TP
\fBNIMLAB_DATA_DIR\fR
Where lesson progress is kept (default: the platform's data directory, such as ~/.local/share/nimlab).
.TP
\fBNIMLAB_STATE_DIR\fR
Where the REPL's history is kept (default: the platform's state directory).
.TP
\fBNIMLAB_MEMORY\fR
The most memory a computation may use, such as 4G (default 1G); \fB\-\-memory\fR overrides it.
.TP
\fBNIMLAB_PROGRESS\fR
\fBoff\fR: no progress lines on stderr for long work.
.TP
\fBNO_COLOR\fR
Set and not empty: no colour (as \fB\-\-color never\fR).
.TP
\fBPAGER\fR
The pager for output taller than the terminal (default \fBless \-FRX\fR; empty: none).
.SH FILES
.TP
\fI$NIMLAB_DATA_DIR/progress.json\fR
Lesson progress, saved after every step.
.TP
\fI$NIMLAB_STATE_DIR/history\fR
The REPL's history.
.SH "SEE ALSO"
Each command above has a page of its own: \fBnimlab man COMMAND\fR prints it, \fBnimlab man \-\-dir DIR\fR writes them all.
"#;
