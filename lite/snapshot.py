"""Make a second visit restore Python from a memory snapshot (issue 31): patch the kernel's worker.

On every visit Pyodide starts Python, unpacks every wheel into a fresh in-memory file system and
imports the kernel and the course again: some 12 s of a second visit's CPU, while the browser's
cache sends 0 bytes. Pyodide 0.27's (hidden) memory snapshot keeps Python's memory, not its files,
and only while no Python module holds a JavaScript object (micropip and the kernel do) and no
package is marked as loaded. So, in the kernel's worker (jupyterlite-pyodide-kernel, which calls
``loadPyodide`` itself), this replaces that call with one that

* on a visit with no snapshot, starts Pyodide as before (its packages loaded), imports ``IMPORTS``
  (pure Python: IPython, the course), reads what the home page reads first (``WARM``) and imports the
  kernel itself with no JavaScript in it (``KERNEL``), takes the snapshot, and stores it and the files
  of site-packages (one array of bytes) in the browser's IndexedDB, two entries under the digest of
  ``pyodide-lock.json`` (which holds every wheel's sha256, so a new build never restores an old
  snapshot; older entries are removed);
* on a later visit, reads both entries while Pyodide loads its own code (the snapshot is handed to
  ``loadPyodide`` as a promise), restores Python from the snapshot, writes the files back, marks the
  packages as loaded, tells the import system's file finders and seeds ``random`` afresh
  (``AFRESH``): no wheel is fetched or unpacked, nothing of ``IMPORTS`` or the kernel is imported again;
* on any failure (no IndexedDB, a snapshot that does not load, an import that holds JavaScript),
  starts Pyodide the normal way. Each path says what it did on the worker's console
  (``burraco-tutor snapshot: ...``), which ``tests/browser/test_lite.py`` reads.

The kernel's start then no longer imports piplite and micropip (``PIPLITE_LATER``: their options are set
when something first imports piplite), and it says how long each of its steps took (``TIMED``).

    python lite/snapshot.py SITE

The build fails if the worker's code no longer has the exact shape this replaces.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

WORKERS = "extensions/@jupyterlite/pyodide-kernel-extension/static"
# The kernel's start in jupyterlite-pyodide-kernel 0.6.1's worker (t: loadPyodide, i: indexURL, e: options).
CALL = "this._pyodide=await t({indexURL:i,...e.loadPyodideOptions})"
SHAPE = "async initRuntime(e){let t,{pyodideUrl:n,indexUrl:i}=e;"
# Imported before the snapshot: what the kernel's start and the home page import that holds no JavaScript.
IMPORTS = ("IPython", "lessons", "lessons.widgets.app", "getpass", "_strptime", "IPython.core.completerlib")
# Then read into memory before the snapshot: what the home page's cell reads first (the lessons, the catalogues).
WARM = ("lessons.curriculum.model.all_lessons()", "lessons.curriculum.model.languages()")
# Then the kernel itself (IPython's shell, its magics, the kernel object: 0.5-0.8 s of a restored visit in the
# browser), so that the worker's own ``import pyodide_kernel`` finds it imported. Its one JavaScript object is
# ``pyodide_js.loadPackagesFromImports``, taken at import: the kernel gets a Python function that fetches the real
# one when a cell runs, so the snapshot holds no JavaScript. The stand-in module is gone again before the snapshot.
KERNEL = """\
def _kernel_without_javascript():
    import sys, types

    def loadPackagesFromImports(*args, **kwargs):
        import pyodide_js
        return pyodide_js.loadPackagesFromImports(*args, **kwargs)

    real = sys.modules.get("pyodide_js")
    stand_in = types.ModuleType("pyodide_js")
    stand_in.loadPackagesFromImports = loadPackagesFromImports
    sys.modules["pyodide_js"] = stand_in
    try:
        import pyodide_kernel
    finally:
        if real is None:
            del sys.modules["pyodide_js"]
        else:
            sys.modules["pyodide_js"] = real


_kernel_without_javascript()
del _kernel_without_javascript
"""
# Run after a restore: the import system's directory caches are stale (the files were written back), and
# ``random`` would repeat the first visit's draws. Only the file finders are told (each then reads its folder
# again): ``importlib.invalidate_caches()`` also reads the whole standard library's zip again (0.4-1 s).
AFRESH = """\
def _afresh():
    import random, sys
    for finder in list(sys.path_importer_cache.values()):
        if hasattr(finder, "_path_mtime"):
            finder.invalidate_caches()
    random.seed()


_afresh()
del _afresh
"""
# What is stored (a new one never reads an old one): the memory, and site-packages' files as one array of bytes.
FORMAT = "3"

# The kernel's start imports piplite (and with it micropip, some 2-4 s, and neither can be in the snapshot: they
# hold JavaScript objects) only to set two of its options. In its place: the options are set when a cell first
# imports piplite (``%pip install`` does), so a visit that installs nothing never imports micropip.
PIPLITE_NOW = ("`\\n      import piplite.piplite\\n      piplite.piplite._PIPLITE_DISABLE_PYPI = ${n?\"True\":\"False\"}"
               "\\n      piplite.piplite._PIPLITE_URLS = ${JSON.stringify(i)}\\n    `")
PIPLITE_LATER = """\
def _piplite_when_imported(disable_pypi, urls):
    import sys

    def configure(module):
        module._PIPLITE_DISABLE_PYPI = disable_pypi
        module._PIPLITE_URLS = urls

    if "piplite.piplite" in sys.modules:
        configure(sys.modules["piplite.piplite"])
        return

    class Configure:
        def find_spec(self, name, path=None, target=None):
            if name != "piplite.piplite":
                return None
            sys.meta_path.remove(self)
            for finder in sys.meta_path:
                spec = finder.find_spec(name, path, target) if hasattr(finder, "find_spec") else None
                if spec is not None:
                    run = spec.loader.exec_module

                    def exec_module(module):
                        run(module)
                        configure(module)

                    spec.loader.exec_module = exec_module
                    return spec
            return None

    sys.meta_path.insert(0, Configure())


_piplite_when_imported(__DISABLE_PYPI__, __URLS__)
del _piplite_when_imported
"""

# The kernel's start, step by step: timed, and the worker's console says how long each step and each
# cell took (``burraco-tutor start: {...}``, read by benchmarks/bench_lite.py).
STEPS = ("await this.initRuntime(e),await this.initFilesystem(e),await this.initPackageManager(e),"
         "await this.initKernel(e),await this.initGlobals(e),null==(t=this._initializer)||t.resolve()}")
TIMED = r"""const T={at:Date.now()},step=async(k,f)=>{const s=performance.now();await f();T[k]=Math.round(performance.now()-s)};
await step("runtime",()=>this.initRuntime(e));await step("filesystem",()=>this.initFilesystem(e));
await step("packages",()=>this.initPackageManager(e));await step("kernel",()=>this.initKernel(e));
await step("globals",()=>this.initGlobals(e));
const run=this.execute;
this.execute=async(...a)=>{const s=performance.now();try{return await run.apply(this,a)}
finally{console.log("burraco-tutor start: "+JSON.stringify({cell:Math.round(performance.now()-s),done:Date.now()}))}};
console.log("burraco-tutor start: "+JSON.stringify({...T,...this._btStart,ready:Date.now()}));
null==(t=this._initializer)||t.resolve()}"""

START = r"""this._pyodide=await (async(load,indexURL,options)=>{
const log=(m)=>console.log("burraco-tutor snapshot: "+m),STORE="start",{packages,...rest}=options||{};
const ask=(r)=>new Promise((ok,no)=>{r.onsuccess=()=>ok(r.result);r.onerror=()=>no(r.error)});
let last=performance.now();const ms=()=>{const now=performance.now(),took=Math.round(now-last);last=now;return took};
this._btStart={};
let db=null,key=null;
try{
  const lock=new Uint8Array(await (await fetch(indexURL+"pyodide-lock.json")).arrayBuffer());
  let a=0x811c9dc5,b=0x01000193^lock.length;
  for(const x of lock){a=Math.imul(a^x,0x01000193)>>>0;b=Math.imul(b^x,0x5bd1e995)>>>0}
  key="__FORMAT__-"+a.toString(16)+"-"+b.toString(16)+"-"+lock.length;
  this._btStart.lock=ms();
  const opening=indexedDB.open("burraco-tutor-snapshot",1);
  opening.onupgradeneeded=()=>opening.result.createObjectStore(STORE);
  db=await ask(opening);
  const store=db.transaction(STORE).objectStore(STORE);
  if(await ask(store.getKey(key+"/memory"))!==undefined){
    const memory=ask(store.get(key+"/memory")),files=ask(store.get(key+"/files"));
    this._btStart.read=ms();
    const py=await load({indexURL,...rest,_loadSnapshot:memory});
    this._btStart.load=ms();
    const saved=await files;
    for(const d of saved.dirs)py.FS.mkdirTree(d);
    let at=0;saved.paths.forEach((p,n)=>{const end=at+saved.sizes[n];py.FS.writeFile(p,saved.bytes.subarray(at,end));at=end});
    this._btStart.files=ms();
    Object.assign(py.loadedPackages,saved.loaded);
    py.runPython(__AFRESH__);
    this._btStart.python=ms();
    log("restored, "+saved.paths.length+" files written back, no wheel unpacked");
    return py;
  }
  this._btStart.read=ms();
}catch(err){log("not restored ("+err+"): a normal start")}
const py=await load({indexURL,...rest,packages,_makeSnapshot:db!==null});
this._btStart.load=ms();
if(db!==null){try{
  py.runPython(__IMPORTS__);
  this._btStart.imports=ms();
  const FS=py.FS,dirs=[],paths=[],sizes=[],data=[];
  const walk=(d)=>{for(const n of FS.readdir(d)){if(n==="."||n==="..")continue;const p=d+"/"+n;
    if(FS.isDir(FS.stat(p).mode)){dirs.push(p);walk(p)}else{const f=FS.readFile(p);paths.push(p);sizes.push(f.length);data.push(f)}}};
  walk(py._api.sitepackages);
  const bytes=new Uint8Array(sizes.reduce((x,y)=>x+y,0));
  let at=0;for(const f of data){bytes.set(f,at);at+=f.length}
  const loaded={...py.loadedPackages};
  for(const k of Object.keys(loaded))delete py.loadedPackages[k];
  let snapshot;
  try{snapshot=py.makeMemorySnapshot()}finally{Object.assign(py.loadedPackages,loaded)}
  const tx=db.transaction(STORE,"readwrite"),store=tx.objectStore(STORE);
  store.clear();store.put({dirs,paths,sizes,bytes,loaded},key+"/files");store.put(snapshot,key+"/memory");
  this._btStart.snapshot=ms();
  tx.oncomplete=()=>log("taken and stored for the next visit");
  tx.onerror=()=>log("not stored ("+tx.error+")");
}catch(err){log("not taken ("+err+")")}}
return py;
})(t,i,e.loadPyodideOptions)"""


def _joined(code: str) -> str:
    return "".join(line.strip() for line in code.splitlines())


def patched(text: str) -> str:
    """The worker's code with the snapshot start in place of its ``loadPyodide`` call, its steps timed."""
    imports = "; ".join(("import " + ", ".join(IMPORTS), *WARM)) + "\n" + KERNEL
    start = START.replace("__IMPORTS__", json.dumps(imports)).replace("__FORMAT__", FORMAT)
    start = start.replace("__AFRESH__", json.dumps(AFRESH))
    text = text.replace(STEPS + SHAPE, _joined(TIMED) + SHAPE)
    later = PIPLITE_LATER.replace("\\", "\\\\").replace("\n", "\\n")
    later = later.replace("__DISABLE_PYPI__", '${n?"True":"False"}').replace("__URLS__", "${JSON.stringify(i)}")
    text = text.replace(PIPLITE_NOW, f"`{later}`")
    return text.replace(CALL, _joined(start))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=pathlib.Path)
    args = parser.parse_args()
    workers = [path for path in sorted((args.site / WORKERS).glob("*.js")) if "initRuntime(e)" in path.read_text()]
    if not workers:
        sys.exit(f"lite/snapshot.py: no kernel worker with initRuntime in {args.site / WORKERS}: "
                 "jupyterlite-pyodide-kernel changed; update lite/snapshot.py")
    for path in workers:
        text = path.read_text()
        if text.count(CALL) == 0 or not text.count(CALL) == text.count(SHAPE) == text.count(STEPS + SHAPE) \
                or text.count(PIPLITE_NOW) < text.count(SHAPE):
            sys.exit(f"lite/snapshot.py: {path} no longer calls loadPyodide as jupyterlite-pyodide-kernel 0.6.1 "
                     f"did ({CALL!r}, once after each {SHAPE!r}, which follows {STEPS!r}; "
                     f"piplite's options set by {PIPLITE_NOW!r}): "
                     "update lite/snapshot.py")
        path.write_text(patched(text))
    print(f"lite/snapshot.py: {len(workers)} kernel worker(s) start from a memory snapshot when one is stored")
    return 0


if __name__ == "__main__":
    sys.exit(main())
