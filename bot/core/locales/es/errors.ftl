## Jugadas rechazadas: una frase por cada motivo del motor.

refused-game-over = La partida ya terminó.
refused-off-board = Ese punto está fuera del tablero.
refused-occupied = Ese punto ya está ocupado.
refused-forbidden = Negras no pueden jugar ahí: es un punto prohibido ({ $shape }).
refused-wrong-action = Eso no toca ahora: la partida espera { $awaited }.
refused-not-centre = La primera piedra va en el centro.
refused-outside-area = Esta piedra va dentro del cuadrado central de { $side }×{ $side }.
refused-offer-occupied = El punto ofrecido { $point } ya está ocupado.
refused-offer-repeated = El punto { $point } se ofrece dos veces.
refused-offer-symmetric = Los puntos { $first } y { $second } son la misma jugada por simetría.
refused-not-offered = El punto { $point } no estaba entre los ofrecidos.
refused-too-close = Esta piedra debe ir a tres puntos o más del centro.
refused-column-full = Esa columna está llena.
refused-popout-off = Sacar fichas requiere la opción PopOut.
refused-nothing-to-pop = Esa columna no tiene ficha que sacar.
refused-not-your-disc = Solo puedes sacar una ficha de tu color.
unreadable-point = Un punto se escribe con letra de columna y número de fila, como h8.
unreadable-column-i = Este tablero no tiene columna I (va H, J, K…).
unreadable-no-column = Esa columna no existe: son del 1 al 7.
unreadable-side-column = Las columnas laterales están fijas: juega del 1 al 7.
unreadable-point-count = { $expected ->
        [one] Hace falta 1 punto
       *[other] Hacen falta { $expected } puntos
    } y { $found ->
        [one] hay 1
       *[other] hay { $found }
    }.
unreadable-column-move = Escribe una columna del 1 al 7, o pop y una columna.
unreadable-renju-move = Escribe un punto como h8, cambiar, seguir, ofrecer y diez puntos, o elegir y un punto.
unreadable-pente-move = Escribe un punto como K10.
unreadable-grid-move = Escribe un punto como h8.
