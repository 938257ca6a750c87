//! A recursive-descent parser from tokens to [`Expr`]. Precedence, loosest first:
//! `implies`, `or`, `and`, `not`, comparisons and `in`, `union`, `..`, `xor`/`^`, `+ -`,
//! `* / %`, unary `-`; `if`, `all` and `any` reach as far right as they can.

use std::ops::Range;

use super::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use super::error::{ErrorKind, ExprError};
use super::token::{Token, TokenKind, lex};
use crate::engine::ruleset_name::{self, Family, RULESETS};
use crate::engine::{EngineError, Pass, Player, Rules};

/// What can start an operand, for error messages.
const OPERAND: &str = "a number, a name, `(`, `{` or `if`";

/// Words that end or join expressions and so cannot be names.
const KEYWORDS: &[&str] = &[
    "and", "or", "not", "xor", "if", "then", "else", "all", "any", "in", "implies", "union", "for",
    "true", "false", "first", "second",
];

/// Functions that may be written before a set without brackets: `mex{0, 2}`.
const SET_FUNCTIONS: &[&str] = &["mex", "min", "max", "size"];

/// Functions whose first argument may be a ruleset name.
const TAKES_RULES: &[&str] = &["g", "mexset", "winner", "lost"];

/// Parses a whole expression.
pub fn parse(source: &str) -> Result<Expr, ExprError> {
    let mut p = Parser::new(source)?;
    let expr = p.expr()?;
    p.expect_end()?;
    Ok(expr)
}

/// Parses `VAR in DOMAIN`, such as `n in 0..100`.
pub fn parse_domain(source: &str) -> Result<(String, Expr), ExprError> {
    let mut p = Parser::new(source)?;
    let binding = p.binding()?;
    p.expect_end()?;
    Ok(binding)
}

/// Parses `EXPR [for VAR in DOMAIN]`, the form of a conjecture.
pub fn parse_with_domain(source: &str) -> Result<(Expr, Option<(String, Expr)>), ExprError> {
    let mut p = Parser::new(source)?;
    let expr = p.expr()?;
    let domain = if p.eat_word("for") {
        Some(p.binding()?)
    } else {
        None
    };
    p.expect_end()?;
    Ok((expr, domain))
}

struct Parser {
    source: String,
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn new(source: &str) -> Result<Self, ExprError> {
        Ok(Self {
            source: source.to_string(),
            tokens: lex(source)?,
            pos: 0,
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

    fn unexpected(&self, expected: &str) -> ExprError {
        let t = self.peek();
        ExprError::new(
            ErrorKind::Syntax {
                found: t.kind.describe(),
                expected: expected.into(),
            },
            t.span.clone(),
        )
    }

    fn expect_punct(&mut self, p: &str, expected: &str) -> Result<Range<usize>, ExprError> {
        if self.is_punct(p) {
            Ok(self.advance().span)
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn expect_word(&mut self, w: &str, expected: &str) -> Result<(), ExprError> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn expect_end(&self) -> Result<(), ExprError> {
        match &self.peek().kind {
            TokenKind::End => Ok(()),
            TokenKind::Punct("**") => Err(no_power(self.peek().span.clone())),
            _ => Err(self.unexpected("an operator or the end of the expression")),
        }
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        let lhs = self.or()?;
        if self.eat_word("implies") {
            let rhs = self.expr()?;
            return Ok(binary(BinaryOp::Implies, lhs, rhs));
        }
        Ok(lhs)
    }

    fn or(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.and()?;
        while self.eat_word("or") {
            let rhs = self.and()?;
            lhs = binary(BinaryOp::Or, lhs, rhs);
        }
        Ok(lhs)
    }

    fn and(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.not()?;
        while self.eat_word("and") {
            let rhs = self.not()?;
            lhs = binary(BinaryOp::And, lhs, rhs);
        }
        Ok(lhs)
    }

    fn not(&mut self) -> Result<Expr, ExprError> {
        if self.is_word("not") {
            let start = self.advance().span.start;
            let operand = self.not()?;
            let span = start..operand.span.end;
            return Ok(Expr {
                kind: ExprKind::Unary {
                    op: UnaryOp::Not,
                    operand: Box::new(operand),
                },
                span,
            });
        }
        self.comparison()
    }

    fn comparison_op(&self) -> Option<BinaryOp> {
        match &self.peek().kind {
            TokenKind::Punct("=") => Some(BinaryOp::Eq),
            TokenKind::Punct("!=") => Some(BinaryOp::Ne),
            TokenKind::Punct("<") => Some(BinaryOp::Lt),
            TokenKind::Punct("<=") => Some(BinaryOp::Le),
            TokenKind::Punct(">") => Some(BinaryOp::Gt),
            TokenKind::Punct(">=") => Some(BinaryOp::Ge),
            TokenKind::Name(n) if n == "in" => Some(BinaryOp::In),
            _ => None,
        }
    }

    fn comparison(&mut self) -> Result<Expr, ExprError> {
        let lhs = self.union()?;
        let Some(op) = self.comparison_op() else {
            return Ok(lhs);
        };
        self.advance();
        let rhs = self.union()?;
        if self.comparison_op().is_some() {
            return Err(self.unexpected(
                "`and`, `or` or the end: comparisons do not chain, so write `a < b and b < c`",
            ));
        }
        Ok(binary(op, lhs, rhs))
    }

    fn union(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.range()?;
        while self.eat_word("union") || self.eat_punct("union") {
            let rhs = self.range()?;
            lhs = binary(BinaryOp::Union, lhs, rhs);
        }
        Ok(lhs)
    }

    fn range(&mut self) -> Result<Expr, ExprError> {
        let lhs = self.xor()?;
        if self.eat_punct("..") {
            let rhs = self.xor()?;
            return Ok(binary(BinaryOp::Range, lhs, rhs));
        }
        Ok(lhs)
    }

    fn xor(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.additive()?;
        while self.eat_word("xor") || self.eat_punct("xor") {
            let rhs = self.additive()?;
            lhs = binary(BinaryOp::Xor, lhs, rhs);
        }
        Ok(lhs)
    }

    fn additive(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.multiplicative()?;
        loop {
            let op = if self.eat_punct("+") {
                BinaryOp::Add
            } else if self.eat_punct("-") {
                BinaryOp::Sub
            } else {
                return Ok(lhs);
            };
            let rhs = self.multiplicative()?;
            lhs = binary(op, lhs, rhs);
        }
    }

    fn multiplicative(&mut self) -> Result<Expr, ExprError> {
        let mut lhs = self.unary()?;
        loop {
            let op = if self.eat_punct("*") {
                BinaryOp::Mul
            } else if self.eat_punct("/") {
                BinaryOp::Div
            } else if self.eat_punct("%") {
                BinaryOp::Rem
            } else if self.is_punct("**") {
                return Err(no_power(self.peek().span.clone()));
            } else {
                return Ok(lhs);
            };
            let rhs = self.unary()?;
            lhs = binary(op, lhs, rhs);
        }
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if self.is_punct("-") {
            let start = self.advance().span.start;
            let operand = self.unary()?;
            let span = start..operand.span.end;
            return Ok(Expr {
                kind: ExprKind::Unary {
                    op: UnaryOp::Neg,
                    operand: Box::new(operand),
                },
                span,
            });
        }
        let operand = self.primary()?;
        self.state_suffix(operand)
    }

    /// `7T`, `(n+1)F`: a `T` or `F` written right after an operand makes it a pile state.
    fn state_suffix(&mut self, operand: Expr) -> Result<Expr, ExprError> {
        let t = self.peek();
        let pass = match &t.kind {
            TokenKind::Name(n) if t.span.start == operand.span.end => match n.as_str() {
                "T" => Pass::Unused,
                "F" => Pass::Spent,
                _ => {
                    return Err(self.unexpected(
                        "`T` or `F` after a number (a pile state like `7T`), or a space",
                    ));
                }
            },
            _ => return Ok(operand),
        };
        let end = self.advance().span.end;
        let span = operand.span.start..end;
        Ok(Expr {
            kind: ExprKind::State {
                size: Box::new(operand),
                pass,
            },
            span,
        })
    }

    fn primary(&mut self) -> Result<Expr, ExprError> {
        let token = self.peek().clone();
        match &token.kind {
            TokenKind::Int(v) => {
                self.advance();
                Ok(Expr {
                    kind: ExprKind::Int(*v),
                    span: token.span,
                })
            }
            TokenKind::Punct("(") => {
                let start = self.advance().span.start;
                let inner = self.expr()?;
                let end = self.expect_punct(")", "`)` to close the `(`")?.end;
                Ok(Expr {
                    kind: inner.kind,
                    span: start..end,
                })
            }
            TokenKind::Punct("{") => self.set(),
            TokenKind::Name(name) => self.named(name.clone(), token.span),
            _ => Err(self.unexpected(OPERAND)),
        }
    }

    fn named(&mut self, name: String, span: Range<usize>) -> Result<Expr, ExprError> {
        let simple = |kind| {
            Ok(Expr {
                kind,
                span: span.clone(),
            })
        };
        match name.as_str() {
            "true" | "false" => {
                self.advance();
                return simple(ExprKind::Bool(name == "true"));
            }
            "first" | "second" => {
                self.advance();
                return simple(ExprKind::Player(if name == "first" {
                    Player::First
                } else {
                    Player::Second
                }));
            }
            "if" => return self.conditional(),
            "all" | "any" => return self.quantifier(),
            "not" => return self.not(),
            _ if KEYWORDS.contains(&name.as_str()) => return Err(self.unexpected(OPERAND)),
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
            return simple(ExprKind::State {
                size: Box::new(Expr {
                    kind: ExprKind::Var(var.to_string()),
                    span: var_span,
                }),
                pass,
            });
        }
        simple(ExprKind::Var(name))
    }

    fn conditional(&mut self) -> Result<Expr, ExprError> {
        let start = self.advance().span.start;
        let cond = self.expr()?;
        self.expect_word("then", "`then` after the condition of `if`")?;
        let then = self.expr()?;
        self.expect_word(
            "else",
            "`else` (every `if … then …` needs an `else` branch)",
        )?;
        let otherwise = self.expr()?;
        let span = start..otherwise.span.end;
        Ok(Expr {
            kind: ExprKind::If {
                cond: Box::new(cond),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            span,
        })
    }

    fn quantifier(&mut self) -> Result<Expr, ExprError> {
        let token = self.advance();
        let all = matches!(&token.kind, TokenKind::Name(n) if n == "all");
        let (var, domain) = self.binding()?;
        self.expect_punct(
            ":",
            "`:` before the quantifier's body, as in `all n in 0..9: n >= 0`",
        )?;
        let body = self.expr()?;
        let span = token.span.start..body.span.end;
        Ok(Expr {
            kind: ExprKind::Quantifier {
                all,
                var,
                domain: Box::new(domain),
                body: Box::new(body),
            },
            span,
        })
    }

    /// `VAR in DOMAIN`.
    fn binding(&mut self) -> Result<(String, Expr), ExprError> {
        let var = match &self.peek().kind {
            TokenKind::Name(n) if !KEYWORDS.contains(&n.as_str()) => n.clone(),
            _ => return Err(self.unexpected("a variable name, as in `n in 0..100`")),
        };
        self.advance();
        self.expect_word("in", "`in`, as in `n in 0..100`")?;
        let domain = self.union()?;
        Ok((var, domain))
    }

    /// `{}`, `{1, 2}`, or `{EXPR : VAR in DOMAIN}`.
    fn set(&mut self) -> Result<Expr, ExprError> {
        let start = self.advance().span.start;
        let close = "`,` or `}` to close the set";
        if self.is_punct("}") {
            let end = self.advance().span.end;
            return Ok(Expr {
                kind: ExprKind::Set(Vec::new()),
                span: start..end,
            });
        }
        let first = self.expr()?;
        if self.eat_punct(":") {
            let (var, domain) = self.binding()?;
            let end = self.expect_punct("}", "`}` to close the set")?.end;
            return Ok(Expr {
                kind: ExprKind::SetBuilder {
                    element: Box::new(first),
                    var,
                    domain: Box::new(domain),
                },
                span: start..end,
            });
        }
        let mut elements = vec![first];
        while self.eat_punct(",") {
            elements.push(self.expr()?);
        }
        let end = self.expect_punct("}", close)?.end;
        Ok(Expr {
            kind: ExprKind::Set(elements),
            span: start..end,
        })
    }

    fn call(&mut self, name: String, name_span: Range<usize>) -> Result<Expr, ExprError> {
        // `mex{…}` is `mex` of one set.
        if self.is_punct("{") {
            let set = self.set()?;
            let span = name_span.start..set.span.end;
            return Ok(Expr {
                kind: ExprKind::Call {
                    name,
                    name_span,
                    rules: None,
                    args: vec![set],
                },
                span,
            });
        }
        self.advance(); // `(`
        let rules = if TAKES_RULES.contains(&name.as_str()) {
            self.rules_argument()?
        } else {
            None
        };
        let mut args = Vec::new();
        if !self.is_punct(")") {
            args.push(self.expr()?);
            while self.eat_punct(",") {
                args.push(self.expr()?);
            }
        }
        let end = self
            .expect_punct(")", "`,` or `)` to close the arguments")?
            .end;
        // `g(x, 7)` where `x` is not a ruleset: say so, rather than count arguments.
        if rules.is_none() && TAKES_RULES.contains(&name.as_str()) {
            let hyphenated = |e: &&Expr| {
                matches!(&e.kind, ExprKind::Binary { op: BinaryOp::Sub, lhs, rhs }
                    if matches!((&lhs.kind, &rhs.kind), (ExprKind::Var(_), ExprKind::Var(_))))
            };
            if let Some(first) = args.first().filter(hyphenated) {
                let text = self.source.get(first.span.clone()).unwrap_or("");
                let error = Rules::parse(text)
                    .err()
                    .unwrap_or(EngineError::UnknownRules {
                        token: text.to_string(),
                    });
                return Err(ExprError::new(ErrorKind::Engine(error), first.span.clone()));
            }
        }
        Ok(Expr {
            kind: ExprKind::Call {
                name,
                name_span: name_span.clone(),
                rules,
                args,
            },
            span: name_span.start..end,
        })
    }

    /// A ruleset written as a first argument, named as in the engine's table of ruleset names
    /// (`nim`, `zero-move`, `misere`, `subtract:{1,3,4}` — braces, since commas separate
    /// arguments — `octal:0.77`), followed by a comma.
    fn rules_argument(&mut self) -> Result<Option<Rules>, ExprError> {
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
            (None, Some((Family::Subtract, example))) => {
                self.advance();
                self.advance();
                let mut amounts = Vec::new();
                if self.eat_punct("{") {
                    loop {
                        match self.advance().kind {
                            TokenKind::Int(v) => amounts.push(v.to_string()),
                            _ => {
                                self.pos -= 1;
                                return Err(
                                    self.unexpected(&format!("an amount, as in `{example}`"))
                                );
                            }
                        }
                        if self.eat_punct("}") {
                            break;
                        }
                        self.expect_punct(",", "`,` or `}` in the subtraction set")?;
                    }
                } else {
                    match self.advance().kind {
                        TokenKind::Int(v) => amounts.push(v.to_string()),
                        _ => {
                            self.pos -= 1;
                            return Err(self
                                .unexpected(&format!("the amounts in braces, as in `{example}`")));
                        }
                    }
                }
                format!("subtract:{}", amounts.join(","))
            }
            (None, Some((Family::Octal, example))) => {
                self.advance();
                self.advance();
                // The code as written (`0.07` keeps its zero): adjacent digits and dots.
                let code_start = self.peek().span.start;
                let mut code_end = code_start;
                while matches!(self.peek().kind, TokenKind::Int(_) | TokenKind::Punct("."))
                    && self.peek().span.start == code_end
                {
                    code_end = self.advance().span.end;
                }
                if code_end == code_start {
                    return Err(self.unexpected(&format!("an octal code, as in `{example}`")));
                }
                format!("octal:{}", &self.source[code_start..code_end])
            }
            (None, Some((_, _))) => {
                return Err(self.unexpected(
                    "a ruleset an expression can name: a graph's file is read by `rules graph:FILE`, after which `g(…)` uses it",
                ));
            }
            (None, None) => return Ok(None),
        };
        let end = self.tokens[self.pos.saturating_sub(1)].span.end;
        let rules =
            Rules::parse(&text).map_err(|e| ExprError::new(ErrorKind::Engine(e), start..end))?;
        self.expect_punct(",", "`,` after the ruleset, then the state")?;
        Ok(Some(rules))
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
            found: "`**`".into(),
            expected: "`*`, or `pow(a, b)` for a power (nimlab has no power operator; `^` is XOR)"
                .into(),
        },
        span,
    )
}
