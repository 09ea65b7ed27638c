"""A terminal game against the built-in bots: cards as text, legal actions offered.

The human sits at table seat 0; the bots fill the other seats. Input (case-insensitive):
``f`` fold, ``k`` check, ``c`` check or call, ``b N`` / ``r N`` bet or raise to N, ``r`` the
minimum raise, ``a`` all-in, a sizing preset ``2x``/``3x``/``33%``/``50%``/``pot`` (R32),
``?`` help, ``q`` quit. Bad input is explained and asked again.

>>> import io
>>> out = io.StringIO()
>>> play_game(io.StringIO("f\\nq\\n"), out, opponents=["station"], seed=3, hands=1)
1
>>> "You fold" in out.getvalue()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO, Any

from ..cards import cards_str
from ..errors import FastHoldemError
from .actions import AllIn, Bet, Call, Check, Event, Fold, RaiseTo
from .config import GameConfig, Structure
from .hand import Hand
from .players import View
from .simulate import make_player
from .sizing import PRESETS, preset
from .table import Table

__all__ = ["play_game", "parse_command"]

HELP = (
    "commands: f fold | k check | c check/call | b N bet to N | r N raise to N | r min raise | "
    "a all-in | 2x 3x 33% 50% pot sizing | ? help | q quit"
)


class _Quit(Exception):
    """The player asked to stop (or input ended)."""


def parse_command(text: str, hand: Hand) -> Any:
    """Turn one line of input into an action for the player to act in ``hand``.

    Returns
    -------
    action or None
        ``None`` for help; an action (not yet checked for legality) otherwise.

    Raises
    ------
    ValueError
        With a message saying what was not understood.

    Examples
    --------
    >>> hand = Hand(GameConfig(), [100, 100], seed=1)
    >>> parse_command("r 6", hand), parse_command("c", hand), parse_command("3x", hand)
    (RaiseTo(amount=6), Call(), RaiseTo(amount=6))
    """
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty input")
    verb, args = words[0], words[1:]
    legal = hand.legal_actions()
    if verb in ("q", "quit", "exit"):
        raise _Quit
    if verb in ("?", "h", "help"):
        return None
    if verb in PRESETS:
        action = preset(hand, verb)
        if action is None:
            raise ValueError("you cannot bet or raise now")
        return action
    if args and verb not in ("b", "bet", "r", "raise"):
        raise ValueError(f"{verb!r} takes no amount")
    if verb in ("f", "fold"):
        return Fold()
    if verb in ("k", "check", "x"):
        return Check()
    if verb in ("c", "call"):
        return Check() if legal.check else Call()
    if verb in ("a", "allin", "all-in"):
        return AllIn()
    if verb in ("b", "bet", "r", "raise"):
        if len(args) > 1:
            raise ValueError("give one amount, e.g. 'r 20'")
        if not args:
            if legal.min_to is None:
                raise ValueError("you cannot bet or raise now")
            amount = legal.min_to
        else:
            if not args[0].isdigit():
                raise ValueError(f"{args[0]!r} is not a whole number of chips")
            amount = int(args[0])
        return Bet(amount) if legal.bet else RaiseTo(amount)
    raise ValueError(f"unknown command {verb!r}")


def _offer(hand: Hand) -> str:
    legal = hand.legal_actions()
    parts = ["[f]old"]
    if legal.check:
        parts.append("chec[k]")
    if legal.call is not None:
        parts.append(f"[c]all {legal.call}")
    if legal.min_to is not None:
        word = "[b]et" if legal.bet else "[r]aise to"
        span = str(legal.min_to) if legal.min_to == legal.max_to else f"{legal.min_to}..{legal.max_to}"
        parts.append(f"{word} {span} (2x 3x 33% 50% pot)")
    if legal.all_in_to is not None:
        parts.append(f"[a]ll-in to {legal.all_in_to}")
    return ", ".join(parts) + ", [q]uit"


def _event_text(ev: Event, name: str, you: bool) -> str | None:
    who = "You" if you else name
    s = "" if you else "s"
    tail = " (all-in)" if ev.all_in else ""
    kind = ev.kind
    if kind == "sb":
        return f"{who} post{s} the small blind {ev.amount}{tail}"
    if kind == "bb":
        return f"{who} post{s} the big blind {ev.amount}{tail}"
    if kind == "ante":
        return f"{who} post{s} an ante {ev.amount}{tail}"
    if kind == "fold":
        return f"{who} fold{s}"
    if kind == "check":
        return f"{who} check{s}"
    if kind == "call":
        return f"{who} call{s} {ev.amount}{tail}"
    if kind == "bet":
        return f"{who} bet{s} {ev.to}{tail}"
    if kind == "raise":
        return f"{who} raise{s} to {ev.to}{tail}"
    if kind == "board":
        street = ("", "Flop", "Turn", "River")[ev.street]
        return f"*** {street}: {cards_str(ev.cards, ' ')} ***"  # type: ignore[arg-type]
    if kind == "show":
        return f"{who} show{s} {cards_str(ev.cards, ' ')}"  # type: ignore[arg-type]
    if kind == "return":
        return f"{ev.amount} uncalled returned to {'you' if you else name}"
    if kind == "win":
        return f"{who} win{s if not you else ''} {ev.amount}"
    return None


def play_game(
    stdin: IO[str],
    stdout: IO[str],
    *,
    opponents: Sequence[str] = ("tight", "random"),
    config: GameConfig | None = None,
    stack: int | None = None,
    seed: int | None = None,
    hands: int = 0,
) -> int:
    """Play hands against bots on a text terminal; return the number of hands played.

    Parameters
    ----------
    stdin, stdout:
        Where commands come from and the table is shown.
    opponents:
        Built-in policy of each bot (1-9 bots): ``random``, ``station``, ``tight``.
    config:
        Game rules (default no limit 1/2).
    stack:
        Starting stack of everyone (default 100 big blinds).
    seed:
        Seed of the table and the bots.
    hands:
        Hands to play; 0 plays until you quit, bust, or the bots are broke.
    """
    cfg = config if config is not None else GameConfig(Structure.NO_LIMIT, 1, 2)
    start = stack if stack is not None else 100 * cfg.big_blind
    bots = [make_player(p, None if seed is None else seed * 100 + k) for k, p in enumerate(opponents)]
    names = ["You"] + [f"{p}{k + 1}" for k, p in enumerate(opponents)]
    from .buyin import BuyInPolicy

    table = Table(cfg, [start] * (len(bots) + 1), names=names, seed=seed, buy_in=BuyInPolicy(start, start))

    def say(text: str) -> None:
        stdout.write(text + "\n")

    played = 0
    try:
        while hands == 0 or played < hands:
            active = table.active_seats
            if 0 not in active:
                say("You are out of chips. Game over.")
                break
            if len(active) < 2:
                say("Every bot is broke. You win!")
                break
            hand = table.start_hand()
            seats = table.hand_seats
            me = seats.index(0)
            played += 1
            say("")
            say(f"=== Hand {played}: {table.config.structure.value} {cfg.small_blind}/{cfg.big_blind}, "
                f"button {names[table.button]} ===")  # type: ignore[index]
            say("Stacks: " + ", ".join(f"{names[s]} {hand.starting_stacks[i]}" for i, s in enumerate(seats)))
            say(f"Your cards: {cards_str(hand.hole_cards[me], ' ')}")  # type: ignore[arg-type]
            shown = 0
            while True:
                history = hand._history
                for ev in history[shown:]:
                    if ev.kind in ("deal", "burn"):
                        continue
                    name = names[seats[ev.seat]] if ev.seat is not None else ""
                    line = _event_text(ev, name, ev.seat == me)
                    if line:
                        say(line)
                shown = len(history)
                actor = hand.actor
                if actor is None:
                    break
                if actor == me:
                    _human_turn(hand, stdin, say)
                else:
                    hand.apply(bots[seats[actor] - 1].act(View(hand, actor, seats[actor])))
            table.end_hand()
            say("Stacks: " + ", ".join(f"{names[s]} {table.stacks[s]}" for s in seats))
    except _Quit:
        say("Bye.")
    return played


def _human_turn(hand: Hand, stdin: IO[str], say: Any) -> None:
    me = hand.actor
    assert me is not None
    board = cards_str(hand.board, " ") or "-"
    say(f"Board: {board}   Pot: {hand.pot_total}   Your stack: {hand._stacks[me]}   "
        f"Your cards: {cards_str(hand.hole_cards[me], ' ')}")  # type: ignore[arg-type]
    while True:
        say(f"Your move: {_offer(hand)}")
        line = stdin.readline()
        if not line:
            raise _Quit
        try:
            action = parse_command(line, hand)
        except ValueError as exc:
            say(f"Sorry: {exc}. {HELP}")
            continue
        if action is None:
            say(HELP)
            continue
        try:
            hand.apply(action)
        except FastHoldemError as exc:
            say(f"Not allowed: {getattr(exc, 'reason', exc)}. Try again.")
            continue
        return
