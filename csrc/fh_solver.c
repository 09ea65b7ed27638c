/* fh_solver.c -- Discounted CFR, best response and values over a vector game tree (fh_solver.h). */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#endif
#include "fh_solver.h"

/* The solver reads no floating-point exception flags, so GCC may compute both sides of a
 * select: the regret-matching, normalising and 16-bit rounding loops then vectorise (without
 * this, -ftrapping-math keeps their conditional FP operations scalar and branchy). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math")
#endif

/* The traversal and the terminal sweeps are compiled for x86-64-v4 (AVX-512) and v3 (AVX2) as
 * well as the baseline, and the loader picks one per CPU (GCC's target clones: an ifunc). Their
 * loops are element-wise or ordered sums (no -ffast-math; -std=c11 turns FP contraction off, so
 * no FMA), so every clone gives the same bits. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && !defined(FH_NO_CLONES)
#define FH_SV_HOT __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define FH_SV_INLINE static inline __attribute__((always_inline)) /* into each clone */
#else
#define FH_SV_HOT
#define FH_SV_INLINE static inline
#endif

#include <float.h>
#include <math.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define FH_SV_MAX_ACTIONS 64 /* children of an action node (spec_ok) */

struct sd_entry;
typedef struct fh_arena {
    float *base;
    size_t top, cap; /* in floats */
} fh_arena;

struct fh_sv {
    fh_sv_spec s;    /* pointers into `own` (amount and chance_weight one array: each node has one of them;
                      * strength, order, iso_first and iso_count NULL: read into sd, blk, iso_at) */
    void *own;       /* one block holding the copied spec arrays */
    int64_t *offset; /* [n_nodes] offset of an action node's rows (n_actions * n_hands) */
    float *regret, *ssum, *locked; /* [total] each (regret, ssum NULL under compression); locked: the locked strategy */
    int16_t *regret16;   /* compression: [total] regrets / rscale[node] */
    uint16_t *ssum16;    /* compression: [total] strategy sums / sscale[node] */
    float *rscale, *sscale; /* compression: [n_nodes] */
    uint8_t *lock;   /* [total / n_actions...] per action node and hand: 1 when locked (indexed offset/n_act) */
    int64_t *lock_off; /* [n_nodes] offset into lock (n_hands per action node), -1 if none; NULL until a lock */
    uint64_t total, lock_total;
    int32_t t;       /* iterations done */
    size_t scratch;  /* floats of scratch one thread needs */
    int32_t max_hands;
    fh_arena arena[FH_MAX_THREADS];
    int n_arenas;
    /* per board and player: the hands the board does not block, by ascending strength */
    struct sd_entry *sd[2];
    int64_t *sd_off[2];  /* [n_boards + 1] */
    uint8_t *c1[2], *c2[2]; /* cards, the missing second card mapped to 64 (opponent) / 65 (own) */
    uint8_t *c2own[2];
    int32_t *with[2], with_off[2][65]; /* per player and card: the hands holding it */
    int32_t *blk[2];     /* per board and player: the hands the board blocks (strength 0) */
    int64_t *blk_off[2]; /* [n_boards + 1] */
    /* the nodes in depth-first preorder: a node's subtree is pre[pre_pos[n] .. pre_pos[n] + sub[n]) */
    int32_t *pre, *pre_pos, *sub; /* pre and pre_pos one identity array when the ids are in preorder */
    int32_t *iso_at;  /* [n_nodes] index into iso_run of a node standing for more cards, or -1 */
    int32_t (*iso_run)[2]; /* (iso_first, iso_count) of such a node */
    uint8_t *flat;   /* [n_nodes] 1 when the subtree deals no card (one board: walk_flat) */
    int32_t max_flat; /* the largest flat subtree */
    void **tab[FH_MAX_THREADS]; /* per thread: walk_flat's 2 * max_flat row pointers */
};

typedef struct sd_entry {
    int32_t h;
    uint32_t s;
    uint8_t c1, c2, c2own, pad;
} sd_entry;

/* ---- a run's context ------------------------------------------------------------------------ */

enum { MODE_CFR = 0, MODE_BR = 1, MODE_EV = 2 };

typedef struct run_ctx {
    fh_sv *sv;
    const fh_exec *ex;
    int traverser, mode;
    float dpos, dneg, dstrat;
    int threads;
    int cancelled;
    struct timespec last_poll;
    fh_status status;
} run_ctx;

static float *arena_get(fh_arena *a, size_t n) {
    FH_ASSERT(a->top + n <= a->cap);
    float *p = a->base + a->top;
    a->top += n;
    return p;
}

/* The regret and strategy-sum arrays: zeroed, and on Linux mapped with transparent huge pages
 * asked for. Their first touch (the first iteration) then takes hundreds of page faults where
 * 4 kB pages take hundreds of thousands, which the threads of a parallel run contend for in
 * the kernel: README flop, 2 threads, 5.0 CPU s against 7.8. Later iterations measured the
 * same either way. Elsewhere, and below 2 MB, calloc. */
#define FH_SV_HUGE ((size_t)2 << 20)
#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define FH_SV_MMAP 1
static size_t huge_len(size_t bytes) { return (bytes + FH_SV_HUGE - 1) & ~(FH_SV_HUGE - 1); }
#endif

static void *storage_alloc(size_t bytes) {
#ifdef FH_SV_MMAP
    if (bytes >= FH_SV_HUGE) {
        void *p = mmap(NULL, huge_len(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        (void)madvise(p, huge_len(bytes), MADV_HUGEPAGE); /* advice: THP may be off, which is fine */
        return p;
    }
#endif
    return calloc(bytes ? bytes : 1, 1);
}

/* Free what storage_alloc(bytes) returned (NULL is fine). */
static void storage_free(void *p, size_t bytes) {
    if (!p) return;
#ifdef FH_SV_MMAP
    if (bytes >= FH_SV_HUGE) {
        munmap(p, huge_len(bytes));
        return;
    }
#endif
    (void)bytes;
    free(p);
}

static uint64_t now_ms(struct timespec *ts) {
    clock_gettime(CLOCK_MONOTONIC, ts);
    return (uint64_t)ts->tv_sec * 1000u + (uint64_t)ts->tv_nsec / 1000000u;
}

/* Poll from the calling thread (single-threaded stretches) every poll_ms. */
static int maybe_poll(run_ctx *rc) {
    if (rc->cancelled) return 1;
    if (!rc->ex || !rc->ex->poll) return 0;
    struct timespec ts;
    uint64_t t = now_ms(&ts);
    uint64_t last = (uint64_t)rc->last_poll.tv_sec * 1000u + (uint64_t)rc->last_poll.tv_nsec / 1000000u;
    unsigned ms = rc->ex->poll_ms ? rc->ex->poll_ms : FH_POLL_MS;
    if (t - last >= ms) {
        rc->last_poll = ts;
        if (rc->ex->poll(rc->ex->poll_ctx)) rc->cancelled = 1;
    }
    return rc->cancelled;
}

/* ---- terminals ------------------------------------------------------------------------------ */

static inline int has_card(const uint8_t *cards, int32_t h, unsigned c) {
    return cards[2 * h] == c || cards[2 * h + 1] == c;
}

/* A showdown's shared term (rake) times the opponent's reach on hands sharing no card (as
 * eval_fold), added to out. */
FH_SV_INLINE void add_shared(const fh_sv *sv, int32_t node, int p, const float *opp, float *out) {
    const double shared = sv->s.shared ? (double)sv->s.shared[node] : 0.0;
    if (shared == 0.0) return;
    const int q = p ^ 1;
    const int32_t b = sv->s.board[node];
    const sd_entry *ep = sv->sd[p] + sv->sd_off[p][b], *eq = sv->sd[q] + sv->sd_off[q][b];
    const int32_t mp = (int32_t)(sv->sd_off[p][b + 1] - sv->sd_off[p][b]);
    const int32_t mq = (int32_t)(sv->sd_off[q][b + 1] - sv->sd_off[q][b]);
    double card_sum[66];
    memset(card_sum, 0, sizeof card_sum);
    double sum = 0.0;
    for (int32_t j = 0; j < mq; j++) {
        double w = opp[eq[j].h];
        sum += w;
        card_sum[eq[j].c1] += w;
        card_sum[eq[j].c2] += w;
    }
    const int32_t *same = sv->s.same[p];
    for (int32_t i = 0; i < mp; i++) {
        const sd_entry e = ep[i];
        double v = sum - card_sum[e.c1] - card_sum[e.c2own];
        if (same[e.h] >= 0 && e.c2own != 65) v += opp[same[e.h]];
        out[e.h] += (float)(shared * v);
    }
}

/* Folds and showdowns are evaluated up to SD_LANES at a time, lane by lane (a lane per node),
 * over the opponent's reach rows interleaved (wi: nq rows of L floats, unused lanes 0): the
 * sorted entries and card indices are read once for all lanes. Each group of 4 lanes keeps its
 * running sums in a vector of 4 doubles (GCC vector extensions: a ymm register in the v3 and v4
 * clones, a pair of xmm in the baseline). wo: np rows of L floats. */
#define SD_LANES 8
typedef double sd_v4 __attribute__((vector_size(32)));
typedef float sd_f4 __attribute__((vector_size(16)));

FH_SV_INLINE sd_v4 lanes4(const float *w) {
    sd_f4 f;
    memcpy(&f, w, sizeof f);
    return __builtin_convertvector(f, sd_v4);
}

FH_SV_INLINE void store4(float *w, sd_v4 x) {
    const sd_f4 f = __builtin_convertvector(x, sd_f4);
    memcpy(w, &f, sizeof f);
}

typedef float sd_f8 __attribute__((vector_size(32)));

/* An 8x8 block transposed: r[i][j] -> r[j][i] (three rounds of shuffles). */
FH_SV_INLINE void transpose8(sd_f8 r[8]) {
    sd_f8 t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = __builtin_shufflevector(r[i], r[i + 1], 0, 8, 1, 9, 4, 12, 5, 13);
        t[i + 1] = __builtin_shufflevector(r[i], r[i + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = __builtin_shufflevector(t[i], t[i + 2], 0, 1, 8, 9, 4, 5, 12, 13);
        u[i + 1] = __builtin_shufflevector(t[i], t[i + 2], 2, 3, 10, 11, 6, 7, 14, 15);
        u[i + 2] = __builtin_shufflevector(t[i + 1], t[i + 3], 0, 1, 8, 9, 4, 5, 12, 13);
        u[i + 3] = __builtin_shufflevector(t[i + 1], t[i + 3], 2, 3, 10, 11, 6, 7, 14, 15);
    }
    for (int i = 0; i < 4; i++) {
        r[i] = __builtin_shufflevector(u[i], u[i + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        r[i + 4] = __builtin_shufflevector(u[i], u[i + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

/* A 4x4 block transposed: r[i][j] -> r[j][i]. */
FH_SV_INLINE void transpose4(sd_f4 r[4]) {
    const sd_f4 t0 = __builtin_shufflevector(r[0], r[1], 0, 4, 1, 5), t1 = __builtin_shufflevector(r[0], r[1], 2, 6, 3, 7);
    const sd_f4 t2 = __builtin_shufflevector(r[2], r[3], 0, 4, 1, 5), t3 = __builtin_shufflevector(r[2], r[3], 2, 6, 3, 7);
    r[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    r[1] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    r[2] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    r[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

/* wi[o * L + k] = rows[k][o] for k < k_n, else 0 (o < n); L is 8 or 4 lanes. */
FH_SV_INLINE void interleave(const float *const *rows, int k_n, int32_t n, float *wi, const int L) {
    int32_t o = 0;
    if (L == 8) {
        for (; o + 8 <= n; o += 8) {
            sd_f8 r[8];
            for (int k = 0; k < 8; k++) {
                if (k < k_n) memcpy(&r[k], rows[k] + o, sizeof r[k]);
                else r[k] = (sd_f8){0};
            }
            transpose8(r);
            memcpy(wi + (size_t)o * 8, r, sizeof r);
        }
    } else {
        for (; o + 4 <= n; o += 4) {
            sd_f4 r[4];
            for (int k = 0; k < 4; k++) {
                if (k < k_n) memcpy(&r[k], rows[k] + o, sizeof r[k]);
                else r[k] = (sd_f4){0};
            }
            transpose4(r);
            memcpy(wi + (size_t)o * 4, r, sizeof r);
        }
    }
    for (; o < n; o++)
        for (int k = 0; k < L; k++) wi[(size_t)o * L + k] = k < k_n ? rows[k][o] : 0.0f;
}

/* out[k][h] = wo[h * L + k] for k < k_n (h < n). */
FH_SV_INLINE void deinterleave(const float *wo, int k_n, int32_t n, float *const *out, const int L) {
    int32_t h = 0;
    if (L == 8) {
        for (; h + 8 <= n; h += 8) {
            sd_f8 r[8];
            memcpy(r, wo + (size_t)h * 8, sizeof r);
            transpose8(r);
            for (int k = 0; k < k_n; k++) memcpy(out[k] + h, &r[k], sizeof r[k]);
        }
    } else {
        for (; h + 4 <= n; h += 4) {
            sd_f4 r[4];
            memcpy(r, wo + (size_t)h * 4, sizeof r);
            transpose4(r);
            for (int k = 0; k < k_n; k++) memcpy(out[k] + h, &r[k], sizeof r[k]);
        }
    }
    for (; h < n; h++)
        for (int k = 0; k < k_n; k++) out[k][h] = wo[(size_t)h * L + k];
}

/* The running sums of L lanes (L / 4 vectors of 4 doubles): the total, and per card. */
typedef struct sd_sums {
    sd_v4 all[2], card[66][2];
} sd_sums;

/* sums += an opponent's lanes, for both of its cards and the total */
FH_SV_INLINE void sd_add(sd_sums *S, const float *wrow, unsigned c1, unsigned c2, const int L) {
    for (int v = 0; v < L / 4; v++) {
        const sd_v4 x = lanes4(wrow + 4 * v);
        S->all[v] += x;
        S->card[c1][v] += x;
        S->card[c2][v] += x;
    }
}

/* L showdowns of one board in one sweep, lane by lane in the same order whatever L (so the
 * same bits with 4 lanes as with 8): for each of our hands, the opponent's reach below it
 * (ascending pass), then amount * (that - the reach above it) (descending pass). */
FH_SV_INLINE void showdowns_body(const fh_sv *sv, int32_t b, int p, int k_n, const int32_t *nodes, const float *wi,
                                 float *wo, float *const *out, const int L) {
    const int q = p ^ 1;
    const int32_t np_ = sv->s.n_hands[p];
    const sd_entry *ep = sv->sd[p] + sv->sd_off[p][b], *eq = sv->sd[q] + sv->sd_off[q][b];
    const int32_t mp = (int32_t)(sv->sd_off[p][b + 1] - sv->sd_off[p][b]);
    const int32_t mq = (int32_t)(sv->sd_off[q][b + 1] - sv->sd_off[q][b]);
    double amt_[SD_LANES] = {0};
    for (int k = 0; k < k_n; k++) amt_[k] = sv->s.amount[nodes[k]];
    sd_v4 amt[2];
    memcpy(amt, amt_, sizeof amt);
    sd_sums S;
    memset(&S, 0, sizeof S);
    const int32_t *blk = sv->blk[p] + sv->blk_off[p][b]; /* hands the board blocks: 0 */
    for (int64_t i = 0; i < sv->blk_off[p][b + 1] - sv->blk_off[p][b]; i++)
        memset(wo + (size_t)blk[i] * L, 0, sizeof(float) * (size_t)L);
    int32_t j = 0;
    for (int32_t i = 0; i < mp; i++) {
        const sd_entry e = ep[i];
        while (j < mq && eq[j].s < e.s) {
            sd_add(&S, wi + (size_t)eq[j].h * L, eq[j].c1, eq[j].c2, L);
            j++;
        }
        float *w = wo + (size_t)e.h * L;
        for (int v = 0; v < L / 4; v++) store4(w + 4 * v, S.all[v] - S.card[e.c1][v] - S.card[e.c2own][v]);
    }
    memset(&S, 0, sizeof S);
    j = mq - 1;
    for (int32_t i = mp - 1; i >= 0; i--) {
        const sd_entry e = ep[i];
        while (j >= 0 && eq[j].s > e.s) {
            sd_add(&S, wi + (size_t)eq[j].h * L, eq[j].c1, eq[j].c2, L);
            j--;
        }
        float *w = wo + (size_t)e.h * L;
        for (int v = 0; v < L / 4; v++)
            store4(w + 4 * v, amt[v] * (lanes4(w + 4 * v) - (S.all[v] - S.card[e.c1][v] - S.card[e.c2own][v])));
    }
    deinterleave(wo, k_n, np_, out, L);
}

/* L folds in one pass: the opponent's reach on hands sharing no card with ours, times each
 * fold's amount (lane by lane in the same order whatever L). */
FH_SV_INLINE void folds_body(const fh_sv *sv, int p, int k_n, const int32_t *nodes, const float *wi, float *wo,
                             float *const *out, const int L) {
    const int q = p ^ 1;
    const int32_t nq = sv->s.n_hands[q], np_ = sv->s.n_hands[p];
    const uint8_t *q1 = sv->c1[q], *q2 = sv->c2[q], *p1 = sv->c1[p], *p2 = sv->c2own[p];
    sd_sums S;
    memset(&S, 0, sizeof S);
    for (int32_t o = 0; o < nq; o++) sd_add(&S, wi + (size_t)o * L, q1[o], q2[o], L);
    double amt_[SD_LANES] = {0};
    for (int k = 0; k < k_n; k++) {
        const int32_t node = nodes[k];
        amt_[k] = (sv->s.folder[node] == p ? -(double)sv->s.amount[node] : (double)sv->s.amount[node]) +
                  (sv->s.shared ? (double)sv->s.shared[node] : 0.0);
    }
    sd_v4 amt[2];
    memcpy(amt, amt_, sizeof amt);
    const int32_t *same = sv->s.same[p];
    for (int32_t h = 0; h < np_; h++) {
        float *w = wo + (size_t)h * L;
        for (int v = 0; v < L / 4; v++) {
            sd_v4 x = S.all[v] - S.card[p1[h]][v] - S.card[p2[h]][v];
            if (same[h] >= 0 && p2[h] != 65) x += lanes4(wi + (size_t)same[h] * L + 4 * v);
            store4(w + 4 * v, amt[v] * x);
        }
    }
    deinterleave(wo, k_n, np_, out, L);
}

FH_SV_HOT static void eval_showdowns8(const fh_sv *sv, int32_t b, int p, int k_n, const int32_t *nodes,
                                      const float *wi, float *wo, float *const *out) {
    showdowns_body(sv, b, p, k_n, nodes, wi, wo, out, 8);
}

FH_SV_HOT static void eval_showdowns4(const fh_sv *sv, int32_t b, int p, int k_n, const int32_t *nodes,
                                      const float *wi, float *wo, float *const *out) {
    showdowns_body(sv, b, p, k_n, nodes, wi, wo, out, 4);
}

FH_SV_HOT static void eval_folds8(const fh_sv *sv, int p, int k_n, const int32_t *nodes, const float *wi,
                                  float *wo, float *const *out) {
    folds_body(sv, p, k_n, nodes, wi, wo, out, 8);
}

FH_SV_HOT static void eval_folds4(const fh_sv *sv, int p, int k_n, const int32_t *nodes, const float *wi,
                                  float *wo, float *const *out) {
    folds_body(sv, p, k_n, nodes, wi, wo, out, 4);
}

/* Evaluate a batch of k_n (at most SD_LANES) folds or showdowns of one board into outs; rows:
 * their reach. Batches of up to 4 run on 4 lanes, half the work of 8; walk's lone terminals
 * are batches of one. */
FH_SV_INLINE void eval_batch(const fh_sv *sv, int p, int kind, int k_n, const int32_t *batch, const float *const *rows,
                             float *wi, float *wo, float *const *outs) {
    const int32_t nq = sv->s.n_hands[p ^ 1];
    if (k_n <= 4) {
        interleave(rows, k_n, nq, wi, 4);
        if (kind == FH_SV_FOLD) eval_folds4(sv, p, k_n, batch, wi, wo, outs);
        else eval_showdowns4(sv, sv->s.board[batch[0]], p, k_n, batch, wi, wo, outs);
    } else {
        interleave(rows, k_n, nq, wi, 8);
        if (kind == FH_SV_FOLD) eval_folds8(sv, p, k_n, batch, wi, wo, outs);
        else eval_showdowns8(sv, sv->s.board[batch[0]], p, k_n, batch, wi, wo, outs);
    }
}

/* ---- storage: float32, or 16 bits with one scale per action node ------------------------------ */

/* An action node's `len` regrets as floats: the stored rows, or decoded into buf. */
FH_SV_INLINE float *load_regrets(fh_sv *sv, int32_t node, size_t len, float *buf) {
    if (!sv->s.compress) return sv->regret + sv->offset[node];
    const int16_t *q = sv->regret16 + sv->offset[node];
    const float sc = sv->rscale[node];
    for (size_t k = 0; k < len; k++) buf[k] = sc * (float)q[k];
    return buf;
}

FH_SV_INLINE float *load_sums(fh_sv *sv, int32_t node, size_t len, float *buf) {
    if (!sv->s.compress) return sv->ssum + sv->offset[node];
    const uint16_t *q = sv->ssum16 + sv->offset[node];
    const float sc = sv->sscale[node];
    for (size_t k = 0; k < len; k++) buf[k] = sc * (float)q[k];
    return buf;
}

/* The largest |x[k]|: integer compares of the float bits with the sign cleared (monotonic for
 * finite floats, and a reduction the compiler vectorises without -ffast-math). */
FH_SV_INLINE float max_abs(const float *x, size_t len) {
    uint32_t m = 0;
    for (size_t k = 0; k < len; k++) {
        uint32_t b;
        memcpy(&b, &x[k], sizeof b);
        b &= 0x7fffffffu;
        m = b > m ? b : m;
    }
    float out;
    memcpy(&out, &m, sizeof out);
    return out;
}

/* Write back rows loaded by load_regrets (a no-op for float32 storage: they were the rows):
 * scaled to the node's largest |regret|, clamped, rounded half away from zero (the conversion
 * truncates toward zero). Ternaries, not fminf/fmaxf, so that the loop stays inline and SIMD. */
FH_SV_INLINE void store_regrets(fh_sv *sv, int32_t node, size_t len, const float *x) {
    if (!sv->s.compress) return;
    const float m = max_abs(x, len);
    const float inv = m > 0.0f ? 32767.0f / m : 0.0f;
    int16_t *q = sv->regret16 + sv->offset[node];
    for (size_t k = 0; k < len; k++) {
        float y = x[k] * inv;
        y = y < 32767.0f ? y : 32767.0f;
        y = y > -32767.0f ? y : -32767.0f;
        q[k] = (int16_t)(int32_t)(y + (y >= 0.0f ? 0.5f : -0.5f));
    }
    sv->rscale[node] = m / 32767.0f;
}

FH_SV_INLINE void store_sums(fh_sv *sv, int32_t node, size_t len, const float *x) {
    if (!sv->s.compress) return;
    const float m = max_abs(x, len); /* the sums are >= 0 */
    const float inv = m > 0.0f ? 65535.0f / m : 0.0f;
    uint16_t *q = sv->ssum16 + sv->offset[node];
    for (size_t k = 0; k < len; k++) {
        float y = x[k] * inv;
        y = y < 65535.0f ? y : 65535.0f;
        y = y > 0.0f ? y : 0.0f;
        q[k] = (uint16_t)(int32_t)(y + 0.5f);
    }
    sv->sscale[node] = m / 65535.0f;
}

/* ---- strategies ----------------------------------------------------------------------------- */

/* st[a * n + h] /= tot[h] (the row totals), or 1/na where a total is 0 (or denormal, whose
 * inverse would overflow). The divisions and products are done unconditionally and then
 * selected, so that the loops vectorise without -ffast-math (a conditional FP operation is
 * not speculated under -ftrapping-math). */
FH_SV_INLINE void normalise_rows(float *st, float *tot, int32_t n, int32_t na) {
    const float uniform = 1.0f / (float)na;
    for (int32_t h = 0; h < n; h++) {
        const float t = tot[h];
        const float inv = 1.0f / (t >= FLT_MIN ? t : 1.0f);
        tot[h] = t >= FLT_MIN ? inv : 0.0f;
    }
    for (int32_t a = 0; a < na; a++) {
        float *sa = st + (size_t)a * n;
        for (int32_t h = 0; h < n; h++) {
            const float x = sa[h] * tot[h];
            sa[h] = tot[h] > 0.0f ? x : uniform;
        }
    }
}

/* The lock flags of an action node's hands, NULL while nothing in the tree is locked. */
FH_SV_INLINE const uint8_t *lock_mask(const fh_sv *sv, int32_t node) {
    return sv->lock_off && sv->lock_off[node] >= 0 ? sv->lock + sv->lock_off[node] : NULL;
}

/* Current strategy (regret matching) of an action node, from its regrets r, into st[a * n + h]. */
FH_SV_INLINE void current_strategy(const fh_sv *sv, int32_t node, int player, const float *r, float *st, float *tot) {
    const int32_t n = sv->s.n_hands[player], na = sv->s.n_children[node];
    /* action-major loops over contiguous hands (vectorised); tot: n floats of scratch */
    for (int32_t h = 0; h < n; h++) tot[h] = 0.0f;
    for (int32_t a = 0; a < na; a++) {
        const float *ra = r + (size_t)a * n;
        float *sa = st + (size_t)a * n;
        for (int32_t h = 0; h < n; h++) {
            float x = ra[h] > 0.0f ? ra[h] : 0.0f;
            sa[h] = x;
            tot[h] += x;
        }
    }
    normalise_rows(st, tot, n, na);
    const uint8_t *lk = sv->s.kind[node] <= FH_SV_P1 ? lock_mask(sv, node) : NULL;
    if (lk) {
        const float *ls = sv->locked + sv->offset[node];
        for (int32_t h = 0; h < n; h++)
            if (lk[h])
                for (int32_t a = 0; a < na; a++) st[(size_t)a * n + h] = ls[(size_t)a * n + h];
    }
}

/* Average strategy (normalised strategy sums) of an action node into st[a * n + h]; tot: n
 * floats of scratch. Action-major loops over contiguous hands, as current_strategy (under
 * compression the node's scale cancels in the normalisation, so the integers are used as they are). */
FH_SV_INLINE void average_strategy(const fh_sv *sv, int32_t node, float *st, float *tot) {
    const int player = sv->s.kind[node];
    const int32_t n = sv->s.n_hands[player], na = sv->s.n_children[node];
    for (int32_t h = 0; h < n; h++) tot[h] = 0.0f;
    if (sv->s.compress) {
        const uint16_t *sq = sv->ssum16 + sv->offset[node];
        for (size_t k = 0; k < (size_t)na * (size_t)n; k++) st[k] = (float)sq[k];
    } else {
        memcpy(st, sv->ssum + sv->offset[node], sizeof(float) * (size_t)na * (size_t)n);
    }
    for (int32_t a = 0; a < na; a++) {
        const float *sa = st + (size_t)a * n;
        for (int32_t h = 0; h < n; h++) tot[h] += sa[h];
    }
    normalise_rows(st, tot, n, na);
    const uint8_t *lk = lock_mask(sv, node);
    if (lk) {
        const float *ls = sv->locked + sv->offset[node];
        for (int32_t h = 0; h < n; h++)
            if (lk[h])
                for (int32_t a = 0; a < na; a++) st[(size_t)a * n + h] = ls[(size_t)a * n + h];
    }
}

/* An action node's strategy for this pass (arena scratch): the current one (regret matching;
 * *r then points at its regrets as floats, decoded under compression) for CFR, else the average. */
FH_SV_INLINE const float *node_strategy(run_ctx *rc, fh_arena *ar, int32_t node, float **r) {
    fh_sv *sv = rc->sv;
    const int kind = sv->s.kind[node];
    const int32_t npl = sv->s.n_hands[kind];
    const size_t len = (size_t)sv->s.n_children[node] * (size_t)npl;
    float *st = arena_get(ar, len);
    if (rc->mode == MODE_CFR) {
        float *tot = arena_get(ar, (size_t)npl);
        *r = load_regrets(sv, node, len, sv->s.compress ? arena_get(ar, len) : NULL);
        current_strategy(sv, node, kind, *r, st, tot);
    } else {
        average_strategy(sv, node, st, arena_get(ar, (size_t)npl));
    }
    return st;
}

/* The traverser's node: its value (the strategy's mix of the actions' rows, or their best under
 * a best response) into out, and for CFR its regrets, discounted, plus each action's gain. */
FH_SV_INLINE void own_values(run_ctx *rc, int32_t node, const float *st, float *r, const float *const *rows,
                             float *out) {
    fh_sv *sv = rc->sv;
    const int32_t np_ = sv->s.n_hands[rc->traverser], na = sv->s.n_children[node];
    if (rc->mode == MODE_BR) {
        for (int32_t h = 0; h < np_; h++) {
            float m = rows[0][h];
            for (int32_t a = 1; a < na; a++) {
                const float v = rows[a][h];
                m = v > m ? v : m;
            }
            out[h] = m;
        }
    } else {
        for (int32_t h = 0; h < np_; h++) out[h] = st[h] * rows[0][h];
        for (int32_t a = 1; a < na; a++) {
            const float *sa = st + (size_t)a * np_, *va = rows[a];
            for (int32_t h = 0; h < np_; h++) out[h] += sa[h] * va[h];
        }
    }
    if (rc->mode != MODE_CFR || rc->cancelled) return;
    const uint8_t *lk = lock_mask(sv, node);
    const float dpos = rc->dpos, dneg = rc->dneg;
    for (int32_t a = 0; a < na; a++) {
        float *ra = r + (size_t)a * np_;
        const float *va = rows[a];
        if (lk) {
            for (int32_t h = 0; h < np_; h++)
                if (!lk[h]) ra[h] = ra[h] * (ra[h] > 0.0f ? dpos : dneg) + (va[h] - out[h]);
        } else {
            for (int32_t h = 0; h < np_; h++) {
                float x = ra[h];
                ra[h] = x * (x > 0.0f ? dpos : dneg) + (va[h] - out[h]);
            }
        }
    }
    store_regrets(sv, node, (size_t)na * (size_t)np_, r);
}

/* The opponent's node under CFR: its strategy sums, discounted, plus its reach times st. */
FH_SV_INLINE void update_sums(run_ctx *rc, fh_arena *ar, int32_t node, const float *st, const float *opp) {
    if (rc->mode != MODE_CFR || rc->cancelled) return;
    fh_sv *sv = rc->sv;
    const int32_t nq = sv->s.n_hands[rc->traverser ^ 1], na = sv->s.n_children[node];
    const size_t len = (size_t)na * (size_t)nq;
    float *ss = load_sums(sv, node, len, sv->s.compress ? arena_get(ar, len) : NULL);
    const float g = rc->dstrat;
    for (int32_t a = 0; a < na; a++)
        for (int32_t o = 0; o < nq; o++) {
            size_t k = (size_t)a * nq + o;
            ss[k] = ss[k] * g + opp[o] * st[k];
        }
    store_sums(sv, node, len, ss);
}

FH_SV_HOT static void walk_flat(run_ctx *rc, fh_arena *ar, int32_t root, const float *opp, float *out);

/* ---- the traversal -------------------------------------------------------------------------- */

FH_SV_HOT static void walk(run_ctx *rc, fh_arena *ar, int32_t node, const float *opp, float *out, int top);

typedef struct chance_job {
    run_ctx *rc;
    int32_t node;
    const float *opp;
    float *results; /* [n_children * n_hands(traverser)] */
} chance_job;

/* One chance child: the opponent's hands holding the card drop out, and so do ours. */
FH_SV_HOT static void chance_child(run_ctx *rc, fh_arena *ar, int32_t child, const float *opp, float *res) {
    const fh_sv *sv = rc->sv;
    const int p = rc->traverser, q = p ^ 1;
    const unsigned c = sv->s.card[child];
    const int32_t nq = sv->s.n_hands[q];
    size_t mark = ar->top;
    float *o2 = arena_get(ar, (size_t)nq);
    memcpy(o2, opp, sizeof(float) * (size_t)nq);
    for (int32_t i = sv->with_off[q][c]; i < sv->with_off[q][c + 1]; i++) o2[sv->with[q][i]] = 0.0f;
    walk(rc, ar, child, o2, res, 0);
    for (int32_t i = sv->with_off[p][c]; i < sv->with_off[p][c + 1]; i++) res[sv->with[p][i]] = 0.0f;
    ar->top = mark;
}

/* Add a chance child's values, weighted, and those of the cards it stands for (suit
 * isomorphism: the same values with the traverser's hands permuted). */
FH_SV_HOT static void chance_add(const fh_sv *sv, int32_t child, int p, float w, const float *res, float *out) {
    const int32_t np_ = sv->s.n_hands[p];
    for (int32_t h = 0; h < np_; h++) out[h] += w * res[h];
    const int32_t j = sv->iso_at[child];
    if (j < 0) return;
    const int32_t k0 = sv->iso_run[j][0], nk = sv->iso_run[j][1];
    for (int32_t k = 0; k < nk; k++) {
        const int32_t *pm = sv->s.perm[p] + (size_t)sv->s.iso_perm[k0 + k] * (size_t)np_;
        for (int32_t h = 0; h < np_; h++) out[h] += w * res[pm[h]];
    }
}

static void chance_worker(fh_par *par, void *ctx, int tid) {
    chance_job *job = ctx;
    run_ctx *rc = job->rc;
    fh_arena *ar = &rc->sv->arena[tid];
    size_t mark = ar->top;
    const int32_t np_ = rc->sv->s.n_hands[rc->traverser];
    const int32_t first = rc->sv->s.first_child[job->node];
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi))
        for (size_t i = lo; i < hi; i++)
            chance_child(rc, ar, rc->sv->s.children[first + i], job->opp, job->results + i * (size_t)np_);
    ar->top = mark;
}

FH_SV_HOT static void walk(run_ctx *rc, fh_arena *ar, int32_t node, const float *opp, float *out, int top) {
    fh_sv *sv = rc->sv;
    const int p = rc->traverser, q = p ^ 1;
    const int32_t np_ = sv->s.n_hands[p], nq = sv->s.n_hands[q];
    const int kind = sv->s.kind[node];
    if (rc->cancelled) {
        memset(out, 0, sizeof(float) * (size_t)np_);
        return;
    }
    if (kind == FH_SV_FOLD || kind == FH_SV_SHOWDOWN) {
        size_t mk = ar->top;
        float *wi = arena_get(ar, (size_t)nq * SD_LANES), *wo = arena_get(ar, (size_t)np_ * SD_LANES);
        eval_batch(sv, p, kind, 1, &node, &opp, wi, wo, &out);
        if (kind == FH_SV_SHOWDOWN) add_shared(sv, node, p, opp, out);
        ar->top = mk;
        return;
    }
    if (kind <= FH_SV_P1 && sv->flat[node]) {
        walk_flat(rc, ar, node, opp, out);
        return;
    }
    const int32_t na = sv->s.n_children[node], first = sv->s.first_child[node];
    const int32_t *ch = sv->s.children + first;
    size_t mark = ar->top;
    if (kind == FH_SV_CHANCE) {
        const float w = sv->s.chance_weight[node];
        memset(out, 0, sizeof(float) * (size_t)np_);
        if (top && rc->threads > 1) {
            float *results = arena_get(ar, (size_t)na * (size_t)np_);
            chance_job job = {rc, node, opp, results};
            /* the calling thread waits: the workers' arenas start where ours is */
            for (int t = 1; t < rc->threads; t++) sv->arena[t].top = 0;
            fh_status st = fh_par_run((size_t)na, 1, rc->threads, chance_worker, &job,
                                      rc->ex ? rc->ex->poll : NULL, rc->ex ? rc->ex->poll_ctx : NULL,
                                      rc->ex && rc->ex->poll_ms ? rc->ex->poll_ms : FH_POLL_MS);
            if (st != FH_OK) {
                rc->cancelled = 1;
                if (rc->status == FH_OK) rc->status = st;
            }
            for (int32_t a = 0; a < na; a++) chance_add(sv, ch[a], p, w, results + (size_t)a * np_, out);
        } else {
            float *res = arena_get(ar, (size_t)np_);
            for (int32_t a = 0; a < na; a++) {
                if (top && maybe_poll(rc)) break;
                chance_child(rc, ar, ch[a], opp, res);
                chance_add(sv, ch[a], p, w, res, out);
            }
        }
        ar->top = mark;
        return;
    }
    /* an action node */
    float *r = NULL;
    const float *st = node_strategy(rc, ar, node, &r);
    if (kind == p) {
        float *vals = arena_get(ar, (size_t)na * (size_t)np_);
        const float *rows[FH_SV_MAX_ACTIONS];
        for (int32_t a = 0; a < na; a++) {
            rows[a] = vals + (size_t)a * np_;
            walk(rc, ar, ch[a], opp, vals + (size_t)a * np_, top);
        }
        own_values(rc, node, st, r, rows, out);
    } else {
        float *reach = arena_get(ar, (size_t)nq);
        float *tmp = arena_get(ar, (size_t)np_);
        update_sums(rc, ar, node, st, opp);
        memset(out, 0, sizeof(float) * (size_t)np_);
        for (int32_t a = 0; a < na; a++) {
            for (int32_t o = 0; o < nq; o++) reach[o] = opp[o] * st[(size_t)a * nq + o];
            walk(rc, ar, ch[a], reach, tmp, top);
            for (int32_t h = 0; h < np_; h++) out[h] += tmp[h];
        }
    }
    ar->top = mark;
}

/* Ask for a flat subtree's regrets and strategy sums ahead of its walk (the nodes are in
 * preorder, so their rows are one stretch of each array): the loads of its nodes then overlap
 * instead of each node's first rows waiting for memory. */
FH_SV_INLINE void prefetch_rows(const fh_sv *sv, const int32_t *nodes, int32_t m) {
    int64_t lo = -1, hi = -1;
    for (int32_t i = 0; i < m; i++) {
        const int32_t n = nodes[i];
        const int kind = sv->s.kind[n];
        if (kind > FH_SV_P1) continue;
        const int64_t o = sv->offset[n], e = o + (int64_t)sv->s.n_children[n] * sv->s.n_hands[kind];
        if (lo < 0 || o < lo) lo = o;
        if (e > hi) hi = e;
    }
    if (lo < 0) return;
    if (sv->s.compress) {
        for (int64_t k = lo; k < hi; k += 32) {
            __builtin_prefetch(sv->regret16 + k, 0, 2);
            __builtin_prefetch(sv->ssum16 + k, 0, 2);
        }
    } else {
        for (int64_t k = lo; k < hi; k += 16) {
            __builtin_prefetch(sv->regret + k, 0, 2);
            __builtin_prefetch(sv->ssum + k, 0, 2);
        }
    }
}

/* A subtree that deals no card, so that all its showdowns are on one board: the opponent's
 * reach top-down over the nodes in preorder, the showdowns SD_LANES at a time in one sweep
 * (eval_showdowns), then values and regrets bottom-up in reverse preorder. The same
 * arithmetic as walk's, node by node, so the same bits. */
FH_SV_HOT static void walk_flat(run_ctx *rc, fh_arena *ar, int32_t root, const float *opp, float *out) {
    fh_sv *sv = rc->sv;
    const int p = rc->traverser, q = p ^ 1;
    const int32_t np_ = sv->s.n_hands[p], nq = sv->s.n_hands[q];
    const int32_t pos = sv->pre_pos[root], m = sv->sub[root];
    const int32_t *nodes = sv->pre + pos;
    void **tab = sv->tab[ar - sv->arena];
    const float **reach = (const float **)tab; /* [m] the opponent's reach at each node */
    float **vals = (float **)(tab + m);        /* [m] the traverser's values at each node */
    size_t mark = ar->top;
    prefetch_rows(sv, nodes, m);
    reach[0] = opp;
    for (int32_t i = 0; i < m; i++) {
        const int32_t n = nodes[i];
        const int kind = sv->s.kind[n];
        vals[i] = arena_get(ar, (size_t)np_);
        if (kind > FH_SV_P1) continue;
        const int32_t na = sv->s.n_children[n], *ch = sv->s.children + sv->s.first_child[n];
        if (kind == p) {
            for (int32_t a = 0; a < na; a++) reach[sv->pre_pos[ch[a]] - pos] = reach[i];
            continue;
        }
        float *rows = arena_get(ar, (size_t)na * (size_t)nq);
        size_t mk = ar->top;
        float *r = NULL;
        const float *st = node_strategy(rc, ar, n, &r);
        const float *ri = reach[i];
        update_sums(rc, ar, n, st, ri);
        for (int32_t a = 0; a < na; a++) {
            float *row = rows + (size_t)a * nq;
            for (int32_t o = 0; o < nq; o++) row[o] = ri[o] * st[(size_t)a * nq + o];
            reach[sv->pre_pos[ch[a]] - pos] = row;
        }
        ar->top = mk;
    }
    /* terminals, SD_LANES at a time: folds, and showdowns of one board */
    float *wi = arena_get(ar, (size_t)nq * SD_LANES), *wo = arena_get(ar, (size_t)np_ * SD_LANES);
    for (int kind = FH_SV_FOLD; kind <= FH_SV_SHOWDOWN; kind++) {
        int32_t batch[SD_LANES];
        const float *rows[SD_LANES];
        float *outs[SD_LANES];
        int k_n = 0;
        for (int32_t i = 0; i <= m; i++) {
            const int take = i < m && sv->s.kind[nodes[i]] == kind;
            const int other_board = take && kind == FH_SV_SHOWDOWN && k_n > 0 &&
                                    sv->s.board[nodes[i]] != sv->s.board[batch[0]];
            if (k_n > 0 && (i == m || other_board)) {
                eval_batch(sv, p, kind, k_n, batch, rows, wi, wo, outs);
                k_n = 0;
            }
            if (!take) continue;
            rows[k_n] = reach[i];
            batch[k_n] = nodes[i];
            outs[k_n++] = vals[i];
            if (k_n == SD_LANES) {
                eval_batch(sv, p, kind, k_n, batch, rows, wi, wo, outs);
                k_n = 0;
            }
        }
    }
    for (int32_t i = 0; i < m; i++)
        if (sv->s.kind[nodes[i]] == FH_SV_SHOWDOWN) add_shared(sv, nodes[i], p, reach[i], vals[i]);
    /* bottom-up */
    for (int32_t i = m - 1; i >= 0 && !rc->cancelled; i--) {
        const int32_t n = nodes[i];
        const int kind = sv->s.kind[n];
        if (kind > FH_SV_P1) continue;
        const int32_t na = sv->s.n_children[n], *ch = sv->s.children + sv->s.first_child[n];
        const float *rows[FH_SV_MAX_ACTIONS];
        for (int32_t a = 0; a < na; a++) rows[a] = vals[sv->pre_pos[ch[a]] - pos];
        if (kind == p) {
            size_t mk = ar->top;
            float *r = NULL;
            const float *st = node_strategy(rc, ar, n, &r);
            own_values(rc, n, st, r, rows, vals[i]);
            ar->top = mk;
        } else {
            float *v = vals[i];
            memset(v, 0, sizeof(float) * (size_t)np_);
            for (int32_t a = 0; a < na; a++)
                for (int32_t h = 0; h < np_; h++) v[h] += rows[a][h];
        }
    }
    memcpy(out, vals[0], sizeof(float) * (size_t)np_);
    ar->top = mark;
}

/* ---- creation ------------------------------------------------------------------------------- */

/* walk_flat's scratch for the subtree at node: a value row per node, a reach row per child of
 * an action node, the interleaved reach of a showdown batch, and one node's strategy work. */
static size_t flat_need(const fh_sv *sv, int32_t node, int32_t mh) {
    const int32_t *nodes = sv->pre + sv->pre_pos[node];
    size_t rows = 0, wide = 0;
    for (int32_t i = 0; i < sv->sub[node]; i++) {
        const int32_t n = nodes[i];
        rows += 1;
        if (sv->s.kind[n] <= FH_SV_P1) {
            size_t na = (size_t)sv->s.n_children[n];
            rows += na;
            if (3 * na + 1 > wide) wide = 3 * na + 1;
        }
    }
    return (rows + wide + 2 * SD_LANES) * (size_t)mh;
}

static size_t scratch_need(const fh_sv *sv, int32_t node, int32_t mh) {
    const fh_sv_spec *s = &sv->s;
    int kind = s->kind[node];
    if (kind == FH_SV_FOLD || kind == FH_SV_SHOWDOWN) return 2 * SD_LANES * (size_t)mh; /* eval_batch */
    if (kind <= FH_SV_P1 && sv->flat[node]) return flat_need(sv, node, mh);
    size_t na = (size_t)s->n_children[node], best = 0;
    for (size_t a = 0; a < na; a++) {
        size_t x = scratch_need(sv, s->children[s->first_child[node] + a], mh);
        if (x > best) best = x;
    }
    /* an action node: strategy, values, (decoded regrets or sums), 3 rows of n_hands */
    size_t local = kind == FH_SV_CHANCE ? (na + 2) * (size_t)mh : (3 * na + 3) * (size_t)mh;
    return local + best;
}

static int spec_ok(const fh_sv_spec *s) {
    if (s->n_nodes < 1 || s->n_hands[0] < 1 || s->n_hands[1] < 1 || s->n_boards < 0) return 0;
    int64_t n_edges = 0;
    for (int32_t i = 0; i < s->n_nodes; i++) {
        int k = s->kind[i];
        if (k < 0 || k > 4) return 0;
        if (k <= FH_SV_CHANCE) {
            if (s->n_children[i] < 1 || s->first_child[i] < 0) return 0;
            if (k <= FH_SV_P1 && s->n_children[i] > FH_SV_MAX_ACTIONS) return 0;
            for (int32_t a = 0; a < s->n_children[i]; a++) {
                int32_t c = s->children[s->first_child[i] + a];
                if (c <= i || c >= s->n_nodes) return 0; /* children follow their parent: no cycle */
                if (k == FH_SV_CHANCE && s->card[c] >= 64) return 0;
            }
            n_edges += s->n_children[i];
        }
        if (k == FH_SV_SHOWDOWN && (s->board[i] < 0 || s->board[i] >= s->n_boards)) return 0;
        if (k == FH_SV_FOLD && (s->folder[i] < 0 || s->folder[i] > 1)) return 0;
    }
    (void)n_edges;
    /* a tree: no node is the child of two parents (preorder lists each node once) */
    uint8_t *parents = calloc((size_t)s->n_nodes, 1);
    if (!parents) return 0;
    int tree = 1;
    for (int32_t i = 0; i < s->n_nodes && tree; i++)
        if (s->kind[i] <= FH_SV_CHANCE)
            for (int32_t a = 0; a < s->n_children[i]; a++)
                if (parents[s->children[s->first_child[i] + a]]++) tree = 0;
    free(parents);
    if (!tree) return 0;
    if (s->n_iso < 0 || s->n_perms < 0) return 0;
    for (int32_t i = 0; i < s->n_nodes; i++) {
        if (s->iso_count[i] == 0) continue;
        if (s->iso_count[i] < 0 || s->iso_first[i] < 0 || (int64_t)s->iso_first[i] + s->iso_count[i] > s->n_iso)
            return 0;
        if (s->card[i] >= 64) return 0; /* only a chance node's child stands for other cards */
        for (int32_t k = 0; k < s->iso_count[i]; k++)
            if (s->iso_perm[s->iso_first[i] + k] < 0 || s->iso_perm[s->iso_first[i] + k] >= s->n_perms) return 0;
    }
    for (int p = 0; p < 2; p++)
        for (int64_t k = 0; k < (int64_t)s->n_perms * s->n_hands[p]; k++)
            if (s->perm[p][k] < 0 || s->perm[p][k] >= s->n_hands[p]) return 0;
    for (int p = 0; p < 2; p++)
        for (int32_t h = 0; h < s->n_hands[p]; h++) {
            if (s->cards[p][2 * h] >= 64) return 0;
            if (s->cards[p][2 * h + 1] >= 64 && s->cards[p][2 * h + 1] != FH_SV_NO_CARD) return 0;
            if (s->same[p][h] >= s->n_hands[p ^ 1]) return 0;
            for (int32_t b = 0; b < s->n_boards; b++) {
                int32_t o = s->order[p][(size_t)b * s->n_hands[p] + h];
                if (o < 0 || o >= s->n_hands[p]) return 0;
            }
        }
    return 1;
}

static uint64_t storage_floats(const fh_sv_spec *s, uint64_t *lock_total) {
    uint64_t total = 0, lt = 0;
    for (int32_t i = 0; i < s->n_nodes; i++)
        if (s->kind[i] <= FH_SV_P1) {
            total += (uint64_t)s->n_children[i] * (uint64_t)s->n_hands[s->kind[i]];
            lt += (uint64_t)s->n_hands[s->kind[i]];
        }
    if (lock_total) *lock_total = lt;
    return total;
}

uint64_t fh_sv_memory(const fh_sv_spec *s) {
    if (!spec_ok(s)) return 0; /* storage_floats would index n_hands by an unchecked kind */
    uint64_t lt, total = storage_floats(s, &lt);
    uint64_t mh = (uint64_t)(s->n_hands[0] > s->n_hands[1] ? s->n_hands[0] : s->n_hands[1]);
    return total * (s->compress ? 4u : 8u) + (uint64_t)s->n_nodes * (s->compress ? 60u : 52u) +
           (uint64_t)s->n_boards * mh * 20u;
}

/* The nodes in depth-first preorder (children in order), each subtree's size, and which
 * subtrees deal no card. Iterative: a stack of nodes whose children are still to be listed. */
static fh_status preorder(fh_sv *sv) {
    const fh_sv_spec *s = &sv->s;
    const int32_t n = s->n_nodes;
    sv->pre = malloc(sizeof(int32_t) * (size_t)n);
    sv->pre_pos = malloc(sizeof(int32_t) * (size_t)n);
    sv->sub = malloc(sizeof(int32_t) * (size_t)n);
    sv->flat = malloc((size_t)n);
    int32_t *stack = malloc(sizeof(int32_t) * (size_t)n);
    if (!sv->pre || !sv->pre_pos || !sv->sub || !sv->flat || !stack) {
        free(stack);
        return FH_ERR_NOMEM;
    }
    int32_t top = 0, k = 0;
    stack[top++] = 0;
    while (top > 0) {
        const int32_t v = stack[--top];
        sv->pre_pos[v] = k;
        sv->pre[k++] = v;
        if (s->kind[v] <= FH_SV_CHANCE)
            for (int32_t a = s->n_children[v] - 1; a >= 0; a--) stack[top++] = s->children[s->first_child[v] + a];
    }
    free(stack);
    int32_t moved = 0;
    for (int32_t i = 0; i < n && !moved; i++) moved = sv->pre[i] != i;
    if (!moved) { /* ids already in preorder (as the hold'em builder numbers them): one array serves both */
        free(sv->pre_pos);
        sv->pre_pos = sv->pre;
    }
    sv->max_flat = 1;
    for (int32_t i = k - 1; i >= 0; i--) {
        const int32_t v = sv->pre[i];
        int32_t size = 1;
        uint8_t flat = s->kind[v] != FH_SV_CHANCE;
        if (s->kind[v] <= FH_SV_CHANCE)
            for (int32_t a = 0; a < s->n_children[v]; a++) {
                const int32_t c = s->children[s->first_child[v] + a];
                size += sv->sub[c];
                flat &= sv->flat[c];
            }
        sv->sub[v] = size;
        sv->flat[v] = flat;
        if (flat && size > sv->max_flat) sv->max_flat = size;
    }
    return FH_OK;
}

#define COPY(field, type, count)                                   \
    do {                                                           \
        size_t bytes_ = sizeof(type) * (size_t)(count);            \
        if (bytes_) memcpy(cur, spec->field, bytes_);              \
        sv->s.field = (const type *)cur;                           \
        cur += (bytes_ + 15u) & ~(size_t)15u;                      \
    } while (0)

fh_status fh_sv_create(const fh_sv_spec *spec, fh_sv **out) {
    *out = NULL;
    if (!spec_ok(spec)) return FH_ERR_ARGUMENT;
    const int32_t n = spec->n_nodes;
    int64_t n_edges = 0;
    for (int32_t i = 0; i < n; i++)
        if (spec->kind[i] <= FH_SV_CHANCE) {
            int64_t e = (int64_t)spec->first_child[i] + spec->n_children[i];
            if (e > n_edges) n_edges = e;
        }
    fh_sv *sv = calloc(1, sizeof *sv);
    if (!sv) return FH_ERR_NOMEM;
    sv->s = *spec;
    size_t nh0 = (size_t)spec->n_hands[0], nh1 = (size_t)spec->n_hands[1], nb = (size_t)spec->n_boards;
    size_t bytes = 0;
#define ROUND(x) (((x) + 15u) & ~(size_t)15u)
    /* kind, card, folder; first_child, n_children, amount, board, shared; children */
    bytes += ROUND((size_t)n) * 3 + ROUND(4u * (size_t)n) * 5 + ROUND(4u * (size_t)n_edges);
    bytes += ROUND(2 * nh0) + ROUND(2 * nh1) + ROUND(4 * nh0) * 2 + ROUND(4 * nh1) * 2;
    bytes += 64;
    bytes += ROUND(4u * (size_t)spec->n_iso);
    bytes += ROUND(4u * (size_t)spec->n_perms * nh0) + ROUND(4u * (size_t)spec->n_perms * nh1);
    sv->own = malloc(bytes);
    if (!sv->own) { free(sv); return FH_ERR_NOMEM; }
    char *cur = sv->own;
    COPY(kind, int8_t, n);
    COPY(first_child, int32_t, n);
    COPY(n_children, int32_t, n);
    COPY(children, int32_t, n_edges);
    COPY(card, uint8_t, n);
    COPY(amount, float, n);
    for (int32_t i = 0; i < n; i++) /* only terminals read amount, only chance nodes chance_weight */
        if (spec->kind[i] == FH_SV_CHANCE) ((float *)sv->s.amount)[i] = spec->chance_weight[i];
    sv->s.chance_weight = sv->s.amount;
    COPY(folder, int8_t, n);
    COPY(board, int32_t, n);
    COPY(iso_perm, int32_t, spec->n_iso);
    COPY(perm[0], int32_t, (size_t)spec->n_perms * nh0);
    COPY(perm[1], int32_t, (size_t)spec->n_perms * nh1);
    if (spec->shared) COPY(shared, float, n);
    for (int p = 0; p < 2; p++) {
        size_t nh = (size_t)spec->n_hands[p];
        COPY(cards[p], uint8_t, 2 * nh);
        COPY(weight[p], float, nh);
        COPY(same[p], int32_t, nh);
    }
    FH_ASSERT(cur <= (char *)sv->own + bytes);
    int32_t n_runs = 0;
    for (int32_t i = 0; i < n; i++) n_runs += spec->iso_count[i] > 0;
    sv->iso_at = malloc(sizeof(int32_t) * (size_t)n);
    sv->iso_run = malloc(sizeof *sv->iso_run * ((size_t)n_runs + 1));
    if (!sv->iso_at || !sv->iso_run) {
        fh_sv_free(sv);
        return FH_ERR_NOMEM;
    }
    n_runs = 0;
    for (int32_t i = 0; i < n; i++) {
        sv->iso_at[i] = spec->iso_count[i] > 0 ? n_runs : -1;
        if (spec->iso_count[i] > 0) {
            sv->iso_run[n_runs][0] = spec->iso_first[i];
            sv->iso_run[n_runs++][1] = spec->iso_count[i];
        }
    }
    sv->s.iso_first = sv->s.iso_count = NULL;
    sv->offset = malloc(sizeof(int64_t) * (size_t)n);
    sv->total = storage_floats(spec, &sv->lock_total);
    const size_t cells = sv->total ? (size_t)sv->total : 1;
    int storage_ok;
    if (spec->compress) {
        sv->regret16 = storage_alloc(cells * sizeof(int16_t));
        sv->ssum16 = storage_alloc(cells * sizeof(uint16_t));
        sv->rscale = calloc((size_t)n, sizeof(float));
        sv->sscale = calloc((size_t)n, sizeof(float));
        storage_ok = sv->regret16 && sv->ssum16 && sv->rscale && sv->sscale;
    } else {
        sv->regret = storage_alloc(cells * sizeof(float));
        sv->ssum = storage_alloc(cells * sizeof(float));
        storage_ok = sv->regret && sv->ssum;
    }
    sv->max_hands = spec->n_hands[0] > spec->n_hands[1] ? spec->n_hands[0] : spec->n_hands[1];
    if (!sv->offset || !storage_ok || preorder(sv) != FH_OK) {
        fh_sv_free(sv);
        return FH_ERR_NOMEM;
    }
    sv->scratch = scratch_need(sv, 0, sv->max_hands) + 4u * (size_t)sv->max_hands;
    sv->arena[0].base = malloc(sizeof(float) * sv->scratch);
    sv->arena[0].cap = sv->scratch;
    sv->tab[0] = malloc(sizeof(void *) * 2u * (size_t)sv->max_flat);
    sv->n_arenas = 1;
    if (!sv->arena[0].base || !sv->tab[0]) {
        fh_sv_free(sv);
        return FH_ERR_NOMEM;
    }
    for (int p = 0; p < 2; p++) {
        const int32_t nh = spec->n_hands[p];
        sv->c1[p] = malloc((size_t)nh + 1);
        sv->c2[p] = malloc((size_t)nh + 1);
        sv->c2own[p] = malloc((size_t)nh + 1);
        sv->sd_off[p] = malloc(sizeof(int64_t) * ((size_t)spec->n_boards + 1));
        sv->sd[p] = malloc(sizeof(sd_entry) * ((size_t)spec->n_boards * (size_t)nh + 1));
        sv->blk_off[p] = malloc(sizeof(int64_t) * ((size_t)spec->n_boards + 1));
        sv->blk[p] = malloc(sizeof(int32_t) * ((size_t)spec->n_boards * (size_t)nh + 1));
        if (!sv->c1[p] || !sv->c2[p] || !sv->c2own[p] || !sv->sd_off[p] || !sv->sd[p] || !sv->blk_off[p] ||
            !sv->blk[p]) {
            fh_sv_free(sv);
            return FH_ERR_NOMEM;
        }
        for (int32_t h = 0; h < nh; h++) {
            uint8_t b2 = spec->cards[p][2 * h + 1];
            sv->c1[p][h] = spec->cards[p][2 * h];
            sv->c2[p][h] = b2 == FH_SV_NO_CARD ? 64 : b2;
            sv->c2own[p][h] = b2 == FH_SV_NO_CARD ? 65 : b2;
        }
        sv->with[p] = malloc(sizeof(int32_t) * (2 * (size_t)nh + 1));
        if (!sv->with[p]) {
            fh_sv_free(sv);
            return FH_ERR_NOMEM;
        }
        int32_t kw = 0;
        for (int c = 0; c < 64; c++) {
            sv->with_off[p][c] = kw;
            for (int32_t h = 0; h < nh; h++)
                if (has_card(spec->cards[p], h, (unsigned)c)) sv->with[p][kw++] = h;
        }
        sv->with_off[p][64] = kw;
        int64_t k = 0, kb = 0;
        for (int32_t b = 0; b < spec->n_boards; b++) {
            sv->blk_off[p][b] = kb;
            for (int32_t h = 0; h < nh; h++)
                if (spec->strength[p][(size_t)b * nh + h] == 0) sv->blk[p][kb++] = h;
            sv->sd_off[p][b] = k;
            for (int32_t i = 0; i < nh; i++) {
                int32_t h = spec->order[p][(size_t)b * nh + i];
                uint32_t st = spec->strength[p][(size_t)b * nh + h];
                if (st == 0) continue;
                sd_entry e = {h, st, sv->c1[p][h], sv->c2[p][h], sv->c2own[p][h], 0};
                sv->sd[p][k++] = e;
            }
        }
        sv->sd_off[p][spec->n_boards] = k;
        sv->blk_off[p][spec->n_boards] = kb;
    }
    int64_t off = 0;
    for (int32_t i = 0; i < n; i++) {
        if (spec->kind[i] <= FH_SV_P1) {
            sv->offset[i] = off;
            off += (int64_t)spec->n_children[i] * spec->n_hands[spec->kind[i]];
        } else {
            sv->offset[i] = -1;
        }
    }
    for (int p = 0; p < 2; p++) { /* read into sd and blk above; the caller's arrays are not kept */
        sv->s.strength[p] = NULL;
        sv->s.order[p] = NULL;
    }
    *out = sv;
    return FH_OK;
}

void fh_sv_free(fh_sv *sv) {
    if (!sv) return;
    for (int t = 0; t < FH_MAX_THREADS; t++) {
        free(sv->arena[t].base);
        free(sv->tab[t]);
    }
    if (sv->pre_pos != sv->pre) free(sv->pre_pos);
    free(sv->pre);
    free(sv->iso_at);
    free(sv->iso_run);
    free(sv->sub);
    free(sv->flat);
    free(sv->own);
    free(sv->offset);
    free(sv->lock_off);
    const size_t cells = sv->total ? (size_t)sv->total : 1;
    storage_free(sv->regret, cells * sizeof(float));
    storage_free(sv->ssum, cells * sizeof(float));
    storage_free(sv->regret16, cells * sizeof(int16_t));
    storage_free(sv->ssum16, cells * sizeof(uint16_t));
    free(sv->rscale);
    free(sv->sscale);
    free(sv->locked);
    free(sv->lock);
    for (int p = 0; p < 2; p++) {
        free(sv->sd[p]);
        free(sv->sd_off[p]);
        free(sv->blk[p]);
        free(sv->with[p]);
        free(sv->blk_off[p]);
        free(sv->c1[p]);
        free(sv->c2[p]);
        free(sv->c2own[p]);
    }
    free(sv);
}

static int ensure_arenas(fh_sv *sv, int threads) {
    for (int t = sv->n_arenas; t < threads; t++) {
        sv->arena[t].base = malloc(sizeof(float) * sv->scratch);
        sv->tab[t] = malloc(sizeof(void *) * 2u * (size_t)sv->max_flat);
        if (!sv->arena[t].base || !sv->tab[t]) { /* use fewer threads */
            free(sv->arena[t].base);
            free(sv->tab[t]);
            sv->arena[t].base = NULL;
            sv->tab[t] = NULL;
            return t;
        }
        sv->arena[t].cap = sv->scratch;
        sv->n_arenas = t + 1;
    }
    return threads;
}

static void rc_init(run_ctx *rc, fh_sv *sv, const fh_exec *ex, int mode) {
    memset(rc, 0, sizeof *rc);
    rc->sv = sv;
    rc->ex = ex;
    rc->mode = mode;
    int threads = fh_exec_threads(ex);
    rc->threads = ensure_arenas(sv, threads);
    if (rc->threads < 1) rc->threads = 1;
    rc->status = FH_OK;
    clock_gettime(CLOCK_MONOTONIC, &rc->last_poll);
}

static void root_walk(run_ctx *rc, int p, float *out) {
    fh_sv *sv = rc->sv;
    rc->traverser = p;
    sv->arena[0].top = 0;
    float *opp = arena_get(&sv->arena[0], (size_t)sv->s.n_hands[p ^ 1]);
    memcpy(opp, sv->s.weight[p ^ 1], sizeof(float) * (size_t)sv->s.n_hands[p ^ 1]);
    walk(rc, &sv->arena[0], 0, opp, out, 1);
    sv->arena[0].top = 0;
}

/* Hand the heap's free pages back to the system. Building a tree (in the caller) leaves tens
 * of MB freed but still resident; given back before the first iteration touches the storage,
 * they are not counted twice in the peak (20 MB on the README's flop spot). */
static void release_free_heap(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

fh_status fh_sv_run(fh_sv *sv, int32_t n_iters, const fh_exec *ex) {
    if (sv->t == 0) release_free_heap();
    run_ctx rc;
    rc_init(&rc, sv, ex, MODE_CFR);
    float *out = malloc(sizeof(float) * (size_t)sv->max_hands);
    if (!out) return FH_ERR_NOMEM;
    for (int32_t i = 0; i < n_iters; i++) {
        double t = (double)sv->t; /* iterations done before this one */
        /* Positive regrets are discounted as after t - 1 iterations, so that the first
         * iteration's (played against uniform strategies, and the largest) are dropped whole:
         * postflop-solver's schedule, which reaches a given exploitability in fewer iterations. */
        double ta = pow(t > 1.0 ? t - 1.0 : 0.0, sv->s.alpha), tb = pow(t, sv->s.beta);
        rc.dpos = (float)(ta / (ta + 1.0));
        rc.dneg = (float)(tb / (tb + 1.0));
        rc.dstrat = (float)pow(t / (t + 1.0), sv->s.gamma);
        for (int p = 0; p < 2; p++) root_walk(&rc, p, out);
        if (maybe_poll(&rc) || rc.cancelled) break;
        sv->t++;
    }
    free(out);
    if (rc.cancelled) return rc.status != FH_OK ? rc.status : FH_ERR_INTERRUPTED;
    return FH_OK;
}

int32_t fh_sv_iterations(const fh_sv *sv) { return sv->t; }
void fh_sv_set_iterations(fh_sv *sv, int32_t t) { sv->t = t; }

/* Total joint weight of the hand pairs that share no card. */
static double pair_weight(const fh_sv *sv) {
    const int32_t n0 = sv->s.n_hands[0], n1 = sv->s.n_hands[1];
    double total = 0.0, card_sum[65] = {0};
    const uint8_t *c1 = sv->s.cards[1], *c0 = sv->s.cards[0];
    for (int32_t o = 0; o < n1; o++) {
        double w = sv->s.weight[1][o];
        total += w;
        card_sum[c1[2 * o]] += w;
        card_sum[c1[2 * o + 1] == FH_SV_NO_CARD ? 64 : c1[2 * o + 1]] += w;
    }
    double acc = 0.0;
    for (int32_t h = 0; h < n0; h++) {
        double v = total - card_sum[c0[2 * h]];
        if (c0[2 * h + 1] != FH_SV_NO_CARD) {
            v -= card_sum[c0[2 * h + 1]];
            if (sv->s.same[0][h] >= 0) v += sv->s.weight[1][sv->s.same[0][h]];
        }
        acc += sv->s.weight[0][h] * v;
    }
    return acc;
}

fh_status fh_sv_evaluate(fh_sv *sv, double br[2], double ev[2], const fh_exec *ex) {
    run_ctx rc;
    float *out = malloc(sizeof(float) * (size_t)sv->max_hands);
    if (!out) return FH_ERR_NOMEM;
    double pw = pair_weight(sv);
    if (pw <= 0.0) { free(out); return FH_ERR_NO_DEAL; }
    for (int mode = MODE_BR; mode <= (ev ? MODE_EV : MODE_BR); mode++) {
        rc_init(&rc, sv, ex, mode);
        for (int p = 0; p < 2; p++) {
            root_walk(&rc, p, out);
            if (rc.cancelled) {
                free(out);
                return rc.status != FH_OK ? rc.status : FH_ERR_INTERRUPTED;
            }
            double acc = 0.0;
            for (int32_t h = 0; h < sv->s.n_hands[p]; h++) acc += (double)sv->s.weight[p][h] * out[h];
            (mode == MODE_BR ? br : ev)[p] = acc / pw;
        }
    }
    free(out);
    return FH_OK;
}

fh_status fh_sv_node_values(fh_sv *sv, int32_t node, int player, const float *opp_reach, int best_response,
                            float *out, const fh_exec *ex) {
    if (node < 0 || node >= sv->s.n_nodes || player < 0 || player > 1) return FH_ERR_ARGUMENT;
    run_ctx rc;
    rc_init(&rc, sv, ex, best_response ? MODE_BR : MODE_EV);
    rc.traverser = player;
    sv->arena[0].top = 0;
    walk(&rc, &sv->arena[0], node, opp_reach, out, 1);
    if (rc.cancelled) return rc.status != FH_OK ? rc.status : FH_ERR_INTERRUPTED;
    return FH_OK;
}

fh_status fh_sv_strategy(const fh_sv *sv, int32_t node, float *out) {
    if (node < 0 || node >= sv->s.n_nodes || sv->s.kind[node] > FH_SV_P1) return FH_ERR_ARGUMENT;
    float *tot = malloc(sizeof(float) * (size_t)sv->s.n_hands[sv->s.kind[node]]);
    if (!tot) return FH_ERR_NOMEM;
    average_strategy(sv, node, out, tot);
    free(tot);
    return FH_OK;
}

uint64_t fh_sv_storage(const fh_sv *sv) { return sv->total; }

void fh_sv_get_state(const fh_sv *sv, float *regrets, float *sums) {
    if (!sv->s.compress) {
        memcpy(regrets, sv->regret, sizeof(float) * (size_t)sv->total);
        memcpy(sums, sv->ssum, sizeof(float) * (size_t)sv->total);
        return;
    }
    for (int32_t i = 0; i < sv->s.n_nodes; i++) {
        if (sv->s.kind[i] > FH_SV_P1) continue;
        const size_t len = (size_t)sv->s.n_children[i] * (size_t)sv->s.n_hands[sv->s.kind[i]];
        const int64_t o = sv->offset[i];
        for (size_t k = 0; k < len; k++) {
            regrets[o + (int64_t)k] = sv->rscale[i] * (float)sv->regret16[o + (int64_t)k];
            sums[o + (int64_t)k] = sv->sscale[i] * (float)sv->ssum16[o + (int64_t)k];
        }
    }
}

void fh_sv_set_state(fh_sv *sv, const float *regrets, const float *sums) {
    if (!sv->s.compress) {
        memcpy(sv->regret, regrets, sizeof(float) * (size_t)sv->total);
        memcpy(sv->ssum, sums, sizeof(float) * (size_t)sv->total);
        return;
    }
    for (int32_t i = 0; i < sv->s.n_nodes; i++) {
        if (sv->s.kind[i] > FH_SV_P1) continue;
        const size_t len = (size_t)sv->s.n_children[i] * (size_t)sv->s.n_hands[sv->s.kind[i]];
        store_regrets(sv, i, len, regrets + sv->offset[i]);
        store_sums(sv, i, len, sums + sv->offset[i]);
    }
}
int64_t fh_sv_offset(const fh_sv *sv, int32_t node) {
    return node >= 0 && node < sv->s.n_nodes ? sv->offset[node] : -1;
}

int32_t fh_sv_actions(const fh_sv *sv, int32_t node, int *player) {
    if (node < 0 || node >= sv->s.n_nodes || sv->s.kind[node] > FH_SV_P1) return -1;
    *player = sv->s.kind[node];
    return sv->s.n_children[node];
}

fh_status fh_sv_lock(fh_sv *sv, int32_t node, const uint8_t *mask, const float *strategy) {
    if (node < 0 || node >= sv->s.n_nodes || sv->s.kind[node] > FH_SV_P1) return FH_ERR_ARGUMENT;
    if (!sv->lock_off) { /* the first lock: flags and locked strategies for the whole tree */
        uint8_t *lock = calloc(sv->lock_total ? sv->lock_total : 1, 1);
        float *locked = calloc(sv->total ? sv->total : 1, sizeof(float));
        int64_t *lock_off = malloc(sizeof(int64_t) * (size_t)sv->s.n_nodes);
        if (!lock || !locked || !lock_off) {
            free(lock);
            free(locked);
            free(lock_off);
            return FH_ERR_NOMEM;
        }
        int64_t off = 0;
        for (int32_t i = 0; i < sv->s.n_nodes; i++) {
            lock_off[i] = sv->s.kind[i] <= FH_SV_P1 ? off : -1;
            if (sv->s.kind[i] <= FH_SV_P1) off += sv->s.n_hands[sv->s.kind[i]];
        }
        sv->lock = lock;
        sv->locked = locked;
        sv->lock_off = lock_off;
    }
    const int32_t n = sv->s.n_hands[sv->s.kind[node]], na = sv->s.n_children[node];
    uint8_t *lk = sv->lock + sv->lock_off[node];
    float *ls = sv->locked + sv->offset[node];
    for (int32_t h = 0; h < n; h++) {
        lk[h] = mask[h] ? 1 : 0;
        for (int32_t a = 0; a < na; a++) ls[(size_t)a * n + h] = strategy[(size_t)a * n + h];
    }
    return FH_OK;
}
