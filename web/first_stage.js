// The page before Python runs: in the player's language, with a working
// language switch and a loading line that says what is happening.
//
// Pyodide takes seconds to start (a first visit also downloads ~15 MB), and
// all that time the page is what index.html paints. tools/first_stage.py has
// filled every keyed text in English at build time and put the texts of all
// languages right before this script (#first-texts). Here, synchronously,
// before the first paint:
//
// - the language, chosen as web/texts.py choose_language does: ?lang= in the
//   URL, else the player's earlier choice (localStorage), else the browser's
//   languages, else English; the page is relabelled if it is not English;
// - the loading line: on a first visit, how much is loading and that the
//   game will then also play offline;
// - the language switch: works now; a choice made before Python runs is
//   handed over in html[data-language-chosen] (and remembered, as
//   web/language.py does).
//
// From html[data-ready] on, web/language.py and web/dom.py own all of this.

(() => {
  const root = document.documentElement;
  const source = document.getElementById("first-texts");
  if (!source) return; // an unbuilt index.html: Python labels the page
  const { languages, texts } = JSON.parse(source.textContent);
  const STORAGE_KEY = "militakiri.language"; // web/language.py STORAGE_KEY

  // A URL parameter's last value, as web/query.py parse_qs()[...][-1].
  function last(name) {
    return new URLSearchParams(window.location.search).getAll(name).pop() || "";
  }

  function stored() {
    try {
      return window.localStorage.getItem(STORAGE_KEY);
    } catch (error) {
      return null; // storage denied (a cross-site iframe)
    }
  }

  function choose() {
    const asked = last("lang");
    const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (const candidate of [asked, stored() || "", ...preferred]) {
      const code = String(candidate || "").trim().toLowerCase().replace(/_/g, "-").split("-")[0];
      if (code in texts) return code;
    }
    return "en";
  }

  function cachedOrFramed() {
    try {
      return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller) || window.top !== window.self;
    } catch (error) {
      return true;
    }
  }
  const loadingKey = cachedOrFramed() ? "loading" : "loading_first";

  function apply(code) {
    const table = texts[code];
    root.setAttribute("lang", code);
    for (const node of document.querySelectorAll("[data-text]")) {
      node.textContent = table[node.dataset.text];
    }
    for (const node of document.querySelectorAll("[data-label]")) {
      node.setAttribute("aria-label", table[node.dataset.label]);
    }
    for (const node of document.querySelectorAll("[data-title]")) {
      node.setAttribute("title", table[node.dataset.title]);
    }
    const status = document.getElementById("status");
    if (status && status.dataset.firstText) status.textContent = table[loadingKey];
    for (const link of document.querySelectorAll("a[data-rules]")) {
      link.setAttribute("href", `./rules/${code}.html`);
    }
  }

  // Embed mode's layout from the first paint (web/embed.py reads the same parameter).
  const embed = last("embed").trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(embed)) root.classList.add("embed");

  const code = choose();
  apply(code);

  const select = document.getElementById("lang");
  if (!select) return;
  // A phone's top bar has no room for "Nederlands": the codes there (as web/language.py).
  const narrow = window.matchMedia("(max-width: 760px)").matches;
  select.replaceChildren(...Object.entries(languages).map(([value, name]) => {
    const option = new Option(narrow ? value.toUpperCase() : name, value);
    option.lang = value;
    option.title = name;
    return option;
  }));
  select.value = code;
  select.disabled = false;
  select.addEventListener("change", () => {
    if (root.dataset.ready) return; // Python's own listener has taken over
    apply(select.value);
    root.dataset.languageChosen = select.value;
    try {
      window.localStorage.setItem(STORAGE_KEY, select.value);
    } catch (error) {
      // not remembered: the hand-off above still carries it to Python
    }
  });
})();
