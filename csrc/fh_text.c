/* fh_text.c -- the card-text parser of fh_text.h.
 *
 * One pass over each row with two 128-entry tables (the class of a unit: rank, '1',
 * separator or bad; and the suit of a unit), a 52-bit mask of the cards seen in the row, and
 * the unit size a compile-time constant in each of three copies of the loop (the switch in
 * fh_text_range), so the reads are plain loads. Rows are handed to threads in grains of
 * FH_TEXT_GRAIN_ROWS; each thread keeps the first bad row of its grains, and the smallest
 * of those is the first bad row of the batch (every row before it parsed cleanly).
 */
#include "fh_text.h"

#include <string.h>

#include "fh_parallel.h"

/* Rows per grain (a few hundred microseconds of work at most, so the poll runs often). */
#define FH_TEXT_GRAIN_ROWS 8192
/* Rows below which one thread parses everything (threads cost tens of microseconds). */
#define FH_TEXT_SERIAL_ROWS 65536
/* Cost model for polling (fh_par_exec): about 5 ns per card on one thread, generously. */
#define FH_TEXT_NS_PER_CARD 5u

/* Classes of a unit below 128: 0..12 a rank letter or digit, then these. */
#define FH_TEXT_ONE 13 /* '1', which starts "10" */
#define FH_TEXT_SEP 14 /* ASCII whitespace or ',' */
#define FH_TEXT_NONE 15

static const uint8_t fh_text_class[128] = {
    /* 0x00 - 0x1f: \t \n \v \f \r are separators */
    15, 15, 15, 15, 15, 15, 15, 15, 15, 14, 14, 14, 14, 14, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    /* 0x20 ' ' ... 0x2f: ' ' and ',' */
    14, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 14, 15, 15, 15,
    /* 0x30 '0' ... 0x3f: '1' starts "10", '2'..'9' are ranks 0..7 */
    15, 13, 0, 1, 2, 3, 4, 5, 6, 7, 15, 15, 15, 15, 15, 15,
    /* 0x40 '@' ... 0x5f: A=12 J=9 K=11 Q=10 T=8 */
    15, 12, 15, 15, 15, 15, 15, 15, 15, 15, 9, 11, 15, 15, 15, 15,
    15, 10, 15, 15, 8, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    /* 0x60 '`' ... 0x7f: a=12 j=9 k=11 q=10 t=8 */
    15, 12, 15, 15, 15, 15, 15, 15, 15, 15, 9, 11, 15, 15, 15, 15,
    15, 10, 15, 15, 8, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
};

/* Suit of a unit below 128: c=0 d=1 h=2 s=3 (either case), 4 for anything else. */
static const uint8_t fh_text_suit[128] = {
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    /* 0x40 '@' ... 0x5f: C D H S */
    4, 4, 4, 0, 1, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    /* 0x60 '`' ... 0x7f: c d h s */
    4, 4, 4, 0, 1, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
};

FH_INLINE uint32_t fh_text_at(const char *p, size_t i, int unit) {
    if (unit == 1) return (uint8_t)p[i];
    if (unit == 2) {
        uint16_t v;
        memcpy(&v, p + 2 * i, 2);
        return v;
    }
    uint32_t v;
    memcpy(&v, p + 4 * i, 4);
    return v;
}

FH_INLINE int fh_text_parse(const char *p, size_t len, int unit, fh_card_t *out, int max_cards,
                            ptrdiff_t *where) {
    while (len && fh_text_at(p, len - 1, unit) == 0) len--;
    uint64_t seen = 0;
    int n = 0;
    size_t i = 0;
    while (i < len) {
        uint32_t c = fh_text_at(p, i, unit);
        unsigned cls = c < 128 ? fh_text_class[c] : FH_TEXT_NONE;
        if (cls == FH_TEXT_SEP) {
            i++;
            continue;
        }
        size_t start = i;
        unsigned rank;
        if (FH_LIKELY(cls < 13)) {
            rank = cls;
            i++;
        } else if (cls == FH_TEXT_ONE && i + 1 < len && fh_text_at(p, i + 1, unit) == '0') {
            rank = 8;
            i += 2;
        } else {
            *where = (ptrdiff_t)start;
            return FH_TEXT_BAD;
        }
        uint32_t s = i < len ? fh_text_at(p, i, unit) : 0;
        unsigned suit = s < 128 ? fh_text_suit[s] : 4;
        if (FH_UNLIKELY(suit > 3)) {
            *where = (ptrdiff_t)start;
            return FH_TEXT_BAD;
        }
        i++;
        unsigned id = 4 * rank + suit;
        if (FH_UNLIKELY((seen >> id) & 1)) {
            *where = (ptrdiff_t)id;
            return FH_TEXT_REPEAT;
        }
        if (FH_UNLIKELY(n == max_cards)) {
            *where = (ptrdiff_t)start;
            return FH_TEXT_TOO_MANY;
        }
        seen |= (uint64_t)1 << id;
        out[n++] = (fh_card_t)id;
    }
    return n;
}

int fh_text_row(const void *text, size_t len, int unit, fh_card_t *out, int max_cards, ptrdiff_t *where) {
    const char *p = (const char *)text;
    switch (unit) {
    case 1: return fh_text_parse(p, len, 1, out, max_cards, where);
    case 2: return fh_text_parse(p, len, 2, out, max_cards, where);
    default: return fh_text_parse(p, len, 4, out, max_cards, where);
    }
}

/* Rows [lo, hi) into out (row-major, k per row); the first bad row, or -1. */
FH_INLINE ptrdiff_t fh_text_range_unit(const fh_text_rows *rows, size_t lo, size_t hi, int k, fh_card_t *out,
                                       int unit) {
    ptrdiff_t where;
    fh_card_t *row = out + lo * (size_t)k;
    if (rows->ptrs) {
        for (size_t r = lo; r < hi; r++, row += k) {
            if (fh_text_parse(rows->ptrs[r], rows->lens[r], unit, row, k, &where) != k) return (ptrdiff_t)r;
        }
    } else {
        const char *text = rows->base + (ptrdiff_t)lo * rows->row_stride;
        for (size_t r = lo; r < hi; r++, row += k, text += rows->row_stride) {
            if (fh_text_parse(text, rows->width, unit, row, k, &where) != k) return (ptrdiff_t)r;
        }
    }
    return -1;
}

static ptrdiff_t fh_text_range(const fh_text_rows *rows, size_t lo, size_t hi, int k, fh_card_t *out) {
    switch (rows->unit) {
    case 1: return fh_text_range_unit(rows, lo, hi, k, out, 1);
    case 2: return fh_text_range_unit(rows, lo, hi, k, out, 2);
    default: return fh_text_range_unit(rows, lo, hi, k, out, 4);
    }
}

typedef struct {
    const fh_text_rows *rows;
    size_t n;
    int k;
    fh_card_t *out;
    ptrdiff_t bad[FH_MAX_THREADS]; /* per thread: the first bad row of its grains, or -1 */
} fh_text_job;

static void fh_text_worker(fh_par *par, void *ctx, int tid) {
    fh_text_job *job = (fh_text_job *)ctx;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi)) {
        size_t r0 = lo * FH_TEXT_GRAIN_ROWS;
        size_t r1 = hi * FH_TEXT_GRAIN_ROWS < job->n ? hi * FH_TEXT_GRAIN_ROWS : job->n;
        ptrdiff_t bad = fh_text_range(job->rows, r0, r1, job->k, job->out);
        if (bad >= 0 && (job->bad[tid] < 0 || bad < job->bad[tid])) job->bad[tid] = bad;
    }
}

fh_status fh_cards_from_text(const fh_text_rows *rows, size_t n, int k, fh_card_t *out, ptrdiff_t *bad_row,
                             const fh_exec *ex) {
    *bad_row = -1;
    if (k < 1 || k > FH_N_CARDS || (rows->unit != 1 && rows->unit != 2 && rows->unit != 4) ||
        (ex && ex->threads < 1))
        return FH_ERR_ARGUMENT;
    if (n == 0) return FH_OK;
    fh_text_job job;
    job.rows = rows;
    job.n = n;
    job.k = k;
    job.out = out;
    for (int t = 0; t < FH_MAX_THREADS; t++) job.bad[t] = -1;
    size_t grains = (n + FH_TEXT_GRAIN_ROWS - 1) / FH_TEXT_GRAIN_ROWS;
    int nthreads = n < FH_TEXT_SERIAL_ROWS ? 1 : fh_exec_threads(ex);
    if ((size_t)nthreads > grains) nthreads = (int)grains;
    uint64_t cost_ns = (uint64_t)n * (uint64_t)k * FH_TEXT_NS_PER_CARD;
    fh_status status = fh_par_exec(grains, 1, nthreads, ex, cost_ns, fh_text_worker, &job);
    if (status != FH_OK) return status;
    for (int t = 0; t < FH_MAX_THREADS; t++) {
        if (job.bad[t] >= 0 && (*bad_row < 0 || job.bad[t] < *bad_row)) *bad_row = job.bad[t];
    }
    return FH_OK;
}
