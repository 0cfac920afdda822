// The pages' language: the one chosen with the switch (kept in this browser), else the one the
// browser prefers (Accept-Language, as navigator.language). The server sends the words.
"use strict";
let WORDS = {};
let LANG = "en";
const LANG_NAMES = {en: "English", fr: "Français"};
function T(s, args) {
  let out = WORDS[s] || s;
  for (const [k, v] of Object.entries(args || {})) out = out.split(`{${k}}`).join(v);
  return out;
}
const wordsReady = (async () => {
  const chosen = localStorage.getItem("tabletop-lang");
  const q = chosen ? `?lang=${chosen}` : "";
  const d = await (await fetch(`/api/words${q}`)).json();
  WORDS = d.words; LANG = d.lang;
  document.documentElement.lang = LANG;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = T(e.dataset.t || e.textContent.trim());
  for (const e of document.querySelectorAll("[data-tp]")) e.placeholder = T(e.getAttribute("placeholder"));
  const sw = document.getElementById("lang");
  if (sw) {
    sw.replaceChildren(...d.languages.map((l) => { const o = document.createElement("option"); o.value = l; o.textContent = LANG_NAMES[l] || l; return o; }));
    sw.value = LANG;
    sw.onchange = () => { localStorage.setItem("tabletop-lang", sw.value); location.reload(); };
  }
})();
