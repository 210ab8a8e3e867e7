//! The graph engine: routing, interrupts, step limit, validation, checkpoints, Mermaid.

use archie::events::{Event, Events, Recorder};
use archie::flows::FlowError;
use archie::graph::{Answer, NoInput, Prompter, Question, Scripted};
use archie::graph::{
    BuildError, Checkpoint, Checkpointer, Cursor, Cx, END, Graph, GraphBuilder, Next,
    NoCheckpoints, Outcome, RunCtx, RunError,
};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;

#[derive(Debug, Default, Serialize, Deserialize, PartialEq)]
struct Talk {
    input: String,
    answers: Vec<String>,
    visited: Vec<String>,
}

async fn router(s: &mut Talk, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.visited.push("router".into());
    Ok(match s.input.as_str() {
        "a" => Next::Goto("a"),
        "b" => Next::Goto("b"),
        _ => Next::End,
    })
}

async fn a(s: &mut Talk, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.visited.push("a".into());
    Ok(Next::Continue)
}

async fn b(s: &mut Talk, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.visited.push("b".into());
    Ok(Next::Continue)
}

fn routing_graph() -> Graph<Talk, ()> {
    GraphBuilder::new("routing")
        .node("router", router)
        .node("a", a)
        .node("b", b)
        .entry("router")
        .branch("router", &["a", "b", END])
        .edge("a", END)
        .edge("b", END)
        .build()
        .expect("valid graph")
}

/// Asks until three answers were given, then ends.
async fn ask(s: &mut Talk, cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
    s.visited.push("ask".into());
    if let Some(answer) = cx.answer() {
        s.answers.push(answer.as_text().to_string());
    }
    if s.answers.len() == 3 {
        return Ok(Next::End);
    }
    Ok(Next::Interrupt {
        question: Question::text(format!("question {}", s.answers.len() + 1)),
        then: "ask",
    })
}

fn loop_graph() -> Graph<Talk, ()> {
    GraphBuilder::new("loop")
        .node("ask", ask)
        .entry("ask")
        .interrupt("ask", "ask")
        .branch("ask", &[END])
        .build()
        .expect("valid graph")
}

/// Keeps every checkpoint it is given.
#[derive(Default)]
struct Keep(Mutex<Vec<Checkpoint>>);

impl Checkpointer for Keep {
    fn save(&self, checkpoint: &Checkpoint) -> Result<(), archie::error::BoxError> {
        self.0.lock().expect("lock").push(checkpoint.clone());
        Ok(())
    }
}

async fn run<S: Serialize + serde::de::DeserializeOwned + Send>(
    graph: &Graph<S, ()>,
    state: &mut S,
    prompter: &dyn Prompter,
    checkpointer: &dyn Checkpointer,
) -> (Result<Outcome, RunError>, Vec<Event>) {
    let recorder = Recorder::new();
    let events: Events = recorder.clone();
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter,
        checkpointer,
        run_id: Some("r1"),
    };
    let result = graph.run(state, graph.start(), 0, &rc).await;
    (result, recorder.events())
}

#[tokio::test]
async fn branches_route_by_state() {
    let graph = routing_graph();
    for (input, expected) in [
        ("a", vec!["router", "a"]),
        ("b", vec!["router", "b"]),
        ("z", vec!["router"]),
    ] {
        let mut state = Talk {
            input: input.into(),
            ..Talk::default()
        };
        let (result, _) = run(&graph, &mut state, &NoInput, &NoCheckpoints).await;
        assert_eq!(result.expect("run"), Outcome::Completed);
        assert_eq!(state.visited, expected, "input {input}");
    }
}

#[tokio::test]
async fn interrupt_loop_goes_round_three_times_and_ends() {
    let graph = loop_graph();
    let mut state = Talk::default();
    let answers = Scripted::new(["one".to_string(), "two".into(), "three".into()], false);
    let keep = Keep::default();
    let (result, events) = run(&graph, &mut state, &answers, &keep).await;
    assert_eq!(result.expect("run"), Outcome::Completed);
    assert_eq!(state.answers, ["one", "two", "three"]);
    assert_eq!(
        state.visited.len(),
        4,
        "one visit per answer plus the first"
    );
    let questions: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Interrupt { question, run, .. } => Some((question.clone(), run.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        questions,
        (1..=3)
            .map(|n| (format!("question {n}"), Some("r1".to_string())))
            .collect::<Vec<_>>()
    );
    // A checkpoint after every step; the last says the run is done.
    let checkpoints = keep.0.lock().expect("lock");
    assert_eq!(checkpoints.len(), 4);
    assert_eq!(
        checkpoints.iter().map(|c| c.step).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert_eq!(checkpoints.last().map(|c| &c.next), Some(&Cursor::Done));
}

#[tokio::test]
async fn no_input_stops_at_the_first_question_and_the_run_continues_from_its_checkpoint() {
    let graph = loop_graph();
    let mut state = Talk::default();
    let keep = Keep::default();
    let (result, _) = run(&graph, &mut state, &NoInput, &keep).await;
    let Outcome::Waiting { question, then } = result.expect("run") else {
        panic!("expected the run to wait for an answer");
    };
    assert_eq!(question.text, "question 1");
    assert_eq!(then, "ask");
    assert_eq!(state.visited, ["ask"], "nothing ran past the question");

    // Resume from the checkpoint in a fresh state, as `archie resume` does.
    let checkpoint = keep
        .0
        .lock()
        .expect("lock")
        .last()
        .cloned()
        .expect("a checkpoint");
    assert!(matches!(checkpoint.next, Cursor::Question { .. }));
    let mut resumed: Talk = serde_json::from_value(checkpoint.state).expect("state");
    let answers = Scripted::new(["x".to_string(), "y".into(), "z".into()], false);
    let recorder = Recorder::new();
    let events: Events = recorder.clone();
    let rc = RunCtx {
        env: &(),
        events: &events,
        prompter: &answers,
        checkpointer: &NoCheckpoints,
        run_id: None,
    };
    let outcome = graph
        .run(&mut resumed, checkpoint.next, checkpoint.step, &rc)
        .await
        .expect("resumed run");
    assert_eq!(outcome, Outcome::Completed);
    assert_eq!(resumed.answers, ["x", "y", "z"]);
}

#[tokio::test]
async fn a_run_that_never_ends_hits_the_step_limit() {
    async fn spin(s: &mut Talk, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
        s.visited.push("spin".into());
        Ok(Next::Continue)
    }
    let graph = GraphBuilder::new("spin")
        .node("spin", spin)
        .entry("spin")
        .edge("spin", "spin")
        .step_limit(25)
        .build()
        .expect("valid graph");
    let mut state = Talk::default();
    let (result, _) = run(&graph, &mut state, &NoInput, &NoCheckpoints).await;
    assert!(matches!(result, Err(RunError::StepLimit { limit: 25 })));
    assert_eq!(state.visited.len(), 25);
}

#[tokio::test]
async fn a_node_going_somewhere_it_did_not_declare_is_an_error() {
    async fn rogue(_s: &mut Talk, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
        Ok(Next::Goto("b"))
    }
    let graph = GraphBuilder::new("rogue")
        .node("rogue", rogue)
        .node("b", b)
        .entry("rogue")
        .branch("rogue", &[END, "b"])
        .edge("b", END)
        .build()
        .expect("valid graph");
    let mut state = Talk::default();
    assert!(
        run(&graph, &mut state, &NoInput, &NoCheckpoints)
            .await
            .0
            .is_ok()
    );

    let graph = GraphBuilder::new("rogue")
        .node("rogue", rogue)
        .node("a", a)
        .entry("rogue")
        .branch("rogue", &["a"])
        .edge("a", END)
        .build()
        .expect("valid graph");
    let (result, _) = run(&graph, &mut state, &NoInput, &NoCheckpoints).await;
    assert!(
        matches!(&result, Err(RunError::Undeclared { node, to }) if node == "rogue" && to == "b"),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_failing_node_reports_its_step_and_keeps_the_last_checkpoint() {
    async fn boom(_s: &mut Talk, _cx: &mut Cx<'_, ()>) -> Result<Next, FlowError> {
        Err(FlowError::because(
            "the model is down",
            std::io::Error::other("connection refused"),
        ))
    }
    let graph = GraphBuilder::new("boom")
        .node("a", a)
        .node("boom", boom)
        .entry("a")
        .edge("a", "boom")
        .edge("boom", END)
        .build()
        .expect("valid graph");
    let keep = Keep::default();
    let mut state = Talk::default();
    let (result, events) = run(&graph, &mut state, &NoInput, &keep).await;
    let err = result.expect_err("the run fails");
    // The step and its cause, each said once.
    let (_, report) = crate::support::failure(err);
    assert!(
        report.contains("step 2 (boom) failed\n  caused by: the model is down"),
        "{report}"
    );
    assert!(
        report.contains("\n  caused by: connection refused"),
        "{report}"
    );
    assert_eq!(report.matches("the model is down").count(), 1, "{report}");
    // The event says the error with each of its causes, on one line.
    let failed: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::NodeFailed { node, error, .. } if node == "boom" => Some(error.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(failed, ["the model is down: connection refused"]);
    let checkpoints = keep.0.lock().expect("lock");
    assert_eq!(
        checkpoints.len(),
        1,
        "only the finished step is checkpointed"
    );
    assert_eq!(
        checkpoints[0].next,
        Cursor::Node {
            node: "boom".into()
        },
        "a resume retries the failed step"
    );
}

#[test]
fn building_an_invalid_graph_says_what_is_wrong() {
    fn build(f: impl FnOnce(GraphBuilder<Talk, ()>) -> GraphBuilder<Talk, ()>) -> BuildError {
        match f(GraphBuilder::new("g")).build() {
            Ok(_) => panic!("expected a build error"),
            Err(e) => e,
        }
    }
    assert!(matches!(
        build(|g| g.node("a", a).edge("a", END)),
        BuildError::MissingEntry { .. }
    ));
    assert!(matches!(
        build(|g| g.node("a", a).entry("a").edge("a", "nowhere")),
        BuildError::UnknownTarget { to, .. } if to == "nowhere"
    ));
    assert!(matches!(
        build(|g| g.node("a", a).node("b", b).entry("a").edge("a", END).edge("b", END)),
        BuildError::Unreachable { node, .. } if node == "b"
    ));
    assert!(matches!(
        build(|g| g.node("a", a).entry("a")),
        BuildError::NoWayOut { node, .. } if node == "a"
    ));
    assert!(matches!(
        build(|g| g.node("a", a).node("a", b).entry("a").edge("a", END)),
        BuildError::DuplicateNode { .. }
    ));
    assert!(matches!(
        build(|g| g.node("a", a).entry("a").edge("a", END).edge("ghost", END)),
        BuildError::UnknownSource { from, .. } if from == "ghost"
    ));
    let err = build(|g| g.node("a", a).entry("a").edge("a", "nowhere"));
    assert_eq!(
        err.to_string(),
        "graph `g`: `a` points to unknown node `nowhere`"
    );
}

#[test]
fn graphs_render_as_mermaid() {
    insta::assert_snapshot!("routing_mermaid", routing_graph().mermaid());
    insta::assert_snapshot!("loop_mermaid", loop_graph().mermaid());
}

#[test]
fn answers_are_parsed_by_question_kind() {
    let confirm = Question::confirm("Proceed?", false);
    assert_eq!(confirm.parse_answer("Yes").expect("yes"), Answer::Yes(true));
    assert_eq!(confirm.parse_answer(" n ").expect("no"), Answer::Yes(false));
    assert!(confirm.parse_answer("maybe").is_err());
    let choose = Question::choose("Next?", vec!["Answer".into(), "Approve".into()]);
    assert_eq!(
        choose.parse_answer("approve").expect("by name"),
        Answer::Choice {
            index: 1,
            option: "Approve".into()
        }
    );
    assert_eq!(
        choose.parse_answer("1").expect("by number"),
        Answer::Choice {
            index: 0,
            option: "Answer".into()
        }
    );
    let err = choose.parse_answer("3").expect_err("out of range");
    let (_, report) = crate::support::failure(err);
    assert!(report.contains("Answer, Approve"), "{report}");
}

#[tokio::test]
async fn yes_answers_confirmations_without_using_up_scripted_answers() {
    let scripted = Scripted::new(["text answer".to_string()], true);
    let confirm = Question::confirm("Write the file?", false);
    assert_eq!(
        scripted.ask(&confirm).await.expect("ask"),
        Some(Answer::Yes(true))
    );
    assert_eq!(scripted.remaining(), 1);
    let text = Question::text("Why?");
    assert_eq!(
        scripted.ask(&text).await.expect("ask"),
        Some(Answer::Text("text answer".into()))
    );
    assert_eq!(
        scripted.ask(&text).await.expect("ask"),
        None,
        "answers used up"
    );
}
