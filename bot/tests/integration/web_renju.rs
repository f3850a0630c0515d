//! Renju through the web board's API, as the page plays it: the opening's squares in the
//! state, black's ten fifth moves added a point a tap (the chat picker's payloads), white's
//! choice among them, and a forbidden point asked about before it is played — the question
//! answered to the page alone, never posted in the group — then played when confirmed.

use crate::fake_telegram::text;
use crate::telegram::{board_at, is};
use crate::web::{Bot, GROUP, ana, bruno, init_data, now, tma};

use serde_json::{Value, json};

/// The Taraguchi opening up to black's fifth move, by who acts (the rule page's order; the
/// same as the chat's offer tests).
pub(crate) const OPENING: [(Who, &str); 8] = [
    (Who::Ana, "h8"),
    (Who::Bruno, "keep"),
    (Who::Bruno, "i9"),
    (Who::Ana, "keep"),
    (Who::Ana, "h9"),
    (Who::Bruno, "keep"),
    (Who::Bruno, "g7"),
    (Who::Ana, "keep"),
];

/// The ten fifth moves offered: none the mirror of another after that opening.
pub(crate) const TEN: [&str; 10] = ["h7", "h6", "h10", "h11", "g8", "i7", "i8", "g9", "f7", "f8"];

#[derive(Clone, Copy, Debug)]
pub(crate) enum Who {
    Ana,
    Bruno,
}

pub(crate) struct Players {
    pub(crate) ana: String,
    pub(crate) bruno: String,
}

impl Players {
    pub(crate) fn of(&self, who: Who) -> &str {
        match who {
            Who::Ana => &self.ana,
            Who::Bruno => &self.bruno,
        }
    }
}

pub(crate) async fn state(bot: &Bot, who: &str) -> Value {
    let answer = bot.get("/api/games/1", Some(who)).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.json()
}

/// `who` sends `body` (a nonce added), again while it is too fast; the answer.
pub(crate) async fn send(bot: &Bot, who: &str, body: Value) -> Value {
    let mut body = body;
    body["id"] = json!(format!("tap-{:016x}", next_nonce()));
    loop {
        let answer = bot.act(who, &body.to_string()).await;
        // Five actions a second per person: the test taps faster than that.
        if answer.status == 429 {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            continue;
        }
        assert_eq!(answer.status, 200, "{body}: {answer:?}");
        return answer.json();
    }
}

/// A nonce no other tap of the test has.
fn next_nonce() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::SeqCst)
}

/// `who` plays `text` at `ply`; nothing is replied.
pub(crate) async fn play(bot: &Bot, who: &str, ply: u64, text: &str) {
    let answer = send(bot, who, json!({"move": text, "ply": ply})).await;
    assert_eq!(answer["replies"], json!([]), "{text} at {ply}: {answer}");
}

/// The payload of the button under the board whose label is `label`.
pub(crate) fn button(state: &Value, label: &str) -> String {
    let found = state["buttons"].as_array().into_iter().flatten().flat_map(|row| {
        row.as_array().into_iter().flatten().filter(|b| b["label"] == label).cloned()
    });
    found
        .map(|b| b["payload"].as_str().unwrap_or_default().to_owned())
        .next()
        .unwrap_or_else(|| panic!("no button {label:?} in {}", state["buttons"]))
}

/// Ana challenges Bruno with `challenge` (`/renju @bruno …`) and he accepts: game 1.
pub(crate) async fn started(bot: &Bot, challenge: &str) -> Players {
    bot.expect(text(GROUP, &bruno(), "/help"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &ana(), challenge), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    Players {
        ana: tma(&init_data(&ana(), now(), None)),
        bruno: tma(&init_data(&bruno(), now(), None)),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renju_is_played_through_the_page_offers_and_forbidden_point_included() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let players = started(&bot, "/renju @bruno").await;

    // The first stone goes on the centre: the opening's square is h8 alone.
    let first = state(&bot, &players.ana).await;
    assert_eq!(first["board"]["opening_area"], json!([[7, 7], [7, 7]]));
    assert_eq!(first["you"]["legal"], json!(["h8"]));
    for (ply, (who, move_text)) in OPENING.into_iter().enumerate() {
        if ply == 2 {
            // White's second stone: inside the central 3×3.
            let white = state(&bot, players.of(who)).await;
            assert_eq!(white["board"]["opening_area"], json!([[6, 6], [8, 8]]));
        }
        if ply == 1 {
            // A swap is decided with the buttons: no point to tap.
            let deciding = state(&bot, players.of(who)).await;
            assert_eq!(deciding["you"]["legal"], json!(["swap", "keep"]));
        }
        play(&bot, players.of(who), u64::try_from(ply).expect("a ply"), move_text).await;
    }

    // Black's fifth: an offer begins with its button; then each tap adds a point.
    let fifth = state(&bot, &players.ana).await;
    assert_eq!((fifth["ply"].as_u64(), fifth["you"]["offer"].is_null()), (Some(8), true));
    let begin = button(&fifth, "Offer ten instead");
    assert_eq!(send(&bot, &players.ana, json!({"button": begin})).await["replies"], json!([]));
    let offering = state(&bot, &players.ana).await;
    assert_eq!(offering["you"]["offer"]["count"], 0);
    let candidates = offering["you"]["offer"]["candidates"].as_array().expect("candidates");
    assert!(candidates.contains(&json!("a1")), "any empty point, not only the 9×9");
    assert!(!candidates.contains(&json!("h8")), "not a stone");
    assert!(state(&bot, &players.bruno).await["you"]["offer"].is_null(), "black's alone");
    for (count, point) in TEN.into_iter().enumerate() {
        let added =
            send(&bot, &players.ana, json!({"offer": point, "ply": 8, "count": count})).await;
        assert_eq!(added["replies"], json!([]), "{point}: {added}");
    }
    // A tap drawn for an older count, or by white, changes nothing.
    let stale = send(&bot, &players.ana, json!({"offer": "a1", "ply": 8, "count": 3})).await;
    assert_eq!(stale["replies"].as_array().map(Vec::len), Some(1), "{stale}");
    let white = send(&bot, &players.bruno, json!({"offer": "a1", "ply": 8, "count": 10})).await;
    assert_eq!(white["replies"], json!(["It is not your turn."]));
    let chosen = state(&bot, &players.ana).await;
    assert_eq!(chosen["you"]["offer"], json!({"count": 10, "candidates": []}));
    assert_eq!(chosen["board"]["offers"].as_array().map(Vec::len), Some(10));
    assert_eq!(chosen["board"]["offers"][0], json!([7, 6]), "h7 first, as chosen");
    let offer = button(&chosen, "Offer these ten");
    assert_eq!(send(&bot, &players.ana, json!({"button": offer})).await["replies"], json!([]));

    // White picks one of the ten by tapping it: the move open is "choose <point>".
    let choosing = state(&bot, &players.bruno).await;
    assert_eq!(choosing["ply"], 9);
    let legal = choosing["you"]["legal"].as_array().expect("legal");
    assert_eq!(legal.len(), 10);
    assert!(legal.contains(&json!("choose i8")), "{legal:?}");
    assert_eq!(choosing["buttons"], json!([]), "the offered points are tapped, not buttons");
    play(&bot, &players.bruno, 9, "choose i8").await;
    let after = state(&bot, &players.bruno).await;
    assert!(after["board"]["stones"].as_array().is_some_and(|s| s.contains(&json!([8, 7, "b"]))));
    assert_eq!(after["board"]["offers"], json!([]));

    // White's sixth, then black and white in turn: black's i7 and k9 make j8 a double three
    // (h8 i8 · j8 across, i7 · j8 · k9 on the diagonal).
    for (ply, who, move_text) in
        [(10, Who::Bruno, "a1"), (11, Who::Ana, "i7"), (12, Who::Bruno, "a2"), (13, Who::Ana, "k9")]
    {
        play(&bot, players.of(who), ply, move_text).await;
    }
    play(&bot, &players.bruno, 14, "a3").await;
    let black = state(&bot, &players.ana).await;
    let losing = black["you"]["losing"].as_array().expect("losing moves");
    let j8 = losing.iter().find(|losing| losing["move"] == "j8").expect("j8 loses");
    let question = j8["question"].as_str().expect("the question").to_owned();
    assert!(question.contains("double three"), "{question}");
    assert!(black["board"]["forbidden"].as_array().is_some_and(|f| f.contains(&json!([9, 7]))));
    assert_eq!(state(&bot, &players.bruno).await["you"]["losing"], json!([]), "white's turn");

    // Unconfirmed, the page is asked (as the chat asks) and nothing is played or posted.
    let from = bot.fake.count();
    let asked = send(&bot, &players.ana, json!({"move": "J8", "ply": 15})).await;
    assert_eq!(asked, json!({"replies": [question], "confirm": "j8"}));
    assert_eq!(state(&bot, &players.ana).await["ply"], 15);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let posted: Vec<_> = bot.fake.calls().into_iter().skip(from).collect();
    let asked_in_chat = posted.iter().any(|call| call.params.to_string().contains("double three"));
    assert!(!asked_in_chat, "the question is not posted in the group: {posted:?}");

    // Confirmed, it is played: black loses on the forbidden point.
    let from = bot.fake.count();
    let played = send(&bot, &players.ana, json!({"move": "j8", "ply": 15, "confirm": true})).await;
    assert_eq!(played["replies"], json!([]), "{played}");
    // The group's final board (its Rematch button), the game over.
    bot.fake.wait_for(from, board_at(GROUP, 16)).await;
    // The page that played the last move still reads how the game ended.
    let end = bot.get("/api/games/1", Some(&players.bruno)).await;
    assert_eq!(end.status, 200, "{end:?}");
    let end = end.json();
    assert_eq!(
        (end["active"].as_bool(), end["board"]["winner"].as_str()),
        (Some(false), Some("w"))
    );
    assert_eq!(end["you"]["legal"], json!([]), "nothing left to play");
    bot.served.stop().await;
}
