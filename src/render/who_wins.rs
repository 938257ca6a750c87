//! "Who wins" on any position, in every format: the working of the position's kind (a binary
//! table of values, a sum's terms, pictures, γ values, a search, Moore's columns, a stream's
//! summary), then the one verdict sentence the judgement gives (text, Markdown) or its `winner`
//! field (JSON, rows), then the move for `move`. LaTeX, which only piles and tokens have, is
//! `latex.rs`'s.

use std::io::{self, Write};

use super::json_shapes::emit;
use super::table_writer::{TableSyntax, TableWriter};
use super::{RenderOptions, binary, bulk, hackenbush, loopy, misere_play, moore, sum};
use crate::output::{WhoWins, Working};

pub(super) fn text(w: &WhoWins, opts: &RenderOptions, out: &mut dyn Write) -> io::Result<()> {
    let j = w.judgement();
    match w.working() {
        Working::Piles(r) => binary::render(r, j, opts, out),
        Working::Stream(r) => bulk::text(r, j, opts, out),
        Working::Sum(r) => sum::text(r, j, opts, out),
        Working::Pictures(r) => hackenbush::text(r, j, opts, out),
        Working::Tokens(r) => loopy::text(r, j, opts, out),
        Working::Misere(r) => misere_play::text(r, j, opts, out),
        Working::MisereSum(r) => sum::misere_text(r, j, opts, out),
        Working::Moore(r) => moore::text(r, j, opts, out),
    }
}

pub(super) fn json(w: &WhoWins, out: &mut dyn Write) -> io::Result<()> {
    let j = w.judgement();
    match w.working() {
        Working::Piles(r) => emit(&binary::json(r, j), out),
        Working::Stream(r) => emit(&bulk::json(r, j), out),
        Working::Sum(r) => emit(&sum::json(r, j), out),
        Working::Pictures(r) => emit(&hackenbush::json(r, j), out),
        Working::Tokens(r) => emit(&loopy::json(r, j), out),
        Working::Misere(r) => emit(&misere_play::json(r, j), out),
        Working::MisereSum(r) => emit(&sum::misere_json(r, j), out),
        Working::Moore(r) => emit(&moore::json(r, j), out),
    }
}

/// Markdown and CSV: the piles' table of values, or a two-column table of what and value.
pub(super) fn rows(w: &WhoWins, syntax: TableSyntax, out: &mut dyn Write) -> io::Result<()> {
    let j = w.judgement();
    let rows = match w.working() {
        Working::Piles(r) => return binary::rows(r, j, syntax, out),
        Working::Stream(r) => bulk::rows(r, j),
        Working::Sum(r) => sum::rows(r, j),
        Working::Pictures(r) => hackenbush::rows(r, j),
        Working::Tokens(r) => loopy::rows(r, j),
        Working::Misere(r) => misere_play::rows(r, j),
        Working::MisereSum(r) => sum::misere_rows(r, j),
        Working::Moore(r) => moore::rows(r, j),
    };
    let mut sink = TableWriter::new(syntax, out, &["what", "value"])?;
    for row in rows {
        sink.row(&row)?;
    }
    sink.finish()
}
