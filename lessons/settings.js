// Preferences: the learner's choices that are not progress (the tools' ruleset), kept in the
// browser's localStorage under `key` as JSON text. Python decides; this side reads once when
// the model is created, writes every new value, and passes on other tabs' saves (storage event).

function openStorage() {
  try {
    const storage = window.localStorage;
    storage.setItem("__burraco_tutor_probe__", "1");
    storage.removeItem("__burraco_tutor_probe__");
    return storage;
  } catch (err) {
    return null;
  }
}

function initialize({ model }) {
  const storage = openStorage();
  if (!storage) {
    model.set("loaded", true);
    model.save_changes();
    return () => {};
  }
  const key = () => model.get("key");
  const write = () => {
    const value = model.get("value");
    try {
      if (value && storage.getItem(key()) !== value) storage.setItem(key(), value);
    } catch (err) {
      // a full or switched-off storage: the choice lasts for this page only
    }
  };
  const stored = storage.getItem(key());
  if (stored !== null && stored !== model.get("value")) model.set("value", stored);
  model.set("loaded", true);
  model.save_changes();
  const onStorage = (event) => {
    if (event.storageArea !== storage || event.key !== key() || event.newValue === null) return;
    if (event.newValue === model.get("value")) return;
    model.set("value", event.newValue);
    model.save_changes();
  };
  model.on("change:value", write);
  window.addEventListener("storage", onStorage);
  return () => {
    model.off("change:value", write);
    window.removeEventListener("storage", onStorage);
  };
}

function render({ el }) {
  el.classList.add("bt-preferences");
  el.style.display = "none";
  el.setAttribute("aria-hidden", "true");
}

export default { initialize, render };
