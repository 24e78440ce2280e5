"""Request bodies of the web API, validated by pydantic (unknown fields are refused).

Game names, options and agent specs are checked by the engine itself (`new_game`,
`make_agent`), so their errors carry the engine's message naming the valid values.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

MAX_TOKEN = 200  # tokens the server issues are 32 characters
MAX_ACTION = 500
MAX_AGENT = 200
SEED_RANGE = (-(2 ** 63), 2 ** 63 - 1)  # stored as a 64-bit integer


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HumanSeat(_Body):
    kind: Literal["human"]


class BotSeat(_Body):
    kind: Literal["bot"]
    agent: Annotated[str, Field(min_length=1, max_length=MAX_AGENT)]


Seat = Annotated[Union[HumanSeat, BotSeat], Field(discriminator="kind")]


class CreateGame(_Body):
    game: Annotated[str, Field(min_length=1, max_length=100)]
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[Seat], Field(min_length=1, max_length=16)]
    seed: Annotated[int, Field(ge=SEED_RANGE[0], le=SEED_RANGE[1])] | None = None


class ActionBody(_Body):
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None
    action: Annotated[str, Field(max_length=MAX_ACTION)]


class SocketAction(_Body):
    """A move sent on the seat's websocket (the connection's token is the seat's)."""
    type: Literal["act"]
    action: Annotated[str, Field(max_length=MAX_ACTION)]


class UndoBody(_Body):
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None


class UndoAnswer(_Body):
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None
    accept: bool
