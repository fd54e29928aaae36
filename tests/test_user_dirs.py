"""Harbinger's own folders are the ones platformdirs names (``harbinger.shell.paths.user_dir``).

On Linux the app works them out without importing platformdirs (14 ms of CPU
before its first frame); these tests hold that answer to platformdirs' own for
every folder the app uses, with the XDG variables unset, set, and set to
something the XDG rule ignores (a relative path).
"""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from harbinger.shell.logs import LOG_ENV, log_dir
from harbinger.shell.paths import (
    APP_NAME,
    SETTINGS_ENV,
    default_library_path,
    settings_dir,
    user_dir,
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="elsewhere user_dir asks platformdirs itself"
)

VARIABLES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


def _platformdirs(kind: str) -> Path:
    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP_NAME, appauthor=False))


@pytest.mark.parametrize("setting", ["unset", "absolute", "relative", "empty"])
@pytest.mark.parametrize("kind", ["data", "config", "state"])
def test_each_folder_is_the_one_platformdirs_names(
    kind: str, setting: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for variable in VARIABLES:
        if setting == "unset":
            monkeypatch.delenv(variable, raising=False)
        elif setting == "absolute":
            monkeypatch.setenv(variable, str(tmp_path / variable.lower()))
        elif setting == "relative":
            monkeypatch.setenv(variable, "not/absolute")
        else:
            monkeypatch.setenv(variable, "")
    assert user_dir(kind) == _platformdirs(kind)
    if setting == "absolute":
        assert user_dir(kind) == tmp_path / f"xdg_{kind}_home" / APP_NAME
    elif setting == "unset":
        default = {"data": ".local/share", "config": ".config", "state": ".local/state"}[kind]
        assert user_dir(kind) == tmp_path / "home" / default / APP_NAME


def test_the_app_uses_them_for_its_library_settings_and_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.delenv(SETTINGS_ENV, raising=False)
    monkeypatch.delenv(LOG_ENV, raising=False)
    assert default_library_path() == Path(
        platformdirs.user_data_dir(APP_NAME, appauthor=False), "library.sqlite3"
    )
    assert settings_dir() == Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    assert log_dir() == Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    assert log_dir() == tmp_path / ".local" / "state" / APP_NAME / "log"
