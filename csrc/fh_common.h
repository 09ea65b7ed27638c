/* fh_common.h -- fixed-width types, constants and status codes shared by the C core.
 *
 * The C core never includes Python.h and builds standalone with
 *   cc -std=c11 -Wall -Wextra -c csrc/fh_*.c
 */
#ifndef FH_COMMON_H
#define FH_COMMON_H

#include <stddef.h>
#include <stdint.h>

typedef uint8_t fh_card_t;   /* card id 0..51 = 4 * rank + suit (R2) */
typedef uint64_t fh_mask_t;  /* bit id set for each card */
typedef uint16_t fh_value_t; /* hand value 1..7462, higher is stronger (R9) */

#define FH_N_CARDS 52
#define FH_N_VALUES 7462
#define FH_N_CATEGORIES 9
#define FH_FULL_DECK ((fh_mask_t)0xFFFFFFFFFFFFFULL)

typedef enum fh_status {
    FH_OK = 0,
    FH_ERR_NOMEM = 1,     /* allocation failed */
    FH_ERR_NO_DEAL = 2,   /* no card assignment is consistent with the input */
    FH_ERR_TOO_BIG = 3,   /* the job exceeds a fixed limit */
    FH_ERR_ARGUMENT = 4,  /* an argument outside its documented range */
    FH_ERR_INTERRUPTED = 5, /* a poll (e.g. for Ctrl-C) cancelled the work before it finished */
    FH_ERR_FEW_CARDS = 6, /* the live cards cannot complete the deal (holes and board) */
} fh_status;

#if defined(__GNUC__) || defined(__clang__)
#define FH_LIKELY(x) __builtin_expect(!!(x), 1)
#define FH_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define FH_INLINE static inline __attribute__((always_inline))
#define FH_CTZ64(x) ((unsigned)__builtin_ctzll(x))
#define FH_POPCOUNT64(x) ((unsigned)__builtin_popcountll(x))
#else
#define FH_LIKELY(x) (x)
#define FH_UNLIKELY(x) (x)
#define FH_INLINE static inline
static inline unsigned fh__ctz64(uint64_t x) { unsigned n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
static inline unsigned fh__popcount64(uint64_t x) { unsigned n = 0; while (x) { x &= x - 1; n++; } return n; }
#define FH_CTZ64(x) fh__ctz64(x)
#define FH_POPCOUNT64(x) fh__popcount64(x)
#endif

#ifdef FH_DEBUG
#include <assert.h>
#define FH_ASSERT(x) assert(x)
#else
#define FH_ASSERT(x) ((void)0)
#endif

#endif /* FH_COMMON_H */
