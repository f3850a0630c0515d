//! What a player sees to press: button styles, disabled buttons and select menus, as the core
//! builds them for every platform.

use crate::common;

use cincobot::core::{Button, ButtonStyle, MAX_SELECT_OPTIONS, Message, Output, Row, Select};
use cincobot::i18n::Text;
use common::{Harness, assert_notice, game_between_ana_and_bruno, payloads};

/// The components of the one message (board or not) in `outputs`.
fn components(outputs: &[Output]) -> Vec<Row> {
    let messages: Vec<&Message> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::Send { message, .. } | Output::Board { message, .. } => Some(message),
            _ => None,
        })
        .collect();
    match messages.as_slice() {
        [message] => message.components.clone(),
        other => panic!("expected one message, got {other:#?}"),
    }
}

/// The one row of buttons in `rows`: each button's payload, style and whether it is disabled.
fn buttons(rows: &[Row]) -> Vec<Vec<(String, ButtonStyle, bool)>> {
    rows.iter()
        .map(|row| match row {
            Row::Buttons(buttons) => buttons
                .iter()
                .map(|Button { payload, style, disabled, .. }| (payload.clone(), *style, *disabled))
                .collect(),
            Row::Select(select) => panic!("expected buttons, got {select:#?}"),
        })
        .collect()
}

fn select(row: &Row) -> &Select {
    match row {
        Row::Select(select) => select,
        Row::Buttons(buttons) => panic!("expected a select menu, got {buttons:#?}"),
    }
}

fn owned(rows: &[(&str, ButtonStyle, bool)]) -> Vec<(String, ButtonStyle, bool)> {
    rows.iter()
        .map(|(payload, style, disabled)| ((*payload).to_owned(), *style, *disabled))
        .collect()
}

use ButtonStyle::{Danger, Primary, Secondary, Success};

#[tokio::test]
async fn a_challenge_is_accepted_in_green_and_declined_in_red() {
    let mut harness = Harness::new().await;
    harness.meet("Bruno").await;
    let named = components(&harness.say("Ana", "/gomoku @bruno").await);
    assert_eq!(buttons(&named), [owned(&[("a:1", Success, false), ("d:1", Danger, false)])]);
    let open = components(&harness.say("Carla", "/connect4").await);
    assert_eq!(buttons(&open), [owned(&[("j:2", Success, false)])]);
}

#[tokio::test]
async fn resigning_and_undoing_ask_with_coloured_answers() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let question = components(&harness.say("Ana", "/resign").await);
    assert_eq!(
        buttons(&question),
        [owned(&[("x:1:0:1y", Danger, false), ("x:1:0:1n", Secondary, false)])]
    );
    harness.press("Ana", "m:1:0:4").await;
    let undo = components(&harness.say("Ana", "/undo").await);
    assert_eq!(buttons(&undo), [owned(&[("u:1:1:y", Success, false), ("u:1:1:n", Danger, false)])]);
}

#[tokio::test]
async fn a_full_column_stays_in_its_place_disabled_and_the_last_move_stands_out() {
    let mut harness = Harness::new().await;
    let first = components(&game_between_ana_and_bruno(&mut harness, "/connect5").await);
    let drops = |ply: usize, last: Option<u8>, full: &[u8]| {
        vec![
            (1..=7)
                .map(|column: u8| {
                    let style = if last == Some(column) { Primary } else { Secondary };
                    (format!("m:1:{ply}:{column}"), style, full.contains(&column))
                })
                .collect::<Vec<_>>(),
        ]
    };
    assert_eq!(buttons(&first), drops(0, None, &[]));
    // Six discs fill a column; the colours alternate, so nobody has a line.
    let mut last = Vec::new();
    for ply in 0..6 {
        let player = if ply % 2 == 0 { "Ana" } else { "Bruno" };
        last = harness.press(player, &format!("m:1:{ply}:4")).await;
    }
    assert_eq!(buttons(&components(&last)), drops(6, Some(4), &[4]));
    // A press on the full column (typed, or a platform that showed it anyway) is refused.
    let refused = harness.press("Ana", "m:1:6:4").await;
    assert!(matches!(refused.as_slice(), [Output::Reply { .. }]), "{refused:#?}");
    // Telegram sends the inert payload for a disabled button: a short notice, nothing else.
    assert_notice(&harness.press("Ana", "-").await, "ana", Text::new("button-disabled"));
    let next = components(&harness.press("Ana", "m:1:6:3").await);
    assert_eq!(buttons(&next), drops(7, Some(3), &[4]));
}

#[tokio::test]
async fn with_popout_the_pops_come_in_a_second_row() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5 popout").await;
    harness.press("Ana", "m:1:0:2").await;
    let rows = components(&harness.press("Bruno", "m:1:1:5").await);
    let rows = buttons(&rows);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1], owned(&[("m:1:2:pop 2", Secondary, false)]));
}

#[tokio::test]
async fn a_big_board_picks_a_column_then_a_row_from_select_menus() {
    let mut harness = Harness::new().await;
    let rows = components(&game_between_ana_and_bruno(&mut harness, "/gomoku 19").await);
    let [Row::Select(columns)] = rows.as_slice() else { panic!("one select menu: {rows:#?}") };
    assert_eq!(columns.placeholder, Text::new("select-column"));
    assert!(columns.options.len() <= MAX_SELECT_OPTIONS);
    let expected: Vec<String> = ('a'..='s').map(|column| format!("k:1:0:{column}")).collect();
    assert_eq!(payloads(&rows), expected);
    assert_eq!(columns.options[7].label, Text::new("button-point").with("point", "h"));

    let step = harness.press("Ana", "k:1:0:h").await;
    let [Output::Keyboard { components, .. }] = step.as_slice() else {
        panic!("the rows of column h: {step:#?}")
    };
    let rows = select(&components[0]);
    assert_eq!(rows.placeholder, Text::new("select-row").with("column", "h"));
    assert_eq!(rows.options.len(), 19);
    assert!(rows.options.len() <= MAX_SELECT_OPTIONS);
    assert_eq!(rows.options[9].payload, "m:1:0:h10");
    assert_eq!(buttons(&components[1..]), [owned(&[("k:1:0:", Secondary, false)])]);
}

#[tokio::test]
async fn a_finished_game_offers_a_rematch_first_then_its_replay() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let ended = components(&harness.say("Ana", "/resign confirm").await);
    assert_eq!(buttons(&ended), [owned(&[("r:1", Primary, false), ("p:1", Secondary, false)])]);
}
