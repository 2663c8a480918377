// dinokit's play start page: a typed code opens its sheet, in the page's language
// (the language picker is picker.js). (A file, not an inline script: the server's
// Content-Security-Policy runs only scripts of its own.)
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const lang = document.documentElement.lang;
  $("by-code").addEventListener("submit", (e) => {
    e.preventDefault();
    location.href = "/play/" + encodeURIComponent($("code").value.trim()) + "?lang=" + encodeURIComponent(lang);
  });
})();
