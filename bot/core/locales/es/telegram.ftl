# Solo Telegram: los avisos de turno, el enlace directo.
tg-your-turn = { $name }, te toca en la partida #{ $id }.
tg-private-closed = No puedo escribirte en privado hasta que abras un chat conmigo: pulsa el botón y luego Iniciar.
tg-button-open-chat = Abrir un chat con el bot
tg-linked = Hecho: ya puedo escribirte en privado.
