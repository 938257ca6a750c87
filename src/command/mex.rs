//! `mex`: the least value not in a set, the set written as nimlab writes sets.

use crate::engine::{Grundy, mex as least_excluded};
use crate::error::{Error, Expected};
use crate::output::Output;

/// `mex 0 1 3`, `mex {0..4, 6}`: the set as nimlab prints sets.
pub(super) fn mex(values: &[String]) -> Result<Output, Error> {
    let set = crate::set_notation::read_set(
        &values.join(" "),
        // Decimal digits only, as piles are written (`str::parse` would also take `+3`).
        |t| {
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<Grundy>().ok())
                .flatten()
        },
        crate::set_notation::Numbers::Whole,
    )
    .map_err(|e| Error::bad_token(e.token, Expected::SetElement(e.expected)))?;
    let set: Vec<Grundy> = set.into_iter().collect();
    let m = least_excluded(set.iter().copied());
    Ok(Output::Mex { set, mex: m })
}
