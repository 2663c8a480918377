// dinokit data page: the validator's findings (GET /api/data), each with its line.
// Every word comes from the page (#words, in the page's language); text is set as text.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const words = {};
  document.querySelectorAll("#words [data-w]").forEach((e) => { words[e.dataset.w] = e.textContent; });
  const w = (key, values = {}) => (words[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  function text(tag, value, cls) { const e = document.createElement(tag); e.textContent = value; if (cls) e.className = cls; return e; }
  async function load() {
    $("summary").textContent = w("checking"); $("summary").className = "message";
    const r = await fetch("/api/data");
    let d; try { d = await r.json(); } catch { d = { error: `${r.status} ${r.statusText}` }; }
    if (!r.ok) { $("summary").textContent = d.error; $("summary").className = "message bad"; return; }
    $("summary").textContent = w("summary", { folder: d.folder, errors: d.errors, warnings: d.warnings });
    $("summary").className = "message " + (d.errors ? "bad" : "ok");
    const items = d.findings.map((f) => {
      const item = document.createElement("article"); item.className = "finding " + f.severity;
      const head = document.createElement("p");
      head.append(text("span", f.where, "where"), " ", text("strong", `${w("severity:" + f.severity)} [${f.code}]`), ": " + f.message);
      item.append(head);
      if (f.source !== null) {
        const pre = document.createElement("pre"); pre.setAttribute("aria-label", w("line", { line: f.line, file: f.file }));
        pre.textContent = `${String(f.line).padStart(4)} | ${f.source}\n` + (f.column > 0 ? `${" ".repeat(4)} | ${" ".repeat(f.column - 1)}^` : "");
        item.append(pre);
      }
      return item;
    });
    if (d.more) items.push(text("p", w("more", { count: d.more })));
    $("findings").replaceChildren(...items);
  }
  $("again").addEventListener("click", load);
  load();
})();
