-- Renju's ten fifth moves chosen by buttons (issue 26, item 23): the points black has chosen
-- so far, in order, separated by spaces ('' once black began choosing and has none yet);
-- NULL when black is not choosing. It survives a restart like the rest of the row.
ALTER TABLE games ADD COLUMN offer_draft TEXT;
