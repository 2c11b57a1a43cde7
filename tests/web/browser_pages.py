"""What the browser tests share (Playwright driving Debian's Chromium; the browser itself and the server are
fixtures of conftest.py): the window sizes the page is opened in, and pages that keep their uncaught script
errors. conftest.py's ``new_page`` fixture opens such a page in a context of its own and closes the context
when the test ends.

A test module imports this one after putting its folder on ``sys.path`` (the suite imports test modules with
``--import-mode=importlib``), as tests/web/test_toy_method.py does with toy_method.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: the type of conftest.py's ``new_page`` fixture: ``new_page(viewport=PHONE, …)`` → a Playwright page
NewPage = Callable[..., Any]

#: a phone held upright (390 × 844 CSS pixels)
PHONE = {"width": 390, "height": 844}
#: the desktop window of most page sweeps
DESKTOP = {"width": 1400, "height": 1000}
#: the desktop window of the 六爻, 七政四餘, study-mode, item and measured-line tests
DESKTOP_1300 = {"width": 1300, "height": 1000}
#: a laptop's window (the log-out-everywhere test)
LAPTOP = {"width": 1280, "height": 800}
#: the mark app.js sets at the end of its start-up (handlers wired, the view routed, a permalink's chart cast)
PAGE_READY = "body[data-ready='1']"


def keep_errors(page: Any, errors: list[str] | None = None) -> Any:
    """*page*, its uncaught script errors (Playwright's ``pageerror``) kept in ``page.errors`` from now on.

    Given *errors* (another page's ``errors``), that list is ``page.errors``: one list for several pages, so
    that one assertion covers them all. A test asserts ``page.errors == []`` where it wants none."""
    page.errors = [] if errors is None else errors
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page
