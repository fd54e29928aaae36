"""``harbinger install-desktop``: add Harbinger to the desktop's menus and file manager."""

from __future__ import annotations

import argparse
from pathlib import Path

from harbinger.commands.base import CliError, add_json_flag, emit


def register(subparsers: argparse._SubParsersAction, action: str | None = None) -> None:
    """Add ``install-desktop`` (it has no actions: ``action`` is not read)."""
    parser = subparsers.add_parser(
        "install-desktop",
        help="add the launcher, icon and character-file type to your desktop",
        description="Write a .desktop launcher, the app icon in the hicolor theme and the "
        "MIME type application/x-harbinger-character+json (for *.harbinger.json and for "
        "character files recognised by content), then refresh the desktop's caches when "
        "its tools are installed. Default prefix: ~/.local (just for you).",
    )
    parser.add_argument("--prefix", metavar="DIR", help="install under DIR/share instead")
    parser.add_argument(
        "--no-refresh",
        action="store_true",
        help="only write the files; do not run update-mime-database and friends",
    )
    add_json_flag(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from harbinger.desktop import install_desktop

    try:
        done = install_desktop(
            Path(args.prefix).expanduser() if args.prefix else None,
            refresh=not args.no_refresh,
        )
    except OSError as exc:
        raise CliError(f"cannot write the desktop files: {exc.strerror or exc}") from None
    document = {
        "prefix": str(done.prefix),
        "written": [str(p) for p in done.written],
        "ran": list(done.ran),
        "skipped": list(done.skipped),
    }
    lines = [f"Installed Harbinger's desktop entry under {done.prefix}:"]
    lines += [f"  {p}" for p in done.written]
    if done.ran:
        lines.append("Refreshed: " + ", ".join(done.ran))
    if done.skipped:
        lines.append("Not run (not installed or failed): " + ", ".join(done.skipped))
    emit(args, document, "\n".join(lines))
    return 0
