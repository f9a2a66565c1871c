// Hand: a row (or grid) of cards drawn as SVG, selectable by mouse and keyboard.
//
// Synced traits (see hand.py): faces [{code, svg, label}], selected [index] (sent to Python as a
// message, with the arrangement it was chosen in), marked [index]
// (drawn with a mark, e.g. the card just drawn; said as marked_label),
// selectable, overlap (fraction of a card hidden under the next one),
// columns (0: one row; N: a grid of N columns), card_width, label.
// Keyboard: Tab focuses the hand, arrows move, Home/End jump, Space/Enter toggle.
// Sizes are CSS pixels times --bt-card-scale (projector mode, settings.css), and both layouts
// wrap to the width they are given: a row onto more rows (still overlapped), a grid of N columns
// onto fewer columns (arrow Up/Down follow the columns as drawn).

const scaled = (px) => `calc(${px}px * var(--bt-card-scale, 1))`;

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bh-hand";
  el.classList.add("bh-hand-host");
  el.appendChild(root);

  let nodes = [];
  let focus = 0;

  const selectable = () => model.get("selectable");

  function toggle(index) {
    if (!selectable() || index < 0 || index >= nodes.length) return;
    const chosen = model.get("selected").slice();
    const at = chosen.indexOf(index);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(index);
    model.set("selected", chosen);
    // A message of its own, not save_changes(): ipywidgets holds a model's next update back
    // until the kernel has handled the one before, so a button clicked right after this card
    // could reach Python first (hand.py, _from_page).
    model.send({ selected: chosen, arrangement: model.get("arrangement") });
  }

  function paint() {
    const chosen = new Set(model.get("selected"));
    const marked = new Set(model.get("marked"));
    const faces = model.get("faces");
    const active = selectable();
    nodes.forEach((node, i) => {
      const on = chosen.has(i);
      node.classList.toggle("bh-selected", on);
      const mark = marked.has(i);
      node.classList.toggle("bh-marked", mark);
      const label = faces[i] ? faces[i].label : "";
      node.setAttribute("aria-label", mark ? `${label}, ${model.get("marked_label")}` : label);
      if (active) {
        node.setAttribute("aria-selected", on ? "true" : "false");
        node.tabIndex = i === focus ? 0 : -1;
      } else {
        node.removeAttribute("aria-selected");
        node.removeAttribute("tabindex");
      }
    });
  }

  function build() {
    const faces = model.get("faces");
    const width = model.get("card_width");
    const overlap = model.get("overlap");
    const columns = model.get("columns");
    const active = selectable();
    const hadFocus = root.contains(document.activeElement);
    root.replaceChildren();
    root.classList.toggle("bh-grid", columns > 0);
    root.classList.toggle("bh-static", !active);
    root.style.maxWidth = columns > 0 ? `calc(${columns} * (${width}px * var(--bt-card-scale, 1) + 4px))` : "";
    // a hand with no card is a named group, not a list (a list must hold items: axe aria-required-children)
    root.setAttribute("role", !faces.length ? "group" : active ? "listbox" : "list");
    if (active && faces.length) root.setAttribute("aria-multiselectable", "true");
    else root.removeAttribute("aria-multiselectable");
    root.setAttribute("aria-label", model.get("label"));
    const shift = columns > 0 ? 0 : Math.round(width * overlap);
    // Each card but the last hides under the next by `shift`; the last of a wrapped line
    // reaches into the padding on the right.
    root.style.paddingRight = shift > 0 ? `calc(6px + ${scaled(shift)})` : "";
    nodes = faces.map((face, i) => {
      const node = document.createElement("div");
      node.className = "bh-card";
      node.setAttribute("role", active ? "option" : "listitem");
      node.setAttribute("aria-label", face.label);
      node.dataset.index = String(i);
      node.dataset.code = face.code;
      node.innerHTML = face.svg;
      const picture = node.querySelector("svg");
      if (picture) picture.setAttribute("aria-hidden", "true");
      if (i < faces.length - 1 && shift > 0) node.style.marginRight = `calc(-1 * ${scaled(shift)})`;
      root.appendChild(node);
      return node;
    });
    if (focus >= nodes.length) focus = Math.max(0, nodes.length - 1);
    if (!nodes.length) {
      const empty = document.createElement("div");
      empty.className = "bh-empty";
      empty.textContent = model.get("empty_text");
      root.appendChild(empty);
    }
    paint();
    fit();
    if (hadFocus && nodes[focus]) nodes[focus].focus();
  }

  // Use the width the hand is given: cards overlap only as much as they must to stay on one line,
  // and at most by `overlap` (beyond that the row wraps, still overlapped). Measured, so projector
  // mode's larger cards and any container width are taken as they are.
  function fit() {
    if (model.get("columns") > 0 || nodes.length < 2) return;
    const card = nodes[0].getBoundingClientRect().width;
    const room = root.clientWidth - 12;               // the hand's padding, left and right
    if (!card || room <= 0) return;
    const most = card * model.get("overlap");
    const needed = card - (room - card) / (nodes.length - 1);
    const shift = Math.max(0, Math.min(most, needed));
    root.style.paddingRight = shift > 0 ? `${6 + shift}px` : "";
    nodes.forEach((node, i) => {
      node.style.marginRight = i < nodes.length - 1 && shift > 0 ? `${-shift}px` : "";
    });
  }

  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => fit()) : null;
  if (resized) resized.observe(root);

  function moveTo(index) {
    if (!nodes.length) return;
    focus = Math.max(0, Math.min(nodes.length - 1, index));
    paint();
    nodes[focus].focus();
  }

  // How many cards the first line of a grid holds as drawn (fewer than `columns` when narrow).
  function shownColumns() {
    const top = nodes[0].offsetTop;
    const across = nodes.findIndex((node) => node.offsetTop > top + 2);
    return across > 0 ? across : nodes.length;
  }

  root.addEventListener("click", (event) => {
    const node = event.target.closest(".bh-card");
    if (!node || !root.contains(node)) return;
    const index = Number(node.dataset.index);
    focus = index;
    toggle(index);
    if (selectable()) node.focus();
  });

  root.addEventListener("keydown", (event) => {
    if (!selectable() || !nodes.length) return;
    const columns = model.get("columns");
    const step = columns > 0 ? shownColumns() : 1;
    const moves = {
      ArrowLeft: focus - 1,
      ArrowRight: focus + 1,
      ArrowUp: columns > 0 ? focus - step : focus - 1,
      ArrowDown: columns > 0 ? focus + step : focus + 1,
      Home: 0,
      End: nodes.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]);
    } else if (event.key === " " || event.key === "Enter" || event.key === "Spacebar") {
      event.preventDefault();
      toggle(focus);
    }
  });

  root.addEventListener("focusin", (event) => {
    const node = event.target.closest(".bh-card");
    if (node) {
      focus = Number(node.dataset.index);
      paint();
    }
  });

  model.on("change:faces", build);
  model.on("change:columns", build);
  model.on("change:overlap", build);
  model.on("change:card_width", build);
  model.on("change:selectable", build);
  const relabel = () => root.setAttribute("aria-label", model.get("label"));
  model.on("change:label", relabel);
  model.on("change:selected", paint);
  model.on("change:marked", paint);
  build();

  return () => {
    if (resized) resized.disconnect();
    model.off("change:faces", build);
    model.off("change:columns", build);
    model.off("change:overlap", build);
    model.off("change:card_width", build);
    model.off("change:selectable", build);
    model.off("change:selected", paint);
    model.off("change:marked", paint);
    model.off("change:label", relabel);
  };
}

export default { render };
