/* fh_eval.h -- the hand evaluator: 5, 6 or 7 card ids -> value 1..7462, higher wins (R9).
 *
 * All functions trust their input: card ids in 0..51 and no card repeated. Callers (the
 * Cython bridge) validate first. They are pure, reentrant and thread-safe.
 *
 * A hand's key is FH_KEY_INIT plus the sum of fh_card_keys[] of its cards. Keys add, so
 * enumerators and equity loops build them incrementally, one card at a time.
 */
#ifndef FH_EVAL_H
#define FH_EVAL_H

#include "fh_common.h"
#include "fh_parallel.h"
#include "fh_tables.h"

#define FH_KEY_INIT (0x3333ULL << 32)     /* every suit counter starts at 3 */
#define FH_FLUSH_CHECK (0x8888ULL << 32)  /* a counter reaching 8 means 5+ cards of a suit */
#define FH_NOFLUSH7_MASK ((1u << FH_NOFLUSH7_SHIFT) - 1u)
#define FH_NOFLUSH56_MASK ((1u << FH_NOFLUSH56_SHIFT) - 1u)

/* Bit (16 * suit + rank) of a card: OR these to get the per-suit rank masks of a hand. */
#define FH_SUIT_RANK_BIT(c) (1ULL << ((((c) & 3u) << 4) | ((c) >> 2)))

/* Suit (0..3) holding five or more cards, given a key with a flush. */
FH_INLINE unsigned fh_flush_suit(uint64_t key) {
    return (FH_CTZ64(key & FH_FLUSH_CHECK) - 35u) >> 2;
}

/* Value of seven cards without a flush, from their key. */
FH_INLINE fh_value_t fh_noflush_value(uint64_t key) {
    uint32_t r = (uint32_t)key;
    return fh_noflush7_values[fh_noflush7_offsets[r >> FH_NOFLUSH7_SHIFT] + (r & FH_NOFLUSH7_MASK)];
}

/* Value of five or six cards without a flush, from their key. */
FH_INLINE fh_value_t fh_noflush56_value(uint64_t key) {
    uint32_t r = (uint32_t)key;
    return fh_noflush56_values[fh_noflush56_offsets[r >> FH_NOFLUSH56_SHIFT] + (r & FH_NOFLUSH56_MASK)];
}

/* Value of seven cards from their key and the OR of FH_SUIT_RANK_BIT over them. */
FH_INLINE fh_value_t fh_value_from_key(uint64_t key, uint64_t suit_ranks) {
    if (FH_UNLIKELY(key & FH_FLUSH_CHECK)) {
        unsigned s = fh_flush_suit(key);
        return fh_flush_values[(suit_ranks >> (s << 4)) & 0x1FFFu];
    }
    return fh_noflush_value(key);
}

/* Flush value of n cards whose key has a flush (the cold path of fh_eval_cards). */
fh_value_t fh_flush_value_of_cards(uint64_t key, const fh_card_t *cards, int n);

/* The evaluator's view of some known cards (a board, fixed cards): the sum of their keys
 * (without FH_KEY_INIT), their FH_SUIT_RANK_BITs and their card mask. */
typedef struct fh_cards_sum {
    uint64_t key;
    uint64_t suit_ranks;
    fh_mask_t mask;
} fh_cards_sum;

FH_INLINE fh_cards_sum fh_sum_cards(const fh_card_t *cards, int n) {
    fh_cards_sum s = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        s.key += fh_card_keys[cards[i]];
        s.suit_ranks |= FH_SUIT_RANK_BIT(cards[i]);
        s.mask |= 1ULL << cards[i];
    }
    return s;
}

/* The key and suit-rank bit of each card of `live`, in id order; returns their number. */
FH_INLINE int fh_live_cards(fh_mask_t live, uint64_t *keys, uint64_t *srs) {
    int n = 0;
    for (fh_mask_t m = live; m; m &= m - 1) {
        unsigned x = FH_CTZ64(m);
        keys[n] = fh_card_keys[x];
        srs[n] = FH_SUIT_RANK_BIT(x);
        n++;
    }
    return n;
}

/* Value of n = 5, 6 or 7 cards. */
FH_INLINE fh_value_t fh_eval_cards(const fh_card_t *cards, int n) {
    uint64_t key = FH_KEY_INIT;
    for (int i = 0; i < n; i++) key += fh_card_keys[cards[i]];
    if (FH_UNLIKELY(key & FH_FLUSH_CHECK)) return fh_flush_value_of_cards(key, cards, n);
    return n == 7 ? fh_noflush_value(key) : fh_noflush56_value(key);
}

/* Category 0 (high card) .. 8 (straight flush) of a value 1..7462. */
FH_INLINE int fh_category(fh_value_t v) {
    int c = 0;
    while (v > fh_category_max[c]) c++;
    return c;
}

/* A read-only 2-D view of integer card ids, as NumPy describes one: element (i, j) of the
 * view is the `itemsize`-byte integer (1, 2, 4 or 8 bytes, native byte order, signed if
 * `is_signed`) at base + i * row_stride + j * col_stride. Strides may be negative or zero. */
typedef struct fh_rows {
    const char *base;
    ptrdiff_t row_stride, col_stride;
    int itemsize;
    int is_signed;
} fh_rows;

/* Evaluate n rows of k (5, 6 or 7) cards of `rows` into out[0..n). Any value is safe: rows
 * that are not contiguous bytes are converted in cache-sized blocks inside the kernel (no
 * copy of the whole input). *bad_row receives the index of the first row holding an id
 * outside 0..51 or a repeated card, or -1; the values of such rows are meaningless.
 * Runs on up to fh_exec_threads(ex) threads when n is large and polls through `ex` when it
 * is very large. Returns FH_OK, FH_ERR_INTERRUPTED (poll asked to stop; out is incomplete)
 * or FH_ERR_NOMEM. */
fh_status fh_eval_batch(const fh_rows *rows, size_t n, int k, fh_value_t *out, const fh_exec *ex,
                        ptrdiff_t *bad_row);

/* Batch kernels of fh_eval_batch. Every kernel gives the same values. At the first call the
 * SIMD kernels the CPU supports are timed on a few thousand rows and the fastest is kept
 * (one build serves every x86-64 CPU: the SIMD kernels are compiled with target attributes
 * and used only when the CPU has them; which is fastest differs between CPUs). */
enum {
    FH_KERNEL_PORTABLE = 0, /* plain C */
    FH_KERNEL_BMI2 = 1,     /* x86-64 with popcnt and BMI2 (pext for flushes) */
    FH_KERNEL_AVX2 = 2,     /* x86-64 with AVX2, popcnt and BMI2: four rows per register, scalar lookups */
    FH_KERNEL_AVX512 = 3,   /* x86-64 with AVX-512 F, BW, VL and VBMI: eight rows per register, scalar lookups */
    FH_KERNEL_AVX512_GATHER = 4, /* the same, with 16-lane gathers for the lookups */
    FH_N_KERNELS = 5
};
/* Name of a kernel ("portable", "bmi2", "avx2", "avx512", "avx512-gather"), or NULL. */
const char *fh_eval_kernel_name(int kernel);
/* 1 if this build and CPU can run `kernel`. */
int fh_eval_kernel_supported(int kernel);
/* The kernel batches use from now on (tests force each one); 0, or -1 if unsupported. */
int fh_eval_set_kernel(int kernel);
/* The kernel in use. */
int fh_eval_get_kernel(void);

/* Index of the first of n*k bytes that is not a card id (> 51), or -1. */
ptrdiff_t fh_find_bad_card(const uint8_t *bytes, size_t count);

/* Histogram of the values of every 7-card hand that contains all `n_fixed` cards of
 * `fixed` (0..7, distinct) and none of the cards in `dead` (a mask that must not include
 * the fixed cards). hist has FH_N_VALUES + 1 slots (index = value) and is added to;
 * *count receives the number of hands. Returns FH_OK, FH_ERR_ARGUMENT (more than 7 fixed
 * cards), FH_ERR_NOMEM or FH_ERR_INTERRUPTED (hist is then unchanged).
 * A thread's count of one value never exceeds 2**32: there are 133,784,560 hands. */
fh_status fh_enumerate_values(const fh_card_t *fixed, int n_fixed, fh_mask_t dead, uint64_t *hist,
                              const fh_exec *ex, int64_t *count);

#endif /* FH_EVAL_H */
