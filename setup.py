"""How the repository's folders become the installed package (the rest is pyproject.toml).

The repository keeps the project's layout (``generator/``, ``data/``, ``templates/`` at the
top), but what is installed is one import package, ``dinokit``: ``generator/`` becomes
``dinokit/`` (a published distribution already installs a top-level ``generator``) and the
shipped ``data/`` and ``templates/`` travel inside it as ``dinokit/data`` and
``dinokit/templates``, found with importlib.resources (:mod:`generator.source.shipped`).
"""

from setuptools import Extension, find_packages, setup

CODE = ["dinokit" + name[len("generator") :] for name in find_packages(include=["generator*"])]

setup(
    packages=[*CODE, "dinokit.data", "dinokit.templates"],
    package_dir={"dinokit": "generator", "dinokit.data": "data", "dinokit.templates": "templates"},
    package_data={
        "dinokit": [
            "py.typed",
            "web/static/*",
            "web/*.html",
            "games/paleo/_greedy.c",
            "products/export/icc/*",
        ],
        "dinokit.data": ["**/*.yaml"],
        "dinokit.templates": ["**/*.yaml"],
    },
    # The pad generator's hot loops in C (the greedy player, the fairness and layout bit
    # masks): about ten times faster than their numpy twins, which are used when no C
    # compiler is there (optional) and which the tests compare it with, game for game.
    ext_modules=[
        Extension(
            "dinokit.games.paleo._greedy",
            sources=["generator/games/paleo/_greedy.c"],
            optional=True,
        )
    ],
)
