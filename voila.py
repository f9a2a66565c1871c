# Voilà settings that need Python (the others are in voila.json, read beside this file).
#
# 1. A page leaving (a learner going to the next lesson, closing the tab) asks the server to
#    shut its kernel down with a POST that carries the page's `_xsrf` cookie. Voilà's own
#    page never sets that cookie, so the request is refused (403) and every kernel a learner
#    left keeps running, with its memory, until it is culled. Reading the handler's
#    `xsrf_token` before the page is sent sets the cookie, as every Jupyter page does.
# 2. Kernels talk to the server over local sockets instead of TCP ports where the platform
#    allows it: twenty kernels starting at once cannot lose a race for a free port (a kernel
#    that lost it died at start-up under load), and nothing listens on a port.
import os
import sys

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (provided by the config loader)


def set_xsrf_cookie(handler, notebook, cwd):  # Voilà's prelaunch hook (incompatible with preheated kernels)
    handler.xsrf_token  # noqa: B018  (reading it sets the cookie on this response)
    return None


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie


def _socket_folders() -> list[str]:
    """Where kernels' socket files would go: Voilà's own temporary folder, or Jupyter's runtime folder."""
    import tempfile

    folders = [tempfile.gettempdir()]
    try:
        from jupyter_core.paths import jupyter_runtime_dir

        folders.append(jupyter_runtime_dir())
    except Exception:
        folders.append("?" * 99)
    return [os.path.abspath(folder) for folder in folders]


# A socket's path holds at most 107 bytes: the folder, then "voila_xxxxxxxx/kernel-<uuid>-ipc-<n>" (~70).
if sys.platform != "win32" and max(len(folder) for folder in _socket_folders()) <= 36:
    c.KernelManager.transport = "ipc"
