//! The syntax tree: what the parser builds and the evaluator walks. Every node keeps its span.
//!
//! A run of operators of one precedence level, such as `1 + 2 - 3 + …`, is one [`ExprKind::Chain`]
//! node rather than a nest of binary nodes, so the tree is only as deep as the expression is
//! nested: the parser refuses trees deeper than [`MAX_DEPTH`](super::MAX_DEPTH), and everything
//! that walks a tree recursively (the evaluator, `Drop`, `Clone`, `Debug`) stays within it.

use std::ops::Range;

use crate::engine::Picture;
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
    /// A comparison, `in` or a range: operators that do not chain.
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// Operands joined by operators of one precedence level, `first op₁ e₁ op₂ e₂ …`: left to
    /// right (`10 - 2 - 3` is 5) except `implies`, which groups to the right
    /// (`a implies b implies c` is `a implies (b implies c)`). `and`, `or` and `implies`
    /// evaluate only as many operands as they need.
    Chain {
        first: Box<Expr>,
        rest: Vec<(BinaryOp, Expr)>,
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
    /// `{g(kT) : k in 0..n-1}`, optionally keeping only the elements for which a condition
    /// holds: `{k : k in 0..20, odd(k)}`.
    SetBuilder {
        element: Box<Expr>,
        var: String,
        domain: Box<Expr>,
        filter: Option<Box<Expr>>,
    },
    /// `[a, n - a]`: the heaps a move of a defined game leaves (a sum of components). Only
    /// a game's options have them; elsewhere they have no value.
    Heaps(Vec<Expr>),
    /// `(a - k, b)`: a state of a defined game whose states are tuples. Only a game's options
    /// have them; elsewhere they have no value.
    Tuple(Vec<Expr>),
    /// `hackenbush(2(1,3))`: a Green Hackenbush picture, written as `--rules hackenbush`
    /// writes one; its value is the picture's Grundy value.
    Picture(Picture),
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
    /// Nim multiplication, `nimmul` or `⊗`: the product of the field in which XOR is the sum.
    NimMul,
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
            Self::NimMul => "nimmul",
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
