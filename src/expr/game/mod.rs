//! The game language: `game NAME(n) = OPTIONS`, a game whose state is a whole number and whose
//! options are written as a set expression. An element of the set is what one move leaves:
//! a number (one heap) or `[a, b]` (two heaps, whose values XOR). A game whose state is a tuple
//! names each part, `game NAME(a, b) = OPTIONS`, and each option is a tuple `(a', b')`. For
//! example
//!
//! ```text
//! game lasker(n) = {n - k : k in 1..n} ∪ {[a, n - a] : a in 1..n/2}
//! game wythoff(a, b) = {(a - k, b) : k in 1..a} ∪ {(a, b - k) : k in 1..b}
//!                      ∪ {(a - k, b - k) : k in 1..min(a, b)}
//! ```
//!
//! A definition is parsed and checked here (its header, that every name it reads is bound, that
//! it calls no function of a ruleset); [`rule`] evaluates it one state at a time for the engine,
//! which values it by mex and refuses options that are not smaller states. The bundled games
//! are in [`library`].

mod failure;
mod library;
mod rule;

use std::ops::Range;
use std::sync::Arc;

use super::ast::{Expr, ExprKind};
use super::calls::RULES_FUNCTIONS;
use super::error::{ErrorKind, ExprError, Found, Got, Needed, Wanted};
use super::parser::parse;
use crate::engine::DefinedGame;
use crate::engine::Rules;

pub use failure::{DefinitionFailure, OptionsWhy};
pub use library::{LIBRARY, library};

/// A parsed and checked definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    pub name: String,
    /// The names of the state's parts, as written in the header (one for a number).
    pub params: Vec<String>,
    pub body: Expr,
    /// The definition as written, trimmed.
    pub text: String,
    /// Bytes of white space trimmed from the start: spans of `body` are `indent` bytes ahead.
    indent: usize,
}

impl Definition {
    /// The text of the definition at `span` (of the body), shortened if long.
    pub fn text_at(&self, span: &Range<usize>) -> String {
        // `text` is trimmed at the start; spans index into the text as written.
        let offset = self.indent;
        let start = span.start.saturating_sub(offset);
        let end = span.end.saturating_sub(offset);
        let text = self.text.get(start..end).unwrap_or("");
        crate::engine::shortened(text).to_string()
    }

    /// The ruleset this definition describes, with nothing valued yet.
    pub fn rules(&self) -> Rules {
        Rules::Defined(Arc::new(self.game()))
    }

    /// [`Definition::rules`] for a coin-turning game: a state is a heads coin's place.
    pub fn coin_rules(&self) -> Rules {
        Rules::Defined(Arc::new(self.game().turning_coins()))
    }

    /// [`Definition::rules`] for a game of counters that may retreat (Northcott's), defined by
    /// its game of advances: misère play of it is refused.
    pub fn retreat_rules(&self) -> Rules {
        Rules::Defined(Arc::new(self.game().with_retreats()))
    }

    /// [`Definition::rules`] for a game on a board of rows that never grow upwards (Chomp): a
    /// tuple that is no such board is refused as a state.
    pub fn board_rules(&self) -> Rules {
        Rules::Defined(Arc::new(self.game().as_board()))
    }

    fn game(&self) -> DefinedGame {
        let rule = rule::DefinitionRule::new(self.clone());
        DefinedGame::with_arity(&self.name, &self.text, self.params.len(), Box::new(rule))
    }
}

/// The longest name a game may have.
pub const MAX_NAME: usize = 40;

/// Whether `text` starts a definition: the word `game` and a space.
pub fn is_definition(text: &str) -> bool {
    text.trim_start()
        .strip_prefix("game")
        .is_some_and(|rest| rest.starts_with(char::is_whitespace))
}

/// Parses `game NAME(n) = OPTIONS` and checks it.
pub fn parse_definition(text: &str) -> Result<Definition, ExprError> {
    let mut header = Header { text, pos: 0 };
    header.space();
    header.word("game", Wanted::GameWord)?;
    header.space();
    let name = header.name()?;
    header.space();
    header.punct('(', Wanted::OpenHeader)?;
    let mut params = Vec::new();
    loop {
        header.space();
        let start = header.pos;
        let param = header.param()?;
        if params.len() == crate::engine::MAX_LENGTH {
            return Err(ExprError::new(
                ErrorKind::Syntax {
                    found: Found::Token(param),
                    wanted: Wanted::MostParts {
                        max: crate::engine::MAX_LENGTH,
                    },
                },
                start..header.pos,
            ));
        }
        if params.contains(&param) {
            header.pos = start;
            return Err(header.unexpected(Wanted::NewPartName));
        }
        params.push(param);
        header.space();
        if header.rest().starts_with(')') {
            header.pos += 1;
            break;
        }
        header.punct(',', Wanted::AfterPartName)?;
    }
    header.space();
    header.punct('=', Wanted::Equals)?;
    // The body, parsed with the header blanked out, so its spans index into `text`.
    let masked = format!("{}{}", " ".repeat(header.pos), &text[header.pos..]);
    let body = parse(&masked)?;
    check(&body, &mut params.clone())?;
    Ok(Definition {
        name,
        params,
        body,
        text: text.trim().to_string(),
        indent: text.len() - text.trim_start().len(),
    })
}

/// The header of a definition, read by hand: it is not an expression.
struct Header<'t> {
    text: &'t str,
    pos: usize,
}

impl Header<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The error for what stands at the cursor.
    fn unexpected(&self, wanted: Wanted) -> ExprError {
        let found = self.rest().chars().next();
        let end = self.pos + found.map_or(0, char::len_utf8);
        ExprError::new(
            ErrorKind::Syntax {
                found: found.map_or(Found::DefinitionEnd, |c| Found::Token(c.to_string())),
                wanted,
            },
            self.pos..end,
        )
    }

    fn word(&mut self, word: &str, wanted: Wanted) -> Result<(), ExprError> {
        if self.rest().starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.unexpected(wanted))
        }
    }

    fn punct(&mut self, c: char, wanted: Wanted) -> Result<(), ExprError> {
        if self.rest().starts_with(c) {
            self.pos += c.len_utf8();
            Ok(())
        } else {
            Err(self.unexpected(wanted))
        }
    }

    /// Characters while `keep` holds, as a span.
    fn take(&mut self, keep: impl Fn(char) -> bool) -> Range<usize> {
        let start = self.pos;
        let len: usize = self
            .rest()
            .chars()
            .take_while(|&c| keep(c))
            .map(char::len_utf8)
            .sum();
        self.pos += len;
        start..self.pos
    }

    /// A game's name: a letter, then letters, digits, `-`, `_` or `:` (`subtract:squares`);
    /// `subtract:^` alone goes on with the set it excludes (`subtract:^1,2`), so no other
    /// name holds a comma that would read as two arguments in `g(NAME, n)`.
    fn name(&mut self) -> Result<String, ExprError> {
        if !self.rest().starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Err(self.unexpected(Wanted::GameName));
        }
        let mut span = self.take(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':'));
        if &self.text[span.clone()] == "subtract:" && self.rest().starts_with('^') {
            span.end = self
                .take(|c| c.is_ascii_digit() || matches!(c, '^' | ','))
                .end;
        }
        let name = &self.text[span.clone()];
        let bad = |wanted: Wanted| {
            ExprError::new(
                ErrorKind::Syntax {
                    found: Found::Name(name.to_string()),
                    wanted,
                },
                span.clone(),
            )
        };
        if name.len() > MAX_NAME {
            return Err(bad(Wanted::ShortName { max: MAX_NAME }));
        }
        if name.to_ascii_lowercase().ends_with("-misere") {
            return Err(bad(Wanted::NotMisereName));
        }
        Ok(name.to_string())
    }

    /// The state's name: a variable of the expression language.
    fn param(&mut self) -> Result<String, ExprError> {
        if !self
            .rest()
            .starts_with(|c: char| c.is_alphabetic() || c == '_')
        {
            return Err(self.unexpected(Wanted::PartName));
        }
        let span = self.take(|c| c.is_alphanumeric() || c == '_');
        Ok(self.text[span].to_string())
    }
}

/// Checks that every name `expr` reads is bound (the state, or a variable of a set builder or
/// quantifier around it), and that it calls no function of a ruleset or names a pile state.
fn check(expr: &Expr, bound: &mut Vec<String>) -> Result<(), ExprError> {
    let refuse = |kind| Err(ExprError::new(kind, expr.span.clone()));
    match &expr.kind {
        ExprKind::Var(name) if !bound.contains(name) => {
            refuse(ErrorKind::UnknownVariable { name: name.clone() })
        }
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Player(_) | ExprKind::Var(_) => Ok(()),
        ExprKind::State { .. } => refuse(ErrorKind::Type {
            needed: Needed::DefinedState,
            got: Got::PassState,
        }),
        ExprKind::Picture(_) => refuse(ErrorKind::Type {
            needed: Needed::Moves,
            got: Got::Picture,
        }),
        ExprKind::Call { name, .. } if RULES_FUNCTIONS.contains(&name.as_str()) => {
            refuse(ErrorKind::Type {
                needed: Needed::Moves,
                got: Got::Call(name.clone()),
            })
        }
        ExprKind::Call { args, .. }
        | ExprKind::Set(args)
        | ExprKind::Heaps(args)
        | ExprKind::Tuple(args) => args.iter().try_for_each(|a| check(a, bound)),
        ExprKind::Unary { operand, .. } => check(operand, bound),
        ExprKind::Binary { lhs, rhs, .. } => {
            check(lhs, bound)?;
            check(rhs, bound)
        }
        ExprKind::Chain { first, rest } => {
            check(first, bound)?;
            rest.iter().try_for_each(|(_, e)| check(e, bound))
        }
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => {
            check(cond, bound)?;
            check(then, bound)?;
            check(otherwise, bound)
        }
        ExprKind::Quantifier { var, .. } | ExprKind::SetBuilder { var, .. }
            if bound.contains(var) =>
        {
            refuse(ErrorKind::Type {
                needed: Needed::FreshVariable(var.clone()),
                got: Got::BoundAgain(var.clone()),
            })
        }
        ExprKind::Quantifier {
            var, domain, body, ..
        } => {
            check(domain, bound)?;
            bound.push(var.clone());
            let result = check(body, bound);
            bound.pop();
            result
        }
        ExprKind::SetBuilder {
            element,
            var,
            domain,
            filter,
        } => {
            check(domain, bound)?;
            bound.push(var.clone());
            let result = check(element, bound)
                .and_then(|()| filter.as_deref().map_or(Ok(()), |f| check(f, bound)));
            bound.pop();
            result
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_definition_with_spans_into_its_text() {
        let text = "game lasker(n) = {n - k : k in 1..n} ∪ {[a, n - a] : a in 1..n/2}";
        let d = parse_definition(text).unwrap();
        assert_eq!(
            (d.name.as_str(), d.params.as_slice()),
            ("lasker", &["n".to_string()][..])
        );
        assert_eq!(&text[d.body.span.clone()], &text[17..]);
        let pair = parse_definition("game w(a, b) = {(a - 1, b)}").unwrap();
        assert_eq!(pair.params, ["a", "b"]);
        assert!(is_definition(text));
        assert!(!is_definition("gamer"));
    }

    #[test]
    fn only_subtract_caret_names_hold_a_comma() {
        let body = "(n) = {n - k : k in 3..n}";
        let named = |name: &str| parse_definition(&format!("game {name}{body}")).map(|d| d.name);
        assert_eq!(named("subtract:^1,2").unwrap(), "subtract:^1,2");
        assert!(named("a,b").is_err());
        assert!(named("take^2").is_err());
    }

    #[test]
    fn refuses_bad_headers_and_unbound_names_with_the_place() {
        for (text, at) in [
            ("gam x(n) = {}", "g"),
            ("game (n) = {}", "("),
            ("game x n = {}", "n"),
            ("game x(a, a) = {}", "a"),
            ("game x(n) {n-1}", "{"),
            ("game x(n) = {m - 1 : k in 1..n}", "m"),
            ("game x(n) = {n - k : k in 1..n, j > 0}", "j"),
            ("game x(n) = {g(n - 1)}", "g(n - 1)"),
            ("game x(n) = {n - 1", ""),
        ] {
            let err = parse_definition(text).unwrap_err();
            assert!(
                text[err.span.clone()].starts_with(at),
                "{text}: {err} at {:?}",
                err.span
            );
        }
    }
}
