// The page before Python runs: in the player's language, with a working
// language switch and a loading line that says what is happening.
//
// Pyodide takes seconds to start (a first visit also downloads ~15 MB), and
// all that time the page is what index.html paints. tools/first_stage.py has
// filled every keyed text in English at build time and put the texts of all
// languages right before this script (#first-texts). Here, synchronously,
// before the first paint:
//
// - the language, chosen as web/i18n/texts.py choose_language does: ?lang= in the
//   URL, else the player's earlier choice (localStorage), else the browser's
//   languages, else English; the page is relabelled if it is not English;
// - the loading line: on a first visit, how much is loading and that the
//   game will then also play offline;
// - the language switch: works now; a choice made before Python runs is
//   handed over in html[data-language-chosen] (and remembered, as
//   web/ui/language.py does);
// - on a first visit, the New game dialog: open and working now, its choices
//   filled by the build; what the player does with it is handed over in
//   html[data-new-game] ("chosen": web/ui/dialogs.py starts that game;
//   "dismissed": closed, Python does not open it again; "learn": Python
//   opens the lessons). Only the fields are
//   shown and hidden here: Python checks the choices and starts the game.
//
// From html[data-ready] on, web/ui/language.py and web/ui/dom.py own all of this.

(() => {
  const root = document.documentElement;
  const source = document.getElementById("first-texts");
  if (!source) return; // an unbuilt index.html: Python labels the page
  const { languages, texts, first } = JSON.parse(source.textContent);
  const STORAGE_KEY = "militakiri.language"; // web/ui/language.py STORAGE_KEY

  // A URL parameter's last value, as web/model/query.py parse_qs()[...][-1].
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
  const loadingWhat = cachedOrFramed() ? "loading" : "loading_first";
  let loadingKey = loadingWhat;
  let current = "en";

  function apply(code) {
    const table = texts[code];
    current = code;
    root.setAttribute("lang", code);
    root.dataset.labelled = code; // Python does not label the page again in this language (web/ui/app.py)
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

  // Embed mode's layout from the first paint (web/services/embed.py reads the same parameter).
  const embed = last("embed").trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(embed)) root.classList.add("embed");

  const code = choose();
  apply(code);
  newGameDialog();

  // A first visit (as web/ui/session.py decides, read early): no link in the
  // fragment, no URL parameter that says how to start (only ?lang=), no
  // embed, no saved game. Anything else opens something else once Python runs.
  function firstVisit() {
    const names = [...new URLSearchParams(window.location.search).keys()];
    if (names.some((name) => name !== "lang") || window.location.hash.replace(/^#/, "").trim()) return false;
    try {
      // Each saved game has its own key: saveKey, or saveKey and a slot (web/services/autosave.py).
      const storage = window.localStorage;
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key === first.saveKey || (key.startsWith(first.saveKey + ".") && !key.includes(".embed."))) return false;
      }
      return true;
    } catch (error) {
      return true; // storage denied: Python will find no saved game either
    }
  }

  function newGameDialog() {
    const byId = (id) => document.getElementById(id);
    const dialog = byId("dlg-new");
    const button = byId("btn-new");
    if (!dialog || !button || !first || !first.saveKey || !firstVisit()) return;
    // Every listener here stops at html[data-ready]: web/ui/dialogs.py's own take over.
    const early = (handler) => (event) => { if (!root.dataset.ready) handler(event); };
    // Which fields show, as web/ui/dialogs.py _opponent_changed and _custom_changed.
    function fields() {
      const computer = byId("ng-computer").checked;
      const side = byId("ng-side").value;
      byId("ng-computer-options").hidden = !computer;
      byId("ng-white").parentElement.hidden = computer && side === "black";
      byId("ng-black").parentElement.hidden = computer && side === "white";
      byId("ng-turn-choice").hidden = computer;
      byId("ng-custom").hidden = byId("ng-time").value !== "custom";
      byId("ng-bonus").parentElement.hidden = byId("ng-extra").value === "none";
    }
    const form = byId("form-new");
    form.addEventListener("change", early(fields));
    form.addEventListener("input", early(fields));
    form.addEventListener("submit", early((event) => {
      event.preventDefault();
      root.dataset.newGame = "chosen";
      dialog.close();
      loadingKey = "loading_chosen";
      apply(current);
      // The player's set-up may begin now (web/boot/early_setup.js).
      document.dispatchEvent(new CustomEvent("militakiri:new-game-chosen"));
    }));
    byId("ng-cancel").addEventListener("click", early(() => dialog.close()));
    // New to the game: Python opens the lessons once it is ready (web/ui/training.py).
    byId("ng-learn").addEventListener("click", early(() => {
      root.dataset.newGame = "learn";
      dialog.close();
    }));
    dialog.addEventListener("close", early(() => {
      if (!["chosen", "learn"].includes(root.dataset.newGame)) root.dataset.newGame = "dismissed";
    }));
    button.addEventListener("click", early(() => {
      delete root.dataset.newGame; // open again: nothing chosen until it is sent
      loadingKey = loadingWhat;
      apply(current);
      if (!dialog.open) dialog.showModal();
    }));
    button.disabled = false;
    fields();
    dialog.showModal();
  }

  const select = document.getElementById("lang");
  if (!select) return;
  // A phone's top bar has no room for "Nederlands": the codes there (as web/ui/language.py).
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
