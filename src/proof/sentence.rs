//! A step's `decide` sentence: the proof's `define`d relations expanded into it, the result
//! parsed by the decider, and decided for every value. Pure: text in, outcomes out (the
//! caller times the run and words the result).
//!
//! A definition is written `name(p1, p2, …)` → a body in the decider's syntax whose free
//! variables are the parameters. A use `name(a1, a2, …)` with names or numbers as arguments is
//! replaced by the body, parenthesised, with each parameter replaced by its argument. An
//! argument may not be a name the body binds itself (which would capture it), and a body may
//! use earlier-expanded definitions up to [`MAX_EXPANSIONS`] deep.

use std::collections::BTreeMap;

use decide::{DecideError, Formula, Limits, Natural, ParseError, Quant, Stats};

/// How deep definitions may use one another.
pub const MAX_EXPANSIONS: usize = 8;

/// The work one step's sentence may take (about a second of one core at most).
pub const STEP_LIMITS: Limits = Limits {
    max_states: 200_000,
    max_work: 50_000_000,
};

/// Why a sentence could not be read. Data only; `render` words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SentenceError {
    /// A definition's signature is not `name(p1, …)`.
    BadSignature { signature: String },
    /// A use of `name` with the wrong number of arguments, or an argument that is not a
    /// name or a number.
    BadUse { name: String, expected: usize },
    /// An argument that the definition's body binds itself.
    Captured { name: String, argument: String },
    /// Definitions used deeper than [`MAX_EXPANSIONS`].
    TooDeep,
    /// A name no `all` or `any` binds, in a sentence that must have none.
    FreeVariable { name: String },
    /// The expanded text does not parse: the decider's error and the expanded text.
    Parse { error: ParseError, text: String },
}

/// A sentence decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decided {
    pub holds: bool,
    pub stats: Stats,
    /// For a false `all …` sentence: its smallest counterexample, variables with values
    /// (exact, past 2^128 too).
    pub counterexample: Option<Vec<(String, Natural)>>,
    /// For a false `all …` sentence whose counterexample was not found within what was left
    /// of the limits: why. The verdict stands all the same.
    pub search_stopped: Option<DecideError>,
}

/// What deciding a step's sentence gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecideOutcome {
    Decided(Decided),
    /// The decider stopped: a limit, or Ctrl-C.
    Refused(DecideError),
    Bad(SentenceError),
}

/// The sentence with every definition expanded.
pub fn expand(text: &str, define: &BTreeMap<String, String>) -> Result<String, SentenceError> {
    let defs = definitions(define)?;
    let mut current = text.to_string();
    for _ in 0..=MAX_EXPANSIONS {
        let (next, changed) = expand_once(&current, &defs)?;
        if !changed {
            return Ok(next);
        }
        current = next;
    }
    Err(SentenceError::TooDeep)
}

/// The sentence as a formula.
pub fn formula(text: &str, define: &BTreeMap<String, String>) -> Result<Formula, SentenceError> {
    let expanded = expand(text, define)?;
    decide::parse(&expanded).map_err(|error| SentenceError::Parse {
        error,
        text: expanded,
    })
}

/// Decides a sentence: true or false, with the smallest counterexample of a false one.
pub fn decide_text(
    text: &str,
    define: &BTreeMap<String, String>,
    limits: Limits,
    cancel: &dyn Fn() -> bool,
) -> DecideOutcome {
    let f = match formula(text, define) {
        Ok(f) => f,
        Err(e) => return DecideOutcome::Bad(e),
    };
    decide_formula(&f, limits, cancel)
}

/// Decides a formula as [`decide_text`] does.
pub fn decide_formula(f: &Formula, limits: Limits, cancel: &dyn Fn() -> bool) -> DecideOutcome {
    let decision = match decide::decide(f, limits, cancel) {
        Ok(d) => d,
        Err(e) => return DecideOutcome::Refused(e),
    };
    // One budget for both: the search for a counterexample gets what deciding left.
    let rest = Limits {
        max_work: limits.max_work.saturating_sub(decision.stats.work),
        ..limits
    };
    let (counterexample, search_stopped) = if decision.holds || !leads_with_all(f) {
        (None, None)
    } else {
        match decide::counterexample_exact(f, rest, cancel) {
            Ok(cx) => (cx, None),
            Err(DecideError::Cancelled) => return DecideOutcome::Refused(DecideError::Cancelled),
            // Decided false: the verdict is kept without its counterexample.
            Err(e) => (None, Some(e)),
        }
    };
    DecideOutcome::Decided(Decided {
        holds: decision.holds,
        stats: decision.stats,
        counterexample,
        search_stopped,
    })
}

fn leads_with_all(f: &Formula) -> bool {
    matches!(
        f,
        Formula::Quant {
            quant: Quant::All,
            ..
        }
    )
}

/// A definition: its parameters, its body, and the names its body binds.
struct Definition {
    params: Vec<String>,
    body: String,
    bound: Vec<String>,
}

fn definitions(
    define: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, Definition>, SentenceError> {
    let mut out = BTreeMap::new();
    for (signature, body) in define {
        let bad = || SentenceError::BadSignature {
            signature: signature.clone(),
        };
        let (name, rest) = signature.split_once('(').ok_or_else(bad)?;
        let inner = rest.trim().strip_suffix(')').ok_or_else(bad)?;
        let name = name.trim();
        let params: Vec<String> = inner.split(',').map(|p| p.trim().to_string()).collect();
        if !is_name(name) || params.iter().any(|p| !is_name(p)) {
            return Err(bad());
        }
        let bound = words(body)
            .into_iter()
            .filter(|w| is_name(w) && !params.contains(w))
            .collect();
        out.insert(
            name.to_string(),
            Definition {
                params,
                body: body.trim().to_string(),
                bound,
            },
        );
    }
    Ok(out)
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The identifier-like words of a text, keywords included.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// One pass of expansion: each use of a definition replaced by its body.
fn expand_once(
    text: &str,
    defs: &BTreeMap<String, Definition>,
) -> Result<(String, bool), SentenceError> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if !(c.is_ascii_alphabetic() || c == b'_') {
            // Copy one character (any UTF-8 sequence whole).
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let name = &text[start..i];
        let Some(def) = defs.get(name) else {
            out.push_str(name);
            continue;
        };
        let rest = &text[i..];
        let open = rest.len() - rest.trim_start().len();
        let bad = || SentenceError::BadUse {
            name: name.to_string(),
            expected: def.params.len(),
        };
        if !rest.trim_start().starts_with('(') {
            return Err(bad());
        }
        let after_open = i + open + 1;
        let close = text[after_open..]
            .find(')')
            .map(|k| after_open + k)
            .ok_or_else(bad)?;
        let args: Vec<&str> = text[after_open..close].split(',').map(str::trim).collect();
        if args.len() != def.params.len()
            || args
                .iter()
                .any(|a| !(is_name(a) || (!a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()))))
        {
            return Err(bad());
        }
        if let Some(a) = args.iter().find(|a| def.bound.iter().any(|b| b == *a)) {
            return Err(SentenceError::Captured {
                name: name.to_string(),
                argument: (*a).to_string(),
            });
        }
        out.push('(');
        out.push_str(&substitute(&def.body, &def.params, &args));
        out.push(')');
        changed = true;
        i = close + 1;
    }
    Ok((out, changed))
}

/// `body` with each whole word equal to `params[i]` replaced by `args[i]`.
fn substitute(body: &str, params: &[String], args: &[&str]) -> String {
    let mut out = String::with_capacity(body.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match params.iter().position(|p| p == word) {
            Some(k) => out.push_str(args[k]),
            None => out.push_str(word),
        }
        word.clear();
    };
    for ch in body.chars() {
        if ch.is_ascii_alphanumeric() || ch == '_' {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(a, b)| ((*a).to_string(), (*b).to_string()))
            .collect()
    }

    fn never() -> bool {
        false
    }

    #[test]
    fn definitions_expand_with_their_arguments() {
        let d = defs(&[
            ("twice(x, y)", "y = x + x"),
            ("even2(x)", "any h: twice(h, x)"),
        ]);
        assert_eq!(
            expand("all n: even2(n) or twice(n, 4)", &d).unwrap(),
            "all n: (any h: (n = h + h)) or (4 = n + n)"
        );
        // Capture: `h` is bound inside even2's body.
        assert_eq!(
            expand("all h: even2(h)", &d),
            Err(SentenceError::Captured {
                name: "even2".into(),
                argument: "h".into()
            })
        );
        assert!(matches!(
            expand("twice(1)", &d),
            Err(SentenceError::BadUse { expected: 2, .. })
        ));
        let looped = defs(&[("a(x)", "b(x)"), ("b(x)", "a(x)")]);
        assert_eq!(expand("a(1)", &looped), Err(SentenceError::TooDeep));
    }

    #[test]
    fn a_false_sentence_gives_its_smallest_counterexample() {
        // By hand: every n has n = h + h or n = h + h + 1; not every n is even (1 is not).
        let d = defs(&[("twice(x, y)", "y = x + x")]);
        let DecideOutcome::Decided(t) = decide_text(
            "all n: any h: twice(h, n) or n = h + h + 1",
            &d,
            STEP_LIMITS,
            &never,
        ) else {
            panic!()
        };
        assert!(t.holds && t.counterexample.is_none());
        let DecideOutcome::Decided(f) =
            decide_text("all n: any h: twice(h, n)", &d, STEP_LIMITS, &never)
        else {
            panic!()
        };
        assert!(!f.holds);
        assert_eq!(
            f.counterexample,
            Some(vec![("n".to_string(), Natural::from(1u128))])
        );
    }

    #[test]
    fn a_verdict_stays_when_its_counterexample_is_not_found_within_the_limit() {
        // By hand: 1 is not y + y, so the sentence is false. With just the work deciding
        // takes, nothing is left for the counterexample: false all the same, said why.
        let text = "all x: any y: x = y + y";
        let work = match decide_text(text, &BTreeMap::new(), STEP_LIMITS, &never) {
            DecideOutcome::Decided(d) => d.stats.work,
            other => panic!("{other:?}"),
        };
        let tight = Limits {
            max_work: work,
            ..STEP_LIMITS
        };
        let DecideOutcome::Decided(d) = decide_text(text, &BTreeMap::new(), tight, &never) else {
            panic!()
        };
        assert!(!d.holds);
        assert_eq!(d.counterexample, None);
        assert!(matches!(
            d.search_stopped,
            Some(DecideError::WorkLimit { .. })
        ));
    }

    #[test]
    fn a_cancelled_run_is_refused() {
        let always = || true;
        // Big enough to reach the first look at the cancellation hook.
        let text = "all a, b, c, d: a ^ b ^ c ^ d = 0 => all y < a: y ^ b ^ c ^ d != 0";
        let out = decide_text(
            text,
            &BTreeMap::new(),
            Limits {
                max_states: 10,
                max_work: 10,
            },
            &always,
        );
        assert!(matches!(out, DecideOutcome::Refused(_)), "{out:?}");
    }
}
