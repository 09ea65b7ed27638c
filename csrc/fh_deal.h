/* fh_deal.h -- deal many random hands at once: rows of distinct cards, uniformly random.
 *
 * Row r of the output holds k distinct card ids drawn from the live deck (the 52 cards
 * minus `dead`) in a uniformly random order: every ordered k-tuple of live cards is
 * equally likely, so every k-card set is too. Rows are independent.
 *
 * Reproducibility: rows are cut into blocks of FH_DEAL_BLOCK_ROWS; block b draws from the
 * stream fh_rng_for_block(seed, b) (fh_rng.h) and nothing else, so the output depends only
 * on (n, k, dead, seed) -- never on the thread count or on which thread dealt which block.
 */
#ifndef FH_DEAL_H
#define FH_DEAL_H

#include "fh_common.h"
#include "fh_parallel.h"

/* Rows per independently seeded block (also the grain handed to one thread at a time). */
#define FH_DEAL_BLOCK_ROWS 8192

/* Fill out[0 .. n*k) with n rows of k distinct live cards (row-major, uint8 card ids).
 * 1 <= k <= live cards (52 - popcount(dead & FH_FULL_DECK)); n may be 0. `ex` (fh_parallel.h;
 * NULL: one thread, no polling) gives the threads (clamped to FH_MAX_THREADS; small jobs use
 * one) and the poll, called every few ms while a long deal runs. Thread-safe: no shared state.
 * Returns FH_OK, FH_ERR_ARGUMENT (k out of range, ex->threads < 1), FH_ERR_NOMEM (the run's
 * bookkeeping could not be allocated) or FH_ERR_INTERRUPTED (the poll cancelled the deal: `out`
 * is partly filled). */
fh_status fh_deal(fh_card_t *out, size_t n, int k, fh_mask_t dead, uint64_t seed, const fh_exec *ex);

#endif /* FH_DEAL_H */
