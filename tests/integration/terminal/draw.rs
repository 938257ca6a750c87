//! `draw`: game graphs in DOT and plots in SVG. Each graph's positions, moves and values are
//! compared with an enumeration written here from the rulesets' options (`brute`,
//! `brute_octal`) and valued by plain mex over a sum's options; the DOT is read by a small
//! tokenizer of its own (strings, braces, statements, attributes). The plot is rendered to
//! pixels by a real SVG renderer (resvg) and its text read by an XML parser.

use std::collections::{BTreeMap, BTreeSet};

use crate::oracle::brute::{self, Rules};
use crate::oracle::brute_octal::Octal;
use crate::support::Test;

/// One statement of a DOT graph: a node or an edge with its attributes, or anything else.
#[derive(Debug)]
enum Statement {
    Node {
        id: String,
        attrs: BTreeMap<String, String>,
    },
    Edge {
        from: String,
        to: String,
        attrs: BTreeMap<String, String>,
    },
    Other,
}

/// Reads DOT as Graphviz's lexer does for what nimlab writes: quoted strings with `\"` and
/// `\\`, statements ended by `;` outside strings, one pair of braces around them. Panics on
/// an unclosed string, unbalanced braces, or anything after the closing brace.
fn statements(dot: &str) -> Vec<Statement> {
    let mut depth = 0i32;
    let mut current = String::new();
    let mut raw = Vec::new();
    let mut chars = dot.chars();
    let mut closed = false;
    while let Some(c) = chars.next() {
        assert!(!closed || c.is_whitespace(), "text after the graph: {dot}");
        match c {
            '"' => {
                current.push(c);
                loop {
                    let c = chars.next().expect("a string that closes");
                    current.push(c);
                    match c {
                        '\\' => current.push(chars.next().expect("an escaped character")),
                        '"' => break,
                        '\n' => panic!("a raw newline inside a string: {current}"),
                        _ => {}
                    }
                }
            }
            '{' => {
                depth += 1;
                assert_eq!(depth, 1, "nested braces");
                current.clear();
            }
            '}' => {
                depth -= 1;
                assert_eq!(depth, 0, "unbalanced braces");
                assert!(current.trim().is_empty(), "unterminated: {current}");
                closed = true;
            }
            ';' if depth == 1 => raw.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    assert!(closed, "the graph's brace never closes");
    raw.iter().map(|s| statement(s.trim())).collect()
}

fn statement(text: &str) -> Statement {
    let (head, attrs) = match text.split_once(" [") {
        Some((head, rest)) => (
            head,
            attributes(rest.strip_suffix(']').expect("attributes end with ]")),
        ),
        None => (text, BTreeMap::new()),
    };
    if let Some((from, to)) = head.split_once(" -> ") {
        return Statement::Edge {
            from: from.into(),
            to: to.into(),
            attrs,
        };
    }
    if head.starts_with('n') && head[1..].chars().all(|c| c.is_ascii_digit()) {
        return Statement::Node {
            id: head.into(),
            attrs,
        };
    }
    Statement::Other
}

/// `key=value, key="quoted"` into a map, strings unescaped.
fn attributes(text: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| *c == ' ' || *c == ',') {
            chars.next();
        }
        let key: String = chars.by_ref().take_while(|&c| c != '=').collect();
        if key.is_empty() {
            break;
        }
        let mut value = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => match chars.next().expect("an escape") {
                        'n' => value.push('\n'),
                        other => value.push(other),
                    },
                    '"' => break,
                    c => value.push(c),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                value.push(c);
                chars.next();
            }
        }
        assert!(
            map.insert(key.trim().to_string(), value).is_none(),
            "an attribute twice"
        );
    }
    map
}

/// A position as the test writes it: its heaps' labels, sorted, empty heaps left out.
type Position = Vec<String>;

/// A drawn graph read back: each position's value, whether it is drawn as a P-position, and
/// the moves.
struct Drawn {
    values: BTreeMap<Position, (u64, bool)>,
    moves: BTreeSet<(Position, Position)>,
}

fn read_drawing(dot: &str) -> Drawn {
    let mut names = BTreeMap::new();
    let mut values = BTreeMap::new();
    let mut moves = BTreeSet::new();
    for s in statements(dot) {
        match s {
            Statement::Node { id, attrs } => {
                let label = attrs["label"].replace("&amp;", "&");
                let (heaps, value) = label.rsplit_once("\ng = ").expect("a value line");
                let position = position_of(heaps);
                let boxed = attrs.get("shape").map(String::as_str) == Some("box");
                values.insert(position.clone(), (value.parse().unwrap(), boxed));
                names.insert(id, position);
            }
            Statement::Edge { from, to, .. } => {
                moves.insert((names[&from].clone(), names[&to].clone()));
            }
            Statement::Other => {}
        }
    }
    Drawn { values, moves }
}

fn position_of(heaps: &str) -> Position {
    let mut p: Position = heaps
        .split(" + ")
        .filter(|h| *h != "0")
        .map(str::to_string)
        .collect();
    p.sort();
    p
}

/// Every position reachable from `start` by `moves` (one heap's moves: what each leaves of
/// it), valued by mex over the position's options, and every move between them.
fn enumerate(start: Position, moves: &dyn Fn(&str) -> Vec<Position>) -> Drawn {
    fn options(p: &Position, moves: &dyn Fn(&str) -> Vec<Position>) -> BTreeSet<Position> {
        let mut out = BTreeSet::new();
        for (i, heap) in p.iter().enumerate() {
            for left in moves(heap) {
                let mut next: Position = p[..i].iter().chain(&p[i + 1..]).cloned().collect();
                next.extend(left.into_iter().filter(|h| h != "0"));
                next.sort();
                out.insert(next);
            }
        }
        out
    }
    fn value(
        p: &Position,
        moves: &dyn Fn(&str) -> Vec<Position>,
        memo: &mut BTreeMap<Position, u64>,
    ) -> u64 {
        if let Some(&g) = memo.get(p) {
            return g;
        }
        let seen: Vec<u64> = options(p, moves)
            .iter()
            .map(|o| value(o, moves, memo))
            .collect();
        let g = brute::mex(seen);
        memo.insert(p.clone(), g);
        g
    }
    let mut memo = BTreeMap::new();
    let mut values = BTreeMap::new();
    let mut edges = BTreeSet::new();
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        if values.contains_key(&p) {
            continue;
        }
        let g = value(&p, moves, &mut memo);
        values.insert(p.clone(), (g, g == 0));
        for o in options(&p, moves) {
            edges.insert((p.clone(), o.clone()));
            todo.push(o);
        }
    }
    Drawn {
        values,
        moves: edges,
    }
}

fn heap_rules(rules: Rules) -> impl Fn(&str) -> Vec<Position> {
    move |label: &str| {
        rules
            .options(rules.parse_state(label))
            .into_iter()
            .map(|p| vec![rules.label(p)])
            .collect()
    }
}

fn octal_rules(code: &str) -> impl Fn(&str) -> Vec<Position> {
    let octal = Octal::new(code);
    move |label: &str| {
        octal
            .moves(label.parse().unwrap())
            .into_iter()
            .map(|heaps| heaps.iter().map(u64::to_string).collect())
            .collect()
    }
}

fn assert_draws(args: &[&str], start: &[&str], moves: &dyn Fn(&str) -> Vec<Position>) {
    let out = Test::new().arg("draw").args(args).run().success();
    let drawn = read_drawing(&out.stdout);
    let expected = enumerate(position_of(&start.join(" + ")), moves);
    assert_eq!(
        drawn.values, expected.values,
        "draw {args:?}: positions and values"
    );
    assert_eq!(drawn.moves, expected.moves, "draw {args:?}: moves");
    accepted_by_graphviz(&out.stdout, expected.values.len());
}

/// Where Graphviz is installed, `dot` lays the DOT out and draws every node.
fn accepted_by_graphviz(dot: &str, nodes: usize) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let Ok(mut child) = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    assert_eq!(svg.matches("class=\"node\"").count(), nodes);
}

#[test]
fn zero_move_graph_matches_brute_force() {
    assert_draws(&["3"], &["3T"], &heap_rules(Rules::ZeroMove));
    assert_draws(&["2", "2F"], &["2T", "2F"], &heap_rules(Rules::ZeroMove));
    assert_draws(
        &["--rules", "zero-move", "4F", "1"],
        &["4F", "1T"],
        &heap_rules(Rules::ZeroMove),
    );
}

#[test]
fn subtraction_and_nim_graphs_match_brute_force() {
    assert_draws(
        &["--rules", "subtract:1,3,4", "9"],
        &["9"],
        &heap_rules(Rules::Subtract(vec![1, 3, 4])),
    );
    assert_draws(
        &["--rules", "nim", "3", "2", "2"],
        &["3", "2", "2"],
        &heap_rules(Rules::Nim),
    );
}

#[test]
fn octal_splits_lead_to_sums() {
    for (code, n) in [("0.77", "6"), ("0.07", "8"), ("4.07", "6"), ("0.137", "9")] {
        assert_draws(
            &["--rules", &format!("octal:{code}"), n],
            &[n],
            &octal_rules(code),
        );
    }
}

#[test]
fn p_positions_and_winning_moves_are_marked() {
    // Kayles from 4: 4 → 3, 2, 1+2, 1+1; g(1+1) = 0, so 4 → 1+1 is the winning move.
    let out = Test::new()
        .args(["draw", "--rules", "octal:0.77", "4"])
        .run()
        .success();
    for s in statements(&out.stdout) {
        match s {
            Statement::Node { attrs, .. } => {
                let zero = attrs["label"].ends_with("\ng = 0");
                assert_eq!(attrs.contains_key("shape"), zero, "{attrs:?}");
                assert_eq!(attrs.contains_key("fillcolor"), zero, "{attrs:?}");
            }
            Statement::Edge { from, to, attrs } if from == "n0" => {
                let winning = attrs.contains_key("penwidth");
                let target = statements(&out.stdout)
                    .into_iter()
                    .find_map(|s| match s {
                        Statement::Node { id, attrs } if id == to => Some(attrs["label"].clone()),
                        _ => None,
                    })
                    .unwrap();
                assert_eq!(winning, target == "1 + 1\ng = 0", "{from} -> {to}");
            }
            _ => {}
        }
    }
}

#[test]
fn a_graph_file_is_drawn_whole_with_hostile_names_escaped() {
    // Names are words (no whitespace), but anything else goes: quotes, backslashes (`\N` is
    // Graphviz's escape for a node's name), an attempt to close the string and add an
    // attribute, an entity, an escape sequence, a bidirectional override, a brace.
    let names = [
        "a\"b",
        "back\\slash",
        "\\N",
        "é→ü",
        "x\"];n0[color=red",
        "&lt;",
        "esc\u{1b}[31m",
        "rtl\u{202e}txt",
        "}",
    ];
    let t = Test::new();
    // A chain: each name moves to the next; the last has no moves.
    let mut yaml = String::from("format: 1\npositions:\n");
    for (i, name) in names.iter().enumerate() {
        let quoted = serde_json::to_string(name).unwrap();
        match names.get(i + 1) {
            Some(next) => {
                let next = serde_json::to_string(next).unwrap();
                yaml.push_str(&format!("  {quoted}:\n    - {next}\n"));
            }
            None => yaml.push_str(&format!("  {quoted}: []\n")),
        }
    }
    let file = t.write("hostile.yaml", &yaml);
    let rules = format!("graph:{}", file.display());
    let out = t.args(["draw", "--rules", &rules]).run().success();
    let mut labels = Vec::new();
    for s in statements(&out.stdout) {
        if let Statement::Node { attrs, .. } = s {
            let allowed = ["label", "shape", "peripheries", "style", "fillcolor"];
            assert!(
                attrs.keys().all(|k| allowed.contains(&k.as_str())),
                "an attribute got in: {attrs:?}"
            );
            labels.push(attrs["label"].replace("&amp;", "&"));
        }
    }
    // A chain alternates from its end: the last is 0, the one before 1, and so on.
    let mut expected: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let shown = n
                .replace('\u{1b}', "\\u{1b}")
                .replace('\u{202e}', "\\u{202e}");
            format!("{shown}\ng = {}", (names.len() - 1 - i) % 2)
        })
        .collect();
    expected.sort();
    labels.sort();
    assert_eq!(labels, expected);
    assert!(!out.stdout.contains(['\u{1b}', '\u{202e}']));
    accepted_by_graphviz(&out.stdout, names.len());
}

#[test]
fn too_large_a_graph_is_refused_at_once() {
    // Nim from 40 + 40 has 41·42/2 = 861 positions; a pile of 2^64 − 1 has 2^64.
    for piles in [
        &["--rules", "nim", "40", "40"][..],
        &["18446744073709551615"],
    ] {
        let out = Test::new().arg("draw").args(piles).run().code(2);
        assert!(
            out.stderr.contains("more than 500 positions"),
            "{}",
            out.stderr
        );
        assert!(
            out.stderr.contains("draw a smaller position"),
            "{}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1);
    }
    // 2000 piles of 1 would be 2001 positions: refused too, not walked.
    let ones = vec!["1"; 2000];
    Test::new()
        .args(["draw", "--rules", "nim"])
        .args(ones)
        .run()
        .code(2);
}

#[test]
fn svg_without_graphviz_says_so() {
    let t = Test::new();
    let empty = t.write("nothing-here", "");
    let dir = empty.parent().unwrap().to_path_buf();
    let out = t
        .env("PATH", &dir)
        .args(["draw", "3", "--format", "svg"])
        .run()
        .code(3);
    assert!(
        out.stderr.contains("drawing SVG needs Graphviz's `dot`"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("`--format dot` writes the graph"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn formats_and_bad_input() {
    Test::new()
        .args(["draw", "3", "--format", "json"])
        .run()
        .code(2)
        .stderr_has("`--format json` does not apply to `draw`");
    Test::new()
        .args(["draw", "--plot", "--format", "dot"])
        .run()
        .code(2)
        .stderr_has("a plot is drawn as svg");
    Test::new()
        .args(["grundy", "--format", "svg"])
        .run()
        .code(2)
        .stderr_has("`--format svg` does not apply to `grundy`");
    Test::new()
        .args(["draw", "--rules", "misere", "3"])
        .run()
        .code(2)
        .stderr_has("misère play is not decided by Grundy values");
    Test::new().args(["draw", "3X"]).run().bad_input("3X");
    Test::new()
        .args(["draw", "--plot", "0..6000"])
        .run()
        .code(2)
        .stderr_has("at most 5000 sizes");
    Test::new()
        .args(["draw", "--plot", "9..3"])
        .run()
        .code(2)
        .stderr_has("it ends before it starts");
}

#[test]
fn output_files_are_not_overwritten_without_force() {
    // Outside the test's own directory, which goes with it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("graph.dot");
    std::fs::write(&path, "keep me").unwrap();
    let t = Test::new();
    let out = t.args(["draw", "3", "-o"]).arg(&path).run().code(2);
    assert!(
        out.stderr.contains("exists; add `--force`"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep me");

    std::fs::write(&path, "replace me").unwrap();
    let out = Test::new()
        .args(["draw", "3", "--force", "--output"])
        .arg(&path)
        .run()
        .success();
    assert!(out.stdout.starts_with("wrote "), "{}", out.stdout);
    let written = std::fs::read_to_string(&path).unwrap();
    let piped = Test::new().args(["draw", "3"]).run().success().stdout;
    assert_eq!(written, piped);

    // A directory, or a directory that is not there, is refused before any work.
    let out = Test::new()
        .args(["draw", "3", "--force", "-o"])
        .arg(dir.path())
        .run()
        .code(2);
    assert!(out.stderr.contains("is a directory"), "{}", out.stderr);
    let out = Test::new()
        .args(["draw", "3", "-o"])
        .arg(dir.path().join("no/such/dir.svg"))
        .run()
        .code(2);
    assert!(
        out.stderr.contains("its directory does not exist"),
        "{}",
        out.stderr
    );
}

/// A coordinate on the page as a pixel's: the page is 960 by 460, so it fits.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn page(v: f32) -> u32 {
    v.round().clamp(0.0, 2000.0) as u32
}

/// g(n) of Dawson's Kayles, 0.07, by the brute force.
fn dawson(upto: u64) -> Vec<u64> {
    let mut octal = Octal::new("0.07");
    (0..=upto).map(|n| octal.grundy(n)).collect()
}

#[test]
fn the_plot_renders_with_a_marker_at_each_value_and_the_period_marked() {
    let out = Test::new()
        .args(["draw", "--plot", "--rules", "octal:0.07", "0..200"])
        .run()
        .success();
    let svg = out.stdout;
    let expected = dawson(300);
    // The period claimed below, checked on the brute force: g(n + 34) = g(n) from 53 on (as
    // far as computed), and not from 52.
    assert!((53..=266).all(|n| expected[n] == expected[n + 34]));
    assert_ne!(expected[52], expected[86]);

    // The markers, read as XML: one per n, titled with its value, placed by it.
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
    let mut markers = BTreeMap::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("circle")) {
        let Some(title) = node.children().find(|c| c.has_tag_name("title")) else {
            continue;
        };
        let text = title.text().unwrap();
        let (n, g) = text
            .strip_prefix("g(")
            .and_then(|t| t.split_once(") = "))
            .unwrap();
        let (n, g): (usize, u64) = (n.parse().unwrap(), g.parse().unwrap());
        assert_eq!(g, expected[n], "g({n})");
        let at = |a: &str| node.attribute(a).unwrap().parse::<f32>().unwrap();
        markers.insert(n, (at("cx"), at("cy")));
    }
    assert_eq!(markers.len(), 201);
    let xs: Vec<f32> = markers.values().map(|p| p.0).collect();
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "n grows to the right");
    for (&a, pa) in &markers {
        for (&b, pb) in &markers {
            // Higher values are higher on the page; equal values level.
            assert_eq!(
                expected[a].cmp(&expected[b]),
                pb.1.partial_cmp(&pa.1).unwrap(),
                "g({a}) against g({b})"
            );
        }
    }
    let texts: String = doc
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(texts.contains("Period 34 from n = 53"), "{texts}");
    for tick in ["0", "100", "200"] {
        assert!(texts.lines().any(|l| l == tick), "x tick {tick}");
    }

    // Rendered: white paper, a blue marker at each value, a dark dashed line where the
    // period starts (between n = 52 and n = 53).
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let pixel = |x: f32, y: f32| {
        let p = pixmap.pixel(page(x), page(y)).unwrap();
        (p.red(), p.green(), p.blue())
    };
    assert_eq!(
        pixel(2.0, 2.0),
        (255, 255, 255),
        "the corner is white paper"
    );
    for n in [0, 7, 53, 100, 199] {
        let (x, y) = markers[&n];
        let (r, g, b) = pixel(x, y);
        assert!(
            b > 150 && r < 60 && g < 150,
            "g({n}): pixel ({r}, {g}, {b}) is not blue"
        );
    }
    let line_x = (markers[&52].0 + markers[&53].0) / 2.0;
    let (_, top) = markers[&0];
    let dark = (0..100).any(|dy| {
        (-1..=1).any(|dx| {
            let (r, g, b) = pixel(line_x + dx as f32, top - 100.0 + dy as f32);
            r < 100 && g < 100 && b < 100
        })
    });
    assert!(dark, "no dark line where the period starts");
    let ink = pixmap
        .pixels()
        .iter()
        .filter(|p| p.red() < 200 || p.blue() < 200)
        .count();
    assert!(
        ink > 2000,
        "the picture is nearly blank ({ink} pixels of ink)"
    );
}

#[test]
fn a_zero_move_plot_shows_both_states_and_no_period() {
    let out = Test::new()
        .args(["draw", "--plot", "0..12"])
        .run()
        .success();
    let doc = roxmltree::Document::parse(&out.stdout).unwrap();
    let titles: BTreeSet<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    // g(nT) = n + 1 for odd n, n − 1 for even n ≥ 2; g(nF) = n; by mex over the options.
    let mut g = brute::Grundy::new(Rules::ZeroMove);
    for n in 1..=12u64 {
        let t = g.value(brute::Pile::new(n, true));
        let f = g.value(brute::Pile::new(n, false));
        assert!(titles.contains(&format!("g({n}T) = {t}")), "{n}T");
        assert!(titles.contains(&format!("g({n}F) = {f}")), "{n}F");
    }
    assert!(out.stdout.contains("No period: the values grow with n."));
}

/// What one move of a library game leaves of one heap (a number, or a tuple `(a,b)`), written
/// here from the game's rules as `nimlab rules NAME` states them; nothing of nimlab's
/// definitions is used. A coin-turning game's heap is a heads coin; what a move leaves is the
/// coins it turns heads.
fn library_moves(game: &str, heap: &str) -> Vec<Position> {
    let one = |n: u64| vec![n.to_string()];
    let tuple = |t: &[u64]| {
        let parts: Vec<String> = t.iter().map(u64::to_string).collect();
        vec![format!("({})", parts.join(","))]
    };
    if let Some(inner) = heap.strip_prefix('(') {
        let t: Vec<u64> = inner
            .trim_end_matches(')')
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        let mut out = Vec::new();
        match game {
            "wythoff" => {
                let (a, b) = (t[0], t[1]);
                out.extend((1..=a).map(|k| tuple(&[a - k, b])));
                out.extend((1..=b).map(|k| tuple(&[a, b - k])));
                out.extend((1..=a.min(b)).map(|k| tuple(&[a - k, b - k])));
            }
            "fibonacci-nim" => {
                let (n, m) = (t[0], t[1]);
                out.extend((1..=n.min(m)).map(|k| tuple(&[n - k, (2 * k).min(n - k)])));
            }
            "northcott" => {
                let (w, b) = (t[0], t[1]);
                let between = if w < b { w + 1..b } else { b + 1..w };
                out.extend(between.clone().map(|x| tuple(&[x, b])));
                out.extend(between.map(|x| tuple(&[w, x])));
            }
            "chomp" => {
                // Rows of lengths a ≥ b ≥ c; a bite at row i, column j cuts rows i.. to j.
                let (a, b, c) = (t[0], t[1], t[2]);
                out.extend((1..a).map(|j| tuple(&[j, b.min(j), c.min(j)])));
                out.extend((0..b).map(|j| tuple(&[a, j, c.min(j)])));
                out.extend((0..c).map(|j| tuple(&[a, b, j])));
            }
            "staircase" => {
                for i in 0..t.len() {
                    for k in 1..=t[i] {
                        let mut next = t.clone();
                        next[i] -= k;
                        if i > 0 {
                            next[i - 1] += k;
                        }
                        out.push(tuple(&next));
                    }
                }
            }
            "welter" => {
                // A coin to an empty square below it; a state is written from its lowest coin.
                for &coin in &t {
                    for below in (0..coin).filter(|b| !t.contains(b)) {
                        let mut next: Vec<u64> = t
                            .iter()
                            .map(|&c| if c == coin { below } else { c })
                            .collect();
                        next.sort_unstable();
                        out.push(tuple(&next));
                    }
                }
            }
            _ => panic!("no tuple game {game}"),
        }
        return out;
    }
    let n: u64 = heap.parse().unwrap();
    let pairs = |lo: u64, hi: u64| (lo..=hi).map(move |a| vec![a.to_string(), (n - a).to_string()]);
    match game {
        "lasker" => (0..n).map(one).chain(pairs(1, n / 2)).collect(),
        "grundy-game" => pairs(1, n.saturating_sub(1) / 2).collect(),
        "subtract:squares" => (1..)
            .take_while(|k| k * k <= n)
            .map(|k| one(n - k * k))
            .collect(),
        "subtract:powers2" => (0..64)
            .map(|j| 1u64 << j)
            .take_while(|&p| p <= n)
            .map(|p| one(n - p))
            .collect(),
        "at-least-half" => (1..=n).filter(|k| 2 * k >= n).map(|k| one(n - k)).collect(),
        "turning-turtles" => (0..n).map(one).collect(),
        "mock-turtles" => {
            let mut out = vec![Vec::new()];
            out.extend((1..n).map(one));
            for a in 1..n {
                out.extend((a + 1..n).map(|b| vec![a.to_string(), b.to_string()]));
            }
            out
        }
        "ruler" => (1..=n)
            .map(|k| (k..n).map(|c| c.to_string()).collect())
            .collect(),
        _ => panic!("no game {game}"),
    }
}

/// A position as a library game's own: a coin-turning game's is a row of coins, a set of
/// heads, so two heads on one coin are a tails coin (they cancel); any other's is a sum.
fn library_position(game: &str, mut p: Position) -> Position {
    p.retain(|h| h != "0");
    p.sort();
    if ["turning-turtles", "mock-turtles", "ruler"].contains(&game) {
        let mut row: Position = Vec::new();
        for h in p {
            if row.last() == Some(&h) {
                row.pop();
            } else {
                row.push(h);
            }
        }
        return row;
    }
    p
}

/// Every position reachable from `start` in a library game, valued by mex over its options
/// (moves of one heap, the position taken as the game's own), and every move.
fn enumerate_library(game: &str, start: Position) -> Drawn {
    let options = |p: &Position| -> BTreeSet<Position> {
        let mut out = BTreeSet::new();
        for (i, heap) in p.iter().enumerate() {
            for left in library_moves(game, heap) {
                let mut next: Position = p[..i].iter().chain(&p[i + 1..]).cloned().collect();
                next.extend(left);
                out.insert(library_position(game, next));
            }
        }
        out
    };
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    let mut todo = vec![library_position(game, start)];
    let mut moves = BTreeSet::new();
    while let Some(p) = todo.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        order.push(p.clone());
        for o in options(&p) {
            moves.insert((p.clone(), o.clone()));
            todo.push(o);
        }
    }
    // Every move ends play sooner, so valuing in reverse order of discovery may meet an option
    // not yet valued: repeat until every value is known.
    let mut values: BTreeMap<Position, (u64, bool)> = BTreeMap::new();
    while values.len() < order.len() {
        for p in &order {
            if values.contains_key(p) {
                continue;
            }
            let opts: Option<Vec<u64>> = options(p)
                .iter()
                .map(|o| values.get(o).map(|v| v.0))
                .collect();
            if let Some(opts) = opts {
                let g = brute::mex(opts);
                values.insert(p.clone(), (g, g == 0));
            }
        }
    }
    Drawn { values, moves }
}

/// The library's games, as `nimlab rules` lists them (each described as a game of the
/// bundled library is: defined in the game language), with small starts to draw.
const LIBRARY_STARTS: &[(&str, &[&str])] = &[
    ("lasker", &["3", "5", "3 2"]),
    ("grundy-game", &["7", "12"]),
    ("subtract:squares", &["10"]),
    ("subtract:powers2", &["9"]),
    ("wythoff", &["(2,1)", "(3,2)", "(1,1) (2,0)"]),
    ("mock-turtles", &["4", "5 2"]),
    ("at-least-half", &["9"]),
    ("fibonacci-nim", &["(6,5)", "(8,7)"]),
    ("turning-turtles", &["4", "3 2"]),
    ("northcott", &["(1,4)", "(1,3) (5,2)"]),
    ("ruler", &["6", "5 3"]),
    ("chomp", &["(2,2,1)", "(3,1,0)"]),
    ("staircase", &["(2,1)", "(1,0,2)"]),
    ("welter", &["(1,3)", "(0,2,4)"]),
];

#[test]
fn every_library_game_is_in_the_table_below() {
    // `rules NAME` of a library game shows its definition: every such name is drawn here.
    let listing = Test::new().arg("rules").run().success().stdout;
    let names: Vec<&str> = listing
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        // A family written with an argument (`octal:CODE`) is not one game.
        .filter(|n| !n.contains(|c: char| c.is_ascii_uppercase()))
        .collect();
    let mut defined = 0;
    for name in names {
        // (Hackenbush and Moore's games are no definitions: `rules` refuses to set them.)
        let shown = Test::new().args(["rules", name]).run().stdout;
        if shown.contains("defined by") {
            defined += 1;
            assert!(
                LIBRARY_STARTS.iter().any(|(g, _)| *g == name),
                "library game {name} is not drawn by the test"
            );
        }
    }
    assert_eq!(defined, LIBRARY_STARTS.len());
}

#[test]
fn draw_of_every_library_game_in_a_fresh_session_agrees_with_grundy_and_mex() {
    for (game, starts) in LIBRARY_STARTS {
        for start in *starts {
            // A fresh process is a fresh session: nothing of the game has been valued.
            let out = Test::new()
                .args(["draw", "--rules", game])
                .args(start.split(' '))
                .run()
                .success();
            let drawn = read_drawing(&out.stdout);
            let heaps: Vec<String> = start.split(' ').map(str::to_string).collect();
            let expected = enumerate_library(game, heaps);
            assert_eq!(drawn.values, expected.values, "draw {game} {start}: values");
            assert_eq!(drawn.moves, expected.moves, "draw {game} {start}: moves");
            // Node by node, the value is the one `grundy` gives (the XOR of its heaps').
            let heaps: BTreeSet<&String> = drawn.values.keys().flatten().collect();
            let heaps: Vec<&String> = heaps.into_iter().collect();
            let lines: Vec<String> = heaps
                .iter()
                .map(|h| format!("grundy --format json --rules {game} {h}"))
                .collect();
            let by_grundy: BTreeMap<&String, u64> = heaps
                .iter()
                .zip(crate::support::batch(&lines))
                .map(|(h, doc)| (*h, crate::support::u64_of(&doc["rows"][0]["grundy"])))
                .collect();
            for (position, (g, _)) in &drawn.values {
                let xor = position.iter().fold(0, |acc, h| acc ^ by_grundy[h]);
                assert_eq!(*g, xor, "draw {game} {start}: {position:?} against grundy");
            }
        }
    }
}

#[test]
fn a_defined_game_too_large_to_draw_is_refused_not_shown_unvalued() {
    for (game, n) in [("grundy-game", "1000"), ("lasker", "300")] {
        Test::new()
            .args(["draw", "--rules", game, n])
            .run()
            .code(2)
            .stderr_has("more than 500 positions");
    }
    // By hand: Lasker's 3 → 2, 1, 0, 1+2 with values 2, 1, 0, 3, so g(3) = 4, no P-position.
    let out = Test::new()
        .args(["draw", "--rules", "lasker", "3"])
        .run()
        .success();
    assert!(
        out.stdout.contains("n0 [label=\"3\\ng = 4\""),
        "{}",
        out.stdout
    );
}

#[test]
fn tuple_states_are_read_as_every_command_reads_them() {
    // Wythoff's (2,1) is a P-position (by hand: its options (1,1), (0,1), (2,0), (1,0) each
    // move to (0,0)); commas between piles still separate piles.
    let out = Test::new()
        .args(["draw", "--rules", "wythoff", "(2,1)"])
        .run()
        .success();
    assert!(
        out.stdout.contains("n0 [label=\"(2,1)\\ng = 0\""),
        "{}",
        out.stdout
    );
    let split = Test::new()
        .args(["draw", "--rules", "wythoff", "(2,1),(1,1)"])
        .run()
        .success();
    let together = Test::new()
        .args(["draw", "--rules", "wythoff", "(2,1)", "(1,1)"])
        .run()
        .success();
    assert_eq!(split.stdout, together.stdout);
    // Staircase Nim's steps as words are one staircase, as `winner 2 1` reads them.
    let words = Test::new()
        .args(["draw", "--rules", "staircase", "2", "1"])
        .run()
        .success();
    let tuple = Test::new()
        .args(["draw", "--rules", "staircase", "(2,1)"])
        .run()
        .success();
    assert_eq!(words.stdout, tuple.stdout);
}

#[test]
fn a_sum_of_different_games_is_refused_with_the_way_to_draw_a_component() {
    // `draw` walks one ruleset's positions; a sum written out is named in one line that says
    // how to draw a component and which commands take the whole sum.
    for words in [&["lasker(3) + 2"][..], &["wythoff(2,1)", "+", "nim(3)"]] {
        let out = Test::new().arg("draw").args(words).run().code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr.contains(&format!("`{}`", words.join(" "))),
            "{}",
            out.stderr
        );
        assert!(
            out.stderr.contains("draw --rules lasker 7"),
            "{}",
            out.stderr
        );
    }
    // A tuple state of one game is not a sum: it is drawn.
    Test::new()
        .args(["draw", "--rules", "wythoff", "(2,1)"])
        .run()
        .success()
        .stdout_has("wythoff from (2,1)");
}

#[test]
fn a_plot_of_a_game_of_tuples_is_refused_naming_the_game() {
    // A plot is of g(n) over sizes; a game of tuples has none (it said `100` is not a pile).
    for game in ["northcott", "wythoff", "staircase"] {
        let out = Test::new()
            .args(["draw", "--plot", "--rules", game])
            .run()
            .code(2);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr
                .contains(&format!("the states of `{game}` are tuples")),
            "{}",
            out.stderr
        );
        assert!(!out.stderr.contains("`100`"), "{}", out.stderr);
    }
}

/// `draw -o FIFO` with no one reading: it used to wait for ever for a reader (and Ctrl-C did
/// not give the prompt back). Now one line, exit 3, nothing written; in a script the next line
/// runs.
#[cfg(unix)]
#[test]
fn a_fifo_no_one_reads_is_refused_not_waited_on() {
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    let out = Test::new()
        .args(["draw", "3", "-o", fifo])
        .timeout(Duration::from_secs(20))
        .run()
        .code(3);
    assert_eq!(
        out.stderr,
        format!(
            "error: no one is reading the FIFO `{fifo}`: nothing was written; start its reader \
             first (`cat {fifo} &`), then draw again\n"
        )
    );
    Test::new()
        .stdin(format!("draw 3 -o {fifo}\n= 1 + 1\n"))
        .timeout(Duration::from_secs(20))
        .run()
        .code(2)
        .stdout("2\n")
        .stderr_has("line 1: no one is reading the FIFO");
}

/// A picture that cannot be written is named by the file asked for, not by the temporary file
/// it was being written to (`/sys` takes no new files, root or not).
#[cfg(target_os = "linux")]
#[test]
fn a_picture_not_written_names_its_target_not_a_temporary_file() {
    let out = Test::new()
        .args(["draw", "3", "-o", "/sys/nimlab-test.dot"])
        .run()
        .code(3);
    assert!(
        out.stderr
            .starts_with("error: cannot write `/sys/nimlab-test.dot`: ")
            && !out.stderr.contains(".tmp")
            && out.stderr.lines().count() == 1,
        "{}",
        out.stderr
    );
}
