"""Document readers: text, Markdown, JSON/JSONL records, HotpotQA and MuSiQue files, directories.

Every reader returns ``SourceDocument`` objects whose sections are the document's table of
contents and whose blocks are each section's paragraphs (:mod:`.model`). A file is parsed
completely before any of its documents is yielded, so a broken file contributes nothing rather
than half of itself. Texts and titles are NFC-normalised. One module per format: :mod:`.plain`,
:mod:`.markdown`, :mod:`.records` (JSON/JSONL), :mod:`.qa` (HotpotQA/MuSiQue); :mod:`.files`
walks directories and decodes files; :mod:`.read` holds the entry points.
"""

from lgm_rdf.learn.readers.model import BLOCK_ROLES, Block, ReaderError, Section, SourceDocument
from lgm_rdf.learn.readers.read import (
    SUPPORTED_SUFFIXES,
    read_file,
    read_path,
    read_paths,
    read_text,
)

__all__ = [
    "BLOCK_ROLES",
    "SUPPORTED_SUFFIXES",
    "Block",
    "ReaderError",
    "Section",
    "SourceDocument",
    "read_file",
    "read_path",
    "read_paths",
    "read_text",
]
