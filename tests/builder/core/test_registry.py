"""The game-system registry is filled at the composition root, never by ``builder.core`` itself.

Issue 26, item 4: "nothing in builder/core imports a game, by any route". A
program that forgets to register gets a message naming the call to make, not
an empty list of games.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from builder.core import registry
from builder.systems import SHIPPED, register_shipped

ROOT = Path(__file__).resolve().parents[3]
GAMES = ("contract", "coven", "covenant", "mortal_coil", "tiles")


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter (nothing registered, nothing imported)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_builder_core_imports_no_game_even_after_a_lookup() -> None:
    code = (
        "import pkgutil, importlib, sys\n"
        "import builder.core\n"
        "for m in pkgutil.iter_modules(builder.core.__path__):\n"
        "    importlib.import_module('builder.core.' + m.name)\n"
        "from builder.core import registry\n"
        "try:\n"
        "    registry.system_for_format('harbinger.contractor')\n"
        "except registry.NoSystemsRegistered as exc:\n"
        "    print('refused:', exc)\n"
        f"games = {GAMES!r}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2][-1] in games"
        " or m == 'builder.systems'))\n"
    )
    out = _fresh(code)
    assert out.returncode == 0, out.stderr
    refused, loaded = out.stdout.splitlines()
    assert refused == (
        "refused: no game systems registered: call builder.systems.register_shipped() "
        "(or registry.register(...)) at the program's start"
    )
    assert loaded == "[]"


@pytest.mark.slow  # a fresh interpreter of its own: nothing registered is the point
def test_every_lookup_says_what_to_call_when_nothing_is_registered() -> None:
    code = (
        "from builder.core import registry\n"
        "for ask in (lambda: list(registry.systems()), lambda: registry.system('contract'),\n"
        "            lambda: registry.read_document({'format': 'harbinger.contractor'}),\n"
        "            lambda: registry.system_for_character(object())):\n"
        "    try:\n"
        "        ask()\n"
        "    except registry.NoSystemsRegistered:\n"
        "        print('refused')\n"
    )
    out = _fresh(code)
    assert out.stdout.split() == ["refused"] * 4, out.stderr


def test_registering_the_shipped_games_twice_changes_nothing() -> None:
    before = [s.id for s in registry.systems()]
    assert register_shipped() == SHIPPED
    register_shipped()
    assert [s.id for s in registry.systems()] == before
    assert before[:5] == ["contract", "covenant", "mortal-coil", "coven", "tiles"]


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_importing_builder_systems_registers_nothing() -> None:
    out = _fresh(
        "import builder.systems\n"
        "from builder.core import registry\n"
        "print(registry._SYSTEMS == {})\n"
    )
    assert out.stdout.strip() == "True", out.stderr
