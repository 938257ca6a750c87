//! The binary operators on values already computed: arithmetic (exact, refusing overflow),
//! xor and nim multiplication, comparison, membership, union and the connectives.

use std::ops::Range;

use super::{Evaluator, Result, overflow, truth, type_error};
use crate::engine::nim_product;
use crate::expr::arith::{self, NoResult};
use crate::expr::ast::BinaryOp;
use crate::expr::error::{ErrorKind, ExprError, Got, Needed, TooLarge};
use crate::expr::value::{Int, Value};

impl Evaluator {
    /// `a op b` for values already computed; `lhs` and `rhs` are where they were written.
    pub(super) fn combine(
        &mut self,
        op: BinaryOp,
        a: Value,
        b: Value,
        lhs: &Range<usize>,
        rhs: &Range<usize>,
        span: &Range<usize>,
    ) -> Result<Value> {
        use BinaryOp::*;
        let ints = |a: &Value, b: &Value| -> Result<(Int, Int)> {
            match (a, b) {
                (Value::Int(x), Value::Int(y)) => Ok((*x, *y)),
                (Value::Int(_), other) => Err(type_error(Needed::Number, other.clone(), rhs)),
                (other, _) => Err(type_error(Needed::Number, other.clone(), lhs)),
            }
        };
        match op {
            Add | Sub | Mul => {
                let (x, y) = ints(&a, &b)?;
                let r = match op {
                    Add => x.checked_add(y),
                    Sub => x.checked_sub(y),
                    _ => x.checked_mul(y),
                };
                r.map(Value::Int).ok_or_else(|| {
                    overflow(TooLarge::Computed(format!("{x} {} {y}", op.symbol())), span)
                })
            }
            Div | Rem => {
                let (x, y) = ints(&a, &b)?;
                divide(op, x, y, rhs, span).map(Value::Int)
            }
            Xor => {
                let (x, y) = ints(&a, &b)?;
                xor(x, y, lhs, rhs).map(Value::Int)
            }
            NimMul => {
                let (x, y) = ints(&a, &b)?;
                nim_mul(x, y, lhs, rhs).map(Value::Int)
            }
            Lt | Le | Gt | Ge => {
                let (x, y) = ints(&a, &b)?;
                Ok(Value::Bool(match op {
                    Lt => x < y,
                    Le => x <= y,
                    Gt => x > y,
                    _ => x >= y,
                }))
            }
            Eq | Ne => {
                let equal = self.equal(a, b, lhs, rhs)?;
                Ok(Value::Bool(equal == (op == Eq)))
            }
            In => {
                let Value::Int(x) = a else {
                    return Err(type_error(Needed::Number, a, lhs));
                };
                match b {
                    Value::Set(s) => Ok(Value::Bool(s.contains(&x))),
                    Value::Range(lo, hi) => Ok(Value::Bool(lo <= x && x <= hi)),
                    other => Err(type_error(Needed::SetOrRange, other, rhs)),
                }
            }
            Union => {
                let mut s = self.set_of(a, lhs)?;
                let t = self.set_of(b, rhs)?;
                self.tick(t.len() as u64, span)?;
                s.extend(t);
                Ok(Value::Set(s))
            }
            Range => {
                let (x, y) = ints(&a, &b)?;
                Ok(Value::Range(x, y))
            }
            And | Or | Implies => {
                let (x, y) = (truth(&a, lhs)?, truth(&b, rhs)?);
                Ok(Value::Bool(match op {
                    And => x && y,
                    Or => x || y,
                    _ => !x || y,
                }))
            }
        }
    }

    fn equal(
        &mut self,
        a: Value,
        b: Value,
        lhs: &Range<usize>,
        rhs: &Range<usize>,
    ) -> Result<bool> {
        let set_like = |v: &Value| matches!(v, Value::Set(_) | Value::Range(..));
        if set_like(&a) && set_like(&b) {
            let s = self.set_of(a, lhs)?;
            let t = self.set_of(b, rhs)?;
            return Ok(s == t);
        }
        if std::mem::discriminant(&a) != std::mem::discriminant(&b) {
            return Err(type_error(Needed::SameKind(a.kind()), b, rhs));
        }
        Ok(a == b)
    }
}

/// `x / y` or `x % y` (`op`), rounding down; refused for a zero divisor (marked at `rhs`) or a
/// result that does not fit.
fn divide(op: BinaryOp, x: Int, y: Int, rhs: &Range<usize>, span: &Range<usize>) -> Result<Int> {
    let r = if op == BinaryOp::Div {
        arith::div_floor(x, y)
    } else {
        arith::rem_floor(x, y)
    };
    r.map_err(|refusal| match refusal {
        NoResult::DivisionByZero => ExprError::new(ErrorKind::DivisionByZero, rhs.clone()),
        NoResult::Overflow | NoResult::Fraction => {
            overflow(TooLarge::Computed(format!("{x} {} {y}", op.symbol())), span)
        }
    })
}

/// `x xor y`, for whole numbers ≥ 0 only.
fn xor(x: Int, y: Int, lhs: &Range<usize>, rhs: &Range<usize>) -> Result<Int> {
    for (v, at) in [(x, lhs), (y, rhs)] {
        if v < 0 {
            return Err(ExprError::new(
                ErrorKind::Type {
                    needed: Needed::XorOperand,
                    got: Got::Bare(v.to_string()),
                },
                at.clone(),
            ));
        }
    }
    Ok(x ^ y)
}

/// The nim product of `x` and `y`, for 64-bit nimbers only.
fn nim_mul(x: Int, y: Int, lhs: &Range<usize>, rhs: &Range<usize>) -> Result<Int> {
    let nimber = |v: Int, at: &Range<usize>| {
        u64::try_from(v).map_err(|_| {
            ExprError::new(
                ErrorKind::Type {
                    needed: Needed::Nimber,
                    got: Got::Bare(v.to_string()),
                },
                at.clone(),
            )
        })
    };
    Ok(Int::from(nim_product(nimber(x, lhs)?, nimber(y, rhs)?)))
}
