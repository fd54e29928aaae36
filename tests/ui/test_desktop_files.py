"""Opening character files from outside the app (issue 17): ``harbinger FILE...``, the
file manager, and a second launch handing its files to the running instance."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harbinger.cli import COMMANDS, build_parser, read_launch
from ui.main_window import MainWindow
from ui.open_files import character_id
from ui.single_instance import InstanceServer, send_to_running, server_name

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
WREN = EXAMPLES / "newbie-wren-halloway.json"
WREN_ID = "c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1"
INES = EXAMPLES / "seasoned-ines-varga.json"


def test_existing_paths_mean_open_these_files_in_the_app(tmp_path: Path) -> None:
    def app(argv: list[str]) -> tuple[str | None, list[str]] | None:
        """The library and files the app opens for ``argv``; None: not the app."""
        launch = read_launch(argv)
        return None if launch.files is None else (launch.db, launch.files)

    assert app([]) == (None, [])
    assert app(["--db", "x.sqlite3", str(WREN)]) == ("x.sqlite3", [str(WREN)])
    assert app([str(WREN), str(INES)]) == (None, [str(WREN), str(INES)])
    # A subcommand, or anything that is not an existing path, stays a command line.
    assert app(["sheet", "audit", str(WREN)]) is None
    assert app([str(tmp_path / "missing.json")]) is None
    assert app(["--json", str(WREN)]) is None
    parser_commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert sorted(parser_commands) == sorted(COMMANDS)


def test_a_known_character_opens_its_sheet_and_others_go_to_review(
    qtbot, window: MainWindow
) -> None:
    assert character_id(WREN) == WREN_ID
    window.import_file(WREN)
    qtbot.waitUntil(lambda: window.workspace.library.exists(WREN_ID), timeout=20000)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)

    window.open_files([str(WREN), str(INES)])

    assert window.contractor is not None
    assert window.contractor.id == WREN_ID
    review = window.review_window
    qtbot.waitUntil(lambda: len(review.verdicts()) == 1, timeout=30000)
    assert list(review.verdicts()) == [INES.name]
    assert window.workspace.library.exists(character_id(INES) or "") is False


def test_files_given_at_start_wait_for_the_library(qtbot, app, library_path: Path) -> None:
    from ui.settings import AppSettings

    window = MainWindow(AppSettings(), str(library_path), offer_examples=False)
    qtbot.addWidget(window)
    assert window.loading
    window.open_files([str(INES)])  # before the library is open: waits for it
    window.show()
    qtbot.waitUntil(lambda: getattr(window, "review_window", None) is not None, timeout=20000)
    qtbot.waitUntil(lambda: len(window.review_window.verdicts()) == 1, timeout=30000)
    assert list(window.review_window.verdicts()) == [INES.name]


def test_server_names_differ_by_library_and_user() -> None:
    first = server_name("sqlite:////home/a/library.sqlite3", "ines")
    assert first == server_name("sqlite:////home/a/library.sqlite3", "ines")
    assert first != server_name("sqlite:////home/a/other.sqlite3", "ines")
    assert first != server_name("sqlite:////home/a/library.sqlite3", "wren")
    assert first.startswith("harbinger-")
    assert len(first) == len("harbinger-") + 24


def test_a_server_name_is_the_same_sha256_as_before() -> None:
    """The name is the first 24 hex digits of SHA-256 over "user\\nURL", as it was when Qt's
    hash made it: a launch of this Harbinger still finds one of the previous running."""
    from PySide6.QtCore import QCryptographicHash

    url = "sqlite:////home/a/library.sqlite3"
    text = f"ines\n{url}".encode()
    qt = QCryptographicHash.hash(text, QCryptographicHash.Algorithm.Sha256).toHex()
    assert server_name(url, "ines") == f"harbinger-{bytes(qt.data())[:24].decode()}"


def test_nobody_listening_means_no_hand_off(app, tmp_path: Path) -> None:
    assert send_to_running(server_name(f"sqlite:///{tmp_path}/none", "t"), [WREN], 200) is False


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_a_socket_left_by_a_crashed_instance_is_not_a_running_one(tmp_path: Path) -> None:
    # A killed instance leaves its socket file; the next launch knocks (nobody answers) and
    # opens its own window without loading Qt's network module (35 ms of start-up).
    code = """
import socket, sys
from PySide6.QtCore import QDir
from PySide6.QtWidgets import QApplication
from ui.single_instance import send_to_running, server_name
app = QApplication([])
name = server_name(sys.argv[1], "t")
left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
left.bind(QDir.tempPath() + "/" + name)
left.close()  # bound, never listening, gone: the file stays
try:
    print(send_to_running(name, []), "PySide6.QtNetwork" in sys.modules)
finally:
    import os; os.remove(QDir.tempPath() + "/" + name)
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, "-c", code, f"sqlite:///{tmp_path}/left"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.slow  # a second launch is a process of its own: that is the point
def test_a_second_launch_hands_its_files_to_the_running_window(
    qtbot, window: MainWindow, library_path: Path, tmp_path: Path
) -> None:
    from ui.app import chosen_location

    url = chosen_location(str(library_path), None)
    server = InstanceServer(server_name(url), window)
    assert server.listen()
    server.files_received.connect(window.open_files)
    received: list[list[str]] = []
    server.files_received.connect(received.append)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    # The real second launch: `harbinger --db LIBRARY FILE`, as the .desktop file runs it.
    second = subprocess.Popen(
        [sys.executable, "-m", "harbinger", "--db", str(library_path), str(INES)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        qtbot.waitUntil(lambda: received != [], timeout=30000)
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=30000)
    finally:
        if second.poll() is None:
            second.kill()
    assert second.returncode == 0, second.stderr.read().decode()
    assert received == [[str(INES)]]
    qtbot.waitUntil(lambda: getattr(window, "review_window", None) is not None, timeout=20000)
    qtbot.waitUntil(lambda: len(window.review_window.verdicts()) == 1, timeout=30000)
    assert list(window.review_window.verdicts()) == [INES.name]
    server.close()


@pytest.mark.slow  # a second launch is a process of its own: that is the point
def test_a_running_app_answers_a_second_launch_once_its_library_is_open(
    tmp_path: Path,
) -> None:
    from PySide6.QtCore import QDir

    from ui.app import chosen_location

    library = tmp_path / "library.sqlite3"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    socket = Path(QDir.tempPath()) / server_name(chosen_location(str(library), None))
    launch = [sys.executable, "-m", "harbinger", "--db", str(library)]
    first = subprocess.Popen(launch, cwd=tmp_path, env=env, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not socket.exists() and time.monotonic() < deadline and first.poll() is None:
            time.sleep(0.1)
        assert socket.exists(), "the first instance never listened"
        # The second launch hands its file over and ends; were nobody listening, it would
        # open a window of its own and run until killed.
        second = subprocess.run(
            [*launch, str(WREN)], cwd=tmp_path, env=env, capture_output=True, timeout=60
        )
        assert second.returncode == 0, second.stderr.decode()
    finally:
        first.kill()
        first.wait()
        socket.unlink(missing_ok=True)  # a killed instance leaves its socket file behind
