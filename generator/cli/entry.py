"""The process around the commands: standard output that may close, Ctrl-C, exit codes.

``dinokit build | head -1`` closes the pipe after one line: the build still finishes
(and writes its manifest), it just stops printing. A full or broken standard output
(``> /dev/full``) is reported once on standard error with exit code 1. Ctrl-C stops
the command (workers included), leaves no partial file, and exits with 130.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any

import click

INTERRUPTED = 130  # 128 + SIGINT, as shells expect


class GuardedStream(io.TextIOBase):
    """A text stream that turns a closed reader (EPIPE) into silence and any other
    write failure into a remembered error, instead of an exception mid-command."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.closed_by_reader = False
        self.failure: OSError | None = None

    def write(self, text: str) -> int:
        if not self.closed_by_reader and self.failure is None:
            try:
                self.stream.write(text)
            except OSError as exc:
                self._failed(exc)
        return len(text)

    def flush(self) -> None:
        if not self.closed_by_reader and self.failure is None:
            try:
                self.stream.flush()
            except OSError as exc:
                self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        if exc.errno == errno.EPIPE:
            self.closed_by_reader = True
            # Nothing more reaches the reader; point the descriptor at /dev/null so that
            # the interpreter's own flush at exit does not complain either.
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.stream.fileno())
            os.close(null)
        else:
            self.failure = exc

    def isatty(self) -> bool:
        return bool(self.stream.isatty())

    def fileno(self) -> int:
        return int(self.stream.fileno())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(self.stream.encoding)


def run(main: click.Group) -> None:
    """Run the command line ``main`` as a process: exit codes as the module says."""
    out = GuardedStream(sys.stdout)
    sys.stdout = out
    try:
        code = main.main(standalone_mode=False)
    except click.exceptions.Abort:
        code = _interrupted()
    except KeyboardInterrupt:
        code = _interrupted()
    except click.ClickException as exc:
        exc.show()
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except SystemExit as exc:  # a command's own sys.exit(status)
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out.flush()
    if out.failure is not None:
        reason = out.failure.strerror or str(out.failure)
        sys.stderr.write(f"dinokit: cannot write to standard output: {reason}\n")
        code = code or 1
    sys.exit(code if isinstance(code, int) else 0)


def _interrupted() -> int:
    sys.stderr.write("\ndinokit: interrupted; files not finished were not written\n")
    return INTERRUPTED
