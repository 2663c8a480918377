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
  // The page's own words, in the chosen language: {name}s filled from vars (as text;
  // html() for a label whose values are markup, the label's own text escaped).
  const fill = (text, vars) => Object.entries(vars || {}).reduce((s, [k, v]) => s.split(`{${k}}`).join(String(v)), text);
  const t = (key, vars) => fill(label(key), vars);
  const html = (key, vars) => fill(esc(label(key)), vars);
  const SEP = label("web_label_sep"), LIST = label("web_list_sep");
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
    if (!answer.ok) { say(answer.body.error || "?", true); return false; }
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
      let cls = "cell", parts = [], text = "";
      if (f) { cls += " fossil" + (f.dug ? " dug" : ""); text = f.id;
               parts.push(t("web_cell_fossil", { fossil: f.id, points: f.value })); if (f.dug) parts.push(t("web_cell_dug")); }
      else if (d) { cls += ` drawn t-${d[0]}` + (d[1] ? " square" : "") + (pend.has(k) ? " pending" : "");
                    parts.push(t(pend.has(k) ? "web_cell_pending" : "web_cell_drawn"), typeName(d[0]));
                    if (d[1]) parts.push(t("web_cell_square"));
                    if (stars.has(k)) { parts.push(t("web_cell_star_covered")); text = "★"; } }
      else if (stars.has(k)) { cls += " star"; parts.push(t("web_cell_star")); }
      else parts.push(t("web_cell_empty"));
      const said = t("web_cell", { row: r + 1, column: c + 1 }) + SEP + parts.join(LIST);
      cell.className = cls; cell.dataset.label = said;
      cell.innerHTML = text ? `<span class="label" aria-hidden="true">${text}</span>` : "";
      cell.setAttribute("aria-label", said);
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
    if (a) a.setAttribute("aria-label", a.dataset.label + LIST + (reason ? t("web_cannot", { shape: view.shape.shape, reason }) : t("web_fits", { shape: view.shape.shape })));
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
      if (await attempt(state.moves, draftWith({ squares }), t("web_square_drawn", { row: at[0] + 1, column: at[1] + 1 }))) squareType = null;
      return;
    }
    if (!view.shape) { say(t("web_pick_first"), true); return; }
    if (view.pending) { say(t("web_confirm_first"), true); return; }
    const reason = reasonAt(at);
    if (reason) { paintGhost(); say(t("web_cannot", { shape: view.shape.shape, reason }), true); return; }
    const shape = view.shape.shape;
    if (await attempt(state.moves, draftWith({ cells: cellsOf(at), bonuses: [] }))) {
      const p = view.pending;
      say(p && !p.ready ? t("web_placed_stars", { shape, stars: p.stars, due: p.due }) : t("web_placed", { shape }));
    }
  }
  async function pick(shape, digType) {
    await attempt(state.moves, draftWith({ shape, dig_type: digType, orientation: 0, cells: null, bonuses: [] }));
  }
  async function turn(mirror) {
    if (!view.shape || view.pending) return;
    const o = view.shape.orientation, next = mirror ? (o + 4) % 8 : (o >= 4 ? 4 + (o + 1) % 4 : (o + 1) % 4);
    await attempt(state.moves, draftWith({ orientation: next }), t(mirror ? "web_mirrored" : "web_rotated"));
  }
  async function undo() {
    if (!state.history.length) { say(t("web_nothing_to_undo"), true); return; }
    const previous = state.history.pop();
    const answer = await ask(state.moves, previous);
    if (answer && answer.ok) { state.draft = previous; view = answer.body; save(); render(); say(t("web_undone")); }
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
    await commit(m, t("web_round_done", { round: view.round }));
  }
  async function passRound() { await commit(Object.assign(move(), { pass: true }), t("web_round_passed", { round: view.round })); }
  async function commit(m, text) {
    anchor = null;
    if (await attempt(state.moves.concat([m]), {}, text) && view.over) finish();
  }
  async function circle(bonus) {
    if (await attempt(state.moves, draftWith({ bonuses: (state.draft.bonuses || []).concat([bonus]) }), t("web_circled", { bonus: bonusName(bonus) }))
        && view.pending && view.pending.ready) say(t("web_circled_confirm", { bonus: bonusName(bonus) }));
  }
  async function toggleSwitch(id) {
    const now = state.draft.switches || [];
    const switches = now.includes(id) ? now.filter((x) => x !== id) : now.concat([id]);
    await attempt(state.moves, draftWith({ switches, shape: null, dig_type: null, cells: null, bonuses: [] }),
                  t(now.includes(id) ? "web_switch_off" : "web_switch_on", { bonus: bonusName(id) }));
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
    if (view.date) $("code").textContent = `${code} · ${t("web_dig_of", { date: view.date })}`;
    $("round-label").textContent = `(${view.over ? t("web_game_over") : label("round") + " " + t("web_round_of", { round: view.round, rounds: view.rounds })})`;
    $("round-controls").hidden = view.over;
    const needDice = !view.over && !view.dice;
    $("dice-entry").hidden = !needDice;
    const dice = $("dice"); dice.innerHTML = "";
    for (const f of view.faces || []) {
      const e = document.createElement("div"); e.className = "die";
      e.innerHTML = html("web_die_faces", { die: `<b>${f.die}</b>`, first: mini(f.shapes[0]) + f.shapes[0], second: mini(f.shapes[1]) + f.shapes[1],
                                            dig_type: `<span class="swatch t-${f.dig_type}" aria-hidden="true"></span>${shown(typeName(f.dig_type))}` });
      dice.appendChild(e);
    }
    const shapes = $("shapes"); shapes.innerHTML = "";
    for (const [s, dt] of view.allowed || []) {
      const b = document.createElement("button"); b.type = "button";
      const on = view.shape && view.shape.shape === s && view.shape.dig_type === dt;
      b.setAttribute("aria-pressed", on ? "true" : "false"); b.disabled = !!view.pending;
      b.innerHTML = `${mini(s)}${s} · <span class="swatch t-${dt}" aria-hidden="true"></span>${shown(typeName(dt))}`;
      b.setAttribute("aria-label", t("web_shape_with_type", { shape: s, dig_type: typeName(dt) }));
      b.addEventListener("click", () => pick(s, dt)); shapes.appendChild(b);
    }
    $("pass").disabled = view.over || !view.dice || !view.can_pass || !!view.pending || (state.draft.switches || []).length > 0;
    $("rotate").disabled = $("mirror").disabled = !view.shape || !!view.pending;
    $("undo").disabled = !state.history.length;
    $("confirm").disabled = !(view.pending && view.pending.ready);
    const p = view.pending, star = $("star-bonuses");
    star.hidden = !(p && p.due > 0);
    if (p && p.due > 0) {
      $("star-text").textContent = t("web_stars_due", { stars: p.stars, due: p.due,
        chosen: p.bonuses.length ? p.bonuses.map(bonusName).join(LIST) : "0" });
      const box = $("star-buttons"); box.innerHTML = "";
      for (const b of view.bonuses) {
        const chosen = p.bonuses.filter((x) => x === b.id).length;
        const btn = document.createElement("button"); btn.type = "button"; btn.textContent = t("web_circle", { bonus: bonusName(b.id) });
        btn.disabled = p.bonuses.length >= p.due || b.circled + chosen >= b.limit;
        btn.addEventListener("click", () => circle(b.id)); box.appendChild(btn);
      }
    }
  }
  function renderBonuses() {
    const box = $("bonuses"); box.innerHTML = "";
    const table = document.createElement("table");
    table.innerHTML = `<thead><tr><th>${shown(label("bonus"))}</th><th>${esc(t("web_circled_column"))}</th><th>${esc(t("web_usable_column"))}</th></tr></thead>`;
    const body = document.createElement("tbody");
    for (const b of view.bonuses) {
      const tr = document.createElement("tr");
      const marks = "●".repeat(b.circled - b.used) + "⊗".repeat(b.used) + "○".repeat(b.limit - b.circled);
      // the bonus's button (if any) under its name: three columns fit 360 px in every language
      tr.innerHTML = `<td>${shown(bonusName(b.id))}<div class="act"></div></td><td class="circles" aria-label="${esc(t("web_circles_state", { circled: b.circled, limit: b.limit, used: b.used }))}">${marks}</td><td>${b.id === "plus-one" ? esc(t("web_at_the_end")) : b.available}</td>`;
      const cell = tr.querySelector(".act");
      const free = !view.over && view.dice && !view.pending;
      if (b.id === "switch-shape" || b.id === "switch-dig-type") {
        const on = (state.draft.switches || []).includes(b.id);
        const btn = document.createElement("button"); btn.type = "button"; btn.textContent = t(on ? "web_used" : "web_use");
        btn.setAttribute("aria-pressed", on ? "true" : "false"); btn.setAttribute("aria-label", t("web_use_this_round", { bonus: bonusName(b.id) }));
        btn.disabled = !free || (!on && b.available < 1); btn.addEventListener("click", () => toggleSwitch(b.id)); cell.appendChild(btn);
      } else if (b.id === "one-square-anywhere") {
        const btn = document.createElement("button"); btn.type = "button"; btn.textContent = t("web_draw_square");
        btn.disabled = !free || b.available < 1; btn.addEventListener("click", () => chooseSquare());
        cell.appendChild(btn);
      }
      body.appendChild(tr);
    }
    table.appendChild(body); box.appendChild(table);
  }
  function chooseSquare() {
    const box = $("square-types"); box.hidden = false; box.innerHTML = `<span>${esc(t("web_square_type"))}</span>`;
    for (const dt of view.dig_types) {
      const b = document.createElement("button"); b.type = "button";
      b.innerHTML = `<span class="swatch t-${dt}" aria-hidden="true"></span>${shown(typeName(dt))}`;
      b.addEventListener("click", () => { squareType = dt; box.hidden = true; say(t("web_tap_square", { dig_type: typeName(dt) })); });
      box.appendChild(b);
    }
  }
  function renderScore() {
    const s = view.score, dug = view.fossils.filter((f) => f.dug);
    $("score").innerHTML = `<table><tbody>
      <tr><td>${shown(label("fossils"))}</td><td>${dug.map((f) => f.id + " " + f.value).join(LIST) || esc(t("web_none_yet"))}</td><td>${s.fossil_points}</td></tr>
      <tr><td>${esc(t("web_same_type"))}</td><td>${dug.filter((f) => f.bonus_earned).map((f) => f.id + " +" + f.bonus).join(LIST) || "–"}</td><td>${s.same_type_bonuses}</td></tr>
      <tr><td>${shown(bonusName("plus-one"))}</td><td></td><td>${s.plus_one}</td></tr>
      <tr><th>${shown(label("total"))}</th><td></td><th id="total">${s.total}</th></tr></tbody></table>`;
  }
  function renderResult() {
    const box = $("result"); box.hidden = !view.over;
    if (!view.over) return;
    const r = view.result;
    box.innerHTML = `<h2>${html("web_final", { points: `<span id="final">${r.total}</span>` })}</h2>
      <p>${html("web_summary", { fossils: r.fossils.length, fossil_points: r.fossil_points, bonuses: r.same_type_bonuses,
                                  plus_one: shown(bonusName("plus-one")), plus_points: r.plus_one })}</p>
      <p id="par">${view.par === undefined ? esc(t("web_par_wait")) : html("web_par", { par: `<b>${view.par}</b>` }) + (r.total >= view.par ? " " + esc(t("web_par_beaten")) : "")}</p>`;
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
  $("die1-label").textContent = t("web_die", { number: 1 }); $("die2-label").textContent = t("web_die", { number: 2 });
  $("use-dice").addEventListener("click", () => attempt(state.moves, { dice: [+$("die1").value, +$("die2").value] }, t("web_dice_noted")));
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
    if (!confirm(t("web_restart_ask"))) return;
    state.moves = []; state.draft = {}; state.history = []; save(); view = initial; render(); say(t("web_new_game"));
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
    else if (answer) { say(t("web_replay_failed", { error: answer.body.error || "" }), true);
      state.moves = []; state.draft = {}; state.history = []; save(); }
    render();
    if (view.over) finish();
  })();
})();
