//! The terminal's numbered buttons (issue 26, item 29): a full column keeps its number, so
//! the columns after it keep theirs, and a refused line leaves the buttons printed before it
//! pressable.

use crate::common;

/// Ana and Bruno fill column 1 of Connect Four; Ana then tries it, typed and pressed, and
/// presses 2 after both refusals.
const SESSION: &str = "/as Ana
/connect4 @Bruno
/as Bruno
/accept
/as Ana
1
/as Bruno
1
/as Ana
1
/as Bruno
1
/as Ana
1
/as Bruno
1
/as Ana
/move 1
/press 1
/press 2
";

#[test]
fn a_full_columns_button_keeps_its_number_and_a_refusal_keeps_the_buttons() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let text = common::terminal(&folder, 2000, SESSION);
    let full = text.find("[1] ✖ 1  [2] 2  [3] 3").unwrap_or_else(|| panic!("{text}"));
    let after = &text[full..];
    assert!(!after.contains("[-]"), "{after}");
    // Both refused: the column is full. Then [2] is still column 2, and plays it.
    let pressed = after.find("> /press 2").unwrap_or_else(|| panic!("{after}"));
    let (refused, played) = after.split_at(pressed);
    assert_eq!(refused.matches("(solo ana)").count() + refused.matches("(only ana)").count(), 2);
    assert!(played.contains("Ana jugó 2.") || played.contains("Ana played 2."), "{played}");
}
