//! Grundy values and sequences: mex, tables and lookups, periods, closed forms, nim multiplication.

pub(crate) mod growth;
pub(crate) mod grundy;
pub(crate) mod library_form;
pub(crate) mod mex;
pub(crate) mod nim_product;
#[allow(clippy::cast_possible_truncation)]
pub(crate) mod octal_sequence;
pub(crate) mod octal_values;
pub mod period;
pub(crate) mod sequence;
pub(crate) mod take_any;
pub(crate) mod value_range;
