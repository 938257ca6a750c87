//! The game graphs compiled in from `lessons/graphs/`, which a lesson names as its ruleset with
//! `rules: graph:NAME`. A lesson never names a file: `NAME` is looked up here and nowhere else,
//! so a lesson from any directory can use these graphs and no other.

use std::sync::Arc;

use crate::engine::Rules;
use crate::graph::ReadError;

/// The bundled graphs: each name (its file's stem) and its text.
pub const BUNDLED_GRAPHS: &[(&str, &str)] = &[
    ("example", include_str!("../../lessons/graphs/example.yaml")),
    (
        "graph-games",
        include_str!("../../lessons/graphs/graph-games.yaml"),
    ),
    (
        "loopy-games",
        include_str!("../../lessons/graphs/loopy-games.yaml"),
    ),
];

/// The names a lesson may write after `graph:`.
pub fn names() -> Vec<&'static str> {
    BUNDLED_GRAPHS.iter().map(|(name, _)| *name).collect()
}

/// The bundled graph `name` as a ruleset (written `graph:NAME`); `None` if there is no such
/// graph. An error only if the bundled text does not load, which the tests rule out.
pub fn bundled_graph(name: &str) -> Option<Result<Rules, ReadError>> {
    let (name, text) = BUNDLED_GRAPHS.iter().find(|(n, _)| *n == name)?;
    Some(crate::graph::load(name, text).map(|graph| Rules::Graph(Arc::new(graph))))
}

/// The names of a graph's positions that an expression can read as a variable, each with the
/// pile that stands for it: `g(b)` in a lesson on a graph is `g` of the position `b`.
pub fn position_names(rules: &Rules) -> Vec<(&str, u64)> {
    let Rules::Graph(graph) = rules else {
        return Vec::new();
    };
    (0..u64::try_from(graph.len()).unwrap_or(u64::MAX))
        .map(|node| (graph.name(node), node))
        .filter(|(name, _)| is_variable(name))
        .collect()
}

/// Whether `name` reads as a variable in an expression: a letter, then letters, digits and
/// `_`, and not one of the language's words (`xor`, `in`, …) or a player.
fn is_variable(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && crate::expr::parse(name).is_ok_and(|e| matches!(e.kind, crate::expr::ExprKind::Var(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_graph_loads_under_its_name() {
        for name in names() {
            let rules = bundled_graph(name)
                .expect("listed")
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(rules.to_string(), format!("graph:{name}"));
        }
        assert!(bundled_graph("../graph-games").is_none());
        assert!(bundled_graph("graph-games.yaml").is_none());
    }

    /// The lesson's graph in file order: a b c d e f g h are positions 0 to 7.
    #[test]
    fn position_names_are_the_graphs_in_file_order() {
        let rules = bundled_graph("graph-games")
            .expect("listed")
            .expect("loads");
        let names: Vec<(&str, u64)> = position_names(&rules);
        let expected: Vec<(&str, u64)> = ["a", "b", "c", "d", "e", "f", "g", "h"]
            .into_iter()
            .zip(0..)
            .collect();
        assert_eq!(names, expected);
        assert!(position_names(&Rules::Nim).is_empty());
        for (name, variable) in [("b", true), ("start", true), ("7", false), ("xor", false)] {
            assert_eq!(is_variable(name), variable, "{name}");
        }
    }
}
