//! The group's CINCO table is one message per game, edited in place like a board game's
//! board: the core remembers which message shows it and at which action, so that later
//! actions edit it and a restart edits it again when it is behind.

use super::super::{Core, GameId};
use crate::store::StoreError;

impl Core {
    /// The adapter showed game `game`'s table after `seq` actions in message `message_id`
    /// (`ended`: its final table). A new message is written at once (a restart must not edit
    /// a message replaced since); the same message edited is only remembered, and the game's
    /// next action writes it: lost in a crash, it costs one edit of that message with the same
    /// table after the restart. An ending is written when its final table is shown, so that a
    /// restart shows it once.
    pub(in crate::core) async fn cinco_table_shown(
        &mut self,
        game: GameId,
        (seq, ended): (usize, bool),
        message_id: String,
    ) -> Result<(), StoreError> {
        if let Some(ending) = self.cinco.endings.get(&game) {
            // The table before the ending, reported late: the final one is still owed.
            if !ended {
                return Ok(());
            }
            let mut row = ending.clone();
            row.board_message = Some(message_id);
            row.shown_ply = seq;
            row.result_shown = true;
            let mut change = self.begin(None).await?;
            change.save_cinco(&row).await?;
            self.commit(None, change).await?;
            self.cinco.endings.remove(&game);
            return Ok(());
        }
        let Some(table) = self.cinco.tables.get_mut(&game) else { return Ok(()) };
        // A report overtaken by a later one (its edit still on its way) moves nothing back.
        if seq < table.row.shown_ply && table.row.board_message.is_some() {
            return Ok(());
        }
        table.row.shown_ply = seq;
        if table.row.board_message.as_deref() == Some(message_id.as_str()) {
            return Ok(());
        }
        let mut row = table.row.clone();
        row.board_message = Some(message_id);
        let mut change = self.begin(None).await?;
        change.save_cinco(&row).await?;
        self.commit(None, change).await?;
        if let Some(table) = self.cinco.tables.get_mut(&game) {
            table.row.board_message = row.board_message;
        }
        Ok(())
    }
}
