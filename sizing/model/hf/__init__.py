"""Hugging Face config.json files read as architectures: fields, readers per family, releases."""
