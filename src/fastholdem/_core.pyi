"""Type stubs of the compiled module ``fastholdem._core`` (``_core.pyx``).

One section per part of the C core; a new compiled function gets its stub in its section.
Card arguments take what ``fastholdem.cards.parse_cards`` takes; batch arguments take any
integer array-like and are validated (and copied only when needed) by the module.
"""

from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

_CardLike: TypeAlias = int | str
#: A hand for the scalar path: text such as ``"AsKd"``, or an iterable of ids/texts
#: (a NumPy 1-D array iterates as NumPy integers, which are accepted too).
_Cards: TypeAlias = str | Iterable[_CardLike] | npt.NDArray[np.integer[Any]]
#: Cards for ``fixed``/``dead`` arguments: as ``_Cards``, or ``None`` for no cards.
_OptionalCards: TypeAlias = _Cards | None
#: A thread count: ``None`` means all cores; otherwise an int >= 1 (``bool`` is refused;
#: counts above ``MAX_THREADS`` are clamped).
_Threads: TypeAlias = int | None
_U8Rows: TypeAlias = npt.NDArray[np.uint8]

# ---- module facts ---------------------------------------------------------------------------

__test__: dict[str, str]  # Cython's registry of the docstrings doctest collects

N_VALUES: int
"""Number of hand values: 7462 (R9)."""
MAX_THREADS: int
"""Most threads one call uses (256): larger ``threads`` arguments are clamped to it."""
THREAD_BACKEND: str
"""How the core runs parallel loops: ``"pthreads"`` (threads started per call, fork-safe)."""

def _set_poll_ms(ms: int) -> int:
    """Internal (the interrupt tests): poll for signals every ``ms`` ms in later long calls (0:
    the default); returns the previous setting."""

def max_threads() -> int:
    """Threads used by default: the CPUs this process may run on, capped by ``OMP_NUM_THREADS``
    when set (as Dask and Ray workers do), at most ``MAX_THREADS``; read at import."""

# ---- input validation -----------------------------------------------------------------------

def as_int(value: object, name: str, what: str) -> int:
    """``value`` as an int; TypeError naming ``name`` for bools and non-integers."""
    ...
def as_array(value: object, name: str) -> npt.NDArray[Any]:
    """``numpy.asarray(value)``; InputError naming ``name`` when NumPy cannot make one array of it."""
    ...
def check_threads(threads: object) -> int:
    """The thread count a call uses: None means all cores, above ``MAX_THREADS`` is clamped.

    Raises ``TypeError`` for a non-int (``bool`` and ``float`` too) and ``ValueError`` below 1.
    """

# ---- evaluator ------------------------------------------------------------------------------

def evaluate_batch(
    hands: npt.ArrayLike, threads: _Threads = None, out: npt.NDArray[np.uint16] | None = None
) -> npt.NDArray[np.uint16]:
    """Values (1..7462) of the rows of an ``(n, 5|6|7)`` integer array (into ``out`` if given)."""

EVAL_KERNELS: tuple[str, ...]

def eval_kernels_supported() -> tuple[str, ...]:
    """The batch kernels this build and CPU can run, portable first."""

def eval_kernel() -> str:
    """Name of the batch kernel in use."""

def set_eval_kernel(name: str) -> None:
    """Force batch kernel ``name`` (ValueError if unknown or unsupported)."""

def evaluate(cards: _Cards) -> int:
    """Value (1..7462) of the best five of 5, 6 or 7 cards.

    Raises ``TypeError`` if ``cards`` is neither a text nor an iterable.
    """

def category_of(value: int | np.integer[Any]) -> int:
    """Category index 0 (high card) .. 8 (straight flush) of a value 1..7462.

    Raises ``TypeError`` for a non-int (``bool`` and ``float`` included) and ``ValueError``
    outside 1..7462.
    """

def enumerate_values(
    fixed: _OptionalCards = None, dead: _OptionalCards = None, threads: _Threads = None
) -> npt.NDArray[np.uint64]:
    """Histogram (7463 counts, index = value) of every 7-card hand holding ``fixed`` and no ``dead`` card."""

# ---- equity ---------------------------------------------------------------------------------

MAX_PLAYERS: int
"""Most players in one equity computation (10)."""
SHARE_UNIT: int
"""Fixed-point unit of a pot share in the tallies (a share of 1/k is SHARE_UNIT // k)."""

def board_count(n_available: int, n_missing: int) -> int:
    """C(n_available, n_missing): the number of ways to complete a board."""

def canonical_deal_keys(
    deals: _U8Rows, board: Iterable[int] = ..., dead: Iterable[int] = ...
) -> npt.NDArray[np.uint64]:
    """Suit-isomorphism key of each ``(n, 2 * players)`` C-contiguous uint8 deal row (players <= 5),
    under the suit permutations that keep ``board`` and ``dead`` in place."""

def hand_assignments(
    combos: list[npt.NDArray[np.uint8]], weights: list[npt.NDArray[np.float64] | None], limit: int,
    rows: list[npt.NDArray[np.uint32]] | None = ...,
) -> tuple[Any, ...] | None:
    """Every collision-free choice of one combo per player, row-major, with the products of the
    combo weights (and, with ``rows``, each deal's rows); None when a partial listing would
    exceed ``limit``."""

def exact_deals(
    deals: _U8Rows, board: Sequence[int], dead: Iterable[int], threads: int
) -> dict[str, npt.NDArray[np.uint64]]:
    """Internal: exact tallies (keys deals, win, tie, share, share_sq, split) of validated deals."""

def equity_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike | None = None, threads: _Threads = None
) -> npt.NDArray[np.float64]:
    """Exact equity ``(M, P)`` of P players' ``(M, P, 2)`` holes on ``(M, 0|3|4|5)`` boards."""

MAX_EXACT_SHOWDOWNS: int

def hand_strength(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike | None = None,
    opponents: int = 1,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = 0,
    threads: _Threads = None,
) -> npt.NDArray[np.float64]:
    """Equity ``(M,)`` of ``(M, 2)`` holes on their boards against ``opponents`` random hands.

    ``seed=None`` draws a random seed. ``opponents``, ``trials`` and ``seed`` must be ints
    (``TypeError`` otherwise; ``bool`` is refused).
    """

# ---- dealer (issue 13) ----------------------------------------------------------------------

DEAL_BLOCK_ROWS: int
"""Rows per independently seeded block of :func:`deal`."""

def deal(
    n: int, k: int = 7, dead: _OptionalCards = None, seed: int | None = None, threads: _Threads = None
) -> npt.NDArray[np.uint8]:
    """``(n, k)`` uint8 array: each row ``k`` distinct live cards, uniformly random; the same
    seed gives the same array for any thread count."""


# ---- card text in bulk (issue 25) -----------------------------------------------------------

TEXT_BAD: int
"""``text_row``'s count for a bad token (``where`` = its offset)."""
TEXT_REPEAT: int
"""``text_row``'s count for a repeated card (``where`` = the card id)."""

def text_row(text: str | bytes) -> tuple[int, list[int], int]:
    """Internal: ``(count, ids, where)`` of one card text, parsed as a row of the batch parser."""

def text_rows_fixed(
    texts: npt.NDArray[np.str_] | npt.NDArray[np.bytes_], k: int, threads: _Threads = None
) -> tuple[npt.NDArray[np.uint8], int]:
    """Internal: ``(n, k)`` card ids of a 1-D native-order ``S``/``U`` array, and the first row
    that is not ``k`` distinct cards (-1 if none)."""

def text_rows_objects(
    texts: list[object], k: int, threads: _Threads = None
) -> tuple[npt.NDArray[np.uint8], int]:
    """Internal: as :func:`text_rows_fixed` for a list of str or bytes; an item that is neither
    (or a str with a character beyond U+00FF) is a bad row."""

# ---- Monte Carlo kernel (fh_montecarlo) -----------------------------------------------------

def monte_carlo_blocks(
    combos: Sequence[_U8Rows | None],
    weights: Sequence[npt.NDArray[np.float64] | None],
    random: Sequence[bool],
    board: Sequence[int],
    dead: Iterable[int],
    seed: int,
    first_block: int,
    n_blocks: int,
    block_size: int,
    threads: int,
    by_combo: bool = False,
) -> dict[str, Any]:
    """Internal: Monte Carlo tallies of blocks ``[first_block, first_block + n_blocks)`` (the
    keys of :func:`exact_deals`, one row); with ``by_combo`` also ``combo_deals``,
    ``combo_share`` and ``combo_share_sq``: a list with one uint64 array per player, aligned
    with ``combos[p]``."""


# ---- exact equity by runout tables (fh_runouts) ---------------------------------------------

def runout_values(
    combos: npt.ArrayLike, board: Sequence[int], dead: Iterable[int] = ()
) -> npt.NDArray[np.uint16]:
    """Internal: value of each combo with the board (3 or 4 cards) and each runout,
    ``(n, stride)``; 0 where the combo meets the runout and in the padding."""

def runout_sums(
    values: npt.NDArray[np.uint16], deals: npt.ArrayLike, threads: int
) -> tuple[dict[str, npt.NDArray[np.uint64]], npt.NDArray[np.uint64]]:
    """Column sums of :func:`runout_tallies` (same keys) and per player and value row the
    runouts counted and the player's shares summed: ``(sums, combos)``, combos (players, 2, rows)."""

def runout_tallies(
    values: npt.NDArray[np.uint16], deals: npt.ArrayLike, threads: int
) -> dict[str, npt.NDArray[np.uint64]]:
    """Internal: exact tallies (the keys of :func:`exact_deals`) of deals given as rows of
    ``values``, one per player."""

# ---- sweep: exact heads-up range equity per runout (csrc/fh_sweep.h) -----------------------

def sweep_runouts(board: Sequence[int], dead: Iterable[int]) -> int:
    """Internal: number of runouts (board completions) a sweep over ``board`` and ``dead`` visits."""

def sweep_two(
    cards: npt.ArrayLike,
    w0: npt.ArrayLike,
    w1: npt.ArrayLike,
    board: Sequence[int],
    dead: Iterable[int],
    perms: npt.ArrayLike,
    first: int,
    count: int,
    threads: int,
) -> dict[str, Any]:
    """Internal: per-entry sweep counts (``win0``, ``tie0``, ``win1``, ``tie1`` as (n,) uint64
    arrays, ``deals`` an int) of runouts ``[first, first + count)``."""

# ---- the vector engine (fastholdem.vector) ----------------------------------------------------

VEC_NO_RESET: int
VEC_AUTO_RESET: int
VEC_REPORT_ONLY: int

class VecConfig:
    """The rules a ``VecCore`` plays (the C engine's ``fh_vec_cfg``), from keyword arguments."""
    def __init__(self, *, players: int, small_blind: int, big_blind: int, min_bet: int,
                 bet_sizes: Sequence[int], ante: int = 0, ante_mode: int = 0, bet_cap: int = -1,
                 limit: bool = False, pot_limit: bool = False, pokerkit: bool = False,
                 cap_heads_up: bool = False, uncapped_river: bool = False, half_bet_reopens: bool = False,
                 carry_stacks: bool = False) -> None: ...
    @property
    def players(self) -> int: ...
    @property
    def small_blind(self) -> int: ...
    @property
    def big_blind(self) -> int: ...
    @property
    def carry_stacks(self) -> bool: ...
    def as_dict(self) -> dict[str, Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]: ...

class VecCore:
    """The C state of ``fastholdem.vector.Tables``: methods, and read-only views of its arrays."""
    @property
    def n(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def history(self) -> int: ...
    @property
    def config(self) -> VecConfig: ...
    @property
    def stacks(self) -> npt.NDArray[np.int64]: ...
    @property
    def rewards(self) -> npt.NDArray[np.int64]: ...
    @property
    def hand_over(self) -> npt.NDArray[np.bool_]: ...
    @property
    def actor(self) -> npt.NDArray[np.int8]: ...
    @property
    def button(self) -> npt.NDArray[np.int8]: ...
    @property
    def nbytes(self) -> int: ...
    def __init__(self, n: int, config: VecConfig, base: npt.ArrayLike, button: int | npt.ArrayLike, seed: int,
                 history: int) -> None: ...
    def view(self, name: str) -> npt.NDArray[Any]: ...
    def hands(self, rows: npt.ArrayLike, finished: bool = True, actions: bool = False) -> dict[str, Any]: ...
    def shown_hole(self) -> npt.NDArray[np.int8]: ...
    def last_showdowns(self) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint16]]: ...
    def set_base(self, mask: npt.NDArray[np.bool_], values: npt.NDArray[np.int64]) -> None: ...
    def new_hands(self, mask: npt.NDArray[np.bool_] | None, move_button: bool, report: bool = True) -> None: ...
    def legal(self) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                             npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
    def check_step(self, kind: npt.NDArray[np.int64], amount: npt.NDArray[np.int64], max_report: int,
                   mask: npt.NDArray[np.bool_] | None = None) -> tuple[int, list[int], list[int]]: ...
    def step(self, kind: npt.NDArray[np.int64], amount: npt.NDArray[np.int64],
             mask: npt.NDArray[np.bool_] | None = None, reset: int = ...) -> None: ...
    def play_random(self, hands: int, p_fold: float, p_raise: float, threads: int | None) -> dict[str, Any]: ...
    def play_random_until(self, seat: int, mask: npt.NDArray[np.bool_] | None, p_fold: float,
                          p_raise: float) -> None: ...
    def observe(self, seats: npt.NDArray[np.int16]) -> tuple[Any, ...]: ...
    def extra_log(self, i: int, slot: int) -> tuple[bytes, list[int]] | None: ...
    def state(self) -> bytes: ...
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...
    def __copy__(self) -> VecCore: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> VecCore: ...

def vec_from_state(data: bytes | bytearray | memoryview) -> VecCore: ...

# ---- one hand against one random hand (issue 18) --------------------------------------------

def vs_random_counts(
    hole: Sequence[int], board: Sequence[int], dead: Iterable[int] = ()
) -> tuple[int, int, int]:
    """Exact ``(won, tied, all)`` (runout, opponent hand) pairs of ``hole`` on a 3-5 card
    ``board`` against one random hand, ``dead`` card ids left out."""

def vs_random_share(
    hole: Sequence[int], board: Sequence[int], dead: Iterable[int] = (), opponents: int = 1
) -> float:
    """Exact equity of ``hole`` on a 3-5 card ``board`` against 1-9 random hands, ``dead``
    card ids left out."""


def vs_random_equities(
    hole: Sequence[int], board: Sequence[int] = (), dead: Iterable[int] = (), opponents: int = 9,
    threads: int | None = None,
) -> npt.NDArray[np.float64]:
    """Exact equities of ``hole`` on a 0, 3, 4 or 5 card ``board`` against 1..``opponents``
    random hands, ``dead`` card ids left out (one pass over the boards)."""


def vs_two_random_counts(
    hole: Sequence[int], board: Sequence[int] = (), dead: Iterable[int] = (), threads: int | None = None
) -> tuple[int, int, int, int, int]:
    """Pairs of disjoint opponent hands against ``hole``: both below, one tie, two ties, both
    above and tied, all (every completion of a 0, 3, 4 or 5 card ``board``)."""


def hh_walk(actions: list[str], n: int, scale: int, stacks: list[int], put: list[int], bets: list[int],
            level: int) -> tuple[list[bool], list[str | None], list[int], list[int], list[int], list[int],
                                 int] | None: ...


# ---- the solver (_solver.pxi, csrc/fh_solver.h) ----
class SolverCore:
    n_nodes: int
    n_hands: tuple[int, int]
    compressed: bool
    def __init__(self, arrays: dict[str, Any], alpha: float = ..., beta: float = ..., gamma: float = ...,
                 compress: bool = ...) -> None: ...
    @staticmethod
    def memory(arrays: dict[str, Any], compress: bool = ...) -> int: ...
    @property
    def iterations(self) -> int: ...
    def run(self, n_iters: int, threads: int | None = ...) -> None: ...
    def evaluate(self, threads: int | None = ..., values: bool = ...) -> tuple[tuple[float, float], tuple[float, float] | None]: ...
    def strategy(self, node: int) -> npt.NDArray[np.float32]: ...
    def node_values(self, node: int, player: int, opp_reach: npt.ArrayLike, best_response: bool = ...,
                    threads: int | None = ...) -> npt.NDArray[np.float32]: ...
    def lock(self, node: int, mask: npt.ArrayLike, strategy: npt.ArrayLike) -> None: ...
    def get_state(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], int]: ...
    def set_state(self, regrets: npt.ArrayLike, sums: npt.ArrayLike, iterations: int) -> None: ...
