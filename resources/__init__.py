"""Data files Harbinger ships: catalogs, JSON Schemas, fonts and example characters.

Nothing in here is code; this module only says where the files are.
"""

from pathlib import Path

RESOURCES_DIR = Path(__file__).resolve().parent


def resource_path(*parts: str) -> Path:
    """Absolute path of a shipped data file, e.g. ``resource_path("sheet", "limits.toml")``."""
    return RESOURCES_DIR.joinpath(*parts)


ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The sizes of the PNG icons shipped in ``icons/`` beside ``harbinger.svg``."""
