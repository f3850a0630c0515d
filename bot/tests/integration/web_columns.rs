//! 5 en raya on the web board: a PopOut game started in a Telegram group is read and played
//! through the board's API (drops as moves, a pop through its button), and its state carries
//! the column board the page draws.

use crate::telegram::is;
use crate::web::{Bot, GROUP, ana, bruno, init_data, now, replies, tma};

use crate::fake_telegram::text;
use serde_json::{Value, json};

fn disc_at(state: &Value, x: u64, y: u64) -> Option<String> {
    state["board"]["discs"].as_array()?.iter().find_map(|disc| {
        (disc[0].as_u64() == Some(x) && disc[1].as_u64() == Some(y))
            .then(|| disc[2].as_str().unwrap_or_default().to_owned())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_popout_5_en_raya_game_is_dropped_and_popped_through_the_web_board() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.expect(text(GROUP, &bruno(), "/help"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &ana(), "/connect5 @bruno popout"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    let ana_signed = tma(&init_data(&ana(), now(), None));
    let bruno_signed = tma(&init_data(&bruno(), now(), None));

    let state = bot.get("/api/games/1", Some(&ana_signed)).await.json();
    assert_eq!(state["kind"], "connect5", "{state}");
    let board = &state["board"];
    assert_eq!(
        (board["type"].as_str(), board["width"].as_u64(), board["height"].as_u64()),
        (Some("connect"), Some(9), Some(6))
    );
    assert_eq!(board["columns"], json!([null, 1, 2, 3, 4, 5, 6, 7, null]));
    let pre_filled = board["discs"].as_array().expect("discs");
    assert!(!pre_filled.is_empty(), "the side columns come filled");
    assert!(pre_filled.iter().all(|disc| disc[0] == 0 || disc[0] == 8), "{pre_filled:?}");
    assert_eq!(board["pop_out"], json!([]), "PopOut, nothing to pop yet");
    assert_eq!(
        (board["to_move"].as_str(), board["red"]["name"].as_str()),
        (Some("r"), Some("ana"))
    );
    let legal = state["you"]["legal"].as_array().expect("legal");
    assert_eq!(legal.len(), 7, "a drop in each column: {legal:?}");
    assert!(
        state["buttons"].to_string().find("\"m:1:0:").is_none(),
        "the columns are tapped, not buttons: {}",
        state["buttons"]
    );

    // Ana drops in column 4 (x = 4 beside the side column), Bruno in 5.
    let dropped = bot.act(&ana_signed, r#"{"id":"drop-0001-ana","move":"4","ply":0}"#).await;
    assert_eq!(replies(&dropped), Vec::<String>::new());
    let dropped = bot.act(&bruno_signed, r#"{"id":"drop-0002-bruno","move":"5","ply":1}"#).await;
    assert_eq!(replies(&dropped), Vec::<String>::new());
    let state = bot.get("/api/games/1", Some(&ana_signed)).await.json();
    assert_eq!(state["ply"], 2);
    assert_eq!(
        (disc_at(&state, 4, 0).as_deref(), disc_at(&state, 5, 0).as_deref()),
        (Some("r"), Some("y"))
    );
    assert_eq!(state["board"]["last"], json!([5, 0]));
    assert_eq!(state["board"]["pop_out"], json!([4]), "Ana may pop her own disc: {state}");

    // The pop comes as a button under the board, pressed through the API.
    let pop = state["buttons"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .find(|button| button["payload"].as_str().is_some_and(|payload| payload.ends_with("pop 4")))
        .unwrap_or_else(|| panic!("a pop button in {}", state["buttons"]));
    let body = json!({"id": "pop-0003-ana", "button": pop["payload"]}).to_string();
    let popped = bot.act(&ana_signed, &body).await;
    assert_eq!(replies(&popped), Vec::<String>::new());
    let state = bot.get("/api/games/1", Some(&bruno_signed)).await.json();
    assert_eq!(state["ply"], 3);
    assert_eq!(disc_at(&state, 4, 0), None, "the disc is out of column 4");
    assert_eq!(disc_at(&state, 5, 0).as_deref(), Some("y"));
    // A column out of turn is refused as in the chat and changes nothing.
    let early = bot.act(&ana_signed, r#"{"id":"drop-0004-ana","move":"1","ply":3}"#).await;
    assert_eq!(replies(&early), ["It is not your turn."]);
    assert_eq!(bot.get("/api/games/1", Some(&ana_signed)).await.json()["ply"], 3);
    bot.served.stop().await;
}
