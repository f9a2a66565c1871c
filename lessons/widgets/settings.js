// Preferences: the learner's choices that are not progress (the tools' ruleset, projector mode,
// the four-colour deck), kept in the browser's localStorage under `key` as JSON text. Python
// decides; this side reads once when the model is created, writes every new value, and passes on
// other tabs' saves (storage event). The display choices are drawn here: a class on the page's
// root element per choice (settings.css does the rest), so every widget follows at once.

const DISPLAY = { projector: "bt-projector", four_colour: "bt-four-colour" };

function show(value) {
  let chosen = {};
  try {
    chosen = JSON.parse(value || "{}") || {};
  } catch (err) {
    chosen = {};
  }
  for (const [name, className] of Object.entries(DISPLAY)) {
    document.documentElement.classList.toggle(className, chosen[name] === true);
  }
}

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

// Once per document, on every page (each has this widget): a link drawn as a button (role="button",
// the home page's "Continue") answers Space as a button does, instead of scrolling the page; and a
// page with no main landmark (a tool's own notebook) makes its rendered cells the main one.
function pageWide() {
  if (window.__btPageWide) return;
  window.__btPageWide = true;
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.key !== " " || !(target instanceof Element) || !target.matches("a[role='button'][href]")) return;
    event.preventDefault();
    target.click();
  });
  const landmark = () => {
    if (document.querySelector("main, [role='main']")) return;
    const cells = document.querySelector("#rendered_cells");
    if (cells) cells.setAttribute("role", "main");
  };
  landmark();
  window.setTimeout(landmark, 0);
}

function initialize({ model }) {
  pageWide();
  const display = () => show(model.get("value"));
  model.on("change:value", display);
  const storage = openStorage();
  if (!storage) {
    display();
    model.set("loaded", true);
    model.save_changes();
    return () => model.off("change:value", display);
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
  // The saved choices, except those the kernel made before the page opened (set from code).
  const stored = storage.getItem(key());
  const current = model.get("value");
  let value = stored;
  if (stored !== null && current) {
    try {
      value = JSON.stringify({ ...JSON.parse(stored), ...JSON.parse(current) });
    } catch (err) {
      value = current;
    }
  }
  if (value !== null && value !== current) model.set("value", value);
  display();
  write();
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
    model.off("change:value", display);
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
