/* fh_showdown.h -- internal to the equity kernels (fh_equity.c, fh_montecarlo.c): recording
 * one showdown into a tally, and the suit/rank bit of every card as a table. */
#ifndef FH_SHOWDOWN_H
#define FH_SHOWDOWN_H

#include "fh_tally.h"
#include "fh_eval.h"


/* FH_SUIT_RANK_BIT of every card, as a table (one load instead of a few shifts). */
static const uint64_t SUIT_RANK_BITS[FH_N_CARDS] = {
#define FH_SRB4(r) FH_SUIT_RANK_BIT(4 * (r)), FH_SUIT_RANK_BIT(4 * (r) + 1), FH_SUIT_RANK_BIT(4 * (r) + 2), \
                   FH_SUIT_RANK_BIT(4 * (r) + 3)
    FH_SRB4(0), FH_SRB4(1), FH_SRB4(2), FH_SRB4(3), FH_SRB4(4), FH_SRB4(5), FH_SRB4(6),
    FH_SRB4(7), FH_SRB4(8), FH_SRB4(9), FH_SRB4(10), FH_SRB4(11), FH_SRB4(12),
#undef FH_SRB4
};

/* Record one showdown of values v[0..n) with weight w. */
FH_INLINE void tally_showdown(fh_tally *t, const fh_value_t *v, int n, uint64_t w) {
    t->deals += w;
    if (n == 2) {
        int who = v[1] > v[0];
        if (v[0] != v[1]) {
            t->split[1] += w;
            t->win[who] += w;
            t->share[who] += w * FH_SHARE_UNIT;
            t->share_sq[who] += w * (uint64_t)FH_SHARE_UNIT * FH_SHARE_UNIT;
        } else {
            const uint64_t half = FH_SHARE_UNIT / 2;
            t->split[2] += w;
            for (int p = 0; p < 2; p++) {
                t->tie[p] += w;
                t->share[p] += w * half;
                t->share_sq[p] += w * half * half;
            }
        }
        return;
    }
    /* The best value, then a bit per player holding it (branch-free where n is a constant);
     * a single winner is the common case. */
    fh_value_t best = v[0];
    for (int p = 1; p < n; p++) best = v[p] > best ? v[p] : best;
    unsigned mask = 0;
    for (int p = 0; p < n; p++) mask |= (unsigned)(v[p] == best) << p;
    if (FH_LIKELY((mask & (mask - 1)) == 0)) {
        unsigned who = FH_CTZ64(mask);
        t->split[1] += w;
        t->win[who] += w;
        t->share[who] += w * FH_SHARE_UNIT;
        t->share_sq[who] += w * (uint64_t)FH_SHARE_UNIT * FH_SHARE_UNIT;
        return;
    }
    unsigned winners = FH_POPCOUNT64(mask);
    t->split[winners] += w;
    uint64_t s = FH_SHARE_UNIT / (uint64_t)winners;
    for (; mask; mask &= mask - 1) {
        unsigned p = FH_CTZ64(mask);
        t->tie[p] += w;
        t->share[p] += w * s;
        t->share_sq[p] += w * s * s;
    }
}

#endif /* FH_SHOWDOWN_H */
