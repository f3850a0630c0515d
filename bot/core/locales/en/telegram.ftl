# Telegram only: turn messages, the deep link.
tg-your-turn = { $name }, your turn in game #{ $id }.
tg-private-closed = I cannot write to you privately until you open a chat with me: press the button, then Start.
tg-button-open-chat = Open a chat with the bot
tg-linked = Done: I can write to you privately now.
