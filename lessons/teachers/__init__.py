"""The teachers' tools: the class summary (:mod:`.classroom`), worksheets (:mod:`.worksheet`), the variant
builder (:mod:`.variant_builder`) and their pages (:mod:`.widgets`). Nothing is imported here."""
