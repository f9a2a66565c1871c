// PageVoice (voice.py): the page's language, its one live region, and where the focus goes.
//
// Synced traits: lang (the learner's language: <html lang>), said (the live region's text).
// Messages: {kind: "focus", selector} moves the focus to that element once it is drawn.
// Once per document, a watcher keeps the focus off <body>: when the element that had it is disabled
// or removed (a Draw button once the card is drawn, a Next button whose exercise is gone), the focus
// goes to the next control after it that can take it, else to the nearest heading still on the page; and
// the star strip's current exercise and the toggle buttons' pressed state are given their aria-* names;
// a click on the strip's star of another exercise makes the exercise on screen inert at once.

const WAIT_MS = 15000;
const FOCUSABLE = "button:not([disabled]), input:not([disabled]), select:not([disabled]), " +
  "textarea:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

function shown(element) {
  return element.isConnected && element.getClientRects().length > 0;
}

function focusOn(element) {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "nearest" });
}

function whenDrawn(selector, state) {
  const token = ++state.token;
  const started = Date.now();
  const look = () => {
    if (token !== state.token) return; // a newer request took over
    let element = null;
    try {
      element = document.querySelector(selector);
    } catch (err) {
      return;
    }
    if (element && shown(element)) {
      focusOn(element);
      return;
    }
    if (Date.now() - started < WAIT_MS) window.setTimeout(look, 40);
  };
  look();
}

function lost() {
  const active = document.activeElement;
  return !active || active === document.body || active.disabled === true || !shown(active);
}

function watchFocus() {
  if (window.__btFocusWatch) return;
  window.__btFocusWatch = true;
  let last = null;
  let around = [];
  document.addEventListener("focusin", (event) => {
    last = event.target;
    around = [];
    for (let node = last.parentElement; node; node = node.parentElement) around.push(node);
  }, true);
  const rescue = () => {
    if (!last || !lost()) return;
    if (shown(last) && !last.disabled) return;
    // the next control after it, in the nearest box that has one; else the nearest heading
    const hosts = around.filter((node) => node.isConnected && node !== document.body && shown(node));
    let target = null;
    for (const host of hosts) {
      const controls = [...host.querySelectorAll(FOCUSABLE)].filter(shown);
      target = controls.find((each) => !last.isConnected ||
        (last.compareDocumentPosition(each) & Node.DOCUMENT_POSITION_FOLLOWING)) || null;
      if (target) break;
    }
    if (!target) {
      for (const host of hosts) {
        target = [...host.querySelectorAll("h1, h2, h3")].find(shown) || null;
        if (target) break;
      }
    }
    // forgotten before the move, so that the focusin of the move makes the new place the one watched:
    // a control the focus was moved to may itself be disabled or redrawn a moment later (the table's
    // controls after Lay down, on a loaded machine), and its focus must be moved on again
    last = null;
    if (target) focusOn(target);
  };
  // A star of the strip clicked (another exercise): the exercise on screen takes no click or key from
  // now on, before the kernel hides it and builds the next one (meanwhile a fast keyboard user could press
  // its Draw). Gone with it once the next one is drawn; let go if the kernel never answers.
  document.addEventListener("click", (event) => {
    const star = event.target instanceof Element ? event.target.closest(".bt-strip-item:not(.bt-current)") : null;
    const lesson = star ? star.closest(".bt-lesson") : null;
    if (!lesson) return;
    const old = [...lesson.querySelectorAll(".bt-exercise")];
    for (const each of old) each.inert = true;
    window.setTimeout(() => { for (const each of old) each.inert = false; }, WAIT_MS);
  }, true);
  let waiting = null;
  new MutationObserver(() => {
    if (waiting === null) waiting = window.setTimeout(() => { waiting = null; states(); rescue(); }, 60);
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "style", "class"] });
}

// What the widgets show by a class, said to a screen reader too: the star strip's current exercise
// (aria-current) and which of a row of toggle buttons is pressed (aria-pressed).
function states() {
  for (const item of document.querySelectorAll(".bt-strip-item")) {
    if (item.classList.contains("bt-current")) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
  for (const button of document.querySelectorAll(".widget-toggle-buttons button, button.widget-toggle-button")) {
    const pressed = button.classList.contains("mod-active") ? "true" : "false";
    if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
  }
}

function landmark(el) {
  if (document.querySelector("main, [role='main']")) return;
  const page = document.querySelector("#rendered_cells") || el.closest(".bt-app, .bt-lesson-page, .bt-lesson, .bt-home");
  if (page) page.setAttribute("role", "main");
}

function render({ model, el }) {
  const state = { token: 0 };
  el.classList.add("bt-voice");
  const region = document.createElement("div");
  region.className = "bt-live";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  el.appendChild(region);
  const speak = () => { region.textContent = model.get("said"); };
  const language = () => {
    const lang = model.get("lang");
    if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
  };
  const onMessage = (message) => {
    if (message && message.kind === "focus" && typeof message.selector === "string") whenDrawn(message.selector, state);
  };
  language();
  landmark(el);
  watchFocus();
  window.setTimeout(states, 0);
  // the region is on the page empty first: words put in it later are read
  window.setTimeout(speak, 0);
  model.on("change:said", speak);
  model.on("change:lang", language);
  model.on("msg:custom", onMessage);
  return () => {
    model.off("change:said", speak);
    model.off("change:lang", language);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
