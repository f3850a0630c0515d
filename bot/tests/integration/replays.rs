//! Games after the fact through the core: `/replay` and the Replay button (also after a
//! restart), `/export`, `/history` paged with its buttons, and `/stats` counting the games
//! `/history` lists.

use crate::common;

use cincobot::core::{Attachment, Chat, ChatKind, Output, Platform};
use cincobot::games::{GameKind, GameSettings, Position};
use cincobot::i18n::{Arg, Text};
use cincobot::store::Store;
use common::{Harness, assert_notice, board, game_between_ana_and_bruno, sent};

/// Ana (red) drops five discs in column 4 while Bruno plays columns 1 and 2: she wins at ply 9.
const ANA_WINS: [&str; 9] = ["4", "1", "4", "1", "4", "1", "4", "2", "4"];

/// Plays `ANA_WINS` in the game just started between Ana and Bruno; the final board's outputs.
async fn play_out(harness: &mut Harness) -> Vec<Output> {
    let mut last = Vec::new();
    for (ply, column) in ANA_WINS.iter().enumerate() {
        let player = if ply % 2 == 0 { "Ana" } else { "Bruno" };
        last = harness.say(player, &format!("/move {column}")).await;
    }
    last
}

/// The one file among `outputs`: its caption and attachment.
fn file(outputs: &[Output]) -> (Vec<Text>, Attachment) {
    match outputs {
        [Output::File { caption, file, .. }] => (caption.clone(), file.clone()),
        other => panic!("expected one file, got {other:#?}"),
    }
}

#[tokio::test]
async fn a_finished_board_has_a_replay_button_that_sends_the_animation() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let (ply, _, buttons) = board(&play_out(&mut harness).await);
    assert_eq!(ply, ANA_WINS.len());
    assert_eq!(buttons, ["r:1", "p:1"], "rematch and replay");
    // Anyone in the chat may watch it again.
    let (caption, attachment) = file(&harness.press("Carla", "p:1").await);
    assert_eq!(caption[0].id, "board-header");
    assert_eq!(caption[1].id, "result-win");
    let Attachment::Animation { animation, file_name } = attachment else {
        panic!("an animation");
    };
    assert_eq!(file_name, "game-1-replay.gif");
    assert_eq!(animation.frames.len(), ANA_WINS.len() + 1);
    let gif = animation.gif().expect("the GIF draws");
    assert!(gif.starts_with(b"GIF89a"));
}

#[tokio::test]
async fn replay_without_a_number_shows_the_last_game_even_one_being_played() {
    let mut harness = Harness::new().await;
    assert_notice(&harness.say("Ana", "/replay").await, "ana", Text::new("replay-none"));
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    harness.say("Ana", "/move 4").await;
    let (_, attachment) = file(&harness.say("Ana", "/replay").await);
    let Attachment::Animation { animation, .. } = attachment else { panic!("an animation") };
    assert_eq!(animation.frames.len(), 2, "the empty grid and the first disc");
    assert_notice(
        &harness.say("Ana", "/replay #7").await,
        "ana",
        Text::new("game-not-here").with("id", 7_i64),
    );
}

#[tokio::test]
async fn a_game_of_another_chat_is_not_replayed_here() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let elsewhere = Chat { platform: Platform::Console, id: "other".into(), kind: ChatKind::Group };
    let mut input = harness.input("Ana", cincobot::core::Action::Command("/replay #1".into()));
    input.chat = elsewhere.clone();
    let outputs = harness.deliver(input).await;
    match outputs.as_slice() {
        [Output::Reply { chat, lines, .. }] => {
            assert_eq!(chat, &elsewhere);
            assert_eq!(lines, &[Text::new("game-not-here").with("id", 1_i64)]);
        }
        other => panic!("expected a refusal, got {other:#?}"),
    }
}

#[tokio::test]
async fn the_replay_button_works_after_a_restart() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", folder.path().join("bot.db").display());
    let mut harness = Harness::on(Store::open(&url).await.expect("a database")).await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    play_out(&mut harness).await;
    drop(harness);
    let mut restarted = Harness::on(Store::open(&url).await.expect("the same database")).await;
    let (_, attachment) = file(&restarted.press("Bruno", "p:1").await);
    let Attachment::Animation { animation, .. } = attachment else { panic!("an animation") };
    let replayed = Position::replay(&GameSettings::default_for(GameKind::Connect5), ANA_WINS)
        .expect("the moves replay");
    assert_eq!(animation.frames.len(), replayed.ply() + 1);
}

#[tokio::test]
async fn export_sends_the_column_string() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    play_out(&mut harness).await;
    let (caption, attachment) = file(&harness.say("Bruno", "/export").await);
    assert_eq!(caption, [Text::new("export-caption").with("id", 1_i64).with("format", "columns")]);
    let Attachment::Document { file_name, text } = attachment else { panic!("a document") };
    assert_eq!(file_name, "game-1-connect5.txt");
    assert_eq!(text.lines().last(), Some(ANA_WINS.concat().as_str()));
    assert!(text.lines().any(|line| line == "# Red: Ana"), "{text}");
    assert!(text.lines().any(|line| line == "# Result: 1-0"), "{text}");
}

/// Ana and Bruno play `games` games, each a rematch of the one before; whoever starts plays
/// `ANA_WINS`'s winning columns, and rematches alternate who starts: Ana wins the odd games,
/// Bruno the even ones.
async fn rematches(harness: &mut Harness, games: usize) {
    game_between_ana_and_bruno(harness, "/connect5").await;
    play_out(harness).await;
    for game in 2..=games {
        harness.say("Ana", &format!("/rematch #{}", game - 1)).await;
        harness.press("Bruno", &format!("r:{}", game - 1)).await;
        for (ply, column) in ANA_WINS.iter().enumerate() {
            let first = if game % 2 == 0 { "Bruno" } else { "Ana" };
            let second = if game % 2 == 0 { "Ana" } else { "Bruno" };
            let player = if ply % 2 == 0 { first } else { second };
            harness.say(player, &format!("/move {column}")).await;
        }
    }
}

#[tokio::test]
async fn history_pages_through_the_chat_s_games_and_stats_count_the_same_games() {
    let mut harness = Harness::new().await;
    rematches(&mut harness, 7).await;
    let (lines, buttons) = sent(&harness.say("Carla", "/history").await);
    assert_eq!(lines[0], Text::new("history-title"));
    let listed: Vec<i64> = lines
        .iter()
        .filter(|line| line.id == "history-line")
        .map(|line| match line.args.iter().find(|(name, _)| *name == "id") {
            Some((_, Arg::Number(id))) => *id,
            other => panic!("a game number, got {other:?}"),
        })
        .collect();
    assert_eq!(listed, [7, 6, 5, 4, 3], "newest first, five a page");
    assert_eq!(
        lines.last(),
        Some(&Text::new("history-page").with("page", 1_i64).with("pages", 2_i64))
    );
    assert_eq!(buttons, ["p:7", "p:6", "p:5", "p:4", "p:3", "h:1::"]);
    let (lines, buttons) = sent(&harness.press("Carla", "h:1::").await);
    assert_eq!(lines.iter().filter(|line| line.id == "history-line").count(), 2);
    assert_eq!(buttons, ["p:2", "p:1", "h:0::"], "the older page goes back");
    // One game's history: all seven were 5 en raya, none gomoku.
    let (lines, buttons) = sent(&harness.say("Carla", "/history connect5 2").await);
    assert_eq!(lines[1], Text::new("history-game").with("game", Text::new("game-connect5")));
    assert_eq!(buttons, ["p:2", "p:1", "h:0:connect5:"]);
    let (lines, _) = sent(&harness.say("Carla", "/history gomoku").await);
    assert!(lines.contains(&Text::new("history-empty")), "{lines:?}");
    let (lines, _) = sent(&harness.say("Carla", "/history 9").await);
    assert_eq!(
        lines.last(),
        Some(&Text::new("history-page").with("page", 2_i64).with("pages", 2_i64))
    );
    assert_eq!(lines[1], Text::new("history-no-page").with("page", 9_i64).with("pages", 2_i64));
    // /stats counts exactly the games /history lists.
    let (lines, _) = sent(&harness.say("Carla", "/stats @Bruno").await);
    let here = lines.iter().find(|line| line.id.starts_with("stats-line")).expect("a stats line");
    let count = |name: &str| here.args.iter().find(|(arg, _)| *arg == name).map(|(_, v)| v.clone());
    assert_eq!(count("games"), Some(Arg::Number(7)));
    assert_eq!(count("wins"), Some(Arg::Number(3)));
    assert_eq!(count("losses"), Some(Arg::Number(4)));
    let (lines, buttons) = sent(&harness.say("Carla", "/history @Ana").await);
    assert_eq!(lines[0], Text::new("history-title-of").with("name", "Ana"));
    assert_eq!(buttons.len(), 6, "five games and the next page: {buttons:?}");
}
