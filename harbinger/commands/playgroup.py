"""``harbinger playgroup``: a playgroup's shared library on PostgreSQL (issue 14, SPEC §7).

    harbinger playgroup init URL --leader NAME [--login LOGIN] [--json]
    harbinger playgroup add-player URL NAME [--login LOGIN] [--json]
    harbinger [--db PATH] playgroup pull URL [--replace-local] [--json]
    harbinger [--db PATH] playgroup push URL [--keep mine|theirs] [--json]

``init`` and ``add-player`` connect as the login that owns the shared
library (it needs CREATEROLE); each prints the new login's URL, which its
person passes as ``--db`` or ``HARBINGER_DB``. ``pull`` and ``push`` move
characters between the shared library at URL and the local one (``--db``,
else ``$HARBINGER_DB``). A push that would overwrite a newer server version
prints both versions and exits 1 until ``--keep`` says which stays.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from harbinger.commands.base import (
    EXIT_BAD_INPUT,
    EXIT_CHECK_FAILED,
    CliError,
    add_json_flag,
    emit,
    wanted,
)


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``playgroup`` and its ``init``, ``add-player``, ``pull`` and ``push`` actions (only
    the one ``action`` names when it is not None, see :func:`harbinger.commands.base.wanted`);
    returns the actions."""
    parser = subparsers.add_parser(
        "playgroup",
        help="a playgroup's shared library on PostgreSQL: set up, add players, pull, push",
        description="Share one library between a playgroup's leader and players "
        "(PostgreSQL; install with: pip install 'harbinger[postgres]').",
    )
    actions = parser.add_subparsers(dest="playgroup_action", metavar="ACTION")
    parser.set_defaults(func=_no_action)
    for name, add in (
        ("init", _add_init),
        ("add-player", _add_player),
        ("pull", _add_pull),
        ("push", _add_push),
    ):
        if wanted(action, name):
            add(actions)
    return actions


def _add_init(actions: argparse._SubParsersAction) -> None:
    init = actions.add_parser("init", help="make a database the playgroup's shared library")
    init.add_argument("url", metavar="URL", help="postgresql://OWNER:PASSWORD@HOST/DATABASE")
    init.add_argument("--leader", required=True, metavar="NAME", help="the leader's name")
    init.add_argument("--login", metavar="LOGIN", help="the leader's login (default: from NAME)")
    add_json_flag(init)
    init.set_defaults(func=run_init)


def _add_player(actions: argparse._SubParsersAction) -> None:
    add = actions.add_parser("add-player", help="make a login for a player")
    add.add_argument("url", metavar="URL", help="the shared library, as its owner")
    add.add_argument("name", metavar="NAME", help="the player's name")
    add.add_argument("--login", metavar="LOGIN", help="the player's login (default: from NAME)")
    add_json_flag(add)
    add.set_defaults(func=run_add_player)


def _add_pull(actions: argparse._SubParsersAction) -> None:
    pull = actions.add_parser("pull", help="copy your characters into your local library")
    pull.add_argument("url", metavar="URL", help="the shared library, as you")
    pull.add_argument(
        "--replace-local",
        action="store_true",
        help="overwrite local copies changed since the last pull (default: keep them)",
    )
    add_json_flag(pull)
    pull.set_defaults(func=run_pull)


def _add_push(actions: argparse._SubParsersAction) -> None:
    push = actions.add_parser("push", help="send back what changed in your local library")
    push.add_argument("url", metavar="URL", help="the shared library, as you")
    push.add_argument(
        "--keep",
        choices=("mine", "theirs"),
        help="when the server's copy changed since your pull: keep mine (overwrite the "
        "server's) or theirs (overwrite your local copy); default: change neither, show both",
    )
    add_json_flag(push)
    push.set_defaults(func=run_push)


def _no_action(_args: argparse.Namespace) -> int:
    raise CliError("choose an action: init, add-player, pull or push (see harbinger playgroup -h)")


def _login_document(new: Any) -> dict[str, Any]:
    return {"login": new.login, "name": new.name, "role": new.role, "url": new.url}


def _login_text(new: Any) -> str:
    if not new.password:
        return f"{new.name} already connects as {new.login} ({new.role}); password unchanged."
    return (
        f"{new.name} can now connect as {new.login} ({new.role}). Give them, privately:\n"
        f"    {new.url}\n"
        f"They open it with:  harbinger --db '{new.url}'\n"
        "or set HARBINGER_DB to it. The password is shown only this once."
    )


def _library_errors() -> tuple[type[Exception], ...]:
    from models.errors import LibraryError

    return (LibraryError,)


def run_init(args: argparse.Namespace) -> int:
    from models import playgroup

    try:
        new = playgroup.init_playgroup(args.url, args.leader, args.login)
    except _library_errors() as exc:
        raise CliError(str(exc)) from None
    emit(args, _login_document(new), lambda: "The shared library is ready.\n" + _login_text(new))
    return 0


def run_add_player(args: argparse.Namespace) -> int:
    from models import playgroup

    try:
        new = playgroup.add_player(args.url, args.name, args.login)
    except _library_errors() as exc:
        raise CliError(str(exc)) from None
    emit(args, _login_document(new), lambda: _login_text(new))
    return 0


def _local(args: argparse.Namespace) -> str:
    from harbinger.shell.paths import library_url

    return library_url(args.db)


def run_pull(args: argparse.Namespace) -> int:
    from models import playgroup_sync

    try:
        report = playgroup_sync.pull(args.url, _local(args), replace_local=args.replace_local)
    except _library_errors() as exc:
        raise CliError(str(exc)) from None
    document = {
        "pulled": report.pulled,
        "kept_local": report.kept_local,
        "unchanged": report.unchanged,
        "refused": report.refused,
    }

    def text() -> str:
        lines = [f"pulled {len(report.pulled)}: {', '.join(report.pulled) or '-'}"]
        if report.unchanged:
            lines.append(f"{report.unchanged} already the same here")
        for name in report.kept_local:
            lines.append(f"kept your local changes to {name}: push them, or pull --replace-local")
        return "\n".join(lines)

    emit(args, document, text)
    for reason in report.refused:
        print(f"harbinger playgroup: refused: {reason}", file=sys.stderr)
    return EXIT_BAD_INPUT if report.refused else 0


def run_push(args: argparse.Namespace) -> int:
    from models import playgroup_sync

    try:
        report = playgroup_sync.push(args.url, _local(args), prefer=args.keep)
    except _library_errors() as exc:
        raise CliError(str(exc)) from None
    conflicts = [
        {
            "id": c.id,
            "name": c.name,
            "server_version": c.server_version,
            "pulled_version": c.base_version,
            "differences": [
                {"field": f, "server": theirs, "local": mine} for f, theirs, mine in c.differences
            ],
        }
        for c in report.conflicts
    ]
    document = {
        "pushed": report.pushed,
        "took_theirs": report.pulled,
        "unchanged": report.unchanged,
        "conflicts": conflicts,
    }

    def text() -> str:
        lines = [f"pushed {len(report.pushed)}: {', '.join(report.pushed) or '-'}"]
        if report.pulled:
            lines.append(f"took the server's copy of: {', '.join(report.pulled)}")
        for c in report.conflicts:
            lines.append(
                f"NOT pushed {c.name}: the server has version {c.server_version}, "
                f"you pulled version {c.base_version}. Both versions:"
                if c.server_version
                else f"NOT pushed {c.name}: it changed on the server since you pulled. Both:"
            )
            for name, theirs, mine in c.differences:
                lines.append(f"  {name}:\n    server: {theirs}\n    yours:  {mine}")
        if report.conflicts:
            lines.append("choose with --keep mine (overwrite the server's) or --keep theirs")
        return "\n".join(lines)

    emit(args, document, text)
    return EXIT_CHECK_FAILED if report.conflicts else 0
