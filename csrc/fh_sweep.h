/* fh_sweep.h -- exact heads-up equity of two ranges by a sweep per runout.
 *
 * For each completion of the board ("runout"), every live combo of both ranges is evaluated
 * once and the combos are visited in order of value. Running sums of each range's weights
 * below the current value, overall and per card, give every combo's wins and ties against the
 * other range at once; card removal is inclusion-exclusion (subtract the opponent combos
 * holding either card, add back the one combo holding both: the same two cards). A runout
 * costs O(combos + distinct values) instead of O(combos^2) for the pairs.
 *
 * The two ranges are given as one list of "entries" (the union of their combos): entry e
 * holds two cards and a weight in each range (0 when the range lacks it). Weights are
 * non-negative integers, so every count is an exact integer and chunks of runouts add up
 * exactly, whatever the thread count or the split.
 *
 * Inputs are trusted: the Cython bridge has checked card ids, the board, the dead cards and
 * that the sums cannot overflow (see fh_sweep_two).
 */
#ifndef FH_SWEEP_H
#define FH_SWEEP_H

#include "fh_common.h"
#include "fh_parallel.h"

/* Per-entry results of a sweep, each an array of n_entries counts that the sweep adds to:
 *   win0[e]: sum over runouts of the weights (range 1) of the live range-1 combos sharing no
 *            card with entry e that entry e beats; tie0[e] likewise for equal values.
 *   win1[e], tie1[e]: the same against range 0.
 * "Live" means sharing no card with the runout. An entry that is not live on a runout gets
 * nothing from it. With a symmetry group (see fh_sweep_two) each class of runouts is visited
 * once, at its smallest member, and counted as many times as it has members: the counts are
 * then those of the class representatives, not yet symmetrized. */
typedef struct fh_sweep_out {
    uint64_t *win0;
    uint64_t *tie0;
    uint64_t *win1;
    uint64_t *tie1;
    uint64_t deals; /* runouts accounted for (each visited one times the size of its class) */
} fh_sweep_out;

/* Number of runouts of a sweep: completions of an n_board-card board from the cards that are
 * neither on the board nor dead (combo cards included: a runout kills the combos it hits). */
uint64_t fh_sweep_runouts(int n_board, fh_mask_t dead);

/* Sweep runouts [first, first + count) (in colex order of the available cards; see
 * fh_sweep_runouts) for n_entries entries: cards[2e], cards[2e + 1] and weights w0[e], w1[e]
 * in ranges 0 and 1 (>= 0). No entry may share a card with the board or the dead cards.
 * perms holds n_perms (1..24) suit permutations, 4 bytes each (perms[4g + s] is the image of
 * suit s), forming a group whose first member is the identity, that maps the board, the dead
 * cards and both ranges (with their weights) onto themselves; perms may be NULL when n_perms
 * is 1. Only the smallest runout of each class under the group is visited, counted once per
 * member of its class; summing the counts of entry e over the images of e under the group
 * and dividing by n_perms gives the counts over every runout.
 * The counts are added to `out`. The caller guarantees that count * (sum of w0 + sum of w1)
 * stays below 2^63.
 * Runs on up to n_threads threads (fh_parallel.h); `poll` (may be NULL) is called every
 * poll_ms ms while they work and cancels the run when it returns nonzero.
 * Returns FH_OK, FH_ERR_NOMEM, FH_ERR_ARGUMENT (bad sizes or range of runouts) or
 * FH_ERR_INTERRUPTED (then `out` is left untouched). */
fh_status fh_sweep_two(const fh_card_t *cards, const int64_t *w0, const int64_t *w1, int n_entries,
                       const fh_card_t *board, int n_board, fh_mask_t dead, const uint8_t *perms, int n_perms,
                       uint64_t first, uint64_t count, int n_threads, fh_par_poll poll, void *poll_ctx,
                       unsigned poll_ms, fh_sweep_out *out);

#endif /* FH_SWEEP_H */
