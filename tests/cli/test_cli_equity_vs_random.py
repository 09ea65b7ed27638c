"""``fastholdem equity HAND random random random ... --exact`` (issue 25, item 8): one hand's exact
equity against three to nine random hands, which the general exact path refuses (it would list
every assignment of the random hands), comes from :func:`fastholdem.vs_random_equities`.

The figure is checked against an independent reference: a Monte Carlo of the same spot dealt
here with NumPy and ranked by phevaluator (a peer evaluator), within five of its standard
errors (computed from the sample itself).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import fastholdem as fh
from fastholdem.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _peer_monte_carlo(phevaluator: Any, hand: list[int], board: list[int], opponents: int, trials: int,
                      rng: np.random.Generator) -> tuple[float, float]:
    """Mean pot share of ``hand`` against ``opponents`` random hands, and its standard error:
    each trial completes the board and deals the opponents from a uniform shuffle of the live
    cards; phevaluator ranks the seven-card hands (lower is stronger); a pot shared by ``k``
    players gives each ``1/k``."""
    live = np.array([c for c in range(52) if c not in hand + board])
    need = 5 - len(board) + 2 * opponents
    order = np.argsort(rng.random((trials, len(live))), axis=1)[:, :need]
    deals = live[order].tolist()
    missing = 5 - len(board)
    ev = phevaluator.evaluate_cards
    shares = np.empty(trials)
    for t, cards in enumerate(deals):
        full = board + cards[:missing]
        mine = ev(*hand, *full)
        theirs = [ev(cards[missing + 2 * i], cards[missing + 2 * i + 1], *full) for i in range(opponents)]
        best = min(theirs)
        shares[t] = 0.0 if best < mine else 1.0 / (1 + theirs.count(mine))
    return float(shares.mean()), float(shares.std(ddof=1) / np.sqrt(trials))


@pytest.mark.parametrize("opponents", [3, 5, 9])
def test_exact_equity_against_random_hands_matches_a_peer_monte_carlo(
        opponents: int, capsys: pytest.CaptureFixture[str], peer: Callable[[str], Any],
        rng: np.random.Generator) -> None:
    phevaluator = peer("phevaluator")
    argv = ["equity", "AhKd", *["random"] * opponents, "--board", "Td7c2s", "--exact", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    data = json.loads(out)
    assert data["exact"] is True and data["board"] == "Td7c2s"
    hero = data["players"][0]
    assert hero["hand"] == "AhKd" and hero["stderr"] == 0.0
    # the figure is the library's exact count, shared evenly among the random hands
    exact = float(fh.vs_random_equities("AhKd", "Td7c2s", opponents=opponents)[-1])
    assert hero["equity"] == exact
    others = [p["equity"] for p in data["players"][1:]]
    assert len(others) == opponents and all(p["hand"] == "random" for p in data["players"][1:])
    assert others == pytest.approx([(1 - exact) / opponents] * opponents, abs=1e-15)
    # deals: every flop completion times every ordered deal of the opponents' hands
    deals = 1081
    for i in range(opponents):
        left = 45 - 2 * i
        deals *= left * (left - 1) // 2
    assert data["deals"] == deals
    # an independent reference: a peer-ranked Monte Carlo, within 5 of its standard errors
    mean, se = _peer_monte_carlo(phevaluator, fh.parse_cards("AhKd"), fh.parse_cards("Td7c2s"), opponents,
                                 20_000, rng)
    assert abs(exact - mean) <= 5 * se, (exact, mean, se)


def test_exact_text_output_names_every_player_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "equity", "random", "random", "QsQd", "random", "--board", "Td7c2s8h",
                         "--dead", "3c", "--exact")
    assert code == 0, err
    rows = out.splitlines()
    assert [r.split()[0] for r in rows[1:5]] == ["random", "random", "QsQd", "random"]
    exact = float(fh.vs_random_equities("QsQd", "Td7c2s8h", "3c", opponents=3)[-1])
    assert rows[3].split()[1] == f"{exact:.4%}"
    assert rows[5].startswith("board Td7c2s8h, dead 3c; exact:")


def test_exact_against_random_hands_refuses_flags_it_cannot_honour(
        capsys: pytest.CaptureFixture[str]) -> None:
    for flag in ("--by-hand", "--by-next-card"):
        code, _, err = run(capsys, "equity", "AhKd", "random", "random", "random", "--board", "Td7c2s",
                           "--exact", flag)
        assert code == 2 and flag in err and "vs_random_equities" not in err, err


def test_two_random_hands_keep_the_win_and_tie_split(capsys: pytest.CaptureFixture[str]) -> None:
    """Against one or two random hands ``fastholdem.equity`` itself is exact, with win and tie."""
    code, out, _ = run(capsys, "equity", "AhKd", "random", "random", "--board", "Td7c2s", "--exact", "--json")
    assert code == 0
    hero = json.loads(out)["players"][0]
    assert hero["win"] is not None and hero["tie"] is not None
    assert hero["equity"] == pytest.approx(float(fh.vs_random_equities("AhKd", "Td7c2s", opponents=2)[-1]),
                                           abs=1e-12)
