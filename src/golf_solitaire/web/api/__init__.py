"""The JSON API, one router per resource: players, games, rounds, and meta (presets, texts)."""
