## The games: names, colours, shapes, phases and results.

game-gomoku = Gomoku
game-renju = Renju
game-ninuki = Ninuki
game-pente = Pente
game-connect5 = 5 en raya
game-connect4 = Connect Four
game-cinco = CINCO
colour-black = black
colour-white = white
colour-red = red
colour-yellow = yellow
shape-double-three = double three
shape-double-four = double four
shape-overline = overline
phase-opening-stone = an opening stone
phase-swap = the choice to swap or keep
phase-fifth = the fifth stone or ten offered points
phase-fifth-choice = the choice of an offered fifth move
phase-play = a stone
phase-over = nothing: the game is over
draw-board-full = the board is full
draw-no-legal-move = no legal move is left
draw-repetition = the same position for the third time
draw-agreed = no winner
