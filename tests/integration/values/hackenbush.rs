//! Green Hackenbush (`--rules hackenbush`) against an exhaustive game-tree search written
//! here: a position is a set of edges (a bitmask); a move cuts one, then every edge no longer
//! joined to the ground falls; a position's value is the mex of its options' values, memoised
//! on the edge set. Nothing of the colon or fusion principle is used by the search. Sums are
//! searched as one picture: components side by side on the one ground.

use std::collections::HashMap;

use crate::support::{Test, batch, str_of, u64_of};

/// A picture for the search: node 0 the ground, edges as pairs of node numbers.
#[derive(Debug, Clone)]
pub(crate) struct Drawing {
    pub(crate) names: Vec<String>,
    pub(crate) edges: Vec<(usize, usize)>,
}

impl Drawing {
    fn ground() -> Self {
        Self {
            names: vec!["g".into()],
            edges: Vec::new(),
        }
    }

    /// The components side by side on one ground (node numbers shifted, grounds merged).
    pub(crate) fn union(parts: &[Drawing]) -> (Drawing, Vec<usize>) {
        let mut all = Drawing::ground();
        let mut offsets = Vec::new();
        for part in parts {
            let offset = all.names.len() - 1;
            offsets.push(all.edges.len());
            let at = |n: usize| if n == 0 { 0 } else { n + offset };
            all.names.extend(part.names[1..].iter().cloned());
            all.edges
                .extend(part.edges.iter().map(|&(a, b)| (at(a), at(b))));
        }
        (all, offsets)
    }
}

/// The edges of `mask` still joined to the ground.
fn grounded(d: &Drawing, mask: u64) -> u64 {
    let mut seen = vec![false; d.names.len()];
    seen[0] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for (e, &(a, b)) in d.edges.iter().enumerate() {
            if mask >> e & 1 == 1 && seen[a] != seen[b] {
                seen[a] = true;
                seen[b] = true;
                grew = true;
            }
        }
    }
    (0..d.edges.len())
        .filter(|&e| mask >> e & 1 == 1 && seen[d.edges[e].0])
        .fold(0, |m, e| m | 1 << e)
}

/// The value of the edges `mask` of `d` by game-tree search.
fn search(d: &Drawing, mask: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&mask) {
        return v;
    }
    let options: Vec<u64> = (0..d.edges.len())
        .filter(|&e| mask >> e & 1 == 1)
        .map(|e| search(d, grounded(d, mask & !(1 << e)), memo))
        .collect();
    let mex = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert(mask, mex);
    mex
}

/// The value of a whole picture by search.
pub(crate) fn value(d: &Drawing) -> u64 {
    assert!(d.edges.len() <= 24, "too big to search");
    let all = (1u64 << d.edges.len()) - 1;
    search(d, grounded(d, all), &mut HashMap::new())
}

/// A tree as nimlab writes it (`2(1,3)`): a stalk of `length` carrying `above`.
#[derive(Debug, Clone)]
struct Tree {
    length: usize,
    above: Vec<Tree>,
}

impl Tree {
    fn edges(&self) -> usize {
        self.length + self.above.iter().map(Tree::edges).sum::<usize>()
    }

    fn written(&self) -> String {
        if self.above.is_empty() {
            self.length.to_string()
        } else {
            let parts: Vec<String> = self.above.iter().map(Tree::written).collect();
            format!("{}({})", self.length, parts.join(","))
        }
    }

    /// The drawing, nodes numbered `1, 2, …` in the order written (as nimlab names them).
    fn drawing(&self) -> Drawing {
        let mut d = Drawing::ground();
        let mut todo = vec![(self, 0usize)];
        // Written order is depth-first, children left to right: a stack reversed.
        while let Some((tree, attach)) = todo.pop() {
            let mut top = attach;
            for _ in 0..tree.length {
                let node = d.names.len();
                d.names.push(node.to_string());
                d.edges.push((top, node));
                top = node;
            }
            for child in tree.above.iter().rev() {
                todo.push((child, top));
            }
        }
        d
    }
}

/// Every tree of 1..=`max` edges as a stalk (length ≥ 1) carrying up to two trees (in order
/// of the list, so each multiset once or twice — enough to cover every shape).
fn trees(max: usize) -> Vec<Tree> {
    let mut by_size: Vec<Vec<Tree>> = vec![Vec::new(); max + 1];
    for size in 1..=max {
        let mut out = Vec::new();
        for length in 1..=size {
            let rest = size - length;
            if rest == 0 {
                out.push(Tree {
                    length,
                    above: vec![],
                });
                continue;
            }
            for a in 1..=rest {
                let b = rest - a;
                for left in &by_size[a] {
                    if b == 0 {
                        // One tree on a stalk is a longer stalk's shape only when it is a
                        // stalk; keep it anyway, as nimlab reads `1(2)`.
                        out.push(Tree {
                            length,
                            above: vec![left.clone()],
                        });
                    } else if a <= b {
                        for right in &by_size[b] {
                            out.push(Tree {
                                length,
                                above: vec![left.clone(), right.clone()],
                            });
                        }
                    }
                }
            }
        }
        by_size[size] = out;
    }
    by_size.into_iter().flatten().collect()
}

/// `(g-a,a-b)` for a drawing whose nodes are named.
fn written_edges(d: &Drawing) -> String {
    let parts: Vec<String> = d
        .edges
        .iter()
        .map(|&(a, b)| format!("{}-{}", d.names[a], d.names[b]))
        .collect();
    format!("({})", parts.join(","))
}

/// Every multigraph on the ground and `a`, `b`, `c` with 1..=6 edges (loops and repeats
/// included) whose nodes all hang from the ground.
fn graphs() -> Vec<Drawing> {
    let names = ["g", "a", "b", "c"];
    let pairs: Vec<(usize, usize)> = (0..4).flat_map(|a| (a..4).map(move |b| (a, b))).collect();
    let mut out = Vec::new();
    let mut choose: Vec<usize> = vec![0];
    while let Some(&last) = choose.last() {
        if last == pairs.len() {
            choose.pop();
            if let Some(l) = choose.last_mut() {
                *l += 1;
            }
            continue;
        }
        let edges: Vec<(usize, usize)> = choose.iter().map(|&i| pairs[i]).collect();
        let used = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap() + 1;
        let d = Drawing {
            names: names[..used].iter().map(|s| s.to_string()).collect(),
            edges,
        };
        let all = (1u64 << d.edges.len()) - 1;
        let joined = grounded(&d, all) == all
            && (1..used).all(|n| d.edges.iter().any(|&(a, b)| a == n || b == n));
        if joined {
            out.push(d);
        }
        if choose.len() < 6 {
            choose.push(last);
        } else {
            *choose.last_mut().unwrap() += 1;
        }
    }
    out
}

#[test]
fn every_small_tree_is_valued_as_search_finds() {
    let trees = trees(7);
    assert!(trees.len() > 300, "{}", trees.len());
    let lines: Vec<String> = trees
        .iter()
        .map(|t| format!("grundy --format json --rules hackenbush {}", t.written()))
        .collect();
    for (tree, out) in trees.iter().zip(batch(&lines)) {
        let d = tree.drawing();
        assert_eq!(d.edges.len(), tree.edges());
        assert_eq!(
            u64_of(&out["components"][0]["value"]),
            value(&d),
            "{}: {out}",
            tree.written()
        );
    }
}

#[test]
fn grundy_of_several_pictures_is_the_value_of_their_union() {
    // Two small trees side by side are one picture of their union: its value by mex over its
    // cuts, searched here, is what `grundy` gives the sum.
    let trees = trees(4);
    let pairs: Vec<(&Tree, &Tree)> = trees
        .iter()
        .step_by(3)
        .flat_map(|a| trees.iter().step_by(5).map(move |b| (a, b)))
        .collect();
    assert!(pairs.len() > 20, "{}", pairs.len());
    let lines: Vec<String> = pairs
        .iter()
        .map(|(a, b)| {
            format!(
                "grundy --format json --rules hackenbush {} {}",
                a.written(),
                b.written()
            )
        })
        .collect();
    for ((a, b), out) in pairs.iter().zip(batch(&lines)) {
        let (union, _) = Drawing::union(&[a.drawing(), b.drawing()]);
        assert_eq!(
            u64_of(&out["nim_sum"]),
            value(&union),
            "{} {}: {out}",
            a.written(),
            b.written()
        );
    }
    // By hand: stalks of 3 and 5 edges are Nim heaps, 3 ⊕ 5 = 6; the text says it is a value.
    Test::new()
        .args(["grundy", "--rules", "hackenbush", "3", "5"])
        .run()
        .success()
        .stdout_has("the sum's value is 6");
}

#[test]
fn every_small_graph_with_cycles_loops_and_repeats_is_valued_as_search_finds() {
    let graphs = graphs();
    assert!(graphs.len() > 2000, "{}", graphs.len());
    let lines: Vec<String> = graphs
        .iter()
        .map(|d| {
            format!(
                "grundy --format json --rules hackenbush {}",
                written_edges(d)
            )
        })
        .collect();
    for (d, out) in graphs.iter().zip(batch(&lines)) {
        assert_eq!(
            u64_of(&out["components"][0]["value"]),
            value(d),
            "{}: {out}",
            written_edges(d)
        );
    }
}

/// Checks `move` on a sum: who wins by search of the whole sum, and that the cut named is an
/// edge of the component whose cutting leaves a position the search finds lost.
fn check_move(words: &[String], parts: &[Drawing], out: &serde_json::Value) {
    let (all, offsets) = Drawing::union(parts);
    let full = (1u64 << all.edges.len()) - 1;
    let mut memo = HashMap::new();
    let first = search(&all, grounded(&all, full), &mut memo) != 0;
    assert_eq!(str_of(&out["winner"]) == "first", first, "{words:?}: {out}");
    if !first {
        assert!(out["move"].is_null(), "{words:?}: {out}");
        return;
    }
    let component = usize::try_from(u64_of(&out["move"]["component"])).unwrap() - 1;
    let part = &parts[component];
    let (from, to) = (
        str_of(&out["move"]["edge"][0]),
        str_of(&out["move"]["edge"][1]),
    );
    // Parallel edges are interchangeable, so the first edge between these nodes stands for
    // the one cut.
    let edge = part
        .edges
        .iter()
        .position(|&(a, b)| {
            (part.names[a] == from && part.names[b] == to)
                || (part.names[a] == to && part.names[b] == from)
        })
        .unwrap_or_else(|| panic!("{words:?}: no edge {from}-{to}: {out}"));
    let after = grounded(&all, full & !(1 << (offsets[component] + edge)));
    assert_eq!(
        search(&all, after, &mut memo),
        0,
        "{words:?}: cutting {from}-{to} does not win"
    );
    // The value the component is said to be left with, by search of it alone.
    let alone = (1u64 << part.edges.len()) - 1;
    assert_eq!(
        search(
            part,
            grounded(part, alone & !(1 << edge)),
            &mut HashMap::new()
        ),
        u64_of(&out["move"]["leaves"]),
        "{words:?}"
    );
}

#[test]
fn winning_cuts_in_sums_of_trees_and_graphs_win_by_search() {
    let trees = trees(5);
    let graphs = graphs();
    let mut cases: Vec<(Vec<String>, Vec<Drawing>)> = Vec::new();
    for (i, a) in trees.iter().enumerate().step_by(3) {
        let b = &trees[(i * 7 + 3) % trees.len()];
        let c = &graphs[(i * 13) % graphs.len()];
        cases.push((
            vec![a.written(), b.written()],
            vec![a.drawing(), b.drawing()],
        ));
        cases.push((
            vec![a.written(), written_edges(c)],
            vec![a.drawing(), c.clone()],
        ));
    }
    let lines: Vec<String> = cases
        .iter()
        .map(|(w, _)| format!("move --format json --rules hackenbush {}", w.join(" ")))
        .collect();
    for ((words, parts), out) in cases.iter().zip(batch(&lines)) {
        check_move(words, parts, &out);
    }
}

#[test]
fn hand_checked_classics() {
    // A bamboo stalk of n is a Nim heap of n: move names the cut leaving 5 ⊕ 3 = 6 in 7.
    let out = Test::new()
        .args([
            "move",
            "--format",
            "json",
            "--rules",
            "hackenbush",
            "7",
            "5",
            "3",
        ])
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&out["nim_sum"]), 7 ^ 5 ^ 3);
    assert_eq!(u64_of(&out["move"]["component"]), 1);
    assert_eq!(u64_of(&out["move"]["leaves"]), 6);
    // The triangle on the ground fuses to three loops: 1 ⊕ 1 ⊕ 1 = 1, a loop's value.
    Test::new()
        .args(["grundy", "--rules", "hackenbush", "(g-a,a-b,b-g)"])
        .run()
        .success()
        .stdout_has("hackenbush (g-a,a-b,b-g): value 1")
        .stdout_has("fuse {g,a,b}")
        .stdout_has("g({g,a,b}) = 3 loops = 1");
    // The colon principle by hand on 1(1(1,1),2): nodes 3 and 4 carry nothing (0); node 2
    // is (1+0) ⊕ (1+0) = 0; node 5 is 1; node 1 is (1+0) ⊕ (1+1) = 3; the ground 1 + 3 = 4.
    Test::new()
        .args(["grundy", "--rules", "hackenbush", "1(1(1,1),2)"])
        .run()
        .success()
        .stdout_has("value 4")
        .stdout_has("g(2) = (1 + g(3)) ⊕ (1 + g(4)) = (1 + 0) ⊕ (1 + 0) = 1 ⊕ 1 = 0")
        .stdout_has("g(1) = (1 + g(2)) ⊕ (1 + g(5)) = (1 + 0) ⊕ (1 + 1) = 1 ⊕ 2 = 3")
        .stdout_has("g(g) = 1 + g(1) = 1 + 3 = 4");
    // Winning Ways' lollipop: a stalk of 1 with a triangle on top. The triangle fuses to 3
    // loops (worth 1) on the stalk's top, so the ground is worth 1 + 1 = 2.
    Test::new()
        .args(["winner", "--rules", "hackenbush", "(g-a,a-b,b-c,c-a)", "2"])
        .run()
        .success()
        .stdout_has("the second player wins");
    // Two parallel edges on the ground are a cycle of two: two loops, worth 0.
    let out = Test::new()
        .args([
            "nimsum",
            "--format",
            "json",
            "--rules",
            "hackenbush",
            "(g-a,g-a)",
        ])
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&out["nim_sum"]), 0);
    // The largest stalk allowed is valued (iteratively) as itself.
    let out = Test::new()
        .args([
            "grundy",
            "--format",
            "json",
            "--rules",
            "hackenbush",
            "1024",
        ])
        .run()
        .success()
        .json();
    assert_eq!(u64_of(&out["components"][0]["value"]), 1024);
}

#[test]
fn a_picture_from_a_file() {
    let test = Test::new();
    test.write(
        "house.yaml",
        "format: 1\ntitle: A house\nground: floor\nedges:\n  - [floor, l]\n  - [floor, r]\n  - [l, r]\n  - [l, roof]\n  - [r, roof]\n",
    );
    let house = Drawing {
        names: ["floor", "l", "r", "roof"].map(String::from).to_vec(),
        edges: vec![(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)],
    };
    let out = test
        .args([
            "move",
            "--format",
            "json",
            "--rules",
            "hackenbush",
            "--file",
            "house.yaml",
            "3",
        ])
        .run()
        .success()
        .json();
    assert_eq!(str_of(&out["components"][1]["picture"]), "house.yaml");
    assert_eq!(u64_of(&out["components"][1]["value"]), value(&house));
    let three = Tree {
        length: 3,
        above: vec![],
    };
    check_move(
        &["3".into(), "house.yaml".into()],
        &[three.drawing(), house],
        &out,
    );
}

#[test]
fn bad_pictures_are_named_and_refused() {
    for bad in [
        "x",
        "2(",
        "2(1,)",
        "2)",
        "(g-a",
        "(g-a,)",
        "(g-a,b)",
        "(g-é)",
        "(g-a,b-c)",
        "-3",
        "1025",
        "99999999999999999999999",
        "500(500,25)",
    ] {
        Test::new()
            .args(["winner", "--rules", "hackenbush", bad])
            .run()
            .bad_input(bad);
    }
    // Two pictures within the limit each, over it together.
    Test::new()
        .args(["winner", "--rules", "hackenbush", "600", "425"])
        .run()
        .bad_input("600 425");
    let deep = format!("{}1{}", "1(".repeat(5000), ")".repeat(5000));
    Test::new()
        .args(["grundy", "--rules", "hackenbush", &deep])
        .run()
        .code(2)
        .stderr_has("more than 1024 edges");
    let long = "1(".repeat(20_000);
    Test::new()
        .args(["grundy", "--rules", "hackenbush", &long])
        .run()
        .code(2)
        .stderr_has("longer than 20000 characters");
    Test::new()
        .args(["grundy", "--rules", "hackenbush"])
        .run()
        .code(2)
        .stderr_has("no Hackenbush picture given");
    Test::new()
        .args(["winner", "--rules", "hackenbush", "-"])
        .run()
        .bad_input("-");
    // Pictures are not numbered piles: other commands say which take them.
    Test::new()
        .args(["period", "--rules", "hackenbush"])
        .run()
        .bad_input("hackenbush");
    Test::new()
        .args(["derive", "--rules", "hackenbush", "3"])
        .run()
        .bad_input("hackenbush");
}

#[test]
fn hostile_picture_files_get_one_line() {
    let test = Test::new();
    let files = [
        (
            "big.yaml",
            format!(
                "format: 1\nground: g\nedges: [{}]\n",
                "[g, a], ".repeat(200_000)
            ),
        ),
        (
            "deep.yaml",
            format!(
                "format: 1\nground: g\nedges: {}{}\n",
                "[".repeat(50_000),
                "]".repeat(50_000)
            ),
        ),
        (
            "bomb.yaml",
            format!(
                "format: 1\nground: g\nedges: [&a [g, {}], {}]\n",
                "x".repeat(1000),
                vec!["*a"; 3000].join(", ")
            ),
        ),
        (
            "self.yaml",
            "format: 1\nground: g\nedges: &a [[g, x], *a]\n".to_string(),
        ),
        (
            "name.yaml",
            "format: 1\nground: g\nedges: [[g, \"a b\"]]\n".to_string(),
        ),
        (
            "apart.yaml",
            "format: 1\nground: g\nedges: [[g, a], [b, c]]\n".to_string(),
        ),
        (
            "noground.yaml",
            "format: 1\nground: g\nedges: [[a, b]]\n".to_string(),
        ),
        (
            "keys.yaml",
            "format: 1\nground: g\nedge: [[g, a]]\n".to_string(),
        ),
        (
            "many.yaml",
            format!(
                "format: 1\nground: g\nedges: [{}]\n",
                "[g, a], ".repeat(1025)
            ),
        ),
        (
            "utf.yaml",
            "format: 1\nground: g\nedges: [[g, \u{7f}]]\n".to_string(),
        ),
    ];
    for (name, text) in &files {
        test.write(name, text);
    }
    let dir = test.write("sub.yaml", "");
    std::fs::remove_file(&dir).unwrap();
    std::fs::create_dir(&dir).unwrap();
    let place = dir.parent().unwrap().to_path_buf();
    for name in files
        .iter()
        .map(|(n, _)| *n)
        .chain(["sub.yaml", "missing.yaml"])
    {
        Test::new()
            .current_dir(&place)
            .args(["winner", "--rules", "hackenbush", "--file", name])
            .run()
            .bad_input(name);
    }
}

#[test]
fn draw_writes_the_pictures_and_graphviz_lays_them_out() {
    let out = Test::new()
        .args([
            "draw",
            "--rules",
            "hackenbush",
            "2(1,3)",
            "(g-a,a-b,b-g,b-b)",
            "3",
        ])
        .run()
        .success();
    let dot = &out.stdout;
    assert!(dot.starts_with("graph "), "{dot}");
    // 7 nodes (ground included) for 2(1,3), 3 for the triangle, 4 for the stalk of 3.
    let nodes = dot
        .lines()
        .filter(|l| l.trim_start().starts_with('c') && l.contains("[label="))
        .count();
    assert_eq!(nodes, 7 + 3 + 4, "{dot}");
    let edges = dot.lines().filter(|l| l.contains(" -- ")).count();
    assert_eq!(edges, 6 + 4 + 3, "{dot}");
    // Values by search: 2(1,3) is 4, the triangle with a loop 0 (four loops), 3 is 3:
    // nim-sum 7; a winning cut is marked.
    assert_eq!(
        value(
            &Tree {
                length: 2,
                above: vec![
                    Tree {
                        length: 1,
                        above: vec![]
                    },
                    Tree {
                        length: 3,
                        above: vec![]
                    }
                ]
            }
            .drawing()
        ),
        4
    );
    assert!(dot.contains("2(1,3): g = 4"), "{dot}");
    assert!(dot.contains("nim-sum 7"), "{dot}");
    let cuts = dot
        .lines()
        .filter(|l| l.contains(" -- ") && l.contains("style=dashed"))
        .count();
    assert_eq!(cuts, 1, "{dot}");
    // Where Graphviz is installed: SVG through `dot`, rendered with a real SVG renderer, with
    // green ink on white paper.
    if std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_err()
    {
        return;
    }
    let svg = Test::new()
        .args([
            "draw",
            "--rules",
            "hackenbush",
            "--format",
            "svg",
            "2(1,3)",
            "3",
        ])
        .run()
        .success()
        .stdout;
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let green = pixmap
        .pixels()
        .iter()
        .filter(|p| p.green() > 120 && p.red() < 60 && p.blue() < 150)
        .count();
    assert!(green > 200, "only {green} green pixels");
}

#[test]
fn draw_reads_a_picture_file_and_refuses_what_it_cannot_draw() {
    let test = Test::new();
    test.write(
        "loop.yaml",
        "format: 1\nground: g\nedges: [[g, a], [a, a]]\n",
    );
    // A stalk of 1 with a loop on top: 1 + 1 = 2 by fusion; by search, too.
    let drawing = Drawing {
        names: vec!["g".into(), "a".into()],
        edges: vec![(0, 1), (1, 1)],
    };
    assert_eq!(value(&drawing), 2);
    test.args(["draw", "--rules", "hackenbush", "--file", "loop.yaml"])
        .run()
        .success()
        .stdout_has("loop.yaml: g = 2");
    let test = Test::new();
    test.write("loop.yaml", "format: 1\nground: g\nedges: [[g, a]]\n");
    test.args(["draw", "--file", "loop.yaml", "3"])
        .run()
        .bad_input("loop.yaml");
    Test::new()
        .args(["draw", "--plot", "--rules", "hackenbush", "3"])
        .run()
        .bad_input("--plot");
}

/// The working and the winning cut are filled to 80 columns: the rule's line ran to 81, a
/// fusion line to 138, and the winning cut to 87, so a terminal broke them mid-word. Values by
/// hand: a triangle on the ground fuses to 3 loops, worth 1, and the edge b-c above it is a
/// stalk of 1 on the fused node, so 1 ⊕ (1 + 0) = 0; 2(1,3) is 2 + (1 ⊕ 3) = 4, so beside 5
/// and 3 the stalk of 3 must become 4 ⊕ 5 = 1.
#[test]
fn the_working_and_the_cut_fit_80_columns() {
    for (args, needle) in [
        (
            &["grundy", "--rules", "hackenbush", "(g-a,a-b,b-g,b-c)"][..],
            "value 0",
        ),
        (
            &["move", "--rules", "hackenbush", "2(1,3)", "5", "3"][..],
            "leaving it worth 1",
        ),
    ] {
        let out = Test::new().args(args).run().success();
        let text = out.stdout.replace('\n', " ");
        assert!(text.contains(needle), "{}", out.stdout);
        for line in out.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{} columns: {line}",
                line.chars().count()
            );
        }
    }
}

/// `hackenbush(PICTURE)` in expressions gives the value the search finds, for graphs with
/// cycles, loops and repeated edges, so lessons and scripts can check a picture's value; a
/// sum is their XOR, and a picture cannot be an option of a defined game.
#[test]
fn expressions_value_a_picture_as_search_finds() {
    let graphs: Vec<Drawing> = graphs().into_iter().step_by(7).collect();
    let lines: Vec<String> = graphs
        .iter()
        .map(|d| format!("= --format json hackenbush({})", written_edges(d)))
        .collect();
    for (d, out) in graphs.iter().zip(batch(&lines)) {
        assert_eq!(
            u64_of(&out["value"]),
            value(d),
            "{}: {out}",
            written_edges(d)
        );
    }
    // 5 ⊕ (2 + (1 ⊕ 3)) ⊕ 3 = 5 ⊕ 4 ⊕ 3 = 2, by hand.
    Test::new()
        .args(["=", "hackenbush(5) xor hackenbush(2(1,3)) xor 3"])
        .run()
        .success()
        .stdout("2\n");
    Test::new()
        .args(["=", "hackenbush(2(x))"])
        .run()
        .code(2)
        .stderr_has("bad Hackenbush picture `2(x)`");
    Test::new()
        .stdin("game foo(n) = {hackenbush(3) : k in 1..n}\n")
        .run()
        .code(2)
        .stderr_has("a Hackenbush picture");
}

/// The edges a picture drawn as text shows, read back from the drawing alone: a branch `├─x`
/// or `└─x` hangs from the node whose name starts in its column; `a─b` on one line is an edge
/// from a to b; `(─x)` an edge back from the last node named to x; `↺` a loop. The cut `✂`
/// is an edge like `─`. Each edge as its two names, sorted.
fn edges_drawn(lines: &[&str]) -> Vec<(String, String)> {
    let mut edges = Vec::new();
    let mut at_column: HashMap<usize, String> = HashMap::new();
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for line in lines {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        let mut last: Option<String> = None;
        let name_at = |i: usize| -> (String, usize) {
            let mut j = i;
            while j < chars.len() && is_name(chars[j]) {
                j += 1;
            }
            (chars[i..j].iter().collect(), j)
        };
        while i < chars.len() {
            match chars[i] {
                ' ' | '│' => i += 1,
                '├' | '└' => {
                    let parent = at_column
                        .get(&i)
                        .unwrap_or_else(|| panic!("no node above column {i}: {line}"))
                        .clone();
                    assert!(matches!(chars[i + 1], '─' | '✂'), "{line}");
                    let (name, j) = name_at(i + 2);
                    at_column.insert(i + 2, name.clone());
                    edges.push((parent, name.clone()));
                    last = Some(name);
                    i = j;
                }
                '─' | '✂' => {
                    let (name, j) = name_at(i + 1);
                    at_column.insert(i + 1, name.clone());
                    edges.push((last.clone().expect("an edge from a node"), name.clone()));
                    last = Some(name);
                    i = j;
                }
                '(' => {
                    assert!(matches!(chars[i + 1], '─' | '✂'), "{line}");
                    let (name, j) = name_at(i + 2);
                    assert_eq!(chars[j], ')', "{line}");
                    edges.push((last.clone().expect("an edge back from a node"), name));
                    i = j + 1;
                }
                '↺' => {
                    let node = last.clone().expect("a loop at a node");
                    edges.push((node.clone(), node));
                    i += 1;
                }
                c if is_name(c) => {
                    let (name, j) = name_at(i);
                    at_column.insert(i, name.clone());
                    last = Some(name);
                    i = j;
                }
                c => panic!("unexpected {c:?} in {line}"),
            }
        }
    }
    let mut edges: Vec<(String, String)> = edges
        .into_iter()
        .map(|(a, b)| if a <= b { (a, b) } else { (b, a) })
        .collect();
    edges.sort();
    edges
}

/// Every small tree and graph, drawn as text, read back to the edges it was given: each node
/// drawn where it hangs (`3(1,1)`'s arms were once drawn under the ground, not on node 3).
#[test]
fn a_drawn_picture_reads_back_to_its_edges() {
    let mut pictures: Vec<(String, Drawing)> = trees(6)
        .iter()
        .map(|t| (t.written(), t.drawing()))
        .collect();
    pictures.extend(graphs().into_iter().map(|d| (written_edges(&d), d)));
    assert!(pictures.len() > 300, "{}", pictures.len());
    let script: String = pictures
        .iter()
        .map(|(w, _)| format!("draw --rules hackenbush {w} --format text\n"))
        .collect();
    let out = Test::new().stdin(script).run().success();
    let drawn: Vec<&str> = out.stdout.split("Green Hackenbush ").skip(1).collect();
    assert_eq!(drawn.len(), pictures.len());
    for ((written, d), text) in pictures.iter().zip(drawn) {
        // The picture: the lines under its title, each indented two columns.
        let lines: Vec<&str> = text
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with("  "))
            .map(|l| &l[2..])
            .collect();
        let mut expected: Vec<(String, String)> = d
            .edges
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (d.names[a].clone(), d.names[b].clone());
                if a <= b { (a, b) } else { (b, a) }
            })
            .collect();
        expected.sort();
        assert_eq!(
            edges_drawn(&lines),
            expected,
            "{written}:\n{}",
            lines.join("\n")
        );
    }
}
