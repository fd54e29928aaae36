"""The Covenants tile game in the desktop app: board, hands, moves, log, replay."""
