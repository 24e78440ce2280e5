"""The web table: a FastAPI app over an SQL store (`boardlab serve`; API in docs/web-api.md).

Needs the `web` extra (pip install -e '.[web]')."""
