"""The Gymnasium ids of the environments, registered when ``fastholdem.vector`` is imported.

``fastholdem/Holdem-v0`` is :class:`fastholdem.vector.HoldemEnv`; its vector entry point is
:class:`fastholdem.vector.HoldemVectorEnv`, so ``gymnasium.make_vec`` steps every table on the
vector engine (``vectorization_mode="sync"`` or ``"async"`` gives Gymnasium's own vector envs
over single ones instead). ``fastholdem/HoldemVector-v0`` has the vector entry point only.

``import fastholdem.vector`` does not import Gymnasium (it stays an optional extra): when
Gymnasium is already imported the ids are registered at once, otherwise at the end of
Gymnasium's own import, whenever that comes. Gymnasium 1.x reads no plugin entry points, so
the import of ``fastholdem.vector`` is what registers.

>>> import gymnasium as gym
>>> import fastholdem.vector
>>> env = gym.make("fastholdem/Holdem-v0", players=3, seed=1)
>>> env.spec.id, env.unwrapped.metadata["render_fps"]
('fastholdem/Holdem-v0', 4)
>>> envs = gym.make_vec("fastholdem/Holdem-v0", num_envs=4, players=3, seed=1)
>>> type(envs).__name__, envs.num_envs
('HoldemVectorEnv', 4)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import find_spec
from types import ModuleType

__all__ = ["HOLDEM_ID", "VECTOR_ID", "ENTRY_POINT", "VECTOR_ENTRY_POINT", "register_envs", "register_on_import"]

HOLDEM_ID = "fastholdem/Holdem-v0"
"""Gymnasium id of :class:`fastholdem.vector.HoldemEnv` (vector entry point: ``HoldemVectorEnv``)."""
VECTOR_ID = "fastholdem/HoldemVector-v0"
"""Gymnasium id of :class:`fastholdem.vector.HoldemVectorEnv` only (for ``gymnasium.make_vec``)."""
ENTRY_POINT = "fastholdem.vector.gym_env:HoldemEnv"
VECTOR_ENTRY_POINT = "fastholdem.vector.gym_env:HoldemVectorEnv"


def register_envs() -> None:
    """Register both ids with Gymnasium's registry (once; a second call changes nothing).

    >>> import gymnasium as gym
    >>> register_envs()
    >>> gym.spec(VECTOR_ID).vector_entry_point
    'fastholdem.vector.gym_env:HoldemVectorEnv'
    """
    from gymnasium.envs.registration import register, registry

    if HOLDEM_ID not in registry:
        register(HOLDEM_ID, entry_point=ENTRY_POINT, vector_entry_point=VECTOR_ENTRY_POINT)
    if VECTOR_ID not in registry:
        register(VECTOR_ID, vector_entry_point=VECTOR_ENTRY_POINT)


class _RegisterAfter(Loader):
    """Runs Gymnasium's own loader, then registers (and hands the module its real loader)."""

    def __init__(self, loader: Loader) -> None:
        self._loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        if module.__spec__ is not None:
            module.__spec__.loader = self._loader
        module.__loader__ = self._loader
        self._loader.exec_module(module)
        register_envs()


class _OnGymnasiumImport(MetaPathFinder):
    """Finds nothing itself: when ``gymnasium`` is first imported it wraps the module's loader
    so that :func:`register_envs` runs after it, then leaves ``sys.meta_path``."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        _remove_hook()
        spec = find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _RegisterAfter(spec.loader)
        return spec


def _remove_hook() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _OnGymnasiumImport)]


def register_on_import() -> None:
    """Register now if Gymnasium is imported, else when it is (what ``import fastholdem.vector``
    calls; without Gymnasium installed nothing happens).

    >>> register_on_import()
    >>> import gymnasium as gym
    >>> HOLDEM_ID in gym.registry
    True
    """
    if "gymnasium" in sys.modules:
        if "gymnasium.envs.registration" in sys.modules:
            register_envs()
        return
    if not any(isinstance(f, _OnGymnasiumImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _OnGymnasiumImport())
