// dinokit: the header's language picker reloads the page in the chosen language by
// itself (its button stays for a browser without scripts).
"use strict";
(() => {
  const go = document.getElementById("lang-go"), form = document.getElementById("lang-form");
  if (!go || !form) return;
  go.hidden = true;
  document.getElementById("lang").addEventListener("change", () => form.submit());
})();
