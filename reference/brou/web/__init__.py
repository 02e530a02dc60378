"""`brou web`: the games, the rules and the conformance reports in a browser (docs/web.md).

An ASGI application on Starlette, served by uvicorn on this machine: tables of every ruleset
played against the players of the registry (`tables`, `workers`), each refusal answered with the
booklet's rule (`refusals`), the corpus's scenarios and the failures of reports replayed
(`replay`), the register's questions with their witnesses and studies (`register`), positions
laid out for the pages (`board`); `app` is the application and its API, `server` runs it.
The pages themselves are `static/` (HTML, one script, one style sheet: no build step).
"""

from .app import Config, create_app

__all__ = ["Config", "create_app"]
