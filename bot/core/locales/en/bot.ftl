## The bot's general messages: challenges, turns, settings, stats.

internal-error = Something failed on our side. Nothing changed; please try again.
button-unknown = That button no longer works.
button-disabled = That button cannot be pressed now.
command-unknown = I do not know the command /{ $command }. Type /help.
command-missing-move = The move is missing: /move h8.
command-bad-number = { $word } is not a game or challenge number.
command-bad-level = { $word } is not a level: easy, normal or hard.
command-unknown-game = { $word } is not a game: gomoku, renju, ninuki, pente, connect5, connect4, cinco.
command-bad-language = { $word } is not a language: es or en.
option-unknown = I do not know the option { $word }.
option-allowed = { $option ->
        [timer] 0, 30 or 60 (seconds)
        [size] a board side, such as 15 or 19
       *[other] on or off
    }
option-bad-value = The option { $option } cannot be “{ $value }”: it takes { $allowed }.
option-not-for-game = { $game } has no { $option } option.
option-bad-size = { $game } is not played on { $size }×{ $size }: it is played on { $sizes }.

game-started = Game #{ $id } begins.
ranked = ranked
casual = casual
board-header = { $game } #{ $id }: { $first } ({ $first-colour }) against { $second } ({ $second-colour })
move-played = { $name } played { $move }.
cpu-played-for = The CPU played { $move } for { $name }.
cpu-resigns-unblockable-four = CPU resigns: { $colour }'s four cannot be blocked.
cpu-resigns-forced-loss = CPU resigns: it loses whatever it plays.
status-turn = { $name } ({ $colour }) to move.
status-swap = { $name } ({ $colour }): swap colours or keep them? (/move swap or /move keep)
status-fifth = { $name } ({ $colour }): a fifth stone inside the central 9×9, or /move offer with ten points.
status-fifth-choice = { $name } ({ $colour }): choose one of the offered fifth moves: { $points }.
status-offering = { $name } ({ $colour }): choose ten fifth moves to offer with the column and row menus (chosen: { $count } of { $total }).
offer-chosen = Chosen so far: { $points }.
result-win = { $name } ({ $colour }) wins { $reason }.
result-resigned = { $name } wins: { $loser } resigned.
result-draw = Draw: { $reason }.
result-abandoned = Game abandoned: nobody played for too long.
result-cancelled = Game cancelled by an admin.
cancelled-by = { $name } cancelled the game.
label-captures = captures
label-score = score
label-popout = PopOut
label-clock = { $seconds } s left
label-away = away — the CPU plays
cpu-name = CPU { $level }
cpu-name-numbered = CPU { $level } { $number }
level-easy = easy
level-normal = normal
level-hard = hard

challenge-to = { $challenger } challenges { $opponent } to { $game } (challenge { $id }).
challenge-open = { $challenger } looks for an opponent for { $game } (challenge { $id }). Anyone may join.
challenge-expires = The challenge expires in { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }.
challenge-declined = { $name } declined challenge { $id }.
challenge-timed-out = Challenge { $id } by { $challenger } expired unanswered.
challenge-expired = That challenge has expired.
challenge-already-to = You already challenged { $opponent } to { $game }: challenge { $id } is waiting for an answer.
challenge-already-open = Your open challenge for { $game } is already waiting: challenge { $id }.
challenge-withdrawn = { $name } withdrew challenge { $id }.
first-player-drawn = Drawn at random: { $name } plays first.
challenge-own = You cannot accept your own challenge.
challenge-yourself = You cannot challenge yourself.
unknown-opponent = I don't know @{ $name } yet: ask them to write to me once, or reply to one of their messages.
challenge-not-for-you = That challenge is for someone else.
challenge-not-open = That challenge is not open: use /accept if it is for you.
no-challenge = There is no challenge waiting for you here.
no-ended-game = You have no finished game here to play again.
game-still-running = That game is still being played.

no-game = You have no game being played here.
no-such-game = There is no game { $id } being played here.
which-game = You have several games here ({ $games }): add the number, e.g. { $example }.
which-game-chat = There are several games here ({ $games }): add the number, e.g. { $example }.
not-a-player = You do not play in that game.
not-your-turn-anywhere = It is not your turn in any of your games.
not-your-turn = It is not your turn.
outdated = That button belongs to an older board: look at the latest one.
offer-complete = Ten points are already chosen: offer them or remove the last.
already-played = That move was already played.
already-done = That was already done.
confirm-forbidden = { $move } is { $shape ->
        [overline] an
       *[other] a
    } { $shape } for black: in renju that loses the game. Sure? Press confirm or type /move { $move } confirm.
time-ran-out = { $name } ran out of time: the CPU plays for { $name } until they come back.
seat-taken-back = { $name } is back in the game.
game-abandoned = Game #{ $id } is abandoned: nobody played for { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }.

resign-confirm = { $name }, do you resign game #{ $id }? Press Resign, or type /resign confirm.
resign-kept = You keep playing.
resign-not-yours = That question is for the other player.

undo-asked = { $count ->
    [one] { $name } asks to take back 1 move: { $moves }.
   *[other] { $name } asks to take back { $count } moves: { $moves }.
}
undo-asked-answer = { $opponent }, press Allow undo or Refuse (or type /undo yes or /undo no).
undo-done = { $count ->
    [one] Taken back at { $name }'s request: { $moves }.
   *[other] Taken back at { $name }'s request, { $count } moves: { $moves }.
}
undo-refused = No undo: { $name }'s request was refused.
undo-expired = That undo request is no longer open.
undo-not-yours = You cannot answer your own request.
nothing-to-undo = You have no move to take back yet.

button-accept = Accept
button-decline = Decline
button-join = Join
button-rematch = Rematch
button-replay = ▶ Replay
button-replay-game = ▶ #{ $id }
button-newer = « Newer
button-older = Older »
replay-none = You have no game in this chat to watch again.
game-not-here = Game #{ $id } was not played in this chat.
export-caption = { $format ->
    [psq] Game #{ $id } in Piskvork's .psq format (Piskvork, Gomocup tools, Yixin).
    [moves] Game #{ $id } as a numbered move list.
   *[columns] Game #{ $id } as the column string Connect Four solvers read.
}
history-title = Games played in this chat:
history-title-of = { $name }'s games in this chat:
history-empty = No game has ended here yet.
history-game = Only { $game }.
history-line = #{ $id } { $game }: { $first } – { $second }, { $result }, { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }, { $date }
history-won = { $name } won
history-won-shared = { $names } shared the win
history-line-cinco = #{ $id } CINCO: { $players }, { $result }, { $actions ->
        [one] 1 action
       *[other] { $actions } actions
    }, { $date }
history-drawn = drawn
history-no-page = { $pages ->
    [one] There is no page { $page }: the history has 1 page, shown here.
   *[other] There is no page { $page }: the history has { $pages } pages; here is the last.
}
history-page = Page { $page } of { $pages }.
button-swap = Swap
button-keep = Keep
button-confirm = Confirm
button-resign-confirm = Resign
button-keep-playing = Keep playing
button-undo-accept = Allow undo
button-undo-refuse = Refuse
button-column = { $column }
button-pop = Pop { $column }
button-point = { $point }
button-columns = « Columns
select-column = Column…
select-row = Row in column { $column }…
button-offer-begin = Offer ten instead
button-offer-send = Offer these ten
button-offer-remove = Remove { $point }
button-offer-stop = Place a stone instead

rules-which = Which game? /rules gomoku, renju, ninuki, pente, connect5, connect4 or cinco.
rules-document = { $body }
rules-sent-privately = { $name }, I sent you the rules in a private message.
stats-title = { $name }'s stats
stats-here = In this chat:
stats-everywhere = In every chat:
stats-line = { $game }: { $rating ->
        [one] 1 point
       *[other] { $rating } points
    }, { $games ->
        [one] 1 game
       *[other] { $games } games
    } ({ $wins } won, { $draws } drawn, { $losses } lost)
stats-line-unrated = { $game }: { $games ->
        [one] 1 game
       *[other] { $games } games
    } ({ $wins } won, { $draws } drawn, { $losses } lost)
stats-none = No games finished yet.
unknown-user = I do not know { $name }.
leaderboard-title = { $game } leaderboard in this chat
leaderboard-title-all = Leaderboards in this chat
leaderboard-empty = Nobody has played ranked games yet.
leaderboard-line = { $rank }. { $name } — { $rating } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
language-current = This chat's language: { $language }.
language-set = I now speak English in this chat.
admins-only = Only the chat's admins can do that.
settings-usage = Usage: /settings <game> to see them, /settings <game> <option> <value> to change one (size, overline, forbidden, popout, timer, ranked, alternate; for cinco: bid, turn).
value-on = on
value-off = off

console-notice = (only { $name }) { $text }
console-direct = (private message for { $name })
console-image = image: { $path }
console-file = file: { $path }
console-buttons = buttons: { $buttons }  { $press }
console-select = { $placeholder } { $options }  { $press }
# Each /replay frame's status line: the move count, what a move that was more than a stone did, and the result on the last.
replay-frame-count = Move { $ply } of { $total }
replay-frame = Move { $ply } of { $total } · { $move }
replay-frame-end = Move { $ply } of { $total } · { $result }
