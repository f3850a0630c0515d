# El tablero web (una página dentro de Telegram): las palabras de la página; las líneas del tablero son las del chat.
web-title = Tablero de cincobot
web-connecting = Conectando…
web-reconnecting = Se perdió la conexión, volviendo a intentar…
web-spectating = Estás mirando esta partida.
web-your-turn = Te toca: toca un punto.
web-your-turn-column = Te toca: toca una columna.
web-tap-again = Toca { $point } otra vez para jugarlo.
web-your-turn-choose = Te toca: toca uno de los puntos numerados para que sea la quinta piedra negra.
web-your-turn-decide = Te toca: elige con los botones bajo el tablero.
web-your-turn-offer = Toca un punto para añadirlo a tu oferta.
web-offer-full = Diez puntos elegidos: ofrécelos con el botón bajo el tablero.
web-time-left = quedan { $time }
web-time-up = Se acabó el tiempo
web-captures = { $count }/{ $goal } capturadas
web-sending = Enviando…
web-played = Jugado.
web-cinco-hand = Tu mano
web-cinco-bid = Tu puja sellada:
web-cinco-pick = Toca una carta para elegirla.
web-cinco-tap-again = Toca la carta otra vez: { $action }
web-cinco-choose = ¿Qué hacer con { $card }?
web-error-unauthorized = Falta tu acceso o caducó: abre el tablero otra vez desde el chat.
web-error-forbidden = No puedes actuar en esta partida.
web-error-not-found = Esta partida no se está jugando aquí (puede que haya terminado).
web-error-too-many = Demasiado rápido: espera un momento.
web-error-too-large = Esa petición es demasiado grande.
web-error-bad-request = No se entendió esa petición.
web-error-unavailable = El bot no puede mostrar esta partida ahora: inténtalo de nuevo en un momento.
web-error-network = No se puede contactar con el bot.

# Handing the board out in the chats.
button-web-board = Abrir tablero
web-link-player = Tu tablero de la partida #{ $id }, para jugar tocando: { $url }
    Es solo tuyo: quien lo abra juega por ti.
web-link-spectator = Partida #{ $id }, para seguirla en directo: { $url }
web-link-sent = Te he enviado el enlace del tablero en privado. Si no llega, abre antes un chat privado conmigo.
web-off = El tablero web no está activado en este bot.
