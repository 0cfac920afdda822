"""Print-and-play: a pack's cards as PDF sheets (and PNGs), drawn from the card files by layouts that are data.

A front end (``tabletop cards print``): it reaches packs only through the registry and the
``tabletop_print_layouts`` hook. Needs the ``print`` extra (reportlab, pypdfium2).
"""
