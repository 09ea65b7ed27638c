"""A terminal game against the built-in bots: cards as text, legal actions offered.

The human sits at table seat 0; the bots fill the other seats. Input (case-insensitive):
``f`` fold, ``k`` check, ``c`` check or call, ``b N`` / ``r N`` bet or raise to N, ``r`` or
``r min`` (``b min``) the minimum raise (bet), ``a`` all-in, a sizing preset
``2x``/``3x``/``33%``/``50%``/``pot`` (R32; offered only when more than one amount is legal),
``pre ...`` a pre-action (R31), ``?`` help, ``q`` quit. Bad input is explained and asked again.

Pre-actions: ``pre f`` (fold), ``pre k`` (check), ``pre kf`` (check/fold), ``pre c N`` (call
exactly N more), ``pre c any``, ``pre r N`` / ``pre b N`` (bet or raise to N), ``pre off``. Type
one at your turn, before your move: it is held while the others act and fires at your next
turn in the hand if it is still legal as chosen; otherwise it is dropped and you are asked.

>>> import io
>>> out = io.StringIO()
>>> play_game(io.StringIO("f\\nq\\n"), out, opponents=["station"], seed=3, hands=1)
1
>>> "You fold" in out.getvalue()
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import IO, Any

from .._validate import echo
from ..cards import cards_str
from ..errors import FastHoldemError, InputError
from ..game.actions import AllIn, Bet, Call, Check, Event, EventKind, Fold, LegalActions, RaiseTo
from ..game.buyin import BuyInPolicy
from ..game.config import GameConfig, Structure
from ..game.hand import Hand
from ..game.players import View, ask_pre_actions
from ..game.sizing import PRESETS, PreAction, PreActions, PreKind, preset, resolve
from ..game.table import Table
from ..vector.policies import make_player, policy_kind

__all__ = ["play_game", "parse_command", "parse_pre_action", "as_you"]

PRE_HELP = (
    "pre-actions, held while the others act and taken at your next turn if still legal: "
    "pre f fold | pre k check | pre kf check/fold | pre c N call N | pre c any call any | "
    "pre r N bet/raise to N | pre off cancel"
)
HELP = (
    "commands: f fold | k check | c check/call | b N bet to N | r N raise to N | b min / r min minimum | "
    "a all-in | 2x 3x 33% 50% pot sizing | pre ... pre-action | ? help | q quit\n" + PRE_HELP
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
    >>> parse_command("r min", hand)
    RaiseTo(amount=4)
    """
    words = text.strip().lower().split()
    if not words:
        raise InputError("empty input")
    verb, args = words[0], words[1:]
    legal = hand.legal_actions()
    if verb in ("q", "quit", "exit"):
        raise _Quit
    if verb in ("?", "h", "help"):
        return None
    if verb in PRESETS:
        action = preset(hand, verb)
        if action is None:
            raise InputError("you cannot bet or raise now")
        return action
    if args and verb not in ("b", "bet", "r", "raise"):
        raise InputError(f"{echo(verb)} takes no amount")
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
            raise InputError("give one amount, e.g. 'r 20'")
        if not args or args[0] == "min":
            if legal.min_to is None:
                raise InputError("you cannot bet or raise now")
            amount = legal.min_to
        else:
            if not args[0].isdigit():
                raise InputError(f"{echo(args[0])} is not a whole number of chips (or 'min')")
            amount = int(args[0])
        return Bet(amount) if legal.bet else RaiseTo(amount)
    raise InputError(f"unknown command {echo(verb)}")


_PRE_SIMPLE = {
    "f": PreAction.fold, "fold": PreAction.fold,
    "k": PreAction.check, "x": PreAction.check, "check": PreAction.check,
    "kf": PreAction.check_fold, "check/fold": PreAction.check_fold, "check-fold": PreAction.check_fold,
    "checkfold": PreAction.check_fold,
    "ca": PreAction.call_any,
}


def parse_pre_action(text: str) -> PreAction | None:
    """Turn the words after ``pre`` into a pre-action (R31); ``None`` for ``off``.

    Returns
    -------
    PreAction or None
        ``None`` for ``off`` / ``none`` / ``cancel``.

    Raises
    ------
    ValueError
        With a message saying what was not understood.

    Examples
    --------
    >>> [str(parse_pre_action(t)) for t in ("kf", "c 4", "call any", "r 20", "f")]
    ['check/fold', 'call 4', 'call any', 'bet/raise 20', 'fold']
    >>> parse_pre_action("off") is None
    True
    """
    words = text.strip().lower().split()
    if not words:
        raise InputError("say which pre-action, e.g. 'pre kf'")
    verb, args = words[0], words[1:]
    if verb in ("off", "none", "cancel") and not args:
        return None
    if verb in _PRE_SIMPLE:
        if args:
            raise InputError(f"pre-action {echo(verb)} takes no amount")
        return _PRE_SIMPLE[verb]()
    if verb in ("c", "call", "b", "bet", "r", "raise"):
        if len(args) != 1:
            also = " or 'pre c any'" if verb[0] == "c" else ""
            raise InputError(f"give one amount, e.g. 'pre {verb} 20'{also}")
        if verb[0] == "c" and args[0] == "any":
            return PreAction.call_any()
        if not args[0].isdigit() or int(args[0]) <= 0:
            raise InputError(f"{echo(args[0])} is not a positive whole number of chips")
        amount = int(args[0])
        return PreAction.call(amount) if verb[0] == "c" else PreAction.bet_raise(amount)
    raise InputError(f"unknown pre-action {echo(verb)}")


def _offer(hand: Hand) -> str:
    legal = hand.legal_actions()
    parts = ["[f]old"]
    if legal.check:
        parts.append("chec[k]")
    if legal.call is not None:
        parts.append(f"[c]all {legal.call}")
    if legal.min_to is not None:
        word = "[b]et" if legal.bet else "[r]aise to"
        if legal.min_to == legal.max_to:  # one amount: no sizing to choose
            parts.append(f"{word} {legal.min_to}")
        else:
            parts.append(f"{word} {legal.min_to}..{legal.max_to} (min 2x 3x 33% 50% pot)")
    if legal.all_in_to is not None:
        parts.append(f"[a]ll-in to {legal.all_in_to}")
    return ", ".join(parts) + ", [q]uit"


# The line the terminal game prints for each kind of event (format fields: who, s, amount, to,
# tail, street, cards, whom); deals, burns, mucks and the rest print nothing.
_EVENT_LINES: dict[str, str] = {
    EventKind.SB: "{who} post{s} the small blind {amount}{tail}",
    EventKind.BB: "{who} post{s} the big blind {amount}{tail}",
    EventKind.ANTE: "{who} post{s} an ante {amount}{tail}",
    EventKind.FOLD: "{who} fold{s}",
    EventKind.CHECK: "{who} check{s}",
    EventKind.CALL: "{who} call{s} {amount}{tail}",
    EventKind.BET: "{who} bet{s} {to}{tail}",
    EventKind.RAISE: "{who} raise{s} to {to}{tail}",
    EventKind.BOARD: "*** {street}: {cards} ***",
    EventKind.SHOW: "{who} show{s} {cards}",
    EventKind.RETURN: "{amount} uncalled returned to {whom}",
    EventKind.WIN: "{who} win{s} {amount}",
}
_STREET_TITLES = ("", "Flop", "Turn", "River", "")


def _event_text(ev: Event, name: str, you: bool) -> str | None:
    line = _EVENT_LINES.get(ev.kind)
    if line is None:
        return None
    cards = ev.cards
    return line.format(
        who="You" if you else name, s="" if you else "s", whom="you" if you else name,
        amount=ev.amount, to=ev.to, tail=" (all-in)" if ev.all_in else "", street=_STREET_TITLES[ev.street],
        cards=cards_str(cards, " ") if cards and None not in cards else "",  # type: ignore[arg-type]
    )


def play_game(
    stdin: IO[str],
    stdout: IO[str],
    *,
    opponents: Sequence[Any] = ("tight", "random"),
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
        Each bot (1-9 bots): a built-in policy name (``random``, ``station``, ``tight``) or an
        agent object (``act(view)`` and, optionally, ``pre_action(view)``, R31).
    config:
        Game rules (default no limit 1/2).
    stack:
        Starting stack of everyone (default 100 big blinds).
    seed:
        Seed of the table and the bots.
    hands:
        Hands to play; 0 plays until you quit, bust, or the bots are broke.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> play_game(io.StringIO("fold\\n"), out, opponents=["station"], seed=1, hands=1)
    1
    >>> "fold" in out.getvalue()
    True
    """
    cfg = config if config is not None else GameConfig(Structure.NO_LIMIT, 1, 2)
    start = stack if stack is not None else 100 * cfg.big_blind
    bots = [
        make_player(p, None if seed is None else seed * 100 + k) if policy_kind(p) == "name" else p
        for k, p in enumerate(opponents)
    ]
    names = ["You"] + [
        f"{p if policy_kind(p) == 'name' else type(p).__name__}{k + 1}" for k, p in enumerate(opponents)
    ]
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
            agents = [None if s == 0 else bots[s - 1] for s in seats]
            asks = [(i, f) for i, a in enumerate(agents) if (f := getattr(a, "pre_action", None)) is not None]
            queue = PreActions()  # the bots' pre-actions (R31)
            mine: PreAction | None = None  # yours
            shown = 0
            while True:
                history = hand.history
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
                if asks:
                    ask_pre_actions(hand, asks, queue, seats)
                if actor == me:
                    if mine is not None:
                        legal = hand.legal_actions()
                        action = resolve(mine, legal)
                        if action is not None:
                            say(f"Your pre-action {mine} is taken.")
                            mine = None
                            hand.apply(action)
                            continue
                        say(f"Your pre-action {mine} is dropped: {_why_dropped(mine, legal)}.")
                    mine = _human_turn(hand, stdin, say)
                    if mine is not None and (hand.is_complete or hand.folded[me] or hand.stacks[me] == 0):
                        say(f"Pre-action {mine} cancelled: you have no more decisions in this hand.")
                        mine = None
                else:
                    bot_action = queue.take(hand)
                    if bot_action is None:
                        bot = agents[actor]
                        assert bot is not None
                        bot_action = bot.act(View(hand, actor, seats[actor]))
                    hand.apply(bot_action)
            table.end_hand()
            say("Stacks: " + ", ".join(f"{names[s]} {table.stacks[s]}" for s in seats))
    except _Quit:
        say("Bye.")
    return played


def _why_dropped(pre: PreAction, legal: LegalActions) -> str:
    """Why ``pre`` is not legal as chosen for the player to act (R31)."""
    kind = pre.kind
    if kind is PreKind.CHECK:
        return f"you face {legal.call} to call"
    if kind is PreKind.CALL:
        return "there is nothing to call" if legal.call is None else f"the amount to call is now {legal.call}"
    if kind is PreKind.CALL_ANY:
        return "there is nothing to call"
    if legal.min_to is None:
        return "you cannot bet or raise now"
    span = str(legal.min_to) if legal.min_to == legal.max_to else f"{legal.min_to}..{legal.max_to}"
    return f"{'bet' if legal.bet else 'raise'} to {span} is legal now"


def _human_turn(hand: Hand, stdin: IO[str], say: Any) -> PreAction | None:
    """Ask for your move until it is legal; return the pre-action you queued for later, if any."""
    me = hand.actor
    assert me is not None
    board = cards_str(hand.board, " ") or "-"
    say(f"Board: {board}   Pot: {hand.pot_total}   Your stack: {hand.stacks[me]}   "
        f"Your cards: {cards_str(hand.hole_cards[me], ' ')}")  # type: ignore[arg-type]
    pending: PreAction | None = None
    while True:
        say(f"Your move: {_offer(hand)}")
        line = stdin.readline()
        if not line:
            raise _Quit
        words = line.strip().lower().split()
        if words and words[0] == "pre":
            if len(words) == 1:
                say(f"Pre-action: {pending or 'none'}. {PRE_HELP}")
                continue
            try:
                pending = parse_pre_action(" ".join(words[1:]))
            except ValueError as exc:
                say(f"Sorry: {exc}. {PRE_HELP}")
                continue
            if pending is None:
                say("Pre-action cancelled. Now your move.")
            else:
                say(f"Pre-action for your next turn: {pending}. Now your move.")
            continue
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
            say(f"Not allowed: {as_you(str(getattr(exc, 'reason', exc)), me)}. Try again.")
            continue
        return pending


def as_you(reason: str, seat: int) -> str:
    """An engine message about ``seat`` (the human's hand seat) in the words of the table,
    which calls that player "You".

    >>> as_you("seat 2 cannot check: 4 to call", 2), as_you("seat 2's hole cards are unknown", 2)
    ('you cannot check: 4 to call', 'your hole cards are unknown')
    >>> as_you("seat 1 is not in the hand; seat 12 is", 1)
    'you are not in the hand; seat 12 is'
    """
    reason = re.sub(rf"\bseat {seat}'s\b", "your", reason)
    reason = re.sub(rf"\bseat {seat} is\b", "you are", reason)
    reason = re.sub(rf"\bseat {seat} has\b", "you have", reason)
    reason = re.sub(rf"\bseat {seat} (shows|holds)\b", lambda m: f"you {m.group(1)[:-1]}", reason)
    return re.sub(rf"\bseat {seat}\b", "you", reason)
