"""The learner's record: progress and stars (:mod:`.progress`), the file and browser stores (:mod:`.store`),
a lesson's session (:mod:`.session`) and the practice of missed rules (:mod:`.practice`).

``progress``, ``session`` and ``practice`` are pure Python; ``store`` holds the browser's copy (a small
anywidget). Nothing is imported here, so the pure modules load without any widget library.
"""
