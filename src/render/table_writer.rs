//! Writing one table row by row as Markdown or CSV: a leaf under every renderer of tables.

use std::io::{self, Write};

/// The syntax rows are written in: Markdown (`| a | b |` with a `---` rule under the
/// headers) or CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TableSyntax {
    Markdown,
    Csv,
}

/// A table being written row by row in one syntax.
pub(super) struct TableWriter<'a> {
    syntax: TableSyntax,
    csv: Option<csv::Writer<&'a mut dyn Write>>,
    out_md: Option<&'a mut dyn Write>,
}

impl<'a> TableWriter<'a> {
    pub(super) fn new(
        syntax: TableSyntax,
        out: &'a mut dyn Write,
        headers: &[&str],
    ) -> io::Result<Self> {
        let mut sink = match syntax {
            TableSyntax::Csv => TableWriter {
                syntax,
                csv: Some(csv::Writer::from_writer(out)),
                out_md: None,
            },
            TableSyntax::Markdown => TableWriter {
                syntax,
                csv: None,
                out_md: Some(out),
            },
        };
        sink.row(headers)?;
        if let (TableSyntax::Markdown, Some(out)) = (sink.syntax, sink.out_md.as_mut()) {
            let rule: Vec<&str> = headers.iter().map(|_| "---").collect();
            writeln!(out, "| {} |", rule.join(" | "))?;
        }
        Ok(sink)
    }

    pub(super) fn row<S: AsRef<str>>(&mut self, cells: &[S]) -> io::Result<()> {
        if let Some(w) = self.csv.as_mut() {
            return w
                .write_record(cells.iter().map(AsRef::as_ref))
                .map_err(io::Error::other);
        }
        if let Some(out) = self.out_md.as_mut() {
            let cells: Vec<String> = cells
                .iter()
                .map(|c| c.as_ref().replace('|', "\\|"))
                .collect();
            writeln!(out, "| {} |", cells.join(" | "))?;
        }
        Ok(())
    }

    pub(super) fn finish(self) -> io::Result<()> {
        if let Some(mut w) = self.csv {
            w.flush()?;
        }
        Ok(())
    }
}
