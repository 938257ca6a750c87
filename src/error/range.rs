//! Why a range of sizes was refused (`Error::BadRange`): data, worded in `render/`.

/// Why a range was refused. The limits are carried with it, so the words name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeWhy {
    /// It ends before it starts: `from..to` with `to < from`.
    Backwards { from: u64, to: u64 },
    /// An end, as written, that is not a size; `example` is a range the command takes.
    NotASize { end: String, example: &'static str },
    /// An end, as written, above 2^64 − 1.
    AboveMax { end: String },
    /// An end, as written, with more than 20 digits.
    TooManyDigits { end: String },
    /// A table by mex past its largest size, `max`.
    TableBeyond { max: u64 },
    /// A table of `rows` rows, more than the `max` a table with options shows; `--values`
    /// lists ranges up to `values_max`.
    TooManyRows {
        rows: u64,
        max: u64,
        values_max: u64,
    },
    /// A table whose rows list `options` options, more than the `max` nimlab prints.
    TooManyOptions { options: u128, max: u64 },
    /// Values by mex past the largest size, `max`.
    ValuesBeyond { max: u64 },
    /// Values of `sizes` sizes, more than a range of values lists (`max`).
    TooManySizes { sizes: u128, max: u64 },
    /// A derivation of more sizes than the `max` it walks; `rules`: the `--rules` it was
    /// given on its line, which the `grundy` it suggests needs too.
    DerivationSizes { max: u64, rules: Option<String> },
    /// A derivation of a state past its largest size, `max` (`rules` as above).
    DerivationBeyond { max: u64, rules: Option<String> },
    /// `--values` given one size rather than a range.
    ValuesNeedRange,
    /// A plot past its largest size, `max`.
    PlotBeyond { max: u64 },
}
