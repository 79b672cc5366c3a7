"""Tournament games as Ray tasks: the arena and the rule-set suite past one machine.

The arena and the suite cut their games into chunks (each chunk's games depend only on their
indices and the seed), so where the chunks run changes nothing in the results: a local pool
of processes, a Ray cluster started on this machine (``ray_address=None``: loopback only), or
an existing cluster (``ray_address="HOST:PORT"``).  :class:`RayRunner` submits the chunks as
tasks and hands each result back as it finishes, so a caller can keep every finished game
(the arena streams them to a file).  A cluster that does not answer, or stops answering during
the run, raises :class:`ClusterError` with one line naming it; :class:`ClusterLost` carries
how many chunks finished.

Ray is the optional ``cluster`` extra (``pip install 'bluffhouse[cluster]'``).
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

INSTALL_CLUSTER = "pip install 'bluffhouse[cluster]'"
#: Seconds without an answer from the cluster's address before a run counts it gone.
GONE_AFTER = 4.0

J = TypeVar("J")
R = TypeVar("R")


@dataclass(frozen=True)
class RayTarget:
    """Where games run on Ray: ``address`` of an existing cluster (``HOST:PORT``), or None
    for a cluster started on this machine (loopback only) with ``cpus`` CPUs (None: every
    core)."""

    address: str | None = None
    cpus: int | None = None


class ClusterError(RuntimeError):
    """The cluster cannot run the games (the message is one line, naming it)."""


class ClusterLost(ClusterError):
    """The cluster stopped answering during a run: ``finished`` of ``total`` chunks came
    back (the caller kept their results as they came)."""

    def __init__(self, message: str, finished: int, total: int) -> None:
        super().__init__(message)
        self.finished = finished
        self.total = total
        #: what the caller made of the chunks that came back (the arena: its result)
        self.partial: Any = None


def require_ray() -> Any:
    """The ``ray`` module, or ClusterError saying which extra to install."""
    try:
        import ray
    except ImportError:
        raise ClusterError(f"Ray is not installed: {INSTALL_CLUSTER}") from None
    return ray


def parse_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (or Ray Client's ``ray://HOST:PORT``) as (host, port); ClusterError
    naming a malformed one."""
    text = address.strip()
    text = text[len("ray://") :] if text.startswith("ray://") else text
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"a Ray address is HOST:PORT (the head's GCS port), not {address!r}")
    return host, int(port)


def answers(address: str, timeout: float = 2.0) -> str | None:
    """None if something accepts connections at ``address``, else why not."""
    host, port = parse_address(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return None
    except OSError as exc:
        return exc.strerror or str(exc) or type(exc).__name__


def _run_chunk(fn: Callable[[Any], Any], job: Any) -> tuple[str, Any]:
    """A chunk run on a Ray worker: (the node it ran on, its result)."""
    import ray

    return ray.get_runtime_context().get_node_id(), fn(job)


class RayRunner(Generic[J, R]):
    """Runs jobs as Ray tasks, one CPU each (a context manager: connects on entry, leaves the
    cluster on exit, and stops a cluster it started itself).

    See :class:`RayTarget` for where."""

    def __init__(self, target: RayTarget) -> None:
        self.address = target.address.strip() if target.address else None
        self.cpus = target.cpus
        #: the Ray nodes that ran at least one job
        self.nodes: set[str] = set()
        self._ray: Any = None
        self._gcs: str | None = None
        self._environ: dict[str, str] | None = None

    @property
    def where(self) -> str:
        return f"the Ray cluster at {self.address}" if self.address else "the local Ray cluster"

    def __enter__(self) -> RayRunner[J, R]:
        ray = require_ray()
        self._environ = dict(os.environ)  # (Ray sets variables of its own: put back on exit)
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")  # (a lost cluster: one line)
        if self.address is not None:
            why = answers(self.address)
            if why is not None:
                raise ClusterError(f"no Ray cluster answers at {self.address} ({why})")
        try:
            with _quiet_stderr():  # (Ray's core says which log level it set)
                self._init(ray)
        except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError...)
            raise ClusterError(f"cannot join {self.where}: {_first_line(exc)}") from None
        self._ray = ray
        self._gcs = ray.get_runtime_context().gcs_address
        return self

    def _init(self, ray: Any) -> None:
        if self.address is not None:
            # A driver joins through the raylet of its own node, found by the node's address:
            # a cluster on loopback has its nodes at 127.0.0.1, not at the machine's address.
            host = parse_address(self.address)[0]
            local = host in ("127.0.0.1", "localhost") and not self.address.startswith("ray://")
            ray.init(
                address=self.address,
                log_to_driver=False,
                logging_level="ERROR",
                **({"_node_ip_address": "127.0.0.1"} if local else {}),
            )
        else:
            ray.init(
                address="local",  # a new cluster, never one found on this machine
                num_cpus=self.cpus,
                include_dashboard=False,
                log_to_driver=False,
                logging_level="ERROR",
                _node_ip_address="127.0.0.1",
            )

    def __exit__(self, *exc: object) -> None:
        if self._ray is not None:
            self._ray.shutdown()
            self._ray = None
        saved, self._environ = self._environ, None
        if saved is not None:
            for key in [k for k in os.environ if k not in saved]:
                del os.environ[key]
            os.environ.update(saved)

    def run(self, fn: Callable[[J], R], jobs: Sequence[J]) -> Iterator[tuple[int, R]]:
        """(job index, result) for each job as it finishes, in the order they finish.  A
        cluster that stops answering raises ClusterLost after the results that came back."""
        ray = self._ray
        if ray is None:
            raise RuntimeError("RayRunner.run outside its with block")
        remote = ray.remote(num_cpus=1, max_retries=2)(_run_chunk)
        shared = ray.put(fn)
        pending = {remote.remote(shared, job): i for i, job in enumerate(jobs)}
        done = 0
        silent_since: float | None = None
        while pending:
            try:
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            except Exception as exc:
                raise self._lost(done, len(jobs), exc) from None
            if not ready:
                why = answers(self._gcs, timeout=1.0) if self._gcs else None
                if why is None:
                    silent_since = None
                    continue
                now = time.monotonic()
                silent_since = silent_since or now
                if now - silent_since >= GONE_AFTER:
                    raise self._lost(done, len(jobs), why)
                continue
            for ref in ready:
                index = pending.pop(ref)
                try:
                    node, result = ray.get(ref)
                except Exception as exc:  # a task that failed for good: the cluster is gone
                    raise self._lost(done, len(jobs), exc) from None
                self.nodes.add(node)
                done += 1
                yield index, result

    def _lost(self, done: int, total: int, why: object) -> ClusterLost:
        text = why if isinstance(why, str) else _first_line(why)
        return ClusterLost(f"{self.where} stopped answering ({text})", done, total)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """File descriptor 2 sent to the null device for a while (what Ray's C++ core prints
    there as it starts; its failures still come back as exceptions)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _first_line(exc: object) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
