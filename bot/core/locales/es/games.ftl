## Los juegos: nombres, colores, formas, fases y resultados.

game-gomoku = Gomoku
game-renju = Renju
game-ninuki = Ninuki
game-pente = Pente
game-connect5 = 5 en raya
game-connect4 = Cuatro en raya
game-cinco = CINCO
colour-black = negras
colour-white = blancas
colour-red = rojas
colour-yellow = amarillas
shape-double-three = doble tres
shape-double-four = doble cuatro
shape-overline = línea larga
phase-opening-stone = una piedra de apertura
phase-swap = la decisión de cambiar o seguir
phase-fifth = la quinta piedra o diez ofrecidas
phase-fifth-choice = la elección de una quinta ofrecida
phase-play = una piedra
phase-over = nada: la partida terminó
draw-board-full = el tablero está lleno
draw-no-legal-move = no queda ninguna jugada legal
draw-repetition = la misma posición por tercera vez
draw-agreed = sin ganador
