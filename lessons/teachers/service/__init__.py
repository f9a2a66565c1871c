"""The class service for a school's JupyterHub: every pupil's progress kept live, the work a teacher sets.

:mod:`.database` keeps the records (SQLAlchemy: SQLite or PostgreSQL), :mod:`.app` answers the pupils'
tutorials and the teacher's page (tornado, identified by the hub's OAuth), :mod:`.page` is what a browser
sees at the service's address. Run it with ``python -m lessons.teachers.service`` (or the
``burraco-class-service`` command); docs/classroom.md says how a hub starts it. It needs the
``class-service`` extra (JupyterHub, which brings tornado and SQLAlchemy) and never imports ipywidgets.
Nothing is imported here.
"""
