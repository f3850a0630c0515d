# CINCO: la mesa de espera, la mesa, la mano, las subastas.
cinco-red = { $gender ->
    [feminine] roja
   *[masculine] rojo
  }
cinco-yellow = { $gender ->
    [feminine] amarilla
   *[masculine] amarillo
  }
cinco-green = verde
cinco-blue = azul
cinco-card-number = { $number } { $colour }
cinco-card-wild = comodín { $number }
cinco-card-wild-five = comodín 5
cinco-card-reverse = Reversa { $colour }
cinco-card-skip = Saltar { $colour }
cinco-card-puntaje = Puntaje
cinco-card-embargo = Embargo
cinco-card-protection = Protección
cinco-card-cambio = Cambio
cinco-lobby = Mesa de CINCO { $id }, abierta por { $host }: de 2 a 6 jugadores. Únete, añade a la CPU, y { $host } empieza.
cinco-lobby-seats = Sentados ({ $count }): { $names }
cinco-lobby-closed = La mesa de CINCO { $id } se ha cerrado.
cinco-lobby-expired = La mesa de CINCO { $id } no llegó a empezar y se ha cerrado.
cinco-lobby-gone = Esa mesa de CINCO ya no está abierta.
cinco-lobby-full = La mesa está llena: seis jugadores.
cinco-lobby-already = Ya estás en esta mesa.
cinco-lobby-not-seated = No estás en esta mesa.
cinco-lobby-host-only = Solo { $host } puede empezar la partida.
cinco-lobby-too-few = Hacen falta al menos dos jugadores para empezar.
cinco-button-join = Unirme
cinco-button-leave = Salir
cinco-button-cpu = Añadir CPU ({ $level })
cinco-button-start = Empezar
cinco-header = CINCO #{ $id }
cinco-discard = Descarte: { $card } · mazo { $pile } · orden: { $order }
cinco-discard-empty = Aún no hay descarte · mazo { $pile } · orden: { $order }
cinco-colour-in-play = Color en juego: { $colour }
cinco-player = { $name }: { $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
  }, { $fives ->
    [one] un 5
   *[other] { $fives } cincos
  }{ $protected ->
    [yes] , con Protección
   *[no] {""}
  }
cinco-turn = Juega { $name }.
cinco-auction = Subasta { $number } por el { $five }: faltan { $waiting }.
cinco-won-auction = ¡{ $name } gana con cinco 5!
cinco-won-embargo = ¡{ $name } gana con cinco 5, el último por Embargo!
cinco-won-most = No queda ningún 5 por ganar: { $names } { $count ->
    [one] gana
   *[other] comparten la victoria
  } con { $most ->
    [one] un 5
   *[other] { $most } cincos
  } ({ $counts }).
cinco-played = { $name } jugó { $card }.
cinco-played-colour = { $name } jugó { $card } y eligió { $colour }.
cinco-played-embargo = { $name } jugó Embargo contra { $target }.
cinco-protected = { $name } puso Protección junto a sus 5.
cinco-drew = { $name } robó una carta.
cinco-kept = { $name } se quedó la carta robada.
cinco-put-away = { $name } descartó una carta (regla de la mano).
cinco-has-bid = { $name } ya ha pujado.
cinco-reveal = Subasta { $number } por el { $five }, todas las pujas a la vez:
cinco-reveal-bid = { $name }: { $card } = { $value }{ $doubled ->
    [yes] {" "}(doble)
   *[no] {""}
  }{ $raised ->
    [yes] {" "}(Puntaje +2)
   *[no] {""}
  }{ $lowered ->
    [0] {""}
   *[other] {" "}(Puntaje −{ $lowered })
  }
cinco-reveal-lowers = { $name } usó Puntaje −1 contra { $target }.
cinco-reveal-winner = { $name } se lleva el 5.
cinco-reveal-tie = Nadie se lleva el 5: empate a { $value } entre { $names }. Va debajo del descarte.
cinco-reveal-no-bid = { $name }: no puja (sin cartas numéricas).
cinco-reveal-nobody = Nadie se lleva el 5: nadie pudo pujar. Va debajo del descarte.
cinco-skipped = { $name } pierde el turno.
cinco-reversed = El orden se invierte: { $order }.
cinco-hand = Tu mano en CINCO #{ $id }: { $cards }
cinco-hand-empty = No tienes cartas en CINCO #{ $id }.
cinco-your-turn = Te toca: elige una carta abajo.
cinco-your-bid = Subasta { $number } por el { $five }: elige tu puja secreta.
cinco-hand-discard = Descarte: { $card }
cinco-time-left = Te quedan { $seconds } s.
cinco-playable = Puedes jugar: { $cards }.
cinco-nothing-playable = Ninguna carta tuya encaja: roba una.
cinco-bids-double = Valen el doble en esta subasta: { $cards }.
cinco-bids-all-double = Con el comodín 5, todas las pujas valen el doble.
cinco-no-number = Subasta { $number } por el { $five }: no pujas, no tienes cartas numéricas.
cinco-no-number-cambio = Tu Cambio se detuvo al salir el 5: robarás el resto de tus cartas después de la subasta.
cinco-sealed = Tu puja está entregada: { $card }.
cinco-button-play = { $card }
cinco-button-play-colour = { $card } → { $colour }
cinco-button-embargo = Embargo contra { $name }
cinco-button-hand = Mi mano
cinco-button-draw = Robar
cinco-button-keep = Quedármela
cinco-button-discard = Descartar { $card }
cinco-button-bid = Pujar { $card } — vale { $value }
cinco-button-pick = { $card } — vale { $value } ›
cinco-button-bid-plain = Pujar { $card } sin Puntaje — vale { $value }
cinco-button-bid-raise = Con Puntaje +2 — vale { $value }
cinco-button-bid-lower = Con Puntaje −1 a { $name } (la tuya vale { $value })
cinco-button-back = ‹ Otra carta
cinco-not-allowed = Eso no se puede hacer ahora.
cinco-not-waiting = CINCO #{ $id } no te está esperando.
cinco-no-game = No estás en ninguna mesa de CINCO aquí.
cinco-not-started = La partida aún no ha empezado: tu mano llegará en privado cuando { $host } pulse Empezar.
cinco-timed-out = { $names }: se acabó el tiempo; la CPU juega en su lugar hasta que { $count ->
    [one] vuelva
   *[other] vuelvan
  } (con /mano, el botón Mi mano o una jugada).
cinco-paused = { $names }: se acabó el tiempo. Ya no queda nadie jugando en CINCO #{ $id }: la mesa espera a que alguien vuelva con /mano o el botón Mi mano, y la CPU juega entonces por quien siga ausente.
cinco-seated = Estás sentado en la mesa de CINCO { $id }: tu mano y las peticiones de puja llegarán aquí.
cinco-lobby-unreachable = { $names } { $count ->
    [one] aún no puede recibir mis mensajes privados: escríbeme una vez en privado (o permite mis mensajes privados) y la partida podrá empezar.
   *[other] aún no pueden recibir mis mensajes privados: cada uno me escribe una vez en privado (o permite mis mensajes privados) y la partida podrá empezar.
}
cinco-lobby-unreachable-start = La partida no puede empezar hasta que pueda escribir en privado a { $names }.
cinco-unreachable = No puedo escribir en privado a { $name } para CINCO #{ $id }: escríbeme una vez en privado (o permite mis mensajes privados) y tu mano llegará allí.
settings-cinco-bid = · subasta { $seconds } s: cuánto espera una subasta las pujas
settings-cinco-turn = · turno { $seconds } s: cuánto espera un turno a su jugador
settings-cinco-unknown = CINCO no tiene el ajuste «{ $option }»: subasta o turno.
settings-cinco-range = { $option } lleva un número de segundos de { $least } a { $most }.
cinco-no-replay = CINCO #{ $id } es un juego de cartas: las repeticiones y los registros son para los juegos de tablero.
# Words on the table's picture.
cinco-table-pile = mazo
cinco-table-auction = Subasta { $number }
cinco-table-no-bid = no puja
