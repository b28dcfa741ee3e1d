"""The Telegram transport: python-telegram-bot, its handlers, and the HTTP under them."""
