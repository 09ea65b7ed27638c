/* fh_runouts.c -- exact equity of fixed-hole deals by runout tables (see fh_runouts.h). */
#include "fh_runouts.h"


#include "fh_eval.h"

#include <stdlib.h>

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define FH_RUNOUTS_SSE2 1
#endif

size_t fh_runout_count(int n_board, fh_mask_t board_and_dead) {
    size_t n = FH_N_CARDS - FH_POPCOUNT64(board_and_dead & FH_FULL_DECK);
    if (n_board == 3) return n * (n - 1) / 2;
    if (n_board == 4) return n;
    return 0;
}

size_t fh_runout_stride(size_t n_runouts) { return (n_runouts + 7) / 8 * 8; }

size_t fh_runout_row_words(int n_players) { return 5 * (size_t)n_players + 2; }

fh_status fh_runout_values(const fh_card_t *combos, size_t n_combos, const fh_card_t *board, int n_board,
                           fh_mask_t dead, uint16_t *values, size_t stride) {
    if (n_board != 3 && n_board != 4) return FH_ERR_ARGUMENT;
    fh_cards_sum known = fh_sum_cards(board, n_board);
    uint64_t bkey = FH_KEY_INIT + known.key, bsr = known.suit_ranks;
    fh_mask_t used = dead | known.mask;
    fh_card_t avail[FH_N_CARDS];
    int n_avail = 0;
    for (unsigned c = 0; c < FH_N_CARDS; c++)
        if (!(used >> c & 1)) avail[n_avail++] = (fh_card_t)c;
    size_t n_runouts = fh_runout_count(n_board, used);
    if (stride < n_runouts) return FH_ERR_ARGUMENT;
    for (size_t c = 0; c < n_combos; c++) {
        fh_card_t a = combos[2 * c], b = combos[2 * c + 1];
        fh_mask_t hole = (1ULL << a) | (1ULL << b);
        uint64_t key = bkey + fh_card_keys[a] + fh_card_keys[b];
        uint64_t sr = bsr | FH_SUIT_RANK_BIT(a) | FH_SUIT_RANK_BIT(b);
        uint16_t *row = values + c * stride;
        size_t r = 0;
        if (n_board == 4) {
            for (int i = 0; i < n_avail; i++, r++) {
                fh_card_t x = avail[i];
                row[r] = (hole >> x & 1) ? 0 : fh_value_from_key(key + fh_card_keys[x], sr | FH_SUIT_RANK_BIT(x));
            }
        } else {
            for (int i = 0; i < n_avail; i++) {
                fh_card_t x = avail[i];
                uint64_t kx = key + fh_card_keys[x], sx = sr | FH_SUIT_RANK_BIT(x);
                int hit_x = (int)(hole >> x & 1);
                for (int j = i + 1; j < n_avail; j++, r++) {
                    fh_card_t y = avail[j];
                    row[r] = (hit_x || (hole >> y & 1)) ? 0
                                                        : fh_value_from_key(kx + fh_card_keys[y], sx | FH_SUIT_RANK_BIT(y));
                }
            }
        }
        for (; r < stride; r++) row[r] = 0;
    }
    return FH_OK;
}

typedef struct {
    const uint16_t *values;
    size_t stride;
    const uint32_t *deals;
    int n_players;
    uint64_t *out;
    size_t n_deals;
    int avx512; /* one_deal_avx512 */
    /* fh_runout_sums: per thread, row_words totals then 2 * n_players * n_rows combo sums */
    uint64_t **sums;
    size_t n_rows;
} runout_job;

/* counts[p][w] (p, w < n): runouts in which player p is one of exactly w + 1 best hands;
 * valid: runouts counted. Written as one compact tally, word f at out[f * step] (see
 * fh_runout_tallies). */
FH_INLINE void counts_to_row(const uint64_t counts[FH_MAX_PLAYERS][FH_MAX_PLAYERS], uint64_t valid, int n,
                             uint64_t *out, size_t step) {
    uint64_t row[5 * FH_MAX_PLAYERS + 2];
    /* The pot share of each of w + 1 winners: FH_SHARE_UNIT / (w + 1). */
    static const uint64_t SHARE[FH_MAX_PLAYERS] = {
        FH_SHARE_UNIT / 1, FH_SHARE_UNIT / 2, FH_SHARE_UNIT / 3, FH_SHARE_UNIT / 4, FH_SHARE_UNIT / 5,
        FH_SHARE_UNIT / 6, FH_SHARE_UNIT / 7, FH_SHARE_UNIT / 8, FH_SHARE_UNIT / 9, FH_SHARE_UNIT / 10,
    };
    uint64_t *win = row + 1, *tie = win + n, *share = tie + n, *share_sq = share + n, *split = share_sq + n;
    row[0] = valid;
    split[0] = 0;
    for (int w = 0; w < n; w++) split[w + 1] = 0;
    for (int p = 0; p < n; p++) {
        uint64_t wn = 0, tt = 0, sh = 0, sq = 0;
        for (int w = 0; w < n; w++) {
            uint64_t c = counts[p][w];
            uint64_t s = SHARE[w];
            if (w == 0)
                wn += c;
            else
                tt += c;
            sh += c * s;
            sq += c * s * s;
            split[w + 1] += c; /* each w + 1 way split is seen by its w + 1 winners */
        }
        win[p] = wn;
        tie[p] = tt;
        share[p] = sh;
        share_sq[p] = sq;
    }
    for (int w = 2; w <= n; w++) split[w] /= (uint64_t)w;
    for (int f = 0; f < 5 * n + 2; f++) out[(size_t)f * step] = row[f];
}

/* The row of one deal from its loop's counters (see one_deal): counts[p][w - 1] for
 * w = 1 .. n - 2 are filled; the share of w = n - 1 follows as E[p] - sum_w A[p][w] - T. */
FH_INLINE void finish_deal(uint64_t counts[FH_MAX_PLAYERS][FH_MAX_PLAYERS], const uint64_t *E, uint64_t T,
                           uint64_t valid, int n, uint64_t *out, size_t step) {
    for (int p = 0; p < n; p++) {
        uint64_t rest = E[p] - T;
        for (int w = 1; w <= n - 2; w++) rest -= counts[p][w - 1];
        counts[p][n - 2] = rest;
        counts[p][n - 1] = T;
    }
    counts_to_row((const uint64_t(*)[FH_MAX_PLAYERS])counts, valid, n, out, step);
}

/* One deal: rows[p] are the players' value rows; n >= 2 (a constant in the copies below).
 * Per lane (SSE2) or per runout, with e_p = "player p holds a best hand" and w = the number
 * of best hands, it counts: runouts counted; E[p] = sum of e_p; T = runouts where all n tie;
 * A[p][w] = sum of e_p for w = 1 .. n - 2. The share of w = n - 1 follows:
 * E[p] - sum_w A[p][w] - T. Fewer counters than one per (p, w) keep them in registers. */
FH_INLINE void one_deal(const uint16_t *const *rows, const int n, size_t stride, uint64_t *out, size_t step) {
    uint64_t counts[FH_MAX_PLAYERS][FH_MAX_PLAYERS];
    uint64_t E[FH_MAX_PLAYERS], T = 0, valid = 0;
    /* Only the counters used (p < n, w <= n - 3) are summed into; the rest are set below. */
    for (int p = 0; p < n; p++) {
        E[p] = 0;
        for (int w = 0; w < n - 2; w++) counts[p][w] = 0;
    }
    size_t r = 0;
#ifdef FH_RUNOUTS_SSE2
    const __m128i zero = _mm_setzero_si128();
    while (r < stride) {
        /* A lane counts at most 256 runouts per chunk of 2048: 16 bits hold. */
        size_t end = stride - r > 2048 ? r + 2048 : stride;
        __m128i acc[FH_MAX_PLAYERS][FH_MAX_PLAYERS], eacc[FH_MAX_PLAYERS];
        __m128i vacc = zero, tacc = zero;
        for (int p = 0; p < n; p++) {
            eacc[p] = zero;
            for (int w = 1; w <= n - 2; w++) acc[p][w] = zero;
        }
        for (; r < end; r += 8) {
            __m128i v[FH_MAX_PLAYERS];
            v[0] = _mm_loadu_si128((const __m128i *)(rows[0] + r));
            __m128i best = v[0], low = v[0];
            for (int p = 1; p < n; p++) {
                v[p] = _mm_loadu_si128((const __m128i *)(rows[p] + r));
                best = _mm_max_epi16(best, v[p]);
                low = _mm_min_epi16(low, v[p]);
            }
            __m128i ok = _mm_cmpgt_epi16(low, zero); /* -1 where every player's value is set */
            vacc = _mm_sub_epi16(vacc, ok);
            __m128i e[FH_MAX_PLAYERS];
            __m128i nwin = zero; /* minus the number of best hands */
            for (int p = 0; p < n; p++) {
                e[p] = _mm_and_si128(_mm_cmpeq_epi16(v[p], best), ok);
                nwin = _mm_add_epi16(nwin, e[p]);
                eacc[p] = _mm_sub_epi16(eacc[p], e[p]);
            }
            tacc = _mm_sub_epi16(tacc, _mm_cmpeq_epi16(nwin, _mm_set1_epi16((short)-n)));
            for (int w = 1; w <= n - 2; w++) {
                __m128i is_w = _mm_cmpeq_epi16(nwin, _mm_set1_epi16((short)-w));
                for (int p = 0; p < n; p++) acc[p][w] = _mm_sub_epi16(acc[p][w], _mm_and_si128(e[p], is_w));
            }
        }
        /* Sum of the eight 16-bit lanes (each at most 256): pairs by madd, then 32-bit lanes. */
        const __m128i ones = _mm_set1_epi16(1);
#define FH_HSUM(x, dst)                                                          \
    do {                                                                         \
        __m128i q = _mm_madd_epi16((x), ones);                                   \
        q = _mm_add_epi32(q, _mm_shuffle_epi32(q, 0x4E));                        \
        q = _mm_add_epi32(q, _mm_shuffle_epi32(q, 0xB1));                        \
        (dst) += (uint64_t)(uint32_t)_mm_cvtsi128_si32(q);                       \
    } while (0)
        FH_HSUM(vacc, valid);
        FH_HSUM(tacc, T);
        for (int p = 0; p < n; p++) {
            FH_HSUM(eacc[p], E[p]);
            for (int w = 1; w <= n - 2; w++) FH_HSUM(acc[p][w], counts[p][w - 1]);
        }
#undef FH_HSUM
    }
#endif
    for (; r < stride; r++) {
        uint16_t best = 0, low = UINT16_MAX;
        for (int p = 0; p < n; p++) {
            uint16_t x = rows[p][r];
            best = x > best ? x : best;
            low = x < low ? x : low;
        }
        if (!low) continue;
        valid++;
        int nwin = 0;
        for (int p = 0; p < n; p++) nwin += rows[p][r] == best;
        T += nwin == n;
        for (int p = 0; p < n; p++)
            if (rows[p][r] == best) {
                E[p]++;
                if (nwin <= n - 2) counts[p][nwin - 1]++;
            }
    }
    finish_deal(counts, E, T, valid, n, out, step);
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>
#define FH_RUNOUTS_AVX512 1
#define FH_AVX512_RUNOUTS __attribute__((target("avx512f,avx512bw,popcnt")))

/* one_deal with AVX-512BW: 32 runouts per step, comparisons into mask registers and the
 * counts by popcount of the masks (no lane counters to sum). The number of best hands per
 * runout is kept bit-sliced (b0..b3, n <= 10 < 16), so "exactly w best hands" is a mask
 * too. Same counts as the SSE2 and scalar loops. */
static inline __attribute__((always_inline)) FH_AVX512_RUNOUTS void
one_deal_avx512(const uint16_t *const *rows, const int n, size_t stride, uint64_t *out, size_t step) {
    uint64_t counts[FH_MAX_PLAYERS][FH_MAX_PLAYERS];
    uint64_t E[FH_MAX_PLAYERS], T = 0, valid = 0;
    for (int p = 0; p < n; p++) {
        E[p] = 0;
        for (int w = 0; w < n - 2; w++) counts[p][w] = 0;
    }
    const __m512i zero = _mm512_setzero_si512();
    for (size_t r = 0; r < stride; r += 32) {
        const __mmask32 lm = stride - r >= 32 ? (__mmask32)0xFFFFFFFFu : (__mmask32)((1u << (stride - r)) - 1u);
        __m512i v[FH_MAX_PLAYERS];
        v[0] = _mm512_maskz_loadu_epi16(lm, rows[0] + r);
        __m512i best = v[0], low = v[0];
        for (int p = 1; p < n; p++) {
            v[p] = _mm512_maskz_loadu_epi16(lm, rows[p] + r);
            best = _mm512_max_epu16(best, v[p]);
            low = _mm512_min_epu16(low, v[p]);
        }
        const __mmask32 ok = _mm512_cmpneq_epu16_mask(low, zero); /* every player's value is set */
        valid += (uint64_t)_mm_popcnt_u32((unsigned)ok);
        uint32_t e[FH_MAX_PLAYERS];
        uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0, all = ok;
        for (int p = 0; p < n; p++) {
            uint32_t x = (uint32_t)_mm512_mask_cmpeq_epu16_mask(ok, v[p], best);
            e[p] = x;
            E[p] += (uint64_t)_mm_popcnt_u32(x);
            all &= x;
            uint32_t c0 = b0 & x;
            b0 ^= x;
            uint32_t c1 = b1 & c0;
            b1 ^= c0;
            uint32_t c2 = b2 & c1;
            b2 ^= c1;
            b3 ^= c2;
        }
        T += (uint64_t)_mm_popcnt_u32(all);
        for (int w = 1; w <= n - 2; w++) {
            uint32_t is_w = ((w & 1) ? b0 : ~b0) & ((w & 2) ? b1 : ~b1) & ((w & 4) ? b2 : ~b2) & ((w & 8) ? b3 : ~b3);
            for (int p = 0; p < n; p++) counts[p][w - 1] += (uint64_t)_mm_popcnt_u32(e[p] & is_w);
        }
    }
    finish_deal(counts, E, T, valid, n, out, step);
}

static FH_AVX512_RUNOUTS void one_deal_avx512_3(const uint16_t *const *rows, size_t stride, uint64_t *out,
                                                 size_t step) {
    one_deal_avx512(rows, 3, stride, out, step);
}
static FH_AVX512_RUNOUTS void one_deal_avx512_4(const uint16_t *const *rows, size_t stride, uint64_t *out,
                                                 size_t step) {
    one_deal_avx512(rows, 4, stride, out, step);
}
static FH_AVX512_RUNOUTS void one_deal_avx512_any(const uint16_t *const *rows, int n, size_t stride, uint64_t *out,
                                                   size_t step) {
    one_deal_avx512(rows, n, stride, out, step);
}

/* AVX-512BW where the CPU has it, unless FASTHOLDEM_RUNOUT_KERNEL=sse2 asks for the portable loop. */
static int runouts_use_avx512(void) {
    const char *env = getenv("FASTHOLDEM_RUNOUT_KERNEL");
    if (env && strcmp(env, "sse2") == 0) return 0;
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("popcnt");
}
#endif

static void one_deal_3(const uint16_t *const *rows, size_t stride, uint64_t *out, size_t step) {
    one_deal(rows, 3, stride, out, step);
}
static void one_deal_4(const uint16_t *const *rows, size_t stride, uint64_t *out, size_t step) {
    one_deal(rows, 4, stride, out, step);
}
static void one_deal_any(const uint16_t *const *rows, int n, size_t stride, uint64_t *out, size_t step) {
    one_deal(rows, n, stride, out, step);
}

/* Deal i's row: into the field-major output (step n_deals), or into a local row summed into
 * the thread's sums. */
FH_INLINE void run_deal(const runout_job *j, const uint16_t *const *rows, uint64_t *out, size_t step) {
#ifdef FH_RUNOUTS_AVX512
    if (j->avx512) {
        if (j->n_players == 3)
            one_deal_avx512_3(rows, j->stride, out, step);
        else if (j->n_players == 4)
            one_deal_avx512_4(rows, j->stride, out, step);
        else
            one_deal_avx512_any(rows, j->n_players, j->stride, out, step);
        return;
    }
#endif
    if (j->n_players == 3)
        one_deal_3(rows, j->stride, out, step);
    else if (j->n_players == 4)
        one_deal_4(rows, j->stride, out, step);
    else
        one_deal_any(rows, j->n_players, j->stride, out, step);
}

static void runout_worker(fh_par *par, void *ctx, int tid) {
    const runout_job *j = ctx;
    size_t lo, hi;
    const int n = j->n_players;
    const uint16_t *rows[FH_MAX_PLAYERS];
    uint64_t row[5 * FH_MAX_PLAYERS + 2];
    const int words = 5 * n + 2;
    uint64_t *tot = j->sums ? j->sums[tid] : NULL;
    uint64_t *combo = tot ? tot + words : NULL;
    while (fh_par_next(par, &lo, &hi)) {
        for (size_t i = lo; i < hi; i++) {
            const uint32_t *d = j->deals + i * (size_t)n;
            for (int p = 0; p < n; p++) rows[p] = j->values + (size_t)d[p] * j->stride;
            if (!tot) {
                run_deal(j, rows, j->out + i, j->n_deals);
                continue;
            }
            run_deal(j, rows, row, 1);
            for (int f = 0; f < words; f++) tot[f] += row[f];
            const uint64_t *share = row + 1 + 2 * n;
            for (int p = 0; p < n; p++) {
                combo[(size_t)(2 * p) * j->n_rows + d[p]] += row[0];
                combo[(size_t)(2 * p + 1) * j->n_rows + d[p]] += share[p];
            }
        }
    }
}

fh_status fh_runout_tallies(const uint16_t *values, size_t stride, const uint32_t *deals, size_t n_deals,
                            int n_players, int threads, fh_par_poll poll, void *poll_ctx, unsigned poll_ms,
                            uint64_t *out) {
    if (n_players < 2 || n_players > FH_MAX_PLAYERS || stride % 8) return FH_ERR_ARGUMENT;
    if (n_deals == 0) return FH_OK;
    runout_job j = {values, stride, deals, n_players, out, n_deals, 0, NULL, 0};
#ifdef FH_RUNOUTS_AVX512
    j.avx512 = runouts_use_avx512();
#endif
    int nt = fh_par_clamp_threads(threads);
    if ((size_t)nt > n_deals / 64 + 1) nt = (int)(n_deals / 64 + 1);
    return fh_par_run(n_deals, 64, nt, runout_worker, &j, poll, poll_ctx, poll_ms);
}

fh_status fh_runout_sums(const uint16_t *values, size_t stride, size_t n_rows, const uint32_t *deals, size_t n_deals,
                         int n_players, int threads, fh_par_poll poll, void *poll_ctx, unsigned poll_ms,
                         uint64_t *totals, uint64_t *combo) {
    if (n_players < 2 || n_players > FH_MAX_PLAYERS || stride % 8) return FH_ERR_ARGUMENT;
    if (n_deals == 0) return FH_OK;
    runout_job j = {values, stride, deals, n_players, NULL, n_deals, 0, NULL, n_rows};
#ifdef FH_RUNOUTS_AVX512
    j.avx512 = runouts_use_avx512();
#endif
    int nt = fh_par_clamp_threads(threads);
    if ((size_t)nt > n_deals / 1024 + 1) nt = (int)(n_deals / 1024 + 1);
    const size_t words = fh_runout_row_words(n_players), per = words + 2 * (size_t)n_players * n_rows;
    uint64_t **sums = calloc((size_t)nt, sizeof *sums);
    fh_status st = sums ? FH_OK : FH_ERR_NOMEM;
    for (int t = 0; t < nt && st == FH_OK; t++)
        if (!(sums[t] = calloc(per, sizeof(uint64_t)))) st = FH_ERR_NOMEM;
    if (st == FH_OK) {
        j.sums = sums;
        st = fh_par_run(n_deals, 64, nt, runout_worker, &j, poll, poll_ctx, poll_ms);
    }
    if (st == FH_OK)
        for (int t = 0; t < nt; t++) {
            for (size_t f = 0; f < words; f++) totals[f] += sums[t][f];
            for (size_t c = 0; c < per - words; c++) combo[c] += sums[t][words + c];
        }
    if (sums)
        for (int t = 0; t < nt; t++) free(sums[t]);
    free(sums);
    return st;
}
