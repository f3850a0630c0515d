//! A chat's CINCO timers through `/settings cinco`: how long an auction waits for its bids
//! and a turn for its player. Anyone may look; only the chat's admins change them. A table
//! keeps the timers it started with.

use super::super::error::{CoreError, refused};
use super::super::{Context, Core, Output};
use crate::i18n::Text;
use crate::store::{CincoRules, CincoTimers};

/// How long an auction waits for its bids unless the chat chose otherwise (issue 11).
pub(super) const BID_SECONDS: u32 = 60;
/// How long a turn waits for its player unless the chat chose otherwise.
pub(super) const TURN_SECONDS: u32 = 120;
/// The auction timer a chat may choose: long enough to read a hand, short enough to play.
const BID_RANGE: (u32, u32) = (15, 300);
/// The turn timer a chat may choose.
const TURN_RANGE: (u32, u32) = (30, 600);

/// The two timers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Timer {
    Bid,
    Turn,
}

impl Timer {
    fn parse(word: &str) -> Option<Timer> {
        match word.to_lowercase().as_str() {
            "bid" | "auction" | "subasta" | "puja" => Some(Timer::Bid),
            "turn" | "turno" => Some(Timer::Turn),
            _ => None,
        }
    }

    const fn range(self) -> (u32, u32) {
        match self {
            Timer::Bid => BID_RANGE,
            Timer::Turn => TURN_RANGE,
        }
    }
}

/// The seed and timers of a table `timers`' chat starts now.
pub(super) fn rules(seed: u64, timers: CincoTimers) -> CincoRules {
    CincoRules {
        seed,
        bid_seconds: timers.bid_seconds.unwrap_or(BID_SECONDS),
        turn_seconds: timers.turn_seconds.unwrap_or(TURN_SECONDS),
    }
}

/// `timers` with `word` set to `value` seconds, or what is wrong with them.
fn changed(timers: CincoTimers, word: &str, value: &str) -> Result<CincoTimers, Text> {
    let timer = Timer::parse(word)
        .ok_or_else(|| Text::new("settings-cinco-unknown").with("option", word))?;
    let (least, most) = timer.range();
    let seconds =
        value.parse::<u32>().ok().filter(|seconds| (least..=most).contains(seconds)).ok_or_else(
            || {
                Text::new("settings-cinco-range")
                    .with("option", word)
                    .with("least", least)
                    .with("most", most)
            },
        )?;
    Ok(match timer {
        Timer::Bid => CincoTimers { bid_seconds: Some(seconds), ..timers },
        Timer::Turn => CincoTimers { turn_seconds: Some(seconds), ..timers },
    })
}

impl Core {
    /// `/settings cinco [bid|turn seconds]`: shows the chat's CINCO timers, or (admins)
    /// changes one.
    pub(in crate::core) async fn cinco_settings(
        &self,
        context: &Context,
        change: Option<(String, String)>,
    ) -> Result<Vec<Output>, CoreError> {
        let mut preferences = self.preferences_of(&context.chat).await?;
        if let Some((word, value)) = change {
            if !context.is_admin {
                return Err(refused("admins-only"));
            }
            preferences.cinco =
                changed(preferences.cinco, &word, &value).map_err(CoreError::Refused)?;
            self.save_preferences(context, preferences.clone()).await?;
        }
        let timers = rules(0, preferences.cinco);
        let lines = vec![
            Text::new("settings-title").with("game", Text::new("game-cinco")).with("code", "cinco"),
            Text::new("settings-cinco-bid").with("seconds", timers.bid_seconds),
            Text::new("settings-cinco-turn").with("seconds", timers.turn_seconds),
        ];
        Ok(vec![self.send(context, lines)])
    }

    /// The timers `context`'s chat gives a CINCO table it starts now.
    pub(super) async fn cinco_timers(&self, context: &Context) -> Result<CincoTimers, CoreError> {
        Ok(self.preferences_of(&context.chat).await?.cinco)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timer_is_changed_within_its_range_only() {
        let none = CincoTimers::default();
        let bid = changed(none, "subasta", "90").expect("in range");
        assert_eq!(bid, CincoTimers { bid_seconds: Some(90), turn_seconds: None });
        let both = changed(bid, "turn", "30").expect("in range");
        assert_eq!(rules(7, both), CincoRules { seed: 7, bid_seconds: 90, turn_seconds: 30 });
        assert_eq!(rules(7, none), CincoRules { seed: 7, bid_seconds: 60, turn_seconds: 120 });
        for (word, value) in [("bid", "14"), ("bid", "301"), ("turno", "29"), ("turn", "ten")] {
            let refused = changed(none, word, value).expect_err("out of range");
            assert_eq!(refused.id, "settings-cinco-range", "{word} {value}");
        }
        assert_eq!(
            changed(none, "size", "15").expect_err("no such timer").id,
            "settings-cinco-unknown"
        );
    }
}
