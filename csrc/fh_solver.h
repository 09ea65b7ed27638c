/* fh_solver.h -- a two-player zero-sum game solver over vectors of private hands.
 *
 * The game is a tree handed over as flat arrays (built in Python by fastholdem.solver): action
 * nodes of player 0 or 1, chance nodes that deal one public card to each child, fold terminals
 * and showdown terminals. Each player holds one of n_hands[p] private hands of one or two cards
 * (cards 0..63); hands that share a card never meet (card removal is exact: fold values come
 * from per-card sums, showdowns from one sorted-strength sweep per terminal).
 *
 * Utilities are zero-sum and counted from the start of the game: at a fold the folder loses
 * `amount` (his whole contribution) and the other player wins it; at a showdown the stronger
 * hand wins `amount` (each player's contribution) and a tie is worth 0. With `shared` (rake),
 * each player also gets shared[node] at a terminal, whoever wins.
 *
 * Solving is Discounted CFR (Brown and Sandholm 2019) with alternating updates: cumulative
 * regrets are scaled by t^a/(t^a+1) when positive and t^b/(t^b+1) when negative, and the
 * average strategy by (t/(t+1))^g, each iteration. float32 storage; showdown sums in double.
 * Parallel work is split over the children of chance nodes (the first level met on each path)
 * and summed in a fixed order, so results are bit-identical for any thread count.
 */
#ifndef FH_SOLVER_H
#define FH_SOLVER_H

#include "fh_common.h"
#include "fh_parallel.h"

enum { FH_SV_P0 = 0, FH_SV_P1 = 1, FH_SV_CHANCE = 2, FH_SV_FOLD = 3, FH_SV_SHOWDOWN = 4 };
#define FH_SV_NO_CARD 255

typedef struct fh_sv_spec {
    int32_t n_nodes;
    const int8_t *kind;          /* [n_nodes] FH_SV_* */
    const int32_t *first_child;  /* [n_nodes] index into children */
    const int32_t *n_children;   /* [n_nodes] */
    const int32_t *children;     /* [sum n_children] node ids (children of a node follow it) */
    const uint8_t *card;         /* [n_nodes] card dealt by the parent chance node, else FH_SV_NO_CARD */
    const float *amount;         /* [n_nodes] terminals: the amount won or lost */
    const int8_t *folder;        /* [n_nodes] fold terminals: who folded */
    const int32_t *board;        /* [n_nodes] showdown terminals: index of the strength table */
    const float *chance_weight;  /* [n_nodes] chance nodes: probability of each child */
    /* Suit isomorphism: a chance node deals one representative of each class of cards that a
     * suit permutation fixing the game (board so far, both ranges) maps onto each other. A
     * representative child `c` stands for iso_count[c] more cards: card k of them has the
     * values of `c` with hands mapped by permutation iso_perm[iso_first[c] + k]
     * (value of hand h = value of hand perm[p][perm * n_hands[p] + h] under `c`). */
    const int32_t *iso_first;    /* [n_nodes] */
    const int32_t *iso_count;    /* [n_nodes] 0 for a node that stands only for itself */
    int32_t n_iso;
    const int32_t *iso_perm;     /* [n_iso] permutation ids */
    int32_t n_perms;
    const int32_t *perm[2];      /* [n_perms * n_hands[p]] hand permutations (involutions) */
    const float *shared;         /* [n_nodes] or NULL: terminals: a utility both players get on top of the
                                  * zero-sum `amount` (the rake: -rake/2 each), so the game is not zero-sum */
    int32_t n_hands[2];
    const uint8_t *cards[2];     /* [n_hands[p] * 2] the hand's cards (second FH_SV_NO_CARD if one) */
    const float *weight[2];      /* [n_hands[p]] initial range weights */
    const int32_t *same[2];      /* [n_hands[p]] the opponent's hand with the same cards, or -1 */
    int32_t n_boards;
    const uint32_t *strength[2]; /* [n_boards * n_hands[p]] higher is stronger; 0 = blocked by the board */
    const int32_t *order[2];     /* [n_boards * n_hands[p]] hands by ascending strength */
    float alpha, beta, gamma;    /* DCFR parameters (the library passes 1.5, 0, 5) */
    int32_t compress;            /* 1: regrets as int16 and strategy sums as uint16, each action node's
                                  * rows with one float scale (half the storage); 0: float32 */
} fh_sv_spec;

typedef struct fh_sv fh_sv; /* a solver: a copy of the spec (the strength tables read into its own
                            * showdown lists, not kept) plus regrets and strategy sums */

/* Check the spec and allocate a solver (its storage is zero). FH_ERR_ARGUMENT for a malformed
 * spec, FH_ERR_NOMEM when allocation fails. */
fh_status fh_sv_create(const fh_sv_spec *spec, fh_sv **out);
void fh_sv_free(fh_sv *sv);

/* Bytes a solver of this spec would hold (regrets + strategy sums + the tree and showdown lists);
 * 0 for a spec fh_sv_create would refuse as malformed. */
uint64_t fh_sv_memory(const fh_sv_spec *spec);

/* Run n_iters more iterations. FH_ERR_INTERRUPTED when the poll cancelled the run (the solver
 * state is then part of an iteration and should be dropped). */
fh_status fh_sv_run(fh_sv *sv, int32_t n_iters, const fh_exec *ex);
int32_t fh_sv_iterations(const fh_sv *sv);

/* values[0], values[1]: each player's value (per unit of joint range weight) of a best response
 * to the other's average strategy; ev[0], ev[1]: the values of both average strategies (ev may be
 * NULL: best responses only). */
fh_status fh_sv_evaluate(fh_sv *sv, double br[2], double ev[2], const fh_exec *ex);

/* Counterfactual values of `player`'s hands at `node` against opp_reach (the opponent's hands'
 * reach at that node), both players following their average strategies (best_response != 0:
 * `player` best-responds). out has n_hands[player] entries. */
fh_status fh_sv_node_values(fh_sv *sv, int32_t node, int player, const float *opp_reach, int best_response,
                            float *out, const fh_exec *ex);

/* Normalised average strategy at an action node: out[a * n_hands + h]. */
fh_status fh_sv_strategy(const fh_sv *sv, int32_t node, float *out);

/* The state (for save and load) as float32 whatever the storage: the regrets and strategy
 * sums of every action node, fh_sv_storage() entries each, and a node's offset into them (-1
 * for nodes that are not action nodes). Setting it under compression rounds to 16 bits. */
uint64_t fh_sv_storage(const fh_sv *sv);
void fh_sv_get_state(const fh_sv *sv, float *regrets, float *sums);
void fh_sv_set_state(fh_sv *sv, const float *regrets, const float *sums);
int64_t fh_sv_offset(const fh_sv *sv, int32_t node);

/* The number of actions at an action node, its player in *player; -1 for any other node. */
int32_t fh_sv_actions(const fh_sv *sv, int32_t node, int *player);
void fh_sv_set_iterations(fh_sv *sv, int32_t t);

/* Node locking: fix the strategy of `node` for the hands with mask[h] != 0 to
 * strategy[a * n_hands + h] (rows summing to 1). A locked hand's regrets are not updated and
 * its average strategy is the locked one. */
fh_status fh_sv_lock(fh_sv *sv, int32_t node, const uint8_t *mask, const float *strategy);

#endif /* FH_SOLVER_H */
