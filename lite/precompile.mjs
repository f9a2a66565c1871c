// node lite/precompile.mjs SITE_PYODIDE_DIR: run lite/precompile.py inside that Pyodide (issue 31).
// The folder holds pyodide.mjs, pyodide-lock.json and the wheels (lite/assemble.py pyodide); it is
// mounted at /site so that the script rewrites the wheels and the lock in place.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2]);
const config = JSON.parse(readFileSync(path.resolve(process.argv[3]), "utf8"));
const packages = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"]
  .loadPyodideOptions.packages;
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: site + path.sep, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(packages, { messageCallback: () => {} });
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
const here = path.dirname(fileURLToPath(import.meta.url));
try {
  pyodide.runPython(readFileSync(path.join(here, "precompile.py"), "utf8"));
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
