//! The lesson runner: a pure state machine over a lesson's steps. It decides what happens on
//! `next`, `back`, `goto`, `hint`, `skip` and an answer, and reports events; executing commands,
//! rendering and saving belong to its caller.

use std::collections::{BTreeMap, BTreeSet};

use super::JudgeError;
use super::answer::{read_answer, same_value};
use super::answer_form::{Form, is_pn, read_for, state_size};
use super::mistake::{Shown, Why};
use super::model::{Lesson, Question, Step, StepKind};
use super::progress::{LessonProgress, StepStatus};
use crate::expr::Value;

/// What evaluates a lesson's expressions (answers, claims, `{{ }}`), so the runner stays pure:
/// the expression language for a learner, the same with notes taken for `lesson check`.
pub trait LessonEvaluator {
    fn eval(&mut self, source: &str) -> Result<Value, JudgeError>;
}

/// What happened, for the caller to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Show the step at this index.
    Show(usize),
    /// `next` on a question not yet answered.
    AnswerFirst,
    /// The `number`-th hint of `of`.
    Hint {
        number: usize,
        of: usize,
        text: String,
    },
    NoMoreHints,
    /// `hint` at a question written without hints.
    NoHints,
    /// Hints and answers are for questions.
    NotAQuestion,
    Correct,
    /// Presenter mode: a right answer typed from the room, judged and not recorded.
    CorrectPresenting,
    /// A wrong answer, with why: the author's feedback for this mistake if there is one, else
    /// what kind of mistake a set makes.
    Wrong {
        feedback: Why,
        hints_left: usize,
    },
    /// The input is not a value (not a number, player, set…); the question wants `wanted`.
    Unreadable {
        input: String,
        wanted: Form,
    },
    /// The input is a value of another form than the question wants (a number for a set,
    /// a state such as `7T` where a value is asked): told the form, not marked wrong.
    WrongForm {
        wanted: Form,
        /// The size of a pile state typed where a number is wanted.
        state: Option<i128>,
    },
    /// The choice number is out of range.
    NoSuchChoice {
        count: usize,
    },
    /// The solution, on `skip` (and which step was skipped) or `reveal`: the author's, or the
    /// answer's value; or why the answer has none.
    Solution(Shown),
    /// The answer's expression failed: the lesson is broken (lesson check catches this).
    Broken(JudgeError),
    AtStart,
    /// The last step is done.
    Finished,
    /// `goto` to an id or number the lesson does not have: the nearest id, and every id.
    NoSuchStep {
        id: String,
        nearest: Option<String>,
        ids: Vec<String>,
    },
}

/// How a lesson went, for the end of it: its questions, those answered right at the first
/// try with no hint, the hints used, and the questions to revisit (in the lesson's order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub questions: usize,
    pub first_time: usize,
    pub hints: u32,
    /// Questions skipped, answered after a wrong try or a hint, or never answered.
    pub revisit: Vec<String>,
}

/// What [`Runner::count`] counts.
#[derive(Debug, Clone, Copy)]
enum Count {
    Attempt,
    Hint,
}

/// A lesson in progress.
#[derive(Debug, Clone)]
pub struct Runner {
    lesson: Lesson,
    index: usize,
    hints_shown: usize,
    /// Presenter mode: no grading, answers revealed on demand.
    pub present: bool,
    statuses: BTreeMap<String, StepStatus>,
    /// When each step was last worked on, as saved and as [`Runner::stamp`] set since.
    times: BTreeMap<String, u64>,
    /// Steps worked on since the last [`Runner::stamp`]: the runner reads no clock.
    touched: BTreeSet<String>,
    /// Answers judged and hints shown at each question, as saved and counted since.
    attempts: BTreeMap<String, u32>,
    hints: BTreeMap<String, u32>,
    finished: bool,
}

impl Runner {
    /// Starts the lesson, or resumes it at the saved step (the first if that id is gone).
    pub fn new(lesson: Lesson, saved: Option<&LessonProgress>, present: bool) -> Self {
        // A finished lesson taken up again starts over; its statuses are kept.
        let index = saved
            .filter(|p| !p.finished)
            .and_then(|p| p.current.as_deref())
            .and_then(|id| lesson.position(id))
            .unwrap_or(0);
        Self {
            statuses: saved.map(|p| p.steps.clone()).unwrap_or_default(),
            times: saved.map(|p| p.times.clone()).unwrap_or_default(),
            touched: BTreeSet::new(),
            attempts: saved.map(|p| p.attempts.clone()).unwrap_or_default(),
            hints: saved.map(|p| p.hints.clone()).unwrap_or_default(),
            finished: saved.is_some_and(|p| p.finished),
            lesson,
            index,
            hints_shown: 0,
            present,
        }
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    pub fn index(&self) -> usize {
        self.index
    }

    pub fn step(&self) -> &Step {
        &self.lesson.steps[self.index]
    }

    pub fn hints_shown(&self) -> usize {
        self.hints_shown
    }

    pub fn status(&self, id: &str) -> Option<StepStatus> {
        self.statuses.get(id).copied()
    }

    /// The progress to save.
    pub fn progress(&self) -> LessonProgress {
        LessonProgress {
            version: self.lesson.version,
            current: Some(self.step().id.clone()),
            steps: self.statuses.clone(),
            finished: self.finished,
            times: self.times.clone(),
            attempts: self.attempts.clone(),
            hints: self.hints.clone(),
        }
    }

    /// Dates the steps worked on since the last stamp `now` (seconds since the Unix epoch), as
    /// the caller reads the clock before saving.
    pub fn stamp(&mut self, now: u64) {
        for id in std::mem::take(&mut self.touched) {
            self.times.insert(id, now);
        }
    }

    /// How the lesson went, over every session of it.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary {
            questions: 0,
            first_time: 0,
            hints: 0,
            revisit: Vec::new(),
        };
        for step in &self.lesson.steps {
            if !matches!(step.kind, StepKind::Ask(_)) {
                continue;
            }
            let (attempts, hints) = self.counts(&step.id);
            summary.questions += 1;
            summary.hints = summary.hints.saturating_add(hints);
            let right = self.status(&step.id) == Some(StepStatus::Correct);
            if right && attempts == 1 && hints == 0 {
                summary.first_time += 1;
            } else {
                summary.revisit.push(step.id.clone());
            }
        }
        summary
    }

    /// Answers judged at step `id` (right or wrong) in every session, and hints shown there.
    pub fn counts(&self, id: &str) -> (u32, u32) {
        (
            self.attempts.get(id).copied().unwrap_or(0),
            self.hints.get(id).copied().unwrap_or(0),
        )
    }

    /// Counts one more of `what` at the current step (never when presenting: the room's
    /// answers are nobody's record).
    fn count(&mut self, what: Count) {
        if self.present {
            return;
        }
        let id = self.step().id.clone();
        let counts = match what {
            Count::Attempt => &mut self.attempts,
            Count::Hint => &mut self.hints,
        };
        let n = counts.entry(id.clone()).or_insert(0);
        *n = n.saturating_add(1);
        self.touched.insert(id);
    }

    /// Records that the current step was worked on, with `status` unless it has a better one.
    fn mark(&mut self, status: StepStatus) {
        let id = self.step().id.clone();
        self.statuses
            .entry(id.clone())
            .and_modify(|old| *old = old.best(status))
            .or_insert(status);
        self.touched.insert(id);
    }

    /// Marks the current step seen (unless it is a question) and returns it to show.
    pub fn show(&mut self) -> Event {
        if !matches!(self.step().kind, StepKind::Ask(_)) {
            self.mark(StepStatus::Seen);
        }
        Event::Show(self.index)
    }

    fn question(&self) -> Option<&Question> {
        match &self.step().kind {
            StepKind::Ask(q) => Some(q),
            _ => None,
        }
    }

    fn answered(&self) -> bool {
        self.status(&self.step().id).is_some()
    }

    /// Whether the step asks a question not yet answered (or skipped).
    pub fn awaits_answer(&self) -> bool {
        self.question().is_some() && !self.answered() && !self.present
    }

    /// Moves on; a question must be answered (or skipped) first, except when presenting.
    pub fn forward(&mut self) -> Vec<Event> {
        if self.question().is_some() && !self.answered() && !self.present {
            return vec![Event::AnswerFirst];
        }
        self.advance()
    }

    fn advance(&mut self) -> Vec<Event> {
        if self.index + 1 >= self.lesson.steps.len() {
            self.finished = true;
            return vec![Event::Finished];
        }
        self.index += 1;
        self.hints_shown = 0;
        vec![self.show()]
    }

    pub fn back(&mut self) -> Vec<Event> {
        if self.index == 0 {
            return vec![Event::AtStart];
        }
        self.index -= 1;
        self.hints_shown = 0;
        vec![self.show()]
    }

    /// Goes to a step by its id, or by its number as the prompt shows it (from 1).
    pub fn goto(&mut self, target: &str) -> Vec<Event> {
        let target = target.trim();
        let by_number = target
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=self.lesson.steps.len()).contains(n))
            .map(|n| n - 1);
        match by_number.or_else(|| self.lesson.position(target)) {
            Some(i) => {
                self.index = i;
                self.hints_shown = 0;
                vec![self.show()]
            }
            None => {
                let ids: Vec<String> = self.lesson.steps.iter().map(|s| s.id.clone()).collect();
                let nearest = crate::suggestion::nearest(target, ids.iter().map(String::as_str))
                    .map(str::to_string);
                vec![Event::NoSuchStep {
                    id: target.to_string(),
                    nearest,
                    ids,
                }]
            }
        }
    }

    /// Reveals the next hint of the current question.
    pub fn hint(&mut self) -> Vec<Event> {
        let Some(q) = self.question() else {
            return vec![Event::NotAQuestion];
        };
        let of = q.hints.len();
        if of == 0 {
            return vec![Event::NoHints];
        }
        match q.hints.get(self.hints_shown).cloned() {
            Some(text) => {
                self.hints_shown += 1;
                self.count(Count::Hint);
                vec![Event::Hint {
                    number: self.hints_shown,
                    of,
                    text,
                }]
            }
            None => vec![Event::NoMoreHints],
        }
    }

    /// Gives up on the question: shows its solution and moves on.
    pub fn skip(&mut self, evaluator: &mut dyn LessonEvaluator) -> Vec<Event> {
        let Some(q) = self.question() else {
            return self.advance();
        };
        let solution = solution_text(q, evaluator);
        self.mark(StepStatus::Skipped);
        let mut events = vec![Event::Solution(Shown {
            solution,
            skipped: Some(self.step().id.clone()),
        })];
        events.extend(self.advance());
        events
    }

    /// Presenter mode: shows the answer without moving.
    pub fn reveal(&mut self, evaluator: &mut dyn LessonEvaluator) -> Vec<Event> {
        match self.question() {
            Some(q) => vec![Event::Solution(Shown {
                solution: solution_text(q, evaluator),
                skipped: None,
            })],
            None => vec![Event::NotAQuestion],
        }
    }

    /// Grades an answer typed at the current question; a right one moves on.
    pub fn answer(&mut self, input: &str, evaluator: &mut dyn LessonEvaluator) -> Vec<Event> {
        let Some(q) = self.question().cloned() else {
            return vec![Event::NotAQuestion];
        };
        let expected = match evaluator.eval(&q.answer) {
            Ok(v) => v,
            Err(e) => {
                return vec![Event::Broken(JudgeError::Answer {
                    answer: q.answer.clone(),
                    error: Box::new(e),
                })];
            }
        };
        let wanted = Form::of(&expected);
        // `P`/`N` at a question about who wins, before a choice letter is looked for.
        let pn = matches!(input.trim(), "P" | "p" | "N" | "n")
            .then(|| read_for(input, &expected, &q.answer))
            .flatten()
            .filter(|v| Form::of(v) == wanted);
        let choice = match pn {
            Some(v) => Choice::Value(v),
            None => choose(&q, input),
        };
        let given = match choice {
            Choice::Value(v) => Given::Value(v),
            Choice::Picked(text) => read_answer(&text).map_or(Given::Text(text), Given::Value),
            Choice::OutOfRange => {
                return vec![Event::NoSuchChoice {
                    count: q.choices.len(),
                }];
            }
            Choice::Typed => match read_for(input, &expected, &q.answer) {
                Some(v) => Given::Value(v),
                None if is_pn(input) => {
                    return vec![Event::WrongForm {
                        wanted,
                        state: None,
                    }];
                }
                None => {
                    return vec![Event::Unreadable {
                        input: input.trim().to_string(),
                        wanted,
                    }];
                }
            },
        };
        let right = match &given {
            Given::Value(v) => same_value(&expected, v),
            Given::Text(t) => t.trim().eq_ignore_ascii_case(&expected.to_string()),
        };
        if right && self.present {
            return vec![Event::CorrectPresenting];
        }
        self.count(Count::Attempt);
        if right {
            self.mark(StepStatus::Correct);
            let mut events = vec![Event::Correct];
            events.extend(self.advance());
            return events;
        }
        let feedback = q
            .wrong_examples
            .iter()
            .find(
                |w| match (&given, read_for(&w.answer, &expected, &q.answer)) {
                    (Given::Value(v), Some(w)) => same_value(&w, v),
                    (Given::Text(t), _) => t.trim().eq_ignore_ascii_case(w.answer.trim()),
                    _ => false,
                },
            )
            .and_then(|w| w.feedback.clone());
        if let (None, Given::Value(v)) = (&feedback, &given)
            && Form::of(v) != wanted
        {
            let state = state_size(v).filter(|_| wanted == Form::Number);
            return vec![Event::WrongForm { wanted, state }];
        }
        let feedback = match (feedback, &given) {
            (Some(said), _) => Why::Said(said),
            (None, Given::Value(v)) => Why::of(&expected, v),
            (None, Given::Text(_)) => Why::Unsaid,
        };
        vec![Event::Wrong {
            feedback,
            hints_left: q.hints.len() - self.hints_shown.min(q.hints.len()),
        }]
    }
}

enum Given {
    Value(Value),
    Text(String),
}

enum Choice {
    /// Read already (`P`/`N`).
    Value(Value),
    Picked(String),
    OutOfRange,
    Typed,
}

/// The label of choice `i`: `a`, `b`, `c`, … — letters, so numeric choices stay unambiguous.
pub fn choice_label(i: usize) -> char {
    char::from(b'a' + u8::try_from(i % 26).unwrap_or(0))
}

/// A choice question accepts a choice's letter as well as its text or value.
fn choose(q: &Question, input: &str) -> Choice {
    if q.choices.is_empty() {
        return Choice::Typed;
    }
    let trimmed = input.trim().trim_end_matches(['.', ')']).trim();
    if let Some(c) = q
        .choices
        .iter()
        .find(|c| c.trim().eq_ignore_ascii_case(trimmed))
    {
        return Choice::Picked(c.clone());
    }
    // Choice numbers, where no choice is itself a number (then a number is an answer).
    if let Ok(n) = trimmed.parse::<usize>() {
        let numeric = q
            .choices
            .iter()
            .any(|c| matches!(read_answer(c), Some(Value::Int(_))));
        if !numeric {
            return match q.choices.get(n.wrapping_sub(1)) {
                Some(c) => Choice::Picked(c.clone()),
                None => Choice::OutOfRange,
            };
        }
    }
    let mut chars = trimmed.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) if letter.is_ascii_alphabetic() => {
            let letter = letter.to_ascii_lowercase();
            match (0..q.choices.len()).find(|&i| choice_label(i) == letter) {
                Some(i) => Choice::Picked(q.choices[i].clone()),
                None => Choice::OutOfRange,
            }
        }
        _ => Choice::Typed,
    }
}

/// The author's solution, or the answer's value, or why the answer has none.
pub fn solution_text(
    q: &Question,
    evaluator: &mut dyn LessonEvaluator,
) -> Result<String, JudgeError> {
    match &q.solution {
        Some(s) => Ok(s.clone()),
        None => match evaluator.eval(&q.answer) {
            Ok(value) => Ok(value.to_string()),
            Err(error) => Err(JudgeError::Answer {
                answer: q.answer.clone(),
                error: Box::new(error),
            }),
        },
    }
}

/// Whether `input` would be accepted at question `q` (for `lesson check`).
pub fn accepts(
    q: &Question,
    input: &str,
    evaluator: &mut dyn LessonEvaluator,
) -> Result<bool, JudgeError> {
    let step = Step {
        id: "check".into(),
        kind: StepKind::Ask(q.clone()),
        notes: None,
        rules: None,
        line: 0,
    };
    let lesson = Lesson {
        id: "check".into(),
        version: 0,
        title: String::new(),
        summary: String::new(),
        chapter: None,
        requires: Vec::new(),
        rules: None,
        games: Vec::new(),
        setup: Vec::new(),
        steps: vec![step],
        origin: String::new(),
        requires_line: 0,
        rules_line: 0,
        setup_line: 0,
    };
    let mut runner = Runner::new(lesson, None, false);
    let events = runner.answer(input, evaluator);
    match events.first() {
        Some(Event::Correct) => Ok(true),
        Some(Event::Broken(e)) => Err(e.clone()),
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::lesson::load;

    struct Expr;

    impl LessonEvaluator for Expr {
        fn eval(&mut self, source: &str) -> Result<Value, JudgeError> {
            Ok(crate::expr::evaluate(source, &Rules::ZeroMove)?)
        }
    }

    const LESSON: &str = "\
format: 1
id: demo
version: 1
title: Demo
steps:
  - id: intro
    text: Hi.
  - id: q
    ask: What is 3 xor 8 xor 6?
    answer: 3 xor 8 xor 6
    hints: [Write them in binary., Add each column mod 2.]
    wrong_examples:
      - answer: \"12\"
        feedback: A slip in one column.
      - answer: \"17\"
        feedback: That is the ordinary sum.
  - id: pick
    ask: Who wins 1 4 5 in Nim?
    answer: winner(nim, 1, 4, 5)
    choices: [first, second]
  - id: end
    text: Done.
";

    fn runner() -> Runner {
        Runner::new(load("demo.yaml", LESSON).unwrap(), None, false)
    }

    #[test]
    fn walks_a_lesson_with_hints_and_answers() {
        let mut r = runner();
        let j = &mut Expr;
        assert_eq!(r.forward(), [Event::Show(1)]);
        assert_eq!(r.forward(), [Event::AnswerFirst]);
        assert!(matches!(
            &r.hint()[0],
            Event::Hint {
                number: 1,
                of: 2,
                ..
            }
        ));
        // 3 ⊕ 8 ⊕ 6 = 0011 ⊕ 1000 ⊕ 0110 = 1101 = 13 (hand-checked); 17 is 3 + 8 + 6.
        assert_eq!(
            r.answer("17", j),
            [Event::Wrong {
                feedback: Why::Said("That is the ordinary sum.".into()),
                hints_left: 1
            }]
        );
        assert_eq!(
            r.answer("thirteen", j),
            [Event::Unreadable {
                input: "thirteen".into(),
                wanted: Form::Number,
            }]
        );
        assert_eq!(r.answer("0b1101", j), [Event::Correct, Event::Show(2)]);
        // 1 ⊕ 4 ⊕ 5 = 0: the second player wins; choice b is "second".
        assert_eq!(r.answer("c", j), [Event::NoSuchChoice { count: 2 }]);
        assert_eq!(r.answer("3", j), [Event::NoSuchChoice { count: 2 }]);
        assert!(matches!(r.answer("a", j)[0], Event::Wrong { .. }));
        assert_eq!(r.answer("2", j), [Event::Correct, Event::Show(3)]);
        assert_eq!(r.forward(), [Event::Finished]);
        assert!(r.progress().finished);
    }

    #[test]
    fn goes_back_skips_and_resumes() {
        let mut r = runner();
        let j = &mut Expr;
        assert_eq!(r.back(), [Event::AtStart]);
        assert_eq!(r.goto("q"), [Event::Show(1)]);
        assert_eq!(
            r.skip(j),
            [
                Event::Solution(Shown {
                    solution: Ok("13".into()),
                    skipped: Some("q".into()),
                }),
                Event::Show(2)
            ]
        );
        assert_eq!(r.back(), [Event::Show(1)]);
        let ids: Vec<String> = ["intro", "q", "pick", "end"].map(String::from).to_vec();
        assert_eq!(
            r.goto("nope"),
            [Event::NoSuchStep {
                id: "nope".into(),
                nearest: None,
                ids: ids.clone(),
            }]
        );
        // By number, as the prompt shows it; a near id is suggested.
        assert_eq!(r.goto("4"), [Event::Show(3)]);
        assert_eq!(
            r.goto("pikc"),
            [Event::NoSuchStep {
                id: "pikc".into(),
                nearest: Some("pick".into()),
                ids: ids.clone(),
            }]
        );
        assert!(matches!(&r.goto("5")[0], Event::NoSuchStep { .. }));
        r.goto("q");
        let saved = r.progress();
        let resumed = Runner::new(load("demo.yaml", LESSON).unwrap(), Some(&saved), false);
        assert_eq!(resumed.index(), 1);
        assert_eq!(resumed.status("q"), Some(StepStatus::Skipped));
    }

    #[test]
    fn presenting_moves_on_without_answers() {
        let mut r = Runner::new(load("demo.yaml", LESSON).unwrap(), None, true);
        r.forward();
        // An answer from the room is judged and nothing recorded; the step stays.
        assert!(matches!(r.answer("12", &mut Expr)[0], Event::Wrong { .. }));
        assert_eq!(r.answer("13", &mut Expr), [Event::CorrectPresenting]);
        assert_eq!(r.status("q"), None);
        assert_eq!(r.forward(), [Event::Show(2)]);
        assert_eq!(
            r.reveal(&mut Expr),
            [Event::Solution(Shown {
                solution: Ok("second".into()),
                skipped: None,
            })]
        );
    }

    #[test]
    fn answers_in_another_form_are_told_the_form() {
        let mut r = runner();
        let j = &mut Expr;
        r.forward();
        // 3 ⊕ 8 ⊕ 6 = 13 is a number: a set, a player or a state is another form.
        assert_eq!(
            r.answer("{13}", j),
            [Event::WrongForm {
                wanted: Form::Number,
                state: None
            }]
        );
        assert_eq!(
            r.answer("13T", j),
            [Event::WrongForm {
                wanted: Form::Number,
                state: Some(13)
            }]
        );
        assert_eq!(
            r.answer("P", j),
            [Event::WrongForm {
                wanted: Form::Number,
                state: None
            }]
        );
        assert_eq!(r.status("q"), None);
        // A question without hints says so.
        r.answer("13", j);
        r.goto("end");
        assert_eq!(r.hint(), [Event::NotAQuestion]);
        // The winner question: P is a P-position, where the second player wins (1 ⊕ 4 ⊕ 5 = 0).
        r.goto("pick");
        assert_eq!(r.hint(), [Event::NoHints]);
        assert_eq!(r.answer("P", j), [Event::Correct, Event::Show(3)]);
    }
}
