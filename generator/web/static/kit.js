// dinokit kit page: options checked by the server (/api/choices lists them), a live
// preview of the first page (SVG), downloads built as jobs with progress and cancel.
"use strict";
(async () => {
  const $ = (id) => document.getElementById(id);
  const choices = await (await fetch("/api/choices")).json();
  const fill = (id, values, labels) => { const s = $(id); s.innerHTML = "";
    values.forEach((v, i) => s.add(new Option(labels ? labels[i] : v, v))); };
  fill("game", choices.games.map((g) => g.id), choices.games.map((g) => g.name));
  fill("lang", choices.languages.map((l) => l.code), choices.languages.map((l) => `${l.name} (${l.code})`));
  $("lang").value = choices.languages.some((l) => l.code === "en") ? "en" : choices.languages[0].code;
  fill("paper", choices.papers); fill("layout", choices.layouts);
  fill("difficulty", choices.difficulties); $("difficulty").value = "medium"; fill("rolls", choices.rolls);
  $("count").max = choices.limits.count; $("players").max = choices.limits.players; $("seed").max = choices.limits.seed;
  function products() {
    const game = choices.games.find((g) => g.id === $("game").value);
    const keep = $("product").value; fill("product", game.products);
    if (game.products.includes(keep)) $("product").value = keep;
  }
  products();
  function options(format, kit) {
    const o = { game: $("game").value, product: kit ? "kit" : $("product").value, lang: $("lang").value,
      paper: $("paper").value, layout: $("layout").value, ink_saver: $("ink_saver").checked,
      crop_marks: $("crop_marks").checked, imposed: $("imposed").checked, format };
    if ($("product").value === "pad" && !kit) Object.assign(o, { count: +$("count").value, players: +$("players").value,
      seed: +$("seed").value, difficulty: $("difficulty").value, per_page: +$("per_page").value, rolls: $("rolls").value });
    return o;
  }
  function say(text, bad) { const s = $("status"); s.textContent = text; s.className = "message" + (text ? (bad ? " bad" : " ok") : ""); }
  let previewSeq = 0, timer = null;
  async function preview() {
    const n = ++previewSeq; $("preview-state").textContent = "drawing the preview";
    $("pad-options").disabled = $("product").value !== "pad";
    const r = await fetch("/api/kit/preview", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(options("svg", false)) });
    if (n !== previewSeq) return;
    if (!r.ok) { say((await r.json()).error, true); return; }
    const url = URL.createObjectURL(await r.blob());
    $("preview").innerHTML = `<img alt="first page of ${$("product").value}, ${$("lang").value}, ${$("paper").value}" src="${url}">`;
    $("preview-state").textContent = "preview ready"; say("");
  }
  $("kit").addEventListener("change", (e) => { if (e.target.id === "game") products(); clearTimeout(timer); timer = setTimeout(preview, 150); });
  let job = null;
  async function follow() {
    if (!job) return;
    const r = await fetch("/api/jobs/" + job.id); const j = await r.json();
    if (!r.ok) { say(j.error, true); return; }
    job = j; $("progress").max = j.total; $("progress").value = j.done;
    $("job-text").textContent = `${j.state}: ${j.done} of ${j.total} steps${j.step ? " (" + j.step + ")" : ""}`;
    if (j.state === "done") {
      const a = $("download"); a.href = `/api/jobs/${j.id}/file`; a.download = j.file; a.textContent = `Save ${j.file}`; a.hidden = false;
      $("cancel").hidden = true; say(`built ${j.file}`); a.click();
    } else if (j.state === "failed" || j.state === "cancelled") { $("cancel").hidden = true; say(j.message || j.state, j.state === "failed"); }
    else setTimeout(follow, 300);
  }
  document.querySelectorAll("[data-format]").forEach((b) => b.addEventListener("click", async () => {
    $("download").hidden = true;
    const r = await fetch("/api/kit/build", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(options(b.dataset.format, !!b.dataset.kit)) });
    const j = await r.json();
    if (!r.ok) { say(j.error, true); return; }
    job = j; $("job").hidden = false; $("cancel").hidden = false; say("building…"); follow();
  }));
  $("cancel").addEventListener("click", async () => { if (job) await fetch("/api/jobs/" + job.id, { method: "DELETE" }); });
  preview();
})();
