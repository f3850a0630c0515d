## Mensajes generales del bot: retos, turnos, ajustes, estadísticas.

internal-error = Algo falló de nuestro lado. No se cambió nada; prueba otra vez.
button-unknown = Ese botón ya no sirve.
button-disabled = Ese botón no se puede pulsar ahora.
command-unknown = No conozco el comando /{ $command }. Escribe /ayuda.
command-missing-move = Falta la jugada: /mover h8.
command-bad-number = { $word } no es un número de partida ni de reto.
command-bad-level = { $word } no es un nivel: fácil, normal o difícil.
command-unknown-game = { $word } no es un juego: gomoku, renju, ninuki, pente, conecta5, conecta4, cinco.
command-bad-language = { $word } no es un idioma: es o en.
option-unknown = No conozco la opción { $word }.
option-allowed = { $option ->
        [timer] 0, 30 o 60 (segundos)
        [size] un lado de tablero, como 15 o 19
       *[other] sí o no
    }
option-bad-value = La opción { $option } no admite el valor «{ $value }»: admite { $allowed }.
option-not-for-game = La opción { $option } no existe en { $game }.
option-bad-size = En { $game } el tablero no es de { $size }×{ $size }: se juega en { $sizes }.

game-started = Empieza la partida #{ $id }.
ranked = clasificatoria
casual = amistosa
board-header = { $game } #{ $id }: { $first } ({ $first-colour }) contra { $second } ({ $second-colour })
move-played = { $name } jugó { $move }.
cpu-played-for = La CPU jugó { $move } por { $name }.
cpu-resigns-unblockable-four = La CPU abandona: el cuatro de las { $colour } no se puede tapar.
cpu-resigns-forced-loss = La CPU abandona: pierde juegue lo que juegue.
status-turn = Turno de { $name } ({ $colour }).
status-swap = { $name } ({ $colour }): ¿cambiar de color o seguir? (/mover cambiar o /mover seguir)
status-fifth = { $name } ({ $colour }): quinta piedra en el 9×9 central, o /mover ofrecer con diez puntos.
status-fifth-choice = { $name } ({ $colour }): elige una de las quintas ofrecidas: { $points }.
status-offering = { $name } ({ $colour }): elige diez quintas para ofrecer con los menús de columna y fila (elegidas: { $count } de { $total }).
offer-chosen = Elegidas hasta ahora: { $points }.
result-win = Gana { $name } ({ $colour }) { $reason }.
result-resigned = Gana { $name }: { $loser } se rindió.
result-draw = Empate: { $reason }.
result-abandoned = Partida abandonada: nadie jugó durante demasiado tiempo.
result-cancelled = Partida cancelada por un administrador.
cancelled-by = { $name } canceló la partida.
label-captures = capturas
label-score = tanteo
label-popout = PopOut
label-clock = quedan { $seconds } s
label-away = ausente — juega la CPU
cpu-name = CPU { $level }
cpu-name-numbered = CPU { $level } { $number }
level-easy = fácil
level-normal = normal
level-hard = difícil

challenge-to = { $challenger } reta a { $opponent } a { $game } (reto { $id }).
challenge-open = { $challenger } busca rival para { $game } (reto { $id }). Cualquiera puede unirse.
challenge-expires = El reto caduca en { $minutes ->
        [one] 1 minuto
       *[other] { $minutes } minutos
    }.
challenge-declined = { $name } rechazó el reto { $id }.
challenge-timed-out = El reto { $id } de { $challenger } caducó sin respuesta.
challenge-expired = Ese reto ya caducó.
challenge-already-to = Ya retaste a { $opponent } a { $game }: el reto { $id } espera respuesta.
challenge-already-open = Tu reto abierto de { $game } ya está esperando: el reto { $id }.
challenge-withdrawn = { $name } retiró el reto { $id }.
first-player-drawn = Sorteo: empieza { $name }.
challenge-own = No puedes aceptar tu propio reto.
challenge-yourself = No puedes retarte a ti mismo.
unknown-opponent = Todavía no conozco a @{ $name }: pídele que me escriba una vez, o responde a uno de sus mensajes.
challenge-not-for-you = Ese reto es para otra persona.
challenge-not-open = Ese reto no es abierto: usa /aceptar si es para ti.
no-challenge = No hay ningún reto pendiente para ti aquí.
no-ended-game = No hay ninguna partida terminada tuya aquí para la revancha.
game-still-running = Esa partida sigue en juego.

no-game = No tienes ninguna partida en juego aquí.
no-such-game = No hay ninguna partida { $id } en juego aquí.
which-game = Tienes varias partidas aquí ({ $games }): añade el número, p. ej. { $example }.
which-game-chat = Hay varias partidas aquí ({ $games }): añade el número, p. ej. { $example }.
not-a-player = No juegas en esa partida.
not-your-turn-anywhere = No es tu turno en ninguna de tus partidas.
not-your-turn = No es tu turno.
outdated = Ese botón es de un tablero anterior: mira el último.
offer-complete = Ya hay diez puntos elegidos: ofrécelos o quita el último.
already-played = Esa jugada ya se hizo.
already-done = Eso ya está hecho.
confirm-forbidden = { $move } es un punto prohibido para negras ({ $shape }): en renju eso pierde la partida. ¿Seguro? Pulsa confirmar o escribe /mover { $move } confirmar.
time-ran-out = A { $name } se le acabó el tiempo: la CPU juega por { $name } hasta que vuelva.
seat-taken-back = { $name } vuelve a la partida.
game-abandoned = La partida #{ $id } se da por abandonada: nadie jugó en { $hours ->
        [one] 1 hora
       *[other] { $hours } horas
    }.

resign-confirm = { $name }, ¿te rindes en la partida #{ $id }? Pulsa Rendirse, o escribe /rendirse confirmar.
resign-kept = Sigues jugando.
resign-not-yours = Esa pregunta es para el otro jugador.

undo-asked = { $count ->
    [one] { $name } pide deshacer 1 jugada: { $moves }.
   *[other] { $name } pide deshacer { $count } jugadas: { $moves }.
}
undo-asked-answer = { $opponent }, pulsa Aceptar deshacer o Rechazar (o escribe /deshacer sí o /deshacer no).
undo-done = { $count ->
    [one] Se deshace, a petición de { $name }: { $moves }.
   *[other] Se deshacen { $count } jugadas, a petición de { $name }: { $moves }.
}
undo-refused = No se deshace: la petición de { $name } fue rechazada.
undo-expired = Esa petición de deshacer ya no está vigente.
undo-not-yours = No puedes responder a tu propia petición.
nothing-to-undo = Todavía no tienes ninguna jugada que deshacer.

button-accept = Aceptar
button-decline = Rechazar
button-join = Unirse
button-rematch = Revancha
button-replay = ▶ Repetición
button-replay-game = ▶ #{ $id }
button-newer = « Más recientes
button-older = Más antiguas »
replay-none = No tienes ninguna partida en este chat para volver a ver.
game-not-here = La partida #{ $id } no se jugó en este chat.
export-caption = { $format ->
    [psq] La partida #{ $id } en formato .psq de Piskvork (Piskvork, herramientas de Gomocup, Yixin).
    [moves] La partida #{ $id } como lista numerada de jugadas.
   *[columns] La partida #{ $id } como la cadena de columnas que leen los solucionadores de Conecta 4.
}
history-title = Partidas jugadas en este chat:
history-title-of = Partidas de { $name } en este chat:
history-empty = Todavía no ha terminado ninguna partida aquí.
history-game = Solo { $game }.
history-line = #{ $id } { $game }: { $first } – { $second }, { $result }, { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    }, { $date }
history-won = ganó { $name }
history-won-shared = compartieron la victoria { $names }
history-line-cinco = #{ $id } CINCO: { $players }, { $result }, { $actions ->
        [one] 1 acción
       *[other] { $actions } acciones
    }, { $date }
history-drawn = tablas
history-no-page = { $pages ->
    [one] No hay página { $page }: el historial tiene 1 página, que es esta.
   *[other] No hay página { $page }: el historial tiene { $pages } páginas; esta es la última.
}
history-page = Página { $page } de { $pages }.
button-swap = Cambiar
button-keep = Seguir
button-confirm = Confirmar
button-resign-confirm = Rendirse
button-keep-playing = Seguir jugando
button-undo-accept = Aceptar deshacer
button-undo-refuse = Rechazar
button-column = { $column }
button-pop = Sacar { $column }
button-point = { $point }
button-columns = « Columnas
select-column = Columna…
select-row = Fila de la columna { $column }…
button-offer-begin = Ofrecer diez
button-offer-send = Ofrecer estas diez
button-offer-remove = Quitar { $point }
button-offer-stop = Poner una piedra

rules-which = ¿De qué juego? /reglas gomoku, renju, ninuki, pente, conecta5, conecta4 o cinco.
rules-document = { $body }
rules-sent-privately = { $name }, te he enviado las reglas por mensaje privado.
stats-title = Estadísticas de { $name }
stats-here = En este chat:
stats-everywhere = En todos los chats:
stats-line = { $game }: { $rating ->
        [one] 1 punto
       *[other] { $rating } puntos
    }, { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    } ({ $wins ->
        [one] 1 victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] 1 empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] 1 derrota
       *[other] { $losses } derrotas
    })
stats-line-unrated = { $game }: { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    } ({ $wins ->
        [one] 1 victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] 1 empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] 1 derrota
       *[other] { $losses } derrotas
    })
stats-none = Todavía no hay partidas terminadas.
unknown-user = No conozco a { $name }.
leaderboard-title = Clasificación de { $game } en este chat
leaderboard-title-all = Clasificaciones de este chat
leaderboard-empty = Nadie ha jugado partidas clasificatorias todavía.
leaderboard-line = { $rank }. { $name } — { $rating } ({ $games ->
        [one] 1 partida
       *[other] { $games } partidas
    })
language-current = Idioma de este chat: { $language }.
language-set = Ahora hablo español en este chat.
admins-only = Solo los administradores del chat pueden hacer eso.
settings-usage = Uso: /ajustes <juego> para verlos, /ajustes <juego> <opción> <valor> para cambiarlos (tamaño, línea-larga, prohibidos, popout, tiempo, clasificatoria, alternar; en cinco: subasta, turno).
value-on = sí
value-off = no

console-notice = (solo { $name }) { $text }
console-direct = (mensaje privado para { $name })
console-image = imagen: { $path }
console-file = archivo: { $path }
console-buttons = botones: { $buttons }  { $press }
console-select = { $placeholder } { $options }  { $press }
# El rótulo de cada imagen de /repeticion: la cuenta de jugadas, lo que hizo una jugada que no es solo una piedra, y el resultado en la última.
replay-frame-count = Jugada { $ply } de { $total }
replay-frame = Jugada { $ply } de { $total } · { $move }
replay-frame-end = Jugada { $ply } de { $total } · { $result }
