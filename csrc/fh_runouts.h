/* fh_runouts.h -- exact equity of many fixed-hole deals on a flop or turn, by runout tables.
 *
 * With one or two board cards to come there are at most C(49, 2) = 1176 runouts. The value
 * of every combo that appears in the deals is computed once per runout (a table of
 * combos x runouts, 0 where the combo holds a card of the runout); a deal's showdowns are
 * then a walk along its players' rows, comparing values eight runouts at a time (SSE2 where
 * available). A runout is counted for a deal when no player's value is 0, i.e. when it
 * avoids every hole card: the counts equal those of fh_equity_exact on the same deal.
 */
#ifndef FH_RUNOUTS_H
#define FH_RUNOUTS_H

#include "fh_common.h"
#include "fh_tally.h"
#include "fh_parallel.h"

/* Runouts of a board of n_board = 3 or 4 cards avoiding `dead` (0 for other n_board), and
 * the row stride of a value table (the count rounded up to a multiple of 8). */
size_t fh_runout_count(int n_board, fh_mask_t board_and_dead);
size_t fh_runout_stride(size_t n_runouts);

/* values[c * stride + r]: value of combo c (combos[2c], combos[2c+1], on neither board nor
 * dead) with the board and runout r; 0 when the combo and the runout share a card and in the
 * padding r >= n_runouts. Runouts are in a fixed order (pairs of available cards, i < j). */
fh_status fh_runout_values(const fh_card_t *combos, size_t n_combos, const fh_card_t *board, int n_board,
                           fh_mask_t dead, uint16_t *values, size_t stride);

/* Words in one compact tally row of fh_runout_tallies: 5 * n_players + 2. */
size_t fh_runout_row_words(int n_players);

/* Tally of each deal over the runouts: deal i's players hold the combos (rows of `values`)
 * deals[i * n_players + p]. Deal i's tally is written field-major: word f of its
 * fh_runout_row_words(n) words (n = n_players) goes to out[f * n_deals + i], the words being
 * the fields of fh_tally that n players use, in order: deals, win[n], tie[n], share[n],
 * share_sq[n], split[0..n]. (A 416-byte fh_tally per deal would cost more to clear and copy
 * than the comparisons; field-major columns are contiguous to sum.) Deals whose combos share
 * a card must not be passed; 2 <= n_players <= FH_MAX_PLAYERS. Parallel over deals
 * (fh_parallel; poll may be NULL). */
fh_status fh_runout_tallies(const uint16_t *values, size_t stride, const uint32_t *deals, size_t n_deals,
                            int n_players, int threads, fh_par_poll poll, void *poll_ctx, unsigned poll_ms,
                            uint64_t *out);

/* The sums of fh_runout_tallies' rows instead of the rows: totals[f] (row_words words) is
 * the sum of word f over the deals, and per player p and value-table row c (n_rows rows),
 * combo[(2 * p) * n_rows + c] the runouts counted and combo[(2 * p + 1) * n_rows + c] the
 * sum of p's shares over the deals in which p holds row c. Both are added to (not
 * cleared). Per-thread sums are added at the end, so they never depend on the threads. */
fh_status fh_runout_sums(const uint16_t *values, size_t stride, size_t n_rows, const uint32_t *deals, size_t n_deals,
                         int n_players, int threads, fh_par_poll poll, void *poll_ctx, unsigned poll_ms,
                         uint64_t *totals, uint64_t *combo);

#endif /* FH_RUNOUTS_H */
