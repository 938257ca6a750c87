use decide::*;
fn holds(t: &str) -> bool {
    decide(&parse(t).unwrap(), Limits::default(), &|| false).unwrap().holds
}
#[test]
fn smoke() {
    assert!(holds("any x: x = 4"));
    assert!(holds("all x: any y: y = x + 1"));
    assert!(!holds("all x: any y: x = y + y"));
    let cx = counterexample(&parse("all x: any y: x = y + y").unwrap(), Limits::default(), &|| false).unwrap();
    assert_eq!(cx, Some(vec![("x".to_string(), 1)]));
}
