/* fh_vector.h -- many hold'em tables stepped at once, as a structure of arrays.
 *
 * Each table plays one hand at a time under the rules of docs/rules.md exactly as
 * fastholdem.game.Hand plays them (the readable reference; a differential test ties the two
 * together), under either rule convention ("card-room" or "pokerkit") and every betting
 * structure. Seats are 0..players-1 clockwise; amounts are integer chips and always mean "to"
 * (a player's total bet in the current round).
 *
 * Memory belongs to the caller (the Cython bridge allocates NumPy arrays and fills the
 * pointers of fh_vec). Every function trusts its input: the bridge has checked shapes, seats,
 * amounts and the legality of actions before calling. Functions on different tables touch
 * disjoint memory, so tables may be split over threads.
 *
 * Hand records: every table keeps two record slots (hole cards, board, starting stacks,
 * button, action log, showdown summary). A new hand takes the slot the previous hand did not
 * use, so the last finished hand stays readable while the next one is played (auto reset).
 */
#ifndef FH_VECTOR_H
#define FH_VECTOR_H

#include "fh_common.h"
#include "fh_parallel.h"

#define FH_VEC_MAX_PLAYERS 10

/* Action kinds (fastholdem.vector.Kind). */
enum { FH_VEC_FOLD = 0, FH_VEC_CHECK = 1, FH_VEC_CALL = 2, FH_VEC_RAISE = 3 };

/* Reasons an action is illegal (fh_vec_validate). */
enum {
    FH_VEC_OK = 0,
    FH_VEC_BAD_KIND = 1,     /* kind outside 0..3 */
    FH_VEC_NO_CHECK = 2,     /* check facing a bet */
    FH_VEC_NO_CALL = 3,      /* call with nothing to call */
    FH_VEC_NO_RAISE = 4,     /* bet or raise not allowed */
    FH_VEC_RAISE_LOW = 5,    /* amount below min_to */
    FH_VEC_RAISE_HIGH = 6,   /* amount above max_to */
    FH_VEC_NO_FOLD = 7,      /* fold with nothing to call, under pokerkit's conventions (R24) */
};

typedef struct fh_vec_cfg {
    int players;           /* 2..10 */
    int limit, pot_limit;  /* structure: fixed limit, pot limit, else no limit */
    int pk;                /* pokerkit conventions */
    int64_t small_blind, big_blind, ante;
    int ante_mode;         /* 0 none, 1 every player, 2 big blind */
    int64_t min_bet;
    int64_t bet_sizes[4];
    int bet_cap;           /* -1: no cap */
    int cap_heads_up, uncapped_river, half_bet_reopens;
    int carry_stacks;      /* a new hand starts from the current stacks (0 chips: rebuy) */
} fh_vec_cfg;

/* The actions of one hand record beyond the fixed log (log_cap actions, raise_cap amounts),
 * on the heap: grown as a long hand needs, kept for the slot's next hands. */
typedef struct fh_vec_xlog {
    int kn, kcap;      /* kinds stored, capacity */
    int rn, rcap;      /* bet/raise amounts stored, capacity */
    uint8_t *kinds;
    int64_t *raises;
    int lost;          /* an allocation failed: this hand's log is incomplete */
} fh_vec_xlog;

typedef struct fh_vec {
    fh_vec_cfg cfg;
    size_t n;
    /* per seat: n * players */
    int64_t *stacks, *bets, *put, *rewards;
    /* per table */
    int64_t *max_bet, *full, *pot, *dead, *shorts_sum;
    uint16_t *folded, *acted, *seen; /* seat bit masks */
    uint16_t *broke;                 /* seats with no chips behind (all-in) */
    int8_t *actor, *button, *street, *betting_over, *shorts_cnt, *slot, *rep;
    int16_t *nbets;     /* bets counted toward the cap this round (Hand._nbets) */
    int16_t *nraise;    /* bet and raise actions this round */
    int8_t *running;    /* 1 while the hand is being played */
    uint8_t *behind;    /* card-room: a bet or raise that did not reopen the betting left seats
                         * that acted this round below max_bet (0: every seat in acted matches it) */
    uint8_t *hand_over;
    uint64_t *rng;
    /* configured stacks: row t at base + t * base_stride (stride 0: the same row) */
    const int64_t *base;
    ptrdiff_t base_stride;
    /* records, [n][2] slots */
    int8_t *hole;       /* [n][2][players][2] */
    int8_t *board;      /* [n][2][5] the whole board, dealt with the hole cards */
    int64_t *start;     /* [n][2][players] */
    int8_t *rec_button; /* [n][2] */
    int log_cap;        /* actions logged per hand (more are counted, not kept); 0: no log */
    int raise_cap;      /* bet/raise amounts logged per hand */
    uint8_t *log;       /* [n][2][log_cap] kind of each action */
    fh_vec_xlog **xlog; /* [n][2] actions beyond the fixed log (NULL entries: none yet); NULL: no
                         * overflow log (longer hands are counted, not kept) */
    int16_t *log_len;   /* [n][2] actions in the hand (may exceed log_cap) */
    int16_t *log_raises;/* [n][2] bets and raises in the hand (may exceed raise_cap) */
    int64_t *raise_to;  /* [n][2][raise_cap] amount of each bet/raise */
    uint8_t *showdown;  /* [n][2] */
    uint16_t *win_value;/* [n][2] best value shown down, 0 if none */
    uint16_t *winners;  /* [n][2] seats that won chips from a pot */
    uint16_t *values;   /* [n][players] hand values of the last showdown (seats still in) */
} fh_vec;

/* The legal actions of table t (actor -1: none). */
typedef struct fh_vec_legal {
    int actor;
    int can_fold;   /* 0 with nothing to call under pokerkit's conventions (R24) */
    int can_check;
    int64_t call;   /* 0 when no call is legal */
    int64_t min_to; /* -1 when no bet or raise */
    int64_t max_to;
} fh_vec_legal;

/* Free every overflow log of xlog ([count] entries; the array itself stays). */
void fh_vec_free_xlogs(fh_vec_xlog **xlog, size_t count);

/* Seed table t's generator from (seed, t). */
void fh_vec_seed(fh_vec *v, size_t t, uint64_t seed);

/* Deal table t a new hand: abandon a running one (stacks back to its start), move the button
 * one seat when `move_button`, take the starting stacks (configured, or carried), shuffle, post
 * the forced bets and start the betting. If the hand needs no action at all it is finished at
 * once; `report` then says whether its result is reported now (rewards, hand_over, rep) or
 * left for fh_vec_step to report. */
void fh_vec_new_hand(fh_vec *v, size_t t, int move_button, int report);

/* Legal actions of table t. */
fh_vec_legal fh_vec_legal_of(const fh_vec *v, size_t t);

/* Is (kind, amount) legal at table t (which has an actor)? FH_VEC_OK or a reason code. */
int fh_vec_check_action(const fh_vec *v, size_t t, int kind, int64_t amount);

/* Apply a legal action at table t, then everything that follows (streets, showdown). */
void fh_vec_apply(fh_vec *v, size_t t, int kind, int64_t amount);

/* How fh_vec_step_range ends a hand (Tables' auto_reset). */
enum {
    FH_VEC_NO_RESET = 0,   /* a finished table waits; hand_over tells which have finished */
    FH_VEC_AUTO_RESET = 1, /* every finished table reports its hand and is dealt the next */
    FH_VEC_REPORT_ONLY = 2 /* as AUTO_RESET, but the next hands are left for the caller to deal with
                            * fh_vec_new_hands(report 0) after changing the configured stacks */
};

/* One step of tables [lo, hi): every table with an actor (and mask[t] nonzero; mask NULL: every
 * table) applies (kind[t], amount[t]) (which must be legal); tables outside the mask are left as
 * they are. `reset` (FH_VEC_NO_RESET, FH_VEC_AUTO_RESET or FH_VEC_REPORT_ONLY) says what follows
 * in a table that has no actor after its action. A hand dealt at the last step that needed no
 * action is reported now (unless FH_VEC_NO_RESET). */
void fh_vec_step_range(fh_vec *v, size_t lo, size_t hi, const int64_t *kind, const int64_t *amount,
                       const uint8_t *mask, int reset);

/* Check every table's action (tables without an actor, or outside mask when mask is not NULL,
 * get FH_VEC_OK): codes[t] = FH_VEC_OK or the reason code of fh_vec_check_action. Changes no
 * table. Polls through ex (Ctrl-C) on large n; returns FH_OK, FH_ERR_INTERRUPTED (codes
 * incomplete) or FH_ERR_NOMEM. */
fh_status fh_vec_check_all(const fh_vec *v, const int64_t *kind, const int64_t *amount, const uint8_t *mask,
                           uint8_t *codes, const fh_exec *ex);

/* Deal a new hand (fh_vec_new_hand with `report`) to every table where mask is nonzero (mask NULL:
 * every table), in table order. Polls through ex on large n: when interrupted, the tables
 * before some index have their new hand and the others are untouched; *done (if not NULL)
 * receives that index. Returns FH_OK, FH_ERR_INTERRUPTED or FH_ERR_NOMEM. */
fh_status fh_vec_new_hands(fh_vec *v, const uint8_t *mask, int move_button, int report, const fh_exec *ex,
                           size_t *done);

/* Tallies of fh_vec_play_random, per seat. The sums are wide enough for any run (hands below
 * 2**63, a hand's win below 2**56 chips): the total in 128-bit two's complement, the squares in
 * 192 bits, as little-endian 64-bit words. */
typedef struct fh_vec_tally {
    int64_t hands;
    uint64_t total[FH_VEC_MAX_PLAYERS][2];   /* sum of chips won: w[0] + 2**64 * (int64_t)w[1] */
    uint64_t squares[FH_VEC_MAX_PLAYERS][3]; /* sum of squared wins: w[0] + 2**64 w[1] + 2**128 w[2] */
    int64_t showdowns[FH_VEC_MAX_PLAYERS]; /* hands the seat showed down */
    int64_t wins[FH_VEC_MAX_PLAYERS][9];   /* pots won at showdown, by category of the hand */
} fh_vec_tally;

/* Play `hands` whole hands over all tables (table t plays hands / n, one more when
 * t < hands % n), every seat choosing as fastholdem's random player: facing a bet fold with
 * probability p_fold; with probability p_raise bet or raise to a uniform legal amount; else
 * check or call (p_fold = p_raise = 0 is the calling station). A running hand is abandoned
 * first. Uses up to ex's threads; the result does not depend on the thread count. Returns
 * FH_OK, FH_ERR_INTERRUPTED or FH_ERR_NOMEM. */
fh_status fh_vec_play_random(fh_vec *v, uint64_t hands, double p_fold, double p_raise, const fh_exec *ex,
                             fh_vec_tally *out);

/* In every table where mask is nonzero (mask NULL: every table), let the random player of
 * fh_vec_play_random choose for each seat but `seat` until `seat` is to act or the hand is
 * over (a table where `seat` is to act, or whose hand is over, is left as it is). Draws from
 * each table's own generator; the actions are logged as fh_vec_apply logs them. */
void fh_vec_play_random_until(fh_vec *v, const uint8_t *mask, int seat, double p_fold, double p_raise);

#endif /* FH_VECTOR_H */
