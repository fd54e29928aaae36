# ruff: noqa: E501
"""The stores' roster queries compiled for SQLite (written by ``python -m
models.quick_roster``; never edit by hand: a test compares it with the queries).
"""

CONTRACT_ROSTER = 'SELECT contractor.id, contractor.name, contractor.player_id, player.name AS player, contractor.roster_victories AS victories, contractor.roster_floor AS floor_victories, contractor.roster_dead AS dead, contractor.approval_state, contractor.charon_coin, contractor.updated_at, contractor.owner \nFROM contractor LEFT OUTER JOIN player ON contractor.player_id = player.id'

DOCUMENT_ROSTER = 'SELECT character_document.id, character_document.name, character_document.player, character_document.alive, character_document.approval_state, character_document.updated_at, character_document.system, character_document.owner \nFROM character_document'
