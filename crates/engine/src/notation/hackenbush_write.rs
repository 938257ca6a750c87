//! A Green Hackenbush picture written back on the line, in the grammar `hackenbush_syntax`
//! reads: a tree as stalks carrying trees (`2(1,3)`, `0(2,3)` for two stalks on the ground,
//! `0` for bare ground), anything else (a cycle, a loop, a repeated edge) as its edges
//! (`(g-1,1-2,2-g)`). What is written reads back to the same picture, nodes named as the
//! reader names them, so a board can be shown and its edges named from what is shown.

use crate::families::hackenbush::Picture;
use crate::notation::hackenbush_syntax;

/// `picture` in its on-the-line syntax: the tree form if it is a tree, else its edges.
pub fn write(picture: &Picture) -> String {
    match children(picture) {
        Some(above) => tree(&above),
        None => edges(picture),
    }
}

/// `picture` as the reader reads what [`write`] writes: the same picture with its nodes named
/// in the order written (so a tree's are `g`, `1`, `2`, …). Where reading back fails (a node
/// name the edge grammar cannot hold, from a picture file), the picture as it was.
pub fn canonical(picture: &Picture) -> Picture {
    hackenbush_syntax::parse(&write(picture)).unwrap_or_else(|_| picture.clone())
}

/// For a tree (no loop, no repeated edge, no cycle), each node's children going up from the
/// ground, in edge order; `None` for any other picture.
fn children(picture: &Picture) -> Option<Vec<Vec<usize>>> {
    let n = picture.names().len();
    // Every node is joined to the ground, so a tree has one edge fewer than nodes.
    if picture.edges().len() + 1 != n {
        return None;
    }
    let mut adjacent = vec![Vec::new(); n];
    for &(a, b) in picture.edges() {
        if a == b {
            return None;
        }
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let mut above = vec![Vec::new(); n];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut stack = vec![0];
    while let Some(node) = stack.pop() {
        for &next in &adjacent[node] {
            if !seen[next] {
                seen[next] = true;
                above[node].push(next);
                stack.push(next);
            }
        }
    }
    seen.iter().all(|&s| s).then_some(above)
}

/// A tree written from the ground up, with an explicit stack (a stalk of 1024 edges is 1024
/// levels deep).
fn tree(above: &[Vec<usize>]) -> String {
    /// What is left to write: a stalk starting at a node, a closing `)`, or a `,`.
    enum Todo {
        Stalk(usize),
        Close,
        Comma,
    }
    // The stalks `branches`, separated by commas, the first written first.
    let branches = |todo: &mut Vec<Todo>, branches: &[usize]| {
        for (i, &b) in branches.iter().enumerate().rev() {
            todo.push(Todo::Stalk(b));
            if i > 0 {
                todo.push(Todo::Comma);
            }
        }
    };
    let mut out = String::new();
    let mut todo = Vec::new();
    match above[0].as_slice() {
        [] => return "0".to_string(),
        [one] => todo.push(Todo::Stalk(*one)),
        many => {
            out.push_str("0(");
            todo.push(Todo::Close);
            branches(&mut todo, many);
        }
    }
    while let Some(item) = todo.pop() {
        match item {
            Todo::Close => out.push(')'),
            Todo::Comma => out.push(','),
            Todo::Stalk(first) => {
                // The stalk runs up while each node carries exactly one edge.
                let (mut top, mut length) = (first, 1usize);
                while let [only] = above[top].as_slice() {
                    top = *only;
                    length += 1;
                }
                out.push_str(&length.to_string());
                if !above[top].is_empty() {
                    out.push('(');
                    todo.push(Todo::Close);
                    branches(&mut todo, &above[top]);
                }
            }
        }
    }
    out
}

/// Any picture as its edges, the ground written `g`. Names the edge grammar could not read
/// back as they are (a picture file's ground of another name, a node named `g` that is not
/// the ground) are replaced by numbers, every node's at once.
fn edges(picture: &Picture) -> String {
    let names = picture.names();
    let readable = names[0] == "g"
        && names[1..]
            .iter()
            .all(|n| n != "g" && hackenbush_syntax::is_name(n));
    let name = |i: usize| -> String {
        match i {
            0 => "g".to_string(),
            _ if readable => names[i].clone(),
            _ => i.to_string(),
        }
    };
    let list: Vec<String> = picture
        .edges()
        .iter()
        .map(|&(a, b)| format!("{}-{}", name(a), name(b)))
        .collect();
    format!("({})", list.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(word: &str) -> Picture {
        hackenbush_syntax::parse(word).unwrap()
    }

    #[test]
    fn trees_are_written_as_they_are_read() {
        for word in ["0", "5", "2(1,3)", "0(2,3)", "1(1(1,1),2)", "3(0(1,1))"] {
            let written = write(&read(word));
            // `3(0(1,1))` is the stalk 3 carrying two stalks of 1: `3(1,1)`.
            let want = if word == "3(0(1,1))" { "3(1,1)" } else { word };
            assert_eq!(written, want, "{word}");
            assert_eq!(read(&written), read(want), "{word}");
        }
    }

    #[test]
    fn a_cut_tree_is_written_with_what_fell_gone() {
        // 2(1,3): edges g-1, 1-2, 2-3, 2-4, 4-5, 5-6. Cutting 1-2 leaves the stalk g-1.
        let p = read("2(1,3)");
        assert_eq!(write(&p.cut(1)), "1");
        // Cutting 4-5 (edge 4) leaves 2 carrying 1 and 1.
        assert_eq!(write(&p.cut(4)), "2(1,1)");
        // Cutting g-1 leaves bare ground.
        assert_eq!(write(&p.cut(0)), "0");
    }

    #[test]
    fn other_pictures_are_written_as_edges() {
        for word in ["(g-a,a-b,b-g)", "(g-a,a-a)", "(g-a,g-a)"] {
            assert_eq!(write(&read(word)), word);
        }
    }

    #[test]
    fn canonical_names_nodes_as_written() {
        // Cutting g-1 of 0(2,3) leaves nodes g, 3, 4, 5: written `3`, read back as g, 1, 2, 3.
        let p = canonical(&read("0(2,3)").cut(0));
        assert_eq!(p, read("3"));
    }
}
