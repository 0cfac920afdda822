// The board of one table: a WebSocket to the server, which sends this seat's view only.
"use strict";
const $ = (id) => document.getElementById(id);
const TABLE = location.pathname.split("/").pop();
const TOKEN = new URLSearchParams(location.hash.slice(1)).get("k") || "";
let ws = null, last = null, selected = null, retry = 500, replay = null;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}
const words = (k) => T(k.replace(/_/g, " "));
// Card-file fields that say where a card comes from, not what it does: not drawn on the board's
// cards; the designer's (where the card was read, its printed id, the notes) are its tooltip.
const META = new Set(["origin", "note", "starting", "copies", "source", "id", "art", "flavour", "flavor", "sources", "printed_id"]);
const DESIGNER = ["origin", "sources", "printed_id", "note"];

// ---------------------------------------------------------------- the connection
function connect() {
  ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${TABLE}`);
  ws.onopen = () => { ws.send(JSON.stringify({type: "hello", token: TOKEN, lang: LANG})); retry = 500; setConn(true); };
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    setConn(false);
    if (ev.code === 4403 || ev.code === 4404) return;
    setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);   // a dropped connection resumes
  };
}
function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function setConn(on) { $("conn").textContent = on ? T("online") : T("offline — reconnecting"); $("conn").classList.toggle("on", on); }

function receive(m) {
  if (m.type === "state") { replay = null; render(m); }
  else if (m.type === "replay") { replay = m; render(m); }
  else if (m.type === "refused") { $("why").textContent = m.reason; }
  else if (m.type === "explained") { $("why").textContent = m.reason ? m.reason : ""; }
  else if (m.type === "notice") { banner(m.text); }
  else if (m.type === "error") { $("status").textContent = m.error; banner(m.error); }
}
function banner(text) { $("banner").textContent = text; $("banner").hidden = !text; }

// ---------------------------------------------------------------- drawing cards
function cardEl(name, extra, faces) {
  const face = (faces || {})[name] || {name, fields: []};
  const c = el("div", {class: `card c-${(face.colour || "").toLowerCase()}`, "data-card": name});
  c.append(el("div", {class: "name", text: face.shown || name}));
  if (face.type) c.append(el("div", {class: "type", text: T(face.type) + (face.colour ? ` · ${T(face.colour)}` : "")}));
  const cost = (face.fields || []).find(([k]) => k === "cost");
  if (cost) c.append(el("div", {class: "cost", title: T("cost"), text: cost[1]}));
  const text = el("div", {class: "text"});
  const shown = new Set(["name", "printed", "type", "colour", "house"]);
  for (const [k, v] of face.fields || []) {
    shown.add(k);
    if (k !== "cost" && !META.has(k)) text.append(el("div", {text: `${words(k)}: ${v}`}));
  }
  c.append(text);
  const about = DESIGNER.map((k) => (face.fields || []).find(([f]) => f === k)).filter(Boolean);
  if (about.length) c.title = about.map(([k, v]) => `${words(k)}: ${v}`).join("\n");
  const status = [];
  const printed = new Map(face.fields || []);
  for (const [k, v] of Object.entries(extra || {})) {
    if (shown.has(k) && k !== "defence" && k !== "hp" || v === null || v === undefined || v === false || (Array.isArray(v) && !v.length)) continue;
    if (printed.has(k) && String(printed.get(k)) === String(v)) continue;   // (as printed: the face says it already)
    if (k === "destroyed") { c.classList.add("destroyed"); status.push(T("destroyed")); continue; }
    if (typeof v === "object" && !Array.isArray(v)) continue;
    status.push(`${words(k)} ${Array.isArray(v) ? v.map(fmt).join(", ") : v}`);
  }
  if (status.length) c.append(el("div", {class: "status", text: status.join(" · ")}));
  return c;
}
function fmt(v) {
  if (Array.isArray(v)) return v.map(fmt).join(", ");
  if (typeof v === "object" && v !== null) return v.name || Object.entries(v).map(([k, x]) => `${words(k)} ${fmt(x)}`).join(", ");
  return typeof v === "string" ? T(v) : String(v);
}
function back(label, count) { return el("div", {class: "card back", title: label, text: `${count}`}); }
function emptySlot(label) { return el("div", {class: "card empty", text: label || T("empty")}); }

function isCardName(v, faces) { return typeof v === "string" && faces[v] !== undefined; }

// A value of the view drawn generically: names become cards, sizes become backs, the rest chips.
function zone(key, value, faces, chips) {
  if (value === null || value === undefined) return null;
  const label = el("div", {class: "label", text: words(key)});
  if (/_size$|_set$/.test(key) && typeof value === "number") {
    return el("div", {class: "zone"}, label, el("div", {class: "row"}, back(words(key), value)));
  }
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => v && typeof v === "object" && "colour" in v && !("name" in v))) {
      const row = el("div", {class: "row"});
      for (const v of value) row.append(el("span", {class: `crystal${v.consumed ? " consumed" : ""}`, title: `${T(v.colour)}${v.consumed ? ` (${T("consumed")})` : ""}`, style: `background: var(--${v.colour}, ${v.colour})`}));
      return el("div", {class: "zone"}, el("div", {class: "label", text: `${words(key)} (${value.length})`}), row);
    }
    if (value.length > 8 && key !== "hand" && value.every((v) => typeof v === "string")) {
      // a long pile (a discard pile late in the game): counted names, the cards on demand
      const counts = new Map();
      for (const v of value) counts.set(v, (counts.get(v) || 0) + 1);
      const d = el("details", {class: "zone pile"}, el("summary", {class: "label", text: `${words(key)} (${value.length})`}));
      d.append(el("div", {class: "hint", text: [...counts].map(([n, k]) => k > 1 ? `${n} ×${k}` : n).join(", ")}));
      const row = el("div", {class: "row"});
      for (const v of value) row.append(cardEl(v, null, faces));
      d.append(row);
      return d;
    }
    const row = el("div", {class: "row"});
    for (const v of value) {
      if (v === null) row.append(emptySlot());
      else if (typeof v === "string") row.append(cardEl(v, null, faces));
      else if (typeof v === "object" && v.name) row.append(cardEl(v.name, v, faces));
      else row.append(el("span", {class: "chip", text: fmt(v)}));
    }
    if (!value.length) row.append(el("span", {class: "hint", text: T("none")}));
    return el("div", {class: "zone"}, el("div", {class: "label", text: `${words(key)} (${value.length})`}), row);
  }
  if (typeof value === "object") {
    if (value.name) {
      const sub = el("div", {class: "row"}, cardEl(value.name, value, faces));
      for (const [k, v] of Object.entries(value)) if (isCardName(v, faces) && k !== "name") sub.append(cardEl(v, {on: value.name, as: k}, faces));
      return el("div", {class: "zone"}, label, sub);
    }
    const inner = el("div", {class: "chips"});
    const nested = [];
    for (const [k, v] of Object.entries(value)) {
      if (v === null) continue;   // (nothing to tell: no owner, no card)
      if (typeof v === "object") nested.push(zone(k, v, faces));
      else inner.append(el("span", {class: "chip"}, el("b", {text: words(k) + ": "}), document.createTextNode(fmt(v))));
    }
    return el("div", {class: "zone"}, label, inner, ...nested);
  }
  if (isCardName(value, faces)) return el("div", {class: "zone"}, label, el("div", {class: "row"}, cardEl(value, null, faces)));
  chips.append(el("span", {class: "chip"}, el("b", {text: words(key) + ": "}), document.createTextNode(fmt(value))));
  return null;
}

function area(title, obj, faces, skip, cls, seat) {
  const a = el("section", {class: `area ${cls || ""}`}, el("h2", {text: title, "data-to-move": T("to move")}));
  if (seat) a.dataset.seat = seat;
  const chips = el("div", {class: "chips"});
  a.append(chips);
  const keys = Object.keys(obj).sort((a, b) => (b === "hand") - (a === "hand"));   // your hand first
  for (const k of keys) {
    const v = obj[k];
    if (skip.includes(k)) continue;
    const base = k.replace(/_size$/, "");
    if (base !== k && Array.isArray(obj[base])) continue;   // the cards themselves are shown
    const z = zone(k, v, faces, chips);
    if (z) a.append(z);
  }
  return a;
}

// ---------------------------------------------------------------- the page
function render(m) {
  last = m;
  const v = m.view, faces = m.faces;
  document.body.dataset.step = m.step;
  document.body.dataset.over = v.over ? "yes" : "no";
  document.body.dataset.version = m.version;
  document.title = `${m.title} — ${m.you || T("spectator")}`;
  $("title").textContent = m.title;
  const who = m.you ? T("you are {seat}", {seat: m.you}) : T("spectator");
  const turn = v.over ? (v.winner ? T("game over: {winner} wins", {winner: v.winner}) : T("game over: no winner")) :
    T("turn {turn} · {active} · {phase}", {turn: v.turn, active: v.active, phase: m.phase_name || v.phase}) + " · " +
    (m.settling ? T("waiting…") : m.to_move === m.you ? T("your move") : T("{seat} to move", {seat: m.to_move || ""}));
  $("status").textContent = `${who} · ${turn}${m.type === "replay" ? " · " + T("replay {step}/{total}", {step: m.replay_step, total: m.replay_total}) : ""}`;
  const seatsOnline = m.seats.map((s) => `${s.name}: ${s.kind === "bot" ? T("bot {name}", {name: s.bot}) : (s.online ? T("here") : T("away"))}`).join(" · ");
  $("board").replaceChildren();
  $("board").append(el("div", {class: "hint", text: seatsOnline}));
  const players = v.players || {};
  const order = Object.keys(players).sort((a, b) => (a === m.you) - (b === m.you));   // yours at the bottom
  const common = Object.fromEntries(Object.entries(v).filter(([k]) => !["players", "game", "you", "turn", "active", "phase", "over", "winner", "pending"].includes(k)));
  for (const p of order.filter((p) => p !== m.you)) $("board").append(area(p, players[p], faces, [], m.to_move === p ? "to-move" : "", p));
  if (Object.keys(common).length) $("board").append(area(T("table"), common, faces, []));
  if (m.you && players[m.you]) $("board").append(area(T("{seat} (you)", {seat: m.you}), players[m.you], faces, [], `mine ${m.to_move === m.you ? "to-move" : ""}`, m.you));
  renderPrompt(m);
  renderActions(m);
  renderLog(m);
  renderOver(m);
}

function renderPrompt(m) {
  const p = m.view.pending;
  const box = $("prompt");
  box.hidden = !p;
  if (!p) return;
  box.replaceChildren(el("h2", {text: p.prompt ? T("Decide") : T("{seat} is deciding", {seat: p.player})}));
  if (p.prompt) box.append(el("p", {text: p.prompt}));
}

function renderActions(m) {
  const legal = m.legal || [];
  const groups = $("action-groups");
  groups.replaceChildren();
  $("why").textContent = "";
  $("warnings").replaceChildren(...(m.warnings || []).map((w) => el("p", {class: "error", text: "! " + w})));
  const byCard = new Map();
  for (const a of legal) {
    const key = a.card || "";
    if (!byCard.has(key)) byCard.set(key, []);
    byCard.get(key).push(a);
  }
  if (selected && !byCard.has(selected)) selected = null;
  for (const [card, acts] of byCard) {
    const g = el("div", {class: `group${card && card === selected ? " selected" : ""}`, "data-group": card},
      el("h3", {text: card ? ((m.faces[card] || {}).shown || card) : (m.view.pending ? T("answer") : T("other"))}));
    for (const a of acts) {
      const b = el("button", {type: "button", class: `act${a.pass ? " pass" : ""}`, "data-action": a.text, text: a.caption || a.label || a.text, title: a.label || a.text});
      b.onclick = () => { send({type: "act", text: a.text, version: m.version}); disableActions(); };
      g.append(b);
    }
    if (selected && card !== selected) g.hidden = true;
    groups.append(g);
  }
  if (selected) {
    const all = el("button", {type: "button", text: T("show every action")});
    all.onclick = () => { selected = null; renderActions(last); markCards(last); };
    groups.append(all);
  }
  markCards(m);
  const mine = m.you && m.to_move === m.you && !m.settling && m.type !== "replay";
  $("actions").querySelector("h2").textContent = mine ? T("Your actions") : m.view.over ? T("Game over") :
    m.settling ? T("waiting…") :
    (m.you ? T("Waiting for {seat}", {seat: m.to_move}) : T("Watching"));
  $("notation-list").replaceChildren(...legal.map((a) => el("option", {value: a.label || a.text})));
  $("notation").hidden = !mine;
  checkNotation();
  $("play-all").hidden = !legal.some((a) => a.free);
  $("undo").hidden = !(m.undo && m.undo.can) || m.type === "replay";
  $("undo").textContent = m.undo && m.undo.needs_agreement && m.undo.needs_agreement.length ? T("Ask to undo") : T("Undo");
  $("export").hidden = !m.can_export;
  const ask = $("undo-ask");
  ask.replaceChildren();
  ask.hidden = !(m.undo && m.undo.asked_by);
  if (m.undo && m.undo.asked_by) {
    if (m.undo.to_answer) {
      const yes = el("button", {type: "button", id: "undo-yes", text: T("Agree")}), no = el("button", {type: "button", id: "undo-no", text: T("Refuse")});
      yes.onclick = () => send({type: "undo_answer", accept: true});
      no.onclick = () => send({type: "undo_answer", accept: false});
      ask.append(el("p", {text: T("{seat} asks to take back their last move.", {seat: m.undo.asked_by})}), yes, no);
    } else ask.append(el("p", {class: "hint", text: T("Waiting for the other players to agree to undo…")}));
  }
}

function disableActions() { for (const b of $("action-groups").querySelectorAll("button")) b.disabled = true; }

function markCards(m) {
  // a card is outlined where an action can reach it: in a player's area, an action naming that
  // player ("seal p2 Pure Qoam") or, naming none, the mover's own; anywhere else on the table
  const acts = (m.legal || []).filter((a) => a.card);
  const reaches = (name, seat) => acts.some((a) => a.card === name &&
    (!seat || (a.seats.length ? a.seats.includes(seat) : seat === m.to_move)));
  for (const c of $("board").querySelectorAll(".card[data-card]")) {
    const name = c.dataset.card;
    const area = c.closest("section.area");
    const can = reaches(name, area ? area.dataset.seat : undefined);
    c.classList.toggle("actionable", can);
    c.classList.toggle("selected", name === selected);
    c.onclick = can ? () => { selected = selected === name ? null : name; renderActions(last); } : null;
  }
}

function renderLog(m) {
  const log = $("log");
  if (m.type === "replay" || m.events_from === 0) log.replaceChildren();
  for (const e of m.events) {
    if (e.kind === "turn") log.append(el("li", {class: "turn", text: e.text}));
    else log.append(el("li", {class: e.level === 1 ? "" : "detail", text: e.text}));
  }
  log.scrollTop = log.scrollHeight;
}

function renderOver(m) {
  const box = $("over");
  box.hidden = !m.result && m.type !== "replay";
  if (box.hidden) return;
  const r = m.result || {};
  box.replaceChildren(el("h2", {text: m.type === "replay" && !m.result ? T("Replay") : (r.winner ? T("{winner} wins", {winner: r.winner}) : T("No winner"))}));
  if (r.reason) box.append(el("p", {text: r.reason}));
  for (const [k, v] of Object.entries(r)) if (!["winner", "over", "reason"].includes(k)) box.append(el("div", {text: `${words(k)}: ${fmt(v)}`}));
  for (const [seat, zones] of Object.entries(m.revealed || {})) {
    for (const [z, names] of Object.entries(zones)) if (names.length) box.append(el("div", {class: "hint", text: `${z}: ${names.join(", ")}`}));
  }
  const total = m.type === "replay" ? m.replay_total : m.step;
  const at = m.type === "replay" ? m.replay_step : total;
  const bar = el("div", {class: "replay"}, el("b", {text: T("Replay") + " "}));
  for (const [label, step, id] of [["|◀", 0, "replay-first"], ["◀", at - 1, "replay-back"], ["▶", at + 1, "replay-next"], ["▶|", total, "replay-last"]]) {
    const b = el("button", {type: "button", id, text: label, title: id.replace("replay-", "")});
    b.disabled = step < 0 || step > total;
    b.onclick = () => send({type: "replay", step});
    bar.append(b);
  }
  bar.append(el("span", {class: "hint", id: "replay-at", text: " " + T("step {step} of {total}", {step: at, total: total})}));
  box.append(bar);
}

// ---------------------------------------------------------------- typing an action
function checkNotation() {
  const text = $("notation-text").value.trim().replace(/\s+/g, " ").toLowerCase();
  const ok = (last && last.legal || []).some((a) => a.text.toLowerCase() === text || (a.label || "").toLowerCase() === text);
  $("notation-send").disabled = !ok;   // an illegal action cannot be sent; the server would refuse it anyway
  return ok;
}
let explainTimer = null;
$("notation-text").oninput = () => {
  const ok = checkNotation();
  clearTimeout(explainTimer);
  $("why").textContent = "";
  const text = $("notation-text").value.trim();
  if (!ok && text) explainTimer = setTimeout(() => send({type: "explain", text}), 400);
};
$("notation").onsubmit = (ev) => {
  ev.preventDefault();
  if (!checkNotation()) return;
  send({type: "act", text: $("notation-text").value.trim(), version: last.version});
  $("notation-text").value = "";
};
$("play-all").onclick = () => send({type: "play_all"});
$("undo").onclick = () => send({type: "undo"});
$("export").onclick = async () => {
  const r = await fetch(`/api/tables/${TABLE}/save`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({token: TOKEN})});
  const data = await r.json();
  if (!r.ok) { $("why").textContent = data.error; return; }
  const a = el("a", {href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1) + "\n"], {type: "application/json"})), download: `${data.game}-${TABLE}.json`});
  document.body.append(a); a.click(); a.remove();
};

wordsReady.then(() => {
  if (!TOKEN) { $("status").textContent = T("this link has no seat token: ask for your invitation link"); }
  else connect();
});
