/* fh_tables.h -- declarations of the generated lookup tables (csrc/fh_tables.c,
 * written by tools/gen_tables.py; see its docstring for the method). */
#ifndef FH_TABLES_H
#define FH_TABLES_H

#include <stdint.h>

/* Width of a row of the non-flush displacement tables: 2**shift entries. */
#define FH_NOFLUSH7_SHIFT 10
#define FH_NOFLUSH56_SHIFT 11

/* Key of each card: rank multiplier in bits 0-31, one 4-bit suit counter at bit 32 + 4*suit. */
extern const uint64_t fh_card_keys[52];
/* fh_card_keys[c] and 1 << c at entries 2c and 2c + 1 for every byte value c (zero for
 * c > 51), 16-byte aligned. */
extern _Alignas(16) const uint64_t fh_card_key_bits[512];
/* Highest value of each category, high card (0) .. straight flush (8). */
extern const uint16_t fh_category_max[9];
/* Row offsets and values of the displacement-packed non-flush tables: seven cards, and
 * five or six cards (each values array ends with one spare entry). The lengths are those of
 * the generated file (its header comment says them); a mismatch is a compile error there,
 * since fh_tables.c includes this declaration. SIMD kernels clamp indices to them. */
#define FH_NOFLUSH7_ROWS 23609
#define FH_NOFLUSH7_TABLE 70263
#define FH_NOFLUSH56_ROWS 10118
#define FH_NOFLUSH56_TABLE 46787
extern const uint32_t fh_noflush7_offsets[FH_NOFLUSH7_ROWS];
extern const uint16_t fh_noflush7_values[FH_NOFLUSH7_TABLE];
extern const uint32_t fh_noflush56_offsets[FH_NOFLUSH56_ROWS];
extern const uint16_t fh_noflush56_values[FH_NOFLUSH56_TABLE];
/* Best flush value for each 13-bit mask of ranks in one suit (0 if fewer than 5 bits). */
extern const uint16_t fh_flush_values[8192];

#endif /* FH_TABLES_H */
