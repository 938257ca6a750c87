//! A small text syntax for formulas, for tests, benchmarks and a command line:
//!
//! ```text
//! formula  := quant | iff
//! quant    := ("all" | "any") name ("," name)* [("<" | "<=") expr] ":" formula
//! iff      := implies (("<=>" | "iff") implies)*
//! implies  := or [("=>" | "implies") implies]
//! or       := and ("or" and)*
//! and      := unary ("and" unary)*
//! unary    := "not" unary | quant | "true" | "false" | "(" formula ")"
//!           | ("odd" | "even") "(" expr ")" | expr rel expr
//! rel      := "=" | "!=" | "<" | "<=" | ">" | ">="
//! expr     := xor ("|" xor)*            bitwise or
//! xor      := band (("^" | "xor") band)*
//! band     := sum ("&" sum)*
//! sum      := prod ("+" prod)*
//! prod     := base (("*" | "/" | "%") base)*   one side of * and the right of / and % constant
//! base     := number | name | "(" expr ")" | "if" formula "then" expr "else" expr
//! ```
//!
//! A quantifier's scope reaches as far right as it can. Compound expressions are lowered by
//! `translate`. There is no subtraction: write `y + k = n` and guard it.

use crate::formula::{self, Bound, Formula, Quant, Term};
use crate::translate::{Expr, Rel, rel};

/// Where and why a text did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset in the text.
    pub offset: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// What went wrong in a parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that starts no token.
    UnexpectedChar(char),
    /// A token where it cannot stand: the token's text, and what was expected there.
    UnexpectedToken {
        /// The token as written.
        token: String,
        /// What the sentence should have gone on with.
        wanted: Wanted,
    },
    /// The text ended too early, where `wanted` was expected.
    UnexpectedEnd {
        /// What the text should have gone on with.
        wanted: Wanted,
    },
    /// A number above `u64::MAX`.
    NumberTooLarge,
    /// A product of two non-constants, or a non-constant divisor or modulus.
    NotConstant,
    /// Division or modulus by 0.
    ZeroDivisor,
    /// Nesting (parentheses, `not`, quantifiers, if-then-else) deeper than `MAX_DEPTH`.
    TooDeep,
    /// More than [`MAX_OPERATORS`] of the operators that stack a formula taller (`+`, `&`,
    /// `|`, `*`, `/`, `%`, `=>`, `<=>`; `^`, `and` and `or` join their operands flat).
    TooManyOperators,
}

/// What a parse expected where the text ended or a token could not stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A term: a number, a name, `(` or `if`.
    Term,
    /// A comparison: `=`, `!=`, `<`, `<=`, `>` or `>=`.
    Comparison,
    /// A name to bind.
    Name,
    /// This symbol (`:`, `)`, `(`).
    Symbol(&'static str),
    /// This word (`then`, `else`).
    Word(&'static str),
    /// The end of the sentence, or a connective that goes on with it.
    End,
}

/// The deepest nesting the parser accepts: the parse recurses, and a thread's stack is finite.
pub const MAX_DEPTH: usize = 200;

/// The most operators of `+`, `&`, `|`, `*`, `/`, `%`, `=>` and `<=>` a text may hold: each
/// stacks the formula one level taller (a sum's every `+` is a fresh quantified variable), and
/// the formula must stay within [`crate::MAX_HEIGHT`]. `^`, `and` and `or` are not counted:
/// their operands stand side by side.
pub const MAX_OPERATORS: usize = 1000;

/// Parses a formula.
pub fn parse(text: &str) -> Result<Formula, ParseError> {
    let tokens = lex(text)?;
    let mut p = Parser {
        tokens,
        pos: 0,
        end: text.len(),
        depth: 0,
        operators: 0,
    };
    let f = p.formula()?;
    if p.pos < p.tokens.len() {
        return Err(p.unexpected(Wanted::End));
    }
    Ok(f)
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Name(String),
    Num(u64),
    Sym(&'static str),
}

const SYMBOLS: [&str; 20] = [
    "<=>", "=>", "<=", ">=", "!=", "(", ")", ":", ",", "+", "^", "&", "|", "*", "/", "%", "=", "<",
    ">", "-",
];

fn lex(text: &str) -> Result<Vec<(usize, Tok)>, ParseError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let n = text[start..i].parse::<u64>().map_err(|_| ParseError {
                offset: start,
                kind: ParseErrorKind::NumberTooLarge,
            })?;
            out.push((start, Tok::Num(n)));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'\'')
            {
                i += 1;
            }
            out.push((start, Tok::Name(text[start..i].to_owned())));
        } else if let Some(s) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            out.push((i, Tok::Sym(s)));
            i += s.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(ParseError {
                offset: i,
                kind: ParseErrorKind::UnexpectedChar(ch),
            });
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<(usize, Tok)>,
    pos: usize,
    end: usize,
    /// Current nesting, checked against `MAX_DEPTH`.
    depth: usize,
    /// Operators that stack the formula taller, read so far, checked against
    /// `MAX_OPERATORS`.
    operators: usize,
}

const KEYWORDS: [&str; 14] = [
    "all", "any", "not", "and", "or", "implies", "iff", "true", "false", "odd", "even", "if",
    "then", "else",
];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|(_, t)| t)
    }

    /// The error at the current token, or at the end where `wanted` was expected.
    fn unexpected(&self, wanted: Wanted) -> ParseError {
        match self.tokens.get(self.pos) {
            None => ParseError {
                offset: self.end,
                kind: ParseErrorKind::UnexpectedEnd { wanted },
            },
            Some((offset, t)) => {
                let text = match t {
                    Tok::Name(n) => n.clone(),
                    Tok::Num(n) => n.to_string(),
                    Tok::Sym(s) => (*s).to_owned(),
                };
                ParseError {
                    offset: *offset,
                    kind: ParseErrorKind::UnexpectedToken {
                        token: text,
                        wanted,
                    },
                }
            }
        }
    }

    fn error(&self, kind: ParseErrorKind) -> ParseError {
        let offset = self
            .tokens
            .get(self.pos.saturating_sub(1))
            .map_or(self.end, |(o, _)| *o);
        ParseError { offset, kind }
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(t)) if *t == s)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Name(n)) if n == w)
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        let yes = self.is_sym(s);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.is_word(w);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn expect_sym(&mut self, s: &'static str) -> Result<(), ParseError> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            Err(self.unexpected(Wanted::Symbol(s)))
        }
    }

    /// A name that is not a keyword; at the end of the text, `wanted` was expected.
    fn name(&mut self, wanted: Wanted) -> Result<String, ParseError> {
        match self.peek() {
            Some(Tok::Name(n)) if !KEYWORDS.contains(&n.as_str()) => {
                let n = n.clone();
                self.pos += 1;
                Ok(n)
            }
            _ => Err(self.unexpected(wanted)),
        }
    }

    fn formula(&mut self) -> Result<Formula, ParseError> {
        self.nested(Self::formula_inner)
    }

    fn unary(&mut self) -> Result<Formula, ParseError> {
        self.nested(Self::unary_inner)
    }

    fn base(&mut self) -> Result<Expr, ParseError> {
        self.nested(Self::base_inner)
    }

    /// Counts one operator that stacks the formula taller, refusing past `MAX_OPERATORS`
    /// (before the tree grows any taller, so no walk over it recurses too deep).
    fn stacked(&mut self) -> Result<(), ParseError> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(self.error(ParseErrorKind::TooManyOperators));
        }
        Ok(())
    }

    /// Runs `inner` one level deeper, refusing past `MAX_DEPTH`.
    fn nested<T>(
        &mut self,
        inner: fn(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        if self.depth >= MAX_DEPTH {
            let offset = self.tokens.get(self.pos).map_or(self.end, |(o, _)| *o);
            return Err(ParseError {
                offset,
                kind: ParseErrorKind::TooDeep,
            });
        }
        self.depth += 1;
        let result = inner(self);
        self.depth -= 1;
        result
    }

    fn formula_inner(&mut self) -> Result<Formula, ParseError> {
        if self.is_word("all") || self.is_word("any") {
            return self.quant();
        }
        let mut f = self.implies()?;
        while self.eat_sym("<=>") || self.eat_word("iff") {
            self.stacked()?;
            let g = self.implies()?;
            f = formula::iff(f, g);
        }
        Ok(f)
    }

    fn quant(&mut self) -> Result<Formula, ParseError> {
        let quant = if self.eat_word("all") {
            Quant::All
        } else {
            self.eat_word("any");
            Quant::Any
        };
        let mut names = vec![self.name(Wanted::Name)?];
        while self.eat_sym(",") {
            names.push(self.name(Wanted::Name)?);
        }
        let bound = if self.eat_sym("<") {
            Some((true, self.expr()?))
        } else if self.eat_sym("<=") {
            Some((false, self.expr()?))
        } else {
            None
        };
        self.expect_sym(":")?;
        let body = self.formula()?;
        Ok(quantified(quant, &names, bound, body))
    }

    /// `a => b => c` is `a => (b => c)`: the operands are read in a loop and joined from the
    /// right, so a long chain does not recurse.
    fn implies(&mut self) -> Result<Formula, ParseError> {
        let mut operands = vec![self.or()?];
        while self.eat_sym("=>") || self.eat_word("implies") {
            self.stacked()?;
            if self.is_word("all") || self.is_word("any") {
                operands.push(self.quant()?);
                break;
            }
            operands.push(self.or()?);
        }
        let mut f = operands.pop().unwrap_or(Formula::True);
        while let Some(g) = operands.pop() {
            f = formula::implies(g, f);
        }
        Ok(f)
    }

    fn or(&mut self) -> Result<Formula, ParseError> {
        let mut fs = vec![self.and()?];
        while self.eat_word("or") {
            fs.push(self.and()?);
        }
        Ok(if fs.len() == 1 {
            fs.pop().unwrap_or(Formula::False)
        } else {
            formula::or(fs)
        })
    }

    fn and(&mut self) -> Result<Formula, ParseError> {
        let mut fs = vec![self.unary()?];
        while self.eat_word("and") {
            fs.push(self.unary()?);
        }
        Ok(if fs.len() == 1 {
            fs.pop().unwrap_or(Formula::True)
        } else {
            formula::and(fs)
        })
    }

    fn unary_inner(&mut self) -> Result<Formula, ParseError> {
        if self.eat_word("not") {
            return Ok(formula::not(self.unary()?));
        }
        if self.is_word("all") || self.is_word("any") {
            return self.quant();
        }
        if self.eat_word("true") {
            return Ok(Formula::True);
        }
        if self.eat_word("false") {
            return Ok(Formula::False);
        }
        for (word, odd) in [("odd", true), ("even", false)] {
            if self.eat_word(word) {
                self.expect_sym("(")?;
                let e = self.expr()?;
                self.expect_sym(")")?;
                let (def, t) = self.term_of(e);
                let atom = if odd {
                    formula::odd(t)
                } else {
                    formula::even(t)
                };
                return Ok(match def {
                    None => atom,
                    Some(d) => formula::any("#0", formula::and([d, atom])),
                });
            }
        }
        if self.is_sym("(") {
            // A comparison of parenthesised expressions, or a parenthesised formula.
            let save = self.pos;
            if let Ok(f) = self.comparison() {
                return Ok(f);
            }
            self.pos = save;
            self.expect_sym("(")?;
            let f = self.formula()?;
            self.expect_sym(")")?;
            return Ok(f);
        }
        self.comparison()
    }

    /// `e` as a term: the expression itself if simple, else a fresh variable `#0` with its
    /// definition (a formula with `#0` free, to be bound by the caller).
    fn term_of(&self, e: Expr) -> (Option<Formula>, Term) {
        match e {
            Expr::Var(v) => (None, Term::Var(v)),
            Expr::Const(c) => (None, Term::Const(c)),
            e => (Some(rel(e, Rel::Eq, "#0")), Term::Var("#0".to_owned())),
        }
    }

    fn comparison(&mut self) -> Result<Formula, ParseError> {
        let a = self.expr()?;
        let op = match self.peek() {
            Some(Tok::Sym("=")) => Rel::Eq,
            Some(Tok::Sym("!=")) => Rel::Ne,
            Some(Tok::Sym("<")) => Rel::Lt,
            Some(Tok::Sym("<=")) => Rel::Le,
            Some(Tok::Sym(">")) => Rel::Gt,
            Some(Tok::Sym(">=")) => Rel::Ge,
            _ => return Err(self.unexpected(Wanted::Comparison)),
        };
        self.pos += 1;
        let b = self.expr()?;
        Ok(rel(a, op, b))
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.xor()?;
        while self.eat_sym("|") {
            self.stacked()?;
            e = e | self.xor()?;
        }
        Ok(e)
    }

    fn xor(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.band()?;
        while self.eat_sym("^") || self.eat_word("xor") {
            e = e ^ self.band()?;
        }
        Ok(e)
    }

    fn band(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.sum()?;
        while self.eat_sym("&") {
            self.stacked()?;
            e = e & self.sum()?;
        }
        Ok(e)
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.prod()?;
        while self.eat_sym("+") {
            self.stacked()?;
            e = e + self.prod()?;
        }
        Ok(e)
    }

    fn prod(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.base()?;
        loop {
            if self.eat_sym("*") {
                self.stacked()?;
                let f = self.base()?;
                e = match (e, f) {
                    (Expr::Const(c), g) | (g, Expr::Const(c)) => Expr::Mul(c, Box::new(g)),
                    _ => return Err(self.error(ParseErrorKind::NotConstant)),
                };
            } else if self.is_sym("/") || self.is_sym("%") {
                let is_div = self.eat_sym("/");
                if !is_div {
                    self.eat_sym("%");
                }
                self.stacked()?;
                let m = match self.base()? {
                    Expr::Const(0) => return Err(self.error(ParseErrorKind::ZeroDivisor)),
                    Expr::Const(m) => m,
                    _ => return Err(self.error(ParseErrorKind::NotConstant)),
                };
                e = if is_div {
                    Expr::Div(Box::new(e), m)
                } else {
                    Expr::Mod(Box::new(e), m)
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn base_inner(&mut self) -> Result<Expr, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Const(n))
            }
            Some(Tok::Sym("(")) => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect_sym(")")?;
                Ok(e)
            }
            Some(Tok::Name(w)) if w == "if" => {
                self.pos += 1;
                let c = self.formula()?;
                if !self.eat_word("then") {
                    return Err(self.unexpected(Wanted::Word("then")));
                }
                let a = self.expr()?;
                if !self.eat_word("else") {
                    return Err(self.unexpected(Wanted::Word("else")));
                }
                let b = self.expr()?;
                Ok(Expr::Ite(Box::new(c), Box::new(a), Box::new(b)))
            }
            _ => Ok(Expr::Var(self.name(Wanted::Term)?)),
        }
    }
}

/// A quantifier over `names` with an optional bound given as an expression. The bound is read
/// outside the quantifiers it bounds, as in mathematics: in `all x: any x < x + 1: …` the
/// bound's `x` is the outer one. A bound that names none of `names` is read the same inside
/// or outside; one that names any of them is computed first, into a fresh variable `#b` (a
/// name the lexer cannot produce) bound outside the quantifiers.
fn quantified(
    quant: Quant,
    names: &[String],
    bound: Option<(bool, Expr)>,
    body: Formula,
) -> Formula {
    let captured = bound
        .as_ref()
        .is_some_and(|(_, e)| names.iter().any(|n| mentions(e, n)));
    if let (true, Some((strict, e))) = (captured, &bound) {
        let mut f = body;
        for name in names.iter().rev() {
            f = bounded(quant, name, Some((*strict, Expr::Var(BOUND.to_owned()))), f);
        }
        let definition = rel(e.clone(), Rel::Eq, BOUND);
        return formula::any(BOUND, formula::and([definition, f]));
    }
    let mut f = body;
    for name in names.iter().rev() {
        f = bounded(quant, name, bound.clone(), f);
    }
    f
}

/// The fresh variable holding a bound computed outside its quantifiers.
const BOUND: &str = "#b";

/// Whether `name` occurs free in `e`.
fn mentions(e: &Expr, name: &str) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Var(v) => {
                if v == name {
                    return true;
                }
            }
            Expr::Const(_) => {}
            Expr::Add(a, b) | Expr::BitAnd(a, b) | Expr::BitOr(a, b) => {
                stack.push(a);
                stack.push(b);
            }
            Expr::Xor(es) => stack.extend(es.iter()),
            Expr::Mul(_, a) | Expr::Div(a, _) | Expr::Mod(a, _) => stack.push(a),
            Expr::Ite(c, a, b) => {
                if c.free_vars().iter().any(|v| v == name) {
                    return true;
                }
                stack.push(a);
                stack.push(b);
            }
        }
    }
    false
}

/// A quantifier with an optional bound given as an expression that does not name `name`.
fn bounded(quant: Quant, name: &str, bound: Option<(bool, Expr)>, body: Formula) -> Formula {
    let mk = |b: Option<Bound>, body: Formula| Formula::Quant {
        quant,
        var: name.to_owned(),
        bound: b,
        body: Box::new(body),
    };
    match bound {
        None => mk(None, body),
        Some((strict, Expr::Var(v))) => mk(
            Some(if strict {
                Bound::Lt(Term::Var(v))
            } else {
                Bound::Le(Term::Var(v))
            }),
            body,
        ),
        Some((strict, Expr::Const(c))) => mk(
            Some(if strict {
                Bound::Lt(Term::Const(c))
            } else {
                Bound::Le(Term::Const(c))
            }),
            body,
        ),
        Some((strict, e)) => {
            let guard = rel(
                Expr::Var(name.to_owned()),
                if strict { Rel::Lt } else { Rel::Le },
                e,
            );
            match quant {
                Quant::All => mk(None, formula::implies(guard, body)),
                Quant::Any => mk(None, formula::and([guard, body])),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printing_reads_back() {
        for text in [
            "all n: any k: k < n and n = k + k",
            "all x < 5: any y <= x: x ^ y ^ 3 = 0 or x & y = 1 or x | y = 2",
            "any q: x / 3 = q and x % 3 = 1 and 4 * q = y and odd(x) and not even(y)",
            "(x = 1 => y = 2) <=> true",
        ] {
            let f = parse(text).unwrap();
            assert_eq!(parse(&f.to_string()).unwrap(), f, "{text}");
        }
    }

    #[test]
    fn scope_and_precedence() {
        use crate::formula::*;
        assert_eq!(
            parse("all x: x = 1 or x = 2").unwrap(),
            all("x", or([eq("x", 1), eq("x", 2)]))
        );
        assert_eq!(
            parse("x = 1 and y = 2 or z = 3").unwrap(),
            or([and([eq("x", 1), eq("y", 2)]), eq("z", 3)])
        );
        assert_eq!(parse("(x) < (y)").unwrap(), lt("x", "y"));
        assert_eq!(parse("x + y = z").unwrap(), add("x", "y", "z"));
        assert_eq!(
            parse("x ^ y ^ w = z").unwrap(),
            xor_all(["x", "y", "w"], "z")
        );
    }

    #[test]
    fn a_bound_is_read_outside_the_quantifier_it_bounds() {
        use crate::{Limits, counterexample, decide};
        let never = || false;
        let holds = |t: &str| {
            decide(&parse(t).unwrap(), Limits::default(), &never)
                .unwrap()
                .holds
        };
        // By hand: at x = 0 the only candidate below x + 1 = 1 is 0, which is not 5.
        assert!(!holds("all x: any x < x + 1: x = 5"));
        let cx = counterexample(
            &parse("all x: any x < x + 1: x = 5").unwrap(),
            Limits::default(),
            &never,
        );
        assert_eq!(cx.unwrap(), Some(vec![("x".to_string(), 0)]));
        // The same bound written bare, plus 0, or in a list: the same reading.
        for t in [
            "all x: any x <= x: x = 7",
            "all x: any x <= x + 0: x = 7",
            "all x: any y, x <= x + 0: x = 7",
        ] {
            assert!(!holds(t), "{t}");
        }
        // And true where every x has a candidate: x itself is below x + 1.
        assert!(holds("all x: any x < x + 1: x + 0 = x"));
        assert!(holds("all y: any x < y + 1: x = y"));
        // Standalone, the bound's `x` is free: refused alike, bare or compound.
        for t in ["any x <= x: x = 7", "any x <= x + 0: x = 7"] {
            assert_eq!(parse(t).unwrap().free_vars(), vec!["x".to_string()], "{t}");
        }
    }

    #[test]
    fn a_long_chain_is_counted_and_refused_before_its_tree_grows() {
        let sum = |k: usize| format!("all a: {} = a", vec!["a"; k].join(" + "));
        assert!(parse(&sum(MAX_OPERATORS)).is_ok());
        assert_eq!(
            parse(&sum(MAX_OPERATORS + 2)).unwrap_err().kind,
            ParseErrorKind::TooManyOperators
        );
        // `=>` groups to the right without recursing: 6 000 of them are refused, not a crash.
        let implications = format!("all a: {}", vec!["a = a"; 6000].join(" => "));
        assert_eq!(
            parse(&implications).unwrap_err().kind,
            ParseErrorKind::TooManyOperators
        );
        // Flat chains are not counted: 6 000 xors are one atom.
        let xors = format!("all a: a{} = a", " ^ 0".repeat(6000));
        assert!(parse(&xors).is_ok());
        // And `a => b => c` still reads as `a => (b => c)`.
        use crate::formula::*;
        assert_eq!(
            parse("x = 1 => y = 2 => z = 3").unwrap(),
            implies(eq("x", 1), implies(eq("y", 2), eq("z", 3)))
        );
    }

    #[test]
    fn a_formula_taller_than_the_limit_is_refused_before_it_is_walked() {
        use crate::formula::*;
        use crate::{DecideError, Limits, MAX_HEIGHT, decide};
        let mut f = eq("x", "x");
        for _ in 0..MAX_HEIGHT {
            f = any("x", f);
        }
        assert_eq!(f.height(), MAX_HEIGHT + 1);
        assert_eq!(
            decide(&f, Limits::default(), &|| false).unwrap_err(),
            DecideError::TooDeep { limit: MAX_HEIGHT }
        );
    }

    #[test]
    fn errors_are_data() {
        let e = |t: &str| parse(t).unwrap_err().kind;
        assert_eq!(
            e("x = "),
            ParseErrorKind::UnexpectedEnd {
                wanted: Wanted::Term
            }
        );
        assert_eq!(
            e("all a: a = a +"),
            ParseErrorKind::UnexpectedEnd {
                wanted: Wanted::Term
            }
        );
        assert_eq!(
            e("all a"),
            ParseErrorKind::UnexpectedEnd {
                wanted: Wanted::Symbol(":")
            }
        );
        assert_eq!(
            e("x + 1"),
            ParseErrorKind::UnexpectedEnd {
                wanted: Wanted::Comparison
            }
        );
        assert_eq!(
            e("x = y y"),
            ParseErrorKind::UnexpectedToken {
                token: "y".into(),
                wanted: Wanted::End
            }
        );
        assert_eq!(
            e("all n: n + = 3"),
            ParseErrorKind::UnexpectedToken {
                token: "=".into(),
                wanted: Wanted::Term
            }
        );
        assert_eq!(e("x # y"), ParseErrorKind::UnexpectedChar('#'));
        assert_eq!(e("x * y = z"), ParseErrorKind::NotConstant);
        assert_eq!(e("x / 0 = z"), ParseErrorKind::ZeroDivisor);
        assert_eq!(
            e("x = 99999999999999999999999"),
            ParseErrorKind::NumberTooLarge
        );
    }
}
