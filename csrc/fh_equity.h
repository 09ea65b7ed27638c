/* fh_equity.h -- exact and Monte Carlo equity of 2..10 players (hole cards or ranges).
 *
 * Results are integer tallies, so chunks of one job (ranges of first cards for exact
 * enumeration, blocks of trials for Monte Carlo) combine exactly by addition: a job can be
 * split over threads, processes or machines and give the same answer.
 * Inputs are trusted: the Cython bridge has checked ids, repeats and overlaps.
 * Every entry point runs as `ex` says (threads and polling, see fh_parallel.h; NULL = one
 * thread), returns FH_ERR_INTERRUPTED when the poll cancels it (outputs are then unchanged
 * or incomplete), FH_ERR_NOMEM when memory runs out, and FH_ERR_FEW_CARDS when the cards
 * that are not dead, on the board or held cannot complete every hand and the board.
 */
#ifndef FH_EQUITY_H
#define FH_EQUITY_H

#include "fh_common.h"
#include "fh_parallel.h"
#include "fh_tally.h"

/* Exact: every completion of `board` (n_board = 0..5 cards) for fixed hole cards
 * (holes[2p], holes[2p+1] for player p < n_players <= 10), avoiding `dead`. Only boards
 * whose first new card has index in [first_lo, first_hi) of the available cards are
 * counted (pass 0 and 52 for all); this is how a job is cut into chunks.
 * The tally is added to `out`. */
fh_status fh_equity_exact(const fh_card_t *holes, int n_players, const fh_card_t *board, int n_board,
                          fh_mask_t dead, int first_lo, int first_hi, const fh_exec *ex, fh_tally *out);

/* Number of board completions (the `deals` of an exact job). */
uint64_t fh_board_count(int n_available, int n_missing);

/* Canonical 64-bit key of a deal of n_players <= 5 hands under the 24 suit permutations:
 * preflop deals with equal keys (no dead cards) have equal equities. */
uint64_t fh_canonical_deal_key(const fh_card_t *holes, int n_players);

/* As fh_canonical_deal_key, using only the suit permutations that map the board and the
 * dead cards onto themselves: deals with equal keys have equal equities on that board. */
uint64_t fh_canonical_deal_key_fixing(const fh_card_t *holes, int n_players, fh_mask_t board, fh_mask_t dead);

/* fh_canonical_deal_key_fixing of each of n_deals deals (n_players * 2 cards each) into keys. */
void fh_canonical_deal_keys(const fh_card_t *deals, size_t n_deals, int n_players, fh_mask_t board, fh_mask_t dead,
                            uint64_t *keys);

/* One player's combos for listing hand assignments: n combos (2 cards each) and their
 * weights (NULL: all 1). */
typedef struct fh_assign_player {
    const fh_card_t *cards;
    const double *weights;
    const uint32_t *rows; /* a number per combo copied into each assignment's rows (NULL: none) */
    int n;
} fh_assign_player;

/* Hand assignments: every choice of one combo per player with no card twice, in row-major
 * order (player 0's combo slowest). fh_assignments_count sets *count and returns 1, or
 * returns 0 when some player i's combos times the partial assignments of the players before
 * it exceed `limit`. fh_assignments_fill writes them (count * 2 * n_players cards) and their
 * weights (the product of the players' combo weights, player by player, NULL ones skipped);
 * when rows is not NULL (every player's rows given), rows[i * n_players + p] = the rows entry
 * of player p's combo in assignment i. */
int fh_assignments_count(const fh_assign_player *players, int n_players, size_t limit, size_t *count);
void fh_assignments_fill(const fh_assign_player *players, int n_players, fh_card_t *deals, double *weights,
                         uint32_t *rows);

/* Exact equity for many fixed-hole deals: deals[i] (n_players * 2 cards) with the shared
 * board and dead cards. Deals of up to 5 players are solved once per canonical key (suit
 * isomorphism, respecting the board and dead cards). tallies[i] receives deal i's tally.
 * Parallel over deals when there are many, else within each deal. */
fh_status fh_equity_exact_many(const fh_card_t *deals, size_t n_deals, int n_players, const fh_card_t *board,
                               int n_board, fh_mask_t dead, const fh_exec *ex, fh_tally *tallies);

/* Batch of independent spots: holes (m, n_players, 2), boards (m, n_board); exact equity
 * (share / (FH_SHARE_UNIT * deals)) of each player into eq (m, n_players). */
fh_status fh_equity_batch(const fh_card_t *holes, const fh_card_t *boards, size_t m, int n_players,
                          int n_board, const fh_exec *ex, double *eq);

/* Equity of each hand (m, 2) on its board (m, n_board) against `opponents` random hands.
 * exact = 1: enumerate every opponent deal and board; 0: `trials` Monte Carlo trials per
 * spot (spot i uses stream fh_rng_for_block(seed, i)). Writes eq[m]. */
fh_status fh_hand_strength(const fh_card_t *holes, const fh_card_t *boards, size_t m, int n_board,
                           int opponents, int exact, uint32_t trials, uint64_t seed, const fh_exec *ex,
                           double *eq);

/* Exact counts of the hand `hole` (2 cards) on `board` (n_board = 3, 4 or 5 cards) against
 * one random hand, leaving out the cards of `dead`: over every runout of the board and every
 * opponent hand from the live cards, out[0] the pairs the hand wins, out[1] those it ties,
 * out[2] all of them. Other n_board: zeros. */
void fh_vs_random_counts(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                         uint64_t out[3]);

/* Exact equity of `hole` on `board` (3, 4 or 5 cards) against `opponents` = 1..9 random
 * hands, the cards of `dead` left out (the kernels of fh_hand_strength's exact flop, turn and
 * river spots; 4..9 through fh_vs_many). Other arguments, or no memory: 0. The live cards must
 * deal every opponent and the board. */
double fh_vs_random_share(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                          int opponents);

#endif /* FH_EQUITY_H */
