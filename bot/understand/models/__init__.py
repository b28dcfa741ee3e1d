"""Model names as customers write them: the catalog index, the finder, name parts, scripts."""
