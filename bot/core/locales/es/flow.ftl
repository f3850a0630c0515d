# Cómo sigue una partida: a qué partida o reto va una orden, deshacer, revanchas y el reloj de
# cada turno.

example-move = /mover { $move } #{ $id }
example-resign = /rendirse #{ $id }
example-undo = /deshacer #{ $id }
example-board = /tablero #{ $id }
example-web = /web #{ $id }
example-cancel = /cancelar #{ $id }
which-challenge = Hay varios retos esperando respuesta aquí ({ $challenges }): añade el número, p. ej. /aceptar { $challenges }.
rematch-pending = Ya pediste esta revancha: espera a tu rival.
undo-answer-first = { $name } pidió deshacer una jugada: pulsa Aceptar deshacer o Rechazar, o escribe /deshacer sí o /deshacer no.
time-warning = { $name }, te quedan { $seconds } segundos para jugar en la partida #{ $id }.
game-paused = A { $name } se le acabó el tiempo y no queda nadie en la mesa: la partida #{ $id } espera a que vuelva alguien.
turn-clock = { $name } tiene { $seconds } segundos por jugada.
