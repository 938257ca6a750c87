//! `^` between two literal numbers, such as `10^9` or `2^64`: in nimlab's language `^` is XOR
//! (the programmer's reading, as in C and Python), but written between two numbers it was
//! almost surely meant as a power. The value stands as computed; this finds the places a note
//! should point out.

use super::ast::{BinaryOp, Expr, ExprKind};

/// `base ^ exponent` written with `^` between two literal numbers: computed as XOR. Where
/// more follows the exponent in the same operand (`2^64 - 1`, read 2 ^ (64 - 1) since `^`
/// binds after arithmetic), `operand` is that operand as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaretXor {
    pub base: i128,
    pub exponent: i128,
    pub operand: Option<String>,
}

impl CaretXor {
    /// What XOR made of it.
    pub fn xor(&self) -> i128 {
        self.base ^ self.exponent
    }
}

/// Every `A ^ B` in `expr` (parsed from `source`) whose operands are both literal numbers, in
/// the order written. `A xor B` and `A ⊕ B` are meant as XOR and are not listed.
pub fn caret_xors(source: &str, expr: &Expr) -> Vec<CaretXor> {
    let mut found = Vec::new();
    expr.walk(&mut |e| {
        let ExprKind::Chain { first, rest } = &e.kind else {
            return;
        };
        // Only the chain's first operator has a literal on its left: the later ones apply to
        // what the chain has computed so far (`1 ^ 2 ^ 3` is (1 xor 2) xor 3).
        let Some((op, operand)) = rest.first() else {
            return;
        };
        let between = source
            .get(first.span.end..operand.span.start)
            .map(str::trim);
        let (BinaryOp::Xor, Some("^"), ExprKind::Int(a)) = (op, between, &first.kind) else {
            return;
        };
        // A number written right after `^`: alone, or the start of a longer operand.
        let written = source
            .get(operand.span.clone())
            .map(str::trim)
            .unwrap_or("");
        let Some(b) =
            leftmost_int(operand).filter(|_| written.starts_with(|c: char| c.is_ascii_digit()))
        else {
            return;
        };
        let compound = !matches!(operand.kind, ExprKind::Int(_));
        found.push(CaretXor {
            base: *a,
            exponent: b,
            operand: compound.then(|| written.to_string()),
        });
    });
    found
}

/// The literal number an operand starts with (`64` of `64 - 1`), if it starts with one.
fn leftmost_int(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(n) => Some(*n),
        ExprKind::Chain { first, .. } => leftmost_int(first),
        ExprKind::Binary { lhs, .. } => leftmost_int(lhs),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn carets(source: &str) -> Vec<(i128, i128)> {
        caret_xors(source, &parse(source).unwrap())
            .iter()
            .map(|c| (c.base, c.exponent))
            .collect()
    }

    #[test]
    fn literal_carets_are_found_and_meant_xors_are_not() {
        assert_eq!(carets("g(octal:0.07, 10^9)"), [(10, 9)]);
        assert_eq!(carets("2^64"), [(2, 64)]);
        assert_eq!(carets("g(nim, 2 ^ 10) + 1"), [(2, 10)]);
        assert_eq!(carets("3 xor 5"), []);
        assert_eq!(carets("3 ⊕ 5"), []);
        assert_eq!(carets("n ^ 2"), []);
        assert_eq!(carets("2 ^ (3 + 1)"), []);
        // `^` binds after `-`: the exponent's operand is `64 - 1`, noted with its text.
        let found = caret_xors("2^64 - 1", &parse("2^64 - 1").unwrap());
        assert_eq!(
            (
                found[0].base,
                found[0].exponent,
                found[0].operand.as_deref()
            ),
            (2, 64, Some("64 - 1"))
        );
        assert_eq!(carets("all n in 0..9: n ^ 1 >= 0"), []);
        assert_eq!(carets("1 ^ 2 ^ 3"), [(1, 2)]);
        // 10 xor 9 = 3, as the note says.
        assert_eq!(
            CaretXor {
                base: 10,
                exponent: 9,
                operand: None,
            }
            .xor(),
            3
        );
    }
}
