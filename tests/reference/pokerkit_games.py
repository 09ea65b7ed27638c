"""pokerkit, the peer, as the differential tests drive it (import only after
``pytest.importorskip("pokerkit")``): pot-limit hold'em assembled from its parts, and a cache of
its own hand evaluation so that long runs stay affordable."""

from __future__ import annotations

import functools
from typing import Any

from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem
from pokerkit.hands import StandardHighHand


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):  # type: ignore[misc]
    """Pot-limit hold'em assembled from pokerkit's parts (pokerkit ships only PLO)."""


def memoise_pokerkit_hands() -> None:
    """Cache pokerkit's own hand evaluation per (hole, board); its values are unchanged."""
    if getattr(StandardHighHand, "_fastholdem_memo", False):
        return
    evaluate = StandardHighHand.from_game.__func__  # type: ignore[attr-defined]

    @functools.lru_cache(maxsize=1 << 16)
    def cached(hole: tuple[Any, ...], board: tuple[Any, ...]) -> Any:
        return evaluate(StandardHighHand, hole, board)

    def from_game(cls: Any, hole_cards: Any, board_cards: Any = ()) -> Any:
        if cls is not StandardHighHand:
            return evaluate(cls, hole_cards, board_cards)
        return cached(tuple(hole_cards), tuple(board_cards))

    StandardHighHand.from_game = classmethod(from_game)  # type: ignore[method-assign, assignment]
    StandardHighHand._fastholdem_memo = True  # type: ignore[attr-defined]
