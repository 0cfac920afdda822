// The lobby: choose a game, its options, decks and seats; create the table; show its links.
"use strict";
const $ = (id) => document.getElementById(id);
let GAMES = [];

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

function current() { return GAMES.find((g) => g.name === $("game").value); }

function renderOptions() {
  const g = current();
  const box = $("options");
  box.replaceChildren();
  $("players").min = g.min_players; $("players").max = g.max_players;
  $("players").value = Math.min(Math.max(+$("players").value || g.min_players, g.min_players), g.max_players);
  $("players-row").hidden = g.min_players === g.max_players;
  for (const [name, spec] of Object.entries(g.options || {})) {
    if (spec.many) {
      const fs = el("fieldset", {class: "choice-group", "data-option": name, "data-many": "1"},
        el("legend", {text: spec.label || name.replace(/_/g, " ")}));
      spec.values.forEach((v, i) => {
        fs.append(el("label", {}, el("input", {type: "checkbox", value: v, name: `opt-${name}`}), document.createTextNode(" " + (spec.shown || spec.values)[i])));
      });
      fs.append(el("div", {class: "hint", text: spec.help}));
      box.append(fs);
    } else {
      const sel = el("select", {"data-option": name, name: `opt-${name}`});
      spec.values.forEach((v, i) => sel.append(el("option", {value: JSON.stringify(v), text: v === null ? T("default") : String((spec.shown || spec.values)[i])})));
      box.append(el("label", {title: spec.help}, document.createTextNode((spec.label || name.replace(/_/g, " ")) + " "), sel,
        el("span", {class: "hint", text: " " + spec.help})));
    }
  }
  renderSeats();
}

function renderSeats() {
  const g = current();
  const n = +$("players").value || g.min_players;
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", {class: "seat-kind", name: `seat-${i}`, "aria-label": `p${i + 1} held by`});
    for (const [v, t] of [["here", "Human here"], ["invite", "Human invited"], ["bot", "Bot"]]) kind.append(el("option", {value: v, text: T(t)}));
    kind.value = i === 0 ? "here" : "bot";
    const bot = el("select", {class: "seat-bot", name: `bot-${i}`, "aria-label": `p${i + 1} bot`});
    for (const b of g.bots) bot.append(el("option", {value: b, text: b}));
    bot.value = g.bots.includes("greedy") ? "greedy" : g.bots[0];
    kind.onchange = () => { bot.hidden = kind.value !== "bot"; };
    bot.hidden = kind.value !== "bot";
    const row = el("div", {class: "seat-row", "data-seat": i}, el("b", {text: `p${i + 1}`}), kind, bot);
    if (g.decks) row.append(deckBox(g, i));
    box.append(row);
  }
}

function deckBox(g, i) {
  const sel = el("select", {class: "deck-choice", name: `deck-${i}`, "aria-label": `p${i + 1} deck`});
  sel.append(el("option", {value: "", text: T("default deck")}));
  for (const d of g.decks) sel.append(el("option", {value: d, text: d}));
  sel.append(el("option", {value: "@text", text: T("my own deck (paste or upload)…")}));
  const own = el("div", {class: "own-deck", hidden: ""});
  const file = el("input", {type: "file", accept: ".yaml,.yml,.txt", class: "deck-file"});
  const text = el("textarea", {rows: 6, class: "deck-text", placeholder: "name: My deck\ncards:\n  Card Name: 2"});
  const check = el("button", {type: "button", text: T("Check deck"), class: "deck-check"});
  const out = el("pre", {class: "report", hidden: ""});
  own.append(file, text, check, out);
  file.onchange = async () => { if (file.files[0]) { text.value = await file.files[0].text(); text.dataset.filename = file.files[0].name; } };
  check.onclick = async () => {
    const r = await post("/api/deckcheck", {game: g.name, text: text.value, filename: text.dataset.filename || "deck.yaml"});
    out.hidden = false;
    out.textContent = r.error || r.text;
    out.className = "report " + (r.legal ? "ok" : "error");
  };
  sel.onchange = () => { own.hidden = sel.value !== "@text"; };
  return el("div", {class: "deck-box"}, el("label", {}, document.createTextNode(T("deck") + " "), sel), own);
}

async function post(url, body) {
  const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({lang: LANG, ...body})});
  try { return await r.json(); } catch (e) { return {error: T("the server answered {status}", {status: r.status})}; }
}

function collect() {
  const g = current();
  const options = {};
  for (const node of $("options").querySelectorAll("[data-option]")) {
    const name = node.dataset.option;
    if (node.dataset.many) options[name] = [...node.querySelectorAll("input:checked")].map((c) => c.value);
    else options[name] = JSON.parse(node.value);
  }
  const seats = [], decks = [];
  for (const row of $("seats").querySelectorAll(".seat-row")) {
    const kind = row.querySelector(".seat-kind").value;
    seats.push(kind === "bot" ? {kind, bot: row.querySelector(".seat-bot").value} : {kind});
    const d = row.querySelector(".deck-choice");
    if (d) {
      if (d.value === "@text") {
        const t = row.querySelector(".deck-text");
        decks.push({text: t.value, filename: t.dataset.filename || `p${decks.length + 1}-deck.yaml`});
      } else decks.push(d.value || null);
    }
  }
  const body = {game: g.name, options, seats};
  if (g.min_players !== g.max_players) body.players = +$("players").value;
  if (decks.some((d) => d !== null)) body.decks = decks;
  if ($("seed").value !== "") body.seed = +$("seed").value;
  return body;
}

function showLinks(r) {
  const list = $("link-list");
  list.replaceChildren();
  let mine = null;
  r.seats.forEach((s, i) => {
    if (s.kind === "bot") { list.append(el("li", {text: `${s.seat}: ${T("bot")} (${s.bot})`})); return; }
    const url = new URL(s.url, location.href).href;
    const a = el("a", {href: url, class: "seat-link", "data-seat": s.seat, text: url});
    const copy = el("button", {type: "button", text: T("copy")});
    copy.onclick = () => navigator.clipboard && navigator.clipboard.writeText(url);
    list.append(el("li", {}, el("b", {text: `${s.seat} (${s.invited ? T("invite a friend") : T("you")}): `}), a, document.createTextNode(" "), copy));
    if (!s.invited && mine === null) mine = url;
  });
  const spec = new URL(r.spectator, location.href).href;
  list.append(el("li", {}, el("b", {text: T("spectators") + ": "}), el("a", {href: spec, class: "spectator-link", text: spec})));
  if (mine) list.append(el("li", {}, el("a", {href: mine, class: "primary go", text: T("Go to my seat →")})));
  $("links").hidden = false;
  $("links").scrollIntoView();
}

$("new-table").onsubmit = async (ev) => {
  ev.preventDefault();
  $("create-error").textContent = "";
  const r = await post("/api/tables", collect());
  if (r.error) { $("create-error").textContent = r.error; return; }
  showLinks(r);
};

$("import-file").onchange = async () => {
  const f = $("import-file").files[0];
  if (f) { $("import-text").value = await f.text(); $("import-text").dataset.filename = f.name; }
};
$("import-go").onclick = async () => {
  $("import-error").textContent = "";
  const body = collect();
  const r = await post("/api/tables/import", {save: $("import-text").value, filename: $("import-text").dataset.filename, seats: body.seats});
  if (r.error) { $("import-error").textContent = r.error; return; }
  showLinks(r);
};

(async () => {
  await wordsReady;
  GAMES = (await (await fetch(`/api/games?lang=${LANG}`)).json()).games;
  for (const g of GAMES) $("game").append(el("option", {value: g.name, text: g.title}));
  const want = new URLSearchParams(location.search).get("game");
  if (want && GAMES.some((g) => g.name === want)) $("game").value = want;
  $("game").onchange = renderOptions;
  $("players").onchange = renderSeats;
  renderOptions();
})();
