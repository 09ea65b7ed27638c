/* fh_eval.c -- batch evaluation, input scanning and exhaustive enumeration (see fh_eval.h). */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L /* clock_gettime, to time the kernels once */
#endif
#include "fh_eval.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Below this many rows a batch runs on the calling thread: starting threads costs more. */
#define FH_PARALLEL_MIN_ROWS 32768
/* Rows per grain handed to a thread, and rows converted at a time (7 * 4096 bytes stay in
 * the first-level cache between the conversion and the evaluation). */
#define FH_GRAIN_ROWS 16384
#define FH_BLOCK_ROWS 4096

fh_value_t fh_flush_value_of_cards(uint64_t key, const fh_card_t *cards, int n) {
    unsigned s = fh_flush_suit(key);
    unsigned ranks = 0;
    for (int i = 0; i < n; i++) /* ids above 51 (a bad row of a SIMD block) add no rank */
        if (cards[i] < FH_N_CARDS && (cards[i] & 3u) == s) ranks |= 1u << (cards[i] >> 2);
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

/* Input rows are read FH_PREFETCH_AHEAD bytes ahead of use (a hint: past the end it is
 * harmless). This machine's hardware prefetcher alone leaves the kernels waiting on memory:
 * with it the AVX-512 kernel on 10**7 rows runs about 1.25x faster. Each call covers the 128
 * bytes from there, more than one iteration of any kernel reads. */
#define FH_PREFETCH_AHEAD 2048
#if defined(__GNUC__) || defined(__clang__)
#define FH_PREFETCH_ROWS(p)                                                        \
    do {                                                                          \
        __builtin_prefetch((const char *)(p) + FH_PREFETCH_AHEAD, 0, 3);          \
        __builtin_prefetch((const char *)(p) + FH_PREFETCH_AHEAD + 64, 0, 3);     \
    } while (0)
#else
#define FH_PREFETCH_ROWS(p) ((void)(p))
#endif

/* Rows [lo, hi) of K = 5, 6 or 7 cards. Each card's entry in fh_card_key_bits holds its key
 * and its bit (1 << id) side by side, so one 128-bit add per card sums both. K distinct cards
 * sum to a bit word of popcount K; a repeated card makes a carry and the popcount drops. The
 * rare flush takes its suit's ranks from the same bit word. Returns the total popcount:
 * K * (hi - lo) exactly when no row repeats a card. Any byte is safe: ids above 51 have
 * zero entries, so their rows sum fewer than K bits (and their keys stay in range). Compiled
 * twice per K: portable, and (on x86) with the popcnt and pext instructions, chosen at run
 * time. */
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define FH_SUM_DECLARE const __m128i *E = (const __m128i *)fh_card_key_bits, init = _mm_set_epi64x(0, (long long)FH_KEY_INIT)
#define FH_ADD _mm_add_epi64
#define FH_SUM5(c) FH_ADD(FH_ADD(FH_ADD(E[(c)[0]], E[(c)[1]]), FH_ADD(E[(c)[2]], E[(c)[3]])), FH_ADD(E[(c)[4]], init))
#define FH_SUM6(c) FH_ADD(FH_ADD(FH_ADD(E[(c)[0]], E[(c)[1]]), FH_ADD(E[(c)[2]], E[(c)[3]])), \
                          FH_ADD(FH_ADD(E[(c)[4]], E[(c)[5]]), init))
#define FH_SUM7(c) FH_ADD(FH_ADD(FH_ADD(E[(c)[0]], E[(c)[1]]), FH_ADD(E[(c)[2]], E[(c)[3]])), \
                          FH_ADD(FH_ADD(E[(c)[4]], E[(c)[5]]), FH_ADD(E[(c)[6]], init)))
#define FH_SUM(K, c, key, bits)                                                                            \
    do {                                                                                                   \
        __m128i s_ = FH_SUM##K(c);                                                                         \
        key = (uint64_t)_mm_cvtsi128_si64(s_);                                                             \
        bits = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s_, s_));                                   \
    } while (0)
#else
#define FH_SUM_DECLARE const uint64_t *E = fh_card_key_bits
#define FH_KB(c, j, h) E[2 * (c)[j] + (h)]
#define FH_SUM5H(c, h) (((FH_KB(c, 0, h) + FH_KB(c, 1, h)) + (FH_KB(c, 2, h) + FH_KB(c, 3, h))) + FH_KB(c, 4, h))
#define FH_SUM6H(c, h) (FH_SUM5H(c, h) + FH_KB(c, 5, h))
#define FH_SUM7H(c, h) (FH_SUM6H(c, h) + FH_KB(c, 6, h))
#define FH_SUM(K, c, key, bits)                                                                            \
    do {                                                                                                   \
        key = FH_SUM##K##H(c, 0) + FH_KEY_INIT;                                                           \
        bits = FH_SUM##K##H(c, 1);                                                                         \
    } while (0)
#endif

#define FH_EVAL_ROWS_BODY(K, NOFLUSH)                                                             \
    FH_SUM_DECLARE;                                                                               \
    uint64_t bits_total = 0;                                                                      \
    for (size_t i = lo; i < hi; i++) {                                                            \
        uint64_t key, bits;                                                                       \
        FH_SUM(K, cards + K * i, key, bits);                                                      \
        bits_total += FH_POPCOUNT64(bits);                                                        \
        out[i] = FH_LIKELY(!(key & FH_FLUSH_CHECK)) ? NOFLUSH(key) : FLUSH_FROM_BITS(key, bits);  \
    }                                                                                             \
    return bits_total;

/* Flush value from a key with a flush and the card bits (bit 4 * rank + suit per card). */
static fh_value_t flush_from_bits(uint64_t key, uint64_t bits) {
    uint64_t m = bits >> fh_flush_suit(key);
    unsigned ranks = 0;
    for (unsigned r = 0; r < 13; r++) ranks |= (unsigned)(m >> (4 * r) & 1u) << r;
    return fh_flush_values[ranks];
}

typedef uint64_t (*rows_fn)(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out);

#define FLUSH_FROM_BITS(key, bits) flush_from_bits(key, bits)
static uint64_t eval_rows5(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    FH_EVAL_ROWS_BODY(5, fh_noflush56_value)
}
static uint64_t eval_rows6(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    FH_EVAL_ROWS_BODY(6, fh_noflush56_value)
}
static uint64_t eval_rows7(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    FH_EVAL_ROWS_BODY(7, fh_noflush_value)
}
#undef FLUSH_FROM_BITS
static const rows_fn portable_rows[3] = {eval_rows5, eval_rows6, eval_rows7};

#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define FH_HAVE_BMI2_KERNEL 1
#include <immintrin.h>
#define FH_BMI2_TARGET __attribute__((target("popcnt,bmi2")))
#define FLUSH_FROM_BITS(key, bits) fh_flush_values[_pext_u64((bits) >> fh_flush_suit(key), 0x1111111111111ULL)]
FH_BMI2_TARGET static uint64_t eval_rows5_bmi2(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    FH_EVAL_ROWS_BODY(5, fh_noflush56_value)
}
FH_BMI2_TARGET static uint64_t eval_rows6_bmi2(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    FH_EVAL_ROWS_BODY(6, fh_noflush56_value)
}
FH_BMI2_TARGET static uint64_t eval_rows7_bmi2(const fh_card_t *cards, size_t lo, size_t hi, fh_value_t *out) {
    FH_EVAL_ROWS_BODY(7, fh_noflush_value)
}
#undef FLUSH_FROM_BITS
static const rows_fn bmi2_rows[3] = {eval_rows5_bmi2, eval_rows6_bmi2, eval_rows7_bmi2};
#endif
#undef FH_EVAL_ROWS_BODY

/* ---- the AVX2 kernel (x86-64 with AVX2, popcnt and BMI2, chosen at run time) -------------
 *
 * The AVX-512 kernel's sums on 256-bit registers, with 4-lane gathers. Four rows of
 * k (5..7) bytes fill one register, two per 128-bit lane (two 16-byte loads); one byte
 * shuffle spreads them to four 64-bit lanes, one row per lane, the unused byte positions
 * j = k..7 zero. Then, per register:
 *   - the rank key (the low 32 bits of the scalar key) is a sum of card multipliers below
 *     2**24: three 16-entry byte tables give each card's three bytes (vpshufb on the rank,
 *     the unused positions indexed 0x80 so that they read zero) and one vpsadbw per table
 *     sums them over the row; shifts and adds join the sums and FH_KEY_INIT;
 *   - two more byte tables count the cards of suits 0/1 and 2/3 in 4-bit fields, placed as
 *     the scalar key's suit counters, so the scalar flush test applies;
 *   - a repeated card: with the unused positions set to 255, 254, 253 (distinct, never a card),
 *     a row of distinct bytes differs from itself rotated by 1, 2, 3 and 4 bytes in every
 *     position (rotations cover every distance in a ring of 8);
 *   - an id above 51 is caught on the spread bytes (a running maximum).
 * Eight keys at a time are stored (table row and column) and take their two table lookups as
 * scalar loads, a group behind: the shuffles and sums keep the vector ports busy while the
 * scalar ports would idle, and AVX2 gathers cost more here than the loads they replace
 * (about 1.5x the speed without them; the padded values copies save the index clamp, about
 * a fifth of the instructions per row under callgrind). Flush rows
 * (about 3% of 7-card rows) go to a list, without a branch, and are finished after the block
 * (branch-free too: a branch per row or per register on the flush test mispredicts often
 * enough to cost more than the lookups). The last rows of a block (those a 16-byte load
 * would read past) go to the BMI2 kernel. A bad block is reported as such; its values are
 * not used. */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define FH_HAVE_AVX2_KERNEL 1
#define FH_AVX2_TARGET __attribute__((target("avx2,popcnt,bmi2")))


/* A flush row's value from the scalar entries, without a branch on the data: any bytes are
 * safe (ids above 51 count as no card; a bad row that the byte tables saw as a flush, with no
 * flush in its scalar key, reads some in-range entry: its value is not used). */
FH_BMI2_TARGET FH_INLINE fh_value_t flush_row_value(const fh_card_t *c, const int k) {
    const __m128i *E = (const __m128i *)fh_card_key_bits;
    __m128i s = _mm_set_epi64x(0, (long long)FH_KEY_INIT);
    for (int j = 0; j < k; j++) s = _mm_add_epi64(s, E[c[j]]);
    uint64_t key = (uint64_t)_mm_cvtsi128_si64(s), bits = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s));
    unsigned suit = (FH_CTZ64((key & FH_FLUSH_CHECK) | (1ULL << 63)) - 35u) >> 2; /* 0..7 */
    return fh_flush_values[_pext_u64(bits >> suit, 0x1111111111111ULL)];
}

#define FH_AVX2_BROADCAST(t) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(t)))

/* Row indices 0..7 of the set bits of each byte value, packed from byte 0 (the flush list). */
static uint64_t flush_lut[256];

/* The non-flush values, padded with zeros by one table row: every offset lies inside the
 * table, so an offset plus any column (below 2**shift) indexes these copies without a clamp. */
static uint16_t avx2_values7[FH_NOFLUSH7_TABLE + (1 << FH_NOFLUSH7_SHIFT)];
static uint16_t avx2_values56[FH_NOFLUSH56_TABLE + (1 << FH_NOFLUSH56_SHIFT)];

static void avx2_init_tables(void) {
    memcpy(avx2_values7, fh_noflush7_values, sizeof fh_noflush7_values);
    memcpy(avx2_values56, fh_noflush56_values, sizeof fh_noflush56_values);
    for (unsigned m = 0; m < 256; m++) {
        uint64_t packed = 0;
        unsigned n = 0;
        for (unsigned j = 0; j < 8; j++)
            if (m >> j & 1u) packed |= (uint64_t)j << (8 * n++);
        flush_lut[m] = packed;
    }
}

/* The two lookups of the SIMD kernels on the scalar units: out[j] for rows j in [a, b) of a
 * block starting at row lo, from each row's table row and column (16-bit halves) in rc, into a
 * padded values table (a column never needs a clamp). */
FH_INLINE void scalar_lookups(const uint32_t *offsets, const uint16_t *padded, const uint16_t *rc, size_t lo,
                              size_t a, size_t b, fh_value_t *out) {
    for (size_t j = a; j < b; j++) out[j] = padded[offsets[rc[2 * (j - lo)]] + rc[2 * (j - lo) + 1]];
}

/* n <= FH_BLOCK_ROWS */
FH_AVX2_TARGET FH_INLINE uint64_t eval_rows_avx2_k(const fh_card_t *c, size_t n, const int k, fh_value_t *out) {
    /* The byte tables, built per block from fh_card_keys (a few dozen stores). */
    int8_t spread[16], pad[16], rot[3][16], rank[3][16], suit_a[16], suit_b[16];
    for (int g = 0; g < 2; g++)
        for (int l = 0; l < 8; l++) {
            spread[8 * g + l] = l < k ? (int8_t)(k * g + l) : (int8_t)0x80;
            pad[8 * g + l] = l < k ? 0 : (int8_t)0xFC; /* unused: rank index 15, suit index 0x80 (zeros) */
            /* byte l against byte (l + d) mod k: d = 1, 2, 3 meet every pair of k <= 7 bytes
             * (d = 1, 2 suffice for k = 5); the unused bytes (255) meet zeros */
            for (int d = 1; d <= 3; d++)
                rot[d - 1][8 * g + l] = l < k && (d < 3 || k > 5) ? (int8_t)(8 * g + (l + d) % k) : (int8_t)0x80;
        }
    for (int r = 0; r < 16; r++) {
        uint32_t m = r < 13 ? (uint32_t)fh_card_keys[4 * r] : 0u;
        for (int b = 0; b < 3; b++) rank[b][r] = (int8_t)(m >> (8 * b));
        suit_a[r] = (int8_t)(r == 0 ? 1 : r == 1 ? 16 : 0);
        suit_b[r] = (int8_t)(r == 2 ? 1 : r == 3 ? 16 : 0);
    }
    const __m256i sp = FH_AVX2_BROADCAST(spread), pd = FH_AVX2_BROADCAST(pad);
    const __m256i r1 = FH_AVX2_BROADCAST(rot[0]), r2 = FH_AVX2_BROADCAST(rot[1]), r3 = FH_AVX2_BROADCAST(rot[2]);
    const __m256i k0 = FH_AVX2_BROADCAST(rank[0]), k1 = FH_AVX2_BROADCAST(rank[1]), k2 = FH_AVX2_BROADCAST(rank[2]);
    const __m256i sa = FH_AVX2_BROADCAST(suit_a), sb = FH_AVX2_BROADCAST(suit_b);
    const __m256i low4 = _mm256_set1_epi8(0x0F), suit_bits = _mm256_set1_epi8((char)0x83), zero = _mm256_setzero_si256();
    const uint32_t *offsets = k == 7 ? fh_noflush7_offsets : fh_noflush56_offsets;
    const uint16_t *values = k == 7 ? avx2_values7 : avx2_values56;
    const unsigned shift = k == 7 ? FH_NOFLUSH7_SHIFT : FH_NOFLUSH56_SHIFT;
    const __m256i check = _mm256_set1_epi32(0x8888), suit_init = _mm256_set1_epi32(0x3333);
    const __m256i max_row = _mm256_set1_epi32(k == 7 ? FH_NOFLUSH7_ROWS - 1 : FH_NOFLUSH56_ROWS - 1);
    const __m256i col_mask = _mm256_set1_epi32((1 << shift) - 1);
    /* Each row's table row (clamped to the last) and column as two 16-bit halves, looked up one
     * group of eight behind the vector work; values[] is padded, so no index needs a clamp. */
    uint16_t rc[2 * FH_BLOCK_ROWS];
    uint16_t flushes[FH_BLOCK_ROWS + 8]; /* the flush rows, finished after the others */
    unsigned n_flush = 0;
    __m256i same = zero, top = zero;
    size_t i = 0;
/* Rank keys and suit counters (as in the scalar key) of four rows, two at p and two at q,
 * in the low 32 bits of 64-bit lanes. */
#define FH_AVX2_KEYS4(p, q, rank, suits)                                                                                 \
    do {                                                                                                           \
        __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p))),        \
                                            _mm_loadu_si128((const __m128i *)(q)), 1);                             \
        v = _mm256_shuffle_epi8(v, sp);                                                                            \
        top = _mm256_max_epu8(top, v);                                                                             \
        __m256i w = _mm256_or_si256(v, pd);                                                                        \
        __m256i rk = _mm256_and_si256(_mm256_srli_epi16(w, 2), low4);                                              \
        __m256i su = _mm256_and_si256(w, suit_bits);                                                               \
        __m256i s0 = _mm256_sad_epu8(_mm256_shuffle_epi8(k0, rk), zero);                                           \
        __m256i s1 = _mm256_sad_epu8(_mm256_shuffle_epi8(k1, rk), zero);                                           \
        __m256i s2 = _mm256_sad_epu8(_mm256_shuffle_epi8(k2, rk), zero);                                           \
        __m256i a_ = _mm256_sad_epu8(_mm256_shuffle_epi8(sa, su), zero);                                           \
        __m256i b_ = _mm256_sad_epu8(_mm256_shuffle_epi8(sb, su), zero);                                           \
        rank = _mm256_add_epi64(_mm256_add_epi64(s0, _mm256_slli_epi64(s1, 8)), _mm256_slli_epi64(s2, 16));       \
        suits = _mm256_add_epi64(a_, _mm256_slli_epi64(b_, 8));                                                     \
        __m256i e = _mm256_or_si256(_mm256_cmpeq_epi8(w, _mm256_shuffle_epi8(w, r1)),                              \
                                    _mm256_cmpeq_epi8(w, _mm256_shuffle_epi8(w, r2)));                             \
        same = _mm256_or_si256(same, k > 5 ? _mm256_or_si256(e, _mm256_cmpeq_epi8(w, _mm256_shuffle_epi8(w, r3))) \
                                           : e);                                                                   \
    } while (0)
    for (; (i + 6) * (size_t)k + 16 <= n * (size_t)k; i += 8) { /* the last load stays inside */
        const fh_card_t *p = c + (size_t)k * i;
        FH_PREFETCH_ROWS(p);
        __m256i ra, sa4, rb, sb4; /* rows 0, 1, 4, 5 and rows 2, 3, 6, 7 */
        FH_AVX2_KEYS4(p, p + 4 * k, ra, sa4);
        FH_AVX2_KEYS4(p + 2 * k, p + 6 * k, rb, sb4);
        /* The eight rank keys and suit counters, in row order. */
        __m256i rank8 = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(ra), _mm256_castsi256_ps(rb), 0x88));
        __m256i suit8 = _mm256_add_epi32(
            _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(sa4), _mm256_castsi256_ps(sb4), 0x88)), suit_init);
        /* Both lookups on the scalar units, which the vector work leaves idle (8-lane gathers
         * ran this kernel at about 0.65x the speed), for the previous eight rows. The row is
         * clamped: a bad row's key may be anything (the block fails anyway). */
        _mm256_storeu_si256((__m256i *)(rc + 2 * i),
                            _mm256_or_si256(_mm256_min_epu32(_mm256_srli_epi32(rank8, shift), max_row),
                                            _mm256_slli_epi32(_mm256_and_si256(rank8, col_mask), 16)));
        if (i) scalar_lookups(offsets, values, rc, 0, i - 8, i, out);
        unsigned fm = (unsigned)_mm256_movemask_ps(
                          _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(suit8, check), zero))) ^ 0xFFu;
        /* the flush rows' indices, without a branch */
        _mm_storeu_si128((__m128i *)(flushes + n_flush),
                         _mm_add_epi16(_mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(flush_lut + fm))),
                                       _mm_set1_epi16((short)i)));
        n_flush += FH_POPCOUNT64(fm);
    }
#undef FH_AVX2_KEYS4
    if (i) scalar_lookups(offsets, values, rc, 0, i - 8, i, out);
    for (unsigned f = 0; f < n_flush; f++) out[flushes[f]] = flush_row_value(c + (size_t)k * flushes[f], k);
    const __m256i limit = _mm256_set1_epi8(51);
    if (!_mm256_testz_si256(same, same) || !_mm256_testc_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(top, limit), limit),
                                                               _mm256_set1_epi8(-1)))
        return 1;
    if (i == n) return 0;
    const rows_fn tail = k == 7 ? eval_rows7_bmi2 : k == 6 ? eval_rows6_bmi2 : eval_rows5_bmi2;
    return tail(c + (size_t)k * i, 0, n - i, out + i) != (uint64_t)k * (n - i);
}

FH_AVX2_TARGET static uint64_t eval_rows_avx2_5(const fh_card_t *c, size_t n, fh_value_t *out) {
    uint64_t bad = 0;
    for (size_t lo = 0; lo < n; lo += FH_BLOCK_ROWS) /* one pass per block (its list of flushes) */
        bad |= eval_rows_avx2_k(c + 5 * lo, n - lo < FH_BLOCK_ROWS ? n - lo : FH_BLOCK_ROWS, 5, out + lo);
    return bad;
}
FH_AVX2_TARGET static uint64_t eval_rows_avx2_6(const fh_card_t *c, size_t n, fh_value_t *out) {
    uint64_t bad = 0;
    for (size_t lo = 0; lo < n; lo += FH_BLOCK_ROWS) /* one pass per block (its list of flushes) */
        bad |= eval_rows_avx2_k(c + 6 * lo, n - lo < FH_BLOCK_ROWS ? n - lo : FH_BLOCK_ROWS, 6, out + lo);
    return bad;
}
FH_AVX2_TARGET static uint64_t eval_rows_avx2_7(const fh_card_t *c, size_t n, fh_value_t *out) {
    uint64_t bad = 0;
    for (size_t lo = 0; lo < n; lo += FH_BLOCK_ROWS) /* one pass per block (its list of flushes) */
        bad |= eval_rows_avx2_k(c + 7 * lo, n - lo < FH_BLOCK_ROWS ? n - lo : FH_BLOCK_ROWS, 7, out + lo);
    return bad;
}
#endif

/* ---- the AVX-512 kernel (x86-64 with AVX-512 F/BW/VL/VBMI, chosen at run time) ----------
 *
 * Eight rows of k (5..7) bytes fill one 64-byte register. One byte permute spreads them to
 * eight 64-bit lanes, one row per lane, the unused byte positions j = k..7 holding 52 + j
 * (no card, all table entries zero, and never equal to another byte of the row). Then:
 *   - the rank key (the low 32 bits of the scalar key) is a sum of card multipliers below
 *     2**22: three byte tables give each card's three bytes (vpermb) and one vpsadbw per table
 *     sums them over the row; three shifts and adds join the sums;
 *   - two more byte tables count the cards of suits 0/1 and 2/3 in 4-bit fields, so the
 *     scalar flush test (a counter reaching 8 after FH_KEY_INIT's 3) applies;
 *   - a repeated card: a row of distinct bytes differs from itself rotated by 1, 2, 3 and 4
 *     bytes in every position (rotations cover every distance in a ring of 8);
 *   - an id above 51 is caught on the raw bytes.
 * The suit counters start from FH_KEY_INIT's 3s through the pad byte 59 (every row has one),
 * so the rank key and suit counters form the scalar key in one lane. Sixteen rows then take
 * their two lookups, in one of two ways (two kernels, the faster chosen at run time):
 *   - "avx512": each row's table row and column are stored as 16-bit halves and looked up on
 *     the scalar units one group of 16 behind, as in the AVX2 kernel. On an AMD EPYC with
 *     AVX-512 (lscpu model 17), whose 16-lane gathers are slow, this runs 7-card rows at
 *     about 1.55x the gathers' speed (713 against 459 M rows/s, 2026-12-07);
 *   - "avx512-gather": two 16-lane gathers, indices clamped to the tables (a bad row's key
 *     may be anything); the faster kernel on an Intel Xeon (lscpu family 6,
 *     model 167: 779 M rows/s against the avx2 kernel's 530, 2026-12-03).
 * Flush rows (about 3% of 7-card rows) are compressed into a list as they are
 * found and finished after the block, without a branch on the data. */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define FH_HAVE_AVX512_KERNEL 1
#define FH_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,popcnt,bmi2")))

/* Byte tables (index = card id, zero from 52 up): multiplier bytes 0, 1, 2; suit counts of
 * suits 0/1 and 2/3 as 1 and 16. Then per k = 5, 6, 7 the spreading permute and pad bytes. */
static _Alignas(64) uint8_t simd_tables[5][64];
static _Alignas(64) uint8_t simd_spread[3][64];
static _Alignas(64) uint8_t simd_pad[3][64];
static uint64_t simd_fill[3]; /* byte positions j < k of each lane */

static void simd_init_tables(void) {
    for (unsigned c = 0; c < FH_N_CARDS; c++) {
        uint32_t m = (uint32_t)fh_card_keys[c];
        simd_tables[0][c] = (uint8_t)m;
        simd_tables[1][c] = (uint8_t)(m >> 8);
        simd_tables[2][c] = (uint8_t)(m >> 16);
        simd_tables[3][c] = (c & 3u) < 2 ? (uint8_t)((c & 1u) ? 16 : 1) : 0;
        simd_tables[4][c] = (c & 3u) >= 2 ? (uint8_t)((c & 1u) ? 16 : 1) : 0;
    }
    simd_tables[3][59] = simd_tables[4][59] = 0x33; /* FH_KEY_INIT's suit counters, from the last pad byte */
    for (int k = 5; k <= 7; k++) {
        uint64_t fill = 0;
        for (unsigned b = 0; b < 64; b++) {
            unsigned lane = b >> 3, j = b & 7u;
            simd_spread[k - 5][b] = (uint8_t)(j < (unsigned)k ? lane * (unsigned)k + j : 0);
            simd_pad[k - 5][b] = (uint8_t)(52 + j);
            if (j < (unsigned)k) fill |= 1ULL << b;
        }
        simd_fill[k - 5] = fill;
    }
}

/* Keys of m (1..8) rows of k cards at c, as the scalar key (rank key in bits 0-31, suit
 * counters from 3 in bits 32-47: the pad byte 59, present in every row, adds the 3s) in
 * 64-bit lanes (rows past m are padding). *top keeps the byte-wise maximum of the raw bytes
 * (above 51: a bad id); *dup keeps the byte-wise minimum of differences (a zero byte: some
 * row repeats a card). */
typedef struct {
    __m512i t0, t1, t2, ta, tb, spread, pad;
    uint64_t fill;
} simd_consts;

FH_AVX512_TARGET FH_INLINE __m512i simd_keys8(const simd_consts *K, const fh_card_t *c, unsigned m, const int k,
                                              __m512i *top, __m512i *dup) {
    __mmask64 load = m == 8 ? (1ULL << (8 * k)) - 1 : (1ULL << (m * (unsigned)k)) - 1;
    __m512i raw = _mm512_maskz_loadu_epi8(load, c);
    *top = _mm512_max_epu8(*top, raw);
    __mmask64 fill = m == 8 ? K->fill : K->fill & ((1ULL << (8 * m)) - 1);
    __m512i d = _mm512_mask_permutexvar_epi8(K->pad, fill, K->spread, raw);
    __m512i x1 = _mm512_xor_si512(d, _mm512_rol_epi64(d, 8));
    __m512i x2 = _mm512_xor_si512(d, _mm512_rol_epi64(d, 16));
    __m512i x3 = _mm512_xor_si512(d, _mm512_rol_epi64(d, 24));
    __m512i x4 = _mm512_xor_si512(d, _mm512_rol_epi64(d, 32));
    *dup = _mm512_min_epu8(*dup, _mm512_min_epu8(_mm512_min_epu8(x1, x2), _mm512_min_epu8(x3, x4)));
    const __m512i z = _mm512_setzero_si512();
    __m512i s0 = _mm512_sad_epu8(_mm512_permutexvar_epi8(d, K->t0), z);
    __m512i s1 = _mm512_sad_epu8(_mm512_permutexvar_epi8(d, K->t1), z);
    __m512i s2 = _mm512_sad_epu8(_mm512_permutexvar_epi8(d, K->t2), z);
    __m512i sa = _mm512_sad_epu8(_mm512_permutexvar_epi8(d, K->ta), z);
    __m512i sb = _mm512_sad_epu8(_mm512_permutexvar_epi8(d, K->tb), z);
    return _mm512_add_epi64(_mm512_add_epi64(_mm512_add_epi64(s0, _mm512_slli_epi64(s1, 8)), _mm512_slli_epi64(s2, 16)),
                            _mm512_add_epi64(_mm512_slli_epi64(sa, 32), _mm512_slli_epi64(sb, 40)));
}

FH_AVX512_TARGET FH_INLINE uint64_t eval_rows_avx512_k(const fh_card_t *cards, size_t n, const int k,
                                                        const int gather, fh_value_t *out) {
    simd_consts K;
    K.t0 = _mm512_load_si512(simd_tables[0]);
    K.t1 = _mm512_load_si512(simd_tables[1]);
    K.t2 = _mm512_load_si512(simd_tables[2]);
    K.ta = _mm512_load_si512(simd_tables[3]);
    K.tb = _mm512_load_si512(simd_tables[4]);
    K.spread = _mm512_load_si512(simd_spread[k - 5]);
    K.pad = _mm512_load_si512(simd_pad[k - 5]);
    K.fill = simd_fill[k - 5];
    const int shift = k == 7 ? FH_NOFLUSH7_SHIFT : FH_NOFLUSH56_SHIFT;
    const uint32_t *offsets = k == 7 ? fh_noflush7_offsets : fh_noflush56_offsets;
    const uint16_t *values = k == 7 ? fh_noflush7_values : fh_noflush56_values;
    const __m512i max_row = _mm512_set1_epi32(k == 7 ? FH_NOFLUSH7_ROWS - 1 : FH_NOFLUSH56_ROWS - 1);
    /* a 4-byte gather at the last index reads the spare entry too */
    const __m512i max_index = _mm512_set1_epi32(k == 7 ? FH_NOFLUSH7_TABLE - 2 : FH_NOFLUSH56_TABLE - 2);
    const __m512i col_mask = _mm512_set1_epi32((1 << shift) - 1);
    const __m512i suit_check = _mm512_set1_epi64((long long)FH_FLUSH_CHECK);
    const __m512i pack = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    __m512i top = _mm512_setzero_si512(), dup = _mm512_set1_epi8(-1);
    /* Flush rows of a block, by index from its start (compressed stores, no branch). */
    uint32_t flushes[FH_BLOCK_ROWS + 16];
    uint16_t rc[2 * FH_BLOCK_ROWS]; /* without gathers: each row's table row and column */
    const uint16_t *padded = k == 7 ? avx2_values7 : avx2_values56; /* no clamp on the column */
    const __m512i lane_index = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    for (size_t lo = 0; lo < n; lo += FH_BLOCK_ROWS) {
        size_t hi = n - lo < FH_BLOCK_ROWS ? n : lo + FH_BLOCK_ROWS;
        unsigned n_flush = 0;
        for (size_t i = lo; i < hi; i += 16) {
            size_t left = hi - i;
            const fh_card_t *c = cards + (size_t)k * i;
            FH_PREFETCH_ROWS(c);
            __m512i r0, r1;
            if (FH_LIKELY(left >= 16)) {
                r0 = simd_keys8(&K, c, 8, k, &top, &dup);
                r1 = simd_keys8(&K, c + 8 * k, 8, k, &top, &dup);
            } else {
                r0 = simd_keys8(&K, c, left >= 8 ? 8u : (unsigned)left, k, &top, &dup);
                r1 = left > 8 ? simd_keys8(&K, c + 8 * k, (unsigned)(left - 8), k, &top, &dup) : _mm512_setzero_si512();
            }
            __mmask16 flush = (__mmask16)(_mm512_test_epi64_mask(r0, suit_check) | (_mm512_test_epi64_mask(r1, suit_check) << 8));
            __m512i key = _mm512_permutex2var_epi32(r0, pack, r1);
            __m512i row = _mm512_min_epu32(_mm512_srli_epi32(key, (unsigned)shift), max_row);
            if (FH_UNLIKELY(left < 16)) flush &= (__mmask16)((1u << left) - 1u);
            if (gather) { /* both lookups as 16-lane gathers, indices clamped (a bad row's key may be anything) */
                __m512i off = _mm512_i32gather_epi32(row, (const void *)offsets, 4);
                __m512i idx = _mm512_min_epu32(_mm512_add_epi32(off, _mm512_and_si512(key, col_mask)), max_index);
                __m256i v16 = _mm512_cvtepi32_epi16(_mm512_i32gather_epi32(idx, (const void *)values, 2));
                if (FH_LIKELY(left >= 16))
                    _mm256_storeu_si256((__m256i *)(out + i), v16);
                else
                    _mm256_mask_storeu_epi16(out + i, (__mmask16)((1u << left) - 1u), v16);
            } else { /* row and column as 16-bit halves, looked up on the scalar units one group behind */
                _mm512_storeu_si512(rc + 2 * (i - lo),
                                    _mm512_or_si512(row, _mm512_slli_epi32(_mm512_and_si512(key, col_mask), 16)));
                if (i > lo) scalar_lookups(offsets, padded, rc, lo, i - 16, i, out);
            }
            __m512i rows16 = _mm512_add_epi32(lane_index, _mm512_set1_epi32((int)(i - lo)));
            _mm512_storeu_si512(flushes + n_flush, _mm512_maskz_compress_epi32(flush, rows16));
            n_flush += FH_POPCOUNT64(flush);
        }
        if (!gather && hi > lo) scalar_lookups(offsets, padded, rc, lo, lo + ((hi - lo - 1) & ~(size_t)15), hi, out);
        for (unsigned f = 0; f < n_flush; f++) {
            size_t r = lo + flushes[f];
            out[r] = flush_row_value(cards + (size_t)k * r, k);
        }
    }
    return (_mm512_cmpgt_epu8_mask(top, _mm512_set1_epi8(51)) | _mm512_cmpeq_epi8_mask(dup, _mm512_setzero_si512())) != 0;
}

#define FH_DEFINE_AVX512(NAME, K, GATHER)                                                      \
    FH_AVX512_TARGET static uint64_t NAME(const fh_card_t *c, size_t n, fh_value_t *out) { \
        return eval_rows_avx512_k(c, n, K, GATHER, out);                                    \
    }
FH_DEFINE_AVX512(eval_rows_avx512_5, 5, 0)
FH_DEFINE_AVX512(eval_rows_avx512_6, 6, 0)
FH_DEFINE_AVX512(eval_rows_avx512_7, 7, 0)
FH_DEFINE_AVX512(eval_rows_avx512g_5, 5, 1)
FH_DEFINE_AVX512(eval_rows_avx512g_6, 6, 1)
FH_DEFINE_AVX512(eval_rows_avx512g_7, 7, 1)
#undef FH_DEFINE_AVX512
#endif

/* ---- run-time choice of the kernel ------------------------------------------------------ */

static const char *const kernel_names[FH_N_KERNELS] = {"portable", "bmi2", "avx2", "avx512", "avx512-gather"};

const char *fh_eval_kernel_name(int kernel) {
    return kernel >= 0 && kernel < FH_N_KERNELS ? kernel_names[kernel] : NULL;
}

int fh_eval_kernel_supported(int kernel) {
    switch (kernel) {
    case FH_KERNEL_PORTABLE: return 1;
#ifdef FH_HAVE_BMI2_KERNEL
    case FH_KERNEL_BMI2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
#endif
#ifdef FH_HAVE_AVX2_KERNEL
    case FH_KERNEL_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
#endif
#ifdef FH_HAVE_AVX512_KERNEL
    case FH_KERNEL_AVX512:
    case FH_KERNEL_AVX512_GATHER:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
               __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
#endif
    default: return 0;
    }
}

static atomic_int current_kernel = -1; /* -1 until the first choice */

static void kernels_init(void) {
#ifdef FH_HAVE_AVX2_KERNEL
    avx2_init_tables(); /* idempotent, as below */
#endif
#ifdef FH_HAVE_AVX512_KERNEL
    simd_init_tables(); /* idempotent: every caller writes the same bytes */
#endif
}

int fh_eval_set_kernel(int kernel) {
    if (!fh_eval_kernel_supported(kernel)) return -1;
    kernels_init();
    atomic_store(&current_kernel, kernel);
    return 0;
}

static uint64_t eval_rows(int kernel, const fh_card_t *cards, size_t n, int k, fh_value_t *out);

#ifdef FH_HAVE_AVX2_KERNEL
static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#endif

/* The kernel to use when none was forced: of the SIMD kernels this CPU runs, the one with the
 * shortest time over a few alternating rounds on the same random 7-card rows (which kernel is
 * fastest differs between CPUs with the same instruction sets; every kernel gives the same
 * values, so only the speed depends on the choice). Under a millisecond; without a SIMD
 * kernel, the last one supported. */
static int fastest_kernel(void) {
    int last = FH_N_KERNELS - 1;
    while (last > 0 && !fh_eval_kernel_supported(last)) last--;
#ifdef FH_HAVE_AVX2_KERNEL
    enum { ROWS = 16384, ROUNDS = 5 };
    int candidates[FH_N_KERNELS], n_candidates = 0;
    for (int k = FH_KERNEL_AVX2; k < FH_N_KERNELS; k++)
        if (fh_eval_kernel_supported(k)) candidates[n_candidates++] = k;
    if (n_candidates < 2) return last;
    fh_card_t *cards = malloc((size_t)ROWS * 7);
    fh_value_t *out = malloc((size_t)ROWS * sizeof *out);
    if (!cards || !out) {
        free(cards);
        free(out);
        return last;
    }
    uint64_t state = 0x9E3779B97F4A7C15ULL; /* fixed: the same rows in every process */
    for (size_t r = 0; r < ROWS; r++) {     /* seven distinct cards per row: a partial shuffle */
        fh_card_t deck[FH_N_CARDS];
        for (unsigned c = 0; c < FH_N_CARDS; c++) deck[c] = (fh_card_t)c;
        for (unsigned j = 0; j < 7; j++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            unsigned pick = j + (unsigned)(state % (FH_N_CARDS - j));
            fh_card_t t = deck[j];
            deck[j] = deck[pick], deck[pick] = t;
            cards[7 * r + j] = deck[j];
        }
    }
    double best[FH_N_KERNELS];
    for (int i = 0; i < n_candidates; i++) best[i] = 1e300;
    for (int round = 0; round < ROUNDS; round++)
        for (int i = 0; i < n_candidates; i++) {
            double t0 = seconds_now();
            eval_rows(candidates[i], cards, ROWS, 7, out);
            double t = seconds_now() - t0;
            if (t < best[i]) best[i] = t;
        }
    int choice = candidates[0];
    double fastest = best[0];
    for (int i = 1; i < n_candidates; i++)
        if (best[i] < fastest) choice = candidates[i], fastest = best[i];
    free(cards);
    free(out);
    return choice;
#else
    return last;
#endif
}

int fh_eval_get_kernel(void) {
    int k = atomic_load_explicit(&current_kernel, memory_order_relaxed);
    if (FH_LIKELY(k >= 0)) return k;
    kernels_init();
    k = fastest_kernel();
    int expected = -1;
    atomic_compare_exchange_strong(&current_kernel, &expected, k);
    return atomic_load(&current_kernel);
}

/* Rows [0, n) of k cards with the chosen kernel; nonzero if some row repeats a card or holds
 * an id above 51. */
static uint64_t eval_rows(int kernel, const fh_card_t *cards, size_t n, int k, fh_value_t *out) {
#ifdef FH_HAVE_AVX512_KERNEL
    if (kernel == FH_KERNEL_AVX512)
        return k == 7 ? eval_rows_avx512_7(cards, n, out) : k == 6 ? eval_rows_avx512_6(cards, n, out)
                                                                   : eval_rows_avx512_5(cards, n, out);
    if (kernel == FH_KERNEL_AVX512_GATHER)
        return k == 7 ? eval_rows_avx512g_7(cards, n, out) : k == 6 ? eval_rows_avx512g_6(cards, n, out)
                                                                    : eval_rows_avx512g_5(cards, n, out);
#endif
#ifdef FH_HAVE_AVX2_KERNEL
    if (kernel == FH_KERNEL_AVX2)
        return k == 7 ? eval_rows_avx2_7(cards, n, out) : k == 6 ? eval_rows_avx2_6(cards, n, out)
                                                                 : eval_rows_avx2_5(cards, n, out);
#endif
    const rows_fn *fns = portable_rows;
#ifdef FH_HAVE_BMI2_KERNEL
    if (kernel == FH_KERNEL_BMI2) fns = bmi2_rows;
#endif
    return fns[k - 5](cards, 0, n, out) != (uint64_t)k * n;
}

/* First row holding a byte above 51 or a repeated card, or -1. */
static ptrdiff_t first_repeated_row(const fh_card_t *cards, size_t n, int k) {
    for (size_t i = 0; i < n; i++) {
        uint64_t seen = 0;
        for (int j = 0; j < k; j++) {
            fh_card_t c = cards[(size_t)k * i + (size_t)j];
            if (c >= FH_N_CARDS) return (ptrdiff_t)i;
            uint64_t bit = 1ULL << c;
            if (seen & bit) return (ptrdiff_t)i;
            seen |= bit;
        }
    }
    return -1;
}

/* Rows [a, b) of a view converted to bytes in buf (k per row). Returns nonzero if some id
 * lies outside 0..51; such ids are then stored as 255, which every kernel below reports as
 * a bad row. Compiled once per integer type; k is a constant after inlining. When the
 * columns are adjacent (the usual case, also for slices such as hands[:, :5]) a plain loop
 * converts and tracks the largest id; the clamping loop runs again only on a bad block. */
#define FH_DEFINE_CONVERT(NAME, T)                                                                \
    static unsigned NAME##_clamp(const fh_rows *v, size_t a, size_t b, int k, fh_card_t *buf) {  \
        unsigned bad = 0;                                                                         \
        for (size_t i = a; i < b; i++) {                                                          \
            const char *r = v->base + (ptrdiff_t)i * v->row_stride;                               \
            for (int j = 0; j < k; j++) {                                                         \
                T x;                                                                              \
                memcpy(&x, r + (ptrdiff_t)j * v->col_stride, sizeof x); /* may be unaligned */    \
                uint64_t u = (uint64_t)x; /* a negative id wraps to a huge one */                 \
                unsigned out = u > 51;                                                            \
                bad |= out;                                                                       \
                *buf++ = out ? (fh_card_t)255 : (fh_card_t)u;                                     \
            }                                                                                     \
        }                                                                                         \
        return bad;                                                                               \
    }                                                                                             \
    FH_INLINE uint64_t NAME##_adjacent(const char *base, ptrdiff_t rs, size_t a, size_t b, const int k, \
                                       fh_card_t *buf) {                                          \
        uint64_t worst = 0;                                                                       \
        for (size_t i = a; i < b; i++) {                                                          \
            const char *r = base + (ptrdiff_t)i * rs;                                             \
            for (int j = 0; j < k; j++) {                                                         \
                T x;                                                                              \
                memcpy(&x, r + (size_t)j * sizeof x, sizeof x);                                   \
                uint64_t u = (uint64_t)x;                                                         \
                worst = u > worst ? u : worst;                                                    \
                *buf++ = (fh_card_t)u;                                                            \
            }                                                                                     \
        }                                                                                         \
        return worst;                                                                             \
    }                                                                                             \
    static unsigned NAME(const fh_rows *v, size_t a, size_t b, int k, fh_card_t *buf) {          \
        if (v->col_stride != (ptrdiff_t)sizeof(T)) return NAME##_clamp(v, a, b, k, buf);          \
        uint64_t worst = k == 7   ? NAME##_adjacent(v->base, v->row_stride, a, b, 7, buf)         \
                         : k == 6 ? NAME##_adjacent(v->base, v->row_stride, a, b, 6, buf)         \
                                  : NAME##_adjacent(v->base, v->row_stride, a, b, 5, buf);        \
        return worst > 51 ? NAME##_clamp(v, a, b, k, buf) : 0;                                    \
    }
FH_DEFINE_CONVERT(convert_u8, uint8_t)
FH_DEFINE_CONVERT(convert_i8, int8_t)
FH_DEFINE_CONVERT(convert_u16, uint16_t)
FH_DEFINE_CONVERT(convert_i16, int16_t)
FH_DEFINE_CONVERT(convert_u32, uint32_t)
FH_DEFINE_CONVERT(convert_i32, int32_t)
FH_DEFINE_CONVERT(convert_u64, uint64_t)
FH_DEFINE_CONVERT(convert_i64, int64_t)
#undef FH_DEFINE_CONVERT

typedef unsigned (*convert_fn)(const fh_rows *v, size_t a, size_t b, int k, fh_card_t *buf);

typedef struct {
    const fh_rows *rows;
    int k;
    const fh_card_t *packed; /* the input itself when it is packed rows of bytes, else NULL */
    convert_fn convert;
    fh_value_t *out;
    int kernel;             /* FH_KERNEL_*, read once per call */
    atomic_llong first_bad; /* lowest bad row found so far, or LLONG_MAX */
} batch_job;

static void note_bad_row(batch_job *j, long long row) {
    long long seen = atomic_load_explicit(&j->first_bad, memory_order_relaxed);
    while (row < seen && !atomic_compare_exchange_weak(&j->first_bad, &seen, row)) {
    }
}

static void batch_worker(fh_par *par, void *ctx, int tid) {
    batch_job *j = ctx;
    (void)tid;
    fh_card_t buf[FH_BLOCK_ROWS * 7];
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi)) {
        /* A bad row before this grain is already known: its values do not matter. */
        if (atomic_load_explicit(&j->first_bad, memory_order_relaxed) < (long long)lo) continue;
        for (size_t a = lo; a < hi; a += FH_BLOCK_ROWS) {
            size_t b = hi - a < FH_BLOCK_ROWS ? hi : a + FH_BLOCK_ROWS;
            const fh_card_t *cards;
            unsigned bad;
            if (j->packed) {
                cards = j->packed + (size_t)j->k * a;
                bad = 0; /* every kernel reports bytes above 51 itself */
            } else {
                bad = j->convert(j->rows, a, b, j->k, buf);
                cards = buf;
            }
            if (!bad && !eval_rows(j->kernel, cards, b - a, j->k, j->out + a)) continue;
            note_bad_row(j, (long long)a + (long long)first_repeated_row(cards, b - a, j->k));
            break;
        }
    }
}

fh_status fh_eval_batch(const fh_rows *rows, size_t n, int k, fh_value_t *out, const fh_exec *ex,
                        ptrdiff_t *bad_row) {
    *bad_row = -1;
    if (k < 5 || k > 7) return FH_ERR_ARGUMENT;
    batch_job j;
    j.kernel = fh_eval_get_kernel();
    j.rows = rows;
    j.k = k;
    j.out = out;
    j.packed = NULL;
    j.convert = NULL;
    atomic_init(&j.first_bad, LLONG_MAX);
    int is_signed = rows->is_signed;
    switch (rows->itemsize) {
    case 1: j.convert = is_signed ? convert_i8 : convert_u8; break;
    case 2: j.convert = is_signed ? convert_i16 : convert_u16; break;
    case 4: j.convert = is_signed ? convert_i32 : convert_u32; break;
    case 8: j.convert = is_signed ? convert_i64 : convert_u64; break;
    default: return FH_ERR_ARGUMENT;
    }
    /* Packed bytes (uint8 or int8: a negative int8 is a byte above 51) are read in place. */
    if (rows->itemsize == 1 && rows->col_stride == 1 && (rows->row_stride == k || n <= 1))
        j.packed = (const fh_card_t *)rows->base;
    int nt = n >= FH_PARALLEL_MIN_ROWS ? fh_exec_threads(ex) : 1;
    uint64_t cost_ns = (uint64_t)n * (j.packed ? 4u : 8u);
    fh_status status = fh_par_exec(n, FH_GRAIN_ROWS, nt, ex, cost_ns, batch_worker, &j);
    long long bad = atomic_load(&j.first_bad);
    if (status == FH_OK && bad != LLONG_MAX) *bad_row = (ptrdiff_t)bad;
    return status;
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

typedef struct {
    const enum_deck *d;
    int depth;
    uint64_t key, sr;
    uint32_t *locals; /* FH_N_VALUES + 1 counts per thread */
} enum_job;

static void enum_worker(fh_par *par, void *ctx, int tid) {
    enum_job *j = ctx;
    const enum_deck *d = j->d;
    uint32_t *local = j->locals + (size_t)tid * (FH_N_VALUES + 1);
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi))
        for (size_t i = lo; i < hi; i++) {
            if (j->depth == 1)
                local[fh_value_from_key(j->key + d->keys[i], j->sr | d->suit_ranks[i])]++;
            else
                enum_rec(d, (int)i + 1, j->depth - 1, j->key + d->keys[i], j->sr | d->suit_ranks[i], local);
        }
}

fh_status fh_enumerate_values(const fh_card_t *fixed, int n_fixed, fh_mask_t dead, uint64_t *hist,
                              const fh_exec *ex, int64_t *count) {
    *count = 0;
    if (n_fixed < 0 || n_fixed > 7) return FH_ERR_ARGUMENT;
    enum_deck d;
    fh_cards_sum known = fh_sum_cards(fixed, n_fixed);
    uint64_t key = FH_KEY_INIT + known.key, sr = known.suit_ranks;
    fh_mask_t used = dead | known.mask;
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
        *count = 1;
        return FH_OK;
    }
    if (d.n_avail < depth) return FH_OK;
    int n_first = d.n_avail - depth + 1; /* choices of the first free card */
    int nt = depth >= 4 ? fh_exec_threads(ex) : 1;
    if (nt > n_first) nt = n_first;
    uint64_t hands = 1; /* C(n_avail, depth), the hands to count */
    for (int i = 1; i <= depth; i++) hands = hands * (uint64_t)(d.n_avail - depth + i) / (uint64_t)i;
    uint32_t *locals = calloc((size_t)nt * (FH_N_VALUES + 1), sizeof(uint32_t));
    if (!locals) return FH_ERR_NOMEM;
    enum_job j = {&d, depth, key, sr, locals};
    fh_status status = fh_par_exec((size_t)n_first, 1, nt, ex, hands * 2u, enum_worker, &j);
    if (status == FH_OK) {
        int64_t total = 0;
        for (int t = 0; t < nt; t++)
            for (int v = 0; v <= FH_N_VALUES; v++) {
                hist[v] += locals[(size_t)t * (FH_N_VALUES + 1) + (size_t)v];
                total += locals[(size_t)t * (FH_N_VALUES + 1) + (size_t)v];
            }
        *count = total;
    }
    free(locals);
    return status;
}
