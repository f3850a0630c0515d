# Cómo se cuentan los movimientos y qué dice el tablero (decisiones de renju, PopOut,
# capturas, marcas).

told-swap = { $name } cambia de color.
told-keep = { $name } mantiene los colores.
told-offer = { $name } propone diez quintas: { $points }.
told-choose = { $name } elige { $point }.
warn-overline = { $move } hace una línea de { $stones }, que aquí no gana (línea larga desactivada): la partida sigue.
warn-repetition = Esta posición ya ha aparecido dos veces con el mismo turno: a la tercera, empate.
told-pop = { $name } saca una ficha de la columna { $column }.
told-capture = { $name }: { $move } captura { $stones } — { $count }/{ $goal }.
# La CPU que juega por alguien cuyo tiempo se acabó.
told-cpu-for = La CPU (por { $name })

list-one = { $item }
list-two = { $first } y { $last }
list-more = { $first }, { $rest }

# La apertura de renju: dónde va la piedra que toca (el cuadrado se enmarca en azul).
status-opening-centre = { $name } ({ $colour }): la primera piedra va en el centro, { $point }.
status-opening = { $name } ({ $colour }): piedra dentro del { $side }×{ $side } central, enmarcado en azul.

# Leyenda de las marcas de puntos prohibidos (en el texto son *).
legend-forbidden = × roja (* en el texto): punto prohibido para negras.
legend-forbidden-muted = × oscura: donde negras no podrán jugar; buen sitio para blancas.
# Negras perdieron en un punto prohibido: sus líneas van en rojo (en el texto son #).
legend-forbidden-lines = En rojo (# en el texto): las piedras que hacen prohibida la jugada ({ $shape }).
