//! In class and on the shell: what a newcomer types and reads.

use crate::support::Test;

#[test]
fn a_caret_between_numbers_is_xor_with_a_note_naming_the_power() {
    // 10 xor 9 = 3 (1010 xor 1001 = 0011, by hand); the value stands, the note is on stderr.
    let out = Test::new().args(["=", "10^9"]).run().code(0);
    assert_eq!(out.stdout.trim(), "3");
    assert_eq!(
        out.stderr.trim(),
        "note: `^` is XOR here (10 xor 9 = 3); a power is `pow(10, 9)`"
    );
    // Meant as XOR: no note.
    let out = Test::new().args(["=", "10 xor 9"]).run().success();
    assert_eq!(out.stdout.trim(), "3");
    assert_eq!(out.stderr, "");
    // The power, written as one: 10^9 = 1000000000.
    let out = Test::new().args(["=", "pow(10, 9)"]).run().success();
    assert_eq!(out.stdout.trim(), "1000000000");
}

#[test]
fn a_picture_format_nimlab_cannot_write_is_refused_by_its_extension() {
    let out = Test::new()
        .args(["draw", "3", "-o", "x.png"])
        .run()
        .code(2)
        .stderr_has("does not write `.png` pictures")
        .stderr_has("dot -Tpng");
    assert_eq!(out.stdout, "");
    // `--format` names the format whatever the file is called.
    Test::new()
        .args(["draw", "3", "--format", "dot", "-o", "x.txt"])
        .run()
        .success();
}
