"""dinokit: print-and-play content for Digging for Dinos and Paleontologists."""

__version__ = "0.1.0"
