/* fh_montecarlo.c -- seeded Monte Carlo equity (see fh_montecarlo.h). */
#include "fh_montecarlo.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "fh_eval.h"
#include "fh_rng.h"
#include "fh_showdown.h"

#define MAX_REJECTIONS 100000
#define FH_MC_DECKS_MAX 1024 /* most joint assignments given a ready deck each (64 KB) */

/* The specialised block copies stay functions of their own, whatever the inliner decides
 * for their dispatcher (a build in which GCC had inlined most of them into it ran about 30%
 * slower). */
#if defined(__GNUC__) || defined(__clang__)
#define MC_NOINLINE __attribute__((noinline))
#else
#define MC_NOINLINE
#endif

/* ---- alias tables (Vose) ------------------------------------------------------------------ */

/* Column i is kept when a 32-bit fraction is below thr[i] (0 .. 2**32), else alias[i]. */
typedef struct {
    uint32_t n;
    uint64_t *thr;
    uint32_t *alias;
} alias_table;

static void alias_free(alias_table *a) {
    free(a->thr);
    free(a->alias);
    a->thr = NULL;
    a->alias = NULL;
}

/* Alias table of n >= 1 weights (NULL: equal); FH_ERR_NO_DEAL when they sum to 0. */
static fh_status alias_build(alias_table *a, const double *w, uint32_t n) {
    a->n = n;
    a->thr = malloc(n * sizeof *a->thr);
    a->alias = malloc(n * sizeof *a->alias);
    double *p = malloc(n * sizeof *p);
    uint32_t *small = malloc(n * sizeof *small), *large = malloc(n * sizeof *large);
    fh_status st = FH_OK;
    if (!a->thr || !a->alias || !p || !small || !large) {
        st = FH_ERR_NOMEM;
        goto done;
    }
    double total = 0;
    for (uint32_t i = 0; i < n; i++) total += w ? w[i] : 1.0;
    if (!(total > 0)) {
        st = FH_ERR_NO_DEAL;
        goto done;
    }
    uint32_t ns = 0, nl = 0;
    for (uint32_t i = 0; i < n; i++) {
        p[i] = (w ? w[i] : 1.0) * (double)n / total;
        a->alias[i] = i;
        if (p[i] < 1.0)
            small[ns++] = i;
        else
            large[nl++] = i;
    }
    while (ns && nl) {
        uint32_t s = small[--ns], l = large[nl - 1];
        a->thr[s] = (uint64_t)(p[s] * 4294967296.0);
        a->alias[s] = l;
        p[l] -= 1.0 - p[s];
        if (p[l] < 1.0) {
            nl--;
            small[ns++] = l;
        }
    }
    /* What is left has probability 1 up to rounding. */
    while (nl) a->thr[large[--nl]] = 1ULL << 32;
    while (ns) a->thr[small[--ns]] = 1ULL << 32;
done:
    free(p);
    free(small);
    free(large);
    if (st != FH_OK) alias_free(a);
    return st;
}

/* One draw: the column from the high 32 bits, the coin from the low 32. */
FH_INLINE uint32_t alias_draw(const alias_table *a, uint64_t x) {
    uint32_t col = (uint32_t)(((x >> 32) * (uint64_t)a->n) >> 32);
    return (x & 0xFFFFFFFFu) < a->thr[col] ? col : a->alias[col];
}

/* ---- the job ------------------------------------------------------------------------------- */

typedef struct {
    uint64_t key; /* fh_card_keys of both cards */
    uint64_t sr;  /* FH_SUIT_RANK_BIT of both cards */
    fh_mask_t mask;
    uint8_t pos[2]; /* positions of the cards in the base deck, larger first */
} mc_hole;

/* A weighted player's hole as the evaluator sees it. */
typedef struct {
    uint64_t key, sr;
} mc_hk;

typedef struct {
    int n_players, n_weighted, n_random;
    int weighted[FH_MAX_PLAYERS]; /* player of each weighted slot */
    int random[FH_MAX_PLAYERS];   /* player of each random slot */
    mc_hole *holes[FH_MAX_PLAYERS]; /* per weighted slot: its combos */
    /* joint sampling: n_joint assignments, slot combos in joint_combo[i * n_weighted + s],
     * card positions (descending) in joint_pos[i * 2 * n_weighted + ...] */
    int joint;
    uint16_t *joint_combo;
    uint8_t *joint_pos;
    mc_hk *joint_hk; /* the slots' keys and suit-rank bits, joint_hk[i * n_weighted + s] */
    fh_card_t *joint_deck; /* per assignment, the 64-slot deck left once its cards are out
                            * (NULL when there are over FH_MC_DECKS_MAX assignments) */
    alias_table pick;              /* over the assignments (joint) */
    alias_table slot[FH_MAX_PLAYERS]; /* per weighted slot (rejection) */
    fh_card_t base[64];            /* cards of neither board nor dead */
    int n_base;
    int need;                      /* cards dealt from the deck per trial */
    int missing;                   /* board cards to deal */
    fh_mask_t base_used;
    uint64_t bkey, bsr;            /* the known board */
    /* per-combo output */
    size_t combo_off[FH_MAX_PLAYERS];     /* first counter of each player */
    int combo_n[FH_MAX_PLAYERS];
    int16_t *pair_index[FH_MAX_PLAYERS]; /* random players: 52 * 52 -> listed combo or -1 */
    size_t combo_slots;
    /* run */
    uint64_t seed, first_block;
    uint32_t block_size;
    int nt;
    struct padded_tally *tallies; /* per thread */
    uint64_t **combos;            /* per thread: combo counters (NULL when not asked) */
    atomic_int failed;            /* set when a block found no deal */
    void (*fill)(fh_rng *r, uint64_t *out, size_t n); /* batches of random numbers */
} mc_job;

/* A thread's tally, padded so that two threads never write one cache line. */
struct padded_tally {
    fh_tally t;
    char pad[64];
};

size_t fh_mc_combo_slots(const fh_mc_player *players, int n_players) {
    size_t n = 0;
    for (int p = 0; p < n_players; p++)
        if (players[p].combos) n += 3 * (size_t)players[p].n;
    return n;
}

/* Sort the 2k positions of an assignment in descending order (k <= 10: insertion sort). */
FH_INLINE void sort_desc(uint8_t *pos, int n) {
    for (int i = 1; i < n; i++) {
        uint8_t x = pos[i];
        int j = i;
        while (j > 0 && pos[j - 1] < x) {
            pos[j] = pos[j - 1];
            j--;
        }
        pos[j] = x;
    }
}

typedef struct {
    mc_job *j;
    double *weights;
    size_t count, cap;
    uint16_t cur[FH_MAX_PLAYERS];
} joint_builder;

static fh_status joint_rec(joint_builder *b, int s, fh_mask_t used, double w, const fh_mc_player *players) {
    mc_job *j = b->j;
    if (s == j->n_weighted) {
        if (b->count == b->cap) return FH_ERR_TOO_BIG; /* too many to list: rejection instead */
        size_t i = b->count++;
        uint8_t *pos = j->joint_pos + i * 2 * (size_t)j->n_weighted;
        for (int t = 0; t < j->n_weighted; t++) {
            const mc_hole *h = &j->holes[t][b->cur[t]];
            j->joint_combo[i * (size_t)j->n_weighted + (size_t)t] = b->cur[t];
            pos[2 * t] = h->pos[0];
            pos[2 * t + 1] = h->pos[1];
        }
        sort_desc(pos, 2 * j->n_weighted);
        b->weights[i] = w;
        return FH_OK;
    }
    const fh_mc_player *pl = &players[j->weighted[s]];
    for (int c = 0; c < pl->n; c++) {
        const mc_hole *h = &j->holes[s][c];
        double wc = pl->weights ? pl->weights[c] : 1.0;
        if ((used & h->mask) || !(wc > 0)) continue;
        b->cur[s] = (uint16_t)c;
        fh_status st = joint_rec(b, s + 1, used | h->mask, w * wc, players);
        if (st != FH_OK) return st;
    }
    return FH_OK;
}

static void job_free(mc_job *j) {
    for (int s = 0; s < FH_MAX_PLAYERS; s++) {
        free(j->holes[s]);
        alias_free(&j->slot[s]);
        free(j->pair_index[s]);
    }
    alias_free(&j->pick);
    free(j->joint_combo);
    free(j->joint_pos);
    free(j->joint_hk);
    free(j->joint_deck);
}

static fh_status job_init(mc_job *j, const fh_mc_player *players, int n_players, const fh_card_t *board,
                          int n_board, fh_mask_t dead, int want_combos) {
    memset(j, 0, sizeof *j);
    atomic_init(&j->failed, 0);
    j->n_players = n_players;
    fh_cards_sum known = fh_sum_cards(board, n_board);
    j->base_used = dead | known.mask;
    j->bkey = FH_KEY_INIT + known.key;
    j->bsr = known.suit_ranks;
    j->missing = 5 - n_board;
    uint8_t base_pos[FH_N_CARDS];
    for (unsigned c = 0; c < FH_N_CARDS; c++)
        if (!(j->base_used >> c & 1)) {
            base_pos[c] = (uint8_t)j->n_base;
            j->base[j->n_base++] = (fh_card_t)c;
        }
    size_t off = 0;
    for (int p = 0; p < n_players; p++) {
        const fh_mc_player *pl = &players[p];
        if (pl->random) {
            j->random[j->n_random++] = p;
        } else {
            if (pl->n < 1 || pl->n > 65535 || !pl->combos) return FH_ERR_ARGUMENT;
            int s = j->n_weighted++;
            j->weighted[s] = p;
            j->holes[s] = malloc((size_t)pl->n * sizeof(mc_hole));
            if (!j->holes[s]) return FH_ERR_NOMEM;
            for (int c = 0; c < pl->n; c++) {
                fh_card_t a = pl->combos[2 * c], b = pl->combos[2 * c + 1];
                mc_hole *h = &j->holes[s][c];
                h->key = fh_card_keys[a] + fh_card_keys[b];
                h->sr = SUIT_RANK_BITS[a] | SUIT_RANK_BITS[b];
                h->mask = (1ULL << a) | (1ULL << b);
                if (a == b || (h->mask & j->base_used)) return FH_ERR_ARGUMENT;
                uint8_t pa = base_pos[a], pb = base_pos[b];
                h->pos[0] = pa > pb ? pa : pb;
                h->pos[1] = pa > pb ? pb : pa;
            }
        }
        if (want_combos && pl->combos) {
            j->combo_off[p] = off;
            j->combo_n[p] = pl->n;
            off += 3 * (size_t)pl->n;
            if (pl->random) {
                if (pl->n > 1326) return FH_ERR_ARGUMENT;
                int16_t *m = malloc(FH_N_CARDS * FH_N_CARDS * sizeof *m);
                if (!m) return FH_ERR_NOMEM;
                memset(m, 0xFF, FH_N_CARDS * FH_N_CARDS * sizeof *m);
                for (int c = 0; c < pl->n; c++) {
                    fh_card_t a = pl->combos[2 * c], b = pl->combos[2 * c + 1];
                    m[a * FH_N_CARDS + b] = m[b * FH_N_CARDS + a] = (int16_t)c;
                }
                j->pair_index[p] = m;
            }
        }
    }
    j->combo_slots = off;
    j->need = 2 * j->n_random + j->missing;
    if (j->need + 2 * j->n_weighted > j->n_base) return FH_ERR_FEW_CARDS;
    if (j->n_weighted == 0) return FH_OK;
    /* Joint sampling when the collision-free assignments are few enough to list (tried when
     * the product of the range sizes bounds the search; narrow overlapping ranges, where
     * rejection would storm, have few). */
    uint64_t product = 1;
    for (int s = 0; s < j->n_weighted && product <= FH_MC_SEARCH_MAX; s++)
        product *= (uint64_t)players[j->weighted[s]].n;
    if (product <= FH_MC_SEARCH_MAX) {
        size_t cap = product < FH_MC_JOINT_MAX ? (size_t)product : FH_MC_JOINT_MAX;
        joint_builder b = {j, malloc(cap * sizeof(double)), 0, cap, {0}};
        j->joint_combo = malloc(cap * (size_t)j->n_weighted * sizeof(uint16_t));
        j->joint_pos = malloc(cap * 2 * (size_t)j->n_weighted);
        if (!b.weights || !j->joint_combo || !j->joint_pos) {
            free(b.weights);
            return FH_ERR_NOMEM;
        }
        fh_status st = joint_rec(&b, 0, j->base_used, 1.0, players);
        if (st == FH_OK) {
            if (b.count) st = alias_build(&j->pick, b.weights, (uint32_t)b.count);
            else st = FH_ERR_NO_DEAL;
            free(b.weights);
            j->joint = 1;
            const size_t kk = (size_t)j->n_weighted;
            if (st == FH_OK && !(j->joint_hk = malloc(b.count * kk * sizeof(mc_hk)))) st = FH_ERR_NOMEM;
            for (size_t i = 0; st == FH_OK && i < b.count; i++)
                for (size_t t = 0; t < kk; t++) {
                    const mc_hole *h = &j->holes[t][j->joint_combo[i * kk + t]];
                    j->joint_hk[i * kk + t] = (mc_hk){h->key, h->sr};
                }
            if (st == FH_OK && b.count <= FH_MC_DECKS_MAX && (j->joint_deck = malloc(b.count * 64))) {
                /* Each assignment's deck: every card of it, from its base position
                 * (descending, so earlier moves never touch a later position), takes the
                 * last card, as a trial would. */
                const int k2 = 2 * j->n_weighted, last = j->n_base - 1;
                for (size_t i = 0; i < b.count; i++) {
                    fh_card_t *d = j->joint_deck + i * 64;
                    const uint8_t *pos = j->joint_pos + i * (size_t)k2;
                    memcpy(d, j->base, 64);
                    for (int q = 0; q < k2; q++) d[pos[q]] = d[last - q];
                }
            }
            return st;
        }
        free(b.weights);
        free(j->joint_combo);
        free(j->joint_pos);
        j->joint_combo = NULL;
        j->joint_pos = NULL;
        if (st != FH_ERR_TOO_BIG) return st;
    }
    for (int s = 0; s < j->n_weighted; s++) {
        const fh_mc_player *pl = &players[j->weighted[s]];
        fh_status st = alias_build(&j->slot[s], pl->weights, (uint32_t)pl->n);
        if (st != FH_OK) return st;
    }
    return FH_OK;
}

/* ---- trials -------------------------------------------------------------------------------- */

/* ---- random numbers, drawn a batch of trials at a time ------------------------------------ */

/* Each trial uses a fixed count of numbers (when no rejection sampling is involved), so a
 * batch of trials' numbers comes from one call: the same stream, in the same order, as
 * calling fh_rng_next trial by trial; SplitMix64 is a counter hashed, so eight lanes hash
 * eight counters at once where AVX-512 is there (chosen at run time). */
#define RNG_BATCH 64     /* trials per batch */
#define MAX_PER_TRIAL 16 /* numbers one trial uses: 1 + (2 * 10 + 5 + 1) / 2 at most */

typedef void (*rng_fill_fn)(fh_rng *r, uint64_t *out, size_t n);

/* out[0..n) = the next n numbers of r. */
static void rng_fill_scalar(fh_rng *r, uint64_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = fh_rng_next(r);
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#include <immintrin.h>
#define FH_MC_AVX512 1
__attribute__((target("avx512f,avx512dq"))) static void rng_fill_avx512(fh_rng *r, uint64_t *out, size_t n) {
    const uint64_t gamma = 0x9E3779B97F4A7C15ULL; /* fh_rng_next's increment */
    uint64_t s = r->state;
    size_t i = 0;
    if (n >= 8) {
        __m512i st = _mm512_add_epi64(_mm512_set1_epi64((long long)s),
                                      _mm512_mullo_epi64(_mm512_set1_epi64((long long)gamma),
                                                         _mm512_set_epi64(8, 7, 6, 5, 4, 3, 2, 1)));
        const __m512i step = _mm512_set1_epi64((long long)(8 * gamma));
        const __m512i m1 = _mm512_set1_epi64((long long)0xBF58476D1CE4E5B9ULL);
        const __m512i m2 = _mm512_set1_epi64((long long)0x94D049BB133111EBULL);
        for (; i + 8 <= n; i += 8) {
            __m512i z = st;
            st = _mm512_add_epi64(st, step);
            z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 30)), m1);
            z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 27)), m2);
            z = _mm512_xor_si512(z, _mm512_srli_epi64(z, 31));
            _mm512_storeu_si512((void *)(out + i), z);
        }
        s += (uint64_t)i * gamma;
    }
    fh_rng rest = {s};
    for (; i < n; i++) out[i] = fh_rng_next(&rest);
    r->state = rest.state;
}
#endif

/* The batch filler this CPU runs (FASTHOLDEM_MC_RNG=scalar forces the portable one). */
static rng_fill_fn pick_rng_fill(void) {
#ifdef FH_MC_AVX512
    const char *env = getenv("FASTHOLDEM_MC_RNG");
    if (!(env && strcmp(env, "scalar") == 0) && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512dq"))
        return rng_fill_avx512;
#endif
    return rng_fill_scalar;
}

/* ---- trials -------------------------------------------------------------------------------- */

/* Partial Fisher-Yates: deck[0..need) become a uniform ordered draw from deck[0..m), from the
 * (need + 1) / 2 numbers xs (two cards per number; an odd last card from the high half). */
FH_INLINE void shuffle_head(fh_card_t *deck, int m, int need, const uint64_t *xs) {
    int i = 0;
    for (; i + 1 < need; i += 2) {
        uint64_t x = *xs++;
        uint32_t k0 = (uint32_t)(((x & 0xFFFFFFFFu) * (uint64_t)(m - i)) >> 32) + (uint32_t)i;
        fh_card_t tmp = deck[i];
        deck[i] = deck[k0];
        deck[k0] = tmp;
        uint32_t k1 = (uint32_t)(((x >> 32) * (uint64_t)(m - i - 1)) >> 32) + (uint32_t)i + 1;
        tmp = deck[i + 1];
        deck[i + 1] = deck[k1];
        deck[k1] = tmp;
    }
    if (i < need) {
        uint32_t k0 = (uint32_t)(((*xs >> 32) * (uint64_t)(m - i)) >> 32) + (uint32_t)i;
        fh_card_t tmp = deck[i];
        deck[i] = deck[k0];
        deck[k0] = tmp;
    }
}

/* The same draw (the same numbers, the same cards) into out[0..need), for a deck that is
 * refilled before the next trial: deck[0..need) is left stale, so each card costs one store
 * and no reload (out stays in registers when need is a constant). */
FH_INLINE void deal_head(fh_card_t *deck, int m, int need, const uint64_t *xs, fh_card_t *out) {
    /* Positions as size_t: + i then folds into the addressing (a uint32_t sum would have to
     * wrap first). */
    int i = 0;
    for (; i + 1 < need; i += 2) {
        uint64_t x = *xs++;
        size_t k0 = (size_t)(((x & 0xFFFFFFFFu) * (uint64_t)(m - i)) >> 32) + (size_t)i;
        out[i] = deck[k0];
        deck[k0] = deck[i];
        size_t k1 = (size_t)(((x >> 32) * (uint64_t)(m - i - 1)) >> 32) + (size_t)i + 1;
        out[i + 1] = deck[k1];
        deck[k1] = deck[i + 1];
    }
    if (i < need) {
        size_t k0 = (size_t)(((*xs >> 32) * (uint64_t)(m - i)) >> 32) + (size_t)i;
        out[i] = deck[k0];
        deck[k0] = deck[i];
    }
}

typedef struct {
    uint64_t w[8];
} deck64; /* 64 card slots, copied as a whole */

/* Players up to which a block counts its showdowns by the mask of winners: one counter per
 * mask (2**n of them), decoded at the end of the block by tally_fold_masks; no branch on
 * the outcome per trial. */
#define MASK_TALLY_MAX 6

FH_INLINE unsigned winners_mask(const fh_value_t *v, int n) {
    fh_value_t best = v[0];
    for (int p = 1; p < n; p++) best = v[p] > best ? v[p] : best;
    unsigned mask = 0;
    for (int p = 0; p < n; p++) mask |= (unsigned)(v[p] == best) << p;
    return mask;
}

/* Add to t what tally_showdown would have added for cnt[mask] showdowns won by each mask. */
static void tally_fold_masks(fh_tally *t, const uint64_t *cnt, int n) {
    for (unsigned mask = 1; mask < 1u << n; mask++) {
        uint64_t c = cnt[mask];
        if (!c) continue;
        unsigned winners = FH_POPCOUNT64(mask);
        uint64_t s = FH_SHARE_UNIT / (uint64_t)winners;
        t->deals += c;
        t->split[winners] += c;
        for (unsigned m = mask; m; m &= m - 1) {
            unsigned p = FH_CTZ64(m);
            if (winners == 1) t->win[p] += c;
            else t->tie[p] += c;
            t->share[p] += c * s;
            t->share_sq[p] += c * s * s;
        }
    }
}

/* Past MASK_TALLY_MAX players: a showdown with a single winner (the common case) only counts
 * wins[who] (a local array), and tally_fold_wins adds what tally_showdown would have added
 * for them; ties go to tally_showdown. */
FH_INLINE void tally_fast(fh_tally *t, uint64_t *wins, const fh_value_t *v, int n) {
    unsigned mask = winners_mask(v, n);
    if (FH_LIKELY((mask & (mask - 1)) == 0)) {
        wins[FH_CTZ64(mask)]++;
        return;
    }
    tally_showdown(t, v, n, 1);
}

FH_INLINE void tally_fold_wins(fh_tally *t, const uint64_t *wins, int n) {
    for (int p = 0; p < n; p++) {
        t->deals += wins[p];
        t->split[1] += wins[p];
        t->win[p] += wins[p];
        t->share[p] += wins[p] * FH_SHARE_UNIT;
        t->share_sq[p] += wins[p] * (uint64_t)FH_SHARE_UNIT * FH_SHARE_UNIT;
    }
}

/* A showdown into counts (COUNT_SLOTS of them): per mask of winners up to MASK_TALLY_MAX
 * players, else per single winner (ties straight into t); tally_fold adds them to t. */
#define COUNT_SLOTS (1 << MASK_TALLY_MAX)
FH_INLINE void tally_count(fh_tally *t, uint64_t *counts, const fh_value_t *v, int n) {
    if (n <= MASK_TALLY_MAX) counts[winners_mask(v, n)]++;
    else tally_fast(t, counts, v, n);
}

FH_INLINE void tally_fold(fh_tally *t, const uint64_t *counts, int n) {
    if (n <= MASK_TALLY_MAX) tally_fold_masks(t, counts, n);
    else tally_fold_wins(t, counts, n);
}

/* Add tally `s`, whose player i is player map[i] of the job, into t. */
FH_INLINE void tally_add_mapped(fh_tally *t, const fh_tally *s, const int *map, int n) {
    t->deals += s->deals;
    for (int i = 0; i < n; i++) {
        int p = map[i];
        t->win[p] += s->win[i];
        t->tie[p] += s->tie[i];
        t->share[p] += s->share[i];
        t->share_sq[p] += s->share_sq[i];
    }
    for (int k = 0; k <= FH_MAX_PLAYERS; k++) t->split[k] += s->split[k];
}

/* Add one trial's per-combo tallies: v are the values and cidx the combos (-1: not listed)
 * of the slots, map the player of each slot. */
FH_INLINE void tally_combos(const mc_job *j, uint64_t *cc, const fh_value_t *v, const int *cidx, const int *map) {
    fh_value_t best = 0;
    int winners = 0;
    for (int p = 0; p < j->n_players; p++) {
        if (v[p] > best) {
            best = v[p];
            winners = 1;
        } else if (v[p] == best) {
            winners++;
        }
    }
    uint64_t s = FH_SHARE_UNIT / (uint64_t)winners;
    for (int i = 0; i < j->n_players; i++) {
        int c = cidx[i];
        if (c < 0) continue;
        int p = map[i];
        uint64_t *base = cc + j->combo_off[p];
        size_t n = (size_t)j->combo_n[p];
        base[c]++;
        if (v[i] == best) {
            base[n + (size_t)c] += s;
            base[2 * n + (size_t)c] += s * s;
        }
    }
}

/* One block when every player is random and no per-combo tally is asked: the deck is
 * reshuffled in place (its contents never change). np and missing are constants in the
 * specialised copies below, so the shuffle, the board and the showdown unroll. */
FH_INLINE void all_random_core(const mc_job *j, fh_rng *rng_io, uint32_t trials, fh_tally *t, const int np,
                               const int missing, const int full) {
    /* Locals, not j->... or *t: stores to the deck (char type) may alias anything reached
     * through a pointer, which would keep these in memory. */
    fh_rng rng_local = *rng_io, *rng = &rng_local;
    const int n_deck = full ? FH_N_CARDS : j->n_base, need = 2 * np + missing, per = (need + 1) / 2;
    const uint64_t bkey0 = j->bkey, bsr0 = j->bsr;
    fh_tally tl = *t;
    uint64_t counts[COUNT_SLOTS] = {0};
    fh_card_t deck[64];
    memcpy(deck, j->base, sizeof deck);
    fh_value_t v[FH_MAX_PLAYERS];
    uint64_t xs[RNG_BATCH * MAX_PER_TRIAL];
    for (uint32_t n0 = 0; n0 < trials; n0 += RNG_BATCH) {
        const uint32_t nb = trials - n0 < RNG_BATCH ? trials - n0 : RNG_BATCH;
        j->fill(rng, xs, (size_t)nb * (size_t)per);
        for (uint32_t n = 0; n < nb; n++) {
            shuffle_head(deck, n_deck, need, xs + (size_t)n * (size_t)per);
            const fh_card_t *b = deck + 2 * np;
            uint64_t bkey = bkey0, bsr = bsr0;
            for (int q = 0; q < missing; q++) {
                bkey += fh_card_keys[b[q]];
                bsr |= SUIT_RANK_BITS[b[q]];
            }
            for (int p = 0; p < np; p++) {
                fh_card_t x = deck[2 * p], y = deck[2 * p + 1];
                v[p] = fh_value_from_key(bkey + fh_card_keys[x] + fh_card_keys[y],
                                         bsr | SUIT_RANK_BITS[x] | SUIT_RANK_BITS[y]);
            }
            tally_count(&tl, counts, v, np);
        }
    }
    tally_fold(&tl, counts, np);
    *t = tl;
    *rng_io = rng_local;
}

#define FH_MC_ALL_RANDOM(P, M, F, S)                                                                   \
    static MC_NOINLINE void all_random_##P##_##M##S(const mc_job *j, fh_rng *rng, uint32_t trials,   \
                                                    fh_tally *t) {                                   \
        all_random_core(j, rng, trials, t, P, M, F);                                                   \
    }
/* Suffix f: preflop with the whole deck live (52 cards: the draws' ranges are constants). */
#define FH_MC_ALL_RANDOM_M(P) FH_MC_ALL_RANDOM(P, 5, 1, f) FH_MC_ALL_RANDOM(P, 5, 0, ) \
    FH_MC_ALL_RANDOM(P, 2, 0, ) FH_MC_ALL_RANDOM(P, 1, 0, ) FH_MC_ALL_RANDOM(P, 0, 0, )
FH_MC_ALL_RANDOM_M(2)
FH_MC_ALL_RANDOM_M(3)
FH_MC_ALL_RANDOM_M(4)
FH_MC_ALL_RANDOM_M(5)
FH_MC_ALL_RANDOM_M(6)
#undef FH_MC_ALL_RANDOM_M
#undef FH_MC_ALL_RANDOM

static void block_all_random(const mc_job *j, fh_rng *rng, uint32_t trials, fh_tally *t) {
#define FH_MC_CASE(P)                                                                    \
    case P * 8 + 5:                                                                      \
        if (j->n_base == FH_N_CARDS) all_random_##P##_5f(j, rng, trials, t);             \
        else all_random_##P##_5(j, rng, trials, t);                                      \
        return;                                                                          \
    case P * 8 + 2: all_random_##P##_2(j, rng, trials, t); return; \
    case P * 8 + 1: all_random_##P##_1(j, rng, trials, t); return; \
    case P * 8 + 0: all_random_##P##_0(j, rng, trials, t); return;
    switch (j->n_players * 8 + j->missing) {
        FH_MC_CASE(2)
        FH_MC_CASE(3)
        FH_MC_CASE(4)
        FH_MC_CASE(5)
        FH_MC_CASE(6)
    default: all_random_core(j, rng, trials, t, j->n_players, j->missing, 0);
    }
#undef FH_MC_CASE
}

/* Draw the weighted players' combos by rejection (each from its own alias table, the whole
 * assignment redrawn on a collision): their combo indices and card positions (descending)
 * in cur_buf and pos_buf; 0 after MAX_REJECTIONS collisions in a row. */
FH_INLINE int draw_rejection(const mc_job *j, fh_rng *rng, int k, uint16_t *cur_buf, uint8_t *pos_buf) {
    for (int tries = 0; tries < MAX_REJECTIONS; tries++) {
        fh_mask_t used = 0;
        int ok = 1;
        for (int s = 0; s < k; s++) {
            uint32_t c = alias_draw(&j->slot[s], fh_rng_next(rng));
            const mc_hole *h = &j->holes[s][c];
            if (used & h->mask) {
                ok = 0;
                break;
            }
            used |= h->mask;
            cur_buf[s] = (uint16_t)c;
            pos_buf[2 * s] = h->pos[0];
            pos_buf[2 * s + 1] = h->pos[1];
        }
        if (ok) {
            sort_desc(pos_buf, 2 * k);
            return 1;
        }
    }
    return 0;
}


/* One trial once the weighted players' combos (cur, their keys and suit-rank bits in hk)
 * and card positions (pos, descending) are drawn: deal the random players and the board from
 * the rest of the deck with the numbers xs, value every hand and tally the showdown. Values
 * and tallies are in slot order (the weighted slots, then the random ones; map gives each
 * slot's player), so that every index is a constant in the specialised copies. */
FH_INLINE void one_trial(const mc_job *j, fh_card_t *deck, const deck64 *base, const uint16_t *cur,
                         const mc_hk *hk, const uint8_t *pos, const uint64_t *xs, fh_tally *tl, uint64_t *counts,
                         uint64_t *cc, const int want_combos, const int k, const int r, const int missing,
                         const int *map, uint64_t bkey, uint64_t bsr, const fh_card_t *ready, const int full) {
    const int n_base = full ? FH_N_CARDS : j->n_base;
    const int np = k + r, need = 2 * r + missing, last = n_base - 1, m = n_base - 2 * k;
    fh_value_t v[FH_MAX_PLAYERS];
    int cidx[FH_MAX_PLAYERS];
    fh_card_t dealt[2 * FH_MAX_PLAYERS + 5];
    if (ready) {
        memcpy(deck, ready, sizeof *base); /* the assignment's deck, its cards already out */
    } else {
        memcpy(deck, base, sizeof *base);
        /* Remove the weighted players' cards: each, from its base position (positions in
         * descending order are untouched by the earlier moves), takes the last card. */
        for (int q = 0; q < 2 * k; q++) deck[pos[q]] = deck[last - q];
    }
    deal_head(deck, m, need, xs, dealt);
    const fh_card_t *b = dealt + 2 * r;
    for (int q = 0; q < missing; q++) {
        bkey += fh_card_keys[b[q]];
        bsr |= SUIT_RANK_BITS[b[q]];
    }
    for (int s = 0; s < k; s++) {
        v[s] = fh_value_from_key(bkey + hk[s].key, bsr | hk[s].sr);
        if (want_combos) cidx[s] = cur[s];
    }
    for (int q = 0; q < r; q++) {
        fh_card_t x = dealt[2 * q], y = dealt[2 * q + 1];
        v[k + q] = fh_value_from_key(bkey + fh_card_keys[x] + fh_card_keys[y],
                                     bsr | SUIT_RANK_BITS[x] | SUIT_RANK_BITS[y]);
        if (want_combos) {
            int p = map[k + q];
            cidx[k + q] = j->pair_index[p] ? j->pair_index[p][x * FH_N_CARDS + y] : -1;
        }
    }
    tally_count(tl, counts, v, np);
    if (want_combos) tally_combos(j, cc, v, cidx, map);
}

/* The trials of a block whose weighted players (if any) come from the joint table: `draw`
 * says whether a number picks the assignment, `ready` whether the assignments have ready
 * decks (constants where the caller knows them). */
FH_INLINE void joint_trials(const mc_job *j, fh_rng *rng, uint32_t trials, fh_tally *tl, uint64_t *counts, uint64_t *cc,
                            const int want_combos, const int k, const int r, const int missing, const int *map,
                            uint64_t bkey0, uint64_t bsr0, const int full, fh_card_t *deck, const deck64 *base,
                            const int draw, const int ready) {
    const int per = draw + (2 * r + missing + 1) / 2;
    const alias_table pick = j->pick;
    const uint16_t *joint_combo = j->joint_combo;
    const uint8_t *joint_pos = j->joint_pos;
    const mc_hk *joint_hk = j->joint_hk;
    const fh_card_t *joint_deck = j->joint_deck;
    uint64_t xs[RNG_BATCH * MAX_PER_TRIAL];
    for (uint32_t n0 = 0; n0 < trials; n0 += RNG_BATCH) {
        const uint32_t nb = trials - n0 < RNG_BATCH ? trials - n0 : RNG_BATCH;
        j->fill(rng, xs, (size_t)nb * (size_t)per);
        for (uint32_t n = 0; n < nb; n++) {
            const uint64_t *x = xs + (size_t)n * (size_t)per;
            size_t i = draw ? alias_draw(&pick, x[0]) : 0;
            const uint16_t *cur = k ? joint_combo + i * (size_t)k : NULL;
            const mc_hk *hk = k ? joint_hk + i * (size_t)k : NULL;
            const uint8_t *pos = k ? joint_pos + i * 2 * (size_t)k : NULL;
            const fh_card_t *rd = ready ? joint_deck + i * 64 : NULL;
            one_trial(j, deck, base, cur, hk, pos, x + draw, tl, counts, cc, want_combos, k, r, missing, map, bkey0,
                      bsr0, rd, full);
        }
    }
}

/* One block of trials with k weighted players, r random ones and `missing` board cards
 * (constants in the specialised copies below); 0 if no deal was found. With the weighted
 * players drawn from the joint table (or none), every trial uses the same count of random
 * numbers, drawn in batches; rejection sampling draws them one by one. */
FH_INLINE int block_core(const mc_job *j, fh_rng *rng_io, uint32_t trials, fh_tally *t, uint64_t *cc,
                         const int want_combos, const int k, const int r, const int missing, const int full) {
    /* Local copies: stores to the card arrays (char type) may alias anything reached
     * through a pointer, which would keep the generator's state and the tally in memory. */
    fh_rng rng_local = *rng_io, *rng = &rng_local;
    fh_tally tl; /* in slot order, added to *t at the end */
    memset(&tl, 0, sizeof tl);
    uint64_t counts[COUNT_SLOTS] = {0}; /* tally_count's */
    union {
        deck64 d;
        fh_card_t c[64];
    } deck;
    deck64 base;
    memcpy(&base, j->base, sizeof base);
    int map[FH_MAX_PLAYERS];
    for (int s = 0; s < k; s++) map[s] = j->weighted[s];
    for (int q = 0; q < r; q++) map[k + q] = j->random[q];
    const uint64_t bkey0 = j->bkey, bsr0 = j->bsr;
    const int shuffle_numbers = (2 * r + missing + 1) / 2;
    int ok = 1;
    if (k == 0 || j->joint) {
        const int draw = k && j->pick.n != 1; /* one number picks the assignment */
        /* The common case (an assignment drawn, with its ready deck) with both as constants. */
        if (k && draw && j->joint_deck)
            joint_trials(j, rng, trials, &tl, counts, cc, want_combos, k, r, missing, map, bkey0, bsr0, full, deck.c,
                         &base, 1, 1);
        else
            joint_trials(j, rng, trials, &tl, counts, cc, want_combos, k, r, missing, map, bkey0, bsr0, full, deck.c,
                         &base, draw, k && j->joint_deck);
    } else {
        uint16_t cur_buf[FH_MAX_PLAYERS];
        mc_hk hk_buf[FH_MAX_PLAYERS];
        uint8_t pos_buf[2 * FH_MAX_PLAYERS];
        uint64_t x[MAX_PER_TRIAL];
        for (uint32_t n = 0; n < trials; n++) {
            if (!draw_rejection(j, rng, k, cur_buf, pos_buf)) {
                ok = 0;
                break;
            }
            for (int s = 0; s < k; s++) {
                hk_buf[s].key = j->holes[s][cur_buf[s]].key;
                hk_buf[s].sr = j->holes[s][cur_buf[s]].sr;
            }
            for (int q = 0; q < shuffle_numbers; q++) x[q] = fh_rng_next(rng);
            one_trial(j, deck.c, &base, cur_buf, hk_buf, pos_buf, x, &tl, counts, cc, want_combos, k, r, missing, map,
                      bkey0, bsr0, NULL, full);
        }
    }
    *rng_io = rng_local;
    tally_fold(&tl, counts, k + r);
    tally_add_mapped(t, &tl, map, k + r);
    return ok;
}

/* Specialised copies for the common shapes (one or two weighted players, up to four random
 * ones, a preflop, flop, turn or river board); the rest, and per-combo tallies, run the
 * general copy. */
#define FH_MC_BLOCK(K, R, M, F, S)                                                                      \
    static MC_NOINLINE int block_##K##_##R##_##M##S(const mc_job *j, fh_rng *rng, uint32_t trials,     \
                                                    fh_tally *t) {                                     \
        return block_core(j, rng, trials, t, NULL, 0, K, R, M, F);                                      \
    }
/* Suffix f: preflop with the whole deck live (52 cards: the draws' ranges are constants). */
#define FH_MC_BLOCK_M(K, R) FH_MC_BLOCK(K, R, 5, 1, f) FH_MC_BLOCK(K, R, 5, 0, ) FH_MC_BLOCK(K, R, 2, 0, ) \
    FH_MC_BLOCK(K, R, 1, 0, ) FH_MC_BLOCK(K, R, 0, 0, )
FH_MC_BLOCK_M(1, 1)
FH_MC_BLOCK_M(1, 2)
FH_MC_BLOCK_M(1, 3)
FH_MC_BLOCK_M(1, 4)
FH_MC_BLOCK_M(2, 0)
FH_MC_BLOCK_M(2, 1)
FH_MC_BLOCK_M(2, 2)
FH_MC_BLOCK_M(2, 3)
#undef FH_MC_BLOCK_M
#undef FH_MC_BLOCK

static int block_any(const mc_job *j, fh_rng *rng, uint32_t trials, fh_tally *t, uint64_t *cc) {
    if (cc) return block_core(j, rng, trials, t, cc, 1, j->n_weighted, j->n_random, j->missing, 0);
    if (j->n_weighted == 0) {
        block_all_random(j, rng, trials, t);
        return 1;
    }
#define FH_MC_CASE(K, R)                                                                   \
    case (K * 16 + R) * 8 + 5:                                                             \
        return j->n_base == FH_N_CARDS ? block_##K##_##R##_5f(j, rng, trials, t)           \
                                       : block_##K##_##R##_5(j, rng, trials, t);           \
    case (K * 16 + R) * 8 + 2: return block_##K##_##R##_2(j, rng, trials, t); \
    case (K * 16 + R) * 8 + 1: return block_##K##_##R##_1(j, rng, trials, t); \
    case (K * 16 + R) * 8 + 0: return block_##K##_##R##_0(j, rng, trials, t);
    /* One key per shape: up to FH_MAX_PLAYERS (10) random players, so 16 per weighted count
     * (with 8, one weighted and eight random players read as two weighted and none). */
    switch ((j->n_weighted * 16 + j->n_random) * 8 + j->missing) {
        FH_MC_CASE(1, 1)
        FH_MC_CASE(1, 2)
        FH_MC_CASE(1, 3)
        FH_MC_CASE(1, 4)
        FH_MC_CASE(2, 0)
        FH_MC_CASE(2, 1)
        FH_MC_CASE(2, 2)
        FH_MC_CASE(2, 3)
    default: return block_core(j, rng, trials, t, NULL, 0, j->n_weighted, j->n_random, j->missing, 0);
    }
#undef FH_MC_CASE
}

static void worker(fh_par *par, void *ctx, int tid) {
    mc_job *j = ctx;
    fh_tally *t = &j->tallies[tid].t;
    uint64_t *cc = j->combos ? j->combos[tid] : NULL;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi)) {
        for (size_t b = lo; b < hi; b++) {
            fh_rng rng = fh_rng_for_block(j->seed, j->first_block + b);
            if (!block_any(j, &rng, j->block_size, t, cc)) atomic_store_explicit(&j->failed, 1, memory_order_relaxed);
        }
    }
}

fh_status fh_monte_carlo(const fh_mc_player *players, int n_players, const fh_card_t *board, int n_board,
                         fh_mask_t dead, uint64_t seed, uint64_t first_block, uint64_t n_blocks,
                         uint32_t block_size, int threads, fh_par_poll poll, void *poll_ctx, unsigned poll_ms,
                         fh_tally *out, uint64_t *combo_out) {
    if (n_players < 1 || n_players > FH_MAX_PLAYERS || n_board < 0 || n_board > 5) return FH_ERR_ARGUMENT;
    mc_job *j = malloc(sizeof *j);
    if (!j) return FH_ERR_NOMEM;
    fh_status st = job_init(j, players, n_players, board, n_board, dead, combo_out != NULL);
    if (st != FH_OK || n_blocks == 0) goto done;
    j->seed = seed;
    j->fill = pick_rng_fill();
    j->first_block = first_block;
    j->block_size = block_size;
    int nt = fh_par_clamp_threads(threads);
    if ((uint64_t)nt > n_blocks) nt = (int)n_blocks;
    j->tallies = calloc((size_t)nt, sizeof(struct padded_tally));
    if (!j->tallies) {
        st = FH_ERR_NOMEM;
        goto done;
    }
    if (combo_out) {
        j->combos = calloc((size_t)nt, sizeof(uint64_t *));
        if (!j->combos) {
            st = FH_ERR_NOMEM;
            goto done;
        }
        j->nt = nt;
        for (int i = 0; i < nt; i++) {
            j->combos[i] = calloc(j->combo_slots ? j->combo_slots : 1, sizeof(uint64_t));
            if (!j->combos[i]) {
                st = FH_ERR_NOMEM;
                goto done;
            }
        }
    }
    st = fh_par_run((size_t)n_blocks, 1, nt, worker, j, poll, poll_ctx, poll_ms);
    if (st == FH_OK && atomic_load(&j->failed)) st = FH_ERR_NO_DEAL;
    if (st == FH_OK) {
        for (int i = 0; i < nt; i++) {
            fh_tally_add(out, &j->tallies[i].t);
            if (combo_out)
                for (size_t s = 0; s < j->combo_slots; s++) combo_out[s] += j->combos[i][s];
        }
    }
done:
    if (j->combos)
        for (int i = 0; i < j->nt; i++) free(j->combos[i]);
    free(j->combos);
    free(j->tallies);
    job_free(j);
    free(j);
    return st;
}

/* The range interface (fh_range with cumulative weights): threads and poll from
 * `ex` (NULL: one thread, no polling), no per-combo tallies. */
fh_status fh_equity_monte_carlo(const fh_range *ranges, int n_players, const fh_card_t *board, int n_board,
                                fh_mask_t dead, uint64_t seed, uint64_t first_block, uint64_t n_blocks,
                                uint32_t block_size, const fh_exec *ex, fh_tally *out) {
    if (n_players < 1 || n_players > FH_MAX_PLAYERS) return FH_ERR_ARGUMENT;
    fh_mc_player players[FH_MAX_PLAYERS];
    double *weights[FH_MAX_PLAYERS] = {0};
    fh_status st = FH_OK;
    for (int p = 0; p < n_players && st == FH_OK; p++) {
        const fh_range *r = &ranges[p];
        players[p].combos = r->random ? NULL : r->combos;
        players[p].n = r->random ? 0 : r->n;
        players[p].random = r->random;
        players[p].weights = NULL;
        if (r->random || r->n <= 1) continue;
        weights[p] = malloc((size_t)r->n * sizeof(double));
        if (!weights[p]) {
            st = FH_ERR_NOMEM;
            break;
        }
        for (int c = 0; c < r->n; c++) weights[p][c] = r->cum_weights[c] - (c ? r->cum_weights[c - 1] : 0.0);
        players[p].weights = weights[p];
    }
    if (st == FH_OK)
        st = fh_monte_carlo(players, n_players, board, n_board, dead, seed, first_block, n_blocks, block_size,
                            fh_exec_threads(ex), ex ? ex->poll : NULL, ex ? ex->poll_ctx : NULL,
                            ex ? ex->poll_ms : 0, out, NULL);
    for (int p = 0; p < n_players; p++) free(weights[p]);
    return st;
}
