"""What a player just did, in one sentence: the one narrator of the terminal game and the play table.

:func:`narrate` turns an action into a :class:`~burraco_core.messages.Message` (keys
``narrate.*``), told to one player (``viewer``) or to everyone::

    before = game.copy()
    game.apply(action)
    narrate(action, player, before, game, viewer=0).text("en")   # "You drew 7♥ from the stock."

It says only what the viewer may see: the card a player drew is named to that player
alone; a closed discard pile taken by someone else is counted, not listed. The viewer's
own moves have keys of their own (``narrate.you.*``), because many languages conjugate
the verb for "you" differently. Players are named by number ("Player 2"), or by the
names a front end gives (proper names are data: they are shown as given; a name given as a
Message, such as "your partner", is said in the language asked for).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto, parse_action
from .errors import BurracoError, is_whole, shown, wrong_type
from .game import Game
from .messages import Message

__all__ = ["narrate", "who"]


def who(player: int, names: Sequence[str | Message] | None = None) -> Message:
    """A player as the subject of a sentence: ``Player 2``, or the name given for them."""
    if names is not None:
        return Message("who.named", name=names[player])
    return Message("who.player", player=player)


def narrate(action: Action, player: int, before: Game, after: Game | None = None, *,
            viewer: int | None = None, names: Sequence[str | Message] | None = None) -> Message:
    """One sentence telling what ``player`` did with ``action`` in the game ``before``.

    ``after`` is the game once the action is applied (worked out on a copy if not
    given). ``viewer`` is the player the sentence is told to (None: anyone watching):
    their moves are told as "You ...", and they see the card they drew. ``names``
    gives each player's name by number. The action must be legal in ``before``.
    """
    if not isinstance(before, Game):
        raise wrong_type("narrate", "before", "a Game", before)
    if not (after is None or isinstance(after, Game)):
        raise wrong_type("narrate", "after", "a Game or None", after)
    if not is_whole(player):
        raise wrong_type("narrate", "player", "a player number", player)
    if not 0 <= player < before.players:
        raise BurracoError(f"narrate: player is 0 to {before.players - 1} in this game, not {shown(player)}")
    action = parse_action(action)   # (an action's text too, as Game.apply takes it)
    if after is None:
        after = before.copy()
        after.apply(action)
    you = viewer is not None and viewer == player
    prefix = "narrate.you." if you else "narrate."
    subject = {} if you else {"who": who(player, names)}
    side = before.side_of(player)
    move: Message
    if isinstance(action, Draw):
        drawn = tuple((Counter(after.hands[player]) - Counter(before.hands[player])).elements())
        if you and len(drawn) == 1:
            move = Message("narrate.you.draw", card=drawn[0])
        else:
            move = Message(prefix + "draw", **subject)
    elif isinstance(action, TakePile):
        pile = before.discard_pile
        if you or before.rules.open_discard_pile:
            move = Message(prefix + "take-pile", count=len(pile), cards=tuple(pile), **subject)
        else:
            move = Message("narrate.take-pile.hidden", count=len(pile), **subject)
    elif isinstance(action, TakePozzetto):
        move = Message(prefix + "pozzetto", **subject)
    elif isinstance(action, LayDown):
        laid = after.melds[side][-1]
        move = Message(prefix + "lay-down", cards=laid.cards, **subject)
    elif isinstance(action, Attach):
        meld = after.melds[side][action.meld]
        if before.players == 2:
            whose = "own"
        else:
            whose = "yours" if viewer is not None and before.side_of(viewer) == side else "side"
        if you:
            move = Message("narrate.you.attach", cards=action.cards, whose=whose, meld=meld.cards)
        else:
            move = Message("narrate.attach", cards=action.cards, whose=whose, meld=meld.cards, **subject)
    else:
        assert isinstance(action, Discard)
        move = Message(prefix + "discard", card=action.card, **subject)
    then = _consequence(action, before, after, side, you)
    return move if then is None else Message("narrate.and", move=move, then=then)


def _consequence(action: Action, before: Game, after: Game, side: int, you: bool) -> Message | None:
    """What followed from the move by itself: the pozzetto into the hand (said of the player who ran out of cards,
    "you" or another: many languages conjugate it), the end of the hand."""
    result = after.result
    if after.is_over and result is not None:
        return Message(f"narrate.then.{result.reason}")
    if (not isinstance(action, TakePozzetto) and after.took_pozzetto[side]
            and not before.took_pozzetto[side]):
        return Message("narrate.then.pozzetto", mover="you" if you else "other")
    return None
