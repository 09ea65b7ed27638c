/* fh_vs_many.h -- exact equity of one hand against 1..9 random hands.
 *
 * For every completion of the board, the opponents' possible hands are graded against the
 * hand's value: below (L), equal (T) or above (B). Equity against N random hands counts the
 * sets of N pairwise disjoint opponent hands with no B hand, weighted by the share of the pot
 * (a pot split with j tying hands gives 1 / (j + 1)). That count is a weighted matching count;
 * fh_vs_many.c computes it by inclusion and exclusion over the few hands that are not below
 * (see there), with cards of equal behaviour grouped so the work per board is small.
 *
 * Counts are exact (128-bit integers); entry points trust their input (the Cython bridge
 * checks ids, repeats and card counts).
 */
#ifndef FH_VS_MANY_H
#define FH_VS_MANY_H

#include "fh_common.h"
#include "fh_parallel.h"
#include "fh_tally.h" /* FH_MAX_PLAYERS */

#define FH_VS_MANY_MAX (FH_MAX_PLAYERS - 1) /* opponents: 1..9 */
#define FH_VS_MANY_UNIT 2520u               /* lcm(1..10): a pot split k ways is 2520 / k units */

/* Exact tallies against n = 1..max_opponents random hands, summed over every completion of
 * the board: share[n] (in FH_VS_MANY_UNIT per deal) and deals[n], the unordered deals of n
 * opponent hands and one board. Index 0 is unused. */
typedef struct fh_vs_many_tally {
    __int128 share[FH_VS_MANY_MAX + 1];
    __int128 deals[FH_VS_MANY_MAX + 1];
    /* fh_vs_two_split only, against two hands (unordered pairs of disjoint hands, summed over
     * the boards): [0] both below the hand, [1] one tying it and one below, [2] both tying it,
     * [3] both above it and tied with each other. */
    __int128 two[4];
} fh_vs_many_tally;

/* Tallies of `hole` (2 cards) on `board` (n_board = 0, 3, 4 or 5 cards) against 1..max_opponents
 * random hands, the cards of `dead` left out. `par` (may be NULL) is polled as the boards are
 * enumerated. Returns FH_OK, FH_ERR_NOMEM, FH_ERR_ARGUMENT (other n_board, max_opponents
 * outside 1..9), FH_ERR_FEW_CARDS (the live cards cannot deal max_opponents hands and the
 * board) or FH_ERR_INTERRUPTED (out is then incomplete). */
fh_status fh_vs_many(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead, int max_opponents,
                     const fh_par *par, fh_vs_many_tally *out);

/* fh_vs_many against two hands (max_opponents = 2) that also fills out->two: what
 * equity([hand, "random", "random"]) needs for every player's win, tie and split. */
fh_status fh_vs_two_split(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                          const fh_par *par, fh_vs_many_tally *out);

/* fh_vs_many (split = 0) or fh_vs_two_split (split = 1, max_opponents 2) on one thread as
 * `ex` says (polled for Ctrl-C). */
fh_status fh_vs_many_run(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                         int max_opponents, int split, const fh_exec *ex, fh_vs_many_tally *out);

/* out->two[0..3] and deals[2] as 64-bit halves (for the bridge, which has no 128-bit ints). */
void fh_vs_two_parts(const fh_vs_many_tally *t, uint64_t hi[5], uint64_t lo[5]);

/* share / (FH_VS_MANY_UNIT * deals) of tally index n as a double (0 when there are no deals). */
double fh_vs_many_equity(const fh_vs_many_tally *t, int n);

/* One complete board (key and suit ranks without FH_KEY_INIT) for a hand (its key and suit
 * ranks) against n = 1..max_n (<= 3) random hands from the live cards: n[k][j] counts the
 * unordered sets of k disjoint opponent hands, none above the hand and j equal to it;
 * total[k] all sets of k disjoint hands. (fh_vs_many's kernel for up to three opponents, and
 * the exact vs-three spots of fh_equity.c.) */
typedef struct fh_vs_small {
    int64_t n[4][4];
    uint64_t total[4];
    int64_t above_ties; /* with want_above_ties: pairs of disjoint hands both above, tied */
} fh_vs_small;

void fh_vs_small_board(uint64_t bkey, uint64_t bsr, uint64_t hero_key, uint64_t hero_sr, fh_mask_t live, int max_n,
                       int want_above_ties, fh_vs_small *out);

#endif /* FH_VS_MANY_H */
