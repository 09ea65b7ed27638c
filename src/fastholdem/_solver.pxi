# The solver's side of the bridge (csrc/fh_solver.h), included by _core.pyx.
# fastholdem.solver builds and checks the game tree; this file only moves arrays.

from libc.stdint cimport int8_t as _sv_int8_t, int32_t as _sv_int32_t, uint32_t as _sv_uint32_t


cdef extern from "fh_solver.h" nogil:
    ctypedef struct fh_sv_spec:
        _sv_int32_t n_nodes
        const _sv_int8_t *kind
        const _sv_int32_t *first_child
        const _sv_int32_t *n_children
        const _sv_int32_t *children
        const uint8_t *card
        const float *amount
        const _sv_int8_t *folder
        const _sv_int32_t *board
        const float *chance_weight
        const _sv_int32_t *iso_first
        const _sv_int32_t *iso_count
        _sv_int32_t n_iso
        const _sv_int32_t *iso_perm
        _sv_int32_t n_perms
        const _sv_int32_t *perm[2]
        const float *shared
        _sv_int32_t n_hands[2]
        const uint8_t *cards[2]
        const float *weight[2]
        const _sv_int32_t *same[2]
        _sv_int32_t n_boards
        const _sv_uint32_t *strength[2]
        const _sv_int32_t *order[2]
        float alpha
        float beta
        float gamma
        _sv_int32_t compress
    ctypedef struct fh_sv:
        pass
    fh_status fh_sv_create(const fh_sv_spec *spec, fh_sv **out)
    void fh_sv_free(fh_sv *sv)
    uint64_t fh_sv_memory(const fh_sv_spec *spec)
    fh_status fh_sv_run(fh_sv *sv, _sv_int32_t n_iters, const fh_exec *ex)
    _sv_int32_t fh_sv_iterations(const fh_sv *sv)
    void fh_sv_set_iterations(fh_sv *sv, _sv_int32_t t)
    fh_status fh_sv_evaluate(fh_sv *sv, double br[2], double ev[2], const fh_exec *ex)
    fh_status fh_sv_node_values(fh_sv *sv, _sv_int32_t node, int player, const float *opp_reach,
                                int best_response, float *out, const fh_exec *ex)
    fh_status fh_sv_strategy(const fh_sv *sv, _sv_int32_t node, float *out)
    uint64_t fh_sv_storage(const fh_sv *sv)
    void fh_sv_get_state(const fh_sv *sv, float *regrets, float *sums)
    void fh_sv_set_state(fh_sv *sv, const float *regrets, const float *sums)
    int64_t fh_sv_offset(const fh_sv *sv, _sv_int32_t node)
    _sv_int32_t fh_sv_actions(const fh_sv *sv, _sv_int32_t node, int *player)
    fh_status fh_sv_lock(fh_sv *sv, _sv_int32_t node, const uint8_t *mask, const float *strategy)


_MALFORMED = ("the game tree arrays are malformed (a child before its parent, a child of two parents, "
              "a card or hand index out of range)")


cdef dict _sv_spec(dict arrays, fh_sv_spec *spec):
    """Check the game arrays' dtypes and shapes and point ``spec`` at them; return the
    contiguous arrays, which the caller keeps alive while ``spec`` is used."""
    a = {k: np.ascontiguousarray(v) for k, v in arrays.items()}
    want = {"kind": np.int8, "first_child": np.int32, "n_children": np.int32, "children": np.int32,
            "card": np.uint8, "amount": np.float32, "folder": np.int8, "board": np.int32,
            "chance_weight": np.float32, "iso_first": np.int32, "iso_count": np.int32, "iso_perm": np.int32}
    if "iso_first" not in a:  # a tree without suit isomorphism
        a["iso_first"] = np.zeros(a["kind"].shape[0], np.int32)
        a["iso_count"] = np.zeros(a["kind"].shape[0], np.int32)
        a["iso_perm"] = np.zeros(0, np.int32)
        for p in (0, 1):
            a[f"perm{p}"] = np.zeros((0, a[f"weight{p}"].shape[0]), np.int32)
    for p in (0, 1):
        want[f"perm{p}"] = np.int32
        want[f"cards{p}"] = np.uint8
        want[f"weight{p}"] = np.float32
        want[f"same{p}"] = np.int32
        want[f"strength{p}"] = np.uint32
        want[f"order{p}"] = np.int32
    for k, dt in want.items():
        if k not in a or a[k].dtype != np.dtype(dt):
            raise InputError(f"arrays[{k!r}] must be a {np.dtype(dt)} array")
    n = a["kind"].shape[0]
    for k in ("first_child", "n_children", "card", "amount", "folder", "board", "chance_weight", "iso_first",
              "iso_count"):
        if a[k].shape != (n,):
            raise InputError(f"arrays[{k!r}] must have {n} entries")
    if n < 1:
        raise InputError("the tree has no node")
    edges = int(np.max(a["first_child"] + np.where(a["kind"] <= 2, a["n_children"], 0))) if n else 0
    if a["children"].shape[0] < edges:
        raise InputError("arrays['children'] is too short")
    nb = int(a["strength0"].shape[0]) if a["strength0"].ndim == 2 else 0
    for p in (0, 1):
        nh = a[f"weight{p}"].shape[0]
        if a[f"cards{p}"].shape != (nh, 2) or a[f"same{p}"].shape != (nh,):
            raise InputError(f"the hands of player {p} have inconsistent shapes")
        if a[f"strength{p}"].shape != (nb, nh) or a[f"order{p}"].shape != (nb, nh):
            raise InputError(f"the strength tables of player {p} must have shape ({nb}, {nh})")
    n_perms = int(a["perm0"].shape[0]) if a["perm0"].ndim == 2 else 0
    for p in (0, 1):
        nh = a[f"weight{p}"].shape[0]
        if a[f"perm{p}"].shape != (n_perms, nh):
            raise InputError(f"the hand permutations of player {p} must have shape ({n_perms}, {nh})")
    if a["iso_perm"].ndim != 1:
        raise InputError("arrays['iso_perm'] must be one-dimensional")
    spec.n_nodes = <_sv_int32_t>n
    spec.kind = <const _sv_int8_t *>cnp.PyArray_DATA(a["kind"])
    spec.first_child = <const _sv_int32_t *>cnp.PyArray_DATA(a["first_child"])
    spec.n_children = <const _sv_int32_t *>cnp.PyArray_DATA(a["n_children"])
    spec.children = <const _sv_int32_t *>cnp.PyArray_DATA(a["children"])
    spec.card = <const uint8_t *>cnp.PyArray_DATA(a["card"])
    spec.amount = <const float *>cnp.PyArray_DATA(a["amount"])
    spec.folder = <const _sv_int8_t *>cnp.PyArray_DATA(a["folder"])
    spec.board = <const _sv_int32_t *>cnp.PyArray_DATA(a["board"])
    spec.chance_weight = <const float *>cnp.PyArray_DATA(a["chance_weight"])
    spec.iso_first = <const _sv_int32_t *>cnp.PyArray_DATA(a["iso_first"])
    spec.iso_count = <const _sv_int32_t *>cnp.PyArray_DATA(a["iso_count"])
    spec.n_iso = <_sv_int32_t>a["iso_perm"].shape[0]
    spec.iso_perm = <const _sv_int32_t *>cnp.PyArray_DATA(a["iso_perm"])
    spec.n_perms = <_sv_int32_t>n_perms
    spec.shared = NULL
    if "shared" in a:  # optional: a utility both players get at a terminal (rake)
        if a["shared"].dtype != np.dtype(np.float32) or a["shared"].shape != (n,):
            raise InputError(f"arrays['shared'] must be a float32 array of {n} entries")
        spec.shared = <const float *>cnp.PyArray_DATA(a["shared"])
    spec.n_boards = <_sv_int32_t>nb
    for p in (0, 1):
        spec.n_hands[p] = <_sv_int32_t>a[f"weight{p}"].shape[0]
        spec.cards[p] = <const uint8_t *>cnp.PyArray_DATA(a[f"cards{p}"])
        spec.weight[p] = <const float *>cnp.PyArray_DATA(a[f"weight{p}"])
        spec.same[p] = <const _sv_int32_t *>cnp.PyArray_DATA(a[f"same{p}"])
        spec.strength[p] = <const _sv_uint32_t *>cnp.PyArray_DATA(a[f"strength{p}"])
        spec.order[p] = <const _sv_int32_t *>cnp.PyArray_DATA(a[f"order{p}"])
        spec.perm[p] = <const _sv_int32_t *>cnp.PyArray_DATA(a[f"perm{p}"])
    return a


cdef class SolverCore:
    """A game tree and its DCFR state in the C core (csrc/fh_solver.h). Built by
    ``fastholdem.solver`` from checked arrays; not meant to be used directly. Calls from
    several threads on one core run in turn (a lock held across the C call)."""

    cdef fh_sv *sv
    cdef object _mutex  # one call at a time: run, evaluate and node_values release the GIL
    cdef readonly int n_nodes
    cdef readonly tuple n_hands
    cdef readonly bint compressed

    def __cinit__(self):
        self.sv = NULL
        self._mutex = threading.Lock()

    def __dealloc__(self):
        fh_sv_free(self.sv)

    def __init__(self, dict arrays, double alpha=1.5, double beta=0.0, double gamma=5.0, bint compress=False):
        cdef fh_sv_spec spec
        cdef fh_status status
        cdef fh_sv *sv = NULL
        if self.sv != NULL:
            raise InputError("a SolverCore is built once: make a new one")
        for name, x in (("alpha", alpha), ("beta", beta), ("gamma", gamma)):
            if not 0.0 <= x <= 100.0:  # a negative power of t = 0 would make the first discount inf, then NaN
                raise InputError(f"{name} must be a number from 0 to 100, got {x!r}")
        a = _sv_spec(arrays, &spec)  # kept alive while fh_sv_create copies it
        spec.alpha = <float>alpha
        spec.beta = <float>beta
        spec.gamma = <float>gamma
        spec.compress = 1 if compress else 0
        with nogil:
            status = fh_sv_create(&spec, &sv)
        if status == FH_ERR_ARGUMENT:
            raise InputError(_MALFORMED)
        _check(status)
        with self._mutex:
            if self.sv != NULL:  # another thread built it meanwhile
                fh_sv_free(sv)
                raise InputError("a SolverCore is built once: make a new one")
            self.sv = sv
        self.n_nodes = int(spec.n_nodes)
        self.n_hands = (int(spec.n_hands[0]), int(spec.n_hands[1]))
        self.compressed = bool(compress)

    @staticmethod
    def memory(dict arrays, bint compress=False):
        """Bytes a solver of these arrays holds (the core's estimate, made before allocating):
        8 bytes per action and hand of every action node (4 with ``compress``), 52 (60) per
        node and 20 per board and hand."""
        cdef fh_sv_spec spec
        a = _sv_spec(arrays, &spec)
        spec.compress = 1 if compress else 0
        cdef uint64_t need = fh_sv_memory(&spec)
        if need == 0:
            raise InputError(_MALFORMED)
        return int(need)

    cdef fh_sv *_core(self) except NULL:
        if self.sv == NULL:
            raise InputError("this SolverCore was not built (call it with the game's arrays)")
        return self.sv

    cdef _sv_int32_t _actions(self, int node, int *player) except -1:
        """The number of actions at an action node (its player in *player); else InputError."""
        cdef _sv_int32_t n = fh_sv_actions(self._core(), node, player)
        if n < 0:
            raise InputError(f"node {node} is not an action node")
        return n

    @property
    def iterations(self):
        with self._mutex:
            return int(fh_sv_iterations(self._core()))

    def run(self, int n_iters, object threads=None):
        """Run ``n_iters`` more DCFR iterations (GIL released, Ctrl-C polled)."""
        cdef _Interrupt intr = _Interrupt(_threads(threads))
        cdef fh_status status
        cdef fh_sv *sv
        if n_iters < 0:
            raise InputError(f"n_iters must be at least 0, got {n_iters}")
        with self._mutex:
            sv = self._core()
            with nogil:
                status = fh_sv_run(sv, n_iters, &intr.ex)
        intr.check(status)

    def evaluate(self, object threads=None, bint values=True):
        """((best-response value of player 0, of player 1), (value of player 0, of player 1) under
        the average strategies, or None when ``values`` is false), per unit of joint range weight."""
        cdef double br[2]
        cdef double ev[2]
        cdef _Interrupt intr = _Interrupt(_threads(threads))
        cdef fh_status status
        cdef fh_sv *sv
        with self._mutex:
            sv = self._core()
            with nogil:
                status = fh_sv_evaluate(sv, br, ev if values else NULL, &intr.ex)
        intr.check(status)
        return (br[0], br[1]), ((ev[0], ev[1]) if values else None)

    def strategy(self, int node):
        """The average strategy at an action node, shape (n_actions, n_hands[player])."""
        cdef int player = 0
        cdef _sv_int32_t n_actions
        cdef float[:, ::1] o
        with self._mutex:
            n_actions = self._actions(node, &player)
            out = np.empty((n_actions, self.n_hands[player]), dtype=np.float32)
            o = out
            _check(fh_sv_strategy(self.sv, node, &o[0, 0]))
        return out

    def node_values(self, int node, int player, object opp_reach, bint best_response=False, object threads=None):
        """Counterfactual values of ``player``'s hands at ``node`` against the opponent's reach."""
        self._core()  # n_hands exists only once built
        if player not in (0, 1):
            raise InputError(f"player must be 0 or 1, got {player}")
        r = np.ascontiguousarray(opp_reach, dtype=np.float32)
        if r.shape != (self.n_hands[1 - player],):
            raise InputError("opp_reach has the wrong length")
        out = np.empty(self.n_hands[player], dtype=np.float32)
        cdef float[::1] rv = r
        cdef float[::1] ov = out
        cdef _Interrupt intr = _Interrupt(_threads(threads))
        cdef fh_status status
        cdef fh_sv *sv
        with self._mutex:
            sv = self._core()
            with nogil:
                status = fh_sv_node_values(sv, node, player, &rv[0], best_response, &ov[0], &intr.ex)
        intr.check(status)
        return out

    def lock(self, int node, object mask, object strategy):
        """Fix the strategy of the hands ``mask`` selects at an action node to ``strategy``
        (shape (n_actions, n_hands[player]))."""
        cdef int player = 0
        cdef _sv_int32_t n_actions
        cdef const uint8_t[::1] mv
        cdef const float[:, ::1] sv_
        m = np.ascontiguousarray(mask, dtype=np.uint8)
        s = np.ascontiguousarray(strategy, dtype=np.float32)
        with self._mutex:
            n_actions = self._actions(node, &player)
            nh = self.n_hands[player]
            if m.shape != (nh,) or s.shape != (n_actions, nh):
                raise InputError(f"mask must have {nh} entries and strategy shape ({n_actions}, {nh})")
            mv = m
            sv_ = s
            _check(fh_sv_lock(self.sv, node, &mv[0], &sv_[0, 0]))

    def get_state(self):
        """Copies of (regrets, strategy sums, iterations done), float32 whatever the storage."""
        cdef uint64_t n
        cdef float[::1] rv
        cdef float[::1] sv_
        with self._mutex:
            n = fh_sv_storage(self._core())
            regrets = np.empty(max(n, 1), dtype=np.float32)
            sums = np.empty(max(n, 1), dtype=np.float32)
            rv = regrets
            sv_ = sums
            fh_sv_get_state(self.sv, &rv[0], &sv_[0])
            return regrets[:n], sums[:n], int(fh_sv_iterations(self.sv))

    def set_state(self, object regrets, object sums, int iterations):
        cdef uint64_t n
        cdef const float[::1] av
        cdef const float[::1] bv
        if iterations < 0:
            raise InputError(f"iterations must be at least 0, got {iterations}")
        a = np.ascontiguousarray(regrets, dtype=np.float32)
        b = np.ascontiguousarray(sums, dtype=np.float32)
        with self._mutex:
            n = fh_sv_storage(self._core())
            if a.shape != (n,) or b.shape != (n,):
                raise InputError(f"the saved state must hold {n} regrets and strategy sums")
            if not (np.isfinite(a).all() and np.isfinite(b).all()) or (b < 0).any():
                raise InputError("the saved state must hold finite regrets and non-negative strategy sums")
            av = a
            bv = b
            if n:
                fh_sv_set_state(self.sv, &av[0], &bv[0])
            fh_sv_set_iterations(self.sv, iterations)
