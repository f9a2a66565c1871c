"""Serve the static site without JupyterLite's service worker (issue 31): patch Voici's build.

JupyterLite registers a service worker at the site's root on every page. Its one use is the kernel's
``/drive`` (a notebook's files kept in the browser's JupyterLite storage, and ``input()``): it sends
every other request on with ``fetch``, keeping nothing (its cache is off). The tutorial keeps the
learner's progress in the browser's own storage (``lessons.learner.store``) and reads no ``/drive``
file and no ``input()``. Yet every page waits for the worker's registration before it draws its
widgets, and each of the page's some hundred requests passes through it: without it, a second visit's
kernel begins some 0.1-0.2 s sooner (docs/static-site.md).

Three patches:

* Voici's main bundle leaves out ``@jupyterlite/application-extension:service-worker-manager``, the
  plugin that registers the worker. The kernel's plugin takes it as optional and then starts without
  ``/drive`` (Python's working folder is ``/home/pyodide``); the page draws at once.
* ``service-worker.js`` (every copy in the site) becomes a worker that removes itself: a browser that
  registered the old one on an earlier visit fetches the changed script on its next visit, installs it,
  and this one unregisters at once, handling no request. From the visit after, no worker is there.
  It gets its ``.gz`` and ``.br`` copies here (the compress step leaves files this small alone), so a
  site copied over an older one does not keep sending JupyterLite's worker from those copies.
* The kernel's console warning for a start without ``/drive`` (meant for a private window) says instead
  that the site is built so.

    python lite/service_worker.py SITE

The build fails if Voici's bundle no longer holds that plugin list exactly once (another Voici: look
whether it still registers the worker before changing ``PLUGIN_LIST``).
"""

from __future__ import annotations

import pathlib
import re
import sys

from assemble import encoders
from patching import ShapeChanged, replaced_once, run

MAIN = "voici/build"
# Voici 0.9's main bundle: its list of JupyterLite plugins keeps, of the application extension, only this one.
PLUGIN_LIST = re.escape('.default.filter((e=>"@jupyterlite/application-extension:service-worker-manager"===e.id))')
NONE_OF_THEM = ".default.filter((e=>!1))"
KERNEL = "extensions/@jupyterlite/pyodide-kernel-extension/static"
# jupyterlite-pyodide-kernel 0.6's warning when the kernel starts without /drive.
NO_DRIVE_WARNING = re.escape(
    '"Pyodide contents will NOT be synced with Jupyter Contents. For full functionality, try using a regular browser'
    ' tab instead of private/incognito mode, especially in Firefox where this is a known limitation."')
AS_BUILT = '"Burraco Tutor: Python runs without /drive and without a service worker, as built (lite/service_worker.py)."'
WORKER_NAME = "service-worker.js"
# A worker with no fetch handler: the browser sends the page's requests straight to the server meanwhile.
REMOVES_ITSELF = """\
// Burraco Tutor's static site runs without a service worker (lite/service_worker.py). A browser that
// registered JupyterLite's worker on an earlier visit installs this one in its place, which removes itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.registration.unregister()));
"""


def patch_site(site: pathlib.Path) -> list[pathlib.Path]:
    """Patch ``site``; the files changed. ShapeChanged, with nothing written, unless Voici's build and the
    kernel's extension each hold their piece once, in one file, and the site has a service worker to replace."""
    changes = [replaced_once(site, MAIN, PLUGIN_LIST, NONE_OF_THEM),
               replaced_once(site, KERNEL, NO_DRIVE_WARNING, AS_BUILT)]
    workers = sorted(site.rglob(WORKER_NAME))
    if not workers:
        raise ShapeChanged(f"no {WORKER_NAME} in {site}")
    for path, text in changes:
        path.write_text(text, encoding="utf-8")
    for worker in workers:
        worker.write_text(REMOVES_ITSELF, encoding="utf-8")
        _write_copies(worker)
    return [path for path, _ in changes] + workers


def _write_copies(worker: pathlib.Path) -> None:
    """The worker's precompressed copies, as the compress step makes them for larger files (a server that prefers
    them must find these, not an older build's); a kind this build cannot make (.br without brotli) is removed."""
    data = worker.read_bytes()
    made = encoders()
    for suffix, encode in made:
        worker.with_name(worker.name + suffix).write_bytes(encode(data))
    for suffix in {".gz", ".br"} - {suffix for suffix, _ in made}:
        worker.with_name(worker.name + suffix).unlink(missing_ok=True)


def main() -> int:
    return run("service_worker", __doc__.splitlines()[0], patch_site,
               "the pages register no service worker, and an earlier one removes itself")


if __name__ == "__main__":
    sys.exit(main())
