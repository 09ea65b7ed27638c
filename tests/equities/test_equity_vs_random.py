"""``equity([hand, "random"], board)`` on a flop, turn or river: the short path
(fastholdem.equities._quick, csrc/fh_equity.c ``fh_vs_random_counts``) against the general
path (runout tables or the sweep, through ``equity_job``) and against brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from fastholdem import CardError, _core, deal, equity, equity_job, evaluate
from fastholdem.cards import cards_str


def general(players: list[str], board: str, dead: str | None = None):  # type: ignore[no-untyped-def]
    job = equity_job(players, board=board, dead=dead, exact=True)
    return job.combine([job.run(c, threads=1) for c in job.chunks(2)])


def assert_same(players: list[str], board: str, dead: str | None = None) -> None:
    got = equity(players, board=board, dead=dead, threads=1)
    want = general(players, board, dead)
    assert got.players == want.players and got.board == want.board and got.dead == want.dead
    assert got.exact and got.deals == want.deals and got.seed is None
    for field in ("equity", "win", "tie", "split", "stderr"):
        np.testing.assert_allclose(getattr(got, field), getattr(want, field), rtol=0, atol=1e-12)
    for player in range(2):
        a, b = got.by_combo(player), want.by_combo(player)
        assert a["hand"].tolist() == b["hand"].tolist()
        np.testing.assert_allclose(a["equity"], b["equity"], rtol=0, atol=1e-12)
        np.testing.assert_allclose(a["weight"], b["weight"], rtol=0, atol=1e-12)


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_equity_vs_random_matches_general_path(n_board: int) -> None:
    rows = deal(3 if n_board == 3 else 6, 3 + n_board, seed=100 + n_board)
    for i, row in enumerate(rows.tolist()):
        hand, board, dead = cards_str(row[:2]), cards_str(row[2:2 + n_board]), cards_str(row[2 + n_board:])
        players = [hand, "random"] if i % 2 == 0 else ["random", hand]
        assert_same(players, board, dead if i % 3 == 0 else None)


def test_equity_vs_random_flush_boards_match_general_path() -> None:
    for players, board in [(["AcKd", "random"], "Ah9h2h"), (["Qh3c", "any"], "Ah9h2h5h"),
                           (["random", "7c6c"], "Ah9h2h5hTh"), ([[51, 50], "random"], "Kh9h2hTh")]:
        assert_same(players, board)  # type: ignore[arg-type]


def test_equity_vs_random_river_matches_brute_force() -> None:
    hand, board = [50, 45], [33, 20, 3, 44, 14]                   # AhKd, Td 7c 2s Kc 5h
    live = [c for c in range(52) if c not in hand + board]
    mine = evaluate(hand + board)
    won = tied = 0
    for a, b in itertools.combinations(live, 2):
        theirs = evaluate([a, b] + board)
        won += theirs < mine
        tied += theirs == mine
    r = equity([cards_str(hand), "random"], board=cards_str(board))
    total = len(live) * (len(live) - 1) // 2
    assert r.deals == total
    assert r.win[0] * total == pytest.approx(won, abs=1e-9) and r.tie[0] * total == pytest.approx(tied, abs=1e-9)
    assert _core.vs_random_counts(hand, board) == (won, tied, total)


def test_equity_vs_random_bad_inputs_raise() -> None:
    with pytest.raises(CardError, match="also in the board"):
        equity(["AhKd", "random"], board="AhTd2c")
    with pytest.raises(CardError, match="both dead and on the board"):
        equity(["AhKd", "random"], board="Td7c2s", dead="Td")
    with pytest.raises(ValueError, match="too few live cards"):
        equity(["AhKd", "random"], board="Td7c2s", dead=[c for c in range(52) if c not in (50, 45, 33, 20, 3, 0, 1, 2)])
    with pytest.raises(TypeError, match="seed"):
        equity(["AhKd", "random"], board="Td7c2s", seed=1.5)
    with pytest.raises(TypeError, match="exact"):
        equity(["AhKd", "random"], board="Td7c2s", exact="yes")  # type: ignore[arg-type]


def test_vs_random_counts_boundary_checks() -> None:
    with pytest.raises(ValueError, match="used twice"):
        _core.vs_random_counts([50, 45], [50, 20, 3])
    with pytest.raises(ValueError, match="used twice"):
        _core.vs_random_counts([50, 45], [33, 20, 3], [20])
    with pytest.raises(ValueError, match="0-51"):
        _core.vs_random_counts([50, 52], [33, 20, 3])
    with pytest.raises(TypeError, match="card ids"):
        _core.vs_random_counts([50, 1.0], [33, 20, 3])
    with pytest.raises(ValueError, match="3, 4 or 5"):
        _core.vs_random_counts([50, 45], [33, 20])
    with pytest.raises(ValueError, match="2 cards"):
        _core.vs_random_counts([50], [33, 20, 3])
    with pytest.raises(ValueError, match="too few live cards"):
        _core.vs_random_counts([50, 45], [33, 20, 3, 4, 5], [c for c in range(52) if c not in (50, 45, 33, 20, 3, 4, 5)])


class _CountingCards:
    """Cards that count how often they are read (each parse iterates them once)."""

    def __init__(self, cards: list[str]) -> None:
        self.cards, self.reads = cards, 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        self.reads += 1
        return iter(self.cards)


@pytest.mark.parametrize("players, board, exact", [
    (["AhKd", "random", "random"], None, None),     # the short path declines (preflop, exact=None)
    (["AhKd", "random"], "Td7c2s", None),            # the short path counts it
    (["AhKd", "random", "random"], "Td7c2s", True),  # against two, by one C call
    (["AhKd", "QQ"], "Td7c2s", None),                # the general path
    (["AhKd", "random"], "Td7c2s", False),           # Monte Carlo
])
def test_equity_reads_each_input_once(players: list[str], board: str | None, exact: bool | None) -> None:
    """Issue 27 item 5: one parse per equity call, whichever path counts it (the short path
    used to parse the board and dead cards itself, then the plan parsed them again)."""
    dead = _CountingCards(["2c"])
    hero = _CountingCards(["Ah", "Kd"])
    r = equity([hero, *players[1:]], board=board, dead=dead, exact=exact, threads=1,
               **({"trials": 10_000, "seed": 1} if exact is False else {}))
    assert r.players[0] == "AhKd" and r.dead == "2c"
    assert (dead.reads, hero.reads) == (1, 1)


def test_equity_short_path_lets_unexpected_errors_through() -> None:
    """No ``except Exception`` around library code: an error that is not the library's own
    input error is not swallowed by the short path (it used to be, and raised again later)."""
    class Broken:
        def __iter__(self):  # type: ignore[no-untyped-def]
            raise RuntimeError("broken iterable")

    from fastholdem.equities._quick import hero_against_random

    with pytest.raises(RuntimeError, match="broken iterable"):
        hero_against_random(["random", Broken()])  # type: ignore[list-item]
    assert hero_against_random(["random", "AhKdQs"]) is None  # not a hand: CardError means "no"
    with pytest.raises(RuntimeError, match="broken iterable"):
        equity(["AhKd", "random"], board="Td7c2s", dead=Broken())  # type: ignore[arg-type]


def test_equity_range_random_object_takes_the_general_path() -> None:
    """Only the words "random", "any" and "*" take the short path; a Range of every hand is
    counted by the general path, as before, with the same numbers."""
    from fastholdem import Range

    word = equity(["AhKd", " Any "], board="Td7c2s", threads=1)
    rng = equity(["AhKd", Range("random")], board="Td7c2s", threads=1)
    assert word.players == ("AhKd", "Any") and rng.players == ("AhKd", "random")
    assert word.deals == rng.deals
    np.testing.assert_allclose(word.equity, rng.equity, rtol=0, atol=1e-12)
