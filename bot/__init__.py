"""The conversation: understanding, language, rendering, Telegram, web and chat state."""
