/* fh_montecarlo.h -- seeded Monte Carlo equity of 2..10 players (hands, weighted ranges,
 * or any two cards), with optional per-combo tallies.
 *
 * The sampled distribution is exactly that of the question asked: one combo per player, the
 * assignment drawn with probability proportional to the product of the combo weights among
 * the assignments in which no card repeats (and none is on the board or dead), then the
 * missing board cards uniformly from the rest of the deck. It is sampled without rejection
 * storms:
 *   - "random" players (every two cards, equal weights) are dealt from the deck left by the
 *     others: conditional on the other players' cards this is exactly their distribution,
 *     and the number of ways to deal them does not depend on which combos the others hold,
 *     so the others' distribution is unchanged by leaving them out;
 *   - the other players ("weighted") are drawn jointly from an alias table over every
 *     collision-free assignment when there are at most FH_MC_JOINT_MAX of them (searched
 *     when the product of the range sizes is at most FH_MC_SEARCH_MAX; one random number
 *     per trial, no rejection: one player is the common case, and narrow overlapping
 *     ranges, where rejection would storm, have few assignments), else each from its own
 *     alias table with the whole assignment redrawn on a collision (rejection sampling,
 *     exact; ranges with that many assignments rarely collide);
 *   - the deck is the board's complement minus the weighted players' cards, and the random
 *     players' holes and the board come from a partial Fisher-Yates shuffle of it (two cards
 *     per 64-bit random number).
 * Uniform integers and alias thresholds use 32-bit fractions (multiply-shift), so each
 * probability is exact to within about n / 2**32 relative.
 *
 * Block b of a job draws from fh_rng_for_block(seed, b) and nothing else, so a job's result
 * depends only on its seed and its blocks: not on the thread count, nor on how the blocks
 * are split over calls, processes or machines. Tallies are integers and add exactly.
 * Inputs are trusted: the Cython bridge has checked ids, repeats and overlaps.
 */
#ifndef FH_MONTECARLO_H
#define FH_MONTECARLO_H

#include "fh_common.h"
#include "fh_parallel.h"
#include "fh_tally.h"

/* Most collision-free assignments of the weighted players listed for joint sampling, and
 * the largest product of their range sizes for which they are searched. */
#define FH_MC_JOINT_MAX 16384
#define FH_MC_SEARCH_MAX (1u << 20)

/* One player of a Monte Carlo job.
 * random = 0: the player holds one of combos[0..n) (2 cards each, none on the board or
 *             dead), combo i with probability proportional to weights[i] >= 0 (NULL: all
 *             equal; the weights must not all be 0).
 * random = 1: any two cards of the deck, dealt uniformly. combos may then list the hands
 *             the player can hold (n of them, or NULL and 0): it only serves to index the
 *             per-combo tallies (a dealt hand that is not listed is not tallied per combo). */
typedef struct fh_mc_player {
    const fh_card_t *combos;
    const double *weights;
    int n;
    int random;
} fh_mc_player;

/* Per-combo tallies: for each player p in order with n_p listed combos, 3 * n_p counters:
 *   deals[n_p]    trials in which p held combo i,
 *   share[n_p]    sum of p's pot share in those trials (1 / FH_SHARE_UNIT units),
 *   share_sq[n_p] sum of the squared shares (standard error per combo).
 * fh_mc_combo_slots gives the total number of uint64 counters. */
size_t fh_mc_combo_slots(const fh_mc_player *players, int n_players);

/* Monte Carlo: blocks [first_block, first_block + n_blocks) of block_size trials each,
 * block b drawn from fh_rng_for_block(seed, b), on up to `threads` threads (fh_parallel;
 * poll / poll_ctx / poll_ms as in fh_par_run, poll may be NULL). The tally is added to
 * `out`; when combo_out is not NULL the per-combo tallies are added to it (see
 * fh_mc_combo_slots). Returns FH_OK, FH_ERR_FEW_CARDS (the live cards cannot deal every
 * hand and the board), FH_ERR_NO_DEAL (no collision-free assignment, or 100000 rejections
 * in a row), FH_ERR_NOMEM, FH_ERR_ARGUMENT or FH_ERR_INTERRUPTED (nothing is added then). */
fh_status fh_monte_carlo(const fh_mc_player *players, int n_players, const fh_card_t *board, int n_board,
                         fh_mask_t dead, uint64_t seed, uint64_t first_block, uint64_t n_blocks,
                         uint32_t block_size, int threads, fh_par_poll poll, void *poll_ctx, unsigned poll_ms,
                         fh_tally *out, uint64_t *combo_out);

/* Monte Carlo: blocks [first_block, first_block + n_blocks) of `block_size` trials each;
 * block b draws from the stream fh_rng_for_block(seed, b). Each trial deals every player a
 * combo from their range (fixed and weighted ranges jointly, rejecting collisions; random
 * players from the rest of the deck), completes the board, and tallies the showdown.
 * Returns FH_ERR_NO_DEAL if 100000 attempts in a row find no collision-free deal. */
fh_status fh_equity_monte_carlo(const fh_range *ranges, int n_players, const fh_card_t *board, int n_board,
                                fh_mask_t dead, uint64_t seed, uint64_t first_block, uint64_t n_blocks,
                                uint32_t block_size, const fh_exec *ex, fh_tally *out);

#endif /* FH_MONTECARLO_H */
