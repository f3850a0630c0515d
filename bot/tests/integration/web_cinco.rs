//! CINCO on the web board end to end: the real Telegram adapter against the fake Bot API and
//! the board beside it. Ana and Bruno play a whole two-seat game in a group, every action
//! taken through the board's API (Bruno's every third through his private chat's buttons
//! instead), auctions included. Before each action every reader reads the game — Ana, Bruno,
//! a spectator's link — and each has an event stream open; Carla, signed in but not
//! playing, is refused. The game is rebuilt apart from the bot, from the store's log, and
//! checked against what each reader got: as `cinco_secrecy.rs` does for the chats, nothing
//! anybody reads names a card that is not face up, but their own hand; each player's hand is
//! exactly theirs; the events carry no card. In the chats, the group's table is edited after
//! every action and each hand sent privately is its owner's.

use crate::cinco_secrecy::face_up;
use crate::fake_http::Events;
use crate::fake_telegram::{Call, press, text};
use crate::web::{
    ANA, BRUNO, Bot, GROUP, LINK_KEY, ana, bruno, carla, encoded, init_data, now, replies,
    spectator_link, tma,
};

use std::collections::BTreeSet;
use std::time::Duration;

use cincobot::core::{GameId, Platform, parse_action};
use cincobot::store::Store;
use cincobot::web::identity::{Link, LinkKey, LinkPlayer};
use engine::{Card, CardKind, Cinco, CincoSeat, CincoSettings, Colour};
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(20);

/// A card as the page's JSON names it: colour, kind, number.
fn face(card: Card) -> (Value, &'static str, Value) {
    let colour = match card.colour {
        Some(Colour::Red) => json!("red"),
        Some(Colour::Yellow) => json!("yellow"),
        Some(Colour::Green) => json!("green"),
        Some(Colour::Blue) => json!("blue"),
        None => Value::Null,
    };
    let (kind, number) = match card.kind {
        CardKind::Number(n) => ("number", json!(n)),
        CardKind::NumberWild(n) => ("wild", json!(n)),
        CardKind::FiveWild => ("wild-five", json!(5)),
        CardKind::Reverse => ("reverse", Value::Null),
        CardKind::Skip => ("skip", Value::Null),
        CardKind::Puntaje => ("puntaje", Value::Null),
        CardKind::Embargo => ("embargo", Value::Null),
        CardKind::Protection => ("protection", Value::Null),
        CardKind::Cambio => ("cambio", Value::Null),
    };
    (colour, kind, number)
}

fn face_of(json: &Value) -> (Value, &str, Value) {
    (json["colour"].clone(), json["kind"].as_str().unwrap_or_default(), json["number"].clone())
}

/// Every card object (one with a `kind` and a `printed` face) anywhere in `json`.
fn cards_in<'a>(json: &'a Value, found: &mut Vec<&'a Value>) {
    match json {
        Value::Object(fields) => {
            if fields.contains_key("kind") && fields.contains_key("printed") {
                found.push(json);
            }
            fields.values().for_each(|value| cards_in(value, found));
        }
        Value::Array(values) => values.iter().for_each(|value| cards_in(value, found)),
        _ => {}
    }
}

/// The game as the store has it, rebuilt apart from the bot from its seed and log.
async fn rebuilt(store: &Store) -> Cinco {
    let (row, log) = store.cinco_game(GameId(1)).await.expect("readable").expect("game 1");
    let seats = u8::try_from(row.players.len()).expect("a few seats");
    let mut game = Cinco::start(CincoSettings { seats, seed: row.rules.seed }).expect("a table");
    for stored in &log {
        let action = parse_action(&stored.action).expect("a stored action reads");
        game = game.play(stored.seat.cinco_seat(), action).expect("the log replays");
    }
    game
}

/// Ana opens a table in the group, Bruno joins, Ana starts it: game 1.
pub(crate) async fn open_table(bot: &Bot) {
    let lobby = |call: &Call| call.chat() == GROUP && call.buttons().contains(&"L:1:s".to_owned());
    bot.expect(text(GROUP, &ana(), "/cinco"), lobby).await;
    let answered = |call: &Call| call.method == "answerCallbackQuery";
    bot.expect(press(GROUP, 1001, &bruno(), "L:1:j"), answered).await;
    let table = |call: &Call| call.method == "sendPhoto" && call.chat() == GROUP;
    bot.expect(press(GROUP, 1001, &ana(), "L:1:s"), table).await;
}

/// `path` read as `authorization`, waiting out the board's rate limit (a whole game is
/// played faster than people play).
pub(crate) async fn read(bot: &Bot, path: &str, authorization: &str) -> crate::fake_http::Answer {
    loop {
        let answer = bot.get(path, Some(authorization)).await;
        if answer.status != 429 {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// An action sent as `authorization`, waiting out the rate limit as [`read`] does.
pub(crate) async fn act(bot: &Bot, authorization: &str, body: &str) -> crate::fake_http::Answer {
    loop {
        let answer = bot.act(authorization, body).await;
        if answer.status != 429 {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// One reader of the game: how they sign in, their seat, their open event stream, and how
/// many times it told them their hand changed.
struct Reader {
    name: &'static str,
    authorization: String,
    seat: Option<usize>,
    events: Events,
    hand_events: usize,
}

impl Reader {
    async fn open(
        bot: &Bot,
        name: &'static str,
        authorization: String,
        seat: Option<usize>,
    ) -> Reader {
        let headers = [("authorization", authorization.as_str())];
        let mut events = Events::open(&format!("{}/api/games/1/events", bot.web), &headers)
            .await
            .expect("the stream opens");
        assert_eq!(events.status, 200, "{name}");
        assert_eq!(events.next(WAIT).await.map(|(event, _)| event).as_deref(), Some("ready"));
        Reader { name, authorization, seat, events, hand_events: 0 }
    }

    /// Reads the stream up to the board at `ply`; whether it is the final one. Every event
    /// must carry nothing but a ply and whether the game ended; a hand's, nothing at all.
    async fn board_at(&mut self, ply: u64) -> bool {
        loop {
            let (event, data) = self.events.next(WAIT).await.expect("an event");
            let data: Value = serde_json::from_str(&data).expect("JSON data");
            match event.as_str() {
                "hand" => {
                    assert_eq!(data, json!({}), "a hand's event carries nothing");
                    assert!(self.seat.is_some(), "{} was told of a hand", self.name);
                    self.hand_events += 1;
                }
                "board" => {
                    let fields: BTreeSet<&str> =
                        data.as_object().expect("an object").keys().map(String::as_str).collect();
                    assert_eq!(fields, BTreeSet::from(["ended", "ply"]), "{data}");
                    if data["ply"].as_u64() == Some(ply) {
                        return data["ended"] == true;
                    }
                }
                other => panic!("{}: an unexpected event {other}: {data}", self.name),
            }
        }
    }
}

/// What every reader reads alike: the state without the reader's own part.
fn public_part(state: &Value) -> Value {
    let mut public = state.clone();
    if let Some(fields) = public.as_object_mut() {
        for own in ["hand", "you", "now_ms", "deadline_ms"] {
            fields.remove(own);
        }
    }
    public
}

/// Checks what `reader` read against the game rebuilt from the store.
fn check_state(reader: &Reader, state: &Value, game: &Cinco) {
    let who = reader.name;
    let view = game.public_view();
    assert_eq!(state["kind"], "cinco", "{who}");
    assert_eq!(state["board"]["type"], "cinco", "{who}");
    assert_eq!(state["buttons"], json!([]), "{who}: the page acts through the hand alone");
    // The board's card objects show no reveal: those are told in words.
    let public = face_up(&view, view.reveals.len());
    let (shared, mut named) = (public_part(state), Vec::new());
    cards_in(&shared, &mut named);
    for card in named {
        let shown = face_of(card);
        assert!(
            public.iter().any(|&up| face(up) == shown),
            "{who} read {card}, which is not face up: {state}"
        );
    }
    let counts: Vec<u64> =
        view.players.iter().map(|player| u64::try_from(player.cards).expect("a count")).collect();
    let drawn: Vec<u64> = state["board"]["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|player| player["cards"].as_u64().expect("a count"))
        .collect();
    assert_eq!(drawn, counts, "{who}: how many cards each holds, and nothing more");
    let Some(seat) = reader.seat else {
        assert!(state.get("hand").is_none(), "{who} watches: no hand: {state}");
        assert_eq!(state["you"]["may_act"], false);
        return;
    };
    let hand = &state["hand"];
    assert_eq!(hand["seat"], seat, "{who}");
    let private =
        game.private_view(CincoSeat(u8::try_from(seat).expect("a seat"))).expect("a seat");
    let held: Vec<_> = hand["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .map(|held| face_of(&held["card"]))
        .collect();
    let own: Vec<_> = private.hand.iter().map(|&card| face(card)).collect();
    assert_eq!(held, own, "{who} reads their own hand, exactly");
    let sealed = private.sealed_bid.map(|bid| face(bid.card));
    let shown = hand["sealed_bid"].as_object().map(|_| face_of(&hand["sealed_bid"]));
    assert_eq!(shown, sealed, "{who}: their own sealed bid");
    let acts =
        hand["cards"].as_array().into_iter().flatten().any(|held| held["actions"] != json!([]))
            || hand["loose"] != json!([]);
    assert_eq!(acts, !private.actions.is_empty(), "{who}: actions when the game waits for them");
}

/// The payloads a player's hand offers now, in order.
pub(crate) fn choices(state: &Value) -> Vec<String> {
    let hand = &state["hand"];
    let on_cards = hand["cards"].as_array().into_iter().flatten().flat_map(|held| {
        held["actions"].as_array().into_iter().flatten().map(|choice| choice["payload"].clone())
    });
    let loose =
        hand["loose"].as_array().into_iter().flatten().map(|choice| choice["payload"].clone());
    on_cards.chain(loose).filter_map(|payload| payload.as_str().map(str::to_owned)).collect()
}

/// The first line of every hand sent privately to `chat` among the first `calls` calls.
fn hands_sent(bot: &Bot, chat: i64, calls: usize) -> Vec<String> {
    bot.fake
        .calls()
        .iter()
        .take(calls)
        .filter(|call| call.chat() == chat && call.text().starts_with("Your hand in CINCO #1"))
        .map(|call| call.text().lines().next().unwrap_or_default().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cinco_game_played_through_the_board_shows_each_reader_their_own_secrets_only() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let bot = Bot::start(&database).await;
    open_table(&bot).await;
    let store = Store::open_existing(&format!("sqlite://{}", database.display()))
        .await
        .expect("the bot's store");
    let mut readers = vec![
        Reader::open(&bot, "ana", tma(&init_data(&ana(), now(), None)), Some(0)).await,
        Reader::open(&bot, "bruno", tma(&init_data(&bruno(), now(), None)), Some(1)).await,
        Reader::open(&bot, "a spectator", spectator_link(LINK_KEY, 1), None).await,
    ];
    let carla = tma(&init_data(&carla(), now(), None));
    let mut seen_hands: [BTreeSet<String>; 2] = [BTreeSet::new(), BTreeSet::new()];
    let (mut bids, mut through_chat, mut ply) = (0, 0, 0_u64);
    let mut reveals_told = 0;
    let mut choice: u64 = 7;
    // The calls made before the last action: the hands sent after it, the board (gone with
    // the game) never showed.
    let mut before_last;
    loop {
        assert!(ply < 2_000, "the game ends");
        let game = rebuilt(&store).await;
        assert_eq!(u64::try_from(game.history().len()).ok(), Some(ply));
        let mut states = Vec::new();
        for reader in &readers {
            let answer = read(&bot, "/api/games/1", &reader.authorization).await;
            assert_eq!(answer.status, 200, "{}: {answer:?}", reader.name);
            let state = answer.json();
            assert_eq!(state["ply"], ply);
            check_state(reader, &state, &game);
            if let Some(seat) = reader.seat {
                seen_hands[seat]
                    .insert(state["hand"]["lines"][0].as_str().unwrap_or_default().to_owned());
            }
            states.push(state);
        }
        let spectators = public_part(&states[2]);
        if game.public_view().reveals.is_empty() {
            assert!(spectators.get("told").is_none(), "nothing revealed yet: {spectators}");
        } else {
            let told = spectators["told"][0].as_str().unwrap_or_default();
            assert!(told.contains("every bid at once"), "the last reveal is told: {spectators}");
            reveals_told += 1;
        }
        for (reader, state) in readers.iter().zip(&states) {
            assert_eq!(public_part(state), spectators, "{} reads the table as anyone", reader.name);
        }
        let refused = read(&bot, "/api/games/1", &carla).await;
        assert_eq!((refused.status, refused.json()), (403, json!({"error": "forbidden"})));

        // Whoever the game waits for acts: the first of them with a choice, a choice drawn
        // from a generator (the same every run).
        let (seat, offered) = (0..2)
            .map(|seat| (seat, choices(&states[seat])))
            .find(|(_, offered)| !offered.is_empty())
            .expect("somebody may act");
        choice =
            choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let pick = usize::try_from(choice >> 33).unwrap_or(0) % offered.len();
        let payload = &offered[pick];
        bids += usize::from(payload.starts_with("B:"));
        let from = bot.fake.count();
        before_last = from;
        if seat == 1 && ply % 3 == 2 {
            through_chat += 1;
            bot.fake.push(press(BRUNO, 1, &bruno(), payload));
        } else {
            let body = json!({"id": format!("tap-{ply:04}-{seat}"), "button": payload}).to_string();
            let answered = act(&bot, &readers[seat].authorization, &body).await;
            assert_eq!(replies(&answered), Vec::<String>::new(), "{payload} is played");
        }
        ply += 1;
        let mut ended = false;
        for reader in &mut readers {
            ended = reader.board_at(ply).await;
        }
        bot.fake
            .wait_for(from, |call| call.chat() == GROUP && call.text().contains("CINCO #1"))
            .await;
        if ended {
            break;
        }
    }
    assert!(bids >= 2, "an auction was bid in through the board: {bids} bids");
    assert!(through_chat > 0);
    assert!(reveals_told > 0, "a reveal was read on the board");
    for reader in &readers {
        assert_eq!(
            reader.hand_events > 0,
            reader.seat.is_some(),
            "{}: {}",
            reader.name,
            reader.hand_events
        );
    }
    // The ended game is still read, a while, as it ended: each reader's own part only.
    let game = rebuilt(&store).await;
    for reader in &readers {
        let end = read(&bot, "/api/games/1", &reader.authorization).await;
        assert_eq!(end.status, 200, "{}: {end:?}", reader.name);
        let end = end.json();
        assert_eq!(end["active"], false, "{}", reader.name);
        check_state(reader, &end, &game);
        assert_eq!(choices(&end), Vec::<String>::new(), "{}: nothing left to do", reader.name);
    }
    // Each hand sent privately was its owner's: one they read on the board at some step.
    // (The rebuilt game's hands are the board's, checked above.)
    for (seat, chat) in [ANA, BRUNO].into_iter().enumerate() {
        let sent = hands_sent(&bot, chat, before_last);
        assert!(!sent.is_empty());
        for line in sent {
            assert!(seen_hands[seat].contains(&line), "{chat} was sent {line}, not theirs");
        }
    }
    let group_told_a_hand = bot
        .fake
        .calls()
        .iter()
        .any(|call| call.chat() == GROUP && call.text().contains("Your hand"));
    assert!(!group_told_a_hand);
    bot.served.stop().await;
}

/// What the board refuses in a CINCO game changes nothing: a spectator's link acting, a
/// player's link for a seat that is not theirs, a sign-in that is not Telegram's, someone
/// who does not play, an action of another game, a card only picked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_cinco_actions_on_the_board_change_nothing() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    open_table(&bot).await;
    let ana_signed = tma(&init_data(&ana(), now(), None));
    let before = bot.get("/api/games/1", Some(&ana_signed)).await.json();
    let bruno_before =
        bot.get("/api/games/1", Some(&tma(&init_data(&bruno(), now(), None)))).await.json();
    let (seat, state) = if choices(&before).is_empty() { (1, &bruno_before) } else { (0, &before) };
    let payload = choices(state).first().cloned().expect("somebody may act");
    let body = |id: &str, button: &str| json!({"id": id, "button": button}).to_string();

    let spectator = spectator_link(LINK_KEY, 1);
    assert_eq!(bot.act(&spectator, &body("tap-0001-watch", &payload)).await.status, 403);
    let key = LinkKey::new(LINK_KEY);
    let (user, other_seat) = if seat == 0 { (ANA, 1) } else { (BRUNO, 0) };
    let wrong_seat = Link {
        platform: Platform::Telegram,
        game: GameId(1),
        player: Some(LinkPlayer { seat: other_seat, user: user.to_string(), handle: None }),
        expires: now() + 600,
        locale: None,
    };
    let wrong_seat = format!("Link {}", wrong_seat.mint(&key).expect("a link"));
    assert_eq!(bot.get("/api/games/1", Some(&wrong_seat)).await.status, 403);
    assert_eq!(bot.act(&wrong_seat, &body("tap-0002-seat", &payload)).await.status, 403);
    // Ana's sign-in with Bruno put in it: the signature no longer holds.
    let signed = init_data(&ana(), now(), None);
    let forged = signed.replace(&encoded(&ana().to_string()), &encoded(&bruno().to_string()));
    assert_ne!(forged, signed);
    assert_eq!(bot.act(&tma(&forged), &body("tap-0003-forged", &payload)).await.status, 401);
    let carla = tma(&init_data(&carla(), now(), None));
    assert_eq!(bot.act(&carla, &body("tap-0004-carla", &payload)).await.status, 403);
    let actor = if seat == 0 { ana_signed.clone() } else { tma(&init_data(&bruno(), now(), None)) };
    let elsewhere = payload.replacen(":1:", ":2:", 1);
    assert_eq!(bot.act(&actor, &body("tap-0005-elsewhere", &elsewhere)).await.status, 400);
    let (verb, rest) = payload.split_at(2);
    let round = rest.splitn(3, ':').take(2).collect::<Vec<_>>().join(":");
    let picked = format!("{verb}{round}:?");
    assert_eq!(bot.act(&actor, &body("tap-0006-pick", &picked)).await.status, 400);

    let after = bot.get("/api/games/1", Some(&ana_signed)).await.json();
    assert_eq!(public_part(&after), public_part(&before), "nothing changed");
    assert_eq!(after["hand"], before["hand"]);
    assert_eq!(after["ply"], 0);
    bot.served.stop().await;
}

/// The core's side: a CINCO table read by a player comes with their hand and nobody else's;
/// by a spectator, or the same id on another platform, with none; its board is the same
/// table for everyone.
#[tokio::test]
async fn the_core_shows_a_cinco_reader_their_own_hand_only() {
    use crate::common::Harness;
    let mut harness = Harness::new().await;
    harness.say("Ana", "/cinco").await;
    harness.press("Bruno", "L:1:j").await;
    harness.press("Ana", "L:1:s").await;
    let (row, log) = harness.store.cinco_game(GameId(1)).await.expect("readable").expect("game 1");
    assert!(log.is_empty());
    let game = Cinco::start(CincoSettings { seats: 2, seed: row.rules.seed }).expect("a table");
    let core = &harness.core;
    let ana = core.game_view(GameId(1), Some((Platform::Console, "ana")), None).await;
    let ana = ana.expect("game 1");
    let bruno = core.game_view(GameId(1), Some((Platform::Console, "bruno")), None).await;
    let bruno = bruno.expect("game 1");
    let spectator = core.game_view(GameId(1), None, None).await.expect("game 1");
    let elsewhere = core.game_view(GameId(1), Some((Platform::Telegram, "ana")), None).await;
    let elsewhere = elsewhere.expect("game 1");
    for (seat, view) in [(0_u8, &ana), (1, &bruno)] {
        let hand = view.hand.as_ref().expect("a player's own hand");
        assert_eq!(hand.seat, usize::from(seat));
        let own = game.private_view(CincoSeat(seat)).expect("a seat").hand;
        let faces: Vec<_> = hand.cards.iter().map(|held| held.face).collect();
        assert_eq!(faces.len(), own.len(), "seat {seat}");
        assert_eq!(view.board, spectator.board, "the table is everyone's");
    }
    assert_ne!(ana.hand, bruno.hand);
    assert_eq!((spectator.hand.as_ref(), spectator.viewer_seat), (None, None));
    assert_eq!((elsewhere.hand.as_ref(), elsewhere.viewer_seat), (None, None), "another ana");
    assert!(spectator.legal.is_empty());
}

/// The board handed out at a CINCO table: the group's table carries the Open board button
/// (the bot's Mini App), each hand sent privately the page opened in place, and `/web` sends Ana a player's link, which reads her hand and bids
/// or plays with it, and Carla a spectator's, which reads the table and no hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cinco_table_hands_out_the_board_and_web_sends_each_their_own_link() {
    use crate::web_links::{keyboard, web_command};
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start_handing_out(&directory.path().join("bot.db"), Some(Some("board"))).await;
    let from = bot.fake.count();
    open_table(&bot).await;
    let table =
        bot.fake.wait_for(from, |call| call.method == "sendPhoto" && call.chat() == GROUP).await;
    let rows = keyboard(&table)["inline_keyboard"].as_array().cloned().expect("a keyboard");
    assert_eq!(rows[0][0]["callback_data"], "H:1", "My hand first: {rows:?}");
    let open = &rows.last().expect("rows")[0];
    assert_eq!(open["text"], "Open board");
    assert_eq!(open["url"], "https://t.me/cincobot_test/board?startapp=g1", "{open}");

    // Her hand, sent privately, opens her page in place: Telegram signs her in.
    let hand = bot
        .fake
        .wait_for(from, |call| call.chat() == ANA && call.text().starts_with("Your hand"))
        .await;
    let rows = keyboard(&hand)["inline_keyboard"].as_array().cloned().expect("a keyboard");
    let open = &rows.last().expect("rows")[0];
    assert_eq!(open["text"], "Open board");
    assert_eq!(open["web_app"]["url"], format!("{}/g/1", bot.web), "{open}");

    let (page, token) = web_command(&bot, &ana(), ANA).await;
    assert_eq!(page, format!("{}/g/1", bot.web));
    let ana_link = format!("Link {token}");
    let state = read(&bot, "/api/games/1", &ana_link).await.json();
    assert_eq!((state["you"]["seat"].as_u64(), state["hand"]["seat"].as_u64()), (Some(0), Some(0)));
    let (_, token) = web_command(&bot, &carla(), crate::web::CARLA).await;
    let carla_link = format!("Link {token}");
    let watched = read(&bot, "/api/games/1", &carla_link).await.json();
    assert!(watched.get("hand").is_none(), "a spectator's link reads no hand: {watched}");
    assert_eq!(public_part(&watched)["board"], public_part(&state)["board"]);
    bot.served.stop().await;
}
