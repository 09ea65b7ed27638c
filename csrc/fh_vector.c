/* fh_vector.c -- many hold'em tables as a structure of arrays (see fh_vector.h).
 *
 * The functions follow fastholdem/game/hand.py step by step (the names in comments are its
 * methods), so that both play every hand alike: same legal actions, same final stacks. */
#include "fh_vector.h"

#include <stdlib.h>
#include <string.h>

#include "fh_eval.h"
#include "fh_rng.h"

#define P_(v) ((v)->cfg.players)

static inline int next_seat(int s, int n) { return s + 1 == n ? 0 : s + 1; }

/* Bits set in a seat mask (at most FH_VEC_MAX_PLAYERS bits): one table load (no popcnt
 * instruction is assumed; a software count took a tenth of a hand's instructions). */
#define FH_P2(k) k, k + 1, k + 1, k + 2
#define FH_P4(k) FH_P2(k), FH_P2(k + 1), FH_P2(k + 1), FH_P2(k + 2)
#define FH_P6(k) FH_P4(k), FH_P4(k + 1), FH_P4(k + 1), FH_P4(k + 2)
#define FH_P8(k) FH_P6(k), FH_P6(k + 1), FH_P6(k + 1), FH_P6(k + 2)
static const uint8_t POP10[1024] = {FH_P8(0), FH_P8(1), FH_P8(1), FH_P8(2)};
#undef FH_P2
#undef FH_P4
#undef FH_P6
#undef FH_P8

static inline int pop16(unsigned x) { return POP10[x & 1023u]; }

void fh_vec_seed(fh_vec *v, size_t t, uint64_t seed) {
    fh_rng r = fh_rng_for_block(seed, (uint64_t)t);
    v->rng[t] = r.state;
}

static inline uint64_t rng_next(fh_vec *restrict v, size_t t) {
    fh_rng r = {v->rng[t]};
    uint64_t x = fh_rng_next(&r);
    v->rng[t] = r.state;
    return x;
}

/* Seats that have not folded and still have chips (Hand._n_active). */
static inline int n_active(const fh_vec *restrict v, size_t t) {
    return P_(v) - pop16((uint64_t)(v->folded[t] | v->broke[t]));
}

/* The first seat of `mask` clockwise after `after` (after itself last), or -1. */
static inline int first_after(unsigned mask, int after) {
    unsigned hi = mask >> (after + 1);
    if (hi) return after + 1 + (int)FH_CTZ64(hi);
    return mask ? (int)FH_CTZ64(mask) : -1;
}

static inline int n_live(const fh_vec *restrict v, size_t t) {
    return P_(v) - pop16(v->folded[t]);
}

/* Grow *p (an array of *cap elements of `size` bytes) to hold index `need`; 0 if out of memory. */
static int grow(void **p, int *cap, int need, size_t size) {
    if (need < *cap) return 1;
    int c = *cap ? *cap : 64;
    while (c <= need) c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return 0;
    *p = q;
    *cap = c;
    return 1;
}

/* Keep action `kind` number `k` (>= log_cap) or bet/raise amount number `r` (>= raise_cap; -1:
 * none) of record rs in its overflow log. */
static void log_overflow(fh_vec *v, size_t rs, int k, int kind, int r, int64_t to) {
    fh_vec_xlog *x = v->xlog[rs];
    if (!x) {
        x = calloc(1, sizeof *x);
        if (!x) return; /* the count goes on: to_phh refuses the hand */
        v->xlog[rs] = x;
    }
    if (x->lost) return;
    if (k >= 0) {
        int i = k - v->log_cap;
        if (i != x->kn || !grow((void **)&x->kinds, &x->kcap, i, 1)) {
            x->lost = 1;
            return;
        }
        x->kinds[x->kn++] = (uint8_t)kind;
    }
    if (r >= 0) {
        int i = r - v->raise_cap;
        if (i != x->rn || !grow((void **)&x->raises, &x->rcap, i, sizeof(int64_t))) {
            x->lost = 1;
            return;
        }
        x->raises[x->rn++] = to;
    }
}

void fh_vec_free_xlogs(fh_vec_xlog **xlog, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (!xlog[i]) continue;
        free(xlog[i]->kinds);
        free(xlog[i]->raises);
        free(xlog[i]);
        xlog[i] = NULL;
    }
}

static inline void log_action(fh_vec *restrict v, size_t t, int kind, int64_t to) {
    size_t rs = t * 2 + (size_t)v->slot[t];
    int16_t k = v->log_len[rs];
    int over_k = -1, over_r = -1;
    if (k < v->log_cap) v->log[rs * (size_t)v->log_cap + (size_t)k] = (uint8_t)kind;
    else over_k = k;
    if (k < INT16_MAX) v->log_len[rs] = (int16_t)(k + 1);
    if (kind == FH_VEC_RAISE) {
        int16_t r = v->log_raises[rs];
        if (r < v->raise_cap) v->raise_to[rs * (size_t)v->raise_cap + (size_t)r] = to;
        else over_r = r;
        if (r < INT16_MAX) v->log_raises[rs] = (int16_t)(r + 1);
    }
    if (FH_UNLIKELY((over_k >= 0 || over_r >= 0) && v->xlog && k < INT16_MAX))
        log_overflow(v, rs, over_k, kind, over_r, to);
}

/* ---- forced bets (Hand._post, _post_forced_bets) ------------------------------------------ */

static void post(fh_vec *restrict v, size_t t, int seat, int64_t amount, int ante) {
    size_t b = t * (size_t)P_(v) + (size_t)seat;
    int64_t stack = v->stacks[b];
    if (amount > stack) amount = stack;
    if (amount <= 0) return;
    v->stacks[b] = stack - amount;
    if (amount == stack) v->broke[t] |= (uint16_t)(1u << seat);
    if (ante) {
        if (v->cfg.ante_mode == 2) v->dead[t] += amount;
        else v->put[b] += amount;
    } else {
        v->bets[b] += amount;
        v->put[b] += amount;
    }
    v->pot[t] += amount;
}

static inline int sb_seat(const fh_vec *restrict v, size_t t) {
    int n = P_(v), b = v->button[t];
    return n == 2 ? b : (b + 1) % n;
}

static inline int bb_seat(const fh_vec *restrict v, size_t t) {
    int n = P_(v), b = v->button[t];
    return n == 2 ? (b + 1) % n : (b + 2) % n;
}

/* ---- whose turn (Hand._next_actor) ---------------------------------------------------------- */

FH_INLINE int next_actor(const fh_vec *restrict v, size_t t, int after) {
    int n = P_(v);
    const int64_t *stacks = v->stacks + t * (size_t)n;
    const int64_t *bets = v->bets + t * (size_t)n;
    uint16_t folded = v->folded[t], acted = v->acted[t];
    int i = after;
    unsigned able = ~(unsigned)(folded | v->broke[t]) & ((1u << n) - 1u);
    if (v->cfg.pk) return first_after(able & ~(unsigned)acted, after);
    int64_t max_bet = v->max_bet[t];
    if (pop16(able) >= 2) {
        unsigned cand = able & ~(unsigned)acted;
        /* a seat that acted acts again only when below max_bet, which only an incomplete raise
         * leaves behind it (a full raise or an opening bet empties acted) */
        unsigned check = v->behind[t] ? able & acted : 0;
        while (check) {
            int j = (int)FH_CTZ64(check);
            check &= check - 1;
            if (bets[j] < max_bet) cand |= 1u << j;
        }
        return first_after(cand, after);
    } else {
        for (int k = 0; k < n; k++) {
            i = next_seat(i, n);
            if (bets[i] < max_bet && !((folded >> i) & 1) && stacks[i] > 0) {
                for (int j = 0; j < n; j++)
                    if (j != i && bets[j] > bets[i]) return i;
            }
        }
    }
    return -1;
}

/* ---- pots and showdown (Hand._award, pots.layer_pots, pots.split_amount) --------------- */

typedef struct {
    int64_t amount;
    uint16_t eligible;
} pot_t;

/* pots.layer_pots over put[] with `excluded` seats; returns the number of pots. */
static int layer_pots(const int64_t *put, int n, uint16_t excluded, int64_t dead, pot_t *pots) {
    int np_ = 0;
    uint16_t all = (uint16_t)((1u << n) - 1u);
    if (dead) {
        pots[np_].amount = dead;
        pots[np_].eligible = (uint16_t)(all & ~excluded);
        np_++;
    }
    /* distinct positive levels, ascending */
    int64_t levels[FH_VEC_MAX_PLAYERS];
    int nl = 0;
    for (int i = 0; i < n; i++) {
        int64_t c = put[i];
        if (c <= 0) continue;
        int k = 0;
        while (k < nl && levels[k] < c) k++;
        if (k < nl && levels[k] == c) continue;
        for (int j = nl; j > k; j--) levels[j] = levels[j - 1];
        levels[k] = c;
        nl++;
    }
    int64_t previous = 0, carry = 0;
    for (int l = 0; l < nl; l++) {
        int64_t level = levels[l];
        int64_t amount = carry;
        carry = 0;
        uint16_t elig = 0;
        for (int i = 0; i < n; i++) {
            int64_t c = put[i];
            if (c > previous) amount += (c >= level ? level : c) - previous;
            if (c >= level && !((excluded >> i) & 1)) elig |= (uint16_t)(1u << i);
        }
        previous = level;
        if (!elig) {
            if (np_) pots[np_ - 1].amount += amount;
            else carry = amount;
            continue;
        }
        if (np_ && pots[np_ - 1].eligible == elig) {
            pots[np_ - 1].amount += amount;
        } else {
            pots[np_].amount = amount;
            pots[np_].eligible = elig;
            np_++;
        }
    }
    if (carry) {
        if (np_) {
            pots[0].amount += carry;
        } else {
            pots[0].amount = carry;
            pots[0].eligible = (uint16_t)(all & ~excluded);
            np_ = 1;
        }
    }
    return np_;
}

/* The seats of `elig` with the best value (Hand._best). */
static uint16_t best_of(uint16_t elig, const fh_value_t *values, int n) {
    int best = -1;
    uint16_t w = 0;
    for (int i = 0; i < n; i++) {
        if (!((elig >> i) & 1)) continue;
        int x = values[i];
        if (x > best) {
            best = x;
            w = (uint16_t)(1u << i);
        } else if (x == best) {
            w |= (uint16_t)(1u << i);
        }
    }
    return w;
}

/* Give back the unmatched top of `contrib` (pots.uncalled + Hand._give_back); `contrib` is
 * bets (a round) or put (the hand). */
static void return_uncalled(fh_vec *restrict v, size_t t, int64_t *contrib) {
    int n = P_(v);
    int64_t top = 0;
    int count = 0, seat = -1;
    for (int i = 0; i < n; i++) {
        if (contrib[i] > top) {
            top = contrib[i];
            count = 1;
            seat = i;
        } else if (contrib[i] == top) {
            count++;
        }
    }
    if (top <= 0 || count > 1) return;
    int64_t second = 0;
    for (int i = 0; i < n; i++)
        if (contrib[i] > second && contrib[i] < top) second = contrib[i];
    int64_t amount = top - second;
    size_t b = t * (size_t)n + (size_t)seat;
    v->stacks[b] += amount;
    v->broke[t] &= (uint16_t)~(1u << seat);
    v->put[b] -= amount;
    v->pot[t] -= amount;
    if (contrib == v->bets + t * (size_t)n) contrib[seat] -= amount;
}

static void finish(fh_vec *restrict v, size_t t, int report);

static void award(fh_vec *restrict v, size_t t, int report) {
    int n = P_(v);
    size_t base = t * (size_t)n;
    int64_t *stacks = v->stacks + base;
    int64_t *put = v->put + base;
    size_t rs = t * 2 + (size_t)v->slot[t];
    return_uncalled(v, t, put);
    uint16_t folded = v->folded[t];
    v->showdown[rs] = 0;
    v->win_value[rs] = 0;
    v->winners[rs] = 0;
    if (n_live(v, t) == 1) {
        int w = FH_CTZ64((uint64_t)(~folded) & ((1u << n) - 1u));
        stacks[w] += v->pot[t];
        v->winners[rs] = (uint16_t)(1u << w);
    } else {
        fh_value_t values[FH_VEC_MAX_PLAYERS] = {0};
        const int8_t *board = v->board + rs * 5;
        const int8_t *hole = v->hole + rs * (size_t)n * 2;
        fh_card_t bcards[5];
        for (int k = 0; k < 5; k++) bcards[k] = (fh_card_t)board[k];
        fh_cards_sum bsum = fh_sum_cards(bcards, 5); /* the board once, then each hand's two cards */
        fh_value_t best = 0;
        for (int i = 0; i < n; i++) {
            if ((folded >> i) & 1) continue;
            unsigned c0 = (unsigned)hole[2 * i], c1 = (unsigned)hole[2 * i + 1];
            uint64_t key = FH_KEY_INIT + bsum.key + fh_card_keys[c0] + fh_card_keys[c1];
            values[i] = fh_value_from_key(key, bsum.suit_ranks | FH_SUIT_RANK_BIT(c0) | FH_SUIT_RANK_BIT(c1));
            if (values[i] > best) best = values[i];
        }
        v->showdown[rs] = 1;
        v->win_value[rs] = best;
        memcpy(v->values + t * (size_t)n, values, sizeof(fh_value_t) * (size_t)n);
        pot_t pots[FH_VEC_MAX_PLAYERS + 2];
        uint16_t excluded = folded;
        uint16_t live = (uint16_t)(~folded & ((1u << n) - 1u));
        /* common case (pots.layer_pots): every seat still in put in the same, largest amount */
        int64_t top = 0, sum = 0;
        int same = 1;
        for (int i = 0; i < n; i++) {
            sum += put[i];
            if (put[i] > top) top = put[i];
        }
        for (int i = 0; i < n && same; i++)
            if (((live >> i) & 1) && put[i] != top) same = 0;
        int np_;
        if (same && top > 0) {
            pots[0].amount = sum + v->dead[t];
            pots[0].eligible = live;
            np_ = 1;
        } else {
            np_ = layer_pots(put, n, excluded, v->dead[t], pots);
        }
        if (v->cfg.pk) {
            uint16_t keep = 0;
            for (int p = 0; p < np_; p++) keep |= best_of(pots[p].eligible, values, n);
            if (keep != live) np_ = layer_pots(put, n, (uint16_t)(((1u << n) - 1u) & ~keep), v->dead[t], pots);
        }
        int button = v->button[t];
        for (int p = 0; p < np_; p++) {
            int64_t amount = pots[p].amount;
            uint16_t w = pop16(pots[p].eligible) == 1 ? pots[p].eligible : best_of(pots[p].eligible, values, n);
            int k = pop16(w);
            v->winners[rs] |= w;
            if (k == 1) {
                stacks[FH_CTZ64(w)] += amount;
                continue;
            }
            int64_t share = amount / k, odd = amount % k;
            /* winners in seat order from the left of the button */
            int s = button;
            int first = 1;
            for (int j = 0; j < n; j++) {
                s = next_seat(s, n);
                if (!((w >> s) & 1)) continue;
                int64_t extra = 0;
                if (v->cfg.pk) {
                    extra = first ? odd : 0;
                } else if (odd > 0) {
                    extra = 1;
                    odd--;
                }
                first = 0;
                stacks[s] += share + extra;
            }
        }
    }
    v->pot[t] = 0;
    v->actor[t] = -1;
    v->running[t] = 0;
    finish(v, t, report);
}

static void finish(fh_vec *restrict v, size_t t, int report) {
    if (!report) return;
    int n = P_(v);
    size_t base = t * (size_t)n;
    size_t rs = t * 2 + (size_t)v->slot[t];
    for (int i = 0; i < n; i++) v->rewards[base + (size_t)i] = v->stacks[base + (size_t)i] - v->start[rs * (size_t)n + (size_t)i];
    v->rep[t] = v->slot[t];
    v->hand_over[t] = 1;
}

/* ---- rounds (Hand._begin_round, _end_round, _next_street) -------------------------------- */

static void end_round(fh_vec *restrict v, size_t t, int report);

static void begin_round(fh_vec *restrict v, size_t t, int report) {
    int n = P_(v);
    if (v->cfg.pk) {
        const int64_t *bets = v->bets + t * (size_t)n;
        const int64_t *stacks = v->stacks + t * (size_t)n;
        uint16_t folded = v->folded[t];
        uint16_t acted = 0;
        v->seen[t] = 0;
        v->shorts_cnt[t] = 0;
        v->shorts_sum[t] = 0;
        v->full[t] = 0;
        v->nbets[t] = 0;
        int queued = 0;
        for (int i = 0; i < n; i++) {
            if (((folded >> i) & 1) || stacks[i] == 0) {
                acted |= (uint16_t)(1u << i);
                continue;
            }
            int64_t reach = INT64_MIN;
            for (int j = 0; j < n; j++) {
                if (j == i || ((folded >> j) & 1)) continue;
                int64_t r = bets[j] + stacks[j];
                if (r > reach) reach = r;
            }
            if (bets[i] >= reach) acted |= (uint16_t)(1u << i);
            else queued++;
        }
        v->acted[t] = acted;
        int start;
        if (v->street[t] == 0) {
            int sbs = sb_seat(v, t), bbs = bb_seat(v, t), b = v->button[t];
            int64_t best_key = -1;
            int best_pos = -1;
            start = 0;
            for (int i = 0; i < n; i++) {
                int blind = (i == bbs) || (i == sbs && v->cfg.small_blind);
                int64_t key = blind ? bets[i] : 0;
                int pos = ((i - b - 1) % n + n) % n;
                if (key > best_key || (key == best_key && pos > best_pos)) {
                    best_key = key;
                    best_pos = pos;
                    start = i;
                }
            }
        } else {
            start = v->button[t];
        }
        int actor = next_actor(v, t, start);
        if (actor < 0 || (queued == 1 && bets[actor] >= v->max_bet[t])) {
            v->acted[t] = (uint16_t)((1u << n) - 1u);
            end_round(v, t, report);
        } else {
            v->actor[t] = (int8_t)actor;
        }
        return;
    }
    int start = v->street[t] == 0 ? bb_seat(v, t) : v->button[t];
    int actor = next_actor(v, t, start);
    if (actor < 0) end_round(v, t, report);
    else v->actor[t] = (int8_t)actor;
}

static void next_street(fh_vec *restrict v, size_t t, int report) {
    for (;;) {
        if (v->street[t] >= 3) {
            v->street[t] = 4;
            award(v, t, report);
            return;
        }
        v->street[t]++;
        v->max_bet[t] = 0;
        v->full[t] = 0;
        v->nbets[t] = 0;
        v->nraise[t] = 0;
        v->acted[t] = 0;
        v->behind[t] = 0;
        if (!v->betting_over[t]) {
            begin_round(v, t, report);
            return;
        }
    }
}

static void end_round(fh_vec *restrict v, size_t t, int report) {
    int n = P_(v);
    int64_t *bets = v->bets + t * (size_t)n;
    return_uncalled(v, t, bets);
    memset(bets, 0, sizeof(int64_t) * (size_t)n);
    v->actor[t] = -1;
    if (n_active(v, t) <= 1 || v->street[t] >= 3) v->betting_over[t] = 1;
    next_street(v, t, report);
}

FH_INLINE void advance(fh_vec *restrict v, size_t t, int i, int report) {
    int nxt = next_actor(v, t, i);
    if (nxt >= 0) {
        v->actor[t] = (int8_t)nxt;
        return;
    }
    v->actor[t] = -1;
    end_round(v, t, report);
}

/* ---- a new hand ------------------------------------------------------------------------- */

static void deal(fh_vec *restrict v, size_t t, size_t rs) {
    int n = P_(v);
    uint64_t used = 0;
    int need = 2 * n + 5;
    int8_t cards[2 * FH_VEC_MAX_PLAYERS + 5];
    int k = 0, left = 0;
    uint64_t x = 0;
    while (k < need) {
        /* four draws of 0..51 per 64-bit number: each multiplies the fraction x / 2**64 by 52
         * and keeps the integer part (a bias below 52 * 2**-40 per draw) */
        if (!left) {
            x = rng_next(v, t);
            left = 4;
        }
        left--;
#ifdef __SIZEOF_INT128__
        unsigned __int128 m = (unsigned __int128)x * 52u;
        unsigned c = (unsigned)(m >> 64);
        x = (uint64_t)m;
#else
        unsigned c = (unsigned)(((x >> 32) * 52u) >> 32);
        x <<= 32;
        if (left > 1) left = 1;
#endif
        uint64_t bit = 1ULL << c;
        if (used & bit) continue;
        used |= bit;
        cards[k++] = (int8_t)c;
    }
    memcpy(v->hole + rs * (size_t)n * 2, cards, (size_t)(2 * n));
    memcpy(v->board + rs * 5, cards + 2 * n, 5);
}

void fh_vec_new_hand(fh_vec *restrict v, size_t t, int move_button, int report) {
    int n = P_(v);
    size_t base = t * (size_t)n;
    int64_t *stacks = v->stacks + base;
    size_t old = t * 2 + (size_t)v->slot[t];
    if (v->running[t]) {
        /* abandon the running hand: every seat gets its starting stack back */
        memcpy(stacks, v->start + old * (size_t)n, sizeof(int64_t) * (size_t)n);
    }
    v->slot[t] ^= 1;
    if (v->rep[t] == v->slot[t]) v->rep[t] = -1; /* that finished hand's record is overwritten */
    size_t rs = t * 2 + (size_t)v->slot[t];
    if (move_button) v->button[t] = (int8_t)next_seat(v->button[t], n);
    const int64_t *conf = v->base + (ptrdiff_t)t * v->base_stride;
    int64_t *start = v->start + rs * (size_t)n, *bets = v->bets + base, *put = v->put + base;
    int carry = v->cfg.carry_stacks;
    for (int i = 0; i < n; i++) {
        if (!carry || stacks[i] <= 0) stacks[i] = conf[i];
        start[i] = stacks[i];
        bets[i] = 0;
        put[i] = 0;
    }
    v->rec_button[rs] = v->button[t];
    v->log_len[rs] = 0;
    if (v->xlog && v->xlog[rs]) {
        v->xlog[rs]->kn = v->xlog[rs]->rn = 0;
        v->xlog[rs]->lost = 0;
    }
    v->log_raises[rs] = 0;
    v->showdown[rs] = 0;
    v->win_value[rs] = 0;
    v->pot[t] = 0;
    v->dead[t] = 0;
    v->folded[t] = 0;
    v->broke[t] = 0;
    v->acted[t] = 0;
    v->behind[t] = 0;
    v->seen[t] = 0;
    v->shorts_cnt[t] = 0;
    v->shorts_sum[t] = 0;
    v->street[t] = 0;
    v->nraise[t] = 0;
    v->running[t] = 1;
    v->betting_over[t] = 0;
    v->actor[t] = -1;
    if (report) v->hand_over[t] = 0; /* an auto reset keeps reporting the hand it follows */
    deal(v, t, rs);
    /* forced bets */
    const fh_vec_cfg *c = &v->cfg;
    int sb = sb_seat(v, t), bb = bb_seat(v, t);
    if (c->ante_mode == 1) {
        int s = v->button[t];
        for (int k = 0; k < n; k++) {
            s = next_seat(s, n);
            post(v, t, s, c->ante, 1);
        }
    } else if (c->ante_mode == 2) {
        post(v, t, bb, c->ante, 1);
    }
    post(v, t, sb, c->small_blind, 0);
    post(v, t, bb, c->big_blind, 0);
    if (c->pk) {
        int64_t m = 0;
        for (int i = 0; i < n; i++)
            if (v->bets[base + (size_t)i] > m) m = v->bets[base + (size_t)i];
        v->max_bet[t] = m;
        v->full[t] = 0;
        v->nbets[t] = 0;
    } else {
        v->max_bet[t] = c->big_blind;
        v->full[t] = c->big_blind;
        v->nbets[t] = 1;
    }
    begin_round(v, t, report);
}

/* ---- legal actions (Hand.legal_actions) ------------------------------------------------- */

FH_INLINE fh_vec_legal legal_of(const fh_vec *restrict v, size_t t) {
    fh_vec_legal L = {-1, 0, 0, 0, -1, -1};
    int i = v->actor[t];
    if (i < 0) return L;
    int n = P_(v);
    const fh_vec_cfg *c = &v->cfg;
    const int64_t *bets = v->bets + t * (size_t)n;
    const int64_t *stacks = v->stacks + t * (size_t)n;
    int64_t max_bet = v->max_bet[t];
    int64_t own = bets[i], need = max_bet - own, stack = stacks[i], all_to = stack + own;
    L.actor = i;
    L.can_check = need <= 0;
    /* R24: card rooms let a player fold when checking is free; pokerkit refuses it */
    L.can_fold = !(L.can_check && c->pk);
    if (stack <= need) {
        L.call = L.can_check ? 0 : stack;
        return L;
    }
    L.call = L.can_check ? 0 : need;
    uint16_t folded = v->folded[t];
    int answer = 0;
    for (int j = 0; j < n; j++)
        if (j != i && !((folded >> j) & 1) && stacks[j] + bets[j] > max_bet) {
            answer = 1;
            break;
        }
    if (!answer) return L;
    int64_t inc;
    int allowed = 1;
    int street = v->street[t];
    if (c->limit) {
        inc = c->bet_sizes[street];
        if (c->bet_cap >= 0 && v->nbets[t] >= c->bet_cap && !(!c->cap_heads_up && n_live(v, t) == 2) &&
            !(c->uncapped_river && street == 3))
            allowed = 0;
    } else {
        int64_t full = v->full[t];
        inc = full > c->min_bet ? full : c->min_bet;
    }
    if (c->pk) {
        int64_t full = v->full[t];
        if (full > inc) inc = full;
        if (c->limit) allowed = c->bet_cap < 0 || v->nbets[t] < c->bet_cap;
        if (need < full || (v->shorts_cnt[t] && v->shorts_sum[t] < full && ((v->seen[t] >> i) & 1))) allowed = 0;
    } else if (allowed && need < inc && ((v->acted[t] >> i) & 1)) {
        allowed = 0;
    }
    if (!allowed) return L;
    int64_t lo = max_bet + inc;
    if (all_to <= lo) {
        L.min_to = L.max_to = all_to;
    } else {
        L.min_to = lo;
        if (c->limit) {
            L.max_to = lo;
        } else if (c->pot_limit) {
            int64_t pot_to = max_bet + v->pot[t] + need;
            if (pot_to < lo) pot_to = lo;
            L.max_to = pot_to < all_to ? pot_to : all_to;
        } else {
            L.max_to = all_to;
        }
    }
    return L;
}

fh_vec_legal fh_vec_legal_of(const fh_vec *v, size_t t) { return legal_of(v, t); }

int fh_vec_check_action(const fh_vec *v, size_t t, int kind, int64_t amount) {
    fh_vec_legal L = legal_of(v, t);
    switch (kind) {
    case FH_VEC_FOLD:
        return L.can_fold ? FH_VEC_OK : FH_VEC_NO_FOLD;
    case FH_VEC_CHECK:
        return L.can_check ? FH_VEC_OK : FH_VEC_NO_CHECK;
    case FH_VEC_CALL:
        return L.call > 0 ? FH_VEC_OK : FH_VEC_NO_CALL;
    case FH_VEC_RAISE:
        if (L.min_to < 0) return FH_VEC_NO_RAISE;
        if (amount < L.min_to) return FH_VEC_RAISE_LOW;
        if (amount > L.max_to) return FH_VEC_RAISE_HIGH;
        return FH_VEC_OK;
    default:
        return FH_VEC_BAD_KIND;
    }
}

/* ---- actions (Hand._do_fold, _do_check, _do_call, _do_raise, _raise_pokerkit) ------------- */

/* `log`: keep the action in the table's record (play_random logs only each table's last hand,
 * the one left on record). */
FH_INLINE void apply(fh_vec *restrict v, size_t t, int kind, int64_t amount, int report, int log) {
    int n = P_(v);
    int i = v->actor[t];
    size_t base = t * (size_t)n;
    int64_t *stacks = v->stacks + base;
    int64_t *bets = v->bets + base;
    uint16_t bit = (uint16_t)(1u << i);
    if (kind == FH_VEC_FOLD) {
        if (log) log_action(v, t, kind, 0);
        v->folded[t] |= bit;
        v->acted[t] |= bit;
        v->seen[t] |= bit;
        if (n_live(v, t) == 1) {
            v->actor[t] = -1;
            return_uncalled(v, t, bets);
            award(v, t, report);
        } else {
            advance(v, t, i, report);
        }
        return;
    }
    if (kind == FH_VEC_CHECK) {
        if (log) log_action(v, t, kind, 0);
        v->acted[t] |= bit;
        v->seen[t] |= bit;
        advance(v, t, i, report);
        return;
    }
    if (kind == FH_VEC_CALL) {
        if (log) log_action(v, t, kind, 0);
        int64_t stack = stacks[i], to = v->max_bet[t], need = to - bets[i], put;
        if (need < stack) {
            put = need;
        } else {
            put = stack;
            to = bets[i] + stack;
            v->broke[t] |= bit;
        }
        stacks[i] = stack - put;
        bets[i] = to;
        v->put[base + (size_t)i] += put;
        v->pot[t] += put;
        v->acted[t] |= bit;
        v->seen[t] |= bit;
        advance(v, t, i, report);
        return;
    }
    /* bet or raise to `amount` */
    int64_t to = amount;
    if (log) log_action(v, t, kind, to);
    if (v->nraise[t] < INT16_MAX) v->nraise[t]++;
    int64_t max_bet = v->max_bet[t];
    int64_t delta = to - bets[i], increment = to - max_bet;
    int opening = max_bet == 0;
    int64_t stack = stacks[i] - delta;
    stacks[i] = stack;
    if (!stack) v->broke[t] |= bit;
    bets[i] = to;
    v->put[base + (size_t)i] += delta;
    v->pot[t] += delta;
    const fh_vec_cfg *c = &v->cfg;
    if (c->pk) {
        uint16_t acted = (uint16_t)(v->folded[t] | v->broke[t] | bit);
        v->acted[t] = acted;
        if (increment >= v->full[t]) {
            v->seen[t] = 0;
            v->full[t] = increment;
        }
        v->seen[t] |= bit;
        if (v->nbets[t] < INT16_MAX) v->nbets[t]++;
        if (stack) {
            v->shorts_cnt[t] = 0;
            v->shorts_sum[t] = 0;
        } else {
            v->shorts_cnt[t]++;
            v->shorts_sum[t] += increment;
        }
        if (v->shorts_cnt[t] && v->shorts_sum[t] >= v->full[t]) {
            v->shorts_cnt[t] = 0;
            v->shorts_sum[t] = 0;
        }
        v->max_bet[t] = to;
        advance(v, t, i, report);
        return;
    }
    int full;
    if (c->limit) {
        int64_t size = c->bet_sizes[v->street[t]];
        full = increment >= size || (c->half_bet_reopens && 2 * increment >= size);
    } else {
        int64_t size = v->full[t] > c->min_bet ? v->full[t] : c->min_bet;
        full = increment >= size;
        if (full) v->full[t] = increment;
    }
    if (full || opening) {
        v->acted[t] = 0;
        v->behind[t] = 0;
        if (full && v->nbets[t] < INT16_MAX) v->nbets[t]++;
    } else {
        v->behind[t] = 1;
    }
    v->acted[t] |= bit;
    v->max_bet[t] = to;
    advance(v, t, i, report);
}

void fh_vec_apply(fh_vec *v, size_t t, int kind, int64_t amount) { apply(v, t, kind, amount, 1, 1); }

void fh_vec_step_range(fh_vec *v, size_t lo, size_t hi, const int64_t *kind, const int64_t *amount,
                       const uint8_t *mask, int reset) {
    for (size_t t = lo; t < hi; t++) {
        if (mask && !mask[t]) continue; /* a held table: left as it is */
        if (v->actor[t] >= 0) {
            v->hand_over[t] = 0;
            apply(v, t, kind[t], amount ? amount[t] : 0, 1, 1);
        } else if (reset != FH_VEC_NO_RESET) {
            /* a hand dealt at the last step that needed no action: report it now */
            finish(v, t, 1);
        }
        if (reset == FH_VEC_AUTO_RESET && v->actor[t] < 0) fh_vec_new_hand(v, t, 1, 0);
    }
}

/* ---- whole-array passes with Ctrl-C polling ------------------------------------------------ */

#define FH_VEC_GRAIN 4096u /* tables per grain: well under a millisecond of work */

typedef struct {
    const fh_vec *v;
    const int64_t *kind, *amount;
    const uint8_t *mask;
    uint8_t *codes;
} check_ctx;

static void check_worker(fh_par *par, void *ctx, int tid) {
    (void)tid;
    check_ctx *cc = (check_ctx *)ctx;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi)) {
        for (size_t t = lo; t < hi; t++) {
            int code = FH_VEC_OK;
            if (cc->v->actor[t] >= 0 && (!cc->mask || cc->mask[t])) {
                int64_t k = cc->kind[t];
                code = fh_vec_check_action(cc->v, t, k >= 0 && k <= 3 ? (int)k : -1, cc->amount[t]);
            }
            cc->codes[t] = (uint8_t)code;
        }
    }
}

fh_status fh_vec_check_all(const fh_vec *v, const int64_t *kind, const int64_t *amount, const uint8_t *mask,
                           uint8_t *codes, const fh_exec *ex) {
    check_ctx cc = {v, kind, amount, mask, codes};
    return fh_par_exec(v->n, FH_VEC_GRAIN, 1, ex, (uint64_t)v->n * 40u, check_worker, &cc);
}

typedef struct {
    fh_vec *v;
    const uint8_t *mask;
    int move_button, report;
    size_t done; /* tables [0, done) are dealt (one thread: grains go in order) */
} deal_ctx;

static void deal_worker(fh_par *par, void *ctx, int tid) {
    (void)tid;
    deal_ctx *dc = (deal_ctx *)ctx;
    size_t lo, hi;
    while (fh_par_next(par, &lo, &hi)) {
        for (size_t t = lo; t < hi; t++)
            if (!dc->mask || dc->mask[t]) fh_vec_new_hand(dc->v, t, dc->move_button, dc->report);
        dc->done = hi;
    }
}

fh_status fh_vec_new_hands(fh_vec *v, const uint8_t *mask, int move_button, int report, const fh_exec *ex,
                           size_t *done) {
    deal_ctx dc = {v, mask, move_button, report, 0};
    /* one thread, so that an interrupted call leaves a prefix of the tables dealt */
    fh_status st = fh_par_exec(v->n, FH_VEC_GRAIN, 1, ex, (uint64_t)v->n * 400u, deal_worker, &dc);
    if (done) *done = st == FH_OK ? v->n : dc.done;
    return st;
}

/* ---- the random player over whole hands --------------------------------------------------- */

/* The random player (fh_vec_play_random): thresholds of the low 32 bits of a draw. */
static inline uint64_t fold_cut(double p) { return (uint64_t)(p * 4294967296.0); }

/* One decision of the random player for table t's actor, applied. One 64-bit draw per
 * decision: the low 32 bits choose fold (below pf, when facing a bet) / bet or raise (below pr)
 * / check or call, the high 32 bits the raise amount (a second draw when the span of amounts
 * reaches 2**32). */
static inline void random_act(fh_vec *restrict v, size_t t, uint64_t pf, uint64_t pr, int log) {
    int n = P_(v);
    uint64_t x = rng_next(v, t);
    uint64_t r = x & 0xFFFFFFFFu;
    int i = v->actor[t];
    int facing = v->bets[t * (size_t)n + (size_t)i] < v->max_bet[t]; /* a call is legal */
    int kind = facing ? FH_VEC_CALL : FH_VEC_CHECK;
    int64_t amount = 0;
    if (r < pf && facing) {
        kind = FH_VEC_FOLD;
    } else if (r < pr) {
        /* the whole legal set only when a bet or raise is wanted */
        fh_vec_legal L = legal_of(v, t);
        if (L.min_to >= 0) {
            kind = FH_VEC_RAISE;
            uint64_t span = (uint64_t)(L.max_to - L.min_to) + 1u;
            if (span <= 0xFFFFFFFFu) {
                amount = L.min_to + (int64_t)(((x >> 32) * span) >> 32);
            } else {
                uint64_t y = rng_next(v, t);
#ifdef __SIZEOF_INT128__
                amount = L.min_to + (int64_t)(((unsigned __int128)y * span) >> 64);
#else
                amount = L.min_to + (int64_t)(y % span);
#endif
            }
        }
    }
    apply(v, t, kind, amount, 1, log);
}

void fh_vec_play_random_until(fh_vec *v, const uint8_t *mask, int seat, double p_fold, double p_raise) {
    const uint64_t pf = fold_cut(p_fold), pr = fold_cut(p_fold + p_raise);
    for (size_t t = 0; t < v->n; t++) {
        if (mask && !mask[t]) continue;
        if (v->actor[t] < 0 || v->actor[t] == seat) continue;
        v->hand_over[t] = 0;
        do random_act(v, t, pf, pr, 1);
        while (v->actor[t] >= 0 && v->actor[t] != seat);
    }
}

/* w (n little-endian 64-bit words) += the k-word number a (k <= n), modulo 2**(64 n). */
static inline void add_words(uint64_t *w, const uint64_t *a, int k, int n) {
    uint64_t carry = 0;
    for (int j = 0; j < n; j++) {
        uint64_t old = w[j], add = j < k ? a[j] : 0;
        uint64_t sum = old + add;
        uint64_t c = sum < old;
        w[j] = sum + carry;
        carry = c + (w[j] < sum);
    }
}

/* The tally of one seat's win `won` of a hand: total (128-bit signed) and squares (192-bit). */
static inline void tally_win(uint64_t total[2], uint64_t squares[3], int64_t won) {
    const uint64_t w[2] = {(uint64_t)won, won < 0 ? UINT64_MAX : 0}; /* won, sign-extended */
    add_words(total, w, 2, 2);
    uint64_t a = (uint64_t)(won < 0 ? -won : won); /* below 2**56 */
    uint64_t sq[2];
#ifdef __SIZEOF_INT128__
    unsigned __int128 p = (unsigned __int128)a * a;
    sq[0] = (uint64_t)p;
    sq[1] = (uint64_t)(p >> 64);
#else
    uint64_t lo = a & 0xFFFFFFFFu, hi = a >> 32, mid = lo * hi; /* hi < 2**24: no overflow */
    sq[0] = lo * lo;
    sq[1] = hi * hi;
    const uint64_t cross[2] = {mid << 33, mid >> 31}; /* 2 * mid * 2**32 */
    add_words(sq, cross, 2, 2);
#endif
    add_words(squares, sq, 2, 3);
}

typedef struct {
    fh_vec *v;
    uint64_t per, extra;
    double p_fold, p_raise;
    fh_vec_tally *tallies; /* one per thread */
} play_ctx;

static void play_table(play_ctx *pc, size_t t, fh_vec_tally *tl, fh_par *par) {
    fh_vec *v = pc->v;
    int n = P_(v);
    uint64_t hands = pc->per + (t < pc->extra);
    const uint64_t pf = fold_cut(pc->p_fold), pr = fold_cut(pc->p_fold + pc->p_raise);
    for (uint64_t h = 0; h < hands; h++) {
        if ((h & 255u) == 255u && fh_par_cancelled(par)) return;
        int log = h + 1 == hands; /* only the last hand stays on record */
        fh_vec_new_hand(v, t, 1, 1);
        while (v->actor[t] >= 0) random_act(v, t, pf, pr, log);
        /* tally */
        size_t base = t * (size_t)n;
        size_t rs = t * 2 + (size_t)v->slot[t];
        tl->hands++;
        for (int i = 0; i < n; i++) tally_win(tl->total[i], tl->squares[i], v->rewards[base + (size_t)i]);
        if (v->showdown[rs]) {
            uint16_t folded = v->folded[t], won = v->winners[rs];
            const fh_value_t *values = v->values + base;
            for (int i = 0; i < n; i++) {
                if ((folded >> i) & 1) continue;
                tl->showdowns[i]++;
                if ((won >> i) & 1) tl->wins[i][fh_category(values[i])]++;
            }
        }
    }
}

static void play_worker(fh_par *par, void *ctx, int tid) {
    play_ctx *pc = (play_ctx *)ctx;
    size_t lo, hi;
    fh_vec_tally tl; /* on this thread's stack: no cache line shared with another thread */
    memset(&tl, 0, sizeof tl);
    while (fh_par_next(par, &lo, &hi)) {
        for (size_t t = lo; t < hi; t++) {
            play_table(pc, t, &tl, par);
            if (fh_par_cancelled(par)) goto done;
        }
    }
done:
    pc->tallies[tid] = tl;
}

fh_status fh_vec_play_random(fh_vec *v, uint64_t hands, double p_fold, double p_raise, const fh_exec *ex,
                             fh_vec_tally *out) {
    memset(out, 0, sizeof(*out));
    if (v->n == 0 || hands == 0) return FH_OK;
    int threads = fh_exec_threads(ex);
    if ((uint64_t)threads > v->n) threads = (int)v->n;
    if (hands < 20000) threads = 1;
    fh_vec_tally *tallies = calloc((size_t)threads, sizeof(fh_vec_tally));
    if (!tallies) return FH_ERR_NOMEM;
    play_ctx pc = {v, hands / v->n, hands % v->n, p_fold, p_raise, tallies};
    /* Grains of whole 64-table blocks where there are enough tables: two threads then never
     * write the same cache line of a per-table array (64 int8 entries to a line). */
    size_t grain = v->n / ((size_t)threads * 16u);
    if (grain >= 64) grain -= grain % 64;
    else if (v->n >= (size_t)threads * 256u) grain = 64;
    if (grain < 1) grain = 1;
    uint64_t cost = hands * 1000u; /* about a microsecond a hand */
    fh_status st = fh_par_exec(v->n, grain, threads, ex, cost, play_worker, &pc);
    for (int k = 0; k < threads; k++) {
        fh_vec_tally *tl = &tallies[k];
        out->hands += tl->hands;
        for (int i = 0; i < FH_VEC_MAX_PLAYERS; i++) {
            add_words(out->total[i], tl->total[i], 2, 2);
            add_words(out->squares[i], tl->squares[i], 3, 3);
            out->showdowns[i] += tl->showdowns[i];
            for (int c = 0; c < 9; c++) out->wins[i][c] += tl->wins[i][c];
        }
    }
    free(tallies);
    return st;
}
