"""lite/service_worker.py (issue 31): the static site's pages register no service worker, an earlier one removes
itself, and the build stops, writing nothing, when the code it patches changed shape."""

from __future__ import annotations

import gzip
import pathlib

import pytest

from tests.helpers import lite_script

service_worker = lite_script("service_worker")

MAIN = ('const e=[n(1).default.filter((e=>"@jupyterlite/application-extension:service-worker-manager"===e.id)),'
        'n(2)];const w=await A.resolveOptionalService(r.IServiceWorkerManager);')
KERNEL = ('const n="Pyodide contents will NOT be synced with Jupyter Contents. For full functionality, try using a regular'
          ' browser tab instead of private/incognito mode, especially in Firefox where this is a known limitation.";'
          'console.warn(n)')
OLD_WORKER = 'self.addEventListener("fetch",onFetch);'


def _site(tmp_path: pathlib.Path, main: str = MAIN, kernel: str = KERNEL) -> pathlib.Path:
    for folder, text in ((service_worker.MAIN, main), (service_worker.KERNEL, kernel)):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "1.js").write_text(text)
        (tmp_path / folder / "2.js").write_text("unrelated();")
        (tmp_path / folder / "service-worker.js").write_text(OLD_WORKER)
    (tmp_path / "service-worker.js").write_text(OLD_WORKER)
    return tmp_path


def test_no_page_registers_the_worker_and_every_copy_of_it_removes_itself(tmp_path):
    site = _site(tmp_path)
    changed = service_worker.patch_site(site)
    assert sorted(path.relative_to(site).as_posix() for path in changed) == sorted([
        f"{service_worker.MAIN}/1.js", f"{service_worker.KERNEL}/1.js", "service-worker.js",
        f"{service_worker.MAIN}/service-worker.js", f"{service_worker.KERNEL}/service-worker.js"])
    main = (site / service_worker.MAIN / "1.js").read_text()
    assert "service-worker-manager" not in main and "n(1).default.filter((e=>!1)),n(2)" in main
    kernel = (site / service_worker.KERNEL / "1.js").read_text()
    assert "private/incognito" not in kernel and "as built (lite/service_worker.py)" in kernel
    for worker in site.rglob("service-worker.js"):
        text = worker.read_text()
        assert "registration.unregister()" in text and '"fetch"' not in text
    assert (site / service_worker.MAIN / "2.js").read_text() == "unrelated();"


def test_the_new_worker_has_its_own_compressed_copies(tmp_path):
    """A server that prefers NAME.gz/NAME.br must send the new worker, also from a site copied over an older one."""
    site = _site(tmp_path)
    (site / "service-worker.js.gz").write_bytes(gzip.compress(OLD_WORKER.encode()))     # an older build's copies
    (site / "service-worker.js.br").write_bytes(b"an older build's brotli copy")
    service_worker.patch_site(site)
    for worker in site.rglob("service-worker.js"):
        assert gzip.decompress(worker.with_name("service-worker.js.gz").read_bytes()) == worker.read_bytes()
        br = worker.with_name("service-worker.js.br")
        try:
            import brotli
        except ImportError:
            assert not br.exists()
        else:
            assert brotli.decompress(br.read_bytes()) == worker.read_bytes()


@pytest.mark.parametrize("main, kernel", [
    ("const e=[n(2)];", KERNEL),                 # Voici no longer lists the plugin so
    (MAIN + MAIN, KERNEL),                       # twice: which list is the app's?
    (MAIN, "console.warn(other)"),               # the kernel's warning changed
])
def test_another_shape_stops_the_build_with_nothing_written(tmp_path, main, kernel):
    site = _site(tmp_path, main, kernel)
    with pytest.raises(service_worker.ShapeChanged):
        service_worker.patch_site(site)
    assert (site / service_worker.MAIN / "1.js").read_text() == main
    assert (site / service_worker.KERNEL / "1.js").read_text() == kernel
    assert (site / "service-worker.js").read_text() == OLD_WORKER


def test_the_script_says_what_stopped_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["service_worker.py", str(_site(tmp_path, main="const e=[];"))])
    assert service_worker.main() == 1
    assert "0 files hold" in capsys.readouterr().err
