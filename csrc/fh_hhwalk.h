/* One pass over a PHH hand's action strings for the hand-history statistics.
 *
 * The C twin of fastholdem.history.summary._walk (the Python walk is the reference, and the
 * fallback): it tracks stacks, contributions and bets as the rules do and sets each player's
 * statistic bits. It reads only the plainest spelling of each action ("p3 cbr 60",
 * "d dh p1 AsKd", "d db 2c7d9h", "p2 sm AsKd"): single spaces, ASCII, whole-number amounts,
 * players within the table. Anything else (comments, other spacing, decimal amounts, unknown
 * verbs, bad cards, overflow) makes it return FH_HH_FALLBACK with nothing guaranteed about the
 * outputs, and the caller walks the hand in Python, which reads or reports it.
 *
 * Thread safety: pure function of its arguments.
 */
#ifndef FH_HHWALK_H
#define FH_HHWALK_H

#include <stddef.h>
#include <stdint.h>

#define FH_HH_MAX_PLAYERS 16
#define FH_HH_OK 0
#define FH_HH_FALLBACK 1

/* Bits of one player's decisions (the same values as fastholdem.history.summary). */
#define FH_HH_VPIP (1u << 0)
#define FH_HH_PFR (1u << 1)
#define FH_HH_THREE_BET_CHANCE (1u << 2)
#define FH_HH_THREE_BET (1u << 3)
#define FH_HH_FOLD_TO_THREE_BET_CHANCE (1u << 4)
#define FH_HH_FOLD_TO_THREE_BET (1u << 5)
#define FH_HH_CBET_CHANCE (1u << 6)
#define FH_HH_CBET (1u << 7)
#define FH_HH_FOLD_TO_CBET_CHANCE (1u << 8)
#define FH_HH_FOLD_TO_CBET (1u << 9)
#define FH_HH_SAW_FLOP (1u << 10)

typedef struct {
    /* inputs, changed in place: chips behind, put in the pot, bet this round (n entries) */
    int64_t stacks[FH_HH_MAX_PLAYERS];
    int64_t put[FH_HH_MAX_PLAYERS];
    int64_t bets[FH_HH_MAX_PLAYERS];
    int64_t level; /* the bet to call */
    /* outputs */
    uint8_t folded[FH_HH_MAX_PLAYERS];
    int32_t hole_action[FH_HH_MAX_PLAYERS]; /* action holding the player's cards, or -1 */
    int32_t hole_offset[FH_HH_MAX_PLAYERS]; /* where the cards start in that action */
    uint32_t flags[FH_HH_MAX_PLAYERS];
    int32_t aggressive[FH_HH_MAX_PLAYERS];
    int32_t calls[FH_HH_MAX_PLAYERS];
    uint8_t board[5];
    int board_len;
    int last_action_board; /* board cards dealt when a player last acted */
} fh_hh_walk_t;

/* Walk ``count`` actions (``text[k]`` of ``len[k]`` bytes) of an ``n``-player hand (2..16) with
 * amounts scaled by ``scale`` (>= 1). ``w`` holds the stacks, contributions, bets and level
 * after the forced bets; the outputs are set here. Returns FH_HH_OK or FH_HH_FALLBACK. */
int fh_hh_walk(const char *const *text, const size_t *len, size_t count, int n, int64_t scale,
               fh_hh_walk_t *w);

#endif /* FH_HHWALK_H */
