# cython: language_level=3
"""Declarations of the C core (csrc/) for the Cython bridge."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t


cdef extern from "fh_common.h" nogil:
    ctypedef uint8_t fh_card_t
    ctypedef uint64_t fh_mask_t
    ctypedef uint16_t fh_value_t
    ctypedef enum fh_status:
        FH_OK
        FH_ERR_NOMEM
        FH_ERR_NO_DEAL
        FH_ERR_TOO_BIG
        FH_ERR_ARGUMENT
        FH_ERR_INTERRUPTED
        FH_ERR_FEW_CARDS


cdef extern from "fh_parallel.h" nogil:
    enum: FH_MAX_THREADS
    ctypedef int (*fh_par_poll)(void *poll_ctx) noexcept
    ctypedef struct fh_exec:
        int threads
        fh_par_poll poll
        void *poll_ctx
        unsigned poll_ms
    int fh_cpu_count()


cdef extern from "fh_eval.h" nogil:
    fh_value_t fh_eval_cards(const fh_card_t *cards, int n)
    int fh_category(fh_value_t v)
    ctypedef struct fh_rows:
        const char *base
        ptrdiff_t row_stride
        ptrdiff_t col_stride
        int itemsize
        int is_signed
    fh_status fh_eval_batch(const fh_rows *rows, size_t n, int k, fh_value_t *out, const fh_exec *ex,
                            ptrdiff_t *bad_row)
    ptrdiff_t fh_find_bad_card(const uint8_t *bytes, size_t count)
    int FH_N_KERNELS
    const char *fh_eval_kernel_name(int kernel)
    int fh_eval_kernel_supported(int kernel)
    int fh_eval_set_kernel(int kernel)
    int fh_eval_get_kernel()
    fh_status fh_enumerate_values(const fh_card_t *fixed, int n_fixed, fh_mask_t dead, uint64_t *hist,
                                  const fh_exec *ex, int64_t *count)


cdef extern from "fh_equity.h" nogil:
    enum: FH_MAX_PLAYERS
    enum: FH_SHARE_UNIT
    ctypedef struct fh_tally:
        uint64_t deals
        uint64_t win[10]
        uint64_t tie[10]
        uint64_t share[10]
        uint64_t share_sq[10]
        uint64_t split[11]
    ctypedef struct fh_range:
        const fh_card_t *combos
        const double *cum_weights
        int n
        int random
    fh_status fh_equity_exact(const fh_card_t *holes, int n_players, const fh_card_t *board, int n_board,
                              fh_mask_t dead, int first_lo, int first_hi, const fh_exec *ex, fh_tally *out)
    uint64_t fh_board_count(int n_available, int n_missing)
    fh_status fh_equity_monte_carlo(const fh_range *ranges, int n_players, const fh_card_t *board,
                                    int n_board, fh_mask_t dead, uint64_t seed, uint64_t first_block,
                                    uint64_t n_blocks, uint32_t block_size, const fh_exec *ex, fh_tally *out)
    uint64_t fh_canonical_deal_key(const fh_card_t *holes, int n_players)
    uint64_t fh_canonical_deal_key_fixing(const fh_card_t *holes, int n_players, fh_mask_t board,
                                          fh_mask_t dead)
    void fh_canonical_deal_keys(const fh_card_t *deals, size_t n_deals, int n_players, fh_mask_t board,
                                fh_mask_t dead, uint64_t *keys)
    ctypedef struct fh_assign_player:
        const fh_card_t *cards
        const double *weights
        const uint32_t *rows
        int n
    int fh_assignments_count(const fh_assign_player *players, int n_players, size_t limit, size_t *count)
    void fh_assignments_fill(const fh_assign_player *players, int n_players, fh_card_t *deals, double *weights,
                             uint32_t *rows)
    fh_status fh_equity_exact_many(const fh_card_t *deals, size_t n_deals, int n_players,
                                   const fh_card_t *board, int n_board, fh_mask_t dead, const fh_exec *ex,
                                   fh_tally *tallies)
    fh_status fh_equity_batch(const fh_card_t *holes, const fh_card_t *boards, size_t m, int n_players,
                              int n_board, const fh_exec *ex, double *eq)
    fh_status fh_hand_strength(const fh_card_t *holes, const fh_card_t *boards, size_t m, int n_board,
                               int opponents, int exact, uint32_t trials, uint64_t seed, const fh_exec *ex,
                               double *eq)


# ---- dealer (fh_deal.h; issue 13) ---------------------------------------------------------

cdef extern from "fh_deal.h" nogil:
    enum: FH_DEAL_BLOCK_ROWS
    fh_status fh_deal(fh_card_t *out, size_t n, int k, fh_mask_t dead, uint64_t seed, const fh_exec *ex)

# ---- Monte Carlo kernel (csrc/fh_montecarlo.h) ----------------------------------------------

cdef extern from "fh_montecarlo.h" nogil:
    ctypedef struct fh_mc_player:
        const fh_card_t *combos
        const double *weights
        int n
        int random
    size_t fh_mc_combo_slots(const fh_mc_player *players, int n_players)
    fh_status fh_monte_carlo(const fh_mc_player *players, int n_players, const fh_card_t *board, int n_board,
                             fh_mask_t dead, uint64_t seed, uint64_t first_block, uint64_t n_blocks,
                             uint32_t block_size, int threads, int (*poll)(void *) noexcept nogil,
                             void *poll_ctx, unsigned poll_ms, fh_tally *out, uint64_t *combo_out)


# ---- exact equity by runout tables (csrc/fh_runouts.h) --------------------------------------

cdef extern from "fh_runouts.h" nogil:
    size_t fh_runout_count(int n_board, fh_mask_t board_and_dead)
    size_t fh_runout_stride(size_t n_runouts)
    fh_status fh_runout_values(const fh_card_t *combos, size_t n_combos, const fh_card_t *board, int n_board,
                               fh_mask_t dead, uint16_t *values, size_t stride)
    fh_status fh_runout_tallies(const uint16_t *values, size_t stride, const uint32_t *deals, size_t n_deals,
                                int n_players, int threads, int (*poll)(void *) noexcept nogil,
                                void *poll_ctx, unsigned poll_ms, uint64_t *out)
    fh_status fh_runout_sums(const uint16_t *values, size_t stride, size_t n_rows, const uint32_t *deals,
                             size_t n_deals, int n_players, int threads, fh_par_poll poll, void *poll_ctx,
                             unsigned poll_ms, uint64_t *totals, uint64_t *combo)
    size_t fh_runout_row_words(int n_players)

# ---- sweep: exact heads-up range equity per runout (fh_sweep.h) ---------------------------

cdef extern from "fh_sweep.h" nogil:
    ctypedef struct fh_sweep_out:
        uint64_t *win0
        uint64_t *tie0
        uint64_t *win1
        uint64_t *tie1
        uint64_t deals
    uint64_t fh_sweep_runouts(int n_board, fh_mask_t dead)
    fh_status fh_sweep_two(const fh_card_t *cards, const int64_t *w0, const int64_t *w1, int n_entries,
                           const fh_card_t *board, int n_board, fh_mask_t dead, const uint8_t *perms,
                           int n_perms, uint64_t first, uint64_t count, int n_threads, fh_par_poll poll,
                           void *poll_ctx, unsigned poll_ms, fh_sweep_out *out)


# ---- one hand against one random hand (fh_equity.h; issue 18) ------------------------------

cdef extern from "fh_equity.h" nogil:
    void fh_vs_random_counts(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                             uint64_t out[3])
    double fh_vs_random_share(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                              int opponents)


# ---- one hand against 1..9 random hands (fh_vs_many.h; issue 18) -----------------------------

cdef extern from "fh_vs_many.h" nogil:
    int FH_VS_MANY_MAX
    ctypedef struct fh_vs_many_tally:
        pass
    fh_status fh_vs_many_run(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                             int max_opponents, int split, const fh_exec *ex, fh_vs_many_tally *out)
    void fh_vs_two_parts(const fh_vs_many_tally *t, uint64_t hi[5], uint64_t lo[5])
    double fh_vs_many_equity(const fh_vs_many_tally *t, int n)
