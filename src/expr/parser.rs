//! A precedence-climbing parser from tokens to [`Expr`]. Precedence, loosest first:
//! `implies`, `or`, `and`, `not`, comparisons and `in`, `union`, `..`, `xor`/`^`, `+ -`,
//! `* / % nimmul`, unary `-`; `if`, `all` and `any` reach as far right as they can.
//!
//! Nesting is bounded, so no input can exhaust the stack: the parser recurses once per level (a
//! bracket, an argument, a prefix `-` or `not`, the right operand of an operator) and refuses a
//! level more than [`MAX_DEPTH`], and it refuses a tree taller than that too, naming the token
//! that went one level too deep. A run of operators of one precedence level is built in a loop
//! into one [`ExprKind::Chain`], so a sum of 100 000 terms is one level, not 100 000.

use std::ops::Range;

use super::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use super::error::{ErrorKind, ExprError, Found, Unnamable, Wanted};
use super::stack::with_room;
use super::token::{Token, TokenKind, lex};
use crate::engine::PictureWhy;
use crate::engine::hackenbush_syntax;
use crate::engine::ruleset_name::{self, Family, RULESETS};
use crate::engine::{EngineError, Pass, Player, Rules};

/// The most levels an expression may nest: brackets, arguments, prefix operators and operands
/// of looser operators, counted from the whole expression; a tree's height is within it too, so
/// every recursive walk of a tree is within this many calls.
pub const MAX_DEPTH: usize = 200;

/// Words that end or join expressions and so cannot be names.
const KEYWORDS: &[&str] = &[
    "and", "or", "not", "xor", "nimmul", "if", "then", "else", "all", "any", "in", "implies",
    "union", "for", "true", "false", "first", "second",
];

/// Functions that may be written before a set without brackets: `mex{0, 2}`.
const SET_FUNCTIONS: &[&str] = &["mex", "min", "max", "size"];

/// Functions whose first argument may be a ruleset name.
const TAKES_RULES: &[&str] = &["g", "mexset", "winner", "lost", "misere", "mg", "draw"];

type Result<T> = std::result::Result<T, ExprError>;

/// Parses a whole expression.
pub fn parse(source: &str) -> Result<Expr> {
    let mut p = Parser::new(source)?;
    let tree = p.expr()?;
    p.expect_end()?;
    Ok(tree.expr)
}

/// Parses `VAR in DOMAIN`, such as `n in 0..100`.
pub fn parse_domain(source: &str) -> Result<(String, Expr)> {
    let mut p = Parser::new(source)?;
    let (var, domain) = p.binding()?;
    p.expect_end()?;
    Ok((var, domain.expr))
}

/// Parses `EXPR [for VAR in DOMAIN]`, the form of a conjecture.
pub fn parse_with_domain(source: &str) -> Result<(Expr, Option<(String, Expr)>)> {
    let mut p = Parser::new(source)?;
    let tree = p.expr()?;
    let domain = if p.eat_word("for") {
        let (var, domain) = p.binding()?;
        Some((var, domain.expr))
    } else {
        None
    };
    p.expect_end()?;
    Ok((tree.expr, domain))
}

/// Precedence levels, loosest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Implies,
    Or,
    And,
    /// Prefix `not`: looser than comparisons, so `not a = b` is `not (a = b)`.
    Not,
    Compare,
    Union,
    Range,
    Xor,
    Add,
    Mul,
    /// Prefix `-`: its operand is a single operand, so `-a * b` is `(-a) * b`.
    Neg,
}

impl Level {
    /// The level just tighter than this one: how tightly a right operand binds.
    fn tighter(self) -> Self {
        match self {
            Self::Implies => Self::Or,
            Self::Or => Self::And,
            Self::And => Self::Not,
            Self::Not => Self::Compare,
            Self::Compare => Self::Union,
            Self::Union => Self::Range,
            Self::Range => Self::Xor,
            Self::Xor => Self::Add,
            Self::Add => Self::Mul,
            Self::Mul | Self::Neg => Self::Neg,
        }
    }

    /// Operators that build a [`ExprKind::Binary`] and may not follow one another.
    fn does_not_chain(self) -> bool {
        matches!(self, Self::Compare | Self::Range)
    }
}

/// A parsed expression and its height: the most edges on a path from it down to a leaf.
struct Tree {
    expr: Expr,
    height: usize,
}

impl Tree {
    fn leaf(kind: ExprKind, span: Range<usize>) -> Self {
        Self {
            expr: Expr { kind, span },
            height: 0,
        }
    }
}

/// Operands joined to a left operand by operators of one level, not yet made a node.
struct Run {
    level: Level,
    rest: Vec<(BinaryOp, Expr)>,
    height: usize,
}

/// The left operand with the run joined to it, if any.
fn finish(lhs: Tree, run: Option<Run>) -> Tree {
    let Some(run) = run else { return lhs };
    let end = run
        .rest
        .last()
        .map_or(lhs.expr.span.end, |(_, e)| e.span.end);
    let span = lhs.expr.span.start..end;
    Tree {
        expr: Expr {
            kind: ExprKind::Chain {
                first: Box::new(lhs.expr),
                rest: run.rest,
            },
            span,
        },
        height: run.height,
    }
}

struct Parser {
    source: String,
    tokens: Vec<Token>,
    pos: usize,
    /// Levels of [`Parser::climb`] open now.
    depth: usize,
}

impl Parser {
    fn new(source: &str) -> Result<Self> {
        Ok(Self {
            source: source.to_string(),
            tokens: lex(source)?,
            pos: 0,
            depth: 0,
        })
    }

    fn peek(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn peek_at(&self, ahead: usize) -> &Token {
        &self.tokens[(self.pos + ahead).min(self.tokens.len() - 1)]
    }

    fn advance(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Name(n) if n == w)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let found = self.is_punct(p);
        if found {
            self.advance();
        }
        found
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let found = self.is_word(w);
        if found {
            self.advance();
        }
        found
    }

    fn unexpected(&self, wanted: Wanted) -> ExprError {
        let t = self.peek();
        ExprError::new(
            ErrorKind::Syntax {
                found: t.kind.found(),
                wanted,
            },
            t.span.clone(),
        )
    }

    fn expect_punct(&mut self, p: &str, wanted: Wanted) -> Result<Range<usize>> {
        if self.is_punct(p) {
            Ok(self.advance().span)
        } else {
            Err(self.unexpected(wanted))
        }
    }

    fn expect_word(&mut self, w: &str, wanted: Wanted) -> Result<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(self.unexpected(wanted))
        }
    }

    fn expect_end(&self) -> Result<()> {
        match &self.peek().kind {
            TokenKind::End => Ok(()),
            TokenKind::Punct("**") => Err(no_power(self.peek().span.clone())),
            _ => Err(self.unexpected(Wanted::OperatorOrEnd)),
        }
    }

    /// `Ok(height)` unless a node that high, opened by `token`, is too deep.
    fn within(&self, height: usize, token: &Token) -> Result<usize> {
        if height > MAX_DEPTH {
            return Err(too_deep(token));
        }
        Ok(height)
    }

    /// A whole expression, one level deeper.
    fn expr(&mut self) -> Result<Tree> {
        self.climb(Level::Implies)
    }

    /// An expression whose operators bind at least as tightly as `min`, one level deeper. The
    /// one place the parser recurses, so the one place it counts levels.
    fn climb(&mut self, min: Level) -> Result<Tree> {
        if self.depth > MAX_DEPTH {
            // The token just read opened this level: a bracket, an operator, a keyword.
            return Err(too_deep(&self.tokens[self.pos.saturating_sub(1)]));
        }
        self.depth += 1;
        let tree = with_room(self.depth, || self.operators(min));
        self.depth -= 1;
        tree
    }

    /// An operand, then operators of level `min` or tighter with their right operands.
    fn operators(&mut self, min: Level) -> Result<Tree> {
        let mut lhs = self.prefix()?;
        let mut run: Option<Run> = None;
        loop {
            if self.is_punct("**") {
                return Err(no_power(self.peek().span.clone()));
            }
            let Some((op, level)) = self.infix() else {
                break;
            };
            if level < min {
                break;
            }
            let token = self.advance();
            let rhs = self.climb(level.tighter())?;
            if level.does_not_chain() {
                let left = finish(lhs, run.take());
                let height = self.within(1 + left.height.max(rhs.height), &token)?;
                lhs = Tree {
                    expr: binary(op, left.expr, rhs.expr),
                    height,
                };
                if self.infix().is_some_and(|(_, next)| next == level) {
                    return Err(self.unexpected(if level == Level::Compare {
                        Wanted::AfterComparison
                    } else {
                        Wanted::AfterRange
                    }));
                }
            } else if let Some(r) = run.as_mut().filter(|r| r.level == level) {
                r.height = self.within(r.height.max(1 + rhs.height), &token)?;
                r.rest.push((op, rhs.expr));
            } else {
                lhs = finish(lhs, run.take());
                let height = self.within(1 + lhs.height.max(rhs.height), &token)?;
                run = Some(Run {
                    level,
                    rest: vec![(op, rhs.expr)],
                    height,
                });
            }
        }
        Ok(finish(lhs, run))
    }

    /// The binary operator at the cursor and its level, if any.
    fn infix(&self) -> Option<(BinaryOp, Level)> {
        use BinaryOp::*;
        Some(match &self.peek().kind {
            TokenKind::Name(n) => match n.as_str() {
                "implies" => (Implies, Level::Implies),
                "or" => (Or, Level::Or),
                "and" => (And, Level::And),
                "in" => (In, Level::Compare),
                "union" => (Union, Level::Union),
                "xor" => (Xor, Level::Xor),
                "nimmul" => (NimMul, Level::Mul),
                _ => return None,
            },
            TokenKind::Punct(p) => match *p {
                "=" => (Eq, Level::Compare),
                "!=" => (Ne, Level::Compare),
                "<" => (Lt, Level::Compare),
                "<=" => (Le, Level::Compare),
                ">" => (Gt, Level::Compare),
                ">=" => (Ge, Level::Compare),
                "union" => (Union, Level::Union),
                ".." => (Range, Level::Range),
                "xor" => (Xor, Level::Xor),
                "+" => (Add, Level::Add),
                "-" => (Sub, Level::Add),
                "*" => (Mul, Level::Mul),
                "/" => (Div, Level::Mul),
                "%" => (Rem, Level::Mul),
                "nimmul" => (NimMul, Level::Mul),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// `-x`, `not x`, or an operand with its state suffix.
    fn prefix(&mut self) -> Result<Tree> {
        let (op, level) = if self.is_punct("-") {
            (UnaryOp::Neg, Level::Neg)
        } else if self.is_word("not") {
            (UnaryOp::Not, Level::Compare)
        } else {
            let operand = self.primary()?;
            return self.state_suffix(operand);
        };
        let token = self.advance();
        let operand = self.climb(level)?;
        let height = self.within(1 + operand.height, &token)?;
        let span = token.span.start..operand.expr.span.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::Unary {
                    op,
                    operand: Box::new(operand.expr),
                },
                span,
            },
            height,
        })
    }

    /// `7T`, `(n+1)F`: a `T` or `F` written right after an operand makes it a pile state.
    fn state_suffix(&mut self, operand: Tree) -> Result<Tree> {
        let t = self.peek();
        let pass = match &t.kind {
            TokenKind::Name(n) if t.span.start == operand.expr.span.end => match n.as_str() {
                "T" => Pass::Unused,
                "F" => Pass::Spent,
                _ => {
                    return Err(self.unexpected(Wanted::Pass));
                }
            },
            _ => return Ok(operand),
        };
        let token = self.advance();
        let height = self.within(1 + operand.height, &token)?;
        let span = operand.expr.span.start..token.span.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::State {
                    size: Box::new(operand.expr),
                    pass,
                },
                span,
            },
            height,
        })
    }

    fn primary(&mut self) -> Result<Tree> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::Int(v) => {
                self.advance();
                Ok(Tree::leaf(ExprKind::Int(*v), token.span))
            }
            TokenKind::Punct("(") => {
                let open = self.advance();
                let start = open.span.start;
                let inner = self.expr()?;
                if self.is_punct(",") {
                    return self.tuple(open, inner);
                }
                let end = self.expect_punct(")", Wanted::CloseParen)?.end;
                // Brackets make no node: the inner expression with the brackets' span.
                Ok(Tree {
                    expr: Expr {
                        kind: inner.expr.kind,
                        span: start..end,
                    },
                    height: inner.height,
                })
            }
            TokenKind::Punct("{") => self.set(),
            TokenKind::Punct("[") => self.heaps(),
            TokenKind::Name(name) => self.named(name.clone(), token.span),
            _ => Err(self.unexpected(Wanted::Operand)),
        }
    }

    fn named(&mut self, name: String, span: Range<usize>) -> Result<Tree> {
        match name.as_str() {
            "true" | "false" => {
                self.advance();
                return Ok(Tree::leaf(ExprKind::Bool(name == "true"), span));
            }
            "first" | "second" => {
                self.advance();
                let player = if name == "first" {
                    Player::First
                } else {
                    Player::Second
                };
                return Ok(Tree::leaf(ExprKind::Player(player), span));
            }
            "if" => return self.conditional(),
            "all" | "any" => return self.quantifier(),
            _ if KEYWORDS.contains(&name.as_str()) => return Err(self.unexpected(Wanted::Operand)),
            _ => {}
        }
        self.advance();
        if self.is_punct("(") || (SET_FUNCTIONS.contains(&name.as_str()) && self.is_punct("{")) {
            return self.call(name, span);
        }
        // `nT`, `kF`: a variable with a state suffix.
        if let Some(var) = name
            .strip_suffix('T')
            .or_else(|| name.strip_suffix('F'))
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_lowercase() || c == '_'))
        {
            let pass = if name.ends_with('T') {
                Pass::Unused
            } else {
                Pass::Spent
            };
            let var_span = span.start..span.end - 1;
            return Ok(Tree {
                expr: Expr {
                    kind: ExprKind::State {
                        size: Box::new(Expr {
                            kind: ExprKind::Var(var.to_string()),
                            span: var_span,
                        }),
                        pass,
                    },
                    span,
                },
                height: 1,
            });
        }
        Ok(Tree::leaf(ExprKind::Var(name), span))
    }

    fn conditional(&mut self) -> Result<Tree> {
        let token = self.advance();
        let cond = self.expr()?;
        self.expect_word("then", Wanted::Then)?;
        let then = self.expr()?;
        self.expect_word("else", Wanted::Else)?;
        let otherwise = self.expr()?;
        let height = self.within(
            1 + cond.height.max(then.height).max(otherwise.height),
            &token,
        )?;
        let span = token.span.start..otherwise.expr.span.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::If {
                    cond: Box::new(cond.expr),
                    then: Box::new(then.expr),
                    otherwise: Box::new(otherwise.expr),
                },
                span,
            },
            height,
        })
    }

    fn quantifier(&mut self) -> Result<Tree> {
        let token = self.advance();
        let all = matches!(&token.kind, TokenKind::Name(n) if n == "all");
        let (var, domain) = self.binding()?;
        self.expect_punct(":", Wanted::QuantifierColon)?;
        let body = self.expr()?;
        let height = self.within(1 + domain.height.max(body.height), &token)?;
        let span = token.span.start..body.expr.span.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::Quantifier {
                    all,
                    var,
                    domain: Box::new(domain.expr),
                    body: Box::new(body.expr),
                },
                span,
            },
            height,
        })
    }

    /// `VAR in DOMAIN`.
    fn binding(&mut self) -> Result<(String, Tree)> {
        let var = match &self.peek().kind {
            TokenKind::Name(n) if !KEYWORDS.contains(&n.as_str()) => n.clone(),
            _ => return Err(self.unexpected(Wanted::VariableName)),
        };
        self.advance();
        self.expect_word("in", Wanted::In)?;
        let domain = self.climb(Level::Union)?;
        Ok((var, domain))
    }

    /// `{}`, `{1, 2}`, or `{EXPR : VAR in DOMAIN}`.
    fn set(&mut self) -> Result<Tree> {
        let open = self.advance();
        let start = open.span.start;
        if self.is_punct("}") {
            let end = self.advance().span.end;
            return Ok(Tree::leaf(ExprKind::Set(Vec::new()), start..end));
        }
        let first = self.expr()?;
        if self.eat_punct(":") {
            let (var, domain) = self.binding()?;
            let filter = if self.eat_punct(",") {
                Some(self.expr()?)
            } else {
                None
            };
            let end = self.expect_punct("}", Wanted::CloseSetBuilder)?.end;
            let inner = first
                .height
                .max(domain.height)
                .max(filter.as_ref().map_or(0, |f| f.height));
            let height = self.within(1 + inner, &open)?;
            return Ok(Tree {
                expr: Expr {
                    kind: ExprKind::SetBuilder {
                        element: Box::new(first.expr),
                        var,
                        domain: Box::new(domain.expr),
                        filter: filter.map(|f| Box::new(f.expr)),
                    },
                    span: start..end,
                },
                height,
            });
        }
        let mut height = first.height;
        let mut elements = vec![first.expr];
        while self.eat_punct(",") {
            let element = self.expr()?;
            height = height.max(element.height);
            elements.push(element.expr);
        }
        let end = self.expect_punct("}", Wanted::CloseSet)?.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::Set(elements),
                span: start..end,
            },
            height: self.within(1 + height, &open)?,
        })
    }

    /// `(a, b, …)` after its first element: a state of a game of tuples.
    fn tuple(&mut self, open: Token, first: Tree) -> Result<Tree> {
        let mut height = first.height;
        let mut items = vec![first.expr];
        while self.eat_punct(",") {
            let item = self.expr()?;
            height = height.max(item.height);
            items.push(item.expr);
        }
        let end = self.expect_punct(")", Wanted::CloseTuple)?.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::Tuple(items),
                span: open.span.start..end,
            },
            height: self.within(1 + height, &open)?,
        })
    }

    /// `[a, b]`: the heaps a move of a defined game leaves.
    fn heaps(&mut self) -> Result<Tree> {
        let open = self.advance();
        let mut height = 0;
        let mut items = Vec::new();
        if !self.is_punct("]") {
            loop {
                let item = self.expr()?;
                height = height.max(item.height);
                items.push(item.expr);
                if !self.eat_punct(",") {
                    break;
                }
            }
        }
        let end = self.expect_punct("]", Wanted::CloseHeaps)?.end;
        Ok(Tree {
            expr: Expr {
                kind: ExprKind::Heaps(items),
                span: open.span.start..end,
            },
            height: self.within(1 + height, &open)?,
        })
    }

    fn call(&mut self, name: String, name_span: Range<usize>) -> Result<Tree> {
        let name_token = Token {
            kind: TokenKind::Name(name.clone()),
            span: name_span.clone(),
        };
        // `mex{…}` is `mex` of one set.
        if self.is_punct("{") {
            let set = self.set()?;
            let span = name_span.start..set.expr.span.end;
            return Ok(Tree {
                height: self.within(1 + set.height, &name_token)?,
                expr: Expr {
                    kind: ExprKind::Call {
                        name,
                        name_span,
                        rules: None,
                        args: vec![set.expr],
                    },
                    span,
                },
            });
        }
        self.advance(); // `(`
        if name == "hackenbush" {
            return self.picture(name_span);
        }
        let rules = if TAKES_RULES.contains(&name.as_str()) {
            self.rules_argument()?
        } else {
            None
        };
        let mut args = Vec::new();
        let mut height = 0;
        if !self.is_punct(")") {
            loop {
                let arg = self.expr()?;
                height = height.max(arg.height);
                args.push(arg.expr);
                if !self.eat_punct(",") {
                    break;
                }
            }
        }
        let end = self.expect_punct(")", Wanted::CloseArguments)?.end;
        // `g(x, 7)` where `x` is not a ruleset: say so, rather than count arguments.
        if rules.is_none()
            && TAKES_RULES.contains(&name.as_str())
            && let Some(first) = args.first().filter(|e| is_hyphenated(e))
        {
            let text = self.source.get(first.span.clone()).unwrap_or("");
            let error = Rules::parse(text)
                .err()
                .unwrap_or(EngineError::UnknownRules {
                    token: text.to_string(),
                });
            return Err(ExprError::new(ErrorKind::Engine(error), first.span.clone()));
        }
        Ok(Tree {
            height: self.within(1 + height, &name_token)?,
            expr: Expr {
                kind: ExprKind::Call {
                    name,
                    name_span: name_span.clone(),
                    rules,
                    args,
                },
                span: name_span.start..end,
            },
        })
    }

    /// `hackenbush(PICTURE)` after its `(`: the picture's text up to the matching `)`, read
    /// by the one picture grammar (a stalk `5`, a tree `2(1,3)`, edges `(g-a,a-b,b-g)`).
    fn picture(&mut self, name_span: Range<usize>) -> Result<Tree> {
        let start = self.peek().span.start;
        let mut depth = 0usize;
        loop {
            match &self.peek().kind {
                TokenKind::Punct("(") => depth += 1,
                TokenKind::Punct(")") if depth == 0 => break,
                TokenKind::Punct(")") => depth -= 1,
                TokenKind::End => {
                    return Err(self.unexpected(Wanted::ClosePicture));
                }
                _ => {}
            }
            self.advance();
        }
        let close = self.advance().span;
        let text = self.source.get(start..close.start).unwrap_or("").trim();
        let picture = hackenbush_syntax::parse(text).map_err(|e| {
            let error = EngineError::BadPicture {
                token: text.to_string(),
                why: PictureWhy::Written(e),
            };
            ExprError::new(ErrorKind::Engine(error), start..close.start)
        })?;
        Ok(Tree {
            height: 1,
            expr: Expr {
                kind: ExprKind::Picture(picture),
                span: name_span.start..close.end,
            },
        })
    }

    /// Any other name the command line takes for a ruleset (`kayles`, `dawson-kayles`), as
    /// its tokens before the comma: the name and how many tokens it spans. A name that is none
    /// but close to one (`nimm`) is refused as a ruleset, for "did you mean" to name it.
    fn ruleset_alias(&self) -> Option<(String, usize)> {
        let mut words = Vec::new();
        let mut at = 0;
        loop {
            let TokenKind::Name(word) = &self.peek_at(at).kind else {
                return None;
            };
            words.push(word.clone());
            match &self.peek_at(at + 1).kind {
                TokenKind::Punct("-") => at += 2,
                TokenKind::Punct(",") => break,
                _ => return None,
            }
        }
        let text = words.join("-");
        if ruleset_name::read(&text).is_ok() {
            return Some((text, at + 1));
        }
        None
    }

    /// A ruleset written as a first argument, named as in the engine's table of ruleset names
    /// (`nim`, `zero-move`, `misere`, `subtract:{1,3,4}` — braces, since commas separate
    /// arguments — `octal:0.77`), followed by a comma.
    fn rules_argument(&mut self) -> Result<Option<Rules>> {
        let TokenKind::Name(word) = &self.peek().kind else {
            return Ok(None);
        };
        let start = self.peek().span.start;
        // A whole name, as its tokens: `zero-move` lexes as `zero`, `-`, `move`.
        let whole = RULESETS
            .iter()
            .filter(|row| row.argument.is_none())
            .flat_map(|row| std::iter::once(row.name).chain(row.aliases.iter().copied()))
            .find_map(|name| {
                let parts: Vec<&str> = name.split('-').collect();
                let fits = parts.iter().enumerate().all(|(i, part)| {
                    matches!(&self.peek_at(2 * i).kind, TokenKind::Name(w) if w == part)
                        && (i == 0 || self.peek_at(2 * i - 1).kind == TokenKind::Punct("-"))
                });
                fits.then_some((name, 2 * parts.len() - 1))
            });
        let family = ruleset_name::find(word)
            .filter(|row| row.argument.is_some())
            .filter(|_| self.peek_at(1).kind == TokenKind::Punct(":"))
            .map(|row| (row.family, row.in_expression.unwrap_or(row.name)));
        let text = match (whole, family) {
            (Some((name, tokens)), _) => {
                for _ in 0..tokens {
                    self.advance();
                }
                name.to_string()
            }
            (None, Some((Family::Subtract, _)))
                if matches!(&self.peek_at(2).kind, TokenKind::Name(w)
                    if matches!(ruleset_name::read(&format!("subtract:{w}")), Ok(ruleset_name::Named::Library(_)))) =>
            {
                // A library game written with the family's word: `subtract:squares`.
                self.advance();
                self.advance();
                let TokenKind::Name(word) = self.advance().kind else {
                    return Ok(None);
                };
                format!("subtract:{word}")
            }
            (None, Some((Family::Subtract, example))) => {
                self.advance();
                self.advance();
                self.subtraction_set(example)?
            }
            (None, Some((Family::Octal, example))) => {
                self.advance();
                self.advance();
                self.octal_code(example)?
            }
            (None, Some((family, _))) => {
                // Each family the language cannot name, with the way to reach it.
                return Err(self.unexpected(Wanted::NamableRuleset(match family {
                    Family::Hex => Unnamable::Hex,
                    Family::SessionGame => Unnamable::Defined,
                    Family::Moore => Unnamable::Moore,
                    _ => Unnamable::Graph,
                })));
            }
            (None, None) => match self.ruleset_alias() {
                Some((text, tokens)) => {
                    for _ in 0..tokens {
                        self.advance();
                    }
                    text
                }
                None => return Ok(None),
            },
        };
        let end = self.tokens[self.pos.saturating_sub(1)].span.end;
        let rules = match ruleset_name::read(&text) {
            Ok(ruleset_name::Named::Library(name)) => super::game::library(name),
            _ => Rules::parse(&text),
        }
        .map_err(|e| ExprError::new(ErrorKind::Engine(e), start..end))?;
        self.expect_punct(",", Wanted::CommaAfterRuleset)?;
        Ok(Some(rules))
    }

    /// After `subtract:`, the set in braces (`{1,3,4}`, `^{1,2}` for any amount but these),
    /// as the ruleset's name writes it: `subtract:1,3,4`.
    fn subtraction_set(&mut self, example: &'static str) -> Result<String> {
        // `subtract:^{1,2}`: any amount but these.
        let but = if self.peek().kind == TokenKind::Punct("xor")
            && self.source.get(self.peek().span.clone()) == Some("^")
        {
            self.advance();
            "^"
        } else {
            ""
        };
        let mut amounts = Vec::new();
        if !self.eat_punct("{") {
            // Without braces `g(subtract:1,3,4, 7)` would read as subtract:1 with the piles 3,
            // 4 and 7: the set is always written in braces, one amount too.
            return Err(self.unexpected(Wanted::AmountsInBraces { example }));
        }
        loop {
            match self.advance().kind {
                TokenKind::Int(v) => amounts.push(v.to_string()),
                _ => {
                    self.pos -= 1;
                    return Err(self.unexpected(Wanted::Amount { example }));
                }
            }
            if self.eat_punct("}") {
                break;
            }
            self.expect_punct(",", Wanted::AmountSeparator)?;
        }
        Ok(format!("subtract:{but}{}", amounts.join(",")))
    }

    /// After `octal:`, the code as written (`0.07` keeps its zero): adjacent digits and dots.
    fn octal_code(&mut self, example: &'static str) -> Result<String> {
        let code_start = self.peek().span.start;
        let mut code_end = code_start;
        while matches!(self.peek().kind, TokenKind::Int(_) | TokenKind::Punct("."))
            && self.peek().span.start == code_end
        {
            code_end = self.advance().span.end;
        }
        if code_end == code_start {
            return Err(self.unexpected(Wanted::OctalCode { example }));
        }
        Ok(format!("octal:{}", &self.source[code_start..code_end]))
    }
}

fn binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span.start..rhs.span.end;
    Expr {
        kind: ExprKind::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        span,
    }
}

fn no_power(span: Range<usize>) -> ExprError {
    ExprError::new(
        ErrorKind::Syntax {
            found: Found::Token("**".into()),
            wanted: Wanted::NoPower,
        },
        span,
    )
}

/// `zero-mov` read as a subtraction of names: most likely a misspelt ruleset.
fn is_hyphenated(e: &Expr) -> bool {
    let is_var = |e: &Expr| matches!(e.kind, ExprKind::Var(_));
    matches!(&e.kind, ExprKind::Chain { first, rest }
        if is_var(first) && rest.iter().all(|(op, e)| *op == BinaryOp::Sub && is_var(e)))
}

fn too_deep(token: &Token) -> ExprError {
    ExprError::new(
        ErrorKind::TooDeep {
            limit: MAX_DEPTH,
            at: Some(token.kind.found()),
        },
        token.span.clone(),
    )
}
