-- CINCO's action log (issue 11): several seats act in one round (an auction's sealed bids),
-- so a game's actions are a sequence rather than one actor per ply. Each action is unique by
-- (game, seq), like a move by (game, ply); a sealed bid is also unique by (game, auction,
-- seat), so a second bid of the same seat in the same auction is refused by the database
-- whatever sequence number it was given. The game itself is a row of `games` (kind 'cinco')
-- with its seats in `game_seats`.
CREATE TABLE cinco_actions (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    seat SMALLINT NOT NULL,
    -- The auction's number (1 for the game's first) for a bid; NULL for any other action.
    auction INTEGER,
    -- The action in the bot's CINCO notation: p r7, p w4 g, d, k, x r7, b r7 +, b r7 -2 …
    action TEXT NOT NULL,
    by_cpu BOOLEAN NOT NULL,
    at BIGINT NOT NULL,
    -- The platform event of the person's input that made it (NULL for the CPU).
    event TEXT,
    PRIMARY KEY (game_id, seq)
);

CREATE UNIQUE INDEX cinco_sealed_bids ON cinco_actions (game_id, auction, seat)
    WHERE auction IS NOT NULL;
