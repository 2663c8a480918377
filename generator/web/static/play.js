// dinokit play page: the browser keeps the moves and this round's draft; the server
// replays them through the rules engine (POST /api/play) and says what the sheet
// shows and what is allowed. No rule is decided here.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const initial = JSON.parse($("initial").textContent);
  const code = initial.code;
  const KEY = "dinokit-play/" + code;
  // The names of the chosen language (the server's, from the data's language files);
  // ids stay in the moves, names are only shown.
  const names = initial.names, LANG = names.lang;
  const esc = (text) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const typeName = (t) => names.dig_types[t] || t;
  const bonusName = (b) => names.bonuses[b] || b;
  const label = (key) => names.labels[key] || key;
  // A name in page text, marked with its language (screen readers, CJK glyph forms).
  const shown = (text) => `<span lang="${esc(LANG)}">${esc(text)}</span>`;
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { saved = null; }
  const state = saved && Array.isArray(saved.moves) ? saved : { moves: [], draft: {}, history: [] };
  state.draft = state.draft || {}; state.history = state.history || [];
  const asked = new URLSearchParams(location.search).get("lang");
  const offered = Array.from($("lang").options).map((o) => o.value);
  if (!asked && state.lang && state.lang !== LANG && offered.includes(state.lang)) {
    location.replace(`${location.pathname}?lang=${encodeURIComponent(state.lang)}`); return;
  }
  if (state.lang !== LANG) { state.lang = LANG; save(); }
  let view = initial, anchor = null, squareType = null, seq = 0;

  function save() { localStorage.setItem(KEY, JSON.stringify(state)); }
  function settled() { document.body.dataset.answers = String((+document.body.dataset.answers || 0) + 1); }
  function say(text, bad) {
    settled();
    const s = $("status"); s.textContent = text || ""; s.className = "message" + (text ? (bad ? " bad" : " ok") : "");
  }
  async function ask(moves, draft) {
    const n = ++seq;
    const r = await fetch("/api/play", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, moves, draft, lang: LANG }) });
    const body = await r.json();
    if (n !== seq) return null;
    return { ok: r.ok, body };
  }
  // Try a new draft (or new moves): kept only if the server accepts it.
  async function attempt(moves, draft, okText) {
    const answer = await ask(moves, draft);
    if (!answer) return false;
    if (!answer.ok) { say(answer.body.error || "refused", true); return false; }
    if (moves !== state.moves) { state.moves = moves; state.history = []; }
    else state.history.push(state.draft);
    state.draft = draft; view = answer.body; save(); render(); say(okText || "");
    return true;
  }
  function draftWith(changes) { return Object.assign({}, state.draft, changes); }

  // ---- the grid
  function cellsOf(at) {
    const s = view.shape; if (!s || !at) return [];
    return s.cells.map(([r, c]) => [at[0] + r - s.handle[0], at[1] + c - s.handle[1]]);
  }
  function reasonAt(at) { return view.fits && at ? view.fits[at[0]][at[1]] : null; }
  function buildGrid() {
    const g = $("grid"); g.innerHTML = "";
    g.style.gridTemplateColumns = `repeat(${view.cols}, minmax(0, 1fr))`;
    g.style.gridTemplateRows = `repeat(${view.rows}, minmax(0, 1fr))`;
    for (let r = 0; r < view.rows; r++) {
      const row = document.createElement("div"); row.setAttribute("role", "row"); row.style.display = "contents";
      for (let c = 0; c < view.cols; c++) {
        const cell = document.createElement("div");
        cell.className = "cell"; cell.id = `c-${r}-${c}`; cell.dataset.r = r; cell.dataset.c = c;
        cell.setAttribute("role", "gridcell"); cell.tabIndex = -1;
        cell.addEventListener("click", () => tap([r, c]));
        cell.addEventListener("mouseenter", () => { if (!view.pending) { anchor = [r, c]; paintGhost(); } });
        row.appendChild(cell);
      }
      g.appendChild(row);
    }
  }
  function paintGrid() {
    if ($("grid").children.length !== view.rows) buildGrid();
    const fossilAt = {}, drawn = {}, stars = new Set(view.stars.map((x) => x.join(",")));
    for (const f of view.fossils) for (const [r, c] of f.cells) fossilAt[r + "," + c] = f;
    for (const [r, c, t, sq] of view.drawn) drawn[r + "," + c] = [t, sq];
    const pend = new Set(((view.pending || {}).cells || []).map((x) => x.join(",")));
    for (let r = 0; r < view.rows; r++) for (let c = 0; c < view.cols; c++) {
      const k = r + "," + c, cell = $(`c-${r}-${c}`), f = fossilAt[k], d = drawn[k];
      let cls = "cell", label = `row ${r + 1}, column ${c + 1}: `, text = "";
      if (f) { cls += " fossil" + (f.dug ? " dug" : ""); text = f.id;
               label += `fossil ${f.id}, ${f.value} points` + (f.dug ? ", dug up" : ""); }
      else if (d) { cls += ` drawn t-${d[0]}` + (d[1] ? " square" : "") + (pend.has(k) ? " pending" : "");
                    label += (pend.has(k) ? "this round's shape, " : "drawn, ") + typeName(d[0]) + (d[1] ? " (one square)" : "");
                    if (stars.has(k)) { label += ", star covered"; text = "★"; } }
      else if (stars.has(k)) { cls += " star"; label += "star"; }
      else label += "empty";
      cell.className = cls; cell.dataset.label = label;
      cell.innerHTML = text ? `<span class="label" aria-hidden="true">${text}</span>` : "";
      cell.setAttribute("aria-label", label);
    }
    paintGhost();
  }
  function paintGhost() {
    document.querySelectorAll(".cell.ghost").forEach((e) => {
      e.classList.remove("ghost", "refused"); e.setAttribute("aria-label", e.dataset.label); });
    if (!view.shape || view.pending || squareType || !anchor) return;
    const reason = reasonAt(anchor);
    for (const [r, c] of cellsOf(anchor)) {
      const e = $(`c-${r}-${c}`); if (!e) continue;
      e.classList.add("ghost"); if (reason) e.classList.add("refused");
    }
    const a = $(`c-${anchor[0]}-${anchor[1]}`);
    if (a) a.setAttribute("aria-label", a.dataset.label + (reason ? `; ${view.shape.shape} cannot go here: ${reason}` : `; ${view.shape.shape} fits here, press Enter to place`));
  }
  function focusCell(at) {
    document.querySelectorAll(".cell[tabindex='0']").forEach((e) => { e.tabIndex = -1; });
    const e = $(`c-${at[0]}-${at[1]}`); if (!e) return; e.tabIndex = 0; e.focus();
  }

  // ---- actions
  async function tap(at) {
    anchor = at; focusCell(at);
    if (view.over) return;
    if (squareType) {
      const squares = (state.draft.squares || []).concat([{ cell: at, dig_type: squareType }]);
      if (await attempt(state.moves, draftWith({ squares }), `square drawn at row ${at[0] + 1}, column ${at[1] + 1}`)) squareType = null;
      return;
    }
    if (!view.shape) { say("pick a shape and dig type first", true); return; }
    if (view.pending) { say("confirm the round or undo first", true); return; }
    const reason = reasonAt(at);
    if (reason) { paintGhost(); say(`${view.shape.shape} cannot go there: ${reason}`, true); return; }
    const shape = view.shape.shape;
    if (await attempt(state.moves, draftWith({ cells: cellsOf(at), bonuses: [] }))) {
      const p = view.pending;
      say(p && !p.ready ? `${shape} placed on ${p.stars} star${p.stars > 1 ? "s" : ""}: circle ${p.due} bonus${p.due > 1 ? "es" : ""}, then confirm the round`
                        : `${shape} placed: confirm the round (or undo)`);
    }
  }
  async function pick(shape, digType) {
    await attempt(state.moves, draftWith({ shape, dig_type: digType, orientation: 0, cells: null, bonuses: [] }));
  }
  async function turn(mirror) {
    if (!view.shape || view.pending) return;
    const o = view.shape.orientation, next = mirror ? (o + 4) % 8 : (o >= 4 ? 4 + (o + 1) % 4 : (o + 1) % 4);
    await attempt(state.moves, draftWith({ orientation: next }), mirror ? "mirrored" : "rotated");
  }
  async function undo() {
    if (!state.history.length) { say("nothing to undo in this round", true); return; }
    const previous = state.history.pop();
    const answer = await ask(state.moves, previous);
    if (answer && answer.ok) { state.draft = previous; view = answer.body; save(); render(); say("undone"); }
  }
  function move() {
    const d = state.draft, m = {};
    if (!view.printed_rolls) m.dice = view.dice;
    if (d.squares && d.squares.length) m.squares = d.squares;
    if (d.switches && d.switches.length) m.switches = d.switches;
    return m;
  }
  async function confirmRound() {
    if (!view.pending || !view.pending.ready) return;
    const d = state.draft, m = Object.assign(move(), { shape: d.shape, dig_type: d.dig_type, cells: d.cells });
    if (d.bonuses && d.bonuses.length) m.bonuses = d.bonuses;
    await commit(m, `round ${view.round} done`);
  }
  async function passRound() { await commit(Object.assign(move(), { pass: true }), `round ${view.round} passed`); }
  async function commit(m, text) {
    anchor = null;
    if (await attempt(state.moves.concat([m]), {}, text) && view.over) finish();
  }
  async function circle(bonus) {
    if (await attempt(state.moves, draftWith({ bonuses: (state.draft.bonuses || []).concat([bonus]) }), `${bonusName(bonus)} circled`)
        && view.pending && view.pending.ready) say(`${bonusName(bonus)} circled: confirm the round (or undo)`);
  }
  async function toggleSwitch(id) {
    const now = state.draft.switches || [];
    const switches = now.includes(id) ? now.filter((x) => x !== id) : now.concat([id]);
    await attempt(state.moves, draftWith({ switches, shape: null, dig_type: null, cells: null, bonuses: [] }),
                  `${bonusName(id)} ${now.includes(id) ? "not used" : "used this round"}`);
  }
  async function finish() {
    const rolls = state.moves.map((m) => m.dice).filter(Boolean);
    const body = view.printed_rolls ? {} : { rolls };
    const r = await fetch("/api/par/" + encodeURIComponent(code), { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (r.ok) { view.par = (await r.json()).par; renderResult(); }
  }

  // ---- the panels
  function mini(letter) {
    const cells = view.pentominoes[letter], h = Math.max(...cells.map((x) => x[0])) + 1, w = Math.max(...cells.map((x) => x[1])) + 1;
    const on = new Set(cells.map((x) => x.join(","))); let out = `<span class="mini" aria-hidden="true" style="grid-template-columns:repeat(${w},7px)">`;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) out += `<span class="${on.has(r + "," + c) ? "" : "off"}"></span>`;
    return out + "</span>";
  }
  function renderRound() {
    if (view.date) $("code").textContent = `${code} · the dig of ${view.date}`;
    $("round-label").textContent = view.over ? "(game over)" : `(${label("round")} ${view.round} / ${view.rounds})`;
    $("round-controls").hidden = view.over;
    const needDice = !view.over && !view.dice;
    $("dice-entry").hidden = !needDice;
    const dice = $("dice"); dice.innerHTML = "";
    for (const f of view.faces || []) {
      const e = document.createElement("div"); e.className = "die";
      e.innerHTML = `Die <b>${f.die}</b>: shapes ${mini(f.shapes[0])}${f.shapes[0]} or ${mini(f.shapes[1])}${f.shapes[1]}; dig type <span class="swatch t-${f.dig_type}" aria-hidden="true"></span>${shown(typeName(f.dig_type))}`;
      dice.appendChild(e);
    }
    const shapes = $("shapes"); shapes.innerHTML = "";
    for (const [s, t] of view.allowed || []) {
      const b = document.createElement("button"); b.type = "button";
      const on = view.shape && view.shape.shape === s && view.shape.dig_type === t;
      b.setAttribute("aria-pressed", on ? "true" : "false"); b.disabled = !!view.pending;
      b.innerHTML = `${mini(s)}${s} · <span class="swatch t-${t}" aria-hidden="true"></span>${shown(typeName(t))}`;
      b.setAttribute("aria-label", `shape ${s} with dig type ${typeName(t)}`);
      b.addEventListener("click", () => pick(s, t)); shapes.appendChild(b);
    }
    $("pass").disabled = view.over || !view.dice || !view.can_pass || !!view.pending || (state.draft.switches || []).length > 0;
    $("rotate").disabled = $("mirror").disabled = !view.shape || !!view.pending;
    $("undo").disabled = !state.history.length;
    $("confirm").disabled = !(view.pending && view.pending.ready);
    const p = view.pending, star = $("star-bonuses");
    star.hidden = !(p && p.due > 0);
    if (p && p.due > 0) {
      $("star-text").textContent = `Your shape covers ${p.stars} star${p.stars > 1 ? "s" : ""}: circle ${p.due} bonus${p.due > 1 ? "es" : ""} (${p.bonuses.length} chosen${p.bonuses.length ? ": " + p.bonuses.map(bonusName).join(", ") : ""}).`;
      const box = $("star-buttons"); box.innerHTML = "";
      for (const b of view.bonuses) {
        const chosen = p.bonuses.filter((x) => x === b.id).length;
        const btn = document.createElement("button"); btn.type = "button"; btn.textContent = `Circle ${bonusName(b.id)}`;
        btn.disabled = p.bonuses.length >= p.due || b.circled + chosen >= b.limit;
        btn.addEventListener("click", () => circle(b.id)); box.appendChild(btn);
      }
    }
  }
  function renderBonuses() {
    const box = $("bonuses"); box.innerHTML = "";
    const table = document.createElement("table");
    table.innerHTML = `<thead><tr><th>${shown(label("bonus"))}</th><th>circled</th><th>usable now</th><th></th></tr></thead>`;
    const body = document.createElement("tbody");
    for (const b of view.bonuses) {
      const tr = document.createElement("tr");
      const marks = "●".repeat(b.circled - b.used) + "⊗".repeat(b.used) + "○".repeat(b.limit - b.circled);
      tr.innerHTML = `<td>${shown(bonusName(b.id))}</td><td class="circles" aria-label="${b.circled} of ${b.limit} circled, ${b.used} used">${marks}</td><td>${b.id === "plus-one" ? "scores at the end" : b.available}</td><td></td>`;
      const cell = tr.lastChild;
      const free = !view.over && view.dice && !view.pending;
      if (b.id === "switch-shape" || b.id === "switch-dig-type") {
        const on = (state.draft.switches || []).includes(b.id);
        const btn = document.createElement("button"); btn.type = "button"; btn.textContent = on ? "Used" : "Use";
        btn.setAttribute("aria-pressed", on ? "true" : "false"); btn.setAttribute("aria-label", `use ${bonusName(b.id)} this round`);
        btn.disabled = !free || (!on && b.available < 1); btn.addEventListener("click", () => toggleSwitch(b.id)); cell.appendChild(btn);
      } else if (b.id === "one-square-anywhere") {
        const btn = document.createElement("button"); btn.type = "button"; btn.textContent = "Draw a square";
        btn.disabled = !free || b.available < 1; btn.addEventListener("click", () => chooseSquare());
        cell.appendChild(btn);
      }
      body.appendChild(tr);
    }
    table.appendChild(body); box.appendChild(table);
  }
  function chooseSquare() {
    const box = $("square-types"); box.hidden = false; box.innerHTML = "<span>Dig type of the square:</span>";
    for (const t of view.dig_types) {
      const b = document.createElement("button"); b.type = "button";
      b.innerHTML = `<span class="swatch t-${t}" aria-hidden="true"></span>${shown(typeName(t))}`;
      b.addEventListener("click", () => { squareType = t; box.hidden = true; say(`tap an empty cell without a star for the ${typeName(t)} square`); });
      box.appendChild(b);
    }
  }
  function renderScore() {
    const s = view.score, dug = view.fossils.filter((f) => f.dug);
    $("score").innerHTML = `<table><tbody>
      <tr><td>${shown(label("fossils"))}</td><td>${dug.map((f) => f.id + " " + f.value).join(", ") || "none yet"}</td><td>${s.fossil_points}</td></tr>
      <tr><td>same-type bonuses</td><td>${dug.filter((f) => f.bonus_earned).map((f) => f.id + " +" + f.bonus).join(", ") || "–"}</td><td>${s.same_type_bonuses}</td></tr>
      <tr><td>${shown(bonusName("plus-one"))}</td><td></td><td>${s.plus_one}</td></tr>
      <tr><th>${shown(label("total"))}</th><td></td><th id="total">${s.total}</th></tr></tbody></table>`;
  }
  function renderResult() {
    const box = $("result"); box.hidden = !view.over;
    if (!view.over) return;
    const r = view.result;
    box.innerHTML = `<h2>Game over: <span id="final">${r.total}</span> points</h2>
      <p>${r.fossils.length} fossils (${r.fossil_points}), same-type bonuses ${r.same_type_bonuses}, ${shown(bonusName("plus-one"))} ${r.plus_one}.</p>
      <p id="par">${view.par === undefined ? "Working out the par…" : `Par (the project's strongest player, knowing every roll): <b>${view.par}</b>` + (r.total >= view.par ? " – you matched or beat it!" : "")}</p>`;
  }
  function render() {
    paintGrid(); renderRound(); renderBonuses(); renderScore(); renderResult();
  }

  // ---- wiring
  $("shapes-h").innerHTML = `${shown(label("shapes"))} · ${shown(label("dig_types"))}`;
  $("bonuses-h").innerHTML = shown(label("bonuses"));
  $("lang-go").hidden = true;  // the picker reloads the page in its language by itself
  $("lang").addEventListener("change", () => { state.lang = $("lang").value; save(); $("lang-form").submit(); });
  for (const id of ["die1", "die2"]) for (let d = 1; d <= 6; d++) $(id).add(new Option(String(d), String(d)));
  $("use-dice").addEventListener("click", () => attempt(state.moves, { dice: [+$("die1").value, +$("die2").value] }, "dice noted"));
  $("rotate").addEventListener("click", () => turn(false));
  $("mirror").addEventListener("click", () => turn(true));
  $("undo").addEventListener("click", undo);
  $("pass").addEventListener("click", passRound);
  $("confirm").addEventListener("click", confirmRound);
  $("export").addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(state.moves, null, 1) + "\n"], { type: "application/json" });
    const a = document.createElement("a"); a.href = URL.createObjectURL(blob); a.download = `moves-${code}.json`;
    document.body.appendChild(a); a.click(); a.remove();
  });
  $("restart").addEventListener("click", async () => {
    if (!confirm("Start this sheet over? Your moves are lost.")) return;
    state.moves = []; state.draft = {}; state.history = []; save(); view = initial; render(); say("new game");
  });
  $("grid").addEventListener("keydown", (e) => {
    const at = anchor || [0, 0], moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      anchor = [Math.min(view.rows - 1, Math.max(0, at[0] + moves[e.key][0])), Math.min(view.cols - 1, Math.max(0, at[1] + moves[e.key][1]))];
      focusCell(anchor); paintGhost();
    } else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tap(at); }
  });
  $("grid").addEventListener("focusin", (e) => {
    if (e.target.dataset.r === undefined) return;
    anchor = [+e.target.dataset.r, +e.target.dataset.c]; paintGhost();
    document.querySelectorAll(".cell[tabindex='0']").forEach((x) => { if (x !== e.target) x.tabIndex = -1; });
    e.target.tabIndex = 0;
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "r" || e.key === "R") turn(false);
    else if (e.key === "m" || e.key === "M") turn(true);
    else if (e.key === "u" || e.key === "U") undo();
  });
  buildGrid();
  $("c-0-0").tabIndex = 0;
  (async () => {
    const answer = await ask(state.moves, state.draft);
    if (answer && answer.ok) { view = answer.body; }
    else if (answer) { say("the saved game could not be replayed: " + (answer.body.error || "") + "; starting over", true);
      state.moves = []; state.draft = {}; state.history = []; save(); }
    render();
    if (view.over) finish();
  })();
})();
