-- Private prompts as messages (issue 11). Each CINCO player's current hand message (their
-- turn's choices or their bid request) is recorded with the action count it was drawn for and
-- the platform's id of the message, once delivered.
CREATE TABLE cinco_prompts (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat SMALLINT NOT NULL,
    seq INTEGER NOT NULL,
    message_id TEXT,
    PRIMARY KEY (game_id, seat)
);

-- A private message the platform could not deliver (the user never opened a private chat with
-- the bot, or closed their DMs): it waits here until the user next reaches the bot. What waits
-- is what the message was about, not its text: when it goes out it is drawn again as it is
-- then (a hand as it is now, not as it was).
CREATE TABLE waiting_directs (
    platform TEXT NOT NULL,
    user_id TEXT NOT NULL,
    -- 'hand:<game id>' or 'seated:<lobby id>'.
    about TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (platform, user_id, about)
);
