# How a game flows: which game or challenge a command is for, undo requests, rematches and
# turn timers.

example-move = /move { $move } #{ $id }
example-resign = /resign #{ $id }
example-undo = /undo #{ $id }
example-board = /board #{ $id }
example-web = /web #{ $id }
example-cancel = /cancel #{ $id }
which-challenge = Several challenges wait for an answer here ({ $challenges }): add the number, e.g. /accept { $challenges }.
rematch-pending = You already asked for this rematch: it waits for your opponent.
undo-answer-first = { $name } asked to take back a move: press Allow undo or Refuse, or type /undo yes or /undo no.
time-warning = { $name }, { $seconds } seconds left for your move in game #{ $id }.
game-paused = { $name } ran out of time and nobody else is at the table: game #{ $id } waits until a player comes back.
turn-clock = { $name } has { $seconds } seconds per move.
