//! CINCO through the core: its actions as text for the log and the buttons.

mod notation;

pub use notation::{action_code, card_code, parse_action, parse_card};
