//! `grundy A..B --values`: each state's value alone (options left out), written as the engine
//! computes it, in every format, through one buffer: nothing is held per row, so the output's
//! memory does not grow with the range.

use std::io::{self, BufWriter, Write};

use super::RenderOptions;
use super::table_writer::TableSyntax;
use crate::engine::ValueRange;
use crate::engine::{Grundy, Pass, Pile, Rules};

/// Large writes, so a terminal or pipe is not flushed line by line.
const BUFFER: usize = 1 << 16;

/// Aligned columns: n with g(n), or for zero-move n with g(nF) and g(nT); a graph's positions
/// by name.
pub(super) fn text(
    range: &ValueRange,
    opts: &RenderOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(BUFFER, out);
    let rules = range.rules();
    let heading = format!(
        "{} for n = {}..{}, {} (options left out)",
        super::misere::values_of(rules),
        range.from(),
        range.to(),
        match range.periodic() {
            Some((upto, p)) => format!(
                "by mex up to g({upto}), then by the period {} from n = {} proven on them",
                p.period, p.preperiod
            ),
            None => "each the mex of its options' values".to_string(),
        }
    );
    // On a terminal the heading is wrapped between words; a stream piped on keeps it on one
    // line, so a script skips two lines to reach the values.
    let width = match opts.height {
        Some(_) => opts.layout_width(),
        None => usize::MAX,
    };
    for line in super::prose::wrap(&heading, width) {
        writeln!(out, "{}", opts.style.heading(&line))?;
    }
    // Values of sizes ≤ N are at most N + 1 (zero-move: g(nT) = n + 1 for odd n).
    let width = range.to().saturating_add(1).to_string().len().max(5);
    match rules {
        Rules::Graph(_) => {
            let names = range
                .values()
                .map(|(p, _)| rules.name_of(p).chars().count());
            let name_width = names.max().unwrap_or(0).max(8);
            writeln!(out, "{:<name_width$}  {:>width$}", "position", "g")?;
            for (pile, g) in range.values() {
                writeln!(out, "{:<name_width$}  {g:>width$}", rules.name_of(pile))?;
            }
        }
        _ if rules.has_pass() => {
            writeln!(
                out,
                "{:>width$}  {:>width$}  {:>width$}",
                "n", "g(nF)", "g(nT)"
            )?;
            for s in range.sizes() {
                match s.unused {
                    Some(t) => {
                        writeln!(out, "{:>width$}  {:>width$}  {t:>width$}", s.size, s.plain)?
                    }
                    // The empty pile has one state, 0T = 0F: its value stands in both columns,
                    // as in the table with options.
                    None => writeln!(
                        out,
                        "{:>width$}  {:>width$}  {:>width$}",
                        s.size, s.plain, s.plain
                    )?,
                }
            }
        }
        _ => {
            writeln!(out, "{:>width$}  {:>width$}", "n", "g(n)")?;
            for s in range.sizes() {
                writeln!(out, "{:>width$}  {:>width$}", s.size, s.plain)?;
            }
        }
    }
    if rules.is_misere() {
        let width = opts.layout_width();
        for line in super::prose::wrap(super::misere::NOTE, width) {
            writeln!(out, "{}", opts.style.dim(&line))?;
        }
    }
    out.flush()
}

/// One row per state: `state,n,grundy` (CSV) or a Markdown table of the same columns.
pub(super) fn table(
    range: &ValueRange,
    syntax: TableSyntax,
    out: &mut dyn Write,
) -> io::Result<()> {
    let rules = range.rules();
    if let (TableSyntax::Csv, false) = (syntax, matches!(rules, Rules::Graph(_))) {
        let mut block = Block::new(out);
        block.put(b"state,n,grundy\n");
        for_each_state(range, |pile, g| {
            block.room()?;
            let size = block.len;
            block.put_u64(pile.size);
            let digits = block.len - size;
            block.put(suffix(pile));
            block.put(b",");
            block.again(size, digits);
            block.put(b",");
            block.put_grundy(g);
            block.put(b"\n");
            Ok(())
        })?;
        return block.finish();
    }
    let mut out = BufWriter::with_capacity(BUFFER, out);
    match syntax {
        TableSyntax::Csv => writeln!(out, "state,n,grundy")?,
        TableSyntax::Markdown => writeln!(out, "| state | n | grundy |\n| --- | --- | --- |")?,
    }
    for_each_state(range, |pile, g| {
        match syntax {
            TableSyntax::Csv => {
                writeln!(out, "{},{},{g}", csv_field(&rules.name_of(pile)), pile.size)?
            }
            TableSyntax::Markdown => writeln!(
                out,
                "| {} | {} | {g} |",
                rules.name_of(pile).replace('|', "\\|"),
                pile.size
            )?,
        }
        Ok(())
    })?;
    out.flush()
}

/// Calls `f` with every state and its value in table order: the row loops, without an
/// iterator of rows between the values and the writer.
fn for_each_state(
    range: &ValueRange,
    mut f: impl FnMut(Pile, Grundy) -> io::Result<()>,
) -> io::Result<()> {
    for size in range.sizes() {
        let ((p, g), second) = size.states();
        f(p, g)?;
        if let Some((p, g)) = second {
            f(p, g)?;
        }
    }
    Ok(())
}

/// The shape in `docs/json.md`, `{"rules": R, "rows": [{"state", "n", "grundy", "method": "mex"}, …]}`,
/// with `reachable` and `options` left out; on one line, like every JSON result (a script's
/// lines each print one).
pub(super) fn json(range: &ValueRange, out: &mut dyn Write) -> io::Result<()> {
    let rules = range.rules();
    // A graph file's name may be long: the head is written whole, before the block.
    write!(
        out,
        "{{\"rules\":{},",
        serde_json::Value::from(rules.to_string())
    )?;
    if rules.is_misere() {
        // Misère Nim's values are its piles' normal-play values (see render/misere.rs).
        out.write_all(b"\"values\":\"normal-play\",")?;
    }
    out.write_all(b"\"rows\":[")?;
    let mut block = Block::new(out);
    let mut first = true;
    // Past the last heap valued by mex, an octal game's values are read off its proven period.
    let by_mex_to = range.periodic().map_or(u64::MAX, |(last, _)| last);
    for_each_state(range, |pile, g| {
        if let Rules::Graph(_) = rules {
            // A position's name may be as long as a line: written whole, not into the room
            // kept for a row.
            block.flush_block()?;
            let row = format!(
                "{}{{\"state\":{},\"n\":{},\"grundy\":{g},\"method\":\"mex\"}}",
                if first { "" } else { "," },
                serde_json::Value::from(rules.name_of(pile)),
                pile.size
            );
            first = false;
            return block.out.write_all(row.as_bytes());
        }
        block.room()?;
        if !first {
            block.put(b",");
        }
        first = false;
        block.put(b"{\"state\":\"");
        let size = block.len;
        block.put_u64(pile.size);
        let digits = block.len - size;
        block.put(suffix(pile));
        block.put(b"\",\"n\":");
        block.again(size, digits);
        block.put(b",\"grundy\":");
        block.put_grundy(g);
        block.put(if pile.size > by_mex_to {
            b",\"method\":\"periodic\"}"
        } else {
            b",\"method\":\"mex\"}"
        });
        Ok(())
    })?;
    block.flush_block()?;
    block.put(b"]}\n");
    block.finish()
}

/// Rows of digits written straight into one block of bytes, passed on a block at a time:
/// millions of rows are written, and the small copies of formatting each number into a buffer
/// of its own and then into the output cost more than the digits (perf: a third of the time).
struct Block<'w> {
    bytes: Box<[u8]>,
    len: usize,
    out: &'w mut dyn Write,
}

/// Room kept free for one row: the longest, a JSON row of a pile of 2^64 − 1 with a pass and
/// a value of 2^128 − 1, is 146 bytes.
const ROW_ROOM: usize = 256;

/// The two digits of 0..=99, as ASCII.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

impl<'w> Block<'w> {
    fn new(out: &'w mut dyn Write) -> Self {
        Self {
            bytes: vec![0; BUFFER].into_boxed_slice(),
            len: 0,
            out,
        }
    }

    /// Passes the block on when less than a row's room is left.
    fn room(&mut self) -> io::Result<()> {
        if self.len + ROW_ROOM > self.bytes.len() {
            self.flush_block()?;
        }
        Ok(())
    }

    fn flush_block(&mut self) -> io::Result<()> {
        let len = std::mem::take(&mut self.len);
        self.out.write_all(&self.bytes[..len])
    }

    fn finish(mut self) -> io::Result<()> {
        self.flush_block()?;
        self.out.flush()
    }

    /// Bytes within the room [`Block::room`] made (or, at the start and end, within the
    /// block's first and last [`ROW_ROOM`] bytes).
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        self.bytes[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// The decimal digits of `v`, two at a time from the right.
    #[inline]
    fn put_u64(&mut self, mut v: u64) {
        let len = v
            .checked_ilog10()
            .map_or(1, |d| usize::try_from(d).map_or(20, |d| d + 1));
        let digits = &mut self.bytes[self.len..self.len + len];
        let mut end = len;
        while v >= 100 {
            let pair = usize::from(u8::try_from(v % 100).unwrap_or(0)) * 2;
            v /= 100;
            digits[end - 2..end].copy_from_slice(&PAIRS[pair..pair + 2]);
            end -= 2;
        }
        let last = u8::try_from(v).unwrap_or(0);
        if last >= 10 {
            let pair = usize::from(last) * 2;
            digits[..2].copy_from_slice(&PAIRS[pair..pair + 2]);
        } else {
            digits[0] = b'0' + last;
        }
        self.len += len;
    }

    /// A value: u64 when it fits (u128 division is slow), as it does for every table nimlab
    /// computes.
    #[inline]
    fn put_grundy(&mut self, g: Grundy) {
        match u64::try_from(g) {
            Ok(v) => self.put_u64(v),
            Err(_) => self.put(itoa::Buffer::new().format(g).as_bytes()),
        }
    }

    /// The `len` ≤ 20 bytes written at `from` once more (a size's digits, as n after the
    /// state): twenty bytes are copied, a fixed length the compiler copies in two moves, and
    /// those past `len` are written over by what follows.
    #[inline]
    fn again(&mut self, from: usize, len: usize) {
        self.bytes.copy_within(from..from + 20, self.len);
        self.len += len;
    }
}

/// How a state's name ends after its size: `T`, `F` or nothing.
fn suffix(pile: Pile) -> &'static [u8] {
    match pile.pass {
        Some(Pass::Unused) => b"T",
        Some(Pass::Spent) => b"F",
        None => b"",
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_written_as_to_string_writes_them() {
        let mut cases: Vec<u64> = vec![0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, u64::MAX];
        for k in 1..20u32 {
            let p = 10u64.pow(k);
            cases.extend([p - 1, p, p + 1, p + p / 2]);
        }
        let mut out = Vec::new();
        let mut block = Block::new(&mut out);
        let mut expected = String::new();
        for &v in &cases {
            block.room().unwrap();
            block.put_u64(v);
            block.put(b",");
            expected.push_str(&format!("{v},"));
        }
        block.room().unwrap();
        block.put_grundy(u128::MAX);
        expected.push_str(&u128::MAX.to_string());
        block.finish().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
