// The player's set-up, placed before Python runs (a first visit, single board).
//
// On a first visit the runtime takes seconds to load, many on a phone, and
// a new game begins with the player placing their three towers (R4). Once
// the New game dialog is sent (web/boot/first_stage.js), this script lets the
// board take those clicks at once. It holds no rule: tools/first_setup.py
// asked the page's set-up stage (and so the engine) about every field at
// build time, and the answers are the JSON right before this script. A click
// here does what web/model/setup_stage.py SetupStage.point does with it: on a
// tower, the tower goes; elsewhere on a row, the row's tower moves there;
// anywhere else, the engine's refusal is shown.
//
// Between two players, once White presses Done, Black places (White's
// towers hidden, R4). What was placed is handed over in
// html[data-setup-early] (JSON: a list of set-ups, each its colour, fields
// and whether Done was pressed). web/ui/early_setup.py places every field
// again through the engine when it is that colour's turn.
// From html[data-ready] on, Python draws and takes the clicks.

(() => {
  const root = document.documentElement;
  const source = document.getElementById("first-setup");
  if (!source) return; // an unbuilt index.html
  const data = JSON.parse(source.textContent);
  const byId = (id) => document.getElementById(id);
  const canvas = byId("board");
  const status = byId("status");
  const replay = byId("replay");
  const buttons = { random: byId("btn-random"), clear: byId("btn-clear"), done: byId("btn-done") };
  if (!canvas || !status || !buttons.done) return;

  const images = {};
  // {computer, colour, table, flipped, name, placed: {row: field}, done, refusal, before: [set-ups done]}
  let game = null;

  const language = () => (root.lang in data.words ? root.lang : "en");
  const ready = () => Boolean(root.dataset.ready);

  // As web/model/formatting.py player_label: "Anna (White)", or just "White".
  function playerLabel() {
    const words = data.words[language()];
    const side = game.colour === 0 ? words.white : words.black;
    const sideNames = Object.values(data.words).map((w) => (game.colour === 0 ? w.white : w.black));
    if (!game.name || sideNames.includes(game.name)) return side;
    return words.name_side.replace("{name}", game.name).replace("{side}", side);
  }

  function complete() {
    return [1, 2, 3].every((row) => game.placed[row]);
  }

  function say() {
    const code = language();
    let text;
    if (game.refusal) text = game.refusal[code];
    else if (game.done) text = data.words[code].setup_early_done;
    else text = (complete() ? game.table.complete : game.table.prompt)[code];
    status.textContent = text.replace("{player}", playerLabel());
    status.classList.toggle("warn", Boolean(game.refusal));
  }

  function current() {
    const fields = [1, 2, 3].map((row) => game.placed[row]).filter(Boolean);
    return { colour: game.colour, fields, done: game.done };
  }

  function handOver() {
    root.setAttribute("data-setup-early", JSON.stringify([...game.before, current()]));
  }

  // ``colour`` places now, on an empty set-up (its own side at the bottom
  // against the computer, as web/model/ui_state.py new_game turns the board).
  function places(colour) {
    game.colour = colour;
    game.table = data.colours[colour];
    game.flipped = game.computer && colour === 1;
    game.name = byId(colour === 0 ? "ng-white" : "ng-black").value.trim();
    game.placed = {};
    game.done = false;
    game.refusal = null;
  }

  // Fields <-> canvas pixels, as web/model/layout.py BoardGeometry (not turned).
  function square() {
    return canvas.getBoundingClientRect().width / data.files;
  }

  function fieldAt(x, y) {
    const size = square();
    const column = Math.floor(x / size);
    const line = Math.floor(y / size);
    if (column < 0 || column >= data.files || line < 0 || line >= data.rows) return null;
    const file = game.flipped ? data.files - 1 - column : column;
    const rank = game.flipped ? line : data.rows - 1 - line;
    return data.letters[file] + (rank + 1);
  }

  function origin(field) {
    const size = square();
    const file = data.letters.indexOf(field[0]);
    const rank = Number(field.slice(1)) - 1;
    const column = game.flipped ? data.files - 1 - file : file;
    const line = game.flipped ? rank : data.rows - 1 - rank;
    return [column * size, line * size];
  }

  function draw() {
    if (ready()) return;
    const box = canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(box.width * ratio);
    canvas.height = Math.round(box.height * ratio);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, box.width, box.height);
    const size = square();
    const stamp = (sprite, field) => {
      const image = images[sprite];
      const [x, y] = origin(field);
      if (image.complete) ctx.drawImage(image, x, y, size, size);
    };
    for (const row of [1, 2, 3]) {
      const field = game.placed[row];
      if (field) {
        for (const [shown, sprite] of Object.entries(game.table.shows[field])) stamp(sprite, shown);
      } else if (!game.done) {
        for (const ghost of game.table.ghosts[row]) {
          const [x, y] = origin(ghost);
          ctx.fillStyle = data.ghost.fill;
          ctx.fillRect(x, y, size, size);
          ctx.globalAlpha = data.ghost.alpha;
          stamp(game.table.shows[ghost][ghost], ghost);
          ctx.globalAlpha = 1;
        }
      }
    }
  }

  function changed() {
    buttons.done.disabled = !complete();
    handOver();
    say();
    draw();
  }

  // SetupStage.point: what a click on ``field`` does.
  function point(field) {
    if (game.done) return;
    game.refusal = null;
    const row = game.table.row[field];
    if (row && game.placed[row] === field) {
      delete game.placed[row];
    } else {
      if (row) delete game.placed[row]; // one tower a row: it moves
      const refusal = game.table.refusals[field];
      if (refusal) game.refusal = refusal;
      else game.placed[row] = field;
    }
    changed();
  }

  const early = (handler) => (event) => { if (game && !ready()) handler(event); };

  canvas.addEventListener("click", early((event) => {
    const box = canvas.getBoundingClientRect();
    const field = fieldAt(event.clientX - box.left, event.clientY - box.top);
    if (field) point(field);
  }));
  buttons.clear.addEventListener("click", early(() => {
    if (game.done) return;
    game.placed = {};
    game.refusal = null;
    changed();
  }));
  // A random set-up, as the player could click it: one of each row's free fields.
  buttons.random.addEventListener("click", early(() => {
    if (game.done) return;
    game.refusal = null;
    for (const row of [1, 2, 3]) {
      const fields = game.table.ghosts[row];
      game.placed[row] = fields[Math.floor(Math.random() * fields.length)];
    }
    changed();
  }));
  buttons.done.addEventListener("click", early(() => {
    if (!complete() || game.done) return;
    game.done = true;
    if (!game.computer && game.colour === 0) {
      game.before.push(current()); // Black places next; White's towers are hidden now (R4)
      places(1);
    } else {
      game.refusal = null;
      for (const button of Object.values(buttons)) button.hidden = true;
    }
    changed();
  }));
  byId("lang")?.addEventListener("change", early(say));
  window.addEventListener("resize", early(draw));

  // Nothing placed early any more: the page is as the first stage left it.
  function stop() {
    if (!game) return;
    game = null;
    root.removeAttribute("data-setup-early");
    for (const button of Object.values(buttons)) button.hidden = true;
    if (replay) replay.hidden = false;
    canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
  }

  function start() {
    if (ready()) return;
    stop(); // a second game chosen: the first one's set-up goes
    if (byId("ng-double").checked || byId("ng-position").value.trim()) return; // Python sets those up
    const computer = byId("ng-computer").checked;
    let colour = 0; // White places first between two players
    if (computer) {
      const side = byId("ng-side");
      // A random side is drawn here, so the player places the right colour;
      // Python reads the side from the field as the player could have chosen it.
      if (side.value === "random") side.value = Math.random() < 0.5 ? "white" : "black";
      colour = side.value === "black" ? 1 : 0;
    }
    game = { computer, before: [] };
    places(colour);
    for (const [name, url] of Object.entries(data.sprites)) {
      if (images[name]) continue;
      images[name] = new Image();
      images[name].addEventListener("load", early(draw));
      images[name].src = url;
    }
    delete status.dataset.firstText; // the status line is the set-up's now
    for (const button of Object.values(buttons)) button.hidden = false;
    if (replay) replay.hidden = true; // no moves to step through in a set-up (as web/ui/app.py)
    changed();
    root.dataset.boardInput = "setup"; // the board takes the set-up's clicks (bench/load.py)
  }

  document.addEventListener("militakiri:new-game-chosen", start);
  // The dialog opened again and dismissed: no new game, so no set-up either.
  byId("dlg-new")?.addEventListener("close", () => {
    if (!ready() && root.dataset.newGame === "dismissed") stop();
  });
})();
