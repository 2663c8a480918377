// dinokit kit page: options checked by the server (/api/choices lists them), a live
// preview of the first page (SVG), downloads built as jobs with progress and cancel.
// Every word comes from the page (#words, in the page's language); text is set as text.
// With data that has errors (/api/choices answers 503) it shows the data's first problems.
"use strict";
(async () => {
  const $ = (id) => document.getElementById(id);
  const words = {};
  document.querySelectorAll("#words [data-w]").forEach((e) => { words[e.dataset.w] = e.textContent; });
  const w = (key, values = {}) => (words[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  const text = (tag, value, cls) => { const e = document.createElement(tag); e.textContent = value; if (cls) e.className = cls; return e; };
  // kind: "ok" (the default), "bad", or "plain" (under way, or cancelled: neither)
  function say(message, kind = "ok") { const s = $("status"); s.textContent = message; s.className = "message" + (message && kind !== "plain" ? " " + kind : ""); }
  async function json(response) { try { return await response.json(); } catch { return { error: `${response.status} ${response.statusText}` }; } }

  async function broken(error) {  // the data has errors: say so, and show its first problems
    $("builder").hidden = true; $("preview-box").hidden = true; $("broken").hidden = false;
    $("broken-text").textContent = w("broken");
    $("broken-list").replaceChildren(text("li", w("checking")));
    const r = await fetch("/api/data"); const d = await json(r);
    if (!r.ok || !d.findings) { $("broken-list").replaceChildren(text("li", d.error || error)); return; }
    const shown = d.findings.filter((f) => f.severity === "error").slice(0, 5);
    const items = shown.map((f) => { const li = text("li", ""); li.append(text("span", f.where, "where"), " " + f.message); return li; });
    const more = d.findings.length + (d.more || 0) - shown.length;
    if (more > 0) items.push(text("li", w("more", { count: more })));
    $("broken-list").replaceChildren(...items);
  }

  const answer = await fetch("/api/choices"); const choices = await json(answer);
  if (!answer.ok) { await broken(choices.error); return; }
  const page = document.documentElement.lang;
  const names = choices.names[page] || choices.names.en || { games: {}, products: {} };
  const product = (id) => names.products[id] || id;
  const fill = (id, values, labels) => $(id).replaceChildren(...values.map((v, i) => new Option(labels[i], v)));
  const named = (kind, values) => values.map((v) => w(`${kind}:${v}`));
  fill("game", choices.games.map((g) => g.id), choices.games.map((g) => names.games[g.id] || g.name));
  fill("print-lang", choices.languages.map((l) => l.code), choices.languages.map((l) => `${l.name} (${l.code})`));
  const codes = choices.languages.map((l) => l.code);
  $("print-lang").value = codes.includes(page) ? page : codes.includes("en") ? "en" : codes[0];
  fill("paper", choices.papers, named("paper", choices.papers));
  fill("layout", choices.layouts, named("layout", choices.layouts));
  fill("difficulty", choices.difficulties, named("difficulty", choices.difficulties)); $("difficulty").value = "medium";
  fill("rolls", choices.rolls, named("rolls", choices.rolls));
  $("count").max = choices.limits.count; $("players").max = choices.limits.players; $("seed").max = choices.limits.seed;
  function products() {
    const game = choices.games.find((g) => g.id === $("game").value);
    const keep = $("product").value; fill("product", game.products, game.products.map(product));
    if (game.products.includes(keep)) $("product").value = keep;
  }
  products();
  const chosen = (id) => $(id).selectedOptions[0].textContent;
  function options(format, kit) {
    const o = { game: $("game").value, product: kit ? "kit" : $("product").value, lang: $("print-lang").value,
      paper: $("paper").value, layout: $("layout").value, ink_saver: $("ink_saver").checked,
      crop_marks: $("crop_marks").checked, imposed: $("imposed").checked, format };
    if ($("product").value === "pad" && !kit) Object.assign(o, { count: +$("count").value, players: +$("players").value,
      seed: +$("seed").value, difficulty: $("difficulty").value, per_page: +$("per_page").value, rolls: $("rolls").value });
    return o;
  }

  // previewFailed: the status line shows a preview's error (the next preview clears it,
  // and nothing else: a build's message stays)
  let previewSeq = 0, timer = null, shownUrl = null, previewFailed = false;
  async function preview() {
    const n = ++previewSeq; $("preview-state").textContent = w("drawing");
    $("pad-options").disabled = $("product").value !== "pad";
    const r = await fetch("/api/kit/preview", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(options("svg", false)) });
    if (n !== previewSeq) return;
    if (!r.ok) { say((await json(r)).error, "bad"); previewFailed = true; return; }
    const img = new Image();
    img.alt = w("preview_alt", { product: chosen("product"), language: chosen("print-lang"), paper: chosen("paper") });
    img.src = URL.createObjectURL(await r.blob());
    if (n !== previewSeq) { URL.revokeObjectURL(img.src); return; }
    $("preview").replaceChildren(img);
    if (shownUrl) URL.revokeObjectURL(shownUrl);
    shownUrl = img.src;
    $("preview-state").textContent = w("preview_ready");
    if (previewFailed) { say(""); previewFailed = false; }
  }
  $("kit").addEventListener("change", (e) => { if (e.target.id === "game") products(); clearTimeout(timer); timer = setTimeout(preview, 150); });

  // The build under way: {id, cancelled}. Once cancelled it is never downloaded, even
  // when it ends "done" (it finished between the click and the server's answer).
  let job = null;
  function progress(j) {
    $("progress").max = j.total; $("progress").value = j.done;
    const line = w("job", { state: w("state:" + j.state), done: j.done, total: j.total });
    const step = j.step && !["done", "cancelled"].includes(j.state) ? (words["step:" + j.step] ?? product(j.step)) : "";
    $("job-text").textContent = step ? w("job_step", { progress: line, step }) : line;
  }
  function ended() { $("cancel").hidden = true; }
  async function follow(current) {
    const r = await fetch("/api/jobs/" + current.id); const j = await json(r);
    if (current !== job) return;  // another build took its place
    if (!r.ok) { ended(); say(j.error, "bad"); return; }
    if (current.cancelled && (j.state === "done" || j.state === "cancelled")) {
      ended(); progress({ ...j, state: "cancelled" }); say(w("cancelled"), "plain"); return;
    }
    progress(j);
    if (j.state === "done") {
      ended();
      const a = $("download"); a.href = `/api/jobs/${j.id}/file`; a.download = j.file;
      a.textContent = w("save", { file: j.file }); a.hidden = false;
      say(w("built", { file: j.file })); a.click();
    } else if (j.state === "failed") { ended(); say(w("failed", { error: j.message }), "bad"); }
    else if (j.state === "cancelled") { ended(); say(w("cancelled"), "plain"); }
    else setTimeout(() => follow(current), 300);
  }
  document.querySelectorAll("[data-format]").forEach((b) => b.addEventListener("click", async () => {
    $("download").hidden = true;
    const r = await fetch("/api/kit/build", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(options(b.dataset.format, !!b.dataset.kit)) });
    const j = await json(r);
    if (!r.ok) { say(j.error, "bad"); return; }
    job = { id: j.id, cancelled: false };
    $("job").hidden = false; $("cancel").hidden = false; $("cancel").disabled = false;
    progress(j); say(w("building"), "plain"); follow(job);
  }));
  $("cancel").addEventListener("click", async () => {
    if (!job || job.cancelled) return;
    job.cancelled = true; $("cancel").disabled = true; say(w("cancelling"), "plain");
    await fetch("/api/jobs/" + job.id, { method: "DELETE" });
  });
  preview();
})();
