r"""The survey file: one CSV row per solved deal, read back to resume, written one whole row
at a time under a lock.

A survey may be stopped at any moment (a full disk, a killed process), so reading forgives
exactly one thing: a last line cut short before its newline, which ``SurveyFile`` cuts off
(saying so) and the survey solves again. Everything else that is wrong is refused with the
line and the field at fault, and the file is left as it was. Fields are read only as the
writer writes them, so a row cut inside its last field is never taken for a whole one. Two
surveys never write one file at once: the second is refused while the first holds the lock.

>>> row = SurveyRow(2, "strict", "solved", 0, True, 1200, 0.01)
>>> row.as_csv()
['2', 'strict', 'solved', '0', 'yes', '1200', '0.0100', '']

A best-score search stopped by its limit keeps what it knew: the best line it found (in
``best_score``) and the fewest strokes it had not ruled out (``floor``), the optimum lying
between them. Files written before the ``floor`` column still read and resume as they are.
"""

from __future__ import annotations

import csv
import fcntl
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, Final, NamedTuple

from golf_solitaire.deals import MAX_DEAL_NUMBER, deck_of
from golf_solitaire.layouts import layout_named
from golf_solitaire.reasons import cut
from golf_solitaire.rules import Rules

COLUMNS: Final = ("deal", "rules", "status", "best_score", "optimal", "nodes", "seconds", "floor")
"""The header of a survey file, in order."""

FAIR_COLUMNS: Final = (*COLUMNS, "fair_strokes")
"""The header of a survey file with ``--fair``: the strokes of the fair hint's player too."""

FLOORLESS_COLUMNS: Final = COLUMNS[:-1]
"""The header of a survey file written before the ``floor`` column: still read and resumed
(in its own columns, so a stopped search's bracket is not kept in it)."""

FLOORLESS_FAIR_COLUMNS: Final = (*FLOORLESS_COLUMNS, "fair_strokes")

HEADER: Final = ",".join(COLUMNS)
FAIR_HEADER: Final = ",".join(FAIR_COLUMNS)
FLOORLESS_HEADER: Final = ",".join(FLOORLESS_COLUMNS)
FLOORLESS_FAIR_HEADER: Final = ",".join(FLOORLESS_FAIR_COLUMNS)

STATUSES: Final = ("solved", "unsolvable", "intractable")

_WHOLE: Final = re.compile(r"0|-?[1-9][0-9]{0,29}")
"""A whole number as ``str(int)`` writes it (no plus sign, no leading zero, no ``_``)."""

_SECONDS: Final = re.compile(r"[0-9]{1,15}\.[0-9]{4}")
"""Seconds as ``SurveyRow.as_csv`` writes them: digits, a point and four decimals."""

_SHOWN: Final = 60
"""Characters of a bad line quoted in an error (a line may be very long)."""


class SurveyFileError(ValueError):
    r"""A survey file that cannot be resumed: names the file, the line and the fault.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "survey.csv"
    ...     _ = path.write_text("deal,status\n", encoding="utf-8")
    ...     try:
    ...         read_rows(path, Rules(), optimal=True)
    ...     except SurveyFileError as error:
    ...         print(str(error).partition("survey.csv, ")[2])  # doctest: +ELLIPSIS
    line 1: expected the header deal,rules,...,floor, found 'deal,status'
    """


@dataclass(frozen=True, slots=True)
class SurveyRow:
    """One solved deal: its verdict, best score and cost.

    ``optimal`` tells the question the survey asked: the best score (``True``) or only
    whether the tableau clears (``best_score`` is then the score of the first clear found).
    When the limit stops the search (``intractable``), ``best_score`` is the fewest strokes
    of a line found (``None``: none) and, for a best-score search, ``floor`` the fewest it
    had not ruled out: the optimum is not proved, but lies from ``floor`` to ``best_score``.
    ``fair_strokes`` is the score of a player who follows the fair hint at every choice
    (``None`` when the survey did not play the deal so).

    >>> SurveyRow(4, "strict", "intractable", 3, True, 200000, 2.5, floor=-1).as_csv()[2:]
    ['intractable', '3', 'yes', '200000', '2.5000', '-1']
    """

    deal: int
    rules: str
    status: str
    best_score: int | None
    optimal: bool
    nodes: int
    seconds: float
    fair_strokes: int | None = None
    floor: int | None = None

    @property
    def is_bracket(self) -> bool:
        """True for a best-score search stopped by its limit: its optimum is not proved.

        >>> SurveyRow(4, "strict", "intractable", None, True, 9, 0.1, floor=-2).is_bracket
        True
        """
        return self.optimal and self.status == "intractable"

    def floorless(self) -> SurveyRow:
        """The row as a file without the ``floor`` column holds it: a stopped search's
        bracket left out (such a file has no place for it).

        >>> row = SurveyRow(4, "strict", "intractable", 3, True, 9, 0.1, floor=-2)
        >>> row.floorless().as_csv(floor=False)
        ['4', 'strict', 'intractable', '', 'yes', '9', '0.1000']
        """
        if self.status != "intractable":
            return self
        return replace(self, best_score=None, floor=None)

    def as_csv(self, *, floor: bool = True) -> list[str]:
        """The row's cells as written to the file: ``floor`` (unless the file has no such
        column, see ``floorless``), then ``fair_strokes`` when played."""
        cells = [
            str(self.deal),
            self.rules,
            self.status,
            "" if self.best_score is None else str(self.best_score),
            "yes" if self.optimal else "no",
            str(self.nodes),
            f"{self.seconds:.4f}",
        ]
        if floor:
            cells.append("" if self.floor is None else str(self.floor))
        if self.fair_strokes is not None:
            cells.append(str(self.fair_strokes))
        return cells

    def as_line(self, *, floor: bool = True) -> bytes:
        """The row as one line of the file, newline included (written in one go).

        >>> SurveyRow(1, "strict", "unsolvable", 6, True, 90, 0.5).as_line()
        b'1,strict,unsolvable,6,yes,90,0.5000,\\n'
        """
        return (",".join(self.as_csv(floor=floor)) + "\n").encode("utf-8")

    def agrees_with(self, other: SurveyRow) -> bool:
        """True when two rows of one deal give the same verdict (their cost may differ).

        >>> row = SurveyRow(2, "strict", "solved", 0, True, 1200, 0.01)
        >>> row.agrees_with(SurveyRow(2, "strict", "solved", 0, True, 900, 0.02))
        True
        """
        return (self.status, self.best_score) == (other.status, other.best_score)


def read_rows(
    path: Path, rules: Rules, optimal: bool, *, fair: bool = False
) -> dict[int, SurveyRow]:
    r"""The rows of an existing survey file by deal; ``SurveyFileError`` names a bad line.

    A missing or empty file has no rows. Rows must be for ``rules`` and of the same kind
    (``optimal`` or not, with the fair player's strokes or not) as the survey that resumes
    them. A deal may appear again after an
    ``intractable`` row (a resumed survey tried it again; the later row counts) or with the
    same verdict (two surveys met); a last line cut short is left out.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "survey.csv"
    ...     empty = read_rows(path, Rules(), optimal=True)
    ...     _ = path.write_text(HEADER + "\n2,strict,solved,0,yes,1200,0.0100,\n3,str", "utf-8")
    ...     rows = read_rows(path, Rules(), optimal=True)
    >>> empty, sorted(rows), rows[2].best_score
    ({}, [2], 0)
    """
    try:
        # O_NONBLOCK: a pipe is refused at once instead of waiting for a writer.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(descriptor, "rb") as stream:
            _check_regular(path, os.fstat(descriptor).st_mode)
            data = stream.read()
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise SurveyFileError(f"{path}: cannot read it: {error.strerror}") from None
    return parse_rows(path, data, rules, optimal, fair=fair).rows


class ParsedFile(NamedTuple):
    """A survey file's bytes read: its rows by deal, how many bytes hold whole lines to keep,
    a note naming the line dropped after them and why (``None``: nothing dropped), and
    whether the file has the ``floor`` column (an empty file: it will)."""

    rows: dict[int, SurveyRow]
    keep: int
    dropped: str | None
    has_floor: bool


def parse_rows(
    path: Path, data: bytes, rules: Rules, optimal: bool, *, fair: bool = False
) -> ParsedFile:
    """The rows of a survey file's bytes (``path`` names it in errors), with or without the
    ``floor`` column as its header says."""
    if not data.strip():
        return ParsedFile({}, 0, None, True)
    has_floor = True
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: empty, or a line cut short
    rows: dict[int, SurveyRow] = {}
    first_line: dict[int, int] = {}
    for number, raw in enumerate([*lines, tail], start=1):
        is_tail = number == len(lines) + 1
        where = f"{path}, line {number}"
        if number > 1 and not raw.strip():
            continue
        try:
            if number == 1:
                has_floor = _check_header(raw, where, fair)
                continue
            row = _parse_row(raw, where, fair, has_floor)
        except SurveyFileError as error:
            if is_tail:  # cut short by a stop mid-write: solved again on resume
                reason = str(error).removeprefix(f"{where}: ")
                note = (
                    f"{where}: dropped this last line, cut short before its newline "
                    f"({reason}); the deal on it counts as not yet solved"
                )
                return ParsedFile(rows, len(data) - len(tail), note, has_floor)
            raise
        _check_kind(row, rules, optimal, where)
        _check_score(row, rules, where)
        earlier = rows.get(row.deal)
        if earlier is not None and earlier.status != "intractable":
            if row.status == "intractable" or row.agrees_with(earlier):
                continue
            raise SurveyFileError(
                f"{where}: deal {row.deal} appears again with another result "
                f"than on line {first_line[row.deal]} ({row.status} {row.best_score} against "
                f"{earlier.status} {earlier.best_score}); delete one of the two lines"
            )
        rows[row.deal] = row
        first_line[row.deal] = number
    return ParsedFile(rows, len(data), None, has_floor)


def _check_header(raw: bytes, where: str, fair: bool) -> bool:
    """Refuse a header other than a survey file's of this kind; True when it has ``floor``."""
    text = raw.decode("utf-8", errors="replace").strip()
    plain = (HEADER, FLOORLESS_HEADER)
    with_fair = (FAIR_HEADER, FLOORLESS_FAIR_HEADER)
    header, floorless = with_fair if fair else plain
    if text in (plain if fair else with_fair):
        has = "has" if not fair else "has no"
        flag = "with" if not fair else "without"
        raise SurveyFileError(
            f"{where}: this file {has} the fair player's strokes (fair_strokes); resume it "
            f"{flag} --fair or use another --out file"
        )
    if text not in (header, floorless):
        raise SurveyFileError(f"{where}: expected the header {header}, found {cut(text, _SHOWN)!r}")
    return text == header


def _check_kind(row: SurveyRow, rules: Rules, optimal: bool, where: str) -> None:
    """Refuse a row of other rules, or of the other question, than the survey resuming it."""
    if row.rules != rules.label:
        raise SurveyFileError(
            f"{where}: deal {row.deal} was solved under rules {row.rules!r}, "
            f"not {rules.label!r}; use another --out file for other rules"
        )
    if row.optimal != optimal:
        kind = "best scores" if row.optimal else "clears only"
        raise SurveyFileError(
            f"{where}: this file holds {kind}; resume it the same way or use another --out file"
        )


def score_range(rules: Rules) -> tuple[int, int]:
    """The lowest and highest scores ``rules`` allow: minus the whole stock (a clear without
    a draw) and every tableau card (no play at all).

    >>> score_range(Rules()), score_range(Rules(jokers=True, empty_start=True))
    ((-16, 35), (-19, 35))
    >>> score_range(Rules.named("black-hole")), score_range(Rules.named("double-golf"))
    ((0, 51), (-40, 63))
    """
    tableau = layout_named(rules.layout).tableau_size
    turned = 0 if rules.empty_start else 1  # the waste's first card (Black Hole: the A♠)
    return tableau + turned - len(deck_of(rules)), tableau


def _check_score(row: SurveyRow, rules: Rules, where: str) -> None:
    """Refuse a best score, or fair strokes, the survey's rules cannot give (read after its
    rules are known), and fair strokes better than the deal's optimum."""
    low, high = score_range(rules)
    for name, score in (("best_score", row.best_score), ("floor", row.floor)):
        if score is not None and not low <= score <= high:
            raise SurveyFileError(
                f"{where}: {name} {score} is not a score of rules {rules.label} "
                f"({low} to {high}: {-low} stock cards, {high} tableau cards)"
            )
    if row.fair_strokes is None:
        return
    if not low <= row.fair_strokes <= high:
        raise SurveyFileError(
            f"{where}: fair_strokes {row.fair_strokes} is not a score of rules {rules.label} "
            f"({low} to {high})"
        )
    # the optimum, or for a stopped search the fewest strokes it had not ruled out
    least = row.floor if row.is_bracket else row.best_score
    if row.optimal and least is not None and row.fair_strokes < least:
        what = "the floor" if row.is_bracket else "the best score"
        raise SurveyFileError(
            f"{where}: fair_strokes {row.fair_strokes} is below {what} {least}: "
            "no player does better than the optimum"
        )


def _cells(raw: bytes, where: str) -> list[str]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SurveyFileError(f"{where}: not UTF-8 text") from None
    try:
        return next(csv.reader([text]), [])
    except csv.Error as error:
        raise SurveyFileError(f"{where}: not a CSV row ({error})") from None


def _parse_row(raw: bytes, where: str, fair: bool, has_floor: bool) -> SurveyRow:
    cells = _cells(raw, where)
    wanted = len(FLOORLESS_COLUMNS) + has_floor + fair
    if len(cells) != wanted:
        raise SurveyFileError(f"{where}: expected {wanted} fields, found {len(cells)}")
    fair_strokes = _whole(cells.pop(), "fair_strokes", where) if fair else None
    floor_text = cells.pop() if has_floor else ""
    floor = _whole(floor_text, "floor", where) if floor_text else None
    deal_text, rules, status, score_text, optimal_text, nodes_text, seconds_text = cells
    deal = _whole(deal_text, "deal", where)
    if not 1 <= deal <= MAX_DEAL_NUMBER:
        raise SurveyFileError(f"{where}: deal {deal} is not between 1 and 10**20")
    if status not in STATUSES:
        raise SurveyFileError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    best_score = _whole(score_text, "best_score", where) if score_text else None
    if optimal_text not in ("yes", "no"):
        raise SurveyFileError(f"{where}: optimal {optimal_text!r} is not yes or no")
    if best_score is None and (
        status == "solved" or (status == "unsolvable" and optimal_text == "yes")
    ):
        raise SurveyFileError(f"{where}: best_score is empty but the status is {status}")
    _check_bracket(status, best_score, optimal_text == "yes", floor, has_floor, where)
    if best_score is not None and status == "solved" and best_score > 0:
        raise SurveyFileError(
            f"{where}: best_score is {best_score} but the status is solved "
            "(a cleared tableau scores 0 or less: minus the stock left)"
        )
    if best_score is not None and status == "unsolvable" and best_score < 1:
        raise SurveyFileError(
            f"{where}: best_score is {best_score} but the status is unsolvable "
            "(a tableau not cleared leaves 1 card or more)"
        )
    nodes = _whole(nodes_text, "nodes", where)
    if nodes < 0:
        raise SurveyFileError(f"{where}: nodes {nodes} is negative")
    if not _SECONDS.fullmatch(seconds_text):
        raise SurveyFileError(
            f"{where}: seconds {cut(seconds_text, _SHOWN)!r} is not a time written as digits, "
            "a point and four decimals (e.g. 0.0125)"
        )
    seconds = float(seconds_text)
    optimal = optimal_text == "yes"
    return SurveyRow(deal, rules, status, best_score, optimal, nodes, seconds, fair_strokes, floor)


def _check_bracket(
    status: str,
    best_score: int | None,
    optimal: bool,
    floor: int | None,
    has_floor: bool,
    where: str,
) -> None:
    """Refuse a floor anywhere but on a best-score search stopped by its limit, such a row
    without one (in a file with the column), and a floor above the line found."""
    stopped = status == "intractable"
    if floor is not None and not (stopped and optimal):
        raise SurveyFileError(
            f"{where}: floor is {floor} but the row is not a best-score search stopped by its "
            f"limit (status {status}, optimal {'yes' if optimal else 'no'}); leave it empty"
        )
    if stopped and optimal and has_floor and floor is None:
        raise SurveyFileError(
            f"{where}: floor is empty but the status is intractable: a stopped best-score "
            "search gives the fewest strokes it had not ruled out"
        )
    if stopped and best_score is not None and floor is None:
        raise SurveyFileError(f"{where}: best_score is {best_score} but the status is intractable")
    if floor is not None and best_score is not None and floor > best_score:
        raise SurveyFileError(
            f"{where}: floor {floor} is above best_score {best_score}: a line found cannot "
            "take fewer strokes than were ruled out"
        )


def _whole(text: str, field: str, where: str) -> int:
    if not _WHOLE.fullmatch(text):
        raise SurveyFileError(
            f"{where}: {field} {cut(text, _SHOWN)!r} is not a whole number of at most 30 digits "
            "written with digits only (e.g. 1200, -3)"
        )
    return int(text)


class SurveyFile:
    """A survey file held for writing: locked, its rows read, a torn last line cut off.

    Use it as a context manager; ``append`` writes one row as one write and flushes it.
    ``on_mend`` is told, naming the file and the line, when a last line cut short is
    dropped. Every failure to read or write the file is a ``SurveyFileError`` naming it.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "survey.csv"
    ...     with SurveyFile(path, Rules(), optimal=True) as file:
    ...         file.append(SurveyRow(2, "strict", "solved", 0, True, 1200, 0.01))
    ...     print(path.read_text("utf-8"), end="")
    deal,rules,status,best_score,optimal,nodes,seconds,floor
    2,strict,solved,0,yes,1200,0.0100,
    """

    def __init__(
        self,
        path: Path,
        rules: Rules,
        optimal: bool,
        on_mend: Callable[[str], None] | None = None,
        *,
        fair: bool = False,
    ) -> None:
        self.path = path
        self.rows: dict[int, SurveyRow] = {}
        self._stream: BinaryIO | None = None
        self._rules = rules
        self._optimal = optimal
        self._fair = fair
        self._has_floor = True
        self._on_mend = on_mend

    def __enter__(self) -> SurveyFile:
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC
        try:
            descriptor = os.open(self.path, flags, 0o666)
        except OSError as error:
            raise SurveyFileError(f"{self.path}: cannot open it: {error.strerror}") from None
        try:
            _check_regular(self.path, os.fstat(descriptor).st_mode)
            stream = os.fdopen(descriptor, "a+b")
        except BaseException:
            os.close(descriptor)
            raise
        try:
            self._start(stream)
        except BaseException:
            stream.close()
            raise
        self._stream = stream
        return self

    def _start(self, stream: BinaryIO) -> None:
        """Lock the open file, read its rows and leave it ending in a whole line."""
        try:
            fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SurveyFileError(
                f"{self.path}: another survey is writing this file; wait for it to end "
                "or use another --out file"
            ) from None
        except OSError as error:
            raise SurveyFileError(f"{self.path}: cannot lock it: {error.strerror}") from None
        try:
            stream.seek(0)
            data = stream.read()
        except OSError as error:
            raise SurveyFileError(f"{self.path}: cannot read it: {error.strerror}") from None
        self.rows, keep, dropped, self._has_floor = parse_rows(
            self.path, data, self._rules, self._optimal, fair=self._fair
        )
        try:
            if keep < len(data):
                stream.truncate(keep)
            if keep == 0:
                stream.write(((FAIR_HEADER if self._fair else HEADER) + "\n").encode("utf-8"))
            elif not data[:keep].endswith(b"\n"):
                stream.write(b"\n")
            stream.flush()
        except OSError as error:
            raise SurveyFileError(f"{self.path}: cannot write it: {error.strerror}") from None
        if dropped is not None and self._on_mend is not None:
            self._on_mend(dropped)

    def append(self, row: SurveyRow) -> None:
        """Write ``row`` as one line and flush it to the operating system (a file without
        the ``floor`` column gets the row without its bracket, see ``SurveyRow.floorless``)."""
        if self._stream is None:
            raise ValueError("survey file: append only inside 'with SurveyFile(...)'")
        if (row.fair_strokes is not None) != self._fair:
            kind = "with" if self._fair else "without"
            raise ValueError(f"survey file: this file holds rows {kind} fair strokes")
        try:
            if not self._has_floor:
                row = row.floorless()
            self._stream.write(row.as_line(floor=self._has_floor))
            self._stream.flush()
        except OSError as error:
            raise SurveyFileError(
                f"{self.path}: cannot write the row of deal {row.deal}: {error.strerror}"
            ) from None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        stream, self._stream = self._stream, None
        if stream is None:
            return
        try:
            stream.close()  # closing releases the lock
        except OSError as failure:
            if error is None:  # else a row failed to write: that error is the one to tell
                raise SurveyFileError(f"{self.path}: cannot write it: {failure.strerror}") from None


def _check_regular(path: Path, mode: int) -> None:
    """Refuse a device, a pipe or a socket: a survey reads back and appends to a plain file
    (reading ``/dev/zero`` or a pipe would never end)."""
    if not stat.S_ISREG(mode):
        raise SurveyFileError(
            f"{path}: is not a regular file (a device, a pipe or a socket); a survey keeps "
            "its rows in a file it can read back and resume"
        )


def check_writable(path: Path) -> None:
    """Refuse, before any solving, an output path whose folder is missing or not a folder,
    or that names a folder or something other than a file.

    >>> check_writable(Path("/no/such/r.csv"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    golf_solitaire...SurveyFileError: /no/such/r.csv: the folder /no/such does not exist
    """
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise SurveyFileError(f"{path}: {folder} is a file, not a folder")
    if not folder.exists():
        raise SurveyFileError(f"{path}: the folder {folder} does not exist")
    if path.is_dir():
        raise SurveyFileError(f"{path}: is a folder; give a file name")
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # missing: the survey creates it
    _check_regular(path, mode)
