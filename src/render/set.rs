//! Sets of values as a learner writes them: `{0, 2, 3}`, with long runs shortened to `0..6`.

use crate::engine::Grundy;

/// A sorted set, with runs of four or more consecutive values written `a..b`.
pub(crate) fn format_set(values: &[Grundy]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        if j - i >= 3 {
            parts.push(format!("{}..{}", values[i], values[j]));
        } else {
            parts.extend(values[i..=j].iter().map(Grundy::to_string));
        }
        i = j + 1;
    }
    format!("{{{}}}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortens_only_long_runs() {
        assert_eq!(format_set(&[]), "{}");
        assert_eq!(format_set(&[0, 2, 3]), "{0, 2, 3}");
        assert_eq!(format_set(&[0, 1, 2, 3]), "{0..3}");
        assert_eq!(format_set(&[0, 1, 2, 3, 4, 6, 8, 9]), "{0..4, 6, 8, 9}");
    }
}
