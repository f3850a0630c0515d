## The commands: what each does (in menus and /help, within every platform's length limit),
## their typed options and choices, and /help.

command-about-help = How to play, and every command
command-about-connect5 = Challenge someone (or the CPU) to 5 en raya
command-about-connect4 = Challenge someone (or the CPU) to Connect Four
command-about-gomoku = Challenge someone (or the CPU) to gomoku
command-about-renju = Challenge someone (or the CPU) to renju
command-about-ninuki = Challenge someone (or the CPU) to ninuki (five with captures)
command-about-pente = Challenge someone (or the CPU) to pente
command-about-cinco = Open a CINCO table: the card game of auctions, 2 to 6 players
command-about-hand = Your CINCO hand again, for your eyes only
command-about-web = Your link to the live web board, for your eyes only
command-about-move = Play a move: h8, K10, 4, pop 3
command-about-board = Show your game's board again
command-about-undo = Ask to take back your last move, or answer such a request
command-about-resign = Give up your game (asks first)
command-about-rematch = Play the last game again
command-about-accept = Accept a challenge
command-about-decline = Decline a challenge
command-about-join = Join an open challenge
command-about-rules = The rules of a game
command-about-stats = Ratings and results
command-about-replay = Watch a game again, as an animation
command-about-history = The games played in this chat
command-about-export = A game as a file for other programs
command-about-leaderboard = The best players of this chat
command-about-language = The language of this chat (admins change it)
command-about-settings = The chat's default options (admins change them)
command-about-cancel = End a game without a result (admins)

option-about-opponent = Who you challenge
option-about-cpu = Play the computer at this level
option-about-size = The board's side
option-about-timer = Seconds per turn
option-about-ranked = Whether the game counts for ratings
option-about-overline = Whether six or more in a row wins
option-about-forbidden = Whether black's forbidden points apply
option-about-popout = Whether discs may be popped from the bottom
option-about-point = The point or column (h8, 4, pop 3)
option-about-game = The game's number (#12)
option-about-confirm = Yes, I know what this does
option-about-answer = Accept the opponent's request
option-about-numbers = Number every stone by its move
option-about-kind = Which game
option-about-full = The whole document, not a summary
option-about-user = Whose (yours if empty)
option-about-language = Spanish or English
option-about-challenge = The challenge's number
option-about-setting = Which option to change
option-about-value = Its new value (on, off, 30…)
option-about-page = Which page (1 is the newest)
choice-timer = { $seconds ->
        [0] none
       *[other] { $seconds } s
    }
language-name = { $language ->
        [es] Spanish
       *[en] English
    }

help-title = cincobot commands:
help-line = { $commands } — { $about }
help-line-usage = { $commands } { $usage } — { $about }
help-about-challenges = Challenge @user or the CPU; name nobody for an open challenge
help-options = Challenge options: { $sizes } (size), overline on|off, forbidden on|off, popout, timer { $timers }, ranked|casual; /settings also takes alternate on|off (who starts the rematch).
help-usage-challenge = [@user | cpu [easy|normal|hard]] [options]
help-usage-game = [#game]
help-usage-move = <move> [#game] [confirm] (also swap, keep, offer …, choose …)
help-usage-board = [#game] [numbers]
help-usage-undo = [#game] [yes|no]
help-usage-resign = [#game] [confirm]
help-usage-challenge-number = [number]
help-usage-rules = [game] [full]
help-usage-stats = [@user]
help-usage-history = [@user] [game] [page]
help-usage-leaderboard = [game]
help-usage-language = [es|en]
help-usage-settings = [game] [option value]
