"""Stage 7, web: ``dinokit serve``, the kit, the data's problems and Paleontologists on a screen.

Takes the checked data and every earlier stage; gives a Starlette app (:mod:`.app`:
pages and the play API; :mod:`.api_kit`: the kit's and the data page's API;
:mod:`.common`: state, bodies, errors) whose pages are plain HTML, CSS and JavaScript
shipped in ``static/``. The browser
never applies a rule itself: it sends the moves so far to the server, which replays
them through the rules engine (:mod:`generator.games.paleo.engine`) and answers with
what the sheet shows and what is allowed next (:mod:`.play`). Kit files are built by
the same product functions as the commands, off the event loop and a bounded number
at a time (:mod:`.builds`, :mod:`.kit`); the data page shows the validator's findings
(:mod:`.findings`).
"""
