## Palabras de las opciones, los finales y la terminal: un solo vocabulario en cada idioma.

# El nombre de un juego en mitad de una frase: en español, en minúscula.
game-in-sentence = { $kind ->
        [gomoku] gomoku
        [renju] renju
        [ninuki] ninuki
        [pente] pente
        [connect5] 5 en raya
        [cinco] CINCO
       *[connect4] cuatro en raya
    }

# Las palabras de las opciones, las mismas en /ayuda, /ajustes y los retos.
option-name = { $option ->
        [size] tamaño
        [overline] línea-larga
        [forbidden] prohibidos
        [popout] popout
        [timer] tiempo
        [ranked] clasificatoria
       *[alternate] alternar
    }

# Lo que un reto tiene distinto de la partida de siempre.
options-line = Opciones: { $options }.
option-is-size = { $size }×{ $size }
option-is-overline = { $on ->
        [yes] la línea larga gana
       *[no] solo cinco exactos (la línea larga no gana)
    }
option-is-forbidden = { $on ->
        [yes] con puntos prohibidos para negras
       *[no] sin puntos prohibidos
    }
option-is-popout = PopOut (se puede sacar una ficha propia de abajo)
option-is-timer = { $timer } s por turno
option-separator = {" · "}

# /ajustes: una línea por opción del juego, con la palabra que se escribe.
settings-title = { $game } en este chat (cámbialo con /ajustes { $code } <opción> <valor>, administradores):
settings-size = · tamaño { $size } (se juega en { $sizes })
settings-switch = · { $option } { $value }
settings-timer = · tiempo { $timer ->
        [0] 0 (sin límite)
       *[other] { $timer } (segundos por turno)
    }

# Cómo se ganó.
reason-five = con cinco en línea
reason-four = con cuatro en línea
reason-captured-stones = con { $stones ->
        [one] una piedra capturada
       *[other] { $stones } piedras capturadas
    }
reason-forbidden-at = porque negras jugaron un punto prohibido: { $shape } en { $point }
pente-final = Tanteo final: { $first } { $first-score }, { $second } { $second-score }.
pente-breakdown = { $name }: tanteo { $total } = { $five } por la línea + { $captures ->
        [one] 1 por una captura
       *[other] { $captures } por capturas
    } + { $fours ->
        [one] 1 por un cuatro en el tablero
       *[other] { $fours } por cuatros en el tablero
    }
rating-none-early = Sin puntuar: la partida terminó antes de que movieran los dos jugadores.
rating-change = { $name }: { $before } → { $after } ({ $change } { $points ->
        [one] punto
       *[other] puntos
    })

# /reglas
rules-summary-title = Reglas de { $game } (resumen):
rules-full-hint = El documento completo: /reglas { $code } completo

# La terminal.
console-press = (escribe /pulsar N)

# Resúmenes de /reglas: texto llano y corto; el documento completo va aparte.
rules-summary-gomoku =
    · Negras empiezan; cada turno una piedra en una intersección libre (15×15, o 19×19).
    · Gana quien hace cinco seguidas en horizontal, vertical o diagonal.
    · línea-larga sí (por defecto): seis o más también ganan; no: solo cinco exactos.
    · prohibidos sí: negras no pueden hacer doble tres, doble cuatro ni línea larga (la piedra no se pone).
    · Empate si el tablero se llena. Escribe el punto: /mover h8.
rules-summary-renju =
    · Gomoku de competición en 15×15: negras empiezan; nada se captura.
    · Apertura Taraguchi-10: la primera piedra en h8, las siguientes en cuadrados centrales cada vez mayores; después de ciertas jugadas se puede cambiar de color (/mover cambiar o seguir); la quinta piedra o diez ofrecidas (/mover ofrecer …).
    · Blancas ganan con cinco o más; negras solo con cinco exactos.
    · Negras pierden si juegan un punto prohibido: doble tres, doble cuatro o línea larga (el bot pide confirmación).
rules-summary-ninuki =
    · Gomoku con capturas, 15×15 (o 19×19); negras empiezan.
    · Encierra entre dos piedras tuyas exactamente dos contrarias en línea y se retiran.
    · Gana quien hace cinco en línea o captura diez piedras.
    · línea-larga y prohibidos como en gomoku. Escribe el punto: /mover h8.
rules-summary-pente =
    · 19×19 (o 13×13), columnas sin la I; blancas empiezan en el centro (K10), y su segunda piedra va a tres puntos o más del centro.
    · Encierra entre dos piedras tuyas exactamente dos contrarias en línea y se retiran.
    · Gana quien hace cinco en línea o captura diez piedras.
    · Tanteo final: 5 por la línea, 1 por cada captura, 1 por cada cuatro en el tablero. Escribe el punto: /mover K10.
rules-summary-connect5 =
    · 9 columnas y 6 filas; las columnas de los lados vienen llenas y cuentan para las líneas.
    · Rojo empieza; cada turno una ficha cae en una de las columnas 1 a 7 (/mover 4).
    · Gana quien hace cinco en línea. Empate si se llena.
    · popout: en vez de soltar, puedes sacar una ficha tuya de abajo (/mover sacar 4); la misma posición tres veces es empate.
rules-summary-connect4 =
    · 7 columnas y 6 filas, vacías al empezar.
    · Rojo empieza; cada turno una ficha cae en una columna (/mover 4).
    · Gana quien hace cuatro en línea. Empate si se llena.
    · popout: en vez de soltar, puedes sacar una ficha tuya de abajo (/mover sacar 4); la misma posición tres veces es empate.
rules-summary-cinco =
    · De 2 a 6 jugadores, 5 cartas cada uno: juega una del color, número o símbolo del descarte, o roba.
    · Empieza tu turno con 5 cartas justas: descarta las que sobran o roba hasta 5.
    · Cada 5 que sale del mazo abre una subasta secreta: la carta numérica más alta se lleva el 5 (del color del 5, vale el doble).
    · Gana quien junta cinco 5.
    · Reversa: el orden de juego se invierte.
    · Saltar: el siguiente jugador pierde su turno.
    · Comodín numérico: vale su número, en el color que elijas.
    · Comodín 5: se subasta como un 5, y todas las pujas valen el doble.
    · Puntaje: en una subasta, +2 a tu puja o −1 a la de otro.
    · Embargo: quitas un 5 a otro jugador (si no tiene Protección).
    · Protección: tus 5 no se pueden embargar (solo si ya tienes alguno).
    · Cambio: descartas toda tu mano y robas 7.
    · Abre una mesa con /cinco; tu mano te llega en privado.
