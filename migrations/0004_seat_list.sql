-- Seats are a list (DESIGN §12): a table has 2 to 6 of them, so the two seat columns of
-- `games` become rows of `game_seats`, converted from every existing game. `user_id` repeats
-- the person's id from the JSON, so a user's games are found without reading every seat.
CREATE TABLE game_seats (
    game_id BIGINT NOT NULL REFERENCES games (id),
    -- 0 for the first seat, in the order of play.
    seat SMALLINT NOT NULL,
    -- The seat as JSON: a person (platform user id and name) or the CPU and its level.
    player TEXT NOT NULL,
    -- The person's platform user id; NULL for the CPU.
    user_id TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX game_seats_by_user ON game_seats (user_id);

INSERT INTO game_seats (game_id, seat, player, user_id)
    SELECT id, 0, first_player, json_extract(first_player, '$.human.id') FROM games;
INSERT INTO game_seats (game_id, seat, player, user_id)
    SELECT id, 1, second_player, json_extract(second_player, '$.human.id') FROM games;

-- The seats whose player let the timer run out, one bit per seat (bit 0: the first seat):
-- one column for any number of seats, written with the game row as before.
ALTER TABLE games ADD COLUMN away_seats SMALLINT NOT NULL DEFAULT 0;
UPDATE games SET away_seats =
    (CASE WHEN first_away THEN 1 ELSE 0 END) + (CASE WHEN second_away THEN 2 ELSE 0 END);

ALTER TABLE games DROP COLUMN first_player;
ALTER TABLE games DROP COLUMN second_player;
ALTER TABLE games DROP COLUMN first_away;
ALTER TABLE games DROP COLUMN second_away;
