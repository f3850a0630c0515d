## Words of the options, the endings and the terminal: one vocabulary per language.

# A game's name in the middle of a sentence.
game-in-sentence = { $kind ->
        [gomoku] Gomoku
        [renju] Renju
        [ninuki] Ninuki
        [pente] Pente
        [connect5] 5 en raya
        [cinco] CINCO
       *[connect4] Connect Four
    }

# The options' words, the same in /help, /settings and challenges.
option-name = { $option ->
        [size] size
        [overline] overline
        [forbidden] forbidden
        [popout] popout
        [timer] timer
        [ranked] ranked
       *[alternate] alternate
    }

# What a challenge has that the plain game does not.
options-line = Options: { $options }.
option-is-size = { $size }×{ $size }
option-is-overline = { $on ->
        [yes] an overline wins
       *[no] exactly five (an overline does not win)
    }
option-is-forbidden = { $on ->
        [yes] forbidden points for black
       *[no] no forbidden points
    }
option-is-popout = PopOut (a player may pop their own disc from the bottom)
option-is-timer = { $timer } s per turn
option-separator = {" · "}

# /settings: a line per option of the game, with the word to type.
settings-title = { $game } in this chat (change with /settings { $code } <option> <value>, admins):
settings-size = · size { $size } (played on { $sizes })
settings-switch = · { $option } { $value }
settings-timer = · timer { $timer ->
        [0] 0 (none)
       *[other] { $timer } (seconds per turn)
    }

# How a game was won.
reason-five = with five in a row
reason-four = with four in a row
reason-captured-stones = with { $stones ->
        [one] one stone captured
       *[other] { $stones } stones captured
    }
reason-forbidden-at = because black played a forbidden point: { $shape } at { $point }
pente-final = Final score: { $first } { $first-score }, { $second } { $second-score }.
pente-breakdown = { $name }: score { $total } = { $five } for the line + { $captures ->
        [one] 1 for a capture
       *[other] { $captures } for captures
    } + { $fours ->
        [one] 1 for a four on the board
       *[other] { $fours } for fours on the board
    }
rating-none-early = Not rated: the game ended before both players had moved.
rating-change = { $name }: { $before } → { $after } ({ $change } { $points ->
        [one] point
       *[other] points
    })

# /rules
rules-summary-title = { $game } rules (summary):
rules-full-hint = The whole document: /rules { $code } full

# The terminal.
console-press = (type /press N)

# /rules summaries: short plain text; the whole document comes apart.
rules-summary-gomoku =
    · Black starts; each turn one stone on an empty intersection (15×15, or 19×19).
    · Five in a row, across, down or diagonally, wins.
    · overline on (the default): six or more win too; off: only exactly five.
    · forbidden on: black may not make a double three, double four or overline (the stone is not placed).
    · A full board is a draw. Type the point: /move h8.
rules-summary-renju =
    · Tournament gomoku on 15×15: black starts; nothing is captured.
    · Taraguchi-10 opening: the first stone on h8, the next ones inside ever larger central squares; after some moves a player may swap colours (/move swap or keep); the fifth stone or ten offered (/move offer …).
    · White wins with five or more; black only with exactly five.
    · Black loses by playing a forbidden point: double three, double four or overline (the bot asks first).
rules-summary-ninuki =
    · Gomoku with captures, 15×15 (or 19×19); black starts.
    · Enclose exactly two opposing stones in a line between two of yours and they are removed.
    · Five in a row or ten captured stones wins.
    · overline and forbidden as in gomoku. Type the point: /move h8.
rules-summary-pente =
    · 19×19 (or 13×13), columns without I; white starts in the centre (K10), and white's second stone goes three points or more from it.
    · Enclose exactly two opposing stones in a line between two of yours and they are removed.
    · Five in a row or ten captured stones wins.
    · Final score: 5 for the line, 1 per capture, 1 per four on the board. Type the point: /move K10.
rules-summary-connect5 =
    · 9 columns and 6 rows; the side columns start full and count for lines.
    · Red starts; each turn a disc drops into one of columns 1 to 7 (/move 4).
    · Five in a row wins. A full grid is a draw.
    · popout: instead of dropping, you may pop one of your discs from the bottom (/move pop 4); the same position three times is a draw.
rules-summary-connect4 =
    · 7 columns and 6 rows, empty at the start.
    · Red starts; each turn a disc drops into a column (/move 4).
    · Four in a row wins. A full grid is a draw.
    · popout: instead of dropping, you may pop one of your discs from the bottom (/move pop 4); the same position three times is a draw.
rules-summary-cinco =
    · 2 to 6 players, 5 cards each: play one of the discard's colour, number or symbol, or draw.
    · Start your turn with exactly 5 cards: discard the excess or draw up to 5.
    · Every 5 drawn opens a secret auction: the highest numeric card takes the 5 (of the 5's colour, it counts double).
    · The first with five 5s wins.
    · Reversa (reverse): the order of play turns round.
    · Saltar (skip): the next player loses their turn.
    · Wild number: worth its number, in the colour you choose.
    · Wild 5: auctioned like a 5, and every bid counts double.
    · Puntaje (score): in an auction, +2 to your bid or −1 to another's.
    · Embargo: take a 5 from another player (unless they have Protección).
    · Protección (shield): your 5s cannot be embargoed (only once you have one).
    · Cambio (new hand): discard your whole hand and draw 7.
    · Open a table with /cinco; your hand comes to you privately.
