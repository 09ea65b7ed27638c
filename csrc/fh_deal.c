/* fh_deal.c -- the dealer of fh_deal.h: a partial Fisher-Yates shuffle per row.
 *
 * Each block keeps one array holding the live cards in some order. A row is dealt by k
 * steps of Fisher-Yates: step i swaps position i with a uniformly chosen position in
 * [i, m) and emits the card now at i. The array is not reset between rows: it stays a
 * permutation of the live cards, and a partial Fisher-Yates shuffle of *any* fixed
 * arrangement yields a uniformly random ordered k-tuple, so rows stay uniform and
 * independent (each row's draws are fresh). That costs k random numbers and k swaps per
 * row, and nothing proportional to the deck size.
 *
 * Random numbers: the 64-bit SplitMix64 output of fh_rng.h gives two 32-bit halves, each
 * mapped to [0, bound) by Lemire's multiply-shift with rejection, which is exactly
 * uniform (a biased draw would be rejected; with bounds <= 52 that happens about once in
 * 80 million draws).
 */
#include "fh_deal.h"

#include "fh_parallel.h"
#include "fh_rng.h"

/* Rows below which one thread deals everything (threads cost tens of microseconds). */
#define FH_DEAL_SERIAL_ROWS 65536
/* Cost model for polling (fh_par_exec): about 2 ns per card dealt on one thread. */
#define FH_DEAL_NS_PER_CARD 2u

typedef struct {
    fh_rng rng;
    uint64_t spare; /* an unused 32-bit half of the last 64-bit draw */
    int have_spare;
} fh_deal_stream;

static inline uint32_t fh_deal_u32(fh_deal_stream *s) {
    if (s->have_spare) {
        s->have_spare = 0;
        return (uint32_t)s->spare;
    }
    uint64_t x = fh_rng_next(&s->rng);
    s->spare = x >> 32;
    s->have_spare = 1;
    return (uint32_t)x;
}

/* Exactly uniform integer in [0, bound), 1 <= bound <= 52 (Lemire 2019). */
static inline uint32_t fh_deal_below(fh_deal_stream *s, uint32_t bound) {
    uint64_t m = (uint64_t)fh_deal_u32(s) * bound;
    uint32_t low = (uint32_t)m;
    if (FH_UNLIKELY(low < bound)) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)fh_deal_u32(s) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

typedef struct {
    fh_card_t *out;
    size_t n;
    int k;
    int live;
    fh_card_t deck[FH_N_CARDS];
    uint64_t seed;
} fh_deal_job;

static void fh_deal_block(const fh_deal_job *job, size_t block) {
    fh_card_t deck[FH_N_CARDS];
    const int k = job->k, m = job->live;
    for (int i = 0; i < m; i++) deck[i] = job->deck[i];
    fh_deal_stream s = {fh_rng_for_block(job->seed, block), 0, 0};
    size_t lo = block * FH_DEAL_BLOCK_ROWS;
    size_t hi = lo + FH_DEAL_BLOCK_ROWS < job->n ? lo + FH_DEAL_BLOCK_ROWS : job->n;
    fh_card_t *row = job->out + lo * (size_t)k;
    for (size_t r = lo; r < hi; r++, row += k) {
        for (int i = 0; i < k; i++) {
            uint32_t j = (uint32_t)i + fh_deal_below(&s, (uint32_t)(m - i));
            fh_card_t c = deck[j];
            deck[j] = deck[i];
            deck[i] = c;
            row[i] = c;
        }
    }
}

static void fh_deal_worker(fh_par *par, void *ctx, int tid) {
    (void)tid;
    const fh_deal_job *job = (const fh_deal_job *)ctx;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi)) {
        for (size_t b = lo; b < hi; b++) fh_deal_block(job, b);
    }
}

fh_status fh_deal(fh_card_t *out, size_t n, int k, fh_mask_t dead, uint64_t seed, const fh_exec *ex) {
    fh_deal_job job;
    job.live = 0;
    for (int c = 0; c < FH_N_CARDS; c++) {
        if (!((dead >> c) & 1)) job.deck[job.live++] = (fh_card_t)c;
    }
    if (k < 1 || k > job.live || (ex && ex->threads < 1)) return FH_ERR_ARGUMENT;
    if (n == 0) return FH_OK;
    job.out = out;
    job.n = n;
    job.k = k;
    job.seed = seed;
    size_t blocks = (n + FH_DEAL_BLOCK_ROWS - 1) / FH_DEAL_BLOCK_ROWS;
    int nthreads = n < FH_DEAL_SERIAL_ROWS ? 1 : fh_exec_threads(ex);
    if ((size_t)nthreads > blocks) nthreads = (int)blocks;
    /* One grain is one block of FH_DEAL_BLOCK_ROWS rows (well under a millisecond), so the
     * poll runs every few ms even on one thread. */
    uint64_t cost_ns = (uint64_t)n * (uint64_t)k * FH_DEAL_NS_PER_CARD;
    return fh_par_exec(blocks, 1, nthreads, ex, cost_ns, fh_deal_worker, &job);
}
