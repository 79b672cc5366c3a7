"""Compiles the numba kernels into numba's on-disk cache, holding the lock file whose descriptor
it inherited until it is done (started by conftest.py under pytest-xdist: the workers wait on
that lock, then load the kernels from the cache instead of each compiling them)."""

from bluffhouse.cheat.fast_kernel import warm_up
from bluffhouse.pokerbull import fast as pokerbull_fast

warm_up()
pokerbull_fast.simulate_random(1, players=5, seed=0)
