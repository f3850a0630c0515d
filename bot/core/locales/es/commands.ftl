## Los comandos: qué hace cada uno (en los menús y en /ayuda, dentro del límite de longitud
## de cada plataforma), sus opciones y valores, y /ayuda.

command-about-help = Cómo jugar y todos los comandos
command-about-connect5 = Desafiar a alguien (o a la CPU) a 5 en raya
command-about-connect4 = Desafiar a alguien (o a la CPU) a cuatro en raya
command-about-gomoku = Desafiar a alguien (o a la CPU) a gomoku
command-about-renju = Desafiar a alguien (o a la CPU) a renju
command-about-ninuki = Desafiar a alguien (o a la CPU) a ninuki (cinco con capturas)
command-about-pente = Desafiar a alguien (o a la CPU) a pente
command-about-cinco = Abrir una mesa de CINCO: el juego de cartas con subastas, de 2 a 6
command-about-hand = Tu mano de CINCO otra vez, solo para ti
command-about-web = Tu enlace al tablero web en directo, solo para ti
command-about-move = Jugar: h8, K10, 4, pop 3
command-about-board = Volver a mostrar el tablero de tu partida
command-about-undo = Pedir deshacer tu última jugada, o responder a esa petición
command-about-resign = Abandonar tu partida (pregunta antes)
command-about-rematch = Jugar otra vez la última partida
command-about-accept = Aceptar un desafío
command-about-decline = Rechazar un desafío
command-about-join = Unirse a un desafío abierto
command-about-rules = Las reglas de un juego
command-about-stats = Puntuaciones y resultados
command-about-replay = Vuelve a ver una partida, animada
command-about-history = Las partidas jugadas en este chat
command-about-export = Una partida como archivo para otros programas
command-about-leaderboard = Los mejores jugadores de este chat
command-about-language = El idioma de este chat (lo cambian los administradores)
command-about-settings = Las opciones por defecto del chat (las cambian los administradores)
command-about-cancel = Terminar una partida sin resultado (administradores)

option-about-opponent = A quién desafías
option-about-cpu = Jugar contra la computadora en este nivel
option-about-size = El lado del tablero
option-about-timer = Segundos por turno
option-about-ranked = Si la partida cuenta para la puntuación
option-about-overline = Si seis o más en línea ganan
option-about-forbidden = Si rigen los puntos prohibidos de negras
option-about-popout = Si se pueden sacar fichas por abajo
option-about-point = El punto o la columna (h8, 4, pop 3)
option-about-game = El número de la partida (#12)
option-about-confirm = Sí, sé lo que hace
option-about-answer = Aceptar la petición del rival
option-about-numbers = Numerar cada piedra por su jugada
option-about-kind = Qué juego
option-about-full = El documento entero, no un resumen
option-about-user = De quién (tuyas si lo dejas vacío)
option-about-language = Español o inglés
option-about-challenge = El número del desafío
option-about-setting = Qué opción cambiar
option-about-value = Su nuevo valor (sí, no, 30…)
option-about-page = Qué página (la 1 es la más reciente)
choice-timer = { $seconds ->
        [0] sin reloj
       *[other] { $seconds } s
    }
language-name = { $language ->
        [es] Español
       *[en] Inglés
    }

help-title = Comandos de cincobot:
help-line = { $commands } — { $about }
help-line-usage = { $commands } { $usage } — { $about }
help-about-challenges = Reta a @usuario o a la CPU; sin rival, el reto queda abierto
help-options = Opciones de los retos: { $sizes } (tamaño), línea-larga sí|no, prohibidos sí|no, popout, tiempo { $timers }, clasificatoria|amistosa; /ajustes también admite alternar sí|no (quién empieza la revancha).
help-usage-challenge = [@usuario | cpu [fácil|normal|difícil]] [opciones]
help-usage-game = [#partida]
help-usage-move = <jugada> [#partida] [confirmar] (también cambiar, seguir, ofrecer …, elegir …)
help-usage-board = [#partida] [números]
help-usage-undo = [#partida] [sí|no]
help-usage-resign = [#partida] [confirmar]
help-usage-challenge-number = [número]
help-usage-rules = [juego] [completo]
help-usage-stats = [@usuario]
help-usage-history = [@usuario] [juego] [página]
help-usage-leaderboard = [juego]
help-usage-language = [es|en]
help-usage-settings = [juego] [opción valor]
