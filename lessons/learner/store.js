// BrowserStore: the learner's progress in the browser's localStorage (see store.py).
//
// Synced traits: key (the localStorage key), saved (the progress as JSON text, both ways),
// owner (the seal of the copy Python writes, an HMAC under the learner's secret: kept beside it under
// key + ":owner"), saved_owner (the seal stored with the copy sent to Python, "" when none), loaded (set here once localStorage
// was read), available (false when the page may not use localStorage), error (the name of the
// last failed write, "" when it worked). Python checks every copy it is sent (size, format, owner).
// Python decides everything (it merges); this side only reads, writes and listens:
//  - once, when the model is created: read localStorage[key] and send it to Python;
//    if the browser holds nothing yet, keep what Python already has;
//  - whenever Python sets a new `saved`: write it (unchanged values are not rewritten);
//  - on the `storage` event (another tab of the same site saved): send its value to Python.
// The logic lives in initialize(), once per model, so several views do not repeat it.

function openStorage() {
  try {
    const storage = window.localStorage;
    const probe = "__burraco_tutor_probe__";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch (err) {
    return null; // storage switched off, sandboxed frame, private mode with no quota
  }
}

function initialize({ model }) {
  const storage = openStorage();
  if (!storage) {
    model.set("available", false);
    model.set("loaded", true);
    model.save_changes();
    return () => {};
  }
  const key = () => model.get("key");
  const ownerKey = () => `${model.get("key")}:owner`;
  const storedOwner = () => storage.getItem(ownerKey()) || "";

  function report(error) {
    if (model.get("error") !== error) {
      model.set("error", error);
      model.save_changes();
    }
  }

  function write(value) {
    if (!value) return;
    try {
      // the owner first: a tab woken by the value's storage event reads whose it is
      const owner = model.get("owner") || "";
      if (storedOwner() !== owner) {
        if (owner) storage.setItem(ownerKey(), owner);
        else storage.removeItem(ownerKey());
      }
      if (storage.getItem(key()) !== value) storage.setItem(key(), value);
      report("");
    } catch (err) {
      report(String((err && err.name) || err));
    }
  }

  const stored = storage.getItem(key());
  if (stored === null) write(model.get("saved"));
  else if (stored !== model.get("saved")) {
    model.set("saved_owner", storedOwner());
    model.set("saved", stored);
  }
  model.set("available", true);
  model.set("loaded", true);
  model.save_changes();

  const onSaved = () => write(model.get("saved"));

  const onStorage = (event) => {
    if (event.storageArea !== storage || event.key !== key() || event.newValue === null) return;
    if (event.newValue === model.get("saved")) return;
    model.set("saved_owner", storedOwner());
    model.set("saved", event.newValue);
    model.save_changes();
  };

  // Python asks to keep an unreadable copy aside before it writes over the key.
  const onMessage = (message) => {
    if (!message || message.kind !== "backup" || typeof message.key !== "string") return;
    try {
      storage.setItem(message.key, String(message.value));
    } catch (err) {
      report(String((err && err.name) || err));
    }
  };

  model.on("change:saved", onSaved);
  model.on("msg:custom", onMessage);
  window.addEventListener("storage", onStorage);
  return () => {
    model.off("change:saved", onSaved);
    model.off("msg:custom", onMessage);
    window.removeEventListener("storage", onStorage);
  };
}

function render({ el }) {
  // Nothing to see: the widget only has to be on the page.
  el.classList.add("bt-browser-store");
  el.style.display = "none";
  el.setAttribute("aria-hidden", "true");
}

export default { initialize, render };
