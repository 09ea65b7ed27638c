/* See fh_hhwalk.h. The logic mirrors fastholdem.history.summary._walk line for line. */
#include "fh_hhwalk.h"

#include <string.h>

enum { K_FOLD, K_CALL, K_RAISE, K_HOLE, K_BOARD, K_SHOW };

/* Card id (rank * 4 + suit, R2) of two characters such as "As", or -1. */
static int card_id(const char *s) {
    static const char ranks[] = "23456789TJQKA";
    static const char suits[] = "cdhs";
    const char *r = memchr(ranks, s[0], 13);
    const char *u = memchr(suits, s[1], 4);
    if (s[0] == 0 || s[1] == 0 || r == NULL || u == NULL)
        return -1;
    return (int)(r - ranks) * 4 + (int)(u - suits);
}

/* "p<digits>" -> 0-based player, or -1 when not within the table. */
static int player(const char *s, size_t len, int n) {
    if (len < 2 || len > 3 || s[0] != 'p')
        return -1;
    int v = 0;
    for (size_t k = 1; k < len; k++) {
        if (s[k] < '0' || s[k] > '9')
            return -1;
        v = v * 10 + (s[k] - '0');
    }
    return (v >= 1 && v <= n) ? v - 1 : -1;
}

/* Whole-number amount times scale; -1 when not plain digits or too large. */
static int64_t amount(const char *s, size_t len, int64_t scale) {
    if (len == 0 || len > 18)
        return -1;
    int64_t v = 0;
    for (size_t k = 0; k < len; k++) {
        if (s[k] < '0' || s[k] > '9')
            return -1;
        v = v * 10 + (s[k] - '0');
    }
    int64_t out;
    if (__builtin_mul_overflow(v, scale, &out))
        return -1;
    return out;
}

/* Split ``s`` into words at single spaces; -1 on any other whitespace, a '#', non-ASCII or an
 * empty word. */
static int words(const char *s, size_t len, const char *w[4], size_t wl[4]) {
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        unsigned char c = i < len ? (unsigned char)s[i] : ' ';
        if (c == ' ') {
            if (i == start || k == 4)
                return -1;
            w[k] = s + start;
            wl[k] = i - start;
            k++;
            start = i + 1;
        } else if (c < 0x21 || c > 0x7e || c == '#') {
            return -1;
        }
    }
    return k;
}

int fh_hh_walk(const char *const *text, const size_t *len, size_t count, int n, int64_t scale,
               fh_hh_walk_t *w) {
    if (n < 2 || n > FH_HH_MAX_PLAYERS || scale < 1)
        return FH_HH_FALLBACK;
    uint8_t acted_flop[FH_HH_MAX_PLAYERS] = {0}, faced_3bet[FH_HH_MAX_PLAYERS] = {0};
    uint8_t faced_cbet[FH_HH_MAX_PLAYERS] = {0};
    for (int i = 0; i < n; i++) {
        w->folded[i] = 0;
        w->hole_action[i] = -1;
        w->hole_offset[i] = 0;
        w->flags[i] = 0;
        w->aggressive[i] = 0;
        w->calls[i] = 0;
    }
    int64_t *stacks = w->stacks, *put = w->put, *bets = w->bets;
    int64_t level = w->level;
    int street = 0, raises = 0, opener = -1, aggressor = -1, cbettor = -1;
    int board_len = 0, last_action_board = 0;
    for (size_t k = 0; k < count; k++) {
        const char *wd[4];
        size_t wl[4];
        int nw = words(text[k], len[k], wd, wl);
        if (nw < 2)
            return FH_HH_FALLBACK;
        int kind, i = 0;
        int64_t to = 0;
        if (wl[0] == 1 && wd[0][0] == 'd') {
            if (wl[1] == 2 && wd[1][0] == 'd' && wd[1][1] == 'h') {
                if (nw != 4)
                    return FH_HH_FALLBACK;
                kind = K_HOLE;
                i = player(wd[2], wl[2], n);
            } else {
                if (nw != 3 || wl[2] % 2 != 0)
                    return FH_HH_FALLBACK;
                kind = K_BOARD;
            }
        } else {
            i = player(wd[0], wl[0], n);
            if (wl[1] == 1 && wd[1][0] == 'f' && nw == 2) {
                kind = K_FOLD;
            } else if (wl[1] == 2 && wd[1][0] == 'c' && wd[1][1] == 'c' && nw == 2) {
                kind = K_CALL;
            } else if (wl[1] == 3 && memcmp(wd[1], "cbr", 3) == 0 && nw == 3) {
                kind = K_RAISE;
                to = amount(wd[2], wl[2], scale);
                if (to < 0)
                    return FH_HH_FALLBACK;
            } else if (wl[1] == 2 && wd[1][0] == 's' && wd[1][1] == 'm' && nw <= 3) {
                kind = K_SHOW;
            } else {
                return FH_HH_FALLBACK;
            }
        }
        if (i < 0)
            return FH_HH_FALLBACK;
        if (kind == K_HOLE) {
            w->hole_action[i] = (int32_t)k;
            w->hole_offset[i] = (int32_t)(wd[3] - text[k]);
            continue;
        }
        if (kind == K_SHOW) {
            if (nw == 3 && !(wl[2] == 1 && wd[2][0] == '-')) {
                w->hole_action[i] = (int32_t)k;
                w->hole_offset[i] = (int32_t)(wd[2] - text[k]);
            }
            continue;
        }
        if (kind == K_BOARD) {
            if (board_len == 5) /* a further run of the board (R41): betting is over */
                continue;
            int cards = (int)(wl[2] / 2);
            if (board_len + cards > 5)
                return FH_HH_FALLBACK;
            for (int c = 0; c < cards; c++) {
                int id = card_id(wd[2] + 2 * c);
                if (id < 0)
                    return FH_HH_FALLBACK;
                w->board[board_len++] = (uint8_t)id;
            }
            street++;
            for (int j = 0; j < n; j++)
                bets[j] = 0;
            level = 0;
            raises = 0;
            if (street == 1)
                for (int j = 0; j < n; j++)
                    if (!w->folded[j])
                        w->flags[j] |= FH_HH_SAW_FLOP;
            continue;
        }
        last_action_board = board_len;
        if (street == 0) {
            if (raises == 1) {
                if (i != opener && !(w->flags[i] & FH_HH_THREE_BET_CHANCE) && stacks[i] > level - bets[i])
                    w->flags[i] |= FH_HH_THREE_BET_CHANCE | (kind == K_RAISE ? FH_HH_THREE_BET : 0);
            } else if (raises == 2 && i == opener && !faced_3bet[i]) {
                faced_3bet[i] = 1;
                w->flags[i] |= FH_HH_FOLD_TO_THREE_BET_CHANCE |
                               (kind == K_FOLD ? FH_HH_FOLD_TO_THREE_BET : 0);
            }
        } else if (street == 1) {
            if (!acted_flop[i]) {
                acted_flop[i] = 1;
                if (i == aggressor && raises == 0 && stacks[i] > 0)
                    w->flags[i] |= FH_HH_CBET_CHANCE | (kind == K_RAISE ? FH_HH_CBET : 0);
            }
            if (cbettor >= 0 && raises == 1 && i != cbettor && !faced_cbet[i]) {
                faced_cbet[i] = 1;
                w->flags[i] |= FH_HH_FOLD_TO_CBET_CHANCE | (kind == K_FOLD ? FH_HH_FOLD_TO_CBET : 0);
            }
        }
        if (kind == K_FOLD) {
            w->folded[i] = 1;
        } else if (kind == K_CALL) {
            int64_t need = level - bets[i];
            if (need > 0) {
                int64_t a = need < stacks[i] ? need : stacks[i];
                stacks[i] -= a;
                put[i] += a;
                bets[i] += a;
                if (street == 0)
                    w->flags[i] |= FH_HH_VPIP;
                else
                    w->calls[i]++;
            }
        } else { /* K_RAISE */
            int64_t a = to - bets[i];
            if (a > stacks[i])
                a = stacks[i];
            stacks[i] -= a;
            put[i] += a;
            bets[i] += a;
            if (bets[i] > level)
                level = bets[i];
            raises++;
            if (street == 0) {
                w->flags[i] |= FH_HH_VPIP | FH_HH_PFR;
                aggressor = i;
                if (raises == 1)
                    opener = i;
            } else {
                w->aggressive[i]++;
                if (street == 1 && raises == 1 && i == aggressor)
                    cbettor = i;
            }
        }
    }
    w->level = level;
    w->board_len = board_len;
    w->last_action_board = last_action_board;
    return FH_HH_OK;
}
