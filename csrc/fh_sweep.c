/* fh_sweep.c -- exact heads-up range equity by a sweep per runout (see fh_sweep.h).
 *
 * One runout, in three steps:
 *   1. values: every rank class of combos (both cards' ranks) is valued once without a
 *      flush, and moves as one unit (see class_info) except for the members the runout
 *      kills or gives a flush: those are left out of it, and the live ones among them are
 *      evaluated and become units of their own (single entries). Each unit is pushed on the
 *      list of its value and a bit per value records which values occur;
 *   2. the set bits are visited from the weakest value up. Running sums lt[c] hold the
 *      weight of each range's combos already visited (weaker) that hold card c, and S those
 *      of all of them: an entry with cards x, y beats S - lt[x] - lt[y] of the other range
 *      (no weaker combo holds both x and y: that would be the same two cards, of equal
 *      value);
 *   3. once the entries of this value are added to the sums, S - lt[x] - lt[y] + (the
 *      entry's own weight, subtracted once for each of its two cards) is what it beats or
 *      ties; ties are that less the wins, taken when the counts are read out.
 * Both ranges move together in two int64 lanes. Each thread adds into its own integer
 * arrays; they are summed at the end, so the counts never depend on the threads.
 */
#include "fh_sweep.h"

#include <stdlib.h>
#include <string.h>

#include "fh_eval.h"

#define N_WORDS ((FH_N_VALUES + 1 + 63) / 64)
#define SUITS_X(n) ((uint64_t)(n) * (0x1111ULL << 32)) /* n more cards in every suit counter */
#define SUIT_CARDS 0x1111111111111ULL                  /* the cards of suit 0 (ids rank * 4 + suit) */

/* Two int64 lanes: (about range 1, about range 0). A combo's wins against range 1 and its
 * wins against range 0 come from the same sums, so both lanes move together (one SSE2
 * instruction where the compiler has vector extensions). */
#if defined(__GNUC__) || defined(__clang__)
typedef int64_t v2 __attribute__((vector_size(16)));
FH_INLINE v2 v2_make(int64_t a, int64_t b) { return (v2){a, b}; }
FH_INLINE v2 v2_add(v2 a, v2 b) { return a + b; }
FH_INLINE v2 v2_sub(v2 a, v2 b) { return a - b; }
FH_INLINE v2 v2_scale(v2 a, int64_t k) { return a * k; }
FH_INLINE int64_t v2_get(v2 a, int i) { return a[i]; }
#else
typedef struct {
    int64_t l[2];
} v2;
FH_INLINE v2 v2_make(int64_t a, int64_t b) { v2 r = {{a, b}}; return r; }
FH_INLINE v2 v2_add(v2 a, v2 b) { v2 r = {{a.l[0] + b.l[0], a.l[1] + b.l[1]}}; return r; }
FH_INLINE v2 v2_sub(v2 a, v2 b) { v2 r = {{a.l[0] - b.l[0], a.l[1] - b.l[1]}}; return r; }
FH_INLINE v2 v2_scale(v2 a, int64_t k) { v2 r = {{a.l[0] * k, a.l[1] * k}}; return r; }
FH_INLINE int64_t v2_get(v2 a, int i) { return a.l[i]; }
#endif

typedef struct {
    v2 win;     /* (beaten weight of range 1, beaten weight of range 0) */
    v2 win_tie; /* the same for the weight beaten or tied: ties are win_tie - win */
} entry_acc;

typedef struct {
    v2 w;           /* (weight in range 1, weight in range 0) */
    uint8_t x, y;   /* the two cards */
    uint8_t sx, sy; /* their slots among the cards of the entry's rank class (class_info) */
} entry;

/* A rank class seen as one unit. Members that make no flush on a runout share one value, so
 * each member's S - lt[x] - lt[y] splits into a part per class (S) and a part per card of
 * the class (lt[c]): the sweep adds S and the lt of the class's (at most 8) cards to
 * class_acc instead of touching each of its (up to 16) entries, and adds the class's weight
 * per card to lt in one step; class_fold turns the class sums into per-entry counts. The few
 * members a runout kills or gives a flush are taken back out one by one (see sweep_units).
 * The class's cards are those of its one or two ranks, a block of four in lt (card ids are
 * rank * 4 + suit): slot 4b + u is suit u of rank[b]. */
#define MAX_SLOTS 8 /* two ranks, four suits */
typedef struct {
    v2 w;                 /* total weight of the members */
    v2 card_w[MAX_SLOTS]; /* weight of the members holding each card */
    fh_mask_t mask;       /* every card of the members */
    uint64_t suit_max_key; /* per suit counter, the most cards of that suit in one member */
    uint8_t rank[2];
    int n_blocks;          /* 1 for a pair, else 2 */
    int listed;            /* at[j] lists every member holding the card of slot j */
    uint8_t n_at[MAX_SLOTS];
    int16_t at[MAX_SLOTS][4]; /* a card has at most 4 partners of one rank */
} class_info;

/* The slot of `card` in its class (see class_info). */
FH_INLINE uint8_t class_slot(const class_info *ci, uint8_t card) {
    return (uint8_t)(((card >> 2) == ci->rank[0] ? 0 : 4) + (card & 3u));
}

/* Sums over the runouts on which the class was a unit. The sums after a group are those
 * before it plus what the group added (the delta): where the class is alone at its value,
 * that is its own weight less the members left out, so such runouts are only counted
 * (n_alone) and the left-out members subtracted from the delta one by one. */
typedef struct {
    v2 s_win, card_win[MAX_SLOTS];     /* sums of S, lt[card] before the group */
    v2 s_delta, card_delta[MAX_SLOTS]; /* sums of what the group added to S, lt[card], less
                                          the class's weight on the runouts it was alone */
    int64_t whole, n_alone;            /* runouts on which it was a unit; alone at its value */
} class_acc;

#define MAX_PERMS 24 /* suit permutations */

typedef struct {
    entry_acc *acc[MAX_PERMS + 1]; /* acc[m]: runouts whose class has m members (NULL if none can) */
    class_acc *cacc[MAX_PERMS + 1]; /* the same, per rank class (see class_info) */
    uint64_t deals;
    int32_t *enext; /* single units, per entry */
    int32_t *excl;  /* members left out of their class unit, class by class */
    int32_t cnext[169], ex_lo[169], ex_hi[169]; /* class units, per rank class */
    uint64_t bits[N_WORDS]; /* bit v: some unit has value v (cleared as it is read) */
    int32_t head[FH_N_VALUES + 1];  /* class units of value v */
    int32_t ehead[FH_N_VALUES + 1]; /* single units of value v */
} thread_state;

typedef struct {
    int n;                     /* entries */
    const entry *ent;
    const uint64_t *mask;      /* the entry's two cards */
    const uint64_t *key;       /* FH_KEY_INIT + keys of the two cards */
    const uint64_t *sr;        /* FH_SUIT_RANK_BIT of the two cards */
    /* Entries are stored by rank class (the ranks of the two cards): class c holds entries
     * [cls_start[c], cls_start[c + 1]). Without a flush, a class shares one value. */
    int n_cls;
    int32_t cls_start[170];
    uint64_t cls_key[169];     /* key of any member: only its rank part is read */
    class_info cls[169];
    const int32_t *orig;       /* entry (in class order) -> caller's entry index */
    int n_perms;                        /* suit permutations of the symmetry group (1: none) */
    uint8_t perm[MAX_PERMS][4];
    int n_avail, k;            /* cards a runout is drawn from, and runout size */
    fh_card_t avail[FH_N_CARDS];
    uint64_t board_key, board_sr;
    fh_mask_t board_mask;
    uint64_t first;
    thread_state **threads;
} sweep_ctx;

static uint64_t binom(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

uint64_t fh_sweep_runouts(int n_board, fh_mask_t dead) {
    if (n_board < 0 || n_board > 5) return 0;
    int n_dead = (int)FH_POPCOUNT64(dead & FH_FULL_DECK);
    return binom(FH_N_CARDS - n_board - n_dead, 5 - n_board);
}

/* Runout number r in colex order: c[0] < ... < c[k-1], indices into the available cards. */
static void unrank(uint64_t r, int k, int n, int *c) {
    for (int i = k; i >= 1; i--) {
        int v = n - 1;
        while (binom(v, i) > r) v--;
        c[i - 1] = v;
        r -= binom(v, i);
    }
}

/* The next runout after c in colex order (the caller never steps past the last one). */
FH_INLINE void successor(int k, int *c) {
    int i = 0;
    while (i < k - 1 && c[i] + 1 == c[i + 1]) {
        c[i] = i;
        i++;
    }
    if (k > 0) c[i]++;
}

/* Units of one runout. A rank class whose members share one value is a class unit (see
 * class_info), chained by cnext from head[v]; the members the class unit must leave out on
 * this runout (those the runout kills, and those that make a flush and so have values of
 * their own) are listed in excl[ex_lo[c] .. ex_hi[c]): the sweep cancels their part of the
 * class sums and takes their weight back out of lt and S. Every other live entry is a single
 * unit, chained by enext from ehead[v]. Bit v of t->bits says value v occurs. */

/* S - lt[x] - lt[y]: the weight below (or at, after the group) that shares no card with q,
 * give or take q itself. */
FH_INLINE v2 apart(v2 S, const v2 *lt, const entry *q) { return v2_sub(v2_sub(S, lt[q->x]), lt[q->y]); }

/* A class alone at its value: the three steps at once, the sums after the group being
 * those before it plus the class's weight less that of its left-out members. */
FH_INLINE void sweep_alone(const class_info *ci, class_acc *ca, const int32_t *ex, int n_ex, const entry *ent,
                           entry_acc *acc, v2 *lt, v2 *S) {
    for (int k = 0; k < n_ex; k++) acc[ex[k]].win = v2_sub(acc[ex[k]].win, apart(*S, lt, &ent[ex[k]]));
    ca->s_win = v2_add(ca->s_win, *S);
    for (int b = 0; b < ci->n_blocks; b++) {
        v2 *l = lt + 4 * ci->rank[b], *cw = ca->card_win + 4 * b;
        const v2 *w = ci->card_w + 4 * b;
        for (int u = 0; u < 4; u++) {
            cw[u] = v2_add(cw[u], l[u]);
            l[u] = v2_add(l[u], w[u]);
        }
    }
    *S = v2_add(*S, ci->w);
    for (int k = 0; k < n_ex; k++) {
        const entry *q = &ent[ex[k]];
        lt[q->x] = v2_sub(lt[q->x], q->w);
        lt[q->y] = v2_sub(lt[q->y], q->w);
        *S = v2_sub(*S, q->w);
        ca->s_delta = v2_sub(ca->s_delta, q->w);
        ca->card_delta[q->sx] = v2_sub(ca->card_delta[q->sx], q->w);
        ca->card_delta[q->sy] = v2_sub(ca->card_delta[q->sy], q->w);
    }
    for (int k = 0; k < n_ex; k++) {
        const entry *q = &ent[ex[k]];
        acc[ex[k]].win_tie = v2_sub(acc[ex[k]].win_tie, v2_add(apart(*S, lt, q), q->w));
    }
    ca->whole++;
    ca->n_alone++;
}

/* The lt of the class's cards added to (negate: taken from) `into`, slot by slot. */
FH_INLINE void add_class_cards(const class_info *ci, v2 *into, const v2 *lt, int negate) {
    for (int b = 0; b < ci->n_blocks; b++) {
        const v2 *l = lt + 4 * ci->rank[b];
        v2 *d = into + 4 * b;
        for (int u = 0; u < 4; u++) d[u] = negate ? v2_sub(d[u], l[u]) : v2_add(d[u], l[u]);
    }
}

/* The sweep proper: the set bits are visited from the weakest value up; each group of equal
 * value goes through the three steps of the file comment. Leaves head, ehead and bits
 * cleared. */
static void sweep_units(const sweep_ctx *s, thread_state *t, entry_acc *acc, class_acc *cacc) {
    uint64_t *bits = t->bits;
    int32_t *head = t->head, *ehead = t->ehead;
    const int32_t *cnext = t->cnext, *enext = t->enext, *excl = t->excl, *ex_lo = t->ex_lo, *ex_hi = t->ex_hi;
    const entry *ent = s->ent;
    const class_info *cls = s->cls;
    /* lt[c]: weight (range 1, range 0) of the combos already visited that hold card c. */
    v2 lt[FH_N_CARDS];
    memset(lt, 0, sizeof lt);
    v2 S = v2_make(0, 0);
    for (unsigned word = 0; word < N_WORDS; word++) {
        uint64_t b = bits[word];
        bits[word] = 0;
        for (; b; b &= b - 1) {
            unsigned v = word * 64u + FH_CTZ64(b);
            int32_t c0 = head[v], e0 = ehead[v];
            head[v] = -1;
            ehead[v] = -1;
            if (c0 >= 0 && cnext[c0] < 0 && e0 < 0) { /* the common case */
                sweep_alone(&cls[c0], &cacc[c0], excl + ex_lo[c0], ex_hi[c0] - ex_lo[c0], ent, acc, lt, &S);
                continue;
            }
            /* wins: the weight below this value */
            for (int32_t c = c0; c >= 0; c = cnext[c]) {
                class_acc *ca = &cacc[c];
                ca->s_win = v2_add(ca->s_win, S);
                ca->s_delta = v2_sub(ca->s_delta, S);
                add_class_cards(&cls[c], ca->card_win, lt, 0);
                add_class_cards(&cls[c], ca->card_delta, lt, 1);
                for (int32_t k = ex_lo[c]; k < ex_hi[c]; k++) {
                    int32_t i = excl[k];
                    acc[i].win = v2_sub(acc[i].win, apart(S, lt, &ent[i]));
                }
            }
            for (int32_t i = e0; i >= 0; i = enext[i]) acc[i].win = v2_add(acc[i].win, apart(S, lt, &ent[i]));
            /* the group joins the sums */
            for (int32_t c = c0; c >= 0; c = cnext[c]) {
                const class_info *ci = &cls[c];
                for (int b2 = 0; b2 < ci->n_blocks; b2++)
                    for (int u = 0; u < 4; u++) {
                        v2 *l = &lt[4 * ci->rank[b2] + u];
                        *l = v2_add(*l, ci->card_w[4 * b2 + u]);
                    }
                S = v2_add(S, ci->w);
                for (int32_t k = ex_lo[c]; k < ex_hi[c]; k++) {
                    const entry *q = &ent[excl[k]];
                    lt[q->x] = v2_sub(lt[q->x], q->w);
                    lt[q->y] = v2_sub(lt[q->y], q->w);
                    S = v2_sub(S, q->w);
                }
            }
            for (int32_t i = e0; i >= 0; i = enext[i]) {
                const entry *q = &ent[i];
                lt[q->x] = v2_add(lt[q->x], q->w);
                lt[q->y] = v2_add(lt[q->y], q->w);
                S = v2_add(S, q->w);
            }
            /* wins and ties: the weight at or below this value */
            for (int32_t c = c0; c >= 0; c = cnext[c]) {
                class_acc *ca = &cacc[c];
                ca->s_delta = v2_add(ca->s_delta, S);
                add_class_cards(&cls[c], ca->card_delta, lt, 0);
                ca->whole++;
                for (int32_t k = ex_lo[c]; k < ex_hi[c]; k++) {
                    int32_t i = excl[k];
                    acc[i].win_tie = v2_sub(acc[i].win_tie, v2_add(apart(S, lt, &ent[i]), ent[i].w));
                }
            }
            for (int32_t i = e0; i >= 0; i = enext[i])
                acc[i].win_tie = v2_add(acc[i].win_tie, v2_add(apart(S, lt, &ent[i]), ent[i].w));
        }
    }
}

/* Adds the class sums of cacc to the entries' counts in acc: a member with cards in slots
 * sx, sy won S - lt[x] - lt[y] summed over the runouts on which its class was a unit, and
 * won or tied that plus what the group added, plus its own weight, on each of them. What the
 * sweep took off the members left out cancels their share. */
static void class_fold(const sweep_ctx *s, const class_acc *cacc, entry_acc *acc) {
    for (int c = 0; c < s->n_cls; c++) {
        const class_acc *ca = &cacc[c];
        const class_info *ci = &s->cls[c];
        for (int32_t i = s->cls_start[c]; i < s->cls_start[c + 1]; i++) {
            const entry *q = &s->ent[i];
            v2 win = v2_sub(v2_sub(ca->s_win, ca->card_win[q->sx]), ca->card_win[q->sy]);
            v2 delta = v2_sub(v2_sub(ca->s_delta, ca->card_delta[q->sx]), ca->card_delta[q->sy]);
            v2 alone = v2_sub(v2_sub(ci->w, ci->card_w[q->sx]), ci->card_w[q->sy]);
            acc[i].win = v2_add(acc[i].win, win);
            acc[i].win_tie = v2_add(acc[i].win_tie, v2_add(v2_add(win, delta), v2_add(v2_scale(alone, ca->n_alone),
                                                                                   v2_scale(q->w, ca->whole))));
        }
    }
}

FH_INLINE void push_unit(int32_t *headv, int32_t *next, int32_t u, uint64_t *bits, fh_value_t v) {
    next[u] = *headv;
    *headv = u;
    bits[v >> 6] |= 1ULL << (v & 63u);
}

/* The units of class c on one runout (value v without a flush): a class unit, with the
 * members it must leave out appended to excl from *n_excl, or, when more than half of them
 * would be left out, single units only. Members that make a flush are single units at
 * their own values; dead members are nowhere. Only members holding a card of the runout
 * (dead) or of the flush suit (`suit_cards`, 0 without a flush; all of them when the board
 * alone is a flush) can be left out: those come from the class's lists per card. */
FH_INLINE void class_units(const sweep_ctx *s, thread_state *t, int c, fh_value_t v, uint64_t rkey, uint64_t rsr,
                           fh_mask_t rmask, fh_mask_t suit_cards, int *n_excl) {
    const class_info *ci = &s->cls[c];
    int flush = suit_cards && ((rkey + ci->suit_max_key) & FH_FLUSH_CHECK);
    fh_mask_t look = ci->mask & (rmask | (flush ? suit_cards : 0));
    int lo = *n_excl, hi = lo;
    if (look) {
        if (!ci->listed || suit_cards == FH_FULL_DECK) look = ci->mask; /* every member, by its cards */
        fh_mask_t seen = 0;
        for (; look; look &= look - 1) {
            unsigned d = FH_CTZ64(look), j = class_slot(ci, (uint8_t)d);
            int n_at = ci->listed ? ci->n_at[j] : 0;
            for (int k = 0; k < n_at; k++) {
                int32_t i = ci->at[j][k];
                if (s->mask[i] & seen) continue; /* seen at its other card */
                if (s->mask[i] & rmask) {
                    t->excl[hi++] = i;
                } else if (flush && ((rkey + s->key[i]) & FH_FLUSH_CHECK)) {
                    t->excl[hi++] = i;
                    fh_value_t fv = fh_value_from_key(rkey + s->key[i], rsr | s->sr[i]);
                    push_unit(&t->ehead[fv], t->enext, i, t->bits, fv);
                }
            }
            seen |= 1ULL << d;
        }
        if (!ci->listed || 2 * (hi - lo) > s->cls_start[c + 1] - s->cls_start[c]) {
            /* cheaper entry by entry: every live member becomes a single unit */
            for (int32_t i = s->cls_start[c]; i < s->cls_start[c + 1]; i++) {
                if (s->mask[i] & rmask) continue;
                if (flush && ((rkey + s->key[i]) & FH_FLUSH_CHECK)) {
                    if (ci->listed) continue; /* already a single unit */
                    fh_value_t fv = fh_value_from_key(rkey + s->key[i], rsr | s->sr[i]);
                    push_unit(&t->ehead[fv], t->enext, i, t->bits, fv);
                } else {
                    push_unit(&t->ehead[v], t->enext, i, t->bits, v);
                }
            }
            return;
        }
    }
    t->ex_lo[c] = lo;
    t->ex_hi[c] = hi;
    *n_excl = hi;
    push_unit(&t->head[v], t->cnext, c, t->bits, v);
}

/* One runout: key, suit-ranks and mask of the whole five-card board. Every rank class is
 * valued once without a flush (only the ranks of its key are read); class_units sorts out
 * the members that differ from that value. */
static void sweep_runout(const sweep_ctx *s, thread_state *t, entry_acc *acc, class_acc *cacc, uint64_t rkey,
                         uint64_t rsr, fh_mask_t rmask) {
    fh_mask_t suit_cards = 0; /* the cards of the suit a flush is possible in */
    uint64_t three = (FH_KEY_INIT + rkey + SUITS_X(2)) & FH_FLUSH_CHECK; /* 3+ cards of a suit */
    if (three) suit_cards = (FH_KEY_INIT + rkey) & FH_FLUSH_CHECK ? FH_FULL_DECK : SUIT_CARDS << fh_flush_suit(three);
    int n_excl = 0;
    for (int c = 0; c < s->n_cls; c++) {
        fh_value_t v = fh_noflush_value(rkey + s->cls_key[c]);
        class_units(s, t, c, v, rkey, rsr, rmask, suit_cards, &n_excl);
    }
    sweep_units(s, t, acc, cacc);
}

/* Members of the class of runout `cards` (k cards, mask rmask) under the symmetry group, or 0
 * if the runout is not its class's representative (the smallest mask of the class). */
FH_INLINE int class_size(const sweep_ctx *s, const fh_card_t *cards, int k, fh_mask_t rmask) {
    int stab = 1;
    for (int g = 1; g < s->n_perms; g++) {
        fh_mask_t img = 0;
        for (int i = 0; i < k; i++) img |= 1ULL << ((cards[i] & ~3u) | s->perm[g][cards[i] & 3u]);
        if (img < rmask) return 0;
        stab += img == rmask;
    }
    return s->n_perms / stab;
}

static void sweep_worker(fh_par *par, void *ctx, int tid) {
    const sweep_ctx *s = ctx;
    thread_state *t = s->threads[tid];
    size_t lo, hi;
    int c[5];
    fh_card_t cards[5];
    while (fh_par_next(par, &lo, &hi)) {
        unrank(s->first + lo, s->k, s->n_avail, c);
        for (size_t r = lo; r < hi; r++) {
            uint64_t rkey = s->board_key, rsr = s->board_sr;
            fh_mask_t own = 0;
            for (int i = 0; i < s->k; i++) {
                fh_card_t card = s->avail[c[i]];
                cards[i] = card;
                rkey += fh_card_keys[card];
                rsr |= FH_SUIT_RANK_BIT(card);
                own |= 1ULL << card;
            }
            int m = s->n_perms > 1 ? class_size(s, cards, s->k, own) : 1;
            if (m) {
                sweep_runout(s, t, t->acc[m], t->cacc[m], rkey, rsr, s->board_mask | own);
                t->deals += (uint64_t)m;
            }
            if (r + 1 < hi) successor(s->k, c);
        }
        if (fh_par_cancelled(par)) return;
    }
}

/* The class_info of the n entries of one rank class, and each entry's card slots. */
static void describe_class(class_info *ci, entry *members, int32_t first, const uint64_t *mask, int n) {
    memset(ci, 0, sizeof *ci);
    if (n > 0) {
        unsigned ra = members[0].x >> 2, rb = members[0].y >> 2;
        ci->rank[0] = (uint8_t)(ra > rb ? ra : rb);
        ci->rank[1] = (uint8_t)(ra > rb ? rb : ra);
        ci->n_blocks = ra == rb ? 1 : 2;
    }
    unsigned most[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        entry *q = &members[i];
        unsigned in_suit[4] = {0, 0, 0, 0};
        in_suit[q->x & 3u]++;
        in_suit[q->y & 3u]++;
        for (int u = 0; u < 4; u++) most[u] = in_suit[u] > most[u] ? in_suit[u] : most[u];
        q->sx = class_slot(ci, q->x);
        q->sy = class_slot(ci, q->y);
        ci->card_w[q->sx] = v2_add(ci->card_w[q->sx], q->w);
        ci->card_w[q->sy] = v2_add(ci->card_w[q->sy], q->w);
        ci->w = v2_add(ci->w, q->w);
        ci->mask |= mask[i];
    }
    ci->listed = 1;
    for (int i = 0; i < n && ci->listed; i++) {
        const entry *q = &members[i];
        unsigned slots[2] = {q->sx, q->sy};
        for (int h = 0; h < 2; h++) {
            if (ci->n_at[slots[h]] == 4) { /* more partners than a card can have: not a set of combos */
                ci->listed = 0;
                break;
            }
            ci->at[slots[h]][ci->n_at[slots[h]]++] = (int16_t)(first + i);
        }
    }
    /* like a member's key (FH_KEY_INIT + card keys) in its suit counters: a runout's key plus
     * this has a flush where some member makes one */
    ci->suit_max_key = FH_KEY_INIT;
    for (int u = 0; u < 4; u++) ci->suit_max_key += (uint64_t)most[u] << (32 + 4 * u);
}

static void free_threads(thread_state **threads, int n) {
    if (!threads) return;
    for (int i = 0; i < n; i++)
        if (threads[i]) {
            for (int m = 1; m <= MAX_PERMS; m++) {
                free(threads[i]->acc[m]);
                free(threads[i]->cacc[m]);
            }
            free(threads[i]->enext);
            free(threads[i]->excl);
            free(threads[i]);
        }
    free(threads);
}

fh_status fh_sweep_two(const fh_card_t *cards, const int64_t *w0, const int64_t *w1, int n_entries,
                       const fh_card_t *board, int n_board, fh_mask_t dead, const uint8_t *perms, int n_perms,
                       uint64_t first, uint64_t count, int n_threads, fh_par_poll poll, void *poll_ctx,
                       unsigned poll_ms, fh_sweep_out *out) {
    if (n_entries < 0 || n_board < 0 || n_board > 5 || n_perms < 1 || n_perms > MAX_PERMS) return FH_ERR_ARGUMENT;
    uint64_t total = fh_sweep_runouts(n_board, dead);
    if (first > total || count > total - first) return FH_ERR_ARGUMENT;
    if (count == 0 || n_entries == 0) return FH_OK;
    sweep_ctx *s = calloc(1, sizeof *s);
    if (!s) return FH_ERR_NOMEM;
    s->n = n_entries;
    s->n_perms = n_perms;
    for (int g = 0; g < n_perms; g++)
        for (int u = 0; u < 4; u++) s->perm[g][u] = perms ? perms[4 * g + u] : (uint8_t)u;
    s->k = 5 - n_board;
    s->first = first;
    fh_cards_sum known = fh_sum_cards(board, n_board);
    s->board_key += known.key;
    s->board_sr |= known.suit_ranks;
    s->board_mask |= known.mask;
    for (unsigned card = 0; card < FH_N_CARDS; card++)
        if (!((s->board_mask | dead) >> card & 1)) s->avail[s->n_avail++] = (fh_card_t)card;

    if ((uint64_t)n_threads > count) n_threads = (int)count;
    n_threads = fh_par_clamp_threads(n_threads);
    size_t n = (size_t)n_entries;
    uint64_t *block = malloc(n * 3 * sizeof(uint64_t)); /* mask, key, sr */
    entry *ent = malloc(n * sizeof *ent);
    int32_t *orig = malloc(n * sizeof *orig);
    thread_state **threads = calloc((size_t)n_threads, sizeof *threads);
    fh_status status = FH_OK;
    if (!block || !ent || !orig || !threads) {
        status = FH_ERR_NOMEM;
        goto done;
    }
    uint64_t *mask = block, *key = block + n, *sr = block + 2 * n;
    /* class order: counting sort of the entries by the ranks of their cards */
    int32_t count_cls[170] = {0};
    for (size_t e = 0; e < n; e++) {
        unsigned ra = cards[2 * e] >> 2, rb = cards[2 * e + 1] >> 2;
        count_cls[(ra > rb ? ra * 13 + rb : rb * 13 + ra) + 1]++;
    }
    for (int c = 0; c < 169; c++) count_cls[c + 1] += count_cls[c];
    for (int c = 0; c < 169; c++)
        if (count_cls[c + 1] > count_cls[c]) s->cls_start[s->n_cls++] = count_cls[c];
    s->cls_start[s->n_cls] = (int32_t)n;
    for (size_t e = 0; e < n; e++) {
        unsigned ra = cards[2 * e] >> 2, rb = cards[2 * e + 1] >> 2;
        orig[count_cls[ra > rb ? ra * 13 + rb : rb * 13 + ra]++] = (int32_t)e;
    }
    for (size_t i = 0; i < n; i++) {
        size_t e = (size_t)orig[i];
        fh_card_t a = cards[2 * e], b = cards[2 * e + 1];
        mask[i] = (1ULL << a) | (1ULL << b);
        key[i] = FH_KEY_INIT + fh_card_keys[a] + fh_card_keys[b];
        sr[i] = FH_SUIT_RANK_BIT(a) | FH_SUIT_RANK_BIT(b);
        ent[i].x = a;
        ent[i].y = b;
        ent[i].w = v2_make(w1[e], w0[e]);
    }
    for (int c = 0; c < s->n_cls; c++) {
        s->cls_key[c] = key[s->cls_start[c]];
        describe_class(&s->cls[c], ent + s->cls_start[c], s->cls_start[c], mask + s->cls_start[c],
                       s->cls_start[c + 1] - s->cls_start[c]);
    }
    s->orig = orig;
    s->ent = ent;
    s->mask = mask;
    s->key = key;
    s->sr = sr;
    for (int i = 0; i < n_threads; i++) {
        thread_state *t = calloc(1, sizeof *t);
        threads[i] = t;
        if (!t) {
            status = FH_ERR_NOMEM;
            goto done;
        }
        for (int m = 1; m <= n_perms; m++)
            if (n_perms % m == 0 && (!(t->acc[m] = calloc(n, sizeof(entry_acc))) ||
                                     !(t->cacc[m] = calloc((size_t)s->n_cls, sizeof(class_acc))))) {
                status = FH_ERR_NOMEM;
                goto done;
            }
        t->enext = malloc(n * sizeof(int32_t));
        t->excl = malloc(n * sizeof(int32_t));
        if (!t->enext || !t->excl) {
            status = FH_ERR_NOMEM;
            goto done;
        }
        t->deals = 0;
        for (int v = 0; v <= FH_N_VALUES; v++) t->head[v] = t->ehead[v] = -1;
    }
    s->threads = threads;
    size_t grain = (size_t)(count / ((uint64_t)n_threads * 32u));
    grain = grain < 1 ? 1 : grain > 1024 ? 1024 : grain;
    status = fh_par_run((size_t)count, grain, n_threads, sweep_worker, s, poll, poll_ctx, poll_ms);
    if (status != FH_OK) goto done;
    for (int i = 0; i < n_threads; i++) {
        const thread_state *t = threads[i];
        for (int m = 1; m <= n_perms; m++) {
            entry_acc *acc = t->acc[m];
            if (!acc) continue;
            class_fold(s, t->cacc[m], acc);
            for (size_t i = 0; i < n; i++) {
                size_t e = (size_t)orig[i];
                out->win0[e] += (uint64_t)m * (uint64_t)v2_get(acc[i].win, 0);
                out->tie0[e] += (uint64_t)m * (uint64_t)(v2_get(acc[i].win_tie, 0) - v2_get(acc[i].win, 0));
                out->win1[e] += (uint64_t)m * (uint64_t)v2_get(acc[i].win, 1);
                out->tie1[e] += (uint64_t)m * (uint64_t)(v2_get(acc[i].win_tie, 1) - v2_get(acc[i].win, 1));
            }
        }
        out->deals += t->deals;
    }
done:
    free_threads(threads, n_threads);
    free(ent);
    free(orig);
    free(block);
    free(s);
    return status;
}
