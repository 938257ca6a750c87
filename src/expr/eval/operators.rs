//! The binary operators on values already computed: arithmetic (exact, refusing overflow),
//! xor and nim multiplication, comparison, membership, union and the connectives.

use std::ops::Range;

use super::{Evaluator, Result, overflow, truth, type_error};
use crate::engine::nim_product::nim_product;
use crate::expr::arith::{self, Refusal};
use crate::expr::ast::BinaryOp;
use crate::expr::error::{ErrorKind, ExprError};
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
                (Value::Int(_), other) => Err(type_error("a number", other, rhs)),
                (other, _) => Err(type_error("a number", other, lhs)),
            }
        };
        let checked = |r: Option<Int>, x: Int, y: Int| {
            r.map(Value::Int)
                .ok_or_else(|| overflow(format!("{x} {} {y}", op.symbol()), span))
        };
        match op {
            Add => {
                let (x, y) = ints(&a, &b)?;
                checked(x.checked_add(y), x, y)
            }
            Sub => {
                let (x, y) = ints(&a, &b)?;
                checked(x.checked_sub(y), x, y)
            }
            Mul => {
                let (x, y) = ints(&a, &b)?;
                checked(x.checked_mul(y), x, y)
            }
            Div | Rem => {
                let (x, y) = ints(&a, &b)?;
                let r = if op == Div {
                    arith::div_floor(x, y)
                } else {
                    arith::rem_floor(x, y)
                };
                r.map(Value::Int).map_err(|refusal| match refusal {
                    Refusal::DivisionByZero => {
                        ExprError::new(ErrorKind::DivisionByZero, rhs.clone())
                    }
                    Refusal::Overflow | Refusal::Fraction => {
                        overflow(format!("{x} {} {y}", op.symbol()), span)
                    }
                })
            }
            Xor => {
                let (x, y) = ints(&a, &b)?;
                for (v, at) in [(x, lhs), (y, rhs)] {
                    if v < 0 {
                        return Err(ExprError::new(
                            ErrorKind::Type {
                                expected: "a whole number ≥ 0 (xor works on binary digits)".into(),
                                found: v.to_string(),
                            },
                            at.clone(),
                        ));
                    }
                }
                Ok(Value::Int(x ^ y))
            }
            NimMul => {
                let (x, y) = ints(&a, &b)?;
                let nimber = |v: Int, at: &std::ops::Range<usize>| {
                    u64::try_from(v).map_err(|_| {
                        ExprError::new(
                            ErrorKind::Type {
                                expected: "a whole number from 0 to 18446744073709551615 (nim multiplication works on 64-bit nimbers)".into(),
                                found: v.to_string(),
                            },
                            at.clone(),
                        )
                    })
                };
                let product = nim_product(nimber(x, lhs)?, nimber(y, rhs)?);
                Ok(Value::Int(Int::from(product)))
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
                    return Err(type_error("a number", &a, lhs));
                };
                match b {
                    Value::Set(s) => Ok(Value::Bool(s.contains(&x))),
                    Value::Range(lo, hi) => Ok(Value::Bool(lo <= x && x <= hi)),
                    other => Err(type_error("a set or a range", &other, rhs)),
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
            return Err(type_error(
                &format!("{} to compare with the left side", a.kind()),
                &b,
                rhs,
            ));
        }
        Ok(a == b)
    }
}
