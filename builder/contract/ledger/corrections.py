"""The corrected history: a ledger with its ``Correction`` entries applied.

The ledger is append-only. Recorded entries are never edited or removed. A
mistake is put right by appending a ``Correction`` that names the earlier
entry by its index and either voids it (it no longer counts) or replaces it
with an entry of the same kind, which takes the earlier entry's place in the
history. When several corrections name the same entry the latest one decides,
so a voided entry can be put back by replacing it with itself.

``correct_ledger`` works out the corrected history that the fold prices
(``builder.contract.ledger.book.fold_ledger``). It returns each remaining
entry with the index of the entry it stands for, and what happened to each
corrected entry. A correction that names no valid earlier entry, replaces an
entry with one of another kind, or replaces it with more than one entry is an
ERROR and is ignored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from builder.contract.character import Correction, Entry
from builder.contract.wording import entry_kind_name, entry_label
from builder.core.findings import Finding


@dataclass(frozen=True, slots=True)
class Corrected:
    """What became of one corrected entry: the correction in force and its replacement.

    ``index`` is the corrected entry's place in the ledger, ``by`` the index of
    the correction in force. ``replacement`` is None when the entry is voided.
    """

    index: int
    by: int
    date: str
    reason: str
    replacement: Entry | None

    @property
    def voided(self) -> bool:
        return self.replacement is None


@dataclass(frozen=True, slots=True)
class CorrectedLedger:
    """A ledger with its corrections applied.

    ``entries`` lists the corrected history in order, each entry with the
    ledger index of the entry it stands for. ``corrected`` maps each corrected
    entry's index to what became of it. ``corrections`` lists the index of
    every ``Correction`` entry, including ignored ones.
    """

    entries: tuple[tuple[int, Entry], ...]
    corrected: Mapping[int, Corrected] = field(default_factory=dict)
    corrections: tuple[int, ...] = ()
    findings: tuple[Finding, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "corrected", MappingProxyType(dict(self.corrected)))

    @property
    def history(self) -> tuple[Entry, ...]:
        """The corrected entries alone, in order."""
        return tuple(entry for _index, entry in self.entries)


def _problem(index: int, correction: Correction, ledger: Sequence[Entry]) -> str:
    """Why a correction cannot apply ("" when it can)."""
    target = correction.target
    if not isinstance(target, int) or isinstance(target, bool):
        return f"it names entry {target!r}, which is not an entry number"
    if not 0 <= target < index:
        return (
            f"it names entry {target + 1}, but a correction can only name an entry "
            "recorded before it"
        )
    original = ledger[target]
    if isinstance(original, Correction):
        return (
            f"it names {entry_label(ledger, target)}, which is itself a correction; "
            "correct the original entry instead"
        )
    replacement = tuple(correction.replacement)
    if len(replacement) > 1:
        return "it replaces one entry with several; record the extra entries on their own"
    if replacement and type(replacement[0]) is not type(original):
        return (
            f"it puts a {entry_kind_name(replacement[0])} in place of a "
            f"{entry_kind_name(original)}; remove the entry and record the new one instead"
        )
    return ""


_last: tuple[tuple[Entry, ...], CorrectedLedger] | None = None
"""The last ledger tuple corrected and its corrected history (see ``correct_ledger``)."""


def correct_ledger(ledger: Sequence[Entry]) -> CorrectedLedger:
    """The corrected history of ``ledger``, with an ERROR for each correction that cannot apply.

    Example: three Contracts (entries 0, 1, 2) and ``Correction(target=1)``
    give the history of entries 0 and 2 only; the second Contract's Exp no
    longer counts.

    Printing or auditing one contractor asks for the same ledger's corrected
    history several times (the fold, the standing, the sheet's story), so the
    last answer is kept for that very tuple: a tuple of frozen entries cannot
    change, and the answer is frozen too. Any other ledger is worked out anew.
    """
    last = _last
    if last is not None and last[0] is ledger:
        return last[1]
    corrected = _correct(ledger)
    if type(ledger) is tuple:
        _remember(ledger, corrected)
    return corrected


def _remember(ledger: tuple[Entry, ...], corrected: CorrectedLedger) -> None:
    """Keep ``corrected`` as the answer for this ledger tuple (one name bound at once:
    a reader on another thread sees the old pair or the new one, never half of each)."""
    global _last
    _last = (ledger, corrected)


def _correct(ledger: Sequence[Entry]) -> CorrectedLedger:
    """``correct_ledger``'s work, done every time."""
    corrected: dict[int, Corrected] = {}
    corrections: list[int] = []
    findings: list[Finding] = []
    for index, entry in enumerate(ledger):
        if not isinstance(entry, Correction):
            continue
        corrections.append(index)
        problem = _problem(index, entry, ledger)
        if problem:
            findings.append(
                Finding(
                    "ledger.correction_invalid",
                    f"{entry_label(ledger, index)} is ignored: {problem}.",
                    f"ledger[{index}]",
                )
            )
            continue
        replacement = tuple(entry.replacement)
        corrected[entry.target] = Corrected(
            entry.target,
            index,
            entry.date,
            entry.reason,
            replacement[0] if replacement else None,
        )
    entries: list[tuple[int, Entry]] = []
    for index, entry in enumerate(ledger):
        if isinstance(entry, Correction):
            continue
        fix = corrected.get(index)
        if fix is None:
            entries.append((index, entry))
        elif fix.replacement is not None:
            entries.append((index, fix.replacement))
    return CorrectedLedger(tuple(entries), corrected, tuple(corrections), tuple(findings))


def corrected_history(ledger: Sequence[Entry]) -> tuple[Entry, ...]:
    """The corrected entries of ``ledger`` alone, for code that only asks what happened."""
    return correct_ledger(ledger).history


def corrected_pairs(ledger: Sequence[Entry]) -> tuple[tuple[int, Entry], ...]:
    """The corrected entries of ``ledger``, each with the index of the entry it stands for."""
    return correct_ledger(ledger).entries
