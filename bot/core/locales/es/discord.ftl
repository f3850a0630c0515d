# Solo Discord: avisos del adaptador.
dc-done = Hecho.
dc-dms-closed = No puedo enviarte un mensaje privado: tienes cerrados los mensajes directos de este servidor (para abrirlos: menú del servidor → Ajustes de privacidad → Mensajes directos). Aquí lo tienes, solo para ti:
dc-your-turn = { $name }, te toca en la partida #{ $id }.
