"""Printing many sheets on every core: one worker process per core, one file each.

``printing.systems.render_roster`` hands a folder print of several characters
here. Each character (a frozen value of builder's dataclasses) is pickled here,
all of them before any worker starts, and sent to a worker of our own; the
worker prints the sheet with the game's printer into a
``.part`` file in the target folder and returns the sheet's name. Only this
process's own values are ever unpickled, never a file. Once every sheet is
done the files get their final names (``sheet_paths``: the same names, and the
same rules for two characters of one name, as a serial print).

Workers start through the ``forkserver`` method where the system has it (else
``spawn``): never a fork of a running app, so no Qt state and no open library
connection reaches a worker. The forkserver preloads the printers, fonts and
catalogs once, so each worker starts warm. A worker registers the shipped game
systems itself (``builder.systems.register_shipped``): it shares no memory with
the app, so only shipped games print here (``render_roster`` keeps the others
in its own process).
"""

from __future__ import annotations

import copyreg
import dataclasses
import multiprocessing
import os
import pickle
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from builder.core.collector import collector_paused
from printing.common.layout import Paper
from printing.common.roster import Progress, place_new, sheet_paths

worker_cpu_seconds = 0.0
"""CPU seconds the workers spent on the sheets of the last ``print_folder`` (benchmarks)."""
worker_process_cpu_seconds = 0.0
"""CPU seconds of the last ``print_folder``'s worker processes, all they did from their
fork to their last sheet: the sheets, and each worker's start, the jobs' unpickling and the
results' return (benchmarks: what a print on ``jobs`` workers costs the machine)."""


@dataclass(frozen=True, slots=True)
class WorkerTally:
    """What one worker process of the last ``print_folder`` did (benchmarks): the CPU
    seconds of each sheet in the order it printed them, and its whole CPU from its fork
    to its last sheet (the sheets, its start, the jobs' unpickling, the results' return)."""

    sheets: tuple[float, ...]
    process: float


worker_tallies: tuple[WorkerTally, ...] = ()
"""One tally per worker process of the last ``print_folder`` (benchmarks)."""

PRELOAD = ["printing.pool_warm"]
"""Modules the forkserver imports once, before it forks any worker."""


@dataclass(frozen=True, slots=True)
class _Named:
    """What ``sheet_paths`` needs of a printed sheet to name its file."""

    name: str
    ident: str
    noun: str


def cores() -> int:
    """The processor cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _context() -> Any:
    """A start method that never forks a running app: forkserver, else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _proxy(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """Rebuild a read-only mapping in a worker (builder's values keep their maps read-only)."""
    return MappingProxyType(items)


copyreg.pickle(MappingProxyType, lambda proxy: (_proxy, (dict(proxy),)))


_SETTERS: dict[type, tuple[Any, ...]] = {}
"""Per value class: its fields' slot setters, in field order (filled as a worker meets it)."""


def _rebuild(cls: type, values: tuple[Any, ...]) -> Any:
    """Rebuild one of builder's slotted dataclass values in a worker from its field values.

    What the dataclass's own ``__setstate__`` does, without asking ``dataclasses.fields``
    again for every value: about half a full contractor's unpickling (issue 29).
    """
    setters = _SETTERS.get(cls)
    if setters is None:
        setters = _SETTERS[cls] = tuple(
            cls.__dict__[f.name].__set__ for f in dataclasses.fields(cls)
        )
    made: Any = object.__new__(cls)
    for setter, value in zip(setters, values, strict=True):
        setter(made, value)
    return made


def _register_values() -> None:
    """Send builder's slotted dataclass values to the workers as (class, field values).

    Only classes whose pickled state is the dataclass's own (its generated
    ``__getstate__``/``__setstate__``: the field values, in order) and whose every
    field is a slot; a worker rebuilds the same value (``_rebuild``).
    """
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("builder."):
            continue
        for cls in list(vars(module).values()):
            if (
                isinstance(cls, type)
                and cls.__module__ == module.__name__
                and dataclasses.is_dataclass(cls)
                and getattr(cls.__dict__.get("__setstate__"), "__name__", "")
                == "_dataclass_setstate"
                and all(
                    type(cls.__dict__.get(f.name)).__name__ == "member_descriptor"
                    for f in dataclasses.fields(cls)
                )
            ):
                copyreg.pickle(cls, _value_reducer(cls))


def _value_reducer(cls: type) -> Any:
    """The reducer sending a value of ``cls`` as ``_rebuild(cls, field values)``."""
    names = tuple(f.name for f in dataclasses.fields(cls))

    def reduce(value: Any) -> tuple[Any, tuple[type, tuple[Any, ...]]]:
        return _rebuild, (cls, tuple(getattr(value, n) for n in names))

    return reduce


_Done = tuple[str, str, str, float, int, float]
"""A printed sheet's name, id and noun, its CPU seconds, the worker's pid and the worker's
CPU seconds so far."""


def _print_one(packed: bytes, part: str, paper: Paper, compact: bool) -> _Done:
    """Worker: print the sheet of one character, pickled by ``print_folder``, to ``part``.

    The bytes are this program's own pickle of one of its values, never a file's.
    Returns the sheet's name, id and noun (for its file name), the CPU seconds
    the worker spent on it, and the worker's pid and whole CPU time so far (a
    forked process starts its count at zero).
    """
    from builder.systems import register_shipped
    from printing.systems import sheet_of

    # A worker is its own program: it registers the shipped games (the forkserver's preload
    # already did, and then this changes nothing; under ``spawn`` nothing else would).
    register_shipped()
    character = pickle.loads(packed)
    start = time.process_time()
    with collector_paused():  # a worker only prints: no collection walks a sheet half made
        sheet = sheet_of(character, compact)
        sheet.render(part, paper)
    end = time.process_time()
    return sheet.name, sheet.ident, sheet.noun, end - start, os.getpid(), end


def print_folder(
    characters: Sequence[Any],
    folder: Path,
    paper: Paper = "letter",
    progress: Progress | None = None,
    jobs: int | None = None,
    *,
    compact: bool = False,
) -> list[Path]:
    """Print one sheet file per character into ``folder`` using ``jobs`` worker processes.

    ``compact`` prints each game's short sheet for the table instead of the full one.
    Returns the paths written, in the order of ``characters``. ``progress``
    runs in the calling thread as sheets finish and may raise to stop the
    batch: sheets not started are cancelled, finished ones are kept under
    their names, and no ``.part`` file is left behind.
    """
    folder.mkdir(parents=True, exist_ok=True)
    total = len(characters)
    parts = [folder / f".harbinger-{os.getpid()}-{i}.pdf.part" for i in range(total)]
    names: dict[int, _Named] = {}
    workers = max(1, min(jobs or cores(), total))
    sheets: dict[int, list[float]] = {}
    processes: dict[int, float] = {}
    if progress is not None:
        progress(0, total)
    _register_values()
    # Every job is pickled before the workers start: pickled as they went (about 0.35 ms
    # each) the parent took a core from a busy worker for every sheet.
    packed = [pickle.dumps(c, protocol=pickle.HIGHEST_PROTOCOL) for c in characters]
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=_context())
    try:
        pending: dict[Future[_Done], int] = {
            executor.submit(_print_one, blob, str(part), paper, compact): i
            for i, (blob, part) in enumerate(zip(packed, parts, strict=True))
        }
        # as_completed waits on every future once; wait() in a loop would hang a waiter on
        # each pending future again for every finished sheet.
        for future in as_completed(pending):
            name, ident, noun, cpu, pid, so_far = future.result()
            names[pending[future]] = _Named(name, ident, noun)
            sheets.setdefault(pid, []).append(cpu)
            processes[pid] = max(so_far, processes.get(pid, 0.0))
            if progress is not None:
                progress(len(names), total)
    except BaseException:
        executor.shutdown(wait=True, cancel_futures=True)
        _finish(names, parts, folder)
        raise
    finally:
        global worker_cpu_seconds, worker_process_cpu_seconds, worker_tallies
        worker_tallies = tuple(WorkerTally(tuple(sheets[p]), processes[p]) for p in sheets)
        worker_cpu_seconds = sum(sum(t.sheets) for t in worker_tallies)
        worker_process_cpu_seconds = sum(t.process for t in worker_tallies)
    executor.shutdown(wait=True)
    return _finish(names, parts, folder)


def _finish(names: dict[int, _Named], parts: list[Path], folder: Path) -> list[Path]:
    """Give each finished sheet its final name; remove every leftover ``.part`` file."""
    order = sorted(names)
    # sheet_paths reads only name, ident and noun, which _Named has; it is typed for RosterSheet.
    paths = sheet_paths([names[i] for i in order], folder)  # type: ignore[misc]
    for index, path in zip(order, paths, strict=True):
        place_new(parts[index], path)
    for part in parts:
        part.unlink(missing_ok=True)
    return paths
