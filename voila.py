# Voilà settings that need Python (the others are in voila.json, read beside this file).
#
# 1. A page leaving (a learner closing the tab, or leaving a notebook for another) asks the
#    server to shut its kernel down with a POST that carries the page's `_xsrf` cookie. Voilà's
#    own page never sets that cookie, so the request is refused (403) and every kernel a learner
#    left keeps running, with its memory, until it is culled. Reading the handler's
#    `xsrf_token` before the page is sent sets the cookie, as every Jupyter page does.
# 2. The tutorial is one app page, index.ipynb. A lesson or tool notebook of tutorial/ opened in
#    Voilà (an old link, a bookmark) is sent to the app at that place: 02-melds.ipynb ->
#    index.ipynb#lesson/melds, before any kernel starts. JupyterLab still opens the notebooks
#    themselves. BURRACO_SEPARATE_PAGES=1 in the server's environment turns this off (the
#    benchmarks measure the old one-page-per-notebook path that way).
# 3. Voilà's page template fetches the FontAwesome icon font from a CDN; the template
#    burraco-tutor (share/jupyter/voila/templates/, installed with the project) is the same page
#    without it, so that no page asks anything of another host. Used when it can be found.
# 4. Kernels talk to the server over local sockets instead of TCP ports where the platform
#    allows it: twenty kernels starting at once cannot lose a race for a free port (a kernel
#    that lost it died at start-up under load), and nothing listens on a port.
# 5. The window's title is the notebook's metadata title, "Burraco Tutor", until the app draws and names
#    the place in the learner's language. The app's page takes the title in the language saved in
#    the learner's progress file on this server (a hub's user has their own), as the static site's
#    loading screen does; no file, or English: the notebook's own. Its loading screen says, in that
#    language, that the tutor is starting, then running (the template burraco-tutor shows them).
import functools
import json
import os
import re
import sys

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (provided by the config loader)

# The one cell of a lesson or tool notebook, and the app's address for it.
_PAGE_CELL = re.compile(r"""\s*import lessons\s+lessons\.(lesson|tool)_page\(\s*["']([a-z0-9-]+)["']\s*\)\s*""")


def app_address(notebook):
    """'lesson/melds' for a notebook whose one cell is lessons.lesson_page("melds"), 'tool/KEY' for
    lessons.tool_page("KEY"); None for any other notebook (index.ipynb, a teacher's own)."""
    cells = [cell for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"]
    if len(cells) != 1:
        return None
    source = cells[0].get("source", "")
    found = _PAGE_CELL.fullmatch(source if isinstance(source, str) else "".join(source))
    return f"{found.group(1)}/{found.group(2)}" if found else None


def app_beside(handler, cwd):
    """True when the notebook's folder holds index.ipynb (the app), as tutorial/ does."""
    try:
        return os.path.isfile(os.path.join(handler.contents_manager.root_dir, cwd or "", "index.ipynb"))
    except Exception:     # a contents manager without files on disk: no app to send anyone to
        return False


def prelaunch(handler, notebook, cwd):  # Voilà's prelaunch hook (incompatible with preheated kernels)
    address = None if os.environ.get("BURRACO_SEPARATE_PAGES") == "1" else app_address(notebook)
    if address is not None and app_beside(handler, cwd):
        from tornado.web import Finish

        handler.redirect(f"index.ipynb#{address}")     # relative: any base URL (Binder, a hub)
        raise Finish()
    handler.xsrf_token  # noqa: B018  (reading it sets the cookie on this response)
    return titled(notebook)


def progress_path():
    """The learner's progress file, where lessons.learner.filestore.default_path() puts it (Linux and others:
    $XDG_DATA_HOME/burraco-tutor/progress.json); read here without importing the course into the server."""
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
    elif sys.platform == "darwin":
        base = os.path.join(home, "Library", "Application Support")
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = xdg if xdg and os.path.isabs(xdg) else os.path.join(home, ".local", "share")
    return os.path.join(base, "burraco-tutor", "progress.json")


# What the app's page says before the app draws: the window's title and the loading screen (the template
# burraco-tutor shows the two loading texts in place of Voilà's English "Running ...", "Executing 1 of 1").
_PAGE_KEYS = {"home.title": "title", "lite.loading.title": "starting", "lite.loading.page": "running"}
_CATALOGUE_LINE = re.compile(r"([a-z.]+)\s*=\s?(.*)")


def learner_language(path=None):
    """The language saved in the learner's progress file on this server; "en" without one (no file, not JSON,
    no language, or not one the tutorial has)."""
    try:
        with open(path or progress_path(), encoding="utf-8") as file:
            lang = json.loads(file.read(1 << 20)).get("lang")
    except (OSError, ValueError, AttributeError):
        return "en"
    if not isinstance(lang, str) or not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?", lang):
        return "en"
    return lang if os.path.isfile(_catalogue(lang)) else "en"


def _catalogue(lang):
    return os.path.join(_locale_folder(), f"{lang}.txt")


@functools.lru_cache(maxsize=1)
def _locale_folder():
    """The catalogues' folder: beside this file in a clone, else in the installed package (a hub's environment,
    where this file is in etc/jupyter), found once, without importing the course into the server."""
    beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lessons", "locale")
    if not os.path.isdir(beside):
        import importlib.util

        spec = importlib.util.find_spec("lessons")
        folders = list(spec.submodule_search_locations or []) if spec else []
        beside = os.path.join(folders[0], "locale") if folders else beside
    return beside


def page_texts(lang):
    """The page's texts (``_PAGE_KEYS``) from the catalogue of ``lang``, English where it has none."""
    texts = {}
    for each in (lang, "en") if lang != "en" else ("en",):
        with open(_catalogue(each), encoding="utf-8") as file:
            for line in file:
                found = _CATALOGUE_LINE.match(line)
                if found and found.group(1) in _PAGE_KEYS:
                    texts.setdefault(_PAGE_KEYS[found.group(1)], found.group(2).strip())
    return texts


def titled(notebook, path=None):
    """The app's notebook as sent in the learner's saved language: its title (the window's, until the app draws)
    and, in its metadata ``burraco_tutor_loading``, the loading screen's language and texts. None for any other
    notebook (a teacher's own keeps its name and Voilà's loading screen)."""
    metadata = notebook.get("metadata", {})
    if metadata.get("title") != "Burraco Tutor":       # the app's (tutorial/index.ipynb): home.title in English
        return None
    lang = learner_language(path)
    try:
        texts = page_texts(lang)
    except OSError:                                    # a tree without its catalogues: the notebook as it is
        return None
    metadata["title"] = texts.get("title", metadata["title"])
    metadata["burraco_tutor_loading"] = {"lang": lang, "starting": texts.get("starting", ""),
                                         "running": texts.get("running", "")}
    return notebook


c.VoilaConfiguration.prelaunch_hook = prelaunch


def _find_template(name="burraco-tutor"):
    """Put the template's folder beside this file (a clone: start.sh, the tests) on Jupyter's data
    path; True when the template is there or already installed (share/jupyter of the environment)."""
    from jupyter_core.paths import jupyter_path

    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "share", "jupyter")
    if os.path.isfile(os.path.join(here, "voila", "templates", name, "conf.json")):
        os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (here, os.environ.get("JUPYTER_PATH", "")) if p)
    return any(os.path.isfile(os.path.join(root, "voila", "templates", name, "conf.json")) for root in jupyter_path())


if _find_template():
    c.VoilaConfiguration.template = "burraco-tutor"


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
