//! A finished CINCO table as `/history` lists it: its players in the order of play, who won,
//! how many actions it took and when.

use super::super::Core;
use super::super::table::seat_names;
use crate::i18n::{Locale, Text};
use crate::store::CincoRow;

impl Core {
    /// The `/history` line of the finished table `row`, `actions` long, played on `date`.
    pub(in crate::core) fn cinco_history_line(
        &self,
        row: &CincoRow,
        actions: usize,
        date: &str,
        locale: Locale,
    ) -> Text {
        let words = self.words(locale);
        let names = seat_names(&row.players);
        let players: Vec<String> = names.iter().cloned().map(&words).collect();
        let winners: Vec<String> = row
            .winners
            .iter()
            .filter_map(|seat| names.get(seat.index()))
            .cloned()
            .map(&words)
            .collect();
        let result = match winners.as_slice() {
            [] => Text::new("history-drawn"),
            [one] => Text::new("history-won").with("name", one.as_str()),
            several => Text::new("history-won-shared").with("names", several.join(", ")),
        };
        Text::new("history-line-cinco")
            .with("id", row.id.0)
            .with("players", players.join(", "))
            .with("result", result)
            .with("actions", actions)
            .with("date", date)
    }
}
