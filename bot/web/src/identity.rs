//! Who is asking, proven two ways and no other: a Telegram Mini App's `initData`, which
//! Telegram signs with a key derived from the bot's token, and a link the bot signed itself
//! with its link key, naming one game (and, for a player, one seat and user). Nothing the page
//! says about itself outside these is believed.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

use cincobot_core::core::{GameId, Platform, User};
use cincobot_core::i18n::Locale;

type HmacSha256 = Hmac<Sha256>;

/// Why a credential was refused. Deliberately coarse: the page is told "sign in again", a
/// forger learns nothing about which part failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not the shape of the credential (a field twice, no hash, no user, not base64…).
    Malformed,
    /// The signature does not match: forged, altered, or signed with another key.
    Forged,
    /// Older than the configured maximum age, or past its expiry.
    Expired,
    /// Dated after now (beyond a minute of clock skew): nobody signs the future.
    FromTheFuture,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refused::Malformed => "malformed credential",
            Refused::Forged => "bad signature",
            Refused::Expired => "expired credential",
            Refused::FromTheFuture => "credential dated in the future",
        })
    }
}

/// How far ahead of this machine's clock a signer's clock may be.
const CLOCK_SKEW_S: i64 = 60;

/// The Telegram user an `initData` vouches for, as Telegram writes them in its `user` field.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct TelegramUser {
    pub id: i64,
    pub first_name: String,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub language_code: Option<String>,
}

impl TelegramUser {
    /// The user as the core knows a Telegram user: called by their username when there is
    /// one, else their first name. Written as the Telegram adapter's `person` writes it (this
    /// crate does not depend on that one): the same person must be the same core user.
    #[must_use]
    pub fn person(&self) -> User {
        let name = self.username.clone().unwrap_or_else(|| self.first_name.clone());
        User { id: self.id.to_string(), name, handle: self.username.clone() }
    }

    /// The language of their Telegram client, when the bot speaks it.
    #[must_use]
    pub fn locale(&self) -> Option<Locale> {
        self.language_code.as_deref().and_then(Locale::from_tag)
    }
}

/// A checked `initData`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    pub user: TelegramUser,
    /// When Telegram signed it, in seconds since the epoch.
    pub auth_date: i64,
    /// What the Mini App was opened with (`startapp=`), if anything: which game the page
    /// shows. Signed, but anyone can write a link that sets it: it grants no right to a game.
    pub start_param: Option<String>,
}

/// Checks `raw` (the query string Telegram hands a Mini App) exactly as Telegram prescribes:
/// every field but `hash`, as `key=value`, sorted by key and joined by line feeds, signed with
/// HMAC-SHA256 under `HMAC-SHA256(key = "WebAppData", message = bot token)`; the hash is
/// compared in constant time; `auth_date` must be at most `max_age` old at `now` (seconds
/// since the epoch) and not in the future.
///
/// # Errors
/// [`Refused`] when any of that fails.
pub fn verify_init_data(
    raw: &str,
    bot_token: &str,
    max_age: Duration,
    now: i64,
) -> Result<InitData, Refused> {
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut hash = None;
    for (key, value) in url::form_urlencoded::parse(raw.as_bytes()) {
        if key == "hash" {
            if hash.replace(value.into_owned()).is_some() {
                return Err(Refused::Malformed);
            }
            continue;
        }
        if fields.iter().any(|(known, _)| *known == key) {
            // Two values under one key: which one did Telegram sign? Neither is taken.
            return Err(Refused::Malformed);
        }
        fields.push((key.into_owned(), value.into_owned()));
    }
    let hash = hash.ok_or(Refused::Malformed)?;
    let hash = hex_decode(&hash).ok_or(Refused::Malformed)?;
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    let data_check_string =
        fields.iter().map(|(key, value)| format!("{key}={value}")).collect::<Vec<_>>().join("\n");
    let secret = hmac_sha256(b"WebAppData", bot_token.as_bytes())?;
    let mut mac = HmacSha256::new_from_slice(&secret).map_err(|_| Refused::Malformed)?;
    mac.update(data_check_string.as_bytes());
    // `verify_slice` compares in constant time.
    mac.verify_slice(&hash).map_err(|_| Refused::Forged)?;
    let field = |name: &str| fields.iter().find(|(key, _)| key == name).map(|(_, v)| v.as_str());
    let auth_date: i64 =
        field("auth_date").and_then(|date| date.parse().ok()).ok_or(Refused::Malformed)?;
    check_age(auth_date, max_age, now)?;
    let user = field("user")
        .and_then(|user| serde_json::from_str::<TelegramUser>(user).ok())
        .ok_or(Refused::Malformed)?;
    Ok(InitData { user, auth_date, start_param: field("start_param").map(str::to_owned) })
}

/// Whether a credential signed at `signed` is still good at `now` for `max_age`.
fn check_age(signed: i64, max_age: Duration, now: i64) -> Result<(), Refused> {
    if signed > now.saturating_add(CLOCK_SKEW_S) {
        return Err(Refused::FromTheFuture);
    }
    let max_age = i64::try_from(max_age.as_secs()).unwrap_or(i64::MAX);
    if now.saturating_sub(signed) > max_age {
        return Err(Refused::Expired);
    }
    Ok(())
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> Result<Vec<u8>, Refused> {
    let mut mac = HmacSha256::new_from_slice(key).map_err(|_| Refused::Malformed)?;
    mac.update(message);
    Ok(mac.finalize().into_bytes().to_vec())
}

/// `text` as bytes, two hex digits each; `None` if it is not that.
fn hex_decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let digit = |byte: u8| char::from(byte).to_digit(16).and_then(|d| u8::try_from(d).ok());
    text.as_bytes().chunks(2).map(|pair| Some(digit(pair[0])? * 16 + digit(pair[1])?)).collect()
}

/// The key the bot signs its links with.
#[derive(Clone)]
pub struct LinkKey(Vec<u8>);

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(***)")
    }
}

impl LinkKey {
    #[must_use]
    pub fn new(key: &[u8]) -> LinkKey {
        LinkKey(key.to_vec())
    }

    /// A key of 32 random bytes, for a bot configured with none: its links die with it.
    ///
    /// # Errors
    /// When the system's random source fails.
    pub fn draw() -> Result<LinkKey, getrandom::Error> {
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok(LinkKey(bytes.to_vec()))
    }

    fn sign(&self, payload: &str) -> Result<Vec<u8>, Refused> {
        let mut mac = HmacSha256::new_from_slice(&self.0).map_err(|_| Refused::Malformed)?;
        mac.update(LINK_CONTEXT);
        mac.update(payload.as_bytes());
        Ok(mac.finalize().into_bytes().to_vec())
    }
}

/// What a link's signature covers besides its payload: a signature made for anything else
/// under the same key is never a link's.
const LINK_CONTEXT: &[u8] = b"cincobot-web-link/v1\n";

/// The player a link lets act: their seat, and who they are on the link's platform (their
/// handle, so that acting through the link keeps the core's record of them whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkPlayer {
    pub seat: usize,
    pub user: String,
    pub handle: Option<String>,
}

/// A link to one game: a player's or a spectator's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub platform: Platform,
    pub game: GameId,
    pub player: Option<LinkPlayer>,
    /// The last second it is good, since the epoch.
    pub expires: i64,
    pub locale: Option<Locale>,
}

impl Link {
    /// The link as a token: `base64url(payload) "." base64url(signature)`.
    ///
    /// # Errors
    /// [`Refused::Malformed`] when a user id or handle is empty, `-` or has a `|` (no
    /// platform's has).
    pub fn mint(&self, key: &LinkKey) -> Result<String, Refused> {
        let plain = |word: &str| !word.is_empty() && word != "-" && !word.contains('|');
        let (seat, user, handle) = match &self.player {
            Some(player) if plain(&player.user) && player.handle.as_deref().is_none_or(plain) => {
                let handle = player.handle.clone().unwrap_or_else(|| "-".to_owned());
                (player.seat.to_string(), player.user.clone(), handle)
            }
            Some(_) => return Err(Refused::Malformed),
            None => ("-".to_owned(), "-".to_owned(), "-".to_owned()),
        };
        let locale = self.locale.map_or("-", Locale::code);
        let payload = format!(
            "v1|{}|{}|{seat}|{user}|{handle}|{}|{locale}",
            self.platform.code(),
            self.game.0,
            self.expires
        );
        let signature = key.sign(&payload)?;
        Ok(format!("{}.{}", URL_SAFE_NO_PAD.encode(payload), URL_SAFE_NO_PAD.encode(signature)))
    }

    /// The link `token` names, if `key` signed it and it has not expired at `now`.
    ///
    /// # Errors
    /// [`Refused`] when it is not a token, not signed with `key`, or expired.
    pub fn verify(token: &str, key: &LinkKey, now: i64) -> Result<Link, Refused> {
        let (payload, signature) = token.split_once('.').ok_or(Refused::Malformed)?;
        let payload = URL_SAFE_NO_PAD.decode(payload).map_err(|_| Refused::Malformed)?;
        let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| Refused::Malformed)?;
        let payload = String::from_utf8(payload).map_err(|_| Refused::Malformed)?;
        let mut mac = HmacSha256::new_from_slice(&key.0).map_err(|_| Refused::Malformed)?;
        mac.update(LINK_CONTEXT);
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature).map_err(|_| Refused::Forged)?;
        let parts: Vec<&str> = payload.split('|').collect();
        let ["v1", platform, game, seat, user, handle, expires, locale] = parts.as_slice() else {
            return Err(Refused::Malformed);
        };
        let platform = Platform::from_code(platform).ok_or(Refused::Malformed)?;
        let game = GameId(game.parse().map_err(|_| Refused::Malformed)?);
        let player = match (*seat, *user) {
            ("-", "-") => None,
            (seat, user) => Some(LinkPlayer {
                seat: seat.parse().map_err(|_| Refused::Malformed)?,
                user: user.to_owned(),
                handle: (*handle != "-").then(|| (*handle).to_owned()),
            }),
        };
        let expires: i64 = expires.parse().map_err(|_| Refused::Malformed)?;
        if now > expires {
            return Err(Refused::Expired);
        }
        let locale = match *locale {
            "-" => None,
            tag => Some(Locale::from_tag(tag).ok_or(Refused::Malformed)?),
        };
        Ok(Link { platform, game, player, expires, locale })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "123456:TEST-token";
    /// Computed apart from this code (in Python, with its own HMAC), for `TOKEN`.
    const VECTOR: &str = "auth_date=1700000000&query_id=AAHdF6IQ&start_param=g12&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ana%22%2C%22username%22%3A%22ana%22%2C%22language_code%22%3A%22es%22%7D&hash=8ba8931e9f0659ef8c961fd2b5f7b44edc27161e5a5d95bc38b806f7107ca75e";
    const SIGNED_AT: i64 = 1_700_000_000;
    const DAY: Duration = Duration::from_secs(86_400);

    #[test]
    fn telegrams_signature_is_checked_as_telegram_computes_it() {
        let checked = verify_init_data(VECTOR, TOKEN, DAY, SIGNED_AT + 10);
        let Ok(checked) = checked else { panic!("the vector is valid: {checked:?}") };
        assert_eq!(checked.user.id, 42);
        assert_eq!(
            checked.user.person(),
            User { id: "42".to_owned(), name: "ana".to_owned(), handle: Some("ana".to_owned()) }
        );
        assert_eq!(checked.user.locale(), Some(Locale::Es));
        assert_eq!(checked.start_param.as_deref(), Some("g12"));
        assert_eq!(checked.auth_date, SIGNED_AT);
    }

    #[test]
    fn another_token_or_any_altered_field_is_forged() {
        assert_eq!(verify_init_data(VECTOR, "123456:other", DAY, SIGNED_AT), Err(Refused::Forged));
        let altered = VECTOR.replace("g12", "g13");
        assert_eq!(verify_init_data(&altered, TOKEN, DAY, SIGNED_AT), Err(Refused::Forged));
        let other_user = VECTOR.replace("%3A42", "%3A43");
        assert_eq!(verify_init_data(&other_user, TOKEN, DAY, SIGNED_AT), Err(Refused::Forged));
        let dropped = VECTOR.replace("query_id=AAHdF6IQ&", "");
        assert_eq!(verify_init_data(&dropped, TOKEN, DAY, SIGNED_AT), Err(Refused::Forged));
        let flipped = VECTOR.replace("ca75e", "ca75f");
        assert_eq!(verify_init_data(&flipped, TOKEN, DAY, SIGNED_AT), Err(Refused::Forged));
    }

    #[test]
    fn the_field_order_on_the_wire_does_not_matter() {
        let (fields, hash) = VECTOR.split_once("&hash=").expect("a hash");
        let mut parts: Vec<&str> = fields.split('&').collect();
        parts.reverse();
        let reordered = format!("hash={hash}&{}", parts.join("&"));
        assert!(verify_init_data(&reordered, TOKEN, DAY, SIGNED_AT).is_ok());
    }

    #[test]
    fn an_old_or_future_sign_in_is_refused() {
        let day = i64::try_from(DAY.as_secs()).expect("a day");
        assert!(verify_init_data(VECTOR, TOKEN, DAY, SIGNED_AT + day).is_ok());
        assert_eq!(
            verify_init_data(VECTOR, TOKEN, DAY, SIGNED_AT + day + 1),
            Err(Refused::Expired)
        );
        assert!(verify_init_data(VECTOR, TOKEN, DAY, SIGNED_AT - CLOCK_SKEW_S).is_ok());
        assert_eq!(
            verify_init_data(VECTOR, TOKEN, DAY, SIGNED_AT - CLOCK_SKEW_S - 1),
            Err(Refused::FromTheFuture)
        );
    }

    #[test]
    fn no_hash_a_bad_hash_or_a_repeated_field_is_malformed() {
        let (fields, _) = VECTOR.split_once("&hash=").expect("a hash");
        assert_eq!(verify_init_data(fields, TOKEN, DAY, SIGNED_AT), Err(Refused::Malformed));
        let not_hex = format!("{fields}&hash=zz");
        assert_eq!(verify_init_data(&not_hex, TOKEN, DAY, SIGNED_AT), Err(Refused::Malformed));
        let twice = format!("{VECTOR}&auth_date=1700000001");
        assert_eq!(verify_init_data(&twice, TOKEN, DAY, SIGNED_AT), Err(Refused::Malformed));
        let two_hashes = format!("{VECTOR}&hash=00");
        assert_eq!(verify_init_data(&two_hashes, TOKEN, DAY, SIGNED_AT), Err(Refused::Malformed));
        assert_eq!(verify_init_data("", TOKEN, DAY, SIGNED_AT), Err(Refused::Malformed));
    }

    fn player_link() -> Link {
        Link {
            platform: Platform::Telegram,
            game: GameId(7),
            player: Some(LinkPlayer {
                seat: 1,
                user: "42".to_owned(),
                handle: Some("ana".to_owned()),
            }),
            expires: 2_000,
            locale: Some(Locale::En),
        }
    }

    #[test]
    fn a_link_reads_back_what_was_signed_until_it_expires() {
        let key = LinkKey::new(b"a key of thirty-two bytes, for t");
        let without_handle = LinkPlayer { seat: 0, user: "7".to_owned(), handle: None };
        let links = [
            player_link(),
            Link { player: Some(without_handle), ..player_link() },
            Link { player: None, locale: None, ..player_link() },
        ];
        for link in links {
            let token = link.mint(&key).expect("a token");
            assert_eq!(Link::verify(&token, &key, 2_000), Ok(link.clone()));
            assert_eq!(Link::verify(&token, &key, 2_001), Err(Refused::Expired));
        }
    }

    #[test]
    fn a_link_under_another_key_or_altered_is_forged() {
        let key = LinkKey::new(b"a key of thirty-two bytes, for t");
        let token = player_link().mint(&key).expect("a token");
        let other = LinkKey::new(b"another key of thirty-two bytes!");
        assert_eq!(Link::verify(&token, &other, 0), Err(Refused::Forged));
        let (payload, signature) = token.split_once('.').expect("two parts");
        let decoded = URL_SAFE_NO_PAD.decode(payload).expect("base64");
        let text = String::from_utf8(decoded).expect("text").replace("|7|", "|8|");
        let swapped = format!("{}.{signature}", URL_SAFE_NO_PAD.encode(text));
        assert_eq!(Link::verify(&swapped, &key, 0), Err(Refused::Forged));
        assert_eq!(Link::verify("nonsense", &key, 0), Err(Refused::Malformed));
        assert_eq!(Link::verify("YQ.YQ", &key, 0), Err(Refused::Forged), "signed by nobody");
    }
}
