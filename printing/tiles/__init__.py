"""Printed Covenants: the spiral board and a sheet of tiles and control coins to cut out."""
