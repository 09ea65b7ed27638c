/* fh_text.h -- card text in bulk: rows such as "AhKd7c2s3h" to rows of card ids.
 *
 * A card is a rank, 2-9, T or 10, J, Q, K, A (letters in either case), then a suit, c, d, h
 * or s (either case): the tokens of fastholdem.parse_cards. Cards may be written together
 * ("AhKd") or apart: ASCII whitespace (space, \t, \n, \v, \f, \r) and commas may stand before,
 * between and after the cards, any number of them. Anything else is a bad token.
 *
 * Text comes as code units of 1, 2 or 4 bytes (bytes or Latin-1, UCS-2, UCS-4: the unit
 * sizes of NumPy's S and U arrays and of Python's str), in the machine's byte order, read
 * with memcpy (no alignment needed). Trailing NUL units end a row (NumPy pads fixed-width
 * rows with them); a NUL before another unit is a bad token.
 */
#ifndef FH_TEXT_H
#define FH_TEXT_H

#include "fh_common.h"
#include "fh_parallel.h"

/* Negative results of fh_text_row. */
#define FH_TEXT_BAD (-1)      /* a unit that starts no card: *where = its offset (in units) */
#define FH_TEXT_REPEAT (-2)   /* a card seen before in the row: *where = the card id */
#define FH_TEXT_TOO_MANY (-3) /* more than max_cards cards: *where = the offset of the first extra */

/* Parse one row of `len` units of `unit` bytes into at most max_cards card ids at out.
 * Returns the number of cards (0..max_cards), or one of the FH_TEXT_* codes above with
 * *where set as they say. Thread-safe. */
int fh_text_row(const void *text, size_t len, int unit, fh_card_t *out, int max_cards, ptrdiff_t *where);

/* Where the rows are: either fixed-width rows (ptrs == NULL) of `width` units each, row r at
 * base + r * row_stride bytes, or row r at ptrs[r] with lens[r] units (ptrs != NULL; base,
 * row_stride and width unused). */
typedef struct fh_text_rows {
    const char *base;
    ptrdiff_t row_stride;
    size_t width;
    const char *const *ptrs;
    const size_t *lens;
    int unit; /* 1, 2 or 4 */
} fh_text_rows;

/* Parse n rows of exactly k cards each (1 <= k <= 52) into out[0 .. n*k) (row-major).
 * *bad_row is set to the first row that is not exactly k distinct cards, or -1 when every
 * row is (out is then complete; rows after a bad one may be left unparsed). `ex`
 * (fh_parallel.h; NULL: one thread, no polling) gives the threads and the Ctrl-C poll.
 * Returns FH_OK, FH_ERR_ARGUMENT (k or unit out of range), FH_ERR_NOMEM or
 * FH_ERR_INTERRUPTED. */
fh_status fh_cards_from_text(const fh_text_rows *rows, size_t n, int k, fh_card_t *out, ptrdiff_t *bad_row,
                             const fh_exec *ex);

#endif /* FH_TEXT_H */
