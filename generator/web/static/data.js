// dinokit data page: the validator's findings (GET /api/data), each with its line.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  function text(tag, value, cls) { const e = document.createElement(tag); e.textContent = value; if (cls) e.className = cls; return e; }
  async function load() {
    $("summary").textContent = "Checking the data…"; $("summary").className = "message";
    const r = await fetch("/api/data"); const d = await r.json();
    if (!r.ok) { $("summary").textContent = d.error; $("summary").className = "message bad"; return; }
    $("summary").textContent = `${d.folder}: ${d.errors} error${d.errors === 1 ? "" : "s"}, ${d.warnings} warning${d.warnings === 1 ? "" : "s"}`;
    $("summary").className = "message " + (d.errors ? "bad" : "ok");
    const box = $("findings"); box.innerHTML = "";
    for (const f of d.findings) {
      const item = document.createElement("article"); item.className = "finding " + f.severity;
      const head = document.createElement("p");
      head.appendChild(text("span", f.where, "where")); head.append(" ");
      head.appendChild(text("strong", `${f.severity} [${f.code}]`)); head.append(": " + f.message);
      item.appendChild(head);
      if (f.source !== null) {
        const pre = document.createElement("pre"); pre.setAttribute("aria-label", `line ${f.line} of ${f.file}`);
        pre.textContent = `${String(f.line).padStart(4)} | ${f.source}\n` + (f.column > 0 ? `${" ".repeat(4)} | ${" ".repeat(f.column - 1)}^` : "");
        item.appendChild(pre);
      }
      box.appendChild(item);
    }
    if (d.more) box.appendChild(text("p", `… and ${d.more} more`));
  }
  $("again").addEventListener("click", load);
  load();
})();
