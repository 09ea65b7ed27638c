/* fh_equity.c -- exact and Monte Carlo equity (see fh_equity.h). */
#include "fh_equity.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "fh_eval.h"
#include "fh_montecarlo.h"
#include "fh_showdown.h"
#include "fh_vs_many.h"

#define SUITS_X(n) ((uint64_t)(n) * (0x1111ULL << 32)) /* n more cards in every suit counter */

uint64_t fh_board_count(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* ---- exact enumeration of board completions ------------------------------------------ */

typedef struct {
    int n_players;
    uint64_t hole_key[FH_MAX_PLAYERS]; /* FH_KEY_INIT + keys of the hole cards */
    uint64_t hole_sr[FH_MAX_PLAYERS];
    int n_avail;
    uint64_t keys[FH_N_CARDS];
    uint64_t srs[FH_N_CARDS];
    uint64_t suit_flag[FH_N_CARDS]; /* bit 35 + 4 * suit: the card's suit in flush-check form */
    int rank_end[FH_N_CARDS];
} board_enum;

static void board_enum_init(board_enum *e, const fh_card_t *holes, int n_players, const fh_card_t *board,
                            int n_board, fh_mask_t dead, uint64_t *bkey, uint64_t *bsr) {
    fh_mask_t used = dead;
    e->n_players = n_players;
    for (int p = 0; p < n_players; p++) {
        fh_card_t a = holes[2 * p], b = holes[2 * p + 1];
        e->hole_key[p] = FH_KEY_INIT + fh_card_keys[a] + fh_card_keys[b];
        e->hole_sr[p] = FH_SUIT_RANK_BIT(a) | FH_SUIT_RANK_BIT(b);
        used |= (1ULL << a) | (1ULL << b);
    }
    fh_cards_sum known = fh_sum_cards(board, n_board);
    *bkey = known.key;
    *bsr = known.suit_ranks;
    used |= known.mask;
    e->n_avail = 0;
    for (unsigned c = 0; c < FH_N_CARDS; c++)
        if (!(used >> c & 1)) {
            e->keys[e->n_avail] = fh_card_keys[c];
            e->srs[e->n_avail] = FH_SUIT_RANK_BIT(c);
            e->suit_flag[e->n_avail] = 1ULL << (35 + 4 * (c & 3u));
            e->n_avail++;
        }
    for (int j = e->n_avail - 1; j >= 0; j--) {
        int same = j + 1 < e->n_avail && (uint32_t)e->keys[j + 1] == (uint32_t)e->keys[j];
        e->rank_end[j] = same ? e->rank_end[j + 1] : j + 1;
    }
}

FH_INLINE void showdown_full(const board_enum *e, uint64_t bkey, uint64_t bsr, uint64_t w, fh_tally *t) {
    fh_value_t v[FH_MAX_PLAYERS];
    for (int p = 0; p < e->n_players; p++) v[p] = fh_value_from_key(bkey + e->hole_key[p], bsr | e->hole_sr[p]);
    tally_showdown(t, v, e->n_players, w);
}

FH_INLINE void showdown_noflush(const board_enum *e, uint64_t bkey, uint64_t w, fh_tally *t) {
    fh_value_t v[FH_MAX_PLAYERS];
    for (int p = 0; p < e->n_players; p++) v[p] = fh_noflush_value(bkey + e->hole_key[p]);
    tally_showdown(t, v, e->n_players, w);
}

/* The last two board cards from avail[start..]. A suit is "live" when two more cards could
 * complete someone's flush in it; the other cards are "safe". Two safe cards make no flush,
 * so those pairs depend on their ranks only (one showdown per pair of ranks). A live card
 * with a safe one makes a flush at most in the live card's suit, which the safe card does
 * not touch: one showdown per (live card, rank). Pairs of live cards are shown down one by
 * one. If someone already holds a flush, every pair is shown down. */
static void last_two(const board_enum *e, int start, uint64_t bkey, uint64_t bsr, fh_tally *t) {
    uint64_t live = 0, made = 0;
    for (int p = 0; p < e->n_players; p++) {
        live |= (e->hole_key[p] + bkey + SUITS_X(2)) & FH_FLUSH_CHECK;
        made |= (e->hole_key[p] + bkey) & FH_FLUSH_CHECK;
    }
    if (made) {
        for (int i = start; i < e->n_avail - 1; i++)
            for (int j = i + 1; j < e->n_avail; j++)
                showdown_full(e, bkey + e->keys[i] + e->keys[j], bsr | e->srs[i] | e->srs[j], 1, t);
        return;
    }
    uint64_t safe_count[13] = {0};
    uint64_t rank_key[13]; /* key of one safe card of each rank present */
    unsigned present = 0;  /* bit r: some safe card has rank r */
    int live_idx[FH_N_CARDS], n_live = 0;
    for (int i = start; i < e->n_avail; i++) {
        if (e->suit_flag[i] & live) {
            live_idx[n_live++] = i;
        } else {
            unsigned r = (unsigned)(FH_CTZ64(e->srs[i]) & 15u);
            rank_key[r] = e->keys[i];
            safe_count[r]++;
            present |= 1u << r;
        }
    }
    /* Ranks are visited through the bit mask of present ones: no test per absent rank. */
    for (unsigned m1 = present; m1; m1 &= m1 - 1) {
        unsigned r1 = (unsigned)FH_CTZ64(m1);
        uint64_t c1 = safe_count[r1], k1 = bkey + rank_key[r1];
        if (c1 >= 2) showdown_noflush(e, k1 + rank_key[r1], c1 * (c1 - 1) / 2, t);
        for (unsigned m2 = m1 & (m1 - 1); m2; m2 &= m2 - 1) {
            unsigned r2 = (unsigned)FH_CTZ64(m2);
            showdown_noflush(e, k1 + rank_key[r2], c1 * safe_count[r2], t);
        }
    }
    for (int a = 0; a < n_live; a++) {
        int i = live_idx[a];
        uint64_t ka = bkey + e->keys[i], sa = bsr | e->srs[i];
        for (unsigned m = present; m; m &= m - 1) {
            unsigned r = (unsigned)FH_CTZ64(m);
            showdown_full(e, ka + rank_key[r], sa, safe_count[r], t);
        }
        for (int b = a + 1; b < n_live; b++) {
            int j = live_idx[b];
            showdown_full(e, ka + e->keys[j], sa | e->srs[j], 1, t);
        }
    }
}

/* All completions by `depth` cards from avail[start..]. Where no flush is possible,
 * outcomes depend on ranks only: one showdown per rank (last card) or pair of ranks (last
 * two cards), weighted by the number of card choices. */
static void board_rec(const board_enum *e, int start, int depth, uint64_t bkey, uint64_t bsr, fh_tally *t) {
    if (depth == 0) {
        showdown_full(e, bkey, bsr, 1, t);
        return;
    }
    if (depth == 1) {
        /* Suits in which one more card completes someone's flush ("live"); cards of the
         * other suits are grouped by rank as above, live cards are shown down one by one. */
        uint64_t live = 0, made = 0;
        for (int p = 0; p < e->n_players; p++) {
            live |= (e->hole_key[p] + bkey + SUITS_X(1)) & FH_FLUSH_CHECK;
            made |= (e->hole_key[p] + bkey) & FH_FLUSH_CHECK;
        }
        if (made) live = FH_FLUSH_CHECK; /* someone already has a flush: no card is safe */
        for (int i = start; i < e->n_avail;) {
            int end = e->rank_end[i];
            uint64_t safe = 0;
            for (int j = i; j < end; j++) {
                if (e->suit_flag[j] & live)
                    showdown_full(e, bkey + e->keys[j], bsr | e->srs[j], 1, t);
                else
                    safe++;
            }
            if (safe) showdown_noflush(e, bkey + e->keys[i], safe, t);
            i = end;
        }
        return;
    }
    if (depth == 2) {
        last_two(e, start, bkey, bsr, t);
        return;
    }
    for (int i = start; i <= e->n_avail - depth; i++)
        board_rec(e, i + 1, depth - 1, bkey + e->keys[i], bsr | e->srs[i], t);
}

/* ---- preflop: boards by rank multiset, flushes as corrections --------------------------
 *
 * Without a board, every 5-card board is counted in two steps:
 *   1. each multiset of five ranks is shown down once, ignoring suits, with the number of
 *      boards that carry it (the product over ranks of C(live cards of that rank, count));
 *   2. a board changes that outcome only when some player makes a flush, which needs three or
 *      more board cards of one suit s (so at most one such suit, and no other suit can reach
 *      five). For each suit and each set A of k >= max(3, 5 - most hole cards of s) live
 *      s-cards, the other 5 - k board cards come from the other suits and matter only by
 *      rank: per rank (pair), the true showdown (flush values for the players who make one)
 *      is added with the number of such cards and the suit-blind one of step 1 subtracted.
 * Tallies are unsigned: a subtraction is an addition modulo 2**64 and every final count is
 * exact. Rank multisets number at most 6,175 and flush corrections a few tens of thousands,
 * where enumeration shows down a board (or a class of boards) about a million times. */

/* Number of k-subsets of n items (k <= 5, n <= 13: exact in 32 bits). */
static uint64_t choose(unsigned n, unsigned k) { return fh_board_count((int)n, (int)k); }

typedef struct {
    const board_enum *e;
    uint64_t rank_key[13];   /* the key of one card of each rank (rank bits only) */
    unsigned live[13];       /* live cards of each rank */
    fh_tally *t;
} ranks_job;

/* Step 1: multisets of `left` more ranks from rank r up. */
static void ranks_rec(const ranks_job *j, int r, int left, uint64_t key, uint64_t w) {
    if (left == 0) {
        showdown_noflush(j->e, key, w, j->t);
        return;
    }
    if (r == 13) return;
    unsigned most = j->live[r] < (unsigned)left ? j->live[r] : (unsigned)left;
    for (unsigned c = 0; c <= most; c++)
        ranks_rec(j, r + 1, left - (int)c, key + c * j->rank_key[r], w * choose(j->live[r], c));
}

/* Step 2 for one board: suit-s ranks `a_ranks` (k cards, key a_key) plus other cards of key
 * o_key, w boards. Players in `flushers` hold flush ranks flush_ranks[p] | a_ranks. */
FH_INLINE void flush_correction(const board_enum *e, uint64_t key, unsigned a_ranks, unsigned flushers,
                                const unsigned *hole_ranks, uint64_t w, fh_tally *t) {
    fh_value_t plain[FH_MAX_PLAYERS], real[FH_MAX_PLAYERS];
    for (int p = 0; p < e->n_players; p++) {
        plain[p] = fh_noflush_value(key + e->hole_key[p]);
        real[p] = flushers >> p & 1u ? fh_flush_values[hole_ranks[p] | a_ranks] : plain[p];
    }
    tally_showdown(t, real, e->n_players, w);
    tally_showdown(t, plain, e->n_players, (uint64_t)0 - w);
}

static void preflop_by_ranks(const board_enum *e, fh_mask_t used, fh_tally *t) {
    ranks_job j;
    j.e = e;
    j.t = t;
    for (unsigned r = 0; r < 13; r++) {
        j.rank_key[r] = (uint32_t)fh_card_keys[4 * r];
        j.live[r] = 4u - (unsigned)FH_POPCOUNT64((used >> (4 * r)) & 0xFu);
    }
    ranks_rec(&j, 0, 5, 0, 1);
    for (unsigned s = 0; s < 4; s++) {
        unsigned hole_ranks[FH_MAX_PLAYERS], most = 0;
        for (int p = 0; p < e->n_players; p++) {
            hole_ranks[p] = (unsigned)(e->hole_sr[p] >> (16 * s)) & 0x1FFFu;
            unsigned h = (unsigned)FH_POPCOUNT64(hole_ranks[p]);
            most = h > most ? h : most;
        }
        unsigned live_s = 0, other[13]; /* live s-cards by rank bit; live other cards per rank */
        for (unsigned r = 0; r < 13; r++) {
            unsigned here = !((used >> (4 * r + s)) & 1u);
            live_s |= here << r;
            other[r] = j.live[r] - here;
        }
        unsigned n_s = (unsigned)FH_POPCOUNT64(live_s);
        for (unsigned k = most >= 2 ? 3u : 5u - most; k <= 5 && k <= n_s; k++) {
            unsigned flushers = 0;
            for (int p = 0; p < e->n_players; p++)
                if (FH_POPCOUNT64(hole_ranks[p]) + k >= 5) flushers |= 1u << p;
            /* every k-subset of the live s-ranks (Gosper's hack over n_s positions) */
            unsigned pos[13], n_pos = 0;
            for (unsigned r = 0; r < 13; r++)
                if (live_s >> r & 1u) pos[n_pos++] = r;
            for (unsigned sub = (1u << k) - 1u; sub < (1u << n_s);) {
                unsigned a_ranks = 0;
                uint64_t a_key = 0;
                for (unsigned b = sub; b; b &= b - 1) {
                    unsigned r = pos[FH_CTZ64(b)];
                    a_ranks |= 1u << r;
                    a_key += j.rank_key[r];
                }
                if (k == 5) {
                    flush_correction(e, a_key, a_ranks, flushers, hole_ranks, 1, t);
                } else if (k == 4) {
                    for (unsigned r = 0; r < 13; r++)
                        if (other[r])
                            flush_correction(e, a_key + j.rank_key[r], a_ranks, flushers, hole_ranks, other[r], t);
                } else {
                    for (unsigned r1 = 0; r1 < 13; r1++) {
                        if (!other[r1]) continue;
                        uint64_t k1 = a_key + j.rank_key[r1];
                        if (other[r1] >= 2)
                            flush_correction(e, k1 + j.rank_key[r1], a_ranks, flushers, hole_ranks,
                                             choose(other[r1], 2), t);
                        for (unsigned r2 = r1 + 1; r2 < 13; r2++)
                            if (other[r2])
                                flush_correction(e, k1 + j.rank_key[r2], a_ranks, flushers, hole_ranks,
                                                 (uint64_t)other[r1] * other[r2], t);
                    }
                }
                unsigned c = sub & (0u - sub), nx = sub + c;
                sub = (((nx ^ sub) >> 2) / c) | nx;
            }
        }
    }
}

/* Nonzero when the cards outside `used` cannot deal n_players hands and the missing board. */
static int too_few_cards(fh_mask_t used, int n_players, int n_board) {
    return (int)FH_POPCOUNT64(used & FH_FULL_DECK) + 2 * n_players + (5 - n_board) > FH_N_CARDS;
}

/* Keep the first failure of a parallel run's items in *slot (FH_OK while none failed);
 * cancellation is reported by fh_par_run itself. */
static void note_failure(atomic_int *slot, fh_status s) {
    int expected = FH_OK;
    if (s != FH_OK && s != FH_ERR_INTERRUPTED) atomic_compare_exchange_strong(slot, &expected, (int)s);
}

typedef struct {
    const board_enum *e;
    int lo, depth;
    uint64_t bkey, bsr;
    fh_tally *locals; /* one per thread */
} exact_job;

static void exact_worker(fh_par *par, void *ctx, int tid) {
    exact_job *j = ctx;
    const board_enum *e = j->e;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi))
        for (size_t q = lo; q < hi; q++) {
            int i = j->lo + (int)q;
            board_rec(e, i + 1, j->depth - 1, j->bkey + e->keys[i], j->bsr | e->srs[i], &j->locals[tid]);
        }
}

/* fh_equity_exact with the cost that decides polling given by the caller (cost_ns = 0: its own). */
static fh_status exact_run(const fh_card_t *holes, int n_players, const fh_card_t *board, int n_board,
                           fh_mask_t dead, int first_lo, int first_hi, const fh_exec *ex, uint64_t cost_ns,
                           fh_tally *out) {
    if (n_players < 1 || n_players > FH_MAX_PLAYERS || n_board < 0 || n_board > 5) return FH_ERR_ARGUMENT;
    board_enum e;
    uint64_t bkey, bsr;
    board_enum_init(&e, holes, n_players, board, n_board, dead, &bkey, &bsr);
    int depth = 5 - n_board;
    if (e.n_avail < depth) return FH_ERR_FEW_CARDS;
    if (depth == 0) {
        if (first_lo <= 0 && first_hi > 0) showdown_full(&e, bkey, bsr, 1, out);
        return FH_OK;
    }
    int lo = first_lo < 0 ? 0 : first_lo;
    int hi = e.n_avail - depth + 1;
    if (first_hi < hi) hi = first_hi;
    if (hi <= lo) return FH_OK;
    if (depth == 5 && lo == 0 && hi == e.n_avail - depth + 1) {
        /* Every board of a preflop deal: by rank multisets (fast enough for one thread). */
        fh_mask_t used = dead;
        for (int i = 0; i < 2 * n_players; i++) used |= 1ULL << holes[i];
        fh_tally t;
        memset(&t, 0, sizeof t);
        preflop_by_ranks(&e, used, &t);
        fh_tally_add(out, &t);
        return FH_OK;
    }
    int nt = depth >= 4 ? fh_exec_threads(ex) : 1;
    if (nt > hi - lo) nt = hi - lo;
    fh_tally one, *locals = &one;
    if (nt > 1) {
        locals = calloc((size_t)nt, sizeof(fh_tally));
        if (!locals) return FH_ERR_NOMEM;
    } else {
        memset(&one, 0, sizeof one);
    }
    if (cost_ns == 0) cost_ns = fh_board_count(e.n_avail, depth) * (uint64_t)n_players * 2u;
    exact_job j = {&e, lo, depth, bkey, bsr, locals};
    fh_status status = fh_par_exec((size_t)(hi - lo), 1, nt, ex, cost_ns, exact_worker, &j);
    if (status == FH_OK)
        for (int t = 0; t < nt; t++) fh_tally_add(out, &locals[t]);
    if (locals != &one) free(locals);
    return status;
}

fh_status fh_equity_exact(const fh_card_t *holes, int n_players, const fh_card_t *board, int n_board,
                          fh_mask_t dead, int first_lo, int first_hi, const fh_exec *ex, fh_tally *out) {
    return exact_run(holes, n_players, board, n_board, dead, first_lo, first_hi, ex, 0, out);
}

/* ---- suit isomorphism ----------------------------------------------------------------- */

static const uint8_t SUIT_PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

/* Image of a card mask under suit permutation q. */
static fh_mask_t permute_mask(fh_mask_t m, int q) {
    fh_mask_t out = 0;
    while (m) {
        unsigned c = FH_CTZ64(m);
        m &= m - 1;
        out |= 1ULL << ((c & ~3u) | SUIT_PERMS[q][c & 3u]);
    }
    return out;
}

uint64_t fh_canonical_deal_key_fixing(const fh_card_t *holes, int n_players, fh_mask_t board, fh_mask_t dead) {
    uint64_t best = UINT64_MAX;
    for (int q = 0; q < 24; q++) {
        if ((board && permute_mask(board, q) != board) || (dead && permute_mask(dead, q) != dead)) continue;
        uint64_t key = 0;
        for (int p = 0; p < n_players; p++) {
            unsigned a = (holes[2 * p] & ~3u) | SUIT_PERMS[q][holes[2 * p] & 3u];
            unsigned b = (holes[2 * p + 1] & ~3u) | SUIT_PERMS[q][holes[2 * p + 1] & 3u];
            unsigned hi = a > b ? a : b, lo = a > b ? b : a;
            key = (key << 12) | (hi << 6) | lo;
        }
        if (key < best) best = key;
    }
    return best;
}

void fh_canonical_deal_keys(const fh_card_t *deals, size_t n_deals, int n_players, fh_mask_t board, fh_mask_t dead,
                            uint64_t *keys) {
    /* The permutations that keep the board and the dead cards in place, once, as card maps;
     * then per deal the smallest key over them (as fh_canonical_deal_key_fixing). */
    uint8_t maps[24][FH_N_CARDS];
    int n_maps = 0;
    for (int q = 0; q < 24; q++) {
        if ((board && permute_mask(board, q) != board) || (dead && permute_mask(dead, q) != dead)) continue;
        for (unsigned c = 0; c < FH_N_CARDS; c++) maps[n_maps][c] = (uint8_t)((c & ~3u) | SUIT_PERMS[q][c & 3u]);
        n_maps++;
    }
    for (size_t i = 0; i < n_deals; i++) {
        const fh_card_t *holes = deals + i * 2 * (size_t)n_players;
        uint64_t best = UINT64_MAX;
        for (int q = 0; q < n_maps; q++) {
            const uint8_t *map = maps[q];
            uint64_t key = 0;
            for (int p = 0; p < n_players; p++) {
                unsigned a = map[holes[2 * p]], b = map[holes[2 * p + 1]];
                unsigned hi = a > b ? a : b, lo = a > b ? b : a;
                key = (key << 12) | (hi << 6) | lo;
            }
            if (key < best) best = key;
        }
        keys[i] = best;
    }
}

/* ---- hand assignments ------------------------------------------------------------------------ */

/* Partial deals of players [0, level] (one combo each, no card twice), counted depth first. */
static size_t assign_count(const fh_assign_player *pl, int depth, int level, fh_mask_t used) {
    const fh_assign_player *p = &pl[depth];
    size_t c = 0;
    for (int i = 0; i < p->n; i++) {
        fh_mask_t m = (1ULL << p->cards[2 * i]) | (1ULL << p->cards[2 * i + 1]);
        if (used & m) continue;
        c += depth == level ? 1 : assign_count(pl, depth + 1, level, used | m);
    }
    return c;
}

typedef struct {
    const fh_assign_player *pl;
    int n_players;
    fh_card_t cur[2 * FH_MAX_PLAYERS];
    uint32_t cur_rows[FH_MAX_PLAYERS];
    fh_card_t *deals;
    double *weights;
    uint32_t *rows;
    size_t at;
} assign_fill;

static void assign_rec(assign_fill *f, int depth, fh_mask_t used, double w) {
    const fh_assign_player *p = &f->pl[depth];
    for (int i = 0; i < p->n; i++) {
        fh_card_t a = p->cards[2 * i], b = p->cards[2 * i + 1];
        fh_mask_t m = (1ULL << a) | (1ULL << b);
        if (used & m) continue;
        f->cur[2 * depth] = a;
        f->cur[2 * depth + 1] = b;
        if (f->rows) f->cur_rows[depth] = p->rows[i];
        double wi = p->weights ? w * p->weights[i] : w; /* x * 1.0 is x: skipped as the caller does */
        if (depth + 1 == f->n_players) {
            memcpy(f->deals + f->at * 2 * (size_t)f->n_players, f->cur, 2 * (size_t)f->n_players);
            if (f->rows)
                memcpy(f->rows + f->at * (size_t)f->n_players, f->cur_rows, (size_t)f->n_players * sizeof(uint32_t));
            f->weights[f->at++] = wi;
        } else {
            assign_rec(f, depth + 1, used | m, wi);
        }
    }
}

int fh_assignments_count(const fh_assign_player *players, int n_players, size_t limit, size_t *count) {
    size_t prev = 1;
    for (int i = 0; i < n_players; i++) {
        if ((size_t)players[i].n > 0 && prev > limit / (size_t)players[i].n) return 0;
        if (prev * (size_t)players[i].n > limit) return 0;
        prev = assign_count(players, 0, i, 0);
    }
    *count = prev;
    return 1;
}

void fh_assignments_fill(const fh_assign_player *players, int n_players, fh_card_t *deals, double *weights,
                         uint32_t *rows) {
    assign_fill f;
    f.pl = players;
    f.n_players = n_players;
    f.deals = deals;
    f.weights = weights;
    f.rows = rows;
    f.at = 0;
    assign_rec(&f, 0, 0, 1.0);
}

uint64_t fh_canonical_deal_key(const fh_card_t *holes, int n_players) {
    return fh_canonical_deal_key_fixing(holes, n_players, 0, 0);
}

typedef struct {
    uint64_t key;
    size_t index;
} keyed;

static int cmp_keyed(const void *x, const void *y) {
    const keyed *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return a->index < b->index ? -1 : (a->index > b->index);
}

typedef struct {
    const fh_card_t *deals;
    const keyed *order;
    const size_t *leaders;
    int n_players, n_board;
    const fh_card_t *board;
    fh_mask_t dead;
    fh_tally *tallies;
    atomic_int status; /* first failure of a deal, FH_OK if none */
} many_job;

static void many_worker(fh_par *par, void *ctx, int tid) {
    many_job *j = ctx;
    (void)tid;
    size_t lo, hi;
    int stride = 2 * j->n_players;
    while (fh_par_next(par, &lo, &hi))
        for (size_t u = lo; u < hi; u++) {
            size_t lead = j->order[j->leaders[u]].index;
            fh_status s = fh_equity_exact(j->deals + lead * (size_t)stride, j->n_players, j->board, j->n_board,
                                          j->dead, 0, FH_N_CARDS, NULL, &j->tallies[lead]);
            note_failure(&j->status, s);
        }
}

fh_status fh_equity_exact_many(const fh_card_t *deals, size_t n_deals, int n_players, const fh_card_t *board,
                               int n_board, fh_mask_t dead, const fh_exec *ex, fh_tally *tallies) {
    if (n_players < 1 || n_players > FH_MAX_PLAYERS || n_board < 0 || n_board > 5) return FH_ERR_ARGUMENT;
    memset(tallies, 0, n_deals * sizeof(fh_tally));
    int stride = 2 * n_players;
    int isomorphic = n_players <= 5;
    fh_mask_t board_mask = 0;
    for (int b = 0; b < n_board; b++) board_mask |= 1ULL << board[b];
    if (too_few_cards(board_mask | dead, n_players, n_board)) return FH_ERR_FEW_CARDS;
    keyed *order = malloc((n_deals ? n_deals : 1) * sizeof(keyed));
    size_t *leaders = malloc((n_deals ? n_deals : 1) * sizeof(size_t));
    if (!order || !leaders) {
        free(order);
        free(leaders);
        return FH_ERR_NOMEM;
    }
    for (size_t i = 0; i < n_deals; i++) {
        order[i].key = isomorphic ? fh_canonical_deal_key_fixing(deals + i * (size_t)stride, n_players, board_mask, dead)
                                  : (uint64_t)i;
        order[i].index = i;
    }
    if (isomorphic) qsort(order, n_deals, sizeof(keyed), cmp_keyed);
    size_t n_unique = 0;
    for (size_t i = 0; i < n_deals; i++)
        if (i == 0 || order[i].key != order[i - 1].key) leaders[n_unique++] = i;
    int nt = fh_exec_threads(ex);
    int avail = FH_N_CARDS - (int)FH_POPCOUNT64((board_mask | dead) & FH_FULL_DECK) - stride;
    uint64_t cost_ns = (uint64_t)n_unique * fh_board_count(avail, 5 - n_board) * (uint64_t)n_players * 2u;
    fh_status status = FH_OK;
    if (n_unique >= (size_t)(4 * nt)) {
        /* Many distinct deals: one thread per deal. */
        many_job j = {deals, order, leaders, n_players, n_board, board, dead, tallies, FH_OK};
        atomic_init(&j.status, FH_OK);
        status = fh_par_exec(n_unique, 1, nt, ex, cost_ns, many_worker, &j);
        if (status == FH_OK) status = (fh_status)atomic_load(&j.status);
    } else {
        /* Few: every thread on each deal in turn, each call polled if the whole job is long. */
        for (size_t u = 0; u < n_unique && status == FH_OK; u++) {
            size_t lead = order[leaders[u]].index;
            status = exact_run(deals + lead * (size_t)stride, n_players, board, n_board, dead, 0, FH_N_CARDS, ex,
                               cost_ns > 0 ? cost_ns : 1, &tallies[lead]);
        }
    }
    if (status == FH_OK)
        for (size_t u = 0; u < n_unique; u++) {
            size_t first = leaders[u], last = u + 1 < n_unique ? leaders[u + 1] : n_deals;
            for (size_t i = first + 1; i < last; i++) tallies[order[i].index] = tallies[order[first].index];
        }
    free(order);
    free(leaders);
    return status;
}

typedef struct {
    const fh_card_t *holes, *boards;
    int n_players, n_board;
    double *eq;
    atomic_int status;
} spots_job;

static void equity_batch_worker(fh_par *par, void *ctx, int tid) {
    spots_job *j = ctx;
    (void)tid;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi))
        for (size_t i = lo; i < hi && !fh_par_cancelled(par); i++) {
            fh_tally t;
            memset(&t, 0, sizeof t);
            fh_status s = fh_equity_exact(j->holes + i * 2 * (size_t)j->n_players, j->n_players,
                                          j->boards + i * (size_t)j->n_board, j->n_board, 0, 0, FH_N_CARDS, NULL, &t);
            note_failure(&j->status, s);
            for (int p = 0; p < j->n_players; p++)
                j->eq[i * (size_t)j->n_players + (size_t)p] =
                    t.deals ? (double)t.share[p] / ((double)FH_SHARE_UNIT * (double)t.deals) : 0.0;
        }
}

fh_status fh_equity_batch(const fh_card_t *holes, const fh_card_t *boards, size_t m, int n_players,
                          int n_board, const fh_exec *ex, double *eq) {
    if (n_players < 1 || n_players > FH_MAX_PLAYERS || n_board < 0 || n_board > 5) return FH_ERR_ARGUMENT;
    if (too_few_cards(0, n_players, n_board)) return FH_ERR_FEW_CARDS;
    spots_job j;
    j.holes = holes;
    j.boards = boards;
    j.n_players = n_players;
    j.n_board = n_board;
    j.eq = eq;
    atomic_init(&j.status, FH_OK);
    int avail = FH_N_CARDS - 2 * n_players - n_board;
    uint64_t per_spot = fh_board_count(avail, 5 - n_board) * (uint64_t)n_players * 2u;
    /* Preflop spots take milliseconds each: hand them out one by one. */
    size_t grain = n_board == 0 ? 1 : 16;
    fh_status status = fh_par_exec(m, grain, fh_exec_threads(ex), ex, per_spot * (uint64_t)m, equity_batch_worker, &j);
    return status == FH_OK ? (fh_status)atomic_load(&j.status) : status;
}

/* ---- hand strength against random opponents ------------------------------------------- */

/* Exact: every ordered deal of the opponents from the remaining cards, then every board;
 * stops early once `par` is cancelled. */
static void strength_rec(fh_card_t *holes, int n_players, int p, const fh_card_t *board, int n_board,
                         fh_mask_t used, const fh_par *par, fh_tally *t) {
    if (p == n_players) {
        fh_equity_exact(holes, n_players, board, n_board, 0, 0, FH_N_CARDS, NULL, t);
        return;
    }
    for (unsigned a = 0; a < FH_N_CARDS; a++) {
        if (used >> a & 1) continue;
        for (unsigned b = a + 1; b < FH_N_CARDS; b++) {
            if (used >> b & 1) continue;
            if (fh_par_cancelled(par)) return;
            holes[2 * p] = (fh_card_t)b;
            holes[2 * p + 1] = (fh_card_t)a;
            strength_rec(holes, n_players, p + 1, board, n_board, used | (1ULL << a) | (1ULL << b), par, t);
        }
    }
}

/* ---- one hand against one random hand, on a flop, turn or river --------------------------
 *
 * Per runout (the missing board cards), the hand's value is found once and the opponent's
 * hands are counted by class: every pair of live ranks is shown down once with its number of
 * card pairs, suits ignored; where the board holds k >= 3 cards of a suit s, the card pairs
 * that make an s-flush (k + their s-cards >= 5; no other suit can reach five) are corrected
 * one by one (s-card pairs; with k >= 4 s-card + any card) or by rank (k = 5: every pair is a
 * flush). A visit costs about 100 lookups where listing the opponent's hands costs 990. */

typedef struct {
    uint64_t win, tie, total; /* opponent hands the hand beats, ties, all */
} vs_counts;

FH_INLINE void vs_add(vs_counts *c, fh_value_t hero, fh_value_t opp, uint64_t w) {
    c->win += opp < hero ? w : 0;
    c->tie += opp == hero ? w : 0;
}

/* One runout: board key/suit ranks complete (5 cards), live cards by rank (cnt) and as a
 * mask `live` (excluding the runout). */
static void vs_one_runout(uint64_t bkey, uint64_t bsr, uint64_t hero_key, uint64_t hero_sr, fh_mask_t live,
                          void *acc) {
    vs_counts *c = acc;
    fh_value_t hv = fh_value_from_key(FH_KEY_INIT + bkey + hero_key, bsr | hero_sr);
    uint64_t base = FH_KEY_INIT + bkey;
    unsigned cnt[13];
    for (unsigned r = 0; r < 13; r++) cnt[r] = (unsigned)FH_POPCOUNT64((live >> (4 * r)) & 0xFu);
    uint64_t total = 0;
    /* every pair of ranks, suits ignored */
    for (unsigned r1 = 0; r1 < 13; r1++) {
        if (!cnt[r1]) continue;
        uint64_t k1 = base + fh_card_keys[4 * r1];
        if (cnt[r1] >= 2) {
            uint64_t w = (uint64_t)cnt[r1] * (cnt[r1] - 1) / 2;
            vs_add(c, hv, fh_noflush_value(k1 + fh_card_keys[4 * r1]), w);
            total += w;
        }
        for (unsigned r2 = r1 + 1; r2 < 13; r2++)
            if (cnt[r2]) {
                uint64_t w = (uint64_t)cnt[r1] * cnt[r2];
                vs_add(c, hv, fh_noflush_value(k1 + fh_card_keys[4 * r2]), w);
                total += w;
            }
    }
    c->total += total;
    uint64_t flush = (base & FH_FLUSH_CHECK) | ((base + (0x2222ULL << 32)) & FH_FLUSH_CHECK);
    if (!flush) return; /* no suit has three board cards */
    /* the suit s with k >= 3 board cards (at most one) */
    unsigned s = fh_flush_suit(base + (0x2222ULL << 32));
    unsigned k = (unsigned)((bkey >> (32 + 4 * s)) & 0xFu);
    unsigned bs = (unsigned)(bsr >> (16 * s)) & 0x1FFFu;
    fh_mask_t live_s = live & (0x1111111111111ULL << s);
    const uint64_t minus = (uint64_t)0 - 1u;
    /* pairs of two s-cards: flush when k >= 3 */
    for (fh_mask_t m1 = live_s; m1; m1 &= m1 - 1) {
        unsigned x = FH_CTZ64(m1);
        for (fh_mask_t m2 = m1 & (m1 - 1); m2; m2 &= m2 - 1) {
            unsigned y = FH_CTZ64(m2);
            fh_value_t plain = fh_noflush_value(base + fh_card_keys[x] + fh_card_keys[y]);
            fh_value_t real = fh_flush_values[bs | 1u << (x >> 2) | 1u << (y >> 2)];
            vs_add(c, hv, plain, minus);
            vs_add(c, hv, real, 1);
        }
    }
    if (k < 4) return;
    /* an s-card with a card of another suit: flush when k >= 4 */
    fh_mask_t live_o = live & ~live_s;
    for (fh_mask_t m1 = live_s; m1; m1 &= m1 - 1) {
        unsigned x = FH_CTZ64(m1);
        fh_value_t real = fh_flush_values[bs | 1u << (x >> 2)];
        uint64_t kx = base + fh_card_keys[x];
        for (unsigned r = 0; r < 13; r++) {
            unsigned n_o = (unsigned)FH_POPCOUNT64((live_o >> (4 * r)) & 0xFu);
            if (!n_o) continue;
            vs_add(c, hv, fh_noflush_value(kx + fh_card_keys[4 * r]), (uint64_t)0 - n_o);
            vs_add(c, hv, real, n_o);
        }
    }
    if (k < 5) return;
    /* two cards of other suits: the board's own flush */
    fh_value_t real = fh_flush_values[bs];
    for (unsigned r1 = 0; r1 < 13; r1++) {
        unsigned n1 = (unsigned)FH_POPCOUNT64((live_o >> (4 * r1)) & 0xFu);
        if (!n1) continue;
        uint64_t k1 = base + fh_card_keys[4 * r1];
        for (unsigned r2 = r1; r2 < 13; r2++) {
            unsigned n2 = (unsigned)FH_POPCOUNT64((live_o >> (4 * r2)) & 0xFu);
            uint64_t w = r2 == r1 ? (uint64_t)n1 * (n1 - 1) / 2 : (uint64_t)n1 * n2;
            if (!w) continue;
            vs_add(c, hv, fh_noflush_value(k1 + fh_card_keys[4 * r2]), (uint64_t)0 - w);
            vs_add(c, hv, real, w);
        }
    }
}

/* Every runout of `board` (3, 4 or 5 cards) for the hand `hole`, avoiding `dead`: fn is
 * called with the complete board's key and suit ranks, the hand's, and the live cards left. */
typedef void (*runout_fn)(uint64_t bkey, uint64_t bsr, uint64_t hero_key, uint64_t hero_sr, fh_mask_t live,
                          void *acc);

static void each_runout(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead, runout_fn fn,
                        void *acc) {
    fh_cards_sum b = fh_sum_cards(board, n_board);
    fh_cards_sum h = fh_sum_cards(hole, 2);
    fh_mask_t live = FH_FULL_DECK & ~(b.mask | h.mask | dead);
    if (n_board == 5) {
        fn(b.key, b.suit_ranks, h.key, h.suit_ranks, live, acc);
    } else if (n_board == 4) {
        for (fh_mask_t m = live; m; m &= m - 1) {
            unsigned x = FH_CTZ64(m);
            fn(b.key + fh_card_keys[x], b.suit_ranks | FH_SUIT_RANK_BIT(x), h.key, h.suit_ranks, live & ~(1ULL << x),
               acc);
        }
    } else {
        for (fh_mask_t m1 = live; m1; m1 &= m1 - 1) {
            unsigned x = FH_CTZ64(m1);
            uint64_t kx = b.key + fh_card_keys[x], sx = b.suit_ranks | FH_SUIT_RANK_BIT(x);
            for (fh_mask_t m2 = m1 & (m1 - 1); m2; m2 &= m2 - 1) {
                unsigned y = FH_CTZ64(m2);
                fn(kx + fh_card_keys[y], sx | FH_SUIT_RANK_BIT(y), h.key, h.suit_ranks,
                   live & ~(1ULL << x) & ~(1ULL << y), acc);
            }
        }
    }
}

/* Counts of hole (2 cards) on a board of 3, 4 or 5 cards against one random hand, every
 * card of `dead` left out of the runouts and of the opponent's hands. */
static vs_counts vs_one_counts(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead) {
    vs_counts c = {0, 0, 0};
    each_runout(hole, board, n_board, dead, vs_one_runout, &c);
    return c;
}

/* Exact equity of hole (2 cards) on a board of 3, 4 or 5 cards against one random hand. */
static double strength_vs_one(const fh_card_t *hole, const fh_card_t *board, int n_board) {
    vs_counts c = vs_one_counts(hole, board, n_board, 0);
    /* share in half units: a win is worth 2, a tie 1 (exact in a double below 2**53) */
    return c.total ? (double)(2 * c.win + c.tie) / (2.0 * (double)c.total) : 0.0;
}

void fh_vs_random_counts(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                         uint64_t out[3]) {
    vs_counts c = {0, 0, 0};
    if (n_board >= 3 && n_board <= 5) c = vs_one_counts(hole, board, n_board, dead);
    out[0] = c.win;
    out[1] = c.tie;
    out[2] = c.total;
}

/* ---- one hand against two random hands, on a flop, turn or river -------------------------
 *
 * Per runout, every opponent hand of the live cards is valued once and sorted into L (below
 * the hand's value), T (equal) or B (above); d_L(c), d_T(c) count the L and T hands holding
 * card c. Two distinct hands share at most one card, so the unordered pairs of disjoint hands
 * are counted without listing them: L with L, C(|L|, 2) - sum_c C(d_L(c), 2); L with T,
 * |L| |T| - sum_c d_L(c) d_T(c); T with T likewise. The hand wins the pot against L+L, shares
 * it two ways against L+T and three ways against T+T, and loses whenever a B hand is dealt.
 * A runout costs C(n, 2) evaluations (990 on a river) where listing the deals of the two
 * opponents costs C(n, 2) C(n - 2, 2) / 2 showdowns (446,985). */

typedef struct {
    uint64_t ll, lt, tt, total; /* unordered pairs of disjoint opponent hands */
} vs_two_counts;

static void vs_two_runout(uint64_t bkey, uint64_t bsr, uint64_t hero_key, uint64_t hero_sr, fh_mask_t live,
                          void *acc) {
    vs_two_counts *c = acc;
    uint64_t base = FH_KEY_INIT + bkey;
    fh_value_t hv = fh_value_from_key(base + hero_key, bsr | hero_sr);
    uint64_t keys[FH_N_CARDS], srs[FH_N_CARDS];
    uint32_t dl[FH_N_CARDS] = {0}, dt[FH_N_CARDS] = {0};
    int n = fh_live_cards(live, keys, srs);
    uint64_t nl = 0, nt = 0;
    for (int i = 0; i < n - 1; i++) {
        uint64_t ki = base + keys[i], si = bsr | srs[i];
        uint32_t li = 0, ti = 0;
        for (int j = i + 1; j < n; j++) {
            fh_value_t v = fh_value_from_key(ki + keys[j], si | srs[j]);
            uint32_t below = v < hv, equal = v == hv;
            li += below;
            ti += equal;
            dl[j] += below;
            dt[j] += equal;
        }
        dl[i] += li;
        dt[i] += ti;
        nl += li;
        nt += ti;
    }
    uint64_t sll = 0, slt = 0, stt = 0;
    for (int i = 0; i < n; i++) {
        sll += (uint64_t)dl[i] * (dl[i] - (dl[i] > 0)) / 2;
        slt += (uint64_t)dl[i] * dt[i];
        stt += (uint64_t)dt[i] * (dt[i] - (dt[i] > 0)) / 2;
    }
    uint64_t pairs = (uint64_t)n * (uint64_t)(n - 1) / 2;
    c->ll += nl * (nl - (nl > 0)) / 2 - sll;
    c->lt += nl * nt - slt;
    c->tt += nt * (nt - (nt > 0)) / 2 - stt;
    c->total += pairs * (pairs - 2 * (uint64_t)n + 3) / 2; /* hands disjoint from one: C(n - 2, 2) */
}

static vs_two_counts vs_two_counts_of(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead) {
    vs_two_counts c = {0, 0, 0, 0};
    each_runout(hole, board, n_board, dead, vs_two_runout, &c);
    return c;
}

/* Exact equity of hole on a board of 3, 4 or 5 cards against two random hands: shares in
 * sixths (a pot won alone 6, split two ways 3, three ways 2), exact in a double. */
static double strength_vs_two(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead) {
    vs_two_counts c = vs_two_counts_of(hole, board, n_board, dead);
    return c.total ? (double)(6 * c.ll + 3 * c.lt + 2 * c.tt) / (6.0 * (double)c.total) : 0.0;
}

/* ---- one hand against three random hands, on a flop, turn or river -----------------------
 *
 * Each runout is counted by fh_vs_small_board (fh_vs_many.c). */

typedef struct {
    int64_t n[4];   /* triples of disjoint L/T hands with j T hands */
    uint64_t total; /* triples of disjoint hands */
} vs_three_counts;

static void vs_three_runout(uint64_t bkey, uint64_t bsr, uint64_t hero_key, uint64_t hero_sr, fh_mask_t live,
                            void *acc) {
    vs_three_counts *c = acc;
    fh_vs_small s;
    fh_vs_small_board(bkey, bsr, hero_key, hero_sr, live, 3, 0, &s);
    for (int k = 0; k < 4; k++) c->n[k] += s.n[3][k];
    c->total += s.total[3];
}

/* Exact equity of hole on a board of 3, 4 or 5 cards against three random hands, dead cards
 * left out: shares in twelfths (a pot won alone 12, split 2, 3, 4 ways 6, 4, 3). */
static double strength_vs_three(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead) {
    vs_three_counts c = {{0, 0, 0, 0}, 0};
    each_runout(hole, board, n_board, dead, vs_three_runout, &c);
    int64_t share = 12 * c.n[0] + 6 * c.n[1] + 4 * c.n[2] + 3 * c.n[3];
    return c.total ? (double)share / (12.0 * (double)c.total) : 0.0;
}

double fh_vs_random_share(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                          int opponents) {
    if (n_board < 3 || n_board > 5) return 0.0;
    if (opponents == 1) {
        vs_counts c = vs_one_counts(hole, board, n_board, dead);
        return c.total ? (double)(2 * c.win + c.tie) / (2.0 * (double)c.total) : 0.0;
    }
    if (opponents == 2) return strength_vs_two(hole, board, n_board, dead);
    if (opponents == 3) return strength_vs_three(hole, board, n_board, dead);
    fh_vs_many_tally tally;
    if (fh_vs_many(hole, board, n_board, dead, opponents, NULL, &tally) != FH_OK) return 0.0;
    return fh_vs_many_equity(&tally, opponents);
}

typedef struct {
    const fh_card_t *holes, *boards;
    int n_board, n_players, exact;
    uint32_t trials;
    uint64_t seed;
    double *eq;
    atomic_int status;
} strength_job;

static void strength_worker(fh_par *par, void *ctx, int tid) {
    strength_job *j = ctx;
    (void)tid;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi))
        for (size_t i = lo; i < hi; i++) {
            fh_tally t;
            memset(&t, 0, sizeof t);
            const fh_card_t *board = j->boards + i * (size_t)j->n_board;
            fh_status s = FH_OK;
            if (j->exact && j->n_players == 2 && j->n_board >= 3) {
                j->eq[i] = strength_vs_one(j->holes + 2 * i, board, j->n_board);
                continue;
            }
            /* Rivers against two or three: the per-runout kernels; any other spot against two or
             * more: fh_vs_many, which solves each board structure once. */
            if (j->exact && j->n_players == 3 && j->n_board == 5) {
                j->eq[i] = strength_vs_two(j->holes + 2 * i, board, j->n_board, 0);
                continue;
            }
            if (j->exact && j->n_players == 4 && j->n_board == 5) {
                j->eq[i] = strength_vs_three(j->holes + 2 * i, board, j->n_board, 0);
                continue;
            }
            if (j->exact && j->n_players >= 3) {
                fh_vs_many_tally tally;
                s = fh_vs_many(j->holes + 2 * i, board, j->n_board, 0, j->n_players - 1, par, &tally);
                note_failure(&j->status, s);
                j->eq[i] = s == FH_OK ? fh_vs_many_equity(&tally, j->n_players - 1) : 0.0;
                continue;
            }
            if (j->exact) {
                fh_card_t h[2 * FH_MAX_PLAYERS];
                h[0] = j->holes[2 * i];
                h[1] = j->holes[2 * i + 1];
                fh_mask_t used = (1ULL << h[0]) | (1ULL << h[1]);
                for (int b = 0; b < j->n_board; b++) used |= 1ULL << board[b];
                strength_rec(h, j->n_players, 1, board, j->n_board, used, par, &t);
            } else {
                fh_range ranges[FH_MAX_PLAYERS];
                double one = 1.0;
                ranges[0].combos = j->holes + 2 * i;
                ranges[0].cum_weights = &one;
                ranges[0].n = 1;
                ranges[0].random = 0;
                for (int p = 1; p < j->n_players; p++) {
                    ranges[p].combos = NULL;
                    ranges[p].cum_weights = NULL;
                    ranges[p].n = 0;
                    ranges[p].random = 1;
                }
                /* One spot's trials on this thread (block i of the seed); spots are the grains. */
                s = fh_equity_monte_carlo(ranges, j->n_players, board, j->n_board, 0, j->seed, i, 1, j->trials, NULL,
                                          &t);
            }
            note_failure(&j->status, s);
            j->eq[i] = t.deals ? (double)t.share[0] / ((double)FH_SHARE_UNIT * (double)t.deals) : 0.0;
        }
}

fh_status fh_hand_strength(const fh_card_t *holes, const fh_card_t *boards, size_t m, int n_board,
                           int opponents, int exact, uint32_t trials, uint64_t seed, const fh_exec *ex,
                           double *eq) {
    if (opponents < 1 || opponents >= FH_MAX_PLAYERS || n_board < 0 || n_board > 5) return FH_ERR_ARGUMENT;
    strength_job j;
    j.holes = holes;
    j.boards = boards;
    j.n_board = n_board;
    j.n_players = opponents + 1;
    j.exact = exact;
    j.trials = trials;
    j.seed = seed;
    j.eq = eq;
    atomic_init(&j.status, FH_OK);
    uint64_t per_spot; /* showdowns of one spot */
    if (exact) {
        int avail = FH_N_CARDS - 2 - n_board;
        per_spot = fh_board_count(avail - 2 * opponents, 5 - n_board);
        for (int k = 0; k < opponents; k++) per_spot *= fh_board_count(avail - 2 * k, 2);
        if ((opponents == 2 || opponents == 3) && n_board >= 3) /* evaluations per runout, a few ns each */
            per_spot = fh_board_count(avail, 5 - n_board) * fh_board_count(avail - (5 - n_board), 2) / 4u;
        if (opponents >= 4 || (opponents >= 2 && n_board < 5)) /* fh_vs_many: under a ms per board */
            per_spot = fh_board_count(avail, 5 - n_board) * 50000u;
    } else {
        per_spot = (uint64_t)trials * 10u;
    }
    uint64_t cost_ns = per_spot * (uint64_t)j.n_players * 2u * (uint64_t)m;
    fh_status status = fh_par_exec(m, 1, fh_exec_threads(ex), ex, cost_ns, strength_worker, &j);
    return status == FH_OK ? (fh_status)atomic_load(&j.status) : status;
}
