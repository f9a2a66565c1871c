"""Make a second visit restore Python from a memory snapshot (issue 31): patch the kernel's worker.

On every visit Pyodide starts Python, unpacks every wheel into a fresh in-memory file system and
imports the kernel and the course again: some 12 s of a second visit's CPU, while the browser's
cache sends 0 bytes. Pyodide 0.27's (hidden) memory snapshot keeps Python's memory, not its files,
and only while no Python module holds a JavaScript object (micropip and the kernel do) and no
package is marked as loaded. So, in the kernel's worker (jupyterlite-pyodide-kernel, which calls
``loadPyodide`` itself), this replaces that call with one that

* on a visit with no snapshot, starts Pyodide as before (its packages loaded), imports ``IMPORTS``
  (pure Python: IPython, the course), takes the snapshot with the files of site-packages, and
  stores both in the browser's IndexedDB under the digest of ``pyodide-lock.json`` (which holds
  every wheel's sha256, so a new build never restores an old snapshot; older entries are removed);
* on a later visit, restores Python from that snapshot, writes the files back, marks the
  packages as loaded and seeds ``random`` afresh (the snapshot holds its state): no wheel is fetched
  or unpacked, nothing of ``IMPORTS`` is imported again;
* on any failure (no IndexedDB, a snapshot that does not load, an import that holds JavaScript),
  starts Pyodide the normal way. Each path says what it did on the worker's console
  (``burraco-tutor snapshot: ...``), which ``tests/browser/test_lite.py`` reads.

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
IMPORTS = ("IPython", "lessons", "lessons.widgets.app")

START = r"""this._pyodide=await (async(load,indexURL,options)=>{
const log=(m)=>console.log("burraco-tutor snapshot: "+m),STORE="start",{packages,...rest}=options||{};
const ask=(r)=>new Promise((ok,no)=>{r.onsuccess=()=>ok(r.result);r.onerror=()=>no(r.error)});
let db=null,key=null;
try{
  const lock=new Uint8Array(await (await fetch(indexURL+"pyodide-lock.json")).arrayBuffer());
  let a=0x811c9dc5,b=0x01000193^lock.length;
  for(const x of lock){a=Math.imul(a^x,0x01000193)>>>0;b=Math.imul(b^x,0x5bd1e995)>>>0}
  key=a.toString(16)+"-"+b.toString(16)+"-"+lock.length;
  const opening=indexedDB.open("burraco-tutor-snapshot",1);
  opening.onupgradeneeded=()=>opening.result.createObjectStore(STORE);
  db=await ask(opening);
  const saved=await ask(db.transaction(STORE).objectStore(STORE).get(key));
  if(saved){
    const py=await load({indexURL,...rest,_loadSnapshot:saved.snapshot});
    for(const [p,d] of saved.files){if(d===null)py.FS.mkdirTree(p);else py.FS.writeFile(p,d)}
    Object.assign(py.loadedPackages,saved.loaded);
    py.runPython("import importlib, random; importlib.invalidate_caches(); random.seed()");
    log("restored, "+saved.files.length+" files written back, no wheel unpacked");
    return py;
  }
}catch(err){log("not restored ("+err+"): a normal start")}
const py=await load({indexURL,...rest,packages,_makeSnapshot:db!==null});
if(db!==null){try{
  py.runPython(__IMPORTS__);
  const FS=py.FS,files=[];
  const walk=(d)=>{for(const n of FS.readdir(d)){if(n==="."||n==="..")continue;const p=d+"/"+n;
    if(FS.isDir(FS.stat(p).mode)){files.push([p,null]);walk(p)}else files.push([p,FS.readFile(p)])}};
  walk(py._api.sitepackages);
  const loaded={...py.loadedPackages};
  for(const k of Object.keys(loaded))delete py.loadedPackages[k];
  let snapshot;
  try{snapshot=py.makeMemorySnapshot()}finally{Object.assign(py.loadedPackages,loaded)}
  const tx=db.transaction(STORE,"readwrite"),store=tx.objectStore(STORE);
  store.clear();store.put({snapshot,files,loaded},key);
  tx.oncomplete=()=>log("taken and stored for the next visit");
  tx.onerror=()=>log("not stored ("+tx.error+")");
}catch(err){log("not taken ("+err+")")}}
return py;
})(t,i,e.loadPyodideOptions)"""


def patched(text: str) -> str:
    """The worker's code with the snapshot start in place of its ``loadPyodide`` call."""
    start = START.replace("__IMPORTS__", json.dumps("import " + ", ".join(IMPORTS)))
    return text.replace(CALL, "".join(line.strip() for line in start.splitlines()))


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
        if text.count(CALL) == 0 or text.count(CALL) != text.count(SHAPE):
            sys.exit(f"lite/snapshot.py: {path} no longer calls loadPyodide as jupyterlite-pyodide-kernel 0.6.1 "
                     f"did ({CALL!r}, once after each {SHAPE!r}): update lite/snapshot.py")
        path.write_text(patched(text))
    print(f"lite/snapshot.py: {len(workers)} kernel worker(s) start from a memory snapshot when one is stored")
    return 0


if __name__ == "__main__":
    sys.exit(main())
