// The home page's choice of the ruleset the tools open with (settings.py, RulesPicker): a select
// whose choice the browser keeps in localStorage the moment the learner makes it, under the
// preferences' key and in the form Python writes there, and only then tells Python. The tool pages
// read that key (settings.js), so the choice reaches them even while this page's kernel is busy,
// or after this page was left at once.

function keepInBrowser(key, rules) {
  try {
    const storage = window.localStorage;
    let chosen = {};
    try {
      chosen = JSON.parse(storage.getItem(key) || "{}");
    } catch (err) {
      chosen = {};
    }
    if (!chosen || typeof chosen !== "object" || Array.isArray(chosen)) chosen = {};
    chosen.rules = rules;
    // As Python's json.dumps(sort_keys=True) writes it, so that its echo changes nothing.
    const text = "{" + Object.keys(chosen).sort()
      .map((name) => `${JSON.stringify(name)}: ${JSON.stringify(chosen[name])}`).join(", ") + "}";
    if (storage.getItem(key) !== text) storage.setItem(key, text);
  } catch (err) {
    // storage switched off or full: the choice lasts as long as Python keeps it
  }
}

function render({ model, el }) {
  el.classList.add("bt-rules-picker");
  const label = document.createElement("label");
  const select = document.createElement("select");
  select.id = `bt-rules-${Math.random().toString(36).slice(2)}`;
  label.htmlFor = select.id;
  el.append(label, select);

  const draw = () => {
    label.textContent = model.get("description");
    select.replaceChildren(...(model.get("options") || []).map(([text, value]) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = text;
      return option;
    }));
    select.value = model.get("value");
  };
  const shown = () => {
    select.value = model.get("value");
  };
  const chosen = () => {
    if (model.get("key")) keepInBrowser(model.get("key"), select.value);
    model.set("value", select.value);
    model.save_changes();
  };
  select.addEventListener("change", chosen);
  model.on("change:options", draw);
  model.on("change:description", draw);
  model.on("change:value", shown);
  draw();
  return () => {
    select.removeEventListener("change", chosen);
    model.off("change:options", draw);
    model.off("change:description", draw);
    model.off("change:value", shown);
  };
}

export default { render };
