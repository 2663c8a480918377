// dinokit play page: the browser keeps the moves and this round's draft; the server
// replays them through the rules engine (POST /api/play) and says what the sheet
// shows and what is allowed. No rule is decided here.
//
// Every word the page shows goes into the DOM as text (textContent, text nodes): a
// label or a name from the data is never read as HTML, whatever it holds. No inline
// style either (the server's Content-Security-Policy allows none): element.style only.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const initial = JSON.parse($("initial").textContent);
  const code = initial.code;
  const KEY = "dinokit-play/" + code;
  // The names of the chosen language (the server's, from the data's language files);
  // ids stay in the moves, names are only shown.
  const names = initial.names, LANG = names.lang;
  const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const typeName = (t) => (own(names.dig_types, t) ? names.dig_types[t] : t);
  const bonusName = (b) => (own(names.bonuses, b) ? names.bonuses[b] : b);
  const label = (key) => (own(names.labels, key) ? names.labels[key] : key);
  const PLACEHOLDER = /\{([A-Za-z0-9_]*)\}/g;
  // A label as pieces: its text between the {name}s, and the values of vars for them
  // (a value used twice is copied); read once, so a value is never filled in again.
  function pieces(key, vars) {
    const text = label(key), out = [], used = new Set();
    let last = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      if (!vars || !own(vars, m[1])) continue;
      let value = vars[m[1]];
      if (value instanceof Node) { if (used.has(value)) value = value.cloneNode(true); used.add(value); }
      out.push(text.slice(last, m.index), value);
      last = m.index + m[0].length;
    }
    out.push(text.slice(last));
    return out.filter((p) => p !== "");
  }
  // The page's own words, in the chosen language, as a string (for textContent,
  // aria-label, a file name): {name}s filled from vars.
  const t = (key, vars) => pieces(key, vars).map((p) => (p instanceof Node ? p.textContent : String(p))).join("");
  const SEP = label("web_label_sep"), LIST = label("web_list_sep"), JOIN = label("separator");
  // An element: attributes (none from "style": CSP), then children, text as text nodes.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : String(v));
    e.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== "").map((c) => (c instanceof Node ? c : String(c))));
    return e;
  }
  // A name in page text, marked with its language (screen readers, CJK glyph forms).
  const shown = (text) => el("span", { lang: LANG }, text);
  const swatch = (digType) => el("span", { class: `swatch t-${digType}`, "aria-hidden": "true" });
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
  let view = initial, anchor = null, squareType = null, seq = 0, total = null;

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
    const g = $("grid"); g.replaceChildren();
    g.style.gridTemplateColumns = `repeat(${view.cols}, minmax(0, 1fr))`;
    g.style.gridTemplateRows = `repeat(${view.rows}, minmax(0, 1fr))`;
    for (let r = 0; r < view.rows; r++) {
      const row = el("div", { role: "row", class: "grid-row" });
      for (let c = 0; c < view.cols; c++) {
        const cell = el("div", { class: "cell", id: `c-${r}-${c}`, "data-r": r, "data-c": c, role: "gridcell", tabindex: -1 });
        cell.addEventListener("click", () => tap([r, c]));
        cell.addEventListener("mouseenter", () => { if (!view.pending) { anchor = [r, c]; paintGhost(); } });
        row.append(cell);
      }
      g.append(row);
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
      let cls = "cell", text = "";
      const parts = [];
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
      if (text) cell.replaceChildren(el("span", { class: "label", "aria-hidden": "true" }, text));
      else cell.replaceChildren();
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
      if (p && !p.ready) {  // the bonuses to circle and Confirm in view (on a phone, below the grid)
        $("confirm").scrollIntoView({ block: "nearest" }); $("star-bonuses").scrollIntoView({ block: "nearest" });
      }
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
    const on = new Set(cells.map((x) => x.join(","))), box = el("span", { class: "mini", "aria-hidden": "true" });
    box.style.gridTemplateColumns = `repeat(${w}, 7px)`;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) box.append(el("span", { class: on.has(r + "," + c) ? null : "off" }));
    return box;
  }
  // The buttons of a box, one per key: kept and updated in place while the keys stay
  // the same (a focused button keeps the focus), made anew when they change.
  function keyed(box, keys, make, update) {
    const old = Array.from(box.children);
    const same = old.length === keys.length && old.every((e, i) => e.dataset.key === keys[i]);
    const list = same ? old : keys.map((k) => { const b = make(k); b.dataset.key = k; return b; });
    if (!same) box.replaceChildren(...list);
    list.forEach((b, i) => update(b, keys[i]));
  }
  function renderRound() {
    if (view.date) $("code").textContent = [code, t("web_dig_of", { date: view.date })].join(JOIN);
    const progress = view.over ? t("web_game_over") : t("web_round_of", { round: view.round, rounds: view.rounds });
    $("round-label").textContent = t("web_site_state", { site: label("web_dig_site"), state: progress });
    $("round-controls").hidden = view.over;
    const needDice = !view.over && !view.dice;
    $("dice-entry").hidden = !needDice;
    $("dice").replaceChildren(...(view.faces || []).map((f) => el("div", { class: "die", role: "listitem" }, pieces("web_die_faces", {
      die: el("b", {}, f.die),
      first: el("span", { class: "face-shape" }, mini(f.shapes[0]), f.shapes[0]),
      second: el("span", { class: "face-shape" }, mini(f.shapes[1]), f.shapes[1]),
      dig_type: el("span", { class: "face-type" }, swatch(f.dig_type), shown(typeName(f.dig_type))),
    }))));
    const allowed = view.allowed || [];
    keyed($("shapes"), allowed.map(([s, dt]) => `${s}/${dt}`), (k) => {
      const [s, dt] = k.split("/");
      const b = el("button", { type: "button" }, mini(s), s, JOIN, swatch(dt), shown(typeName(dt)));
      b.setAttribute("aria-label", t("web_shape_with_type", { shape: s, dig_type: typeName(dt) }));
      b.addEventListener("click", () => pick(s, dt));
      return b;
    }, (b, k) => {
      const on = view.shape && `${view.shape.shape}/${view.shape.dig_type}` === k;
      b.setAttribute("aria-pressed", on ? "true" : "false"); b.disabled = !!view.pending;
    });
    $("pass").disabled = view.over || !view.dice || !view.can_pass || !!view.pending || (state.draft.switches || []).length > 0;
    $("pass-hint").textContent = !view.over && view.dice && view.can_pass && !view.pending ? t("web_nothing_fits") : "";
    $("rotate").disabled = $("mirror").disabled = !view.shape || !!view.pending;
    $("undo").disabled = !state.history.length;
    $("confirm").disabled = !(view.pending && view.pending.ready);
    const p = view.pending, star = $("star-bonuses");
    star.hidden = !(p && p.due > 0);
    if (p && p.due > 0) {
      $("star-text").textContent = t("web_stars_due", { stars: p.stars, due: p.due,
        chosen: p.bonuses.length ? p.bonuses.map(bonusName).join(LIST) : "0" });
      keyed($("star-buttons"), view.bonuses.map((b) => b.id), (id) => {
        const btn = el("button", { type: "button" }, t("web_circle", { bonus: bonusName(id) }));
        btn.addEventListener("click", () => circle(id));
        return btn;
      }, (btn, id) => {
        const b = view.bonuses.find((x) => x.id === id), chosen = p.bonuses.filter((x) => x === id).length;
        btn.disabled = p.bonuses.length >= p.due || b.circled + chosen >= b.limit;
      });
    }
  }
  function renderBonuses() {
    const head = el("thead", {}, el("tr", {}, el("th", {}, shown(label("bonus"))), el("th", {}, t("web_circled_column")), el("th", {}, t("web_usable_column"))));
    const body = el("tbody");
    const free = !view.over && view.dice && !view.pending;
    for (const b of view.bonuses) {
      const marks = "●".repeat(b.circled - b.used) + "⊗".repeat(b.used) + "○".repeat(b.limit - b.circled);
      // the bonus's button (if any) under its name: three columns fit 360 px in every language
      const act = el("div", { class: "act" });
      if (b.id === "switch-shape" || b.id === "switch-dig-type") {
        const on = (state.draft.switches || []).includes(b.id);
        const btn = el("button", { type: "button", "data-key": "switch/" + b.id, "aria-pressed": on ? "true" : "false",
                                   "aria-label": t("web_use_this_round", { bonus: bonusName(b.id) }) }, t(on ? "web_used" : "web_use"));
        btn.disabled = !free || (!on && b.available < 1); btn.addEventListener("click", () => toggleSwitch(b.id)); act.append(btn);
      } else if (b.id === "one-square-anywhere") {
        const btn = el("button", { type: "button", "data-key": "square/" + b.id }, t("web_draw_square"));
        btn.disabled = !free || b.available < 1; btn.addEventListener("click", () => chooseSquare());
        act.append(btn);
      }
      body.append(el("tr", {},
        el("td", {}, shown(bonusName(b.id)), act),
        el("td", { class: "circles", "aria-label": t("web_circles_state", { circled: b.circled, limit: b.limit, used: b.used }) }, marks),
        el("td", {}, b.id === "plus-one" ? t("web_at_the_end") : b.available)));
    }
    $("bonuses").replaceChildren(el("table", {}, head, body));
  }
  function chooseSquare() {
    const box = $("square-types"); box.hidden = false;
    box.replaceChildren(el("span", {}, t("web_square_type")), ...view.dig_types.map((dt) => {
      const b = el("button", { type: "button", "data-key": "square-type/" + dt }, swatch(dt), shown(typeName(dt)));
      b.addEventListener("click", () => { squareType = dt; box.hidden = true; say(t("web_tap_square", { dig_type: typeName(dt) })); focusCell(anchor || [0, 0]); });
      return b;
    }));
    box.querySelector("button").focus();
  }
  function renderScore() {
    const s = view.score, dug = view.fossils.filter((f) => f.dug);
    const row = (head, text, points, strong) => el("tr", {}, el(strong ? "th" : "td", { scope: strong ? "row" : null }, head), el("td", {}, text), el(strong ? "th" : "td", { id: strong ? "total" : null }, points));
    $("score").replaceChildren(el("table", {}, el("tbody", {},
      row(shown(label("fossils")), dug.map((f) => f.id + " " + f.value).join(LIST) || t("web_none_yet"), s.fossil_points),
      row(t("web_same_type"), dug.filter((f) => f.bonus_earned).map((f) => f.id + " +" + f.bonus).join(LIST) || "–", s.same_type_bonuses),
      row(shown(bonusName("plus-one")), "", s.plus_one),
      row(shown(label("total")), "", s.total, true))));
    // only what changed is announced (the table is not a live region)
    if (total !== null && s.total !== total) {
      const change = s.total > total ? `+${s.total - total}` : `−${total - s.total}`;
      $("score-news").textContent = t("web_score_change", { total: s.total, change });
    }
    total = s.total;
  }
  function renderResult() {
    const box = $("result"); box.hidden = !view.over;
    if (!view.over) { box.replaceChildren(); return; }
    const r = view.result;
    const parLine = () => el("span", {}, pieces("web_par", { par: el("b", {}, view.par) }));
    const par = view.par === undefined ? [t("web_par_wait")]
      : r.total >= view.par ? pieces("web_par_result", { par: parLine(), beaten: t("web_par_beaten") }) : [parLine()];
    box.replaceChildren(
      el("h2", {}, pieces("web_final", { points: el("span", { id: "final" }, r.total) })),
      el("p", {}, pieces("web_summary", { fossils: r.fossils.length, fossil_points: r.fossil_points, bonuses: r.same_type_bonuses,
                                          plus_one: shown(bonusName("plus-one")), plus_points: r.plus_one })),
      el("p", { id: "par" }, par));
  }
  // Keyboard focus stays where the player is: on the same control when it was made
  // anew (its id or data-key), else on the next thing to do.
  function render() {
    const was = document.activeElement;
    const key = was && was !== document.body ? (was.dataset.key || (was.id ? "#" + was.id : "")) : "";
    paintGrid(); renderRound(); renderBonuses(); renderScore(); renderResult();
    if (!key) return;
    const usable = (e) => e && e.isConnected && !e.disabled && !e.closest("[hidden]");
    if (usable(was) && document.activeElement === was) return;
    const same = key.startsWith("#") ? $(key.slice(1)) : document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const next = [same, $("confirm"), was.parentElement && was.parentElement.querySelector("button:not(:disabled)"),
                  $("shapes").querySelector("button:not(:disabled)"), $("use-dice"), $("export")].find(usable);
    if (next) next.focus();
  }

  // ---- wiring
  $("shapes-h").replaceChildren(shown(label("shapes")), JOIN, shown(label("dig_types")));
  $("bonuses-h").replaceChildren(shown(label("bonuses")));
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
    // a game in progress says so, in its file name and on the page
    const name = view.over ? `moves-${code}.json` : `moves-${code}-round-${view.round}-of-${view.rounds}.json`;
    const blob = new Blob([JSON.stringify(state.moves, null, 1) + "\n"], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(a); a.click(); a.remove();
    if (!view.over) say(t("web_export_partial", { round: view.round, rounds: view.rounds }));
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
    let answer = await ask(state.moves, state.draft);
    if (answer && !answer.ok && Object.keys(state.draft).length) {
      // the moves may still be good without the draft saved with them (e.g. a finished game)
      const bare = await ask(state.moves, {});
      if (bare && bare.ok) { state.draft = {}; state.history = []; save(); answer = bare; }
    }
    if (answer && answer.ok) { view = answer.body; }
    else if (answer) { say(t("web_replay_failed", { error: answer.body.error || "" }), true);
      state.moves = []; state.draft = {}; state.history = []; save(); }
    render();
    document.body.dataset.ready = "true";  // the first answer drawn (the browser tests wait for it)
    if (view.over) finish();
  })();
})();
