/* fh_tally.h -- the types shared by the equity engines: the integer tally of a job and a
 * weighted range of combos. Header only, so that no two C files need each other: the
 * exact enumerator (fh_equity.c), Monte Carlo (fh_montecarlo.c) and the runout tables
 * (fh_runouts.c) all include this and none of them includes another's definitions.
 */
#ifndef FH_TALLY_H
#define FH_TALLY_H

#include "fh_common.h"

#define FH_MAX_PLAYERS 10
/* A pot split k ways gives each winner FH_SHARE_UNIT / k: exact for k = 1..10. */
#define FH_SHARE_UNIT 2520

typedef struct fh_tally {
    uint64_t deals;                          /* boards (exact) or trials (Monte Carlo) */
    uint64_t win[FH_MAX_PLAYERS];            /* deals the player won alone */
    uint64_t tie[FH_MAX_PLAYERS];            /* deals the player shared with others */
    uint64_t share[FH_MAX_PLAYERS];          /* sum of pot shares, in 1 / FH_SHARE_UNIT */
    uint64_t share_sq[FH_MAX_PLAYERS];       /* sum of squared shares (Monte Carlo error) */
    uint64_t split[FH_MAX_PLAYERS + 1];      /* deals won by exactly k players together */
} fh_tally;

/* Add b into a. */
static inline void fh_tally_add(fh_tally *a, const fh_tally *b) {
    a->deals += b->deals;
    for (int p = 0; p < FH_MAX_PLAYERS; p++) {
        a->win[p] += b->win[p];
        a->tie[p] += b->tie[p];
        a->share[p] += b->share[p];
        a->share_sq[p] += b->share_sq[p];
    }
    for (int k = 0; k <= FH_MAX_PLAYERS; k++) a->split[k] += b->split[k];
}

/* A range for Monte Carlo: n combos (2 cards each) with cumulative weights (cum[n-1] > 0).
 * `random` = 1 means "any two cards": dealt straight from the remaining deck. */
typedef struct fh_range {
    const fh_card_t *combos;
    const double *cum_weights;
    int n;
    int random;
} fh_range;

#endif /* FH_TALLY_H */
