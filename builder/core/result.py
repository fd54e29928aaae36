"""What a named operation returns, for every game system.

An operation ("raise Brawn", "use this asset", "end the scene") takes a
character and returns a ``Result``: the character after it and the findings
it raised. An ERROR finding means the operation was refused and the character
is the very one passed in; warnings and notes never stop it. The app wraps an
accepted result in one undo step; a refused one shows its findings instead
(STYLE.md: "Mutations go through named operations"). The Contract names its
contract results ``Outcome`` (victory, failure, death), hence this name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from builder.core.findings import Finding, errors

Character = TypeVar("Character")


@dataclass(frozen=True, slots=True)
class Result(Generic[Character]):
    """The character after an operation and the findings the operation raised.

    When ``refused`` is True, ``character`` is the one passed in, unchanged, and
    ``findings`` holds at least one error saying why.
    """

    character: Character
    findings: tuple[Finding, ...] = ()

    @property
    def refused(self) -> bool:
        """True when a finding is an error: the operation changed nothing."""
        return bool(errors(self.findings))

    @property
    def accepted(self) -> bool:
        """True when the operation was recorded."""
        return not self.refused
