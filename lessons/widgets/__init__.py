"""The widgets that show the curriculum and the tools: they show and collect, and decide no rule.

Cards and hand (:mod:`.hand`), the meld and position referees, the score calculator, the table
(:mod:`.table`), the lesson widget (:mod:`.lesson`) and its exercise views, home and navigation,
the display settings, and the one-page app that shows them all (:mod:`.app`; the browser's
address in :mod:`.address`, pages let go in :mod:`.release`); shared colours and boxes in
:mod:`.style`. Nothing is imported here: each module loads when first used.
"""
