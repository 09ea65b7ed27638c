/* fh_montecarlo.c -- seeded Monte Carlo equity (see fh_equity.h). */
#include <stdlib.h>
#include <string.h>

#include "fh_equity.h"
#include "fh_eval.h"
#include "fh_rng.h"
#include "fh_showdown.h"

#ifdef _OPENMP
#include <omp.h>
#define FH_THREAD_NUM() omp_get_thread_num()
#else
#define FH_THREAD_NUM() 0
#endif

/* ---- Monte Carlo ------------------------------------------------------------------------ */

/* Index of the combo whose cumulative weight first exceeds u * total. */
FH_INLINE int sample_combo(const fh_range *r, fh_rng *rng) {
    double target = fh_rng_unit(rng) * r->cum_weights[r->n - 1];
    int lo = 0, hi = r->n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (r->cum_weights[mid] > target)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* A card not in *used, uniformly (rejection); marks it used. */
FH_INLINE fh_card_t draw_card(fh_rng *rng, fh_mask_t *used) {
    for (;;) {
        uint64_t x = fh_rng_next(rng);
        uint32_t c = (uint32_t)(((x & 0xFFFFFFFFu) * FH_N_CARDS) >> 32);
        if (!(*used >> c & 1)) {
            *used |= 1ULL << c;
            return (fh_card_t)c;
        }
        c = (uint32_t)(((x >> 32) * FH_N_CARDS) >> 32);
        if (!(*used >> c & 1)) {
            *used |= 1ULL << c;
            return (fh_card_t)c;
        }
    }
}

typedef struct {
    const fh_range *ranges;
    int n_players;
    int n_fixed, fixed_idx[FH_MAX_PLAYERS];   /* players dealt from their ranges */
    int n_random, random_idx[FH_MAX_PLAYERS]; /* players dealt from the deck */
    fh_mask_t base_used;                      /* board and dead cards */
    uint64_t bkey, bsr;
    int missing;
} mc_job;

/* Trials where every player is random: a partial Fisher-Yates shuffle of the remaining
 * deck deals holes and board with one random number per two cards and no rejection. */
static fh_status mc_block_all_random(const mc_job *j, fh_rng *rng, uint32_t trials, fh_tally *t) {
    fh_card_t deck[FH_N_CARDS];
    int n_deck = 0;
    for (unsigned c = 0; c < FH_N_CARDS; c++)
        if (!(j->base_used >> c & 1)) deck[n_deck++] = (fh_card_t)c;
    int need = 2 * j->n_players + j->missing;
    if (need > n_deck) return FH_ERR_NO_DEAL;
    fh_value_t v[FH_MAX_PLAYERS];
    for (uint32_t n = 0; n < trials; n++) {
        /* Partial Fisher-Yates: position i takes a uniform card from deck[i..n_deck). Two
         * positions per 64-bit random number (32 bits each, multiply-shift). */
        int i = 0;
        for (; i + 1 < need; i += 2) {
            uint64_t x = fh_rng_next(rng);
            uint32_t k0 = (uint32_t)(((x & 0xFFFFFFFFu) * (uint64_t)(n_deck - i)) >> 32) + (uint32_t)i;
            fh_card_t tmp = deck[i];
            deck[i] = deck[k0];
            deck[k0] = tmp;
            uint32_t k1 = (uint32_t)(((x >> 32) * (uint64_t)(n_deck - i - 1)) >> 32) + (uint32_t)i + 1;
            tmp = deck[i + 1];
            deck[i + 1] = deck[k1];
            deck[k1] = tmp;
        }
        if (i < need) {
            uint32_t k0 = fh_rng_below(rng, (uint32_t)(n_deck - i)) + (uint32_t)i;
            fh_card_t tmp = deck[i];
            deck[i] = deck[k0];
            deck[k0] = tmp;
        }
        const fh_card_t *b = deck + 2 * j->n_players;
        uint64_t bkey = j->bkey + FH_KEY_INIT, bsr = j->bsr;
        for (int q = 0; q < j->missing; q++) {
            bkey += fh_card_keys[b[q]];
            bsr |= SUIT_RANK_BITS[b[q]];
        }
        for (int p = 0; p < j->n_players; p++) {
            fh_card_t x = deck[2 * p], y = deck[2 * p + 1];
            v[p] = fh_value_from_key(bkey + fh_card_keys[x] + fh_card_keys[y],
                                     bsr | SUIT_RANK_BITS[x] | SUIT_RANK_BITS[y]);
        }
        tally_showdown(t, v, j->n_players, 1);
    }
    return FH_OK;
}

/* One block of trials into t; returns FH_ERR_NO_DEAL when the ranges cannot be dealt. */
static fh_status mc_block(const mc_job *j, fh_rng *rng, uint32_t trials, fh_tally *t) {
    fh_card_t hole[2 * FH_MAX_PLAYERS];
    fh_value_t v[FH_MAX_PLAYERS];
    if (j->n_fixed == 0) return mc_block_all_random(j, rng, trials, t);
    for (uint32_t n = 0; n < trials; n++) {
        fh_mask_t used;
        int fails = 0;
        for (;;) {
            used = j->base_used;
            int ok = 1;
            for (int f = 0; f < j->n_fixed && ok; f++) {
                int p = j->fixed_idx[f];
                const fh_range *r = &j->ranges[p];
                int c = r->n == 1 ? 0 : sample_combo(r, rng);
                fh_card_t a = r->combos[2 * c], b = r->combos[2 * c + 1];
                fh_mask_t m = (1ULL << a) | (1ULL << b);
                if (used & m) ok = 0;
                used |= m;
                hole[2 * p] = a;
                hole[2 * p + 1] = b;
            }
            if (ok) break;
            if (++fails >= 100000) return FH_ERR_NO_DEAL;
        }
        for (int q = 0; q < j->n_random; q++) {
            int p = j->random_idx[q];
            hole[2 * p] = draw_card(rng, &used);
            hole[2 * p + 1] = draw_card(rng, &used);
        }
        uint64_t bkey = j->bkey, bsr = j->bsr;
        for (int b = 0; b < j->missing; b++) {
            fh_card_t c = draw_card(rng, &used);
            bkey += fh_card_keys[c];
            bsr |= FH_SUIT_RANK_BIT(c);
        }
        for (int p = 0; p < j->n_players; p++) {
            fh_card_t a = hole[2 * p], b = hole[2 * p + 1];
            v[p] = fh_value_from_key(FH_KEY_INIT + bkey + fh_card_keys[a] + fh_card_keys[b],
                                     bsr | FH_SUIT_RANK_BIT(a) | FH_SUIT_RANK_BIT(b));
        }
        tally_showdown(t, v, j->n_players, 1);
    }
    return FH_OK;
}

fh_status fh_equity_monte_carlo(const fh_range *ranges, int n_players, const fh_card_t *board, int n_board,
                                fh_mask_t dead, uint64_t seed, uint64_t first_block, uint64_t n_blocks,
                                uint32_t block_size, int threads, fh_tally *out) {
    if (n_players < 1 || n_players > FH_MAX_PLAYERS || n_board < 0 || n_board > 5) return FH_ERR_ARGUMENT;
    mc_job j;
    memset(&j, 0, sizeof j);
    j.ranges = ranges;
    j.n_players = n_players;
    j.base_used = dead;
    for (int i = 0; i < n_board; i++) {
        j.bkey += fh_card_keys[board[i]];
        j.bsr |= FH_SUIT_RANK_BIT(board[i]);
        j.base_used |= 1ULL << board[i];
    }
    j.missing = 5 - n_board;
    for (int p = 0; p < n_players; p++) {
        if (ranges[p].random)
            j.random_idx[j.n_random++] = p;
        else
            j.fixed_idx[j.n_fixed++] = p;
    }
    int nt = threads < 1 ? 1 : threads;
    fh_tally *locals = calloc((size_t)nt, sizeof(fh_tally));
    if (!locals) return FH_ERR_NOMEM;
    int failed = 0;
    (void)nt;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) if (nt > 1 && n_blocks > 1)
#endif
    for (uint64_t b = 0; b < n_blocks; b++) {
        fh_rng rng = fh_rng_for_block(seed, first_block + b);
        if (mc_block(&j, &rng, block_size, &locals[FH_THREAD_NUM()]) != FH_OK) {
#ifdef _OPENMP
#pragma omp atomic write
#endif
            failed = 1;
        }
    }
    for (int t = 0; t < nt; t++) fh_tally_add(out, &locals[t]);
    free(locals);
    return failed ? FH_ERR_NO_DEAL : FH_OK;
}

