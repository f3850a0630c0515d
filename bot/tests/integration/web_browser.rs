//! The web board in a real browser: headless Chromium, driven through chromedriver's
//! WebDriver API, opens the page as Telegram opens a Mini App (initData in the fragment),
//! taps h8 and taps it again; the stone shows on the page and the group's board is edited.
//! Skipped with a note when chromedriver is not installed, unless
//! `CINCOBOT_TEST_BROWSER_REQUIRED=1` (CI installs Debian's `chromium` and `chromium-driver`).

use crate::fake_http::{self as http, Answer};
use crate::fake_telegram::text;
use crate::telegram::{board_at, is};
use crate::web::{Bot, GROUP, ana, bruno, encoded, init_data, now};

use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const WAIT: Duration = Duration::from_secs(30);
/// The key WebDriver names a found element's reference by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// chromedriver on a free port, killed when dropped with the browsers it started.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // A test that failed left its session open: killing chromedriver alone would leave
        // its Chromium running, orphaned, for good. They share a process group of their own.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver's path, if it is installed.
fn chromedriver() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("chromedriver")).find(|file| file.is_file())
}

impl Driver {
    async fn start(binary: &std::path::Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|socket| socket.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(binary)
            .process_group(0)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver { child, url: format!("http://127.0.0.1:{port}") };
        let until = Instant::now() + WAIT;
        while driver.call("GET", "/status", None).await.is_none_or(|a| a.status != 200) {
            assert!(Instant::now() < until, "chromedriver never answered");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        driver
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Option<Answer> {
        let body = body.map(|body| body.to_string()).unwrap_or_default();
        let headers = [("content-type", "application/json")];
        http::request(method, &format!("{}{path}", self.url), &headers, body.as_bytes()).await
    }

    async fn value(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let answer = self.call(method, path, body).await.expect("chromedriver answers");
        assert_eq!(answer.status, 200, "{method} {path}: {}", answer.body);
        answer.json()["value"].clone()
    }

    /// What `method path` answers about an element, asked again (the element found afresh by
    /// `find`) while the page has replaced it: the page draws itself anew at every event.
    async fn about_element(
        &self,
        method: &str,
        find: impl AsyncFn() -> String,
        path: impl Fn(&str) -> String,
        body: Option<Value>,
    ) -> Value {
        let until = Instant::now() + WAIT;
        loop {
            let element = find().await;
            let answer = self.call(method, &path(&element), body.clone()).await;
            let answer = answer.expect("chromedriver answers");
            if answer.status == 200 {
                return answer.json()["value"].clone();
            }
            let stale = answer.body.contains("stale element reference");
            assert!(stale && Instant::now() < until, "{method}: {}", answer.body);
        }
    }
}

/// Waits for the elements `selector` finds to be `count` (at least one when `None`); their
/// references.
async fn elements(
    driver: &Driver,
    session: &str,
    selector: &str,
    count: Option<usize>,
) -> Vec<String> {
    found_by(driver, session, Find::Css(selector), count).await
}

/// How elements are looked for.
#[derive(Clone, Copy, Debug)]
enum Find<'a> {
    Css(&'a str),
    XPath(&'a str),
}

/// [`elements`], found by CSS or by XPath.
async fn found_by(
    driver: &Driver,
    session: &str,
    find: Find<'_>,
    count: Option<usize>,
) -> Vec<String> {
    let (using, selector) = match find {
        Find::Css(selector) => ("css selector", selector),
        Find::XPath(selector) => ("xpath", selector),
    };
    let until = Instant::now() + WAIT;
    loop {
        let found = driver
            .value(
                "POST",
                &format!("/session/{session}/elements"),
                Some(json!({"using": using, "value": selector})),
            )
            .await;
        let found: Vec<String> = found
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|element| element[ELEMENT].as_str().map(str::to_owned))
            .collect();
        if count.map_or(!found.is_empty(), |count| found.len() == count) {
            return found;
        }
        assert!(Instant::now() < until, "{selector}: {} found, not {count:?}", found.len());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The text of the element `selector` finds.
async fn text_of(driver: &Driver, session: &str, selector: &str) -> String {
    let find = async || elements(driver, session, selector, None).await.remove(0);
    let path = |element: &str| format!("/session/{session}/element/{element}/text");
    let text = driver.about_element("GET", find, path, None).await;
    text.as_str().unwrap_or_default().to_owned()
}

/// Clicks the one element `selector` finds.
async fn click(driver: &Driver, session: &str, selector: &str) {
    click_found(driver, session, Find::Css(selector)).await;
}

async fn click_found(driver: &Driver, session: &str, find: Find<'_>) {
    let element = async || found_by(driver, session, find, Some(1)).await.remove(0);
    let path = |element: &str| format!("/session/{session}/element/{element}/click");
    driver.about_element("POST", element, path, Some(json!({}))).await;
}

/// chromedriver, or `None` (the test is skipped) when it or Chromium is not installed and
/// not required.
async fn chromedriver_running() -> Option<Driver> {
    let required = std::env::var("CINCOBOT_TEST_BROWSER_REQUIRED").is_ok_and(|value| value == "1");
    let Some(binary) = chromedriver().filter(|_| std::path::Path::new(CHROMIUM).exists()) else {
        assert!(
            !required,
            "CINCOBOT_TEST_BROWSER_REQUIRED=1 but chromium or chromedriver is missing"
        );
        eprintln!(
            "skipped: the web board's browser test needs Debian's chromium and chromium-driver \
             (apt-get install chromium chromium-driver); CINCOBOT_TEST_BROWSER_REQUIRED=1 makes \
             it required"
        );
        return None;
    };
    Some(Driver::start(&binary).await)
}

/// How big the page is drawn.
#[derive(Clone, Copy)]
enum Screen {
    /// A desktop window.
    Window,
    /// A phone's screen, 390×844 CSS pixels at twice the density, touch included.
    Phone,
}

/// A new headless Chromium session of `driver`, with its own profile under `directory`.
async fn session(driver: &Driver, directory: &std::path::Path, screen: Screen) -> String {
    let profile = tempfile::tempdir_in(directory).expect("a profile folder").keep();
    let mut options = json!({
        "binary": CHROMIUM,
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--disable-gpu", "--window-size=600,900",
                 format!("--user-data-dir={}", profile.display())],
    });
    if let Screen::Phone = screen {
        options["mobileEmulation"] = json!({
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": true},
        });
    }
    let capabilities = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": options,
    }}});
    let session = driver.value("POST", "/session", Some(capabilities)).await;
    session["sessionId"].as_str().expect("a session").to_owned()
}

/// chromedriver and a headless Chromium session, or `None` (the test is skipped) when they
/// are not installed and not required.
async fn browser(directory: &std::path::Path, screen: Screen) -> Option<(Driver, String)> {
    let driver = chromedriver_running().await?;
    let session = session(&driver, directory, screen).await;
    Some((driver, session))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_taps_twice_in_chromium_and_the_stone_is_played() {
    let directory = tempfile::tempdir().expect("a folder");
    let Some((driver, session)) = browser(directory.path(), Screen::Window).await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.gomoku().await;

    let signed = init_data(&ana(), now(), None);
    let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed));
    driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
    // The page sets its title once its words came from the server.
    let until = Instant::now() + WAIT;
    while driver.value("GET", &format!("/session/{session}/title"), None).await != "cincobot board"
    {
        assert!(Instant::now() < until, "the page's words never came from the server");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(text_of(&driver, &session, "#lines p").await.contains("#1"));
    elements(&driver, &session, "[data-point]", Some(225)).await;
    assert_eq!(text_of(&driver, &session, "#status").await, "Your turn: tap a point.");

    // The first tap only shows where the stone would go; the second plays it.
    let from = bot.fake.count();
    click(&driver, &session, "[data-point=\"h8\"]").await;
    assert_eq!(text_of(&driver, &session, "#status").await, "Tap h8 again to play it.");
    assert_eq!(elements(&driver, &session, "circle[data-stone]", Some(0)).await.len(), 0);
    click(&driver, &session, "[data-point=\"h8\"]").await;
    let edited = bot.fake.wait_for(from, board_at(GROUP, 1)).await;
    assert_eq!(edited.method, "editMessageMedia");
    // The event stream brings the new state: one black stone, and no points left to tap.
    elements(&driver, &session, "circle[data-stone=\"b\"]", Some(1)).await;
    elements(&driver, &session, "[data-point]", Some(0)).await;

    save_screenshot(&driver, &session, "web-gomoku.png").await;
    driver.value("DELETE", &format!("/session/{session}"), None).await;
    bot.served.stop().await;
}

/// A whole gomoku game between two browsers, one per player, each at phone size and signed
/// in as Telegram signs a Mini App in: each move is two taps on the mover's page, the stone
/// comes to the other page through its event stream, and it is the other's turn there; the
/// fifth stone in a row ends the game on both pages and in the group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gomoku_game_is_played_to_five_in_a_row_between_two_browsers() {
    let directory = tempfile::tempdir().expect("a folder");
    let Some(driver) = chromedriver_running().await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.gomoku().await;
    let mut sessions = Vec::new();
    for who in [ana(), bruno()] {
        let session = session(&driver, directory.path(), Screen::Phone).await;
        let signed = init_data(&who, now(), None);
        let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed));
        driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
        sessions.push(session);
    }
    // Ana (black) lines up h8 to l8; Bruno answers on row 9, a stone short each time.
    let moves = ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"];
    for (ply, point) in moves.iter().enumerate() {
        let (mover, other) = (&sessions[ply % 2], &sessions[1 - ply % 2]);
        let colour = if ply % 2 == 0 { "b" } else { "w" };
        let tap = format!("[data-point=\"{point}\"]");
        let from = bot.fake.count();
        click(&driver, mover, &tap).await;
        click(&driver, mover, &tap).await;
        bot.fake.wait_for(from, board_at(GROUP, ply + 1)).await;
        let stone = format!("circle[data-stone=\"{colour}\"][data-at=\"{point}\"]");
        for session in [mover, other] {
            elements(&driver, session, &stone, Some(1)).await;
            elements(&driver, session, "circle[data-stone]", Some(ply + 1)).await;
        }
        if ply + 1 < moves.len() {
            // The other's turn on their page, and none on the mover's.
            elements(&driver, other, "[data-point]", Some(225 - ply - 1)).await;
            elements(&driver, mover, "[data-point]", Some(0)).await;
        }
    }
    // Five in a row: over on both pages, and nobody may tap.
    for session in &sessions {
        elements(&driver, session, "[data-point]", Some(0)).await;
        let until = Instant::now() + WAIT;
        while !text_of(&driver, session, "#lines").await.contains("ana (black) wins") {
            assert!(Instant::now() < until, "{}", text_of(&driver, session, "#lines").await);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    save_screenshot(&driver, &sessions[1], "web-gomoku-won.png").await;
    // The ended game's buttons are the chat's: Replay, pressed on the page, posts the replay
    // to the group.
    let from = bot.fake.count();
    click_found(
        &driver,
        &sessions[1],
        Find::XPath("//nav[@id='buttons']//button[contains(., 'Replay')]"),
    )
    .await;
    let replay = bot
        .fake
        .wait_for(from, |call| call.chat() == GROUP && call.method == "sendAnimation")
        .await;
    assert_eq!(replay.method, "sendAnimation");
    for session in &sessions {
        driver.value("DELETE", &format!("/session/{session}"), None).await;
    }
    bot.served.stop().await;
}

/// 5 en raya in the browser: the seven columns are the places to tap; a first tap shows the
/// disc where it would land, a second drops it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_taps_a_column_twice_in_chromium_and_the_disc_is_dropped() {
    let directory = tempfile::tempdir().expect("a folder");
    let Some((driver, session)) = browser(directory.path(), Screen::Window).await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.expect(text(GROUP, &bruno(), "/help"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &ana(), "/connect5 @bruno"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    let signed = init_data(&ana(), now(), None);
    let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed));
    driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
    elements(&driver, &session, "[data-column]", Some(7)).await;
    assert_eq!(text_of(&driver, &session, "#status").await, "Your turn: tap a column.");
    let red_before = elements(&driver, &session, "circle[data-disc=\"r\"]", None).await.len();

    let from = bot.fake.count();
    click(&driver, &session, "[data-column=\"4\"]").await;
    assert_eq!(text_of(&driver, &session, "#status").await, "Tap 4 again to play it.");
    click(&driver, &session, "[data-column=\"4\"]").await;
    let edited = bot.fake.wait_for(from, |call| call.method == "editMessageMedia").await;
    assert_eq!(edited.chat(), GROUP);
    elements(&driver, &session, "circle[data-disc=\"r\"]", Some(red_before + 1)).await;
    elements(&driver, &session, "[data-column]", Some(0)).await;
    driver.value("DELETE", &format!("/session/{session}"), None).await;
    bot.served.stop().await;
}

/// An attribute of every element `selector` finds, in document order.
async fn attributes(driver: &Driver, session: &str, selector: &str, name: &str) -> Vec<String> {
    let count = elements(driver, session, selector, None).await.len();
    let mut values = Vec::new();
    for index in 0..count {
        let find = async || elements(driver, session, selector, Some(count)).await.remove(index);
        let path = |element: &str| format!("/session/{session}/element/{element}/attribute/{name}");
        let value = driver.about_element("GET", find, path, None).await;
        values.push(value.as_str().unwrap_or_default().to_owned());
    }
    values
}

/// A card of the API's JSON as the page marks it (`data-card`).
fn card_mark(card: &Value) -> String {
    let part = |value: &Value| match value {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        _ => String::new(),
    };
    format!("{}:{}:{}", part(&card["colour"]), part(&card["kind"]), part(&card["number"]))
}

/// The page's screenshot, as PNG bytes.
async fn screenshot(driver: &Driver, session: &str) -> Vec<u8> {
    use base64::Engine;
    let shot = driver.value("GET", &format!("/session/{session}/screenshot"), None).await;
    let encoded = shot.as_str().expect("a base64 PNG");
    base64::engine::general_purpose::STANDARD.decode(encoded).expect("base64")
}

/// Writes the page as it looks now to `name` in the folder `CINCOBOT_WEB_SCREENSHOTS` names,
/// when it names one (docs/images/ holds the ones the documentation shows).
async fn save_screenshot(driver: &Driver, session: &str, name: &str) {
    let png = screenshot(driver, session).await;
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let Some(folder) = std::env::var_os("CINCOBOT_WEB_SCREENSHOTS") else { return };
    std::fs::write(std::path::Path::new(&folder).join(name), png).expect("the screenshot written");
}

/// CINCO in two browsers at phone size, one per player: the turns before the first auction
/// both may bid in are played through the API, then each player taps a card of their own
/// hand once (the page says what a second tap does) and again (the bid is sealed); each
/// page shows its own hand only, the other's bid face down, and the reveal lands in the group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_bid_in_a_cinco_auction_by_tapping_cards_in_chromium() {
    use crate::web_cinco::{act, choices, open_table, read};
    let directory = tempfile::tempdir().expect("a folder");
    let Some(driver) = chromedriver_running().await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    open_table(&bot).await;
    let people = [ana(), bruno()];
    let signed: Vec<String> = people.iter().map(|who| init_data(who, now(), None)).collect();
    let authorization: Vec<String> = signed.iter().map(|data| format!("tma {data}")).collect();
    let state = |seat: usize| {
        let authorization = authorization[seat].clone();
        let bot = &bot;
        async move {
            let answer = read(bot, "/api/games/1", &authorization).await;
            assert_eq!(answer.status, 200, "{answer:?}");
            answer.json()
        }
    };
    let mut steps = 0;
    loop {
        let states = [state(0).await, state(1).await];
        if states[0]["board"]["auction"]["bids"] == json!(["waiting", "waiting"]) {
            break;
        }
        let (seat, offered) = (0..2)
            .map(|seat| (seat, choices(&states[seat])))
            .find(|(_, offered)| !offered.is_empty())
            .expect("somebody may act");
        let body = json!({"id": format!("api-{steps:04}"), "button": offered[0]}).to_string();
        assert_eq!(act(&bot, &authorization[seat], &body).await.status, 200);
        steps += 1;
        assert!(steps < 300, "no auction both may bid in");
    }

    let sessions = [
        session(&driver, directory.path(), Screen::Phone).await,
        session(&driver, directory.path(), Screen::Phone).await,
    ];
    let mut hands = Vec::new();
    for (seat, session) in sessions.iter().enumerate() {
        let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed[seat]));
        driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
        let read = state(seat).await;
        let hand = read["hand"].clone();
        let own: Vec<String> = hand["cards"]
            .as_array()
            .expect("cards")
            .iter()
            .map(|held| card_mark(&held["card"]))
            .collect();
        elements(&driver, session, "#hand .cards .card", Some(own.len())).await;
        let shown = attributes(&driver, session, "#hand .cards .card", "data-card").await;
        assert_eq!(shown, own, "seat {seat}'s page shows their own hand");
        elements(&driver, session, "#hand h2", Some(1)).await;
        elements(&driver, session, "[data-bid=\"waiting\"]", Some(2)).await;
        assert_eq!(text_of(&driver, session, "#status").await, "Tap a card to choose it.");
        // The auction's time left, under the table, when the table has a clock.
        let clocks = usize::from(read["deadline_ms"].is_i64());
        elements(&driver, session, "#table #clock", Some(clocks)).await;
        if clocks == 1 {
            let clock = text_of(&driver, session, "#table #clock").await;
            assert!(clock.ends_with(" left") && clock.contains(':'), "{clock:?}");
        }
        hands.push(hand);
    }

    let names = ["ana", "bruno"];
    let mut bid_cards = Vec::new();
    for (seat, session) in sessions.iter().enumerate() {
        // A card to bid, tapped once. With one bid it is tapped again; with Puntaje in hand
        // its bids (alone, raised, lowering the other's) are offered, and the first chosen.
        let cards = hands[seat]["cards"].as_array().expect("cards");
        let index = cards
            .iter()
            .position(|held| held["actions"].as_array().is_some_and(|actions| !actions.is_empty()))
            .expect("a card to bid");
        let actions = cards[index]["actions"].as_array().expect("actions");
        let card = format!("#hand .cards .card:nth-child({})", index + 1);
        click(&driver, session, &card).await;
        elements(&driver, session, "#hand .cards .card.picked", Some(1)).await;
        let second = if actions.len() == 1 {
            let label = actions[0]["label"].as_str().unwrap_or_default();
            let hint = format!("Tap the card again: {label}");
            assert_eq!(text_of(&driver, session, "#status").await, hint);
            card
        } else {
            let name = cards[index]["name"].as_str().unwrap_or_default();
            let hint = format!("What to do with {name}?");
            assert_eq!(text_of(&driver, session, "#status").await, hint);
            elements(&driver, session, ".choices button:not(.loose)", Some(actions.len())).await;
            ".choices button:first-child".to_owned()
        };
        if seat == 0 {
            save_screenshot(&driver, session, "web-cinco-phone.png").await;
        }
        let from = bot.fake.count();
        click(&driver, session, &second).await;
        bid_cards.push(cards[index]["name"].as_str().unwrap_or_default().to_owned());
        if seat == 0 {
            // Sealed on Ana's page; face down on Bruno's, through his event stream.
            elements(&driver, session, ".own-bid .card", Some(1)).await;
            elements(&driver, &sessions[1], "[data-bid=\"sealed\"]", Some(1)).await;
            // The group's table says that she bid, not with what.
            let table = bot.fake.wait_for(from, |call| call.chat() == GROUP).await;
            assert!(table.text().contains("ana has bid."), "{}", table.text());
            assert!(!table.text().contains("every bid at once"));
        } else {
            let reveal =
                bot.fake.wait_for(from, |call| call.text().contains("every bid at once")).await;
            assert_eq!(reveal.chat(), GROUP);
            for (name, card) in names.iter().zip(&bid_cards) {
                assert!(reveal.text().contains(&format!("{name}: {card}")), "{}", reveal.text());
            }
        }
    }
    // The auction is over on both pages, its reveal told under the table.
    for (seat, session) in sessions.iter().enumerate() {
        elements(&driver, session, "[data-bid]", Some(0)).await;
        assert!(text_of(&driver, session, ".told p").await.contains("every bid at once"));
        save_screenshot(&driver, session, &format!("web-cinco-phone-revealed-{seat}.png")).await;
        driver.value("DELETE", &format!("/session/{session}"), None).await;
    }
    bot.served.stop().await;
}

/// Clicks the button under the board labelled `label`.
async fn press(driver: &Driver, session: &str, label: &str) {
    let button = format!("//nav[@id='buttons']//button[normalize-space(.)='{label}']");
    click_found(driver, session, Find::XPath(&button)).await;
}

/// Renju on a phone: black offers ten fifth moves by tapping them, white's choice comes in
/// live, and black's tap on a forbidden point shows the chat's question with a Confirm button,
/// which plays it (and loses). The turn's clock counts down over the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renju_offers_and_a_forbidden_point_are_tapped_on_a_phone() {
    use crate::web_renju::{OPENING, TEN, Who, play, started, state};
    let directory = tempfile::tempdir().expect("a folder");
    let Some((driver, session)) = browser(directory.path(), Screen::Phone).await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let players = started(&bot, "/renju @bruno timer 60").await;
    // The opening up to Ana's last swap option, which she answers on the page.
    let (_, deciding) = OPENING.split_last().expect("the opening");
    for (ply, (who, move_text)) in deciding.iter().enumerate() {
        play(&bot, players.of(*who), u64::try_from(ply).expect("a ply"), move_text).await;
    }

    let signed = init_data(&ana(), now(), None);
    let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed));
    driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
    found_by(&driver, &session, Find::XPath("//button[normalize-space(.)='Swap']"), Some(1)).await;
    assert_eq!(
        text_of(&driver, &session, "#status").await,
        "Your turn: choose with the buttons under the board."
    );
    elements(&driver, &session, "[data-point]", Some(0)).await;
    press(&driver, &session, "Keep").await;
    // The clock counts from the server's deadline: under a minute left of the 60 s turn.
    elements(&driver, &session, "#clock", Some(1)).await;
    let clock = text_of(&driver, &session, "#clock").await;
    let left = clock.strip_suffix(" left").and_then(|time| time.split_once(':'));
    let seconds = left.and_then(|(minutes, seconds)| {
        Some(minutes.parse::<u32>().ok()? * 60 + seconds.parse::<u32>().ok()?)
    });
    assert!(seconds.is_some_and(|seconds| (30..=60).contains(&seconds)), "{clock}");
    // The fifth stone: a point inside the 9×9, or an offer begun with its button.
    elements(&driver, &session, "[data-point]", Some(81 - 4)).await;
    press(&driver, &session, "Offer ten instead").await;
    elements(&driver, &session, "[data-point=\"a1\"]", Some(1)).await;
    assert_eq!(text_of(&driver, &session, "#status").await, "Tap a point to add it to your offer.");
    for (count, point) in TEN.into_iter().enumerate() {
        click(&driver, &session, &format!("[data-point=\"{point}\"]")).await;
        elements(&driver, &session, "#board text.offer", Some(count + 1)).await;
        // Five actions a second per person: a person taps slower than the test.
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    elements(&driver, &session, "[data-point]", Some(0)).await;
    assert_eq!(
        text_of(&driver, &session, "#status").await,
        "Ten points chosen: offer them with the button under the board."
    );
    save_screenshot(&driver, &session, "web-renju-offers.png").await;
    press(&driver, &session, "Offer these ten").await;
    // White's turn to choose: Ana's page has nothing to tap until Bruno's choice comes in.
    elements(&driver, &session, "[data-point]", Some(0)).await;
    let choosing = state(&bot, &players.bruno).await;
    assert_eq!(choosing["board"]["offers"].as_array().map(Vec::len), Some(10));
    play(&bot, &players.bruno, 9, "choose i8").await;
    for (ply, who, move_text) in [
        (10, Who::Bruno, "a1"),
        (11, Who::Ana, "i7"),
        (12, Who::Bruno, "a2"),
        (13, Who::Ana, "k9"),
        (14, Who::Bruno, "a3"),
    ] {
        play(&bot, players.of(who), ply, move_text).await;
    }

    // j8 is a double three: the first tap asks, as the chat does, and plays nothing.
    elements(&driver, &session, "circle[data-stone=\"w\"]", Some(5)).await;
    click(&driver, &session, "[data-point=\"j8\"]").await;
    assert!(text_of(&driver, &session, "#status").await.contains("double three"));
    assert_eq!(text_of(&driver, &session, "#confirm").await, "Confirm");
    save_screenshot(&driver, &session, "web-renju-forbidden.png").await;
    assert_eq!(state(&bot, &players.ana).await["ply"], 15);
    let from = bot.fake.count();
    click(&driver, &session, "#confirm").await;
    bot.fake.wait_for(from, board_at(GROUP, 16)).await;
    elements(&driver, &session, "#confirm", Some(0)).await;
    // The game is over (and gone from the board once its final board is in the group).
    let after = bot.get("/api/games/1", Some(&players.ana)).await;
    assert!(after.status == 404 || after.json()["active"] == false, "{after:?}");
    driver.value("DELETE", &format!("/session/{session}"), None).await;
    bot.served.stop().await;
}

/// Ninuki in the browser: a capture shows as the capturer's count over the board ("2/10")
/// and rings where the two stones were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_capture_shows_its_count_and_the_emptied_points() {
    use crate::web_renju::{play, started};
    let directory = tempfile::tempdir().expect("a folder");
    let Some((driver, session)) = browser(directory.path(), Screen::Phone).await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let players = started(&bot, "/ninuki @bruno").await;
    // Black h8 and k8 flank white's i8 j8: both are taken.
    for (ply, who, point) in [
        (0, &players.ana, "h8"),
        (1, &players.bruno, "i8"),
        (2, &players.ana, "a1"),
        (3, &players.bruno, "j8"),
        (4, &players.ana, "k8"),
    ] {
        play(&bot, who, ply, point).await;
    }
    let signed = init_data(&bruno(), now(), None);
    let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed));
    driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
    assert_eq!(text_of(&driver, &session, "[data-captures=\"b\"]").await, "2/10 captured");
    assert_eq!(text_of(&driver, &session, "[data-captures=\"w\"]").await, "0/10 captured");
    elements(&driver, &session, "#board circle.captured", Some(2)).await;
    elements(&driver, &session, "circle[data-stone=\"w\"]", Some(0)).await;
    save_screenshot(&driver, &session, "web-ninuki-capture.png").await;
    driver.value("DELETE", &format!("/session/{session}"), None).await;
    bot.served.stop().await;
}
