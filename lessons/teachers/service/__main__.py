"""``python -m lessons.teachers.service``: run the class service (see :mod:`.app`)."""

from .app import main

main()
