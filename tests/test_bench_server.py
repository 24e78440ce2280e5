"""bench/server.py's own parts: the pacing schedule and the keep-alive HTTP client it times POSTs with."""
from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

import pytest

SPEC = importlib.util.spec_from_file_location("bench_server", Path(__file__).parent.parent / "bench" / "server.py")
bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(bench)


def test_paced_games_interleave_evenly_at_the_total_rate():
    games, rate = 4, 100.0
    dues = sorted(bench.pacing(10.0, g, games, rate)(v) for g in range(games) for v in range(3))
    gaps = {round(b - a, 9) for a, b in zip(dues, dues[1:])}
    assert dues[0] == 10.0 and gaps == {0.01}  # one move every 1/rate seconds, all games together
    assert bench.pacing(10.0, 1, games, rate, before=5)(0) == bench.pacing(10.0, 1, games, rate)(5)
    assert bench.pacing(10.0, 0, games, None) is None  # unpaced


async def _serve(answers: list[bytes], seen: list[bytes]):
    """A loopback server answering each request on a connection with the next of `answers`, then closing the
    connection (each answer its own connection: a keep-alive connection the server closed)."""
    async def handle(reader, writer):
        head = await reader.readuntil(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
        seen.append(await reader.readexactly(length))
        writer.write(answers.pop(0))
        await writer.drain()
        writer.close()
    return await asyncio.start_server(handle, "127.0.0.1", 0)


def _answer(status: int, body: bytes) -> bytes:
    return f"HTTP/1.1 {status} X\r\ncontent-length: {len(body)}\r\n\r\n".encode() + body


def test_the_keep_alive_client_opens_a_closed_connection_again_and_refuses_an_error_status():
    async def run():
        seen: list[bytes] = []
        server = await _serve([_answer(200, b'{"a": 1}'), _answer(200, b'{"b": 2}'), _answer(422, b"no")], seen)
        port = server.sockets[0].getsockname()[1]
        client = bench.KeepAlive(f"http://127.0.0.1:{port}")
        assert await client.post("/x", {"n": 1}) == b'{"a": 1}'
        assert await client.post("/x", {"n": 2}) == b'{"b": 2}'  # the server had closed the first connection
        with pytest.raises(RuntimeError, match="422"):
            await client.post("/x", {"n": 3})
        client.close()
        server.close()
        await server.wait_closed()
        return seen

    assert asyncio.run(run()) == [b'{"n": 1}', b'{"n": 2}', b'{"n": 3}']
