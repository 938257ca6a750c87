//! Grundy values and sequences: mex, tables and lookups, periods, closed forms, nim multiplication.

pub mod growth;
pub mod grundy;
pub mod library_form;
pub mod mex;
pub mod nim_product;
#[allow(clippy::cast_possible_truncation)]
pub mod octal_sequence;
pub mod octal_values;
pub mod period;
pub mod sequence;
pub mod take_any;
pub mod value_range;
