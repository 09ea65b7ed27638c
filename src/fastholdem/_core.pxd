# cython: language_level=3
"""Declarations of the C core (csrc/) for the Cython bridge."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t


cdef extern from "fh_common.h" nogil:
    ctypedef uint8_t fh_card_t
    ctypedef uint64_t fh_mask_t
    ctypedef uint16_t fh_value_t
    ctypedef enum fh_status:
        FH_OK
        FH_ERR_NOMEM
        FH_ERR_NO_DEAL
        FH_ERR_TOO_BIG
        FH_ERR_ARGUMENT


cdef extern from "fh_eval.h" nogil:
    fh_value_t fh_eval_cards(const fh_card_t *cards, int n)
    int fh_category(fh_value_t v)
    ptrdiff_t fh_eval_batch(const fh_card_t *cards, size_t n, int k, fh_value_t *out, int threads)
    ptrdiff_t fh_find_bad_card(const uint8_t *bytes, size_t count)
    int64_t fh_enumerate_values(const fh_card_t *fixed, int n_fixed, fh_mask_t dead,
                                uint64_t *hist, int threads)
    int fh_max_threads()
    int fh_have_openmp()
