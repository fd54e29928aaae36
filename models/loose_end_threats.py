"""Where a Loose End's Threat is kept: in ``loose_end`` once due, in ``loose_end_threat`` before.

"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." ("Loose Ends"). In a playgroup's shared library every member
reads every ``loose_end`` row, so a Threat whose Cutoff has not hit 0 is kept
in ``loose_end_threat`` (revision 0016), which the server grants to the
leaders' group only (``models.playgroup._loose_end_threat_sql``); the
``loose_end`` row's ``threat`` is then empty. Which Threats are hidden is the
rule of ``builder.contract.player_copy.hidden_threats``, the one the player copy
uses, so the server and the player copy agree.

Who may read the table (a personal library's user, the shared library's owner
and leaders) sees every Threat: ``overlay`` puts the hidden ones back on the
values read. Their writes keep both places right (``sync``): a Threat whose
Cutoff hit 0 moves to ``loose_end.threat`` (the leader's app reveals it, as the
GM does at the table), one that is not due (a Contract taken back) moves
back. A player's own write never touches the table; it is refused only when it
would store a Threat the player may not see (``refuse_hidden``). A player
reads the Threats of their own contractor that their own Contract made due
from the server (``due_for_player``, revision 0018) before the leader writes.

Each hidden Threat is kept under its Loose End's key (``LooseEnd.key``, revision
0020), never its place in the list: a player's write that deletes or reorders her
Loose Ends does not touch the table, and the Threats kept there stay with their
own Loose Ends (one whose Loose End is gone is dropped at the leader's next write).

Reading taken where the text is silent: a Threat revealed stays with the
Loose End once due, also after the Loose End is resolved or Hustled (the
player met it); the table holds only Threats still hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import sqlalchemy as sa
from sqlmodel import Session, col, delete, select

from builder.contract.character import Contractor, LooseEnd
from builder.contract.player_copy import hidden_threats
from models.errors import NotAllowed
from models.tables import LooseEndRow, LooseEndThreatRow

TABLE = "loose_end_threat"
_GRANTED = "harbinger.loose_end_threat.granted"
"""Key of ``Session.info`` holding this connection's answer of ``may_read``."""


def may_read(session: Session) -> bool:
    """True when this connection reads and writes hidden Threats: always off PostgreSQL;
    on PostgreSQL when the server grants the table (owner and leaders, not players)."""
    if session.get_bind().dialect.name != "postgresql":
        return True
    known = session.info.get(_GRANTED)
    if known is None:  # one question per session, not one per contractor read
        known = session.info[_GRANTED] = bool(
            session.execute(
                sa.text("SELECT has_table_privilege(current_user, :t, 'SELECT, INSERT')"),
                {"t": TABLE},
            ).scalar()
        )
    return bool(known)


def hidden(contractor: Contractor) -> dict[str, str]:
    """The Threats the player may not see yet, by Loose End key (none without text)."""
    if not any(loose_end.threat for loose_end in contractor.loose_ends):
        return {}  # no ledger fold for the many contractors with no Threat written
    ends = contractor.loose_ends
    return {ends[i].key: ends[i].threat for i in hidden_threats(contractor)}


def shown(contractor: Contractor) -> tuple[LooseEnd, ...]:
    """The Loose Ends as ``loose_end`` keeps them: a hidden Threat's text left out."""
    secret = hidden(contractor)
    if not secret:
        return contractor.loose_ends
    return tuple(
        replace(loose_end, threat="") if loose_end.key in secret else loose_end
        for loose_end in contractor.loose_ends
    )


def threat_values(
    contractor: Contractor,
) -> list[tuple[type[LooseEndThreatRow], dict[str, object]]]:
    """The ``loose_end_threat`` rows of a contractor written whole (insert, part replaced)."""
    ends = _by_key(contractor)
    return [
        (
            LooseEndThreatRow,
            {"contractor_id": contractor.id, "loose_end_key": key, **_kept(ends[key])},
        )
        for key in hidden(contractor)
    ]


def _by_key(contractor: Contractor) -> dict[str, LooseEnd]:
    return {loose_end.key: loose_end for loose_end in contractor.loose_ends}


def _kept(loose_end: LooseEnd) -> dict[str, object]:
    """What ``loose_end_threat`` keeps of one hidden Threat: its text, and the Cutoff and the
    Contract count it was granted after, by which the server tells when it is due."""
    return {
        "threat": loose_end.threat,
        "cutoff": loose_end.cutoff,
        "granted_after": loose_end.granted_after,
    }


def refuse_hidden(session: Session, contractors: Sequence[Contractor]) -> bool:
    """Whether this connection keeps hidden Threats (``may_read``); NotAllowed when it may
    not and a contractor carries a Threat whose Cutoff has not hit 0 (a player's import
    of a leader's full export, or a Threat typed on a new Loose End): nothing is stored."""
    if may_read(session):
        return True
    for contractor in contractors:
        for key in hidden(contractor):
            raise NotAllowed(
                "only the playgroup leader can write the Threat of a Loose End before its "
                f"Cutoff hits 0 (Loose End {_by_key(contractor)[key].title!r} of "
                f"{contractor.concept.name}); import the player copy, or leave the Threat "
                "to the leader (a leader refused this: the library's owner must run "
                "`harbinger playgroup init` again after upgrading Harbinger)"
            )
    return False


def without_known(session: Session, contractor: Contractor, known: Contractor) -> Contractor:
    """For a connection that may not read hidden Threats (a player): ``contractor`` with each
    Threat blanked that is hidden now yet ``known`` (the stored contractor, as this player
    read it) shows on the same Loose End (the one with the same key). The server gave it to
    the player while it was due (``due_for_player``); a Contract taken back since (a
    correction) hides it again, and the player's save then leaves it to the table instead
    of being refused for it. A Threat the player typed is not known so: ``refuse_hidden``
    still refuses it."""
    if may_read(session):
        return contractor
    ends = {loose_end.key: loose_end.threat for loose_end in known.loose_ends}
    read = {key for key, threat in hidden(contractor).items() if ends.get(key) == threat}
    if not read:
        return contractor
    return replace(
        contractor,
        loose_ends=tuple(
            replace(loose_end, threat="") if loose_end.key in read else loose_end
            for loose_end in contractor.loose_ends
        ),
    )


def overlay(
    session: Session, contractor_id: str, loose_ends: tuple[LooseEnd, ...]
) -> tuple[LooseEnd, ...]:
    """The Loose Ends read from ``loose_end`` with the hidden Threats this connection may read:
    every one for those who may read the table, the due ones of their own contractor for a
    player (``due_for_player``).

    For those who may read it, a hidden Threat's Loose End also takes the Cutoff and the
    Contract count the table keeps (revision 0018): the player's own ``loose_end`` row is
    theirs to write, and a Cutoff set to 0 there must not make the leader's next save
    reveal the Threat."""
    if not loose_ends:
        return loose_ends
    if may_read(session):
        rows = session.exec(
            select(LooseEndThreatRow).where(col(LooseEndThreatRow.contractor_id) == contractor_id)
        ).all()
        kept = {row.loose_end_key: row for row in rows}
        return tuple(
            replace(
                loose_end,
                threat=kept[loose_end.key].threat,
                cutoff=kept[loose_end.key].cutoff,
                granted_after=kept[loose_end.key].granted_after,
            )
            if loose_end.key in kept
            else loose_end
            for loose_end in loose_ends
        )
    if all(loose_end.threat for loose_end in loose_ends):
        return loose_ends
    secret = due_for_player(session, contractor_id)
    if not secret:
        return loose_ends
    return tuple(
        replace(loose_end, threat=secret[loose_end.key]) if loose_end.key in secret else loose_end
        for loose_end in loose_ends
    )


def due_for_player(session: Session, contractor_id: str) -> dict[str, str]:
    """The Threats of a player's own contractor whose Cutoff has hit 0 that still wait in the
    table (the player's own Contract made them due; the leader has not written since), by
    position. The server's ``harbinger_due_threats`` (revision 0018) answers as the table's
    owner and gives nothing for another's contractor or a Threat not due, so a Contract
    taken back hides it again at once. By Loose End key (revision 0020)."""
    rows = session.execute(
        sa.text("SELECT loose_end_key, threat FROM harbinger_due_threats(:who)"),
        {"who": contractor_id},
    ).all()
    return {str(key): str(threat) for key, threat in rows}


def sync(session: Session, contractor: Contractor) -> bool:
    """After a write by someone who may read hidden Threats: move a Threat whose Cutoff hit
    0 to ``loose_end.threat`` (revealed) and one not due into the table (hidden again).
    True when a Threat moved (the save then counts as a change: its version moves, so a
    player's copy read before is reloaded or merged, never written back over it)."""
    wanted = hidden(contractor)
    ends = _by_key(contractor)
    rows = session.exec(
        select(LooseEndThreatRow).where(col(LooseEndThreatRow.contractor_id) == contractor.id)
    ).all()
    kept = {row.loose_end_key: row for row in rows}
    moved = False
    for key, row in kept.items():
        if key in wanted:
            values = _kept(ends[key])
            if any(getattr(row, name) != value for name, value in values.items()):
                for name, value in values.items():
                    setattr(row, name, value)
                session.add(row)
            continue
        # Due now (revealed), or its Loose End is gone (deleted by its player: the
        # Threat goes with it, never to another Loose End).
        if key in ends:
            _set_column(session, contractor.id, key, ends[key].threat)
        session.delete(row)
        moved = True
    for key in wanted:
        if key not in kept:
            _set_column(session, contractor.id, key, "")
            row = LooseEndThreatRow(contractor_id=contractor.id, loose_end_key=key, threat="")
            for name, value in _kept(ends[key]).items():
                setattr(row, name, value)
            session.add(row)
            moved = True
    session.flush()
    return moved


def forget(session: Session, contractor_id: str) -> None:
    """Delete a contractor's hidden Threats (part replaced, contractor deleted). Only for a
    connection that may (``may_read``); a player's deleted contractor takes them along
    through the foreign key's cascade, which the server runs as the table's owner."""
    session.exec(
        delete(LooseEndThreatRow).where(col(LooseEndThreatRow.contractor_id) == contractor_id)
    )


def _set_column(session: Session, contractor_id: str, key: str, threat: str) -> None:
    session.execute(
        sa.update(LooseEndRow)
        .where(col(LooseEndRow.contractor_id) == contractor_id, col(LooseEndRow.key) == key)
        .values(threat=threat)
        .execution_options(synchronize_session=False)
    )
