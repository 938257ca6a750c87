//! The syntax tree: what the parser builds and the evaluator walks. Every node keeps its span.

use std::ops::Range;

use crate::engine::{Pass, Player, Rules};

/// An expression with the byte range of its source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
}

/// The forms an expression takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprKind {
    Int(i128),
    Bool(bool),
    Player(Player),
    Var(String),
    /// A pile state: `7T`, `nF`, `(n+1)T`.
    State {
        size: Box<Expr>,
        pass: Pass,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    /// `all n in D: body` or `any n in D: body`.
    Quantifier {
        all: bool,
        var: String,
        domain: Box<Expr>,
        body: Box<Expr>,
    },
    /// `{1, 2, 3}`.
    Set(Vec<Expr>),
    /// `{g(kT) : k in 0..n-1}`.
    SetBuilder {
        element: Box<Expr>,
        var: String,
        domain: Box<Expr>,
    },
    /// `name(args…)`, with a ruleset first for `g`, `mexset` and `winner` if one was written.
    Call {
        name: String,
        name_span: Range<usize>,
        rules: Option<Rules>,
        args: Vec<Expr>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Not,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Implies,
    In,
    Union,
    /// `a..b`, both ends included.
    Range,
}

impl BinaryOp {
    /// The operator as written, for messages.
    pub fn symbol(self) -> &'static str {
        match self {
            Self::Add => "+",
            Self::Sub => "-",
            Self::Mul => "*",
            Self::Div => "/",
            Self::Rem => "%",
            Self::Xor => "xor",
            Self::Eq => "=",
            Self::Ne => "!=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::And => "and",
            Self::Or => "or",
            Self::Implies => "implies",
            Self::In => "in",
            Self::Union => "union",
            Self::Range => "..",
        }
    }
}
