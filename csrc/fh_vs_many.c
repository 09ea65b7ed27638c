/* fh_vs_many.c -- exact equity of one hand against 1..9 random hands (see fh_vs_many.h).
 *
 * One complete board at a time. Let U be the live cards and f(e) the weight of an opponent
 * hand e: 1 below the hand (L), x when equal (T, x marks a tying opponent), 0 above (B). The
 * count wanted is W_N(x) = sum over sets M of N disjoint hands from U of prod_{e in M} f(e).
 * Writing f = 1 + g, with g = 0 on L, x - 1 on T and -1 on B, and expanding the product,
 *
 *     W_N(x) = sum over matchings S of H of prod_{e in S} g(e) * PM(|U| - 2|S|, N - |S|),
 *
 * where H is the set of T and B hands and PM(m, k) = m! / ((m - 2k)! k! 2^k) counts the sets
 * of k disjoint pairs from m cards. Only matchings of H (at most N <= 9 hands) are listed,
 * and not one by one:
 *   - cards are typed by rank (and, when the board holds three or more cards of a suit s,
 *     by whether they are of suit s): every card of a type behaves the same, so a hand's
 *     grade depends only on its two types (at most 26 types, 351 showdowns per board);
 *   - "killer" types, whose every hand is above the hand, can never be dealt in a counted
 *     set: they leave U;
 *   - types that behave alike towards every other type and among themselves merge into one
 *     class (they are twins in the graph of hands);
 *   - the matchings of H are counted by a dynamic programme over the classes, one at a
 *     time, whose state is how many cards of each class still to come are already used.
 *     Classes with no T or B hand drop out (they only count in |U|), and the order is
 *     chosen greedily to keep the set of classes still "open" small. On random boards the
 *     programme has a median of a few dozen states.
 *     Each state keeps its polynomial by k = |S| and t = the T hands of S ((x - 1)^t is
 *     expanded at the end), and the range of k that may be nonzero.
 * The coefficient of x^j in W_N counts the deals in which j opponents tie the hand (and none
 * beats it): the hand's share is 1 / (j + 1) of the pot. Everything is exact: the DP counts
 * modulo 2^64 (each value counts distinct matchings, at most PM(45, 8) < 2^63 for k <= 8, so
 * the signed reading is the true value) with a double beside the k = 9 row to place its
 * multiple of 2^64; W_N and the tallies are signed 128-bit (terms below 2^90).
 *
 * Up to three opponents, the DP is not needed: fh_vs_small_board values every opponent hand
 * and counts the sets directly (see there). Boards are grouped by structure first (below).
 */
#include "fh_vs_many.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fh_eval.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

/* A DP value: counts are kept modulo 2**64 (exact for k <= 8 hands of H: at most
 * PM(45, 8) < 2**63 matchings, so the signed reading is the true value); the row of k = 9
 * hands also keeps a double, which fixes the multiple of 2**64 (its error is far below 2**63). */
typedef union {
    uint64_t u;
    double d;
} cell;

#define NMAX FH_VS_MANY_MAX
#define MAX_TYPES 26
#define GRADE_L 0
#define GRADE_T 1
#define GRADE_B 2
#define GRADE_NONE 3 /* no such hand (a type of one card with itself) */
#define A_SHIFT 104  /* the state key: 4 bits of used cards per class, then the free count */

/* ---- small exact combinatorics ------------------------------------------------------- */

static uint64_t binom_table[FH_N_CARDS + 1][2 * NMAX + 1];
static i128 pm_table[FH_N_CARDS + 1][NMAX + 1]; /* PM(m, k) */
static uint64_t odd_fact[NMAX + 1];              /* (2p - 1)!! */

static void tables_fill(void) {
    for (int n = 0; n <= FH_N_CARDS; n++)
        for (int k = 0; k <= 2 * NMAX; k++) {
            uint64_t r = 0;
            if (k <= n) {
                r = 1;
                for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
            }
            binom_table[n][k] = r;
        }
    odd_fact[0] = 1;
    for (int p = 1; p <= NMAX; p++) odd_fact[p] = odd_fact[p - 1] * (uint64_t)(2 * p - 1);
    for (int m = 0; m <= FH_N_CARDS; m++)
        for (int k = 0; k <= NMAX; k++)
            pm_table[m][k] = 2 * k <= m ? (i128)binom_table[m][2 * k] * (i128)odd_fact[k] : 0;
}

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_init(void) { pthread_once(&tables_once, tables_fill); }

/* ---- the state map: packed key -> NMAX+1 by jdim polynomial ------------------------------ */

typedef struct {
    u128 *keys;      /* entry keys, in insertion order */
    cell *vals;      /* entry e's values at vals + e * vsize */
    int32_t *slots;  /* hash table: entry index or -1 */
    uint32_t *at;    /* entry e's slot, to clear the table fast */
    uint32_t n, ecap, cap;
} state_map;

typedef struct {
    int nmax, jdim, vsize, shadow; /* shadow: offset of the k = 9 doubles (0: none) */
    int rows;                      /* offset of the cell holding the entry's nonzero rows */
    state_map a, b;
    int nomem;
} dp_ctx;

static void map_free(state_map *m) {
    free(m->keys);
    free(m->vals);
    free(m->slots);
    free(m->at);
    memset(m, 0, sizeof *m);
}

static int map_init(state_map *m, int vsize) {
    memset(m, 0, sizeof *m);
    m->ecap = 64;
    m->cap = 128;
    m->keys = malloc(m->ecap * sizeof *m->keys);
    m->vals = malloc((size_t)m->ecap * (size_t)vsize * sizeof *m->vals);
    m->slots = malloc(m->cap * sizeof *m->slots);
    m->at = malloc(m->ecap * sizeof *m->at);
    if (!m->keys || !m->vals || !m->slots || !m->at) return 0;
    memset(m->slots, 0xFF, m->cap * sizeof *m->slots);
    return 1;
}

FH_INLINE uint32_t key_hash(u128 k) {
    uint64_t h = (uint64_t)k * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(k >> 64) * 0xC2B2AE3D27D4EB4FULL;
    return (uint32_t)(h >> 32) ^ (uint32_t)h;
}

static void map_clear(state_map *m) {
    for (uint32_t e = 0; e < m->n; e++) m->slots[m->at[e]] = -1;
    m->n = 0;
}

static int map_grow(state_map *m, int vsize) {
    uint32_t ecap = m->ecap * 2, cap = m->cap * 2;
    u128 *keys = realloc(m->keys, ecap * sizeof *keys);
    if (!keys) return 0;
    m->keys = keys;
    cell *vals = realloc(m->vals, (size_t)ecap * (size_t)vsize * sizeof *vals);
    if (!vals) return 0;
    m->vals = vals;
    int32_t *slots = realloc(m->slots, cap * sizeof *slots);
    if (!slots) return 0;
    m->slots = slots;
    uint32_t *at = realloc(m->at, ecap * sizeof *at);
    if (!at) return 0;
    m->at = at;
    m->ecap = ecap;
    m->cap = cap;
    memset(m->slots, 0xFF, cap * sizeof *slots);
    for (uint32_t e = 0; e < m->n; e++) {
        uint32_t i = key_hash(m->keys[e]) & (cap - 1);
        while (m->slots[i] >= 0) i = (i + 1) & (cap - 1);
        m->slots[i] = (int32_t)e;
        m->at[e] = i;
    }
    return 1;
}

/* The values of `key` in m, a new zeroed entry if absent; NULL when memory runs out. */
static cell *map_get(state_map *m, u128 key, int vsize) {
    uint32_t i = key_hash(key) & (m->cap - 1);
    while (m->slots[i] >= 0) {
        if (m->keys[m->slots[i]] == key) return m->vals + (size_t)m->slots[i] * (size_t)vsize;
        i = (i + 1) & (m->cap - 1);
    }
    if (m->n == m->ecap) {
        if (!map_grow(m, vsize)) return NULL;
        return map_get(m, key, vsize);
    }
    uint32_t e = m->n++;
    m->keys[e] = key;
    m->slots[i] = (int32_t)e;
    m->at[e] = i;
    cell *v = m->vals + (size_t)e * (size_t)vsize;
    memset(v, 0, (size_t)vsize * sizeof *v);
    return v;
}

FH_INLINE unsigned key_used(u128 key, int c) { return (unsigned)(key >> (4 * c)) & 0xFu; }
FH_INLINE unsigned key_free(u128 key) { return (unsigned)(key >> A_SHIFT) & 0x3Fu; }
FH_INLINE u128 key_set_free(u128 key, unsigned a) {
    return (key & ~((u128)0x3F << A_SHIFT)) | ((u128)a << A_SHIFT);
}

/* dst[k + q][t + (q if T)] += (+-) ways * src[k][t]: q more hands of grade g (T: x - 1, counted
 * in t and expanded at the end; B: -1). Values are kept for t <= k only. `ways` modulo 2**64
 * and as a double (for the k = 9 shadow). */
/* An entry's rows k in [lo, hi) may be nonzero (hi = 0: none); the others are zero. */
FH_INLINE void rows_get(const cell *v, const dp_ctx *c, int *lo, int *hi) {
    *lo = (int)(v[c->rows].u & 0xFFu);
    *hi = (int)(v[c->rows].u >> 8 & 0xFFu);
}

FH_INLINE void rows_widen(cell *v, const dp_ctx *c, int lo, int hi) {
    int l, h;
    rows_get(v, c, &l, &h);
    if (h == 0 || lo < l) l = lo;
    if (hi > h) h = hi;
    v[c->rows].u = (uint64_t)l | (uint64_t)h << 8;
}

static void add_scaled(const dp_ctx *c, cell *dst, const cell *src, int q, int grade, uint64_t ways, double ways_d) {
    int jd = c->jdim, shift = grade == GRADE_T ? q : 0;
    int neg = grade == GRADE_B && (q & 1);
    uint64_t w = neg ? (uint64_t)0 - ways : ways;
    int lo, hi;
    rows_get(src, c, &lo, &hi);
    if (hi > c->nmax - q + 1) hi = c->nmax - q + 1;
    if (lo >= hi) return;
    rows_widen(dst, c, lo + q, hi + q);
    for (int k = lo; k < hi; k++) {
        const cell *sr = src + k * jd;
        cell *d = dst + (k + q) * jd + shift;
        int top = k < jd - 1 - shift ? k : jd - 1 - shift;
        for (int t = 0; t <= top; t++) d[t].u += w * sr[t].u;
    }
    if (c->shadow && hi == NMAX - q + 1) { /* row NMAX - q is in range: it feeds row 9 */
        double wd = neg ? -ways_d : ways_d;
        cell *d9 = dst + c->shadow + shift;
        int k = NMAX - q;
        int top = k < jd - 1 - shift ? k : jd - 1 - shift;
        if (q == 0) {
            for (int t = 0; t <= top; t++) d9[t].d += wd * src[c->shadow + t].d;
        } else {
            const cell *sr = src + k * jd;
            for (int t = 0; t <= top; t++) d9[t].d += wd * (double)(int64_t)sr[t].u;
        }
    }
}

/* ---- one complete board ---------------------------------------------------------------- */

typedef struct {
    int n_types;
    int count[MAX_TYPES];
    fh_card_t card[MAX_TYPES][2]; /* the type's first two cards */
    uint8_t grade[MAX_TYPES][MAX_TYPES];
} typed_board;

/* Types of the live cards and the grade of every pair of types against hero value hv. */
static void type_board(uint64_t base, uint64_t bsr, fh_value_t hv, fh_mask_t live, typed_board *tb) {
    uint64_t flush = (base & FH_FLUSH_CHECK) | ((base + (0x2222ULL << 32)) & FH_FLUSH_CHECK);
    fh_mask_t s_cards = 0;
    if (flush) s_cards = 0x1111111111111ULL << fh_flush_suit(base + (0x2222ULL << 32));
    int n = 0;
    for (unsigned r = 0; r < 13; r++) {
        fh_mask_t rank = live & (0xFULL << (4 * r));
        fh_mask_t parts[2] = {rank & ~s_cards, rank & s_cards};
        for (int p = 0; p < 2; p++) {
            fh_mask_t m = parts[p];
            if (!m) continue;
            tb->count[n] = (int)FH_POPCOUNT64(m);
            tb->card[n][0] = (fh_card_t)FH_CTZ64(m);
            m &= m - 1;
            tb->card[n][1] = m ? (fh_card_t)FH_CTZ64(m) : tb->card[n][0];
            n++;
        }
    }
    tb->n_types = n;
    for (int t = 0; t < n; t++) {
        fh_card_t x = tb->card[t][0];
        uint64_t kx = base + fh_card_keys[x], sx = bsr | FH_SUIT_RANK_BIT(x);
        for (int u = t; u < n; u++) {
            uint8_t g = GRADE_NONE;
            fh_card_t y = u == t ? tb->card[t][1] : tb->card[u][0];
            if (u != t || tb->count[t] >= 2) {
                fh_value_t v = fh_value_from_key(kx + fh_card_keys[y], sx | FH_SUIT_RANK_BIT(y));
                g = v < hv ? GRADE_L : v == hv ? GRADE_T : GRADE_B;
            }
            tb->grade[t][u] = tb->grade[u][t] = g;
        }
    }
}

typedef struct {
    int n;                          /* classes with a T or B hand */
    int count[MAX_TYPES];
    uint8_t grade[MAX_TYPES][MAX_TYPES]; /* between classes; [c][c]: two cards of class c */
    uint32_t adj[MAX_TYPES];        /* classes joined to c by T or B hands */
    int universe;                   /* live cards that can be dealt in a counted set */
    int has_tie;
} classed_board;

/* Drop killer types, merge twins, keep the classes that have T or B hands. */
static void class_board(const typed_board *tb, classed_board *cb) {
    int n = tb->n_types;
    int alive[MAX_TYPES], universe = 0;
    for (int t = 0; t < n; t++) {
        int any = 0;
        for (int u = 0; u < n && !any; u++) any = tb->grade[t][u] == GRADE_L || tb->grade[t][u] == GRADE_T;
        alive[t] = any;
        if (any) universe += tb->count[t];
    }
    /* twins: class members share their grade towards every other type, and every pair of
     * cards inside a class has one grade (`inner`, GRADE_NONE while the class has one card) */
    int rep[MAX_TYPES], count[MAX_TYPES], k = 0;
    uint8_t inner[MAX_TYPES];
    for (int t = 0; t < n; t++) {
        if (!alive[t]) continue;
        int joined = 0;
        for (int c = 0; c < k && !joined; c++) {
            int r = rep[c];
            uint8_t w = tb->grade[t][r];
            if (inner[c] != GRADE_NONE && inner[c] != w) continue;
            if (tb->grade[t][t] != GRADE_NONE && tb->grade[t][t] != w) continue;
            int same = 1;
            for (int v = 0; v < n && same; v++) {
                if (!alive[v] || v == t || v == r) continue;
                /* v inside class c: t's grade to v must be the class's inner grade, which
                 * equals its grade to r (members are twins towards t) */
                same = tb->grade[t][v] == tb->grade[r][v];
            }
            if (!same) continue;
            inner[c] = w;
            count[c] += tb->count[t];
            joined = 1;
        }
        if (!joined) {
            rep[k] = t;
            count[k] = tb->count[t];
            inner[k] = tb->grade[t][t];
            k++;
        }
    }
    /* keep the classes with T or B hands (H's vertices) */
    int keep[MAX_TYPES], m = 0;
    cb->has_tie = 0;
    for (int c = 0; c < k; c++) {
        int any = inner[c] == GRADE_T || inner[c] == GRADE_B;
        for (int d = 0; d < k && !any; d++)
            if (d != c) any = tb->grade[rep[c]][rep[d]] != GRADE_L;
        if (any) keep[m++] = c;
    }
    for (int i = 0; i < m; i++) {
        int c = keep[i];
        cb->count[i] = count[c];
        cb->adj[i] = 0;
        for (int j = 0; j < m; j++) {
            uint8_t g = j == i ? inner[c] : tb->grade[rep[c]][rep[keep[j]]];
            if (g == GRADE_NONE || g == GRADE_L) g = GRADE_L;
            cb->grade[i][j] = g;
            if (g == GRADE_T) cb->has_tie = 1;
            if (j != i && g != GRADE_L) cb->adj[i] |= 1u << j;
        }
    }
    cb->n = m;
    cb->universe = universe;
}

/* The order the classes are taken in: each time, the class that leaves the fewest classes
 * open (joined to a taken class by an H hand but not taken yet), the smaller on ties. */
static void class_order(const classed_board *cb, int *order) {
    uint32_t taken = 0, open = 0;
    for (int s = 0; s < cb->n; s++) {
        int best = -1, best_open = 0;
        for (int c = 0; c < cb->n; c++) {
            if (taken >> c & 1) continue;
            uint32_t o = (open | cb->adj[c]) & ~(taken | 1u << c);
            int n_open = (int)FH_POPCOUNT64(o);
            if (best < 0 || n_open < best_open || (n_open == best_open && cb->count[c] < cb->count[best])) {
                best = c;
                best_open = n_open;
            }
        }
        order[s] = best;
        taken |= 1u << best;
        open = (open | cb->adj[best]) & ~taken;
    }
}

/* Swap the maps: the one just filled becomes the source. */
FH_INLINE void dp_swap(dp_ctx *c, state_map **src, state_map **dst) {
    state_map *t = *src;
    *src = *dst;
    *dst = t;
    map_clear(*dst);
    (void)c;
}

/* Matching polynomial of H up to nmax hands: poly[k * jdim + j] (k hands of H, x^j). */
static int h_matchings(dp_ctx *c, const classed_board *cb, i128 *poly) {
    int order[MAX_TYPES], pos[MAX_TYPES];
    class_order(cb, order);
    for (int s = 0; s < cb->n; s++) pos[order[s]] = s;
    int vs = c->vsize;
    state_map *src = &c->a, *dst = &c->b;
    map_clear(src);
    map_clear(dst);
    cell *v0 = map_get(src, 0, vs);
    if (!v0) return 0;
    v0[0].u = 1;
    if (c->shadow) v0[c->shadow].d = 1.0;
    rows_widen(v0, c, 0, 1);
    for (int s = 0; s < cb->n; s++) {
        int t = order[s];
        /* Class t's steps: the hands inside it (if any are T or B), then the hands to each
         * class u still to come. The first step reads t's free count a from the key (and
         * clears t's bits); between steps the key carries a; the last step forgets it (the
         * cards left stay undealt). */
        int steps[MAX_TYPES + 1], n_steps = 0; /* -1: inside t; u: towards class u */
        if (cb->grade[t][t] != GRADE_L) steps[n_steps++] = -1;
        for (int u = 0; u < cb->n; u++)
            if (pos[u] > s && (cb->adj[t] >> u & 1)) steps[n_steps++] = u;
        if (n_steps == 0) steps[n_steps++] = -2; /* nothing to deal: just clear t's bits */
        for (int k = 0; k < n_steps; k++) {
            int u = steps[k], first = k == 0, last = k == n_steps - 1;
            int g = u >= 0 ? cb->grade[t][u] : cb->grade[t][t];
            for (uint32_t e = 0; e < src->n; e++) {
                u128 key = src->keys[e];
                unsigned a;
                if (first) {
                    a = (unsigned)cb->count[t] - key_used(key, t);
                    key &= ~((u128)0xF << (4 * t));
                } else {
                    a = key_free(key);
                }
                const cell *sv = src->vals + (size_t)e * (size_t)vs;
                if (u == -2) { /* q = 0 of nothing */
                    cell *d = map_get(dst, key_set_free(key, 0), vs);
                    if (!d) return 0;
                    add_scaled(c, d, sv, 0, GRADE_B, 1, 1.0);
                } else if (u == -1) { /* p hands inside t from a free cards: C(a, 2p) (2p - 1)!! ways */
                    for (unsigned p = 0; 2 * p <= a && (int)p <= c->nmax; p++) {
                        cell *d = map_get(dst, key_set_free(key, last ? 0 : a - 2 * p), vs);
                        if (!d) return 0;
                        add_scaled(c, d, sv, (int)p, g, binom_table[a][2 * p] * odd_fact[p],
                                   (double)binom_table[a][2 * p] * (double)odd_fact[p]);
                    }
                } else { /* q hands from t to u: C(a, q) (free_u)_q ways */
                    unsigned used = key_used(key, u), free_u = (unsigned)cb->count[u] - used;
                    uint64_t falling = 1;
                    double falling_d = 1.0;
                    for (unsigned q = 0; q <= a && q <= free_u && (int)q <= c->nmax; q++) {
                        if (q) {
                            falling *= free_u - q + 1;
                            falling_d *= (double)(free_u - q + 1);
                        }
                        u128 nk = key_set_free(key, last ? 0 : a - q);
                        nk = (nk & ~((u128)0xF << (4 * u))) | ((u128)(used + q) << (4 * u));
                        cell *d = map_get(dst, nk, vs);
                        if (!d) return 0;
                        add_scaled(c, d, sv, (int)q, g, binom_table[a][q] * falling, (double)binom_table[a][q] * falling_d);
                    }
                }
            }
            dp_swap(c, &src, &dst);
        }
    }
    /* one state is left: nothing used, nothing free */
    int jd = c->jdim;
    memset(poly, 0, (size_t)(c->nmax + 1) * (size_t)jd * sizeof *poly);
    const cell *v = src->vals; /* src->n == 1: every class's key bits were cleared */
    for (int k = 0; k <= c->nmax; k++)
        for (int t = 0; t < jd; t++) {
            i128 x = (int64_t)v[k * jd + t].u;
            if (k == NMAX && c->shadow) { /* add the multiple of 2**64 the double points to */
                double gap = (v[c->shadow + t].d - (double)x) / 18446744073709551616.0;
                x += (i128)llround(gap) * ((i128)1 << 64);
            }
            poly[k * jd + t] = x;
        }
    return 1;
}

typedef struct {
    dp_ctx dp;
    uint64_t hero_key, hero_sr;
    fh_vs_many_tally *out;
    int64_t weight; /* boards this structure stands for */
    int split;      /* fill out->two (two opponents) */
} board_job;

/* Add one complete board (key and suit ranks without FH_KEY_INIT; `live` excludes it). */
static void one_board(board_job *j, uint64_t bkey, uint64_t bsr, fh_mask_t live) {
    if (j->dp.nmax <= 3) { /* up to three opponents: every hand valued, the sets counted directly */
        fh_vs_small small;
        fh_vs_small_board(bkey, bsr, j->hero_key, j->hero_sr, live, j->dp.nmax, j->split, &small);
        if (j->split) {
            for (int k = 0; k < 3; k++) j->out->two[k] += (i128)small.n[2][k] * j->weight;
            j->out->two[3] += (i128)small.above_ties * j->weight;
        }
        for (int n = 1; n <= j->dp.nmax; n++) {
            i128 share = 0;
            for (int jt = 0; jt <= n; jt++) share += (i128)small.n[n][jt] * (i128)(FH_VS_MANY_UNIT / (unsigned)(jt + 1));
            j->out->share[n] += share * j->weight;
            j->out->deals[n] += (i128)small.total[n] * j->weight;
        }
        return;
    }
    uint64_t base = FH_KEY_INIT + bkey;
    fh_value_t hv = fh_value_from_key(base + j->hero_key, bsr | j->hero_sr);
    typed_board tb;
    classed_board cb;
    type_board(base, bsr, hv, live, &tb);
    class_board(&tb, &cb);
    dp_ctx *c = &j->dp;
    int nmax = c->nmax;
    c->jdim = cb.has_tie ? nmax + 1 : 1;
    i128 poly[(NMAX + 1) * (NMAX + 1)];
    if (cb.n == 0) {
        memset(poly, 0, sizeof poly);
        poly[0] = 1;
    } else if (!h_matchings(c, &cb, poly)) {
        c->nomem = 1;
        return;
    }
    int n_live = (int)FH_POPCOUNT64(live), nu = cb.universe, jd = c->jdim;
    if (jd > 1) /* t hands of grade T in S stand for (x - 1)^t: expand into powers of x */
        for (int k = 0; k <= nmax; k++) {
            i128 *row = poly + k * jd, x[NMAX + 1];
            memset(x, 0, sizeof x);
            for (int t = 0; t <= k && t < jd; t++)
                for (int i = 0; i <= t; i++) {
                    i128 term = row[t] * (i128)binom_table[t][i];
                    x[i] += ((t - i) & 1) ? -term : term;
                }
            memcpy(row, x, (size_t)jd * sizeof *row);
        }
    for (int n = 1; n <= nmax; n++) {
        i128 share = 0;
        for (int jt = 0; jt < jd && jt <= n; jt++) {
            i128 w = 0; /* deals with jt tying opponents and none above */
            for (int k = 0; k <= n && 2 * k <= nu; k++) w += poly[k * jd + jt] * pm_table[nu - 2 * k][n - k];
            share += w * (i128)(FH_VS_MANY_UNIT / (unsigned)(jt + 1));
        }
        j->out->share[n] += share * j->weight;
        j->out->deals[n] += pm_table[n_live][n] * j->weight;
    }
}

/* ---- up to three opponents, directly: fh_vs_small_board ---------------------------------
 *
 * As against two, each opponent hand is valued once per runout and sorted into L, T or B; the
 * sets of three pairwise disjoint hands from L and T are counted by inclusion and exclusion
 * over the pairs of hands that share a card, as polynomials in x (x marks a T hand):
 *   disjoint = E3 - A + B - C, where over the triples of distinct L/T hands E3 sums the
 *   weights, A the weights times the pairs sharing a card, B times C(pairs sharing, 2), and C
 *   the weights of the triples that pairwise share (three hands on one card, or a triangle).
 * A hand e = (u, v) of weight w_e: A = sum over the cards c of the pairs on c times (W - the
 * two weights); B = sum over e of w_e times the pairs of other hands on u or v; C = the
 * triples on one card plus the triangles (from bit masks of L and T neighbours).
 * Coefficient j of the result counts the triples with j ties: the pot is won alone (j = 0) or
 * split j + 1 ways. */

static int64_t c2(int64_t a) { return a * (a - 1) / 2; }
static int64_t c3(int64_t a) { return a * (a - 1) * (a - 2) / 6; }

/* Unordered pairs of disjoint hands that both beat the hand and tie each other, from the values
 * val[i][j] of the n live cards' hands: per value, C(hands, 2) minus the pairs that share a card
 * (two distinct hands share at most one card). */
static int64_t above_tied_pairs(const fh_value_t val[FH_N_CARDS][FH_N_CARDS], int n, fh_value_t hv) {
    static _Thread_local uint16_t count[FH_N_VALUES + 1];
    fh_value_t touched[FH_N_CARDS * FH_N_CARDS / 2];
    int n_touched = 0;
    int64_t pairs = 0;
    for (int i = 0; i < n - 1; i++)
        for (int j = i + 1; j < n; j++) {
            fh_value_t v = val[i][j];
            if (v <= hv) continue;
            if (!count[v]) touched[n_touched++] = v;
            pairs += count[v]++;
        }
    for (int k = 0; k < n_touched; k++) count[touched[k]] = 0;
    for (int i = 0; i < n; i++) { /* the hands on card i */
        fh_value_t mine[FH_N_CARDS];
        int m = 0;
        for (int j = 0; j < n; j++) {
            fh_value_t v = j < i ? val[j][i] : val[i][j];
            if (j == i || v <= hv) continue;
            pairs -= count[v]++;
            mine[m++] = v;
        }
        for (int k = 0; k < m; k++) count[mine[k]] = 0;
    }
    return pairs;
}

void fh_vs_small_board(uint64_t bkey, uint64_t bsr, uint64_t hero_key, uint64_t hero_sr, fh_mask_t live, int max_n,
                       int want_above_ties, fh_vs_small *out) {
    uint64_t base = FH_KEY_INIT + bkey;
    fh_value_t hv = fh_value_from_key(base + hero_key, bsr | hero_sr);
    uint64_t keys[FH_N_CARDS], srs[FH_N_CARDS], adj_l[FH_N_CARDS] = {0}, adj_t[FH_N_CARDS] = {0};
    fh_value_t val[FH_N_CARDS][FH_N_CARDS];
    int n = fh_live_cards(live, keys, srs);
    for (int i = 0; i < n - 1; i++) {
        uint64_t ki = base + keys[i], si = bsr | srs[i];
        for (int j = i + 1; j < n; j++) {
            fh_value_t v = fh_value_from_key(ki + keys[j], si | srs[j]);
            val[i][j] = v;
            uint64_t below = v < hv, equal = v == hv;
            adj_l[i] |= below << j;
            adj_l[j] |= below << i;
            adj_t[i] |= equal << j;
            adj_t[j] |= equal << i;
        }
    }
    int64_t a[FH_N_CARDS], b[FH_N_CARDS], nl = 0, nt = 0;
    for (int i = 0; i < n; i++) {
        a[i] = FH_POPCOUNT64(adj_l[i]);
        b[i] = FH_POPCOUNT64(adj_t[i]);
        nl += a[i];
        nt += b[i];
    }
    nl /= 2;
    nt /= 2;
    uint64_t un = (uint64_t)n;
    memset(out, 0, sizeof *out);
    /* one opponent: the hands below and equal */
    out->n[1][0] = nl;
    out->n[1][1] = nt;
    out->total[1] = un * (un - 1) / 2;
    /* two: pairs of disjoint hands, C(|L|, 2) - sum_c C(d_L(c), 2) and likewise */
    out->n[2][0] = c2(nl);
    out->n[2][1] = nl * nt;
    out->n[2][2] = c2(nt);
    for (int i = 0; i < n; i++) {
        out->n[2][0] -= c2(a[i]);
        out->n[2][1] -= a[i] * b[i];
        out->n[2][2] -= c2(b[i]);
    }
    out->total[2] = out->total[1] * ((un - 2) * (un - 3) / 2) / 2;
    if (want_above_ties) out->above_ties = above_tied_pairs((const fh_value_t(*)[FH_N_CARDS])val, n, hv);
    if (max_n < 3) return;
    int64_t *poly = out->n[3];
    /* E3 */
    poly[0] = c3(nl);
    poly[1] = c2(nl) * nt;
    poly[2] = nl * c2(nt);
    poly[3] = c3(nt);
    /* - A + C's stars */
    for (int i = 0; i < n; i++) {
        int64_t p0 = c2(a[i]), p1 = a[i] * b[i], p2 = c2(b[i]); /* pairs on card i */
        /* W * P - (ordered pairs e != f on i of w_e^2 w_f) */
        poly[0] -= nl * p0 - a[i] * (a[i] - 1);
        poly[1] -= nl * p1 + nt * p0 - a[i] * b[i];
        poly[2] -= nl * p2 + nt * p1 - a[i] * b[i];
        poly[3] -= nt * p2 - b[i] * (b[i] - 1);
        /* - C: three hands on card i */
        poly[0] -= c3(a[i]);
        poly[1] -= c2(a[i]) * b[i];
        poly[2] -= a[i] * c2(b[i]);
        poly[3] -= c3(b[i]);
    }
    /* + B and - C's triangles, hand by hand */
    for (int i = 0; i < n - 1; i++) {
        for (int j = i + 1; j < n; j++) {
            int t = (int)(adj_t[i] >> j & 1);
            if (!t && !(adj_l[i] >> j & 1)) continue;
            int64_t al = a[i] + a[j] - 2 * (1 - t), bt = b[i] + b[j] - 2 * t;
            poly[t] += c2(al);
            poly[t + 1] += al * bt;
            poly[t + 2] += c2(bt);
            uint64_t above = ~0ULL << (j + 1); /* j + 1 <= 46 */
            int64_t ll = FH_POPCOUNT64(adj_l[i] & adj_l[j] & above);
            int64_t lt = FH_POPCOUNT64(adj_l[i] & adj_t[j] & above) + FH_POPCOUNT64(adj_t[i] & adj_l[j] & above);
            int64_t tt = FH_POPCOUNT64(adj_t[i] & adj_t[j] & above);
            poly[t] -= ll;
            poly[t + 1] -= lt;
            poly[t + 2] -= tt;
        }
    }
    out->total[3] = un * (un - 1) / 2 * ((un - 2) * (un - 3) / 2) / 3 * ((un - 4) * (un - 5) / 2) / 2;
}

/* ---- boards, grouped ---------------------------------------------------------------------
 *
 * Two complete boards give the same counts when they have the same structure:
 *   - no suit with three or more board cards (nobody can make a flush): the multiset of board
 *     ranks (the live cards of each rank, the hand's value and every grade follow from it);
 *   - a suit s with three or more: s, the ranks of the s-cards on the board and the multiset of
 *     ranks of the other board cards (types split by suit s only).
 * Boards are listed once (cheap), summed by structure, and each structure is solved once with
 * its number of boards as weight: on a flop the 1,081 runouts fall into at most a few hundred
 * structures, preflop the 2,118,760 boards into tens of thousands. */

typedef struct {
    uint64_t key, weight;
    uint64_t bkey, bsr; /* one board of the group: key sum (without FH_KEY_INIT), suit ranks */
    fh_mask_t mask;
} board_group;

typedef struct {
    board_group *g;
    int32_t *slots;
    uint32_t n, cap; /* entries; slots has 2 * cap */
} group_map;

/* canon[s]: the first suit whose cards among the fixed ones (hand, board, dead) have the same
 * ranks as s's. Swapping two such suits maps the fixed cards onto themselves, so boards whose
 * flush suits differ only so have equal counts. */
static uint64_t structure_key(uint64_t bkey, uint64_t bsr, fh_mask_t mask, const unsigned *canon) {
    uint64_t base = FH_KEY_INIT + bkey;
    uint64_t flush = (base & FH_FLUSH_CHECK) | ((base + (0x2222ULL << 32)) & FH_FLUSH_CHECK);
    if (!flush) return (uint32_t)bkey; /* the rank part of the key: unique per rank multiset */
    unsigned s = fh_flush_suit(base + (0x2222ULL << 32));
    uint32_t others = 0;
    for (fh_mask_t m = mask & ~(0x1111111111111ULL << s); m; m &= m - 1) others += (uint32_t)fh_card_keys[FH_CTZ64(m)];
    return 1ULL << 63 | (uint64_t)canon[s] << 61 | ((bsr >> (16 * s)) & 0x1FFFu) << 32 | others;
}

static int group_add(group_map *m, uint64_t key, uint64_t bkey, uint64_t bsr, fh_mask_t mask) {
    uint32_t i = (uint32_t)((key * 0x9E3779B97F4A7C15ULL) >> 32) & (2 * m->cap - 1);
    while (m->slots[i] >= 0) {
        board_group *g = &m->g[m->slots[i]];
        if (g->key == key) {
            g->weight++;
            return 1;
        }
        i = (i + 1) & (2 * m->cap - 1);
    }
    if (m->n == m->cap) { /* grow: double entries and slots, rehash */
        uint32_t cap = 2 * m->cap;
        board_group *g = realloc(m->g, cap * sizeof *g);
        int32_t *slots = malloc(2 * (size_t)cap * sizeof *slots);
        if (!g || !slots) {
            if (g) m->g = g;
            free(slots);
            return 0;
        }
        free(m->slots);
        m->g = g;
        m->slots = slots;
        m->cap = cap;
        memset(slots, 0xFF, 2 * (size_t)cap * sizeof *slots);
        for (uint32_t e = 0; e < m->n; e++) {
            uint32_t k = (uint32_t)((g[e].key * 0x9E3779B97F4A7C15ULL) >> 32) & (2 * cap - 1);
            while (slots[k] >= 0) k = (k + 1) & (2 * cap - 1);
            slots[k] = (int32_t)e;
        }
        return group_add(m, key, bkey, bsr, mask);
    }
    board_group *g = &m->g[m->n];
    g->key = key;
    g->weight = 1;
    g->bkey = bkey;
    g->bsr = bsr;
    g->mask = mask;
    m->slots[i] = (int32_t)m->n++;
    return 1;
}

/* Every completion of the board from the live cards, summed by structure into m. */
static int group_boards(group_map *m, const fh_card_t *board, int n_board, fh_mask_t live) {
    unsigned canon[4];
    fh_mask_t fixed = FH_FULL_DECK & ~live;
    for (unsigned s = 0; s < 4; s++) {
        canon[s] = s;
        for (unsigned r = 0; r < s; r++)
            if (((fixed >> r) & 0x1111111111111ULL) == ((fixed >> s) & 0x1111111111111ULL)) {
                canon[s] = r;
                break;
            }
    }
    fh_cards_sum b = fh_sum_cards(board, n_board);
    int need = 5 - n_board;
    fh_card_t cards[FH_N_CARDS];
    int n = 0;
    for (fh_mask_t x = live; x; x &= x - 1) cards[n++] = (fh_card_t)FH_CTZ64(x);
    uint64_t keys[6], srs[6];
    fh_mask_t masks[6];
    int idx[6];
    keys[0] = b.key;
    srs[0] = b.suit_ranks;
    masks[0] = b.mask;
    if (need == 0) return group_add(m, structure_key(b.key, b.suit_ranks, b.mask, canon), b.key, b.suit_ranks, b.mask);
    int d = 0; /* an odometer over increasing index tuples */
    idx[0] = 0;
    for (;;) {
        if (idx[d] > n - (need - d)) {
            if (d == 0) break;
            d--;
            idx[d]++;
            continue;
        }
        fh_card_t x = cards[idx[d]];
        keys[d + 1] = keys[d] + fh_card_keys[x];
        srs[d + 1] = srs[d] | FH_SUIT_RANK_BIT(x);
        masks[d + 1] = masks[d] | 1ULL << x;
        if (d + 1 < need) {
            idx[d + 1] = idx[d] + 1;
            d++;
            continue;
        }
        if (!group_add(m, structure_key(keys[need], srs[need], masks[need], canon), keys[need], srs[need], masks[need]))
            return 0;
        idx[d]++;
    }
    return 1;
}

static fh_status vs_many(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead, int max_opponents,
                         int split, const fh_par *par, fh_vs_many_tally *out) {
    if (max_opponents < 1 || max_opponents > NMAX) return FH_ERR_ARGUMENT;
    if (n_board != 0 && (n_board < 3 || n_board > 5)) return FH_ERR_ARGUMENT;
    tables_init();
    fh_mask_t used = (1ULL << hole[0]) | (1ULL << hole[1]) | dead;
    for (int i = 0; i < n_board; i++) used |= 1ULL << board[i];
    fh_mask_t live = FH_FULL_DECK & ~used;
    if ((int)FH_POPCOUNT64(live) < 2 * max_opponents + 5 - n_board) return FH_ERR_FEW_CARDS;
    memset(out, 0, sizeof *out);
    board_job j;
    memset(&j, 0, sizeof j);
    j.split = split;
    j.dp.nmax = max_opponents;
    j.dp.vsize = (max_opponents + 1) * (max_opponents + 1);
    if (max_opponents == NMAX) { /* the k = 9 row's doubles after the counts */
        j.dp.shadow = j.dp.vsize;
        j.dp.vsize += NMAX + 1;
    }
    j.dp.rows = j.dp.vsize++; /* then the nonzero rows */
    group_map groups = {NULL, NULL, 0, 256};
    groups.g = malloc(groups.cap * sizeof *groups.g);
    groups.slots = malloc(2 * (size_t)groups.cap * sizeof *groups.slots);
    fh_status status = FH_OK;
    if (!groups.g || !groups.slots || !map_init(&j.dp.a, j.dp.vsize) || !map_init(&j.dp.b, j.dp.vsize)) {
        status = FH_ERR_NOMEM;
    } else {
        memset(groups.slots, 0xFF, 2 * (size_t)groups.cap * sizeof *groups.slots);
        fh_cards_sum h = fh_sum_cards(hole, 2);
        j.hero_key = h.key;
        j.hero_sr = h.suit_ranks;
        j.out = out;
        if (!group_boards(&groups, board, n_board, live)) status = FH_ERR_NOMEM;
        for (uint32_t e = 0; e < groups.n && status == FH_OK; e++) {
            if ((e & 63u) == 0 && par && fh_par_cancelled(par)) {
                status = FH_ERR_INTERRUPTED;
                break;
            }
            const board_group *g = &groups.g[e];
            j.weight = (int64_t)g->weight;
            one_board(&j, g->bkey, g->bsr, live & ~g->mask);
            if (j.dp.nomem) status = FH_ERR_NOMEM;
        }
    }
    free(groups.g);
    free(groups.slots);
    map_free(&j.dp.a);
    map_free(&j.dp.b);
    return status;
}

fh_status fh_vs_many(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead, int max_opponents,
                     const fh_par *par, fh_vs_many_tally *out) {
    return vs_many(hole, board, n_board, dead, max_opponents, 0, par, out);
}

fh_status fh_vs_two_split(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                          const fh_par *par, fh_vs_many_tally *out) {
    return vs_many(hole, board, n_board, dead, 2, 1, par, out);
}

void fh_vs_two_parts(const fh_vs_many_tally *t, uint64_t hi[5], uint64_t lo[5]) {
    for (int k = 0; k < 5; k++) {
        u128 x = (u128)(k < 4 ? t->two[k] : t->deals[2]);
        hi[k] = (uint64_t)(x >> 64);
        lo[k] = (uint64_t)x;
    }
}

double fh_vs_many_equity(const fh_vs_many_tally *t, int n) {
    if (n < 1 || n > NMAX || t->deals[n] == 0) return 0.0;
    return (double)((long double)t->share[n] / ((long double)t->deals[n] * (long double)FH_VS_MANY_UNIT));
}

typedef struct {
    const fh_card_t *hole, *board;
    int n_board, max_opponents, split;
    fh_mask_t dead;
    fh_vs_many_tally *out;
    fh_status status;
} run_job;

static void run_worker(fh_par *par, void *ctx, int tid) {
    run_job *j = ctx;
    size_t lo, hi;
    (void)tid;
    while (fh_par_next(par, &lo, &hi))
        j->status = vs_many(j->hole, j->board, j->n_board, j->dead, j->max_opponents, j->split, par, j->out);
}

fh_status fh_vs_many_run(const fh_card_t *hole, const fh_card_t *board, int n_board, fh_mask_t dead,
                         int max_opponents, int split, const fh_exec *ex, fh_vs_many_tally *out) {
    run_job j = {hole, board, n_board, max_opponents, split, dead, out, FH_OK};
    /* a preflop spot takes seconds: poll for Ctrl-C */
    uint64_t cost_ns = n_board == 0 ? 1000000000ULL : 1000000ULL;
    fh_status status = fh_par_exec(1, 1, 1, ex, cost_ns, run_worker, &j);
    return status == FH_OK ? j.status : status;
}
