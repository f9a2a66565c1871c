// BrowserAddress: the app's place in the browser's address after "#" (see address.py).
//
// Synced traits: address (what follows "#", "" for none), loaded (set once the address was read), lang
// (the learner's language, put in <html lang> at once and at every switch).
// Python decides what to show; this side only
//  - reads location.hash when the model is created, and after every hashchange (a link of the
//    app, Back, Forward, an address typed), and sends it to Python;
//  - rewrites the address in place when Python sets `address` (history.replaceState: no new
//    history entry, no hashchange);
//  - on Python's "reveal" message: scrolls the element a selector finds into view once drawn (a
//    verdict under a tall table);
//  - on Python's "shown" message: puts the place's title in the window's title and moves the
//    keyboard focus to the first heading of the element with the class `marker` once it is drawn.
// A page opened on a place other than home hides the view (class bt-app-opening on <html>) until
// Python has shown that place, so the home page does not flash first.

const WAIT_MS = 15000;

function current() {
  const raw = window.location.hash.slice(1, 1001);
  try {
    return decodeURIComponent(raw);
  } catch (err) {
    return raw; // a malformed escape: Python refuses it as it is
  }
}

// Call act(element) once find() gives an element that is drawn, looking every 40 ms for up to ms
// (a widget's new value and a message leave Python together; the browser draws the value a moment
// later). Stop early when wanted() says a newer request took over.
function whenDrawn(find, act, ms, wanted = () => true) {
  const started = Date.now();
  const look = () => {
    if (!wanted()) return;
    let element = null;
    try {
      element = find();
    } catch (err) {
      return; // a selector the page cannot read
    }
    if (element && element.isConnected) {
      act(element);
      return;
    }
    if (Date.now() - started < ms) window.setTimeout(look, 40);
  };
  look();
}

function focusWhenDrawn(marker, state) {
  const token = ++state.token;
  const heading = () => {
    const host = document.querySelector("." + CSS.escape(marker));
    return host && host.querySelector("h1, h2");
  };
  const focus = (element) => {
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
    window.scrollTo(0, 0);
    element.scrollIntoView({ block: "nearest" });
  };
  whenDrawn(heading, focus, WAIT_MS, () => token === state.token); // a newer move takes over
}

// A verdict, hint or solution under a tall table: into view once it has something drawn in it.
function revealWhenDrawn(selector) {
  const drawn = () => {
    const element = document.querySelector(selector);
    return element && element.getBoundingClientRect().height > 0 ? element : null;
  };
  // a moment first, so that a new verdict replacing an old one is drawn before the scroll
  window.setTimeout(() => whenDrawn(drawn, (element) => element.scrollIntoView({ block: "nearest" }), 2000), 40);
}

// ipywidgets 8 keeps, in the browser, every view ever drawn of a widget still open in Python, with its DOM (the
// home page is drawn again at every return to it): each view's msg:custom listener stays on its model, the
// views of its layout and style are never removed, and the widget manager leaves the last view made as the
// value of the model's state_change (issue 31). Once a page, for the views made from then on: the listener
// goes with its view, and so do the layout's and style's views; state_change keeps its order without the
// view. The static site's copy of ipywidgets is also patched when it is built (lite/widget_views.py); doing
// both is harmless. Anything not of the expected shape: nothing is changed.
async function freeRemovedViews(manager) {
  if (!manager || manager.__btViewsFreed || typeof manager.loadViewClass !== "function") return;
  manager.__btViewsFreed = true;
  const DOMWidgetView = await manager.loadViewClass("DOMWidgetView", "@jupyter-widgets/base", "2.0.0");
  const WidgetView = DOMWidgetView && Object.getPrototypeOf(DOMWidgetView);
  const view = WidgetView?.prototype, dom = DOMWidgetView?.prototype;
  if (!view || !dom || view.__btViewsFreed || typeof view.initialize !== "function" || typeof view.remove !== "function"
      || typeof dom.remove !== "function" || typeof manager.create_view !== "function") return;
  view.__btViewsFreed = true;
  const handlers = (model) => ((model && model._events) || {})["msg:custom"] || [];
  const initialize = view.initialize, remove = view.remove, domRemove = dom.remove, create = manager.create_view;
  view.initialize = function (...args) {
    const before = new Set(handlers(this.model).map((handler) => handler.callback));
    const result = initialize.apply(this, args);
    this.__btCustom = handlers(this.model).map((handler) => handler.callback).filter((callback) => !before.has(callback));
    return result;
  };
  view.remove = function (...args) {
    for (const callback of this.__btCustom || []) this.model?.off("msg:custom", callback);
    this.__btCustom = [];
    return remove.apply(this, args);
  };
  dom.remove = function (...args) {
    const gone = (child) => { child?.remove(); }, kept = () => {};
    this.layoutPromise?.then(gone, kept);
    this.stylePromise?.then(gone, kept);
    return domRemove.apply(this, args);
  };
  manager.create_view = function (model, ...args) {
    const made = create.call(this, model, ...args);
    if (model && model.state_change === made) model.state_change = made.then(() => {});
    return made;
  };
}

function initialize({ model }) {
  freeRemovedViews(model.widget_manager).catch(() => {});
  const state = { token: 0 };
  const root = document.documentElement;
  const start = current();
  let opening = null;
  if (start !== "" && start !== "home") {
    root.classList.add("bt-app-opening");
    opening = window.setTimeout(() => root.classList.remove("bt-app-opening"), WAIT_MS);
  }
  const opened = () => {
    root.classList.remove("bt-app-opening");
    if (opening !== null) window.clearTimeout(opening);
    opening = null;
  };

  const report = () => {
    const address = current();
    if (address !== model.get("address")) {
      model.set("address", address);
      model.save_changes();
    }
  };

  const rewrite = () => {
    const wanted = model.get("address");
    if (wanted === current()) return;
    const url = wanted ? "#" + wanted : window.location.pathname + window.location.search;
    window.history.replaceState(window.history.state, "", url);
  };

  const onMessage = (message) => {
    if (message && message.kind === "reveal" && typeof message.selector === "string") {
      revealWhenDrawn(message.selector);
      return;
    }
    if (!message || message.kind !== "shown") return;
    if (typeof message.title === "string" && message.title) document.title = message.title;
    opened();
    if (message.focus && typeof message.marker === "string" && message.marker) {
      focusWhenDrawn(message.marker, state);
    }
  };

  const language = () => {
    const lang = model.get("lang");
    if (lang && root.lang !== lang) root.lang = lang;
  };
  language();
  model.on("change:lang", language);
  report();
  model.set("loaded", true);
  model.save_changes();
  window.addEventListener("hashchange", report);
  model.on("change:address", rewrite);
  model.on("msg:custom", onMessage);
  return () => {
    window.removeEventListener("hashchange", report);
    model.off("change:address", rewrite);
    model.off("change:lang", language);
    model.off("msg:custom", onMessage);
    opened();
  };
}

function render({ el }) {
  // Nothing to see: the widget only has to be on the page.
  el.classList.add("bt-browser-address");
  el.style.display = "none";
  el.setAttribute("aria-hidden", "true");
}

export default { initialize, render };
