/* fh_eval.c -- batch evaluation, input scanning and exhaustive enumeration (see fh_eval.h). */
#include "fh_eval.h"

#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* Below this many rows a batch runs on the calling thread: waking threads costs more. */
#define FH_PARALLEL_MIN_ROWS 32768

int fh_have_openmp(void) {
#ifdef _OPENMP
    return 1;
#else
    return 0;
#endif
}

int fh_max_threads(void) {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

fh_value_t fh_flush_value_of_cards(uint64_t key, const fh_card_t *cards, int n) {
    unsigned s = fh_flush_suit(key);
    unsigned ranks = 0;
    for (int i = 0; i < n; i++)
        if ((cards[i] & 3u) == s) ranks |= 1u << (cards[i] >> 2);
    return fh_flush_values[ranks];
}

ptrdiff_t fh_find_bad_card(const uint8_t *bytes, size_t count) {
    const size_t chunk = 4096;
    for (size_t lo = 0; lo < count; lo += chunk) {
        size_t hi = lo + chunk < count ? lo + chunk : count;
        uint8_t worst = 0;
        for (size_t i = lo; i < hi; i++) worst = bytes[i] > worst ? bytes[i] : worst;
        if (FH_UNLIKELY(worst > 51))
            for (size_t i = lo; i < hi; i++)
                if (bytes[i] > 51) return (ptrdiff_t)i;
    }
    return -1;
}

/* Rows [lo, hi) of k cards; returns nonzero if any row repeats a card. A row of distinct
 * cards has sum(1 << c) == OR(1 << c); a repeat makes a carry and the two differ. */
FH_INLINE uint64_t row_repeats(const fh_card_t *c, int k) {
    uint64_t sum = 0, any = 0;
    for (int j = 0; j < k; j++) {
        uint64_t bit = 1ULL << c[j];
        sum += bit;
        any |= bit;
    }
    return sum ^ any;
}

/* Key of 7 cards as a balanced sum (a 3-deep dependency chain instead of 7). */
FH_INLINE uint64_t key7(const fh_card_t *c) {
    const uint64_t *K = fh_card_keys;
    return ((K[c[0]] + K[c[1]]) + (K[c[2]] + K[c[3]])) + ((K[c[4]] + K[c[5]]) + (K[c[6]] + FH_KEY_INIT));
}

/* Seven-card rows in blocks of four: four independent keys, one test for a rare flush. */
FH_INLINE uint64_t eval_rows7(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    uint64_t repeated = 0;
    size_t i = lo;
    for (; i + 4 <= hi; i += 4) {
        const fh_card_t *c = cards + 7 * i;
        uint64_t k0 = key7(c), k1 = key7(c + 7), k2 = key7(c + 14), k3 = key7(c + 21);
        repeated |= row_repeats(c, 7) | row_repeats(c + 7, 7) | row_repeats(c + 14, 7) | row_repeats(c + 21, 7);
        if (FH_UNLIKELY((k0 | k1 | k2 | k3) & FH_FLUSH_CHECK)) {
            out[i] = fh_eval7(c);
            out[i + 1] = fh_eval7(c + 7);
            out[i + 2] = fh_eval7(c + 14);
            out[i + 3] = fh_eval7(c + 21);
        } else {
            out[i] = fh_noflush_value(k0);
            out[i + 1] = fh_noflush_value(k1);
            out[i + 2] = fh_noflush_value(k2);
            out[i + 3] = fh_noflush_value(k3);
        }
    }
    for (; i < hi; i++) {
        repeated |= row_repeats(cards + 7 * i, 7);
        out[i] = fh_eval7(cards + 7 * i);
    }
    return repeated;
}

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(FH_NO_SIMD)
#define FH_HAVE_AVX2_KERNEL 1
#include <immintrin.h>

/* Seven-card rows, eight at a time, with AVX2 (chosen at run time by fh_eval_batch).
 * Rows 2q and 2q+1 are loaded into one 128-bit half; byte shuffles then put card j of all
 * eight rows into eight 32-bit lanes (lane order 0,1,4,5 | 2,3,6,7). Rank multipliers come
 * from two 8-entry permutes, suit counters from variable shifts, repeated cards from
 * sum != OR of the 64-bit card bits (two 32-bit halves), and the two table lookups are
 * gathers. Lanes with a flush are redone by the scalar code. Needs 2 readable bytes after
 * the last of the eight rows: the caller stops one row early. */
__attribute__((target("avx2"))) static uint64_t eval_rows7_avx2(const fh_card_t *cards, size_t lo, size_t hi,
                                                                 fh_value_t *out, size_t *done) {
    int32_t mult[16] = {0};
    for (int r = 0; r < 13; r++) mult[r] = (int32_t)(uint32_t)fh_card_keys[4 * r];
    const __m256i mult_lo = _mm256_loadu_si256((const __m256i *)mult);
    const __m256i mult_hi = _mm256_loadu_si256((const __m256i *)(mult + 8));
    const __m256i seven = _mm256_set1_epi32(7), three = _mm256_set1_epi32(3), one = _mm256_set1_epi32(1);
    const __m256i thirty_two = _mm256_set1_epi32(32), row_mask = _mm256_set1_epi32(FH_NOFLUSH7_MASK);
    const __m256i value_mask = _mm256_set1_epi32(0xFFFF), flush_bits = _mm256_set1_epi32(0x8888);
    const __m256i to_hand_order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    __m256i pick_a[7], pick_b[7];
    for (int j = 0; j < 7; j++) {
        int8_t a[16], b[16];
        for (int q = 0; q < 16; q++) a[q] = b[q] = (int8_t)0x80;
        a[0] = (int8_t)j;
        a[4] = (int8_t)(7 + j);
        b[8] = (int8_t)j;
        b[12] = (int8_t)(7 + j);
        __m128i va = _mm_loadu_si128((const __m128i *)a), vb = _mm_loadu_si128((const __m128i *)b);
        pick_a[j] = _mm256_broadcastsi128_si256(va);
        pick_b[j] = _mm256_broadcastsi128_si256(vb);
    }
    uint64_t repeated = 0;
    __m256i rep = _mm256_setzero_si256();
    size_t i = lo;
    for (; i + 9 <= hi; i += 8) {
        const fh_card_t *p = cards + 7 * i;
        __m256i A = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
                                            _mm_loadu_si128((const __m128i *)(p + 14)), 1);
        __m256i B = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p + 28))),
                                            _mm_loadu_si128((const __m128i *)(p + 42)), 1);
        __m256i rank_sum = _mm256_setzero_si256(), suits = _mm256_set1_epi32(0x3333);
        __m256i sum_lo = _mm256_setzero_si256(), sum_hi = _mm256_setzero_si256();
        __m256i any_lo = _mm256_setzero_si256(), any_hi = _mm256_setzero_si256();
        for (int j = 0; j < 7; j++) {
            __m256i c = _mm256_or_si256(_mm256_shuffle_epi8(A, pick_a[j]), _mm256_shuffle_epi8(B, pick_b[j]));
            __m256i rank = _mm256_srli_epi32(c, 2);
            __m256i m = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(mult_lo, rank),
                                           _mm256_permutevar8x32_epi32(mult_hi, rank), _mm256_cmpgt_epi32(rank, seven));
            rank_sum = _mm256_add_epi32(rank_sum, m);
            suits = _mm256_add_epi32(suits, _mm256_sllv_epi32(one, _mm256_slli_epi32(_mm256_and_si256(c, three), 2)));
            __m256i bit_lo = _mm256_sllv_epi32(one, c);                              /* 0 when c >= 32 */
            __m256i bit_hi = _mm256_sllv_epi32(one, _mm256_sub_epi32(c, thirty_two)); /* 0 when c < 32 */
            sum_lo = _mm256_add_epi32(sum_lo, bit_lo);
            sum_hi = _mm256_add_epi32(sum_hi, bit_hi);
            any_lo = _mm256_or_si256(any_lo, bit_lo);
            any_hi = _mm256_or_si256(any_hi, bit_hi);
        }
        rep = _mm256_or_si256(rep, _mm256_or_si256(_mm256_xor_si256(sum_lo, any_lo), _mm256_xor_si256(sum_hi, any_hi)));
        __m256i offsets = _mm256_i32gather_epi32((const int *)fh_noflush7_offsets,
                                                 _mm256_srli_epi32(rank_sum, FH_NOFLUSH7_SHIFT), 4);
        __m256i index = _mm256_add_epi32(offsets, _mm256_and_si256(rank_sum, row_mask));
        __m256i values = _mm256_and_si256(_mm256_i32gather_epi32((const int *)fh_noflush7_values, index, 2), value_mask);
        values = _mm256_permutevar8x32_epi32(values, to_hand_order);
        __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(values, values), 0x08);
        _mm_storeu_si128((__m128i *)(out + i), _mm256_castsi256_si128(packed));
        int flush = _mm256_movemask_ps(_mm256_castsi256_ps(
            _mm256_cmpgt_epi32(_mm256_and_si256(suits, flush_bits), _mm256_setzero_si256())));
        if (FH_UNLIKELY(flush)) {
            static const int lane_hand[8] = {0, 1, 4, 5, 2, 3, 6, 7};
            for (int k = 0; k < 8; k++)
                if (flush >> k & 1) out[i + (size_t)lane_hand[k]] = fh_eval7(p + 7 * lane_hand[k]);
        }
    }
    repeated = (uint64_t)!_mm256_testz_si256(rep, rep);
    *done = i;
    return repeated;
}
#endif

static int have_avx2(void) {
#ifdef FH_HAVE_AVX2_KERNEL
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return cached;
#else
    return 0;
#endif
}

static uint64_t eval_rows(const fh_card_t *cards, size_t lo, size_t hi, int k, fh_value_t *out) {
    uint64_t repeated = 0;
    if (k == 7) {
#ifdef FH_HAVE_AVX2_KERNEL
        if (have_avx2()) {
            size_t done = lo;
            repeated = eval_rows7_avx2(cards, lo, hi, out, &done);
            lo = done;
        }
#endif
        return repeated | eval_rows7(cards, lo, hi, out);
    }
    for (size_t i = lo; i < hi; i++) {
        const fh_card_t *c = cards + (size_t)k * i;
        repeated |= row_repeats(c, k);
        out[i] = fh_eval_cards(c, k);
    }
    return repeated;
}

static ptrdiff_t first_repeated_row(const fh_card_t *cards, size_t n, int k) {
    for (size_t i = 0; i < n; i++) {
        uint64_t seen = 0;
        for (int j = 0; j < k; j++) {
            uint64_t bit = 1ULL << cards[(size_t)k * i + (size_t)j];
            if (seen & bit) return (ptrdiff_t)i;
            seen |= bit;
        }
    }
    return -1;
}

ptrdiff_t fh_eval_batch(const fh_card_t *cards, size_t n, int k, fh_value_t *out, int threads) {
    uint64_t repeated = 0;
    (void)threads; /* unused without OpenMP */
    (void)have_avx2(); /* initialise the CPU check before any thread asks */
#ifdef _OPENMP
    if (threads > 1 && n >= FH_PARALLEL_MIN_ROWS) {
        /* Chunks handed out dynamically: a thread slowed by other processes does not hold
         * up the batch, and each chunk is large enough to amortise the scheduling. */
        const size_t chunk = 16384;
        const ptrdiff_t n_chunks = (ptrdiff_t)((n + chunk - 1) / chunk);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(| : repeated)
        for (ptrdiff_t q = 0; q < n_chunks; q++) {
            size_t lo = (size_t)q * chunk, hi = lo + chunk < n ? lo + chunk : n;
            repeated |= eval_rows(cards, lo, hi, k, out);
        }
    } else
#endif
    {
        repeated = eval_rows(cards, 0, n, k, out);
    }
    return repeated ? first_repeated_row(cards, n, k) : -1;
}

/* ---- exhaustive enumeration ------------------------------------------------------------ */

typedef struct {
    int n_avail;
    uint64_t keys[FH_N_CARDS];       /* fh_card_keys of the available cards, in id order */
    uint64_t suit_ranks[FH_N_CARDS]; /* FH_SUIT_RANK_BIT of the same cards */
    int rank_end[FH_N_CARDS];        /* index of the first available card of a higher rank */
} enum_deck;

/* One more card of any suit reaches five of a suit: a suit counter already at 3 + 4. */
#define FH_FLUSH_NEXT(key) (((key) + (0x1111ULL << 32)) & FH_FLUSH_CHECK)

/* Add to hist the value of (key, sr) completed by each card avail[start..]. Available cards
 * are in id order, so cards of one rank are adjacent (rank_end[j] = index past j's rank);
 * when no card can make a flush, one lookup serves every card of a rank. */
FH_INLINE void enum_last_card(const enum_deck *d, int start, uint64_t key, uint64_t sr, uint32_t *hist) {
    int j = start;
    if (!FH_FLUSH_NEXT(key)) {
        while (j < d->n_avail) {
            int end = d->rank_end[j];
            hist[fh_noflush_value(key + d->keys[j])] += (uint32_t)(end - j);
            j = end;
        }
        return;
    }
    for (; j < d->n_avail; j++) hist[fh_value_from_key(key + d->keys[j], sr | d->suit_ranks[j])]++;
}

/* As enum_last_card, for the last two cards. When two more cards cannot make a flush
 * (no suit counter above 3 + 2), a value depends on the two ranks only: one lookup serves
 * all cnt*(cnt-1)/2 pairs within a rank and all cnt_a*cnt_b pairs across two ranks. */
static void enum_last_two(const enum_deck *d, int start, uint64_t key, uint64_t sr, uint32_t *hist) {
    if (((key + (0x2222ULL << 32)) & FH_FLUSH_CHECK) == 0) {
        for (int i = start; i < d->n_avail;) {
            int end = d->rank_end[i];
            uint32_t cnt = (uint32_t)(end - i);
            uint64_t k1 = key + d->keys[i];
            if (cnt >= 2) hist[fh_noflush_value(k1 + d->keys[i])] += cnt * (cnt - 1) / 2;
            for (int j = end; j < d->n_avail;) {
                int end2 = d->rank_end[j];
                hist[fh_noflush_value(k1 + d->keys[j])] += cnt * (uint32_t)(end2 - j);
                j = end2;
            }
            i = end;
        }
        return;
    }
    for (int i = start; i < d->n_avail - 1; i++)
        enum_last_card(d, i + 1, key + d->keys[i], sr | d->suit_ranks[i], hist);
}

static void enum_rec(const enum_deck *d, int start, int depth, uint64_t key, uint64_t sr, uint32_t *hist) {
    if (depth == 2) {
        enum_last_two(d, start, key, sr, hist);
        return;
    }
    if (depth == 1) {
        enum_last_card(d, start, key, sr, hist);
        return;
    }
    for (int i = start; i <= d->n_avail - depth; i++)
        enum_rec(d, i + 1, depth - 1, key + d->keys[i], sr | d->suit_ranks[i], hist);
}

int64_t fh_enumerate_values(const fh_card_t *fixed, int n_fixed, fh_mask_t dead, uint64_t *hist, int threads) {
    if (n_fixed < 0 || n_fixed > 7) return -1;
    (void)threads; /* unused without OpenMP */
    enum_deck d;
    uint64_t key = FH_KEY_INIT, sr = 0;
    fh_mask_t used = dead;
    for (int i = 0; i < n_fixed; i++) {
        key += fh_card_keys[fixed[i]];
        sr |= FH_SUIT_RANK_BIT(fixed[i]);
        used |= 1ULL << fixed[i];
    }
    d.n_avail = 0;
    for (unsigned c = 0; c < FH_N_CARDS; c++)
        if (!(used >> c & 1)) {
            d.keys[d.n_avail] = fh_card_keys[c];
            d.suit_ranks[d.n_avail] = FH_SUIT_RANK_BIT(c);
            d.n_avail++;
        }
    for (int j = d.n_avail - 1; j >= 0; j--) {
        int same = j + 1 < d.n_avail && (uint32_t)d.keys[j + 1] == (uint32_t)d.keys[j];
        d.rank_end[j] = same ? d.rank_end[j + 1] : j + 1;
    }
    int depth = 7 - n_fixed;
    if (depth == 0) {
        hist[fh_value_from_key(key, sr)] += 1;
        return 1;
    }
    if (d.n_avail < depth) return 0;
    int n_first = d.n_avail - depth + 1; /* choices of the first free card */
    int nt = 1;
#ifdef _OPENMP
    if (threads > 1 && depth >= 4) nt = threads;
#endif
    uint32_t *locals = calloc((size_t)nt * (FH_N_VALUES + 1), sizeof(uint32_t));
    if (!locals) return -2;
#ifdef _OPENMP
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) if (nt > 1)
#endif
    for (int i = 0; i < n_first; i++) {
#ifdef _OPENMP
        uint32_t *local = locals + (size_t)omp_get_thread_num() * (FH_N_VALUES + 1);
#else
        uint32_t *local = locals;
#endif
        if (depth == 1)
            local[fh_value_from_key(key + d.keys[i], sr | d.suit_ranks[i])]++;
        else
            enum_rec(&d, i + 1, depth - 1, key + d.keys[i], sr | d.suit_ranks[i], local);
    }
    int64_t total = 0;
    for (int t = 0; t < nt; t++)
        for (int v = 0; v <= FH_N_VALUES; v++) {
            hist[v] += locals[(size_t)t * (FH_N_VALUES + 1) + (size_t)v];
            total += locals[(size_t)t * (FH_N_VALUES + 1) + (size_t)v];
        }
    free(locals);
    return total;
}
