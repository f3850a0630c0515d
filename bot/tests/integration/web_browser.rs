//! The web board in a real browser: headless Chromium, driven through chromedriver's
//! WebDriver API, opens the page as Telegram opens a Mini App (initData in the fragment),
//! taps h8 and taps it again; the stone shows on the page and the group's board is edited.
//! Skipped with a note when chromedriver is not installed, unless
//! `CINCOBOT_TEST_BROWSER_REQUIRED=1` (CI installs Debian's `chromium` and `chromium-driver`).

use crate::fake_http::{self as http, Answer};
use crate::fake_telegram::text;
use crate::telegram::{board_at, is};
use crate::web::{Bot, GROUP, ana, bruno, encoded, init_data, now};

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const WAIT: Duration = Duration::from_secs(30);
/// The key WebDriver names a found element's reference by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// chromedriver on a free port, killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
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

/// The text of the element `selector` finds, found again if it was drawn anew meanwhile.
async fn text_of(driver: &Driver, session: &str, selector: &str) -> String {
    for _ in 0..10 {
        let element = elements(driver, session, selector, None).await.remove(0);
        let path = format!("/session/{session}/element/{element}/text");
        let answer = driver.call("GET", &path, None).await.expect("chromedriver answers");
        if answer.status == 200 {
            return answer.json()["value"].as_str().unwrap_or_default().to_owned();
        }
        assert!(answer.body.contains("stale element"), "{path}: {}", answer.body);
    }
    panic!("{selector} kept being drawn anew");
}

/// Clicks the one element `selector` finds. The page draws its board anew with every state
/// it reads, so an element found just before a redraw is gone when clicked: it is found again.
async fn click(driver: &Driver, session: &str, selector: &str) {
    click_found(driver, session, Find::Css(selector)).await;
}

async fn click_found(driver: &Driver, session: &str, find: Find<'_>) {
    for _ in 0..10 {
        let element = found_by(driver, session, find, Some(1)).await.remove(0);
        let path = format!("/session/{session}/element/{element}/click");
        let answer =
            driver.call("POST", &path, Some(json!({}))).await.expect("chromedriver answers");
        if answer.status == 200 {
            return;
        }
        assert!(answer.body.contains("stale element"), "{path}: {}", answer.body);
    }
    panic!("{find:?} kept being drawn anew");
}

/// The window a test's page is shown in.
#[derive(Clone, Copy, Debug)]
enum Screen {
    Desktop,
    /// A phone's, 390×844 CSS pixels at twice the density, as a phone's screenshot is.
    Phone,
}

/// chromedriver and a headless Chromium session, or `None` (the test is skipped) when they
/// are not installed and not required.
async fn browser(directory: &std::path::Path, screen: Screen) -> Option<(Driver, String)> {
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
    let driver = Driver::start(&binary).await;
    let profile = directory.join("chromium-profile");
    let mut options = json!({
        "binary": CHROMIUM,
        "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--disable-gpu", "--window-size=600,900",
                 format!("--user-data-dir={}", profile.display())],
    });
    if let Screen::Phone = screen {
        options["mobileEmulation"] =
            json!({"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0}});
    }
    let capabilities = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": options,
    }}});
    let session = driver.value("POST", "/session", Some(capabilities)).await;
    let session = session["sessionId"].as_str().expect("a session").to_owned();
    Some((driver, session))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_taps_twice_in_chromium_and_the_stone_is_played() {
    let directory = tempfile::tempdir().expect("a folder");
    let Some((driver, session)) = browser(directory.path(), Screen::Desktop).await else { return };
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.gomoku().await;

    let signed = init_data(&ana(), now(), None);
    let page = format!("{}/g/1#tgWebAppData={}", bot.web, encoded(&signed));
    driver.value("POST", &format!("/session/{session}/url"), Some(json!({"url": page}))).await;
    let title = driver.value("GET", &format!("/session/{session}/title"), None).await;
    assert_eq!(title, "cincobot board", "the page's words came from the server");
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

    let shot = driver.value("GET", &format!("/session/{session}/screenshot"), None).await;
    if let Some(png) = shot.as_str() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target");
        let _ = std::fs::write(folder.join("web-board-screenshot.png.base64"), png);
    }
    driver.value("DELETE", &format!("/session/{session}"), None).await;
    bot.served.stop().await;
}

/// 5 en raya in the browser: the seven columns are the places to tap; a first tap shows the
/// disc where it would land, a second drops it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_taps_a_column_twice_in_chromium_and_the_disc_is_dropped() {
    let directory = tempfile::tempdir().expect("a folder");
    let Some((driver, session)) = browser(directory.path(), Screen::Desktop).await else { return };
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

/// Writes the page as it looks now to `name` in the folder `CINCOBOT_WEB_SCREENSHOTS` names,
/// when it names one (docs/images/ holds the ones the documentation shows).
async fn screenshot(driver: &Driver, session: &str, name: &str) {
    use base64::Engine as _;
    let Some(folder) = std::env::var_os("CINCOBOT_WEB_SCREENSHOTS") else { return };
    let shot = driver.value("GET", &format!("/session/{session}/screenshot"), None).await;
    let png = base64::engine::general_purpose::STANDARD
        .decode(shot.as_str().unwrap_or_default())
        .expect("a PNG in base64");
    std::fs::write(std::path::Path::new(&folder).join(name), png).expect("the screenshot written");
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
    screenshot(&driver, &session, "web-renju-offers.png").await;
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
    screenshot(&driver, &session, "web-renju-forbidden.png").await;
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
    screenshot(&driver, &session, "web-ninuki-capture.png").await;
    driver.value("DELETE", &format!("/session/{session}"), None).await;
    bot.served.stop().await;
}
