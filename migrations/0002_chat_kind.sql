-- Whether a game or challenge lives in a group or in a private chat with the bot: a private
-- chat's game must still be found there after a restart.
ALTER TABLE games ADD COLUMN chat_kind TEXT NOT NULL DEFAULT 'group';
ALTER TABLE challenges ADD COLUMN chat_kind TEXT NOT NULL DEFAULT 'group';
