"""Kuhn poker and Leduc hold'em as trees of fastholdem.solver.Game (the same engine as hold'em)."""

from __future__ import annotations

from fastholdem.solver.game import CHANCE, FOLD, P0, P1, SHOWDOWN, Game


def kuhn() -> Game:
    """Kuhn poker: cards J, Q, K (0, 1, 2), ante 1, one bet of 1; player 0 acts first."""
    g = Game(hands=([(0,), (1,), (2,)], [(0,), (1,), (2,)]))
    b = g.add_board([1, 2, 3], [1, 2, 3])
    r = g.add(P0)
    c = g.add(P1, parent=r, label="check")
    g.add(SHOWDOWN, parent=c, label="check", amount=1, board=b)
    cb = g.add(P0, parent=c, label="bet")
    g.add(FOLD, parent=cb, label="fold", amount=1, folder=0)
    g.add(SHOWDOWN, parent=cb, label="call", amount=2, board=b)
    bt = g.add(P1, parent=r, label="bet")
    g.add(FOLD, parent=bt, label="fold", amount=1, folder=1)
    g.add(SHOWDOWN, parent=bt, label="call", amount=2, board=b)
    return g


def _leduc_strength(hand: int, board: int) -> int:
    if hand == board:
        return 0
    if hand // 2 == board // 2:
        return 10 + hand // 2  # a pair
    return 1 + hand // 2


def leduc() -> Game:
    """Leduc hold'em: six cards (J, Q, K in two suits: card = 2 * rank + suit), ante 1, bets of 2
    then 4, at most two bets a round; player 0 acts first in both rounds."""
    hands = [(c,) for c in range(6)]
    g = Game(hands=(list(hands), list(hands)))
    boards = {b: g.add_board([_leduc_strength(h, b) for h in range(6)], [_leduc_strength(h, b) for h in range(6)])
              for b in range(6)}

    def betting(node_player: int, parent: int | None, label: str, card: int, rnd: int, put: list[int],
                bets: int, facing: bool, checked: bool, board: int) -> None:
        node = g.add(node_player, parent=parent, label=label, card=card) if parent is not None else g.add(node_player)
        size = 2 if rnd == 0 else 4
        me, opp = node_player, 1 - node_player
        if facing:
            g.add(FOLD, parent=node, label="fold", amount=put[me], folder=me)
            called = [put[opp], put[opp]]
            end_round(node, "call", rnd, called, board)
            if bets < 2:
                raised = list(put)
                raised[me] = put[opp] + size
                betting(opp, node, "raise", 255, rnd, raised, bets + 1, True, False, board)
        else:
            if checked:
                end_round(node, "check", rnd, put, board)
            else:
                betting(opp, node, "check", 255, rnd, put, bets, False, True, board)
            bet = list(put)
            bet[me] += size
            betting(opp, node, "bet", 255, rnd, bet, bets + 1, True, False, board)

    def end_round(parent: int, label: str, rnd: int, put: list[int], board: int) -> None:
        if rnd == 1:
            g.add(SHOWDOWN, parent=parent, label=label, amount=put[0], board=boards[board])
            return
        ch = g.add(CHANCE, parent=parent, label=label, chance_weight=1.0 / 4)
        for c in range(6):
            betting(P0, ch, str(c), c, 1, put, 0, False, False, c)

    betting(P0, None, "", 255, 0, [1, 1], 0, False, False, -1)
    return g
