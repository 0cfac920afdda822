"""The card language: a game-agnostic skeleton whose words come from each pack.

    vocab = Vocabulary("mygame")
    vocab.words("resource", ["gold", "wood"])

    @vocab.effect("gain {amounts:amounts:resource}")
    def gain(amounts): ...

    program = compile_text("gain 2 gold; may draw 1", "effect", vocab, program_id="Card/main")

See docs/dsl.md for the language reference.
"""
from tabletop.dsl.compiler import Ability, compile_text
from tabletop.dsl.syntax import parser
from tabletop.dsl.errors import CardLanguageError, Unfit, VocabularyError
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.source import Source
from tabletop.dsl.vocabulary import Pattern, Vocabulary

__all__ = ["Ability", "CardLanguageError", "Pattern", "Quantity", "Source", "Unfit", "Vocabulary",
           "VocabularyError", "compile_text", "parser"]
