"""The table: seats, buy-ins, the button and blinds from hand to hand, busts and levels.

Rules: R10 (2-10 seats), R11 (buy-in policy), R12 (first button at random or by high-card
draw, suits break ties s > h > d > c), R13/R15 (the button moves one seat left after every
hand and the blinds follow, heads-up included), R17 (tournament levels), R21 (misdeals, see
:mod:`fastholdem.game.dealing`), R39 (players with no chips leave a tournament or rebuy in a
cash game). Stacks carry over exactly, and a table built with the same seed deals the same
cards and moves the button the same way.

Table seats are numbered 0 .. ``seats - 1`` clockwise; the hand engine numbers only the seats
dealt in, in the same clockwise order (``table.hand_seats[i]`` is the table seat of hand seat
``i``).

>>> from fastholdem.game import GameConfig, Table
>>> table = Table(GameConfig(small_blind=1, big_blind=2), [200, 200, 200], seed=7, button=0)
>>> hand = table.start_hand()
>>> hand.button, table.button
(0, 0)
>>> _ = hand.fold(); _ = hand.fold()          # seats 0 and 1 fold, the big blind wins
>>> table.end_hand(); table.stacks
[200, 199, 201]
>>> table.start_hand().button, table.button    # R13: the button moved one seat left
(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union

from .._validate import check_int, echo, is_bool
from ..cards import Deck, card_str
from ..errors import ConfigError, IllegalActionError, InputTypeError
from .buyin import BuyInPolicy
from .config import GameConfig
from .dealing import Deal, Misdeal, Replacement, arranged_deck
from .hand import Hand
from .levels import Level, check_schedule, level_at, level_config

__all__ = ["Table", "Seat", "Elimination", "ButtonDraw", "high_card"]

ButtonChoice = Union[Literal["random", "draw"], int]


@dataclass
class Seat:
    """A player sitting at the table.

    Attributes
    ----------
    index:
        Table seat number.
    name:
        The player's name (``"seat3"`` by default).
    stack:
        Chips in front of the player between hands.
    bought_in:
        Every chip the player bought in with (first buy-in plus rebuys).
    first_buy_in:
        The chips the player sat down with (the automatic rebuy amount).
    waiting:
        True for a cash-game player with no chips who has not rebought: not dealt in.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> table = Table(GameConfig(), [200, 150], names=["ann", "bob"], seed=1)
    >>> table.players[1]
    Seat(index=1, name='bob', stack=150, bought_in=150, first_buy_in=150, waiting=False)
    """

    index: int
    name: str
    stack: int
    bought_in: int
    first_buy_in: int
    waiting: bool = False


@dataclass(frozen=True, slots=True)
class Elimination:
    """A tournament player knocked out (R39).

    ``place`` is the finishing place (the last player out before the winner is 2nd).

    >>> from fastholdem.game import GameConfig, Level
    >>> table = Table(GameConfig(), [10, 100], seed=1, button=0, levels=[Level(1, 2)])
    >>> hand = table.start_hand()
    >>> _ = hand.all_in(), hand.call()
    >>> table.end_hand()
    >>> table.eliminations, table.winner               # seed 1: seat 0's all-in loses
    ([Elimination(seat=0, name='seat0', place=2, hand_number=1)], 1)
    """

    seat: int
    name: str
    place: int
    hand_number: int


@dataclass(frozen=True, slots=True)
class ButtonDraw:
    """The high-card draw for the first button (R12): cards in drawing order and the winner.

    >>> from fastholdem.game import GameConfig
    >>> table = Table(GameConfig(), [200, 200, 200], seed=2, button="draw")
    >>> draw = table.button_draw
    >>> _ = table.start_hand()
    >>> draw.winner == table.button, len(draw.cards)
    (True, 3)
    """

    cards: tuple[tuple[int, int], ...]
    winner: int

    def __str__(self) -> str:
        drawn = ", ".join(f"seat {s}: {card_str(c)}" for s, c in self.cards)
        return f"{drawn} -> button seat {self.winner}"


def high_card(drawn: Sequence[tuple[int, int]]) -> int:
    """The seat that wins a high-card draw (R12): highest rank, ties broken s > h > d > c.

    ``drawn`` holds ``(seat, card id)`` pairs. Card ids are ``4 * rank + suit`` with suits
    c < d < h < s (R2), so the highest id is exactly the winner.

    >>> from fastholdem.cards import card
    >>> high_card([(0, card("Ah")), (1, card("As")), (2, card("Kd"))])
    1

    Raises
    ------
    ConfigError
        On an empty draw.
    """
    if not drawn:
        raise ConfigError("nobody drew a card")
    return max(drawn, key=lambda sc: sc[1])[0]


class Table:
    """A poker table playing hand after hand (R10-R13, R15, R17, R21, R39).

    Parameters
    ----------
    config:
        Game rules and stakes. In a tournament the blinds and antes come from ``levels``.
    stacks:
        Buy-ins (cash game) or starting chips (tournament) of players seated at seats 0, 1, ...
        More players may :meth:`join` later.
    seats:
        Number of seats (2-10, R10). Default: ``len(stacks)``, or 10 with no stacks.
    names:
        Player names for ``stacks`` (default ``"seat0"``, ``"seat1"``, ...).
    seed:
        Seed of the table's generator: first button, every shuffle (R18) and reshuffle.
    button:
        First button: ``"random"`` (default, R12), ``"draw"`` (high-card draw, suits
        s > h > d > c break ties) or a table seat.
    buy_in:
        Cash-game buy-in policy (R11); default :meth:`BuyInPolicy.for_config`.
    levels:
        A tournament level schedule (R17). Giving one makes the table a tournament: no buy-in
        policy, players with no chips are eliminated, and the game ends with one player
        holding every chip.
    auto_rebuy:
        Cash game: when a player busts, rebuy automatically for their first buy-in
        (``True``) or for this many chips. Default ``False``: the player sits out, waiting for
        :meth:`rebuy` or :meth:`leave` (R39).
    scale:
        Chips per display unit, passed to every hand (see ``Hand``) and used in buy-in messages.

    Raises
    ------
    ConfigError
        On a bad seat count, a buy-in outside the policy, or a bad button choice.
    TypeError
        If ``stacks`` is not a sequence, ``auto_rebuy`` is neither a bool nor an int, or
        ``seed`` is not an int or None.

    Examples
    --------
    >>> table = Table(GameConfig(small_blind=1, big_blind=2), [200, 200], seed=1, button="draw")
    >>> print(table.button_draw)
    seat 0: Jc, seat 1: 7d -> button seat 0
    """

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int] = (),
        *,
        seats: int | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        button: ButtonChoice = "random",
        buy_in: BuyInPolicy | None = None,
        levels: Sequence[Level] | None = None,
        auto_rebuy: bool | int = False,
        scale: int = 1,
    ) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {echo(config)}")
        if not isinstance(stacks, Sequence) or isinstance(stacks, (str, bytes)):
            raise InputTypeError(f"stacks must be a sequence of chip counts, one per player, such as "
                                 f"[200, 200], got {type(stacks).__name__} {echo(stacks)}")
        if not is_bool(auto_rebuy):
            check_int(auto_rebuy, "auto_rebuy", what="True, False or a positive chip count")
        if seed is not None:
            seed = check_int(seed, "seed", what="an int or None")
        size = seats if seats is not None else (len(stacks) if stacks else 10)
        if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 10:
            raise ConfigError(f"a table has 2 to 10 seats (R10), got {echo(size)}"
                              f"{' seats' if seats is not None else ' stacks'}")
        if len(stacks) > size:
            raise ConfigError(f"{len(stacks)} players do not fit at a table of {size} seats")
        if names is not None and len(names) != len(stacks):
            raise ConfigError(f"names needs one entry per stack ({len(stacks)}), got {len(names)}")
        if button not in ("random", "draw") and (
            isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < size
        ):
            raise ConfigError(f"button must be 'random', 'draw' or a seat 0..{size - 1}, got {echo(button)}")
        if isinstance(auto_rebuy, int) and not isinstance(auto_rebuy, bool) and auto_rebuy <= 0:
            raise ConfigError(f"auto_rebuy must be True, False or a positive chip count, got {auto_rebuy}")
        self.base_config = config
        self.size = size
        self.scale = scale
        self.levels: tuple[Level, ...] | None = check_schedule(levels) if levels is not None else None
        self.is_tournament = self.levels is not None
        self.buy_in = buy_in if buy_in is not None else BuyInPolicy.for_config(config, scale)
        self.auto_rebuy = auto_rebuy
        self._rng = random.Random(seed)
        self._button_choice: ButtonChoice = button
        self._seats: list[Seat | None] = [None] * size
        self.button: int | None = None
        """Table seat of the button (``None`` before the first hand)."""
        self.button_draw: ButtonDraw | None = None
        """The high-card draw for the first button, when ``button="draw"``."""
        self.hands_played = 0
        """Completed hands."""
        self.eliminations: list[Elimination] = []
        """Tournament eliminations, first out first (R39)."""
        self.misdeals: list[Misdeal] = []
        """Every misdeal declared at the table (R21)."""
        self.replacements: list[Replacement] = []
        """Every exposed card replaced after a deal (R21)."""
        self.hand: Hand | None = None
        """The current (or last) hand."""
        self.hand_seats: tuple[int, ...] = ()
        """Table seats of the current hand's seats, in hand order."""
        self.hand_seed: int | None = None
        """Seed of the current hand's shuffle."""
        self._deal: Deal | None = None
        self._settled = True
        self._listeners: list[Callable[[Table, Hand], None]] = []
        for k, stack in enumerate(stacks):
            self.join(k, stack, name=names[k] if names is not None else None)
        if button == "draw" and len(stacks) >= 2:
            self._draw_for_button()

    # ------------------------------------------------------------------ seating

    def join(self, seat: int, buy_in: int, *, name: str | None = None) -> None:
        """Seat a player at ``seat`` with ``buy_in`` chips (R11; tournaments: before hand 1).

        Raises
        ------
        ConfigError
            If the seat is taken or does not exist, the buy-in is outside the policy (the
            message states the allowed range), or a tournament has started.
        """
        self._between_hands("join")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.size:
            raise ConfigError(f"no seat {echo(seat)}: the table has seats 0..{self.size - 1}")
        if self._seats[seat] is not None:
            raise ConfigError(f"seat {seat} is taken")
        if self.is_tournament:
            if self.hands_played or self.hand is not None:
                raise ConfigError("players cannot join a tournament after it started")
            if isinstance(buy_in, bool) or not isinstance(buy_in, int) or buy_in <= 0:
                raise ConfigError(f"starting chips must be a positive integer, got {echo(buy_in)}")
        else:
            self.buy_in.check(buy_in)
        self._seats[seat] = Seat(seat, name if name is not None else f"seat{seat}", buy_in, buy_in, buy_in)

    def leave(self, seat: int) -> int:
        """A cash-game player leaves between hands; returns the chips they take with them.

        Raises
        ------
        ConfigError
            If nobody sits there, a hand is running, or the table is a tournament.
        """
        self._between_hands("leave")
        if self.is_tournament:
            raise ConfigError("tournament players leave only when eliminated")
        player = self._player(seat)
        self._seats[seat] = None
        return player.stack

    def rebuy(self, seat: int, amount: int) -> None:
        """A cash-game player with no chips buys in again (R39), within the policy (R11).

        Raises
        ------
        ConfigError
            In a tournament, with chips left, or outside the buy-in policy.
        """
        self._between_hands("rebuy")
        if self.is_tournament:
            raise ConfigError("there are no rebuys in this tournament (R39)")
        player = self._player(seat)
        if player.stack > 0:
            raise ConfigError(f"seat {seat} still has {player.stack} chips: only a busted player rebuys")
        self.buy_in.check(amount)
        player.stack = amount
        player.bought_in += amount
        player.waiting = False

    def reset_stacks(self, stacks: Sequence[int]) -> None:
        """Simulation helper (cash game): set every seat's stack between hands.

        ``stacks`` has one entry per table seat (ignored for empty seats). This is not a rebuy:
        ``bought_in`` is unchanged and no buy-in policy applies.

        Raises
        ------
        ConfigError
            In a tournament, or on a wrong length or a non-positive stack.
        """
        self._between_hands("reset stacks")
        if self.is_tournament:
            raise ConfigError("tournament stacks cannot be reset")
        if len(stacks) != self.size:
            raise ConfigError(f"stacks needs one entry per seat ({self.size}), got {len(stacks)}")
        for player, stack in zip(self._seats, stacks, strict=True):
            if player is not None:
                if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
                    raise ConfigError(
                        f"stack of seat {player.index} must be a positive integer, got {echo(stack)}"
                    )
                player.stack = stack
                player.waiting = False

    def _player(self, seat: int) -> Seat:
        player = self._seats[seat] if isinstance(seat, int) and 0 <= seat < self.size else None
        if player is None:
            raise ConfigError(f"nobody sits at seat {echo(seat)}")
        return player

    def _between_hands(self, what: str) -> None:
        if self._deal is not None:
            raise IllegalActionError(f"cannot {what} during the deal")
        if self.hand is not None and not self._settled:
            if not self.hand.is_complete:
                raise IllegalActionError(f"cannot {what} during a hand")
            self.end_hand()

    # ------------------------------------------------------------------ state

    @property
    def players(self) -> list[Seat | None]:
        """The seat records (``None`` for an empty seat), by table seat."""
        return list(self._seats)

    @property
    def stacks(self) -> list[int | None]:
        """Chips of each table seat between hands (``None`` for an empty seat).

        During a hand these are the stacks the hand started with.
        """
        self._settle_if_done()
        return [None if s is None else s.stack for s in self._seats]

    @property
    def active_seats(self) -> list[int]:
        """Table seats that will be dealt in: seated, with chips."""
        return [s.index for s in self._seats if s is not None and s.stack > 0]

    @property
    def level(self) -> Level | None:
        """The tournament level in force, or ``None`` in a cash game."""
        if self.levels is None:
            return None
        return level_at(self.levels, self.hands_played)

    @property
    def config(self) -> GameConfig:
        """The game played next: the base config, with the level's blinds in a tournament."""
        if self.levels is None:
            return self.base_config
        return level_config(self.base_config, level_at(self.levels, self.hands_played))

    @property
    def is_over(self) -> bool:
        """Tournament: True when one player holds every chip."""
        self._settle_if_done()
        return self.is_tournament and len(self.active_seats) == 1

    @property
    def winner(self) -> int | None:
        """Tournament: the seat holding every chip once the game is over, else ``None``."""
        return self.active_seats[0] if self.is_over else None

    @property
    def total_chips(self) -> int:
        """Every chip at the table (between hands: the sum of the stacks)."""
        self._settle_if_done()
        return sum(s.stack for s in self._seats if s is not None)

    def add_listener(self, callback: Callable[[Table, Hand], None]) -> None:
        """Call ``callback(table, hand)`` after every completed hand is settled (e.g. PHH writers)."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ button (R12, R13)

    def _draw_for_button(self) -> None:
        """R12: one card face up to each player from the seat left of the house dealer (seat 0)."""
        deck = Deck(self._rng.getrandbits(64))
        drawn = tuple((seat, deck.draw(1)[0]) for seat in self.active_seats)
        self.button_draw = ButtonDraw(drawn, high_card(drawn))

    def _next_button(self, active: list[int]) -> int:
        if self.button is None:
            choice = self._button_choice
            if choice == "random":
                return active[self._rng.randrange(len(active))]
            if choice == "draw":
                if self.button_draw is None or self.button_draw.winner not in active:
                    self._draw_for_button()
                assert self.button_draw is not None
                return self.button_draw.winner
            assert isinstance(choice, int)
            # A fixed first button on an empty seat goes to the next player on its left.
            return next((s for s in active if s >= choice), active[0])
        # R13: one seat to the left: the next seat clockwise that is dealt in.
        return next((s for s in active if s > self.button), active[0])

    # ------------------------------------------------------------------ hands

    def _prepare(self) -> tuple[GameConfig, list[int], int, int]:
        self._settle_if_done()
        if self._deal is not None:
            raise IllegalActionError("a deal is in progress: finish it first")
        if self.hand is not None and not self._settled:
            raise IllegalActionError(f"the current hand is not complete ({self.hand.awaiting} due)")
        active = self.active_seats
        if len(active) < 2:
            if self.is_tournament and len(active) == 1:
                raise IllegalActionError(f"the tournament is over: seat {active[0]} holds every chip")
            raise IllegalActionError(f"a hand needs at least 2 players with chips, {len(active)} seated")
        button = self._next_button(active)
        self.button = button
        config = self.config
        seed = self._rng.getrandbits(64)
        self.hand_seed = seed
        self.hand_seats = tuple(active)
        return config, active, active.index(button), seed

    def start_hand(self) -> Hand:
        """Start the next hand: move the button (R13), shuffle (R18), post blinds, deal.

        The previous hand, if complete, is settled first (see :meth:`end_hand`).

        Returns
        -------
        Hand
            The new hand, also ``table.hand``; its seats are ``table.hand_seats``.

        Raises
        ------
        IllegalActionError
            If the current hand is unfinished, fewer than two players have chips, or the
            tournament is over.
        """
        config, active, button, seed = self._prepare()
        stacks = [self._seats[s].stack for s in active]  # type: ignore[union-attr]
        self.hand = Hand(config, stacks, button=button, seed=seed, scale=self.scale)
        self._settled = False
        return self.hand

    def start_deal(self, deck: Any = None) -> Deal:
        """Start the next hand with a card-by-card deal where dealer errors can be reported (R21).

        Parameters
        ----------
        deck:
            Optional full deck order (52 distinct cards, top first) for the first attempt, to
            fix the cards in tests; reshuffles after a misdeal use the table's generator.

        Returns
        -------
        Deal
            Call ``deal_card()``/``report_exposed()``/``report_extra_card()``, then ``finish()``
            to get the hand. Misdeals keep the button and move no chips.
        """
        config, active, button, seed = self._prepare()
        rng = random.Random(seed)
        if deck is None:
            cards = list(range(52))
            rng.shuffle(cards)
        else:
            cards = arranged_deck(deck)
        stacks = [self._seats[s].stack for s in active]  # type: ignore[union-attr]
        self._deal = Deal(
            config=config,
            stacks=stacks,
            button=button,
            seats=active,
            deck=cards,
            rng=rng,
            hand_number=self.hands_played + 1,
            scale=self.scale,
            on_misdeal=self.misdeals.append,
            on_finish=self._deal_finished,
        )
        return self._deal

    def _deal_finished(self, deal: Deal, hand: Hand) -> None:
        self._deal = None
        self.replacements.extend(deal.replacements)
        self.hand = hand
        self._settled = False

    def _settle_if_done(self) -> None:
        if not self._settled and self.hand is not None and self.hand.is_complete:
            self.end_hand()

    def end_hand(self) -> None:
        """Settle the finished hand: stacks carry over, busted players leave or rebuy (R39).

        Called automatically by :meth:`start_hand` and the state properties once the hand is
        complete; calling it again does nothing.

        Raises
        ------
        IllegalActionError
            If the hand is not complete.
        """
        hand = self.hand
        if hand is None or self._settled:
            return
        if not hand.is_complete:
            raise IllegalActionError(f"the hand is not complete ({hand.awaiting} due)")
        self._settled = True
        self.hands_played += 1
        final = hand._stacks
        busted: list[tuple[int, int]] = []
        for i, seat in enumerate(self.hand_seats):
            player = self._seats[seat]
            assert player is not None
            player.stack = final[i]
            if final[i] == 0:
                busted.append((hand.starting_stacks[i], seat))
        if busted:
            if self.is_tournament:
                self._eliminate(busted)
            else:
                self._bust_cash(busted)
        for callback in self._listeners:
            callback(self, hand)

    def _eliminate(self, busted: list[tuple[int, int]]) -> None:
        # Decision where the rules are silent: players knocked out in the same hand finish in
        # order of the chips they started the hand with (more chips, better place); equal
        # stacks are ordered by seat, first seat left of the button finishing better.
        remaining = len(self.active_seats)
        n = self.size
        button = self.button if self.button is not None else 0
        order = sorted(busted, key=lambda sb: (sb[0], -((sb[1] - button - 1) % n)))
        place = remaining + len(order)
        for _, seat in order:
            player = self._seats[seat]
            assert player is not None
            self.eliminations.append(Elimination(seat, player.name, place, self.hands_played))
            self._seats[seat] = None
            place -= 1

    def _bust_cash(self, busted: list[tuple[int, int]]) -> None:
        for _, seat in busted:
            player = self._seats[seat]
            assert player is not None
            if self.auto_rebuy is False:
                player.waiting = True
                continue
            amount = player.first_buy_in if self.auto_rebuy is True else int(self.auto_rebuy)
            player.stack = amount
            player.bought_in += amount

    def __repr__(self) -> str:
        kind = "tournament" if self.is_tournament else "cash"
        return f"<Table {kind}, {self.size} seats, stacks={self.stacks}, button={self.button}>"
