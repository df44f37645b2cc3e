// The pyrules page: a scenario's board, its timeline as a stepper, each player's choices and the explanation of
// any value or action. It asks this server only (/scenario, /show, /actions, /explain, /plan, /examples) and
// draws everything itself: plain JavaScript, no build step, no other origin. Every text from an answer is
// inserted as text, never as HTML. The rules decide everything; this file only shows what the answers say.
"use strict";

const $ = (id) => document.getElementById(id);

const S = {
  gen: 0,              // bumped by every new scenario text: answers for an older one are dropped
  text: null,          // the scenario text the board is of
  info: null,          // POST /scenario: players, description, actions, cards
  faces: {},           // a face's (or a card's) name -> {card, index}
  step: 0,             // the step shown
  docs: new Map(),     // step -> show document
  actionDocs: new Map(), // "step|player" -> actions document (with explanations, once asked)
  example: null,       // the bundled example loaded, while its text is unchanged
  exampleText: null,
  examples: [],
  player: "",          // whose actions ("" = the player with priority)
  selected: null,      // the object shown in the inspector
  flipped: new Set(),  // objects shown by their other face (a double-faced card's face that is not up)
  openPiles: new Map(), // "zone|player" -> open or not, as the person left it
  undo: null,          // the text before the page last edited the timeline
  query: "",           // the question explained, for the link
  busy: 0,
};

// --- little helpers ------------------------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "style") for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);  // (CSP: no style attributes)
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const words = (s) => String(s).replace(/_/g, " ");
const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many || one + "s"}`;
const isTyping = (t) => t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
}

// --- talking to the server -----------------------------------------------------------------------------------

class Failure extends Error {}

async function post(command, body) {
  let response;
  try {
    response = await fetch(command, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (err) {
    throw new Failure("could not reach the pyrules server: " + err.message);
  }
  let doc;
  try {
    doc = await response.json();
  } catch (err) {
    throw new Failure(`the server answered HTTP ${response.status} without a JSON document`);
  }
  if (!response.ok) {
    const e = doc && doc.error ? doc.error : { field: null, message: `HTTP ${response.status}` };
    throw new Failure(e.field ? `${e.field}: ${e.message}` : e.message);
  }
  return doc;
}

// timers still to fire (a step chosen with the slider, text being typed): the page is not settled until they have
const timers = {};
let pending = 0;

function debounce(key, ms, fn) {
  if (timers[key]) clearTimeout(timers[key]); else pending++;
  timers[key] = setTimeout(() => { delete timers[key]; pending--; fn(); flagBusy(); }, ms);
  flagBusy();
}

function cancel(key) {
  if (timers[key]) { clearTimeout(timers[key]); delete timers[key]; pending--; flagBusy(); }
}

function flagBusy() {  // data-busy: "1" while anything is asked or about to be (the tests wait for "0")
  document.body.dataset.busy = S.busy > 0 || pending > 0 ? "1" : "0";
}

function busy(on, text) {
  S.busy = Math.max(0, S.busy + (on ? 1 : -1));
  flagBusy();
  $("board").setAttribute("aria-busy", S.busy > 0 ? "true" : "false");
  $("status").textContent = S.busy > 0 ? text || "Working…" : "";
}

function showError(message) {
  const p = $("error");
  p.textContent = message || "";
  p.hidden = !message;
}

function say(message) {  // a passing message in the status line
  if (S.busy === 0) $("status").textContent = message;
}

const errorText = (err) => (err instanceof Failure ? err.message : "unexpected error: " + err.message);

// --- names ---------------------------------------------------------------------------------------------------

function docObjects() {  // every object of every state seen, as it was first seen
  const out = {};
  const steps = [...S.docs.keys()].sort((a, b) => a - b);
  for (const k of steps) for (const [id, o] of Object.entries(S.docs.get(k).objects || {})) if (!(id in out)) out[id] = o;
  return out;
}

function nameOf(id, objects) {
  const all = objects || docObjects();
  const o = all[id];
  if (!o) return id;
  if (o.name) {
    const same = Object.entries(all).filter(([other, x]) => other !== id && x.name === o.name).length;
    return same ? `${o.name} (${id})` : o.name;
  }
  if (o.ability_of) return abilityTitle(o, all);
  return id;
}

function abilityKind(ability) {
  const a = String(ability);
  if (a.startsWith("trigger")) return "triggered ability";
  const ch = a.match(/^chapter_(\d+)$/);
  if (ch) return "chapter " + roman(Number(ch[1])) + " ability";
  if (/^\d+$/.test(a)) return "activated ability";
  return words(a) + " ability";
}

function abilityTitle(o, objects) {
  const src = (objects || {})[o.ability_of];
  return `${cap(abilityKind(o.ability))} of ${src && src.name ? src.name : o.ability_of}`;
}

const roman = (n) => ["", "I", "II", "III", "IV", "V", "VI"][n] || String(n);

// --- mana symbols --------------------------------------------------------------------------------------------

const COLOR_NAMES = { W: "white", U: "blue", B: "black", R: "red", G: "green", C: "colorless" };

function symbol(token) {
  const inner = token.slice(1, -1).toUpperCase();
  const parts = inner.split("/");
  let cls = "ms", label = token, text = inner;
  if (inner === "T") { cls += " ms-tap"; label = "tap"; text = "↷"; }
  else if (inner === "Q") { cls += " ms-tap"; label = "untap"; text = "↶"; }
  else if (/^\d+$/.test(inner)) { cls += " ms-generic"; label = inner + " generic mana"; }
  else if (inner === "X") { cls += " ms-generic"; label = "X generic mana"; }
  else if (parts.length === 1 && COLOR_NAMES[inner]) { cls += " ms-" + inner; label = COLOR_NAMES[inner] + " mana"; }
  else if (parts.length === 2 && parts[1] === "P") { cls += " ms-" + parts[0] + " ms-phyrexian"; label = `Phyrexian ${COLOR_NAMES[parts[0]] || parts[0]} mana`; text = "φ"; }
  else if (parts.length === 2) {
    cls += " ms-hybrid";
    label = parts.map((p) => COLOR_NAMES[p] || p).join(" or ") + " mana";
    text = parts.join("/");
    const tint = (p) => (COLOR_NAMES[p] ? `var(--mana-${p})` : "var(--mana-N)");
    return el("span", { class: cls, role: "img", "aria-label": label, title: token, style: { "--a": tint(parts[0]), "--b": tint(parts[1]) } }, text);
  } else cls += " ms-generic";
  return el("span", { class: cls, role: "img", "aria-label": label, title: token }, text);
}

function manaNodes(text) {  // a text with its {…} symbols drawn
  const out = [];
  const re = /\{[^{}]{1,6}\}/g;
  let last = 0, m;
  const s = String(text || "");
  while ((m = re.exec(s))) {
    if (m.index > last) out.push(s.slice(last, m.index));
    out.push(symbol(m[0]));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}

// --- card data -----------------------------------------------------------------------------------------------

const DOUBLE_FACED = new Set(["transform", "modal_dfc", "double_faced_token", "reversible_card", "meld"]);

function indexCards(cards) {
  S.faces = {};
  for (const card of Object.values(cards || {})) {
    S.faces[card.name] = { card, index: 0, whole: true };
    card.faces.forEach((f, i) => { if (!(f.name in S.faces)) S.faces[f.name] = { card, index: i }; });
  }
}

function cardOf(o, objects) {
  if (o.ability_of) {
    const src = objects[o.ability_of];
    return src && src.name ? S.faces[src.name] || null : null;
  }
  return o.name ? S.faces[o.name] || null : null;
}

function abilityLine(o, objects) {  // the line of its source's card an ability on the stack comes from
  const hit = cardOf(o, objects);
  if (!hit) return null;
  for (const face of hit.card.faces) for (const line of face.lines) if ((line.abilities || []).includes(String(o.ability))) return line;
  return null;
}

// --- characteristics as text -----------------------------------------------------------------------------------

function typeLine(o) {
  const left = [...(o.supertypes || []), ...(o.types || [])].map(cap).join(" ");
  const subs = (o.subtypes || []).map(cap).join(" ");
  return subs ? `${left} — ${subs}` : left;
}

const hasPT = (o) => o.power !== null && o.power !== undefined || o.toughness !== null && o.toughness !== undefined;
const ptText = (o) => `${o.power ?? "—"}/${o.toughness ?? "—"}`;
const isType = (o, t) => (o.types || []).includes(t);

function frameClass(o) {
  if (o.ability_of) return "f-ability";
  const colors = o.colors || [];
  if (colors.length > 1) return "f-gold";
  if (colors.length === 1) return "f-" + colors[0];
  if (isType(o, "land")) return "f-land";
  if (isType(o, "artifact")) return "f-artifact";
  return "f-colorless";
}

const ZONE_WORDS = { battlefield: "the battlefield", hand: "the hand", library: "the library", graveyard: "the graveyard", exile: "exile", stack: "the stack" };

// --- the card ------------------------------------------------------------------------------------------------

function lineItem(line, face) {
  const st = line.status || "modelled";
  const label = { modelled: "modelled", read: "read, not wholly modelled", not_modelled: "not modelled" }[st] || st;
  const understood = (line.understood || []).length ? ": " + line.understood.join("; ") : "";
  const mark = { modelled: "✓", read: "◐", not_modelled: "✗" }[st] || "?";
  const text = String(line.text);
  const reminder = /^\(.*\)$/.test(text.trim());
  return el("li", { class: "line st-line-" + st, "data-line": String(line.line), "data-status": st },
    el("span", { class: "st st-" + st, role: "img", "aria-label": label, title: `line ${line.line}${face && face !== "front" ? " (" + face + " face)" : ""}: ${label}${understood}` }, mark),
    el("span", { class: reminder ? "reminder" : null }, manaNodes(text)));
}

function chip(text, cls, title) {
  return el("span", { class: "chip " + (cls || ""), title }, text);
}

function cardView(id, o, objects, opts = {}) {
  const hit = cardOf(o, objects);
  const flipped = S.flipped.has(id) && hit && DOUBLE_FACED.has(hit.card.layout);
  const upIndex = hit ? (o.face === "back" ? 1 : hit.index) : 0;
  const faceData = hit ? hit.card.faces[flipped ? 1 - upIndex : upIndex] || hit.card.faces[0] : null;
  const source = o.ability_of ? objects[o.ability_of] : null;
  const title = o.ability_of ? (source && source.name ? source.name : o.ability_of) : (flipped ? faceData.name : o.name || id);
  const classes = ["card", flipped ? frameFromColors(faceData.colors) : frameClass(o), opts.size || ""];
  if (o.tapped) classes.push("tapped");
  if (S.selected === id) classes.push("selected");
  if (flipped) classes.push("flipped");
  if (o.token) classes.push("token");

  const head = el("div", { class: "c-head" },
    el("button", { type: "button", class: "c-name" + (title.length > 30 ? " longer" : title.length > 17 ? " long" : ""), title: `${title} (${id}): its characteristics`,
      "aria-label": `${title}${o.tapped ? ", tapped" : ""}${o.face === "back" && !flipped ? ", back face up" : ""} (${id})`,
      onclick: (ev) => { ev.stopPropagation(); inspect(id); } }, title),
    faceData && faceData.mana_cost && !o.ability_of ? el("span", { class: "c-cost" }, manaNodes(faceData.mana_cost)) : null);

  let typeText = flipped ? faceData.type_line : typeLine(o);
  if (o.ability_of) typeText = cap(abilityKind(o.ability));
  const type = el("div", { class: "c-type" }, typeText);

  const textBox = el("ul", { class: "c-text", "aria-label": "card text" });
  if (o.ability_of) {
    const line = abilityLine(o, objects);
    if (line) textBox.append(lineItem(line));
    if (o.targets && o.targets.length) textBox.append(el("li", { class: "line targets" }, "Targets: " + o.targets.map((t) => nameOf(t, objects)).join(", ")));
  } else if (hit && !flipped && (hit.whole && hit.card.faces.length > 1 && !DOUBLE_FACED.has(hit.card.layout))) {
    for (const f of hit.card.faces) {  // a split or adventurer card: every half
      textBox.append(el("li", { class: "line half" }, el("strong", {}, f.name), " ", manaNodes(f.mana_cost), " · ", f.type_line));
      for (const line of f.lines) textBox.append(lineItem(line, f.face));
    }
  } else if (faceData) {
    for (const line of faceData.lines) textBox.append(lineItem(line, faceData.face));
  } else if ((o.keywords || []).length) {
    textBox.append(el("li", { class: "line" }, (o.keywords || []).map((k) => cap(words(k))).join(", ")));
  }
  if (!textBox.childNodes.length && !o.ability_of) textBox.append(el("li", { class: "line vanilla" }, hit ? "(no rules text)" : "(no card data)"));
  if (!o.ability_of && o.targets && o.targets.length) textBox.append(el("li", { class: "line targets" }, "Targets: " + o.targets.map((t) => nameOf(t, objects)).join(", ")));

  const printed = faceData && faceData.power != null ? `${faceData.power}/${faceData.toughness}` : null;
  let pt = null;
  if (flipped) {
    if (printed) pt = el("span", { class: "c-pt" }, printed);
  } else if (hasPT(o)) {
    const modified = printed && printed !== ptText(o);
    pt = el("button", { type: "button", class: "c-pt why" + (modified ? " modified" : ""), "data-query": `${id}.power`,
      title: `why ${ptText(o)}?${modified ? " (printed " + printed + ")" : ""}`,
      onclick: (ev) => { ev.stopPropagation(); explainQuery(`${id}.power`, ev.currentTarget); } }, ptText(o));
  }

  const badges = el("div", { class: "c-badges" });
  if (!flipped) {
    for (const [kind, n] of Object.entries(o.counters || {})) if (n) badges.append(chip(`${kind} ${n}`, "counter", `${n} ${kind} counter${n === 1 ? "" : "s"}`));
    if (o.damage) badges.append(chip(`${o.damage} damage`, "damage", "damage marked this turn"));
    if (o.attacking) badges.append(chip(`attacking ${o.attacking}`, "combat"));
    if (o.blocking) badges.append(chip(`blocking ${nameOf(o.blocking, objects)}`, "combat"));
    if (o.summoning_sick && isType(o, "creature")) badges.append(chip("summoning sick", "sick", "came under its controller's control this turn (CR 302.6)"));
    if (o.escaped) badges.append(chip("escaped", "info"));
    if (o.class_level) badges.append(chip(`level ${o.class_level}`, "info", "the Class's level"));
  }
  const tags = [];
  if (o.token) tags.push("token");
  if (o.copy_of) tags.push("copy of " + nameOf(o.copy_of, objects));
  if (o.face === "back" && !flipped) tags.push("back face up");
  if (flipped) tags.push(`${faceData.face} face — not up`);
  if (o.controller && o.owner && o.controller !== o.owner && (o.zone === "battlefield" || o.zone === "stack")) tags.push("owned by " + o.owner);
  if (o.zone === "stack" && o.controller) tags.push(o.controller + "'s");
  let flip = null;
  if (hit && DOUBLE_FACED.has(hit.card.layout) && hit.card.faces.length === 2 && !o.ability_of) {
    const other = hit.card.faces[flipped ? upIndex : 1 - upIndex];
    flip = el("button", { type: "button", class: "c-flip", "aria-pressed": flipped ? "true" : "false",
      title: flipped ? "back to the face that is up" : `see the ${other.face} face: ${other.name}`,
      "aria-label": flipped ? `show ${title}'s face that is up` : `see the other face of ${title}: ${other.name}`,
      onclick: (ev) => { ev.stopPropagation(); flipCard(id); } }, "⟲");
  }
  const foot = el("div", { class: "c-foot" }, flip, el("span", { class: "c-tags" }, tags.join(" · ")), pt);

  const node = el("div", {
    class: classes.filter(Boolean).join(" "), "data-id": id, "data-face": o.face || "", "data-name": o.name || "",
    onclick: () => inspect(id),
  }, head, type, textBox, badges, foot,
  el("span", { class: "visually-hidden" }, o.tapped ? "(tapped)" : ""));
  if (o.attached_to) node.dataset.attachedTo = o.attached_to;
  return node;
}

function frameFromColors(colors) {
  if (!colors || !colors.length) return "f-colorless";
  return colors.length > 1 ? "f-gold" : "f-" + colors[0];
}

function flipCard(id) {
  if (S.flipped.has(id)) S.flipped.delete(id); else S.flipped.add(id);
  renderBoard(S.docs.get(S.step));
  if (S.selected === id) inspect(id, true);
  const again = document.querySelector(`#board .card[data-id="${CSS.escape(id)}"] .c-flip`);
  if (again) again.focus();
}

function slot(id, o, objects) {  // a card in its place: turned when tapped
  return el("div", { class: "slot" + (o.tapped ? " tapped" : "") }, cardView(id, o, objects));
}

// --- the board -----------------------------------------------------------------------------------------------

function renderBoard(doc) {
  const board = $("board");
  if (!doc) { board.replaceChildren(); return; }
  const objects = doc.objects || {};
  const players = S.info ? S.info.players : Object.keys(doc.players || {});
  const seat = (p) => players.indexOf(p);
  // the first player sits at the bottom, the others above, in turn order
  const order = players.slice(1).concat(players.slice(0, 1));
  const areas = order.map((p) => playerArea(p, doc, objects));
  const stack = stackArea(doc, objects);
  const nodes = areas.length > 1 ? [...areas.slice(0, -1), stack, areas[areas.length - 1]] : [stack, ...areas];
  board.replaceChildren(...nodes);
  board.dataset.step = String(doc.step ?? 0);
  board.dataset.version = String(Number(board.dataset.version || 0) + 1);
  void seat;
}

function pileOpen(zone, player, ids) {
  const key = `${zone}|${player}`;
  return ids.length > 0 && (S.openPiles.has(key) ? S.openPiles.get(key) : zone !== "library");
}

function pileToggle(zone, player, ids, count, label) {  // a pile's button: its count, and it opens the pile
  const open = pileOpen(zone, player, ids);
  const region = `pile-${zone}-${player}`;
  const described = count !== undefined && count !== ids.length && ids.length ? ` (${ids.length} described)` : "";
  return el("button", { type: "button", class: "pile-toggle" + (open ? " open" : ""), "aria-expanded": open ? "true" : "false",
    "aria-controls": region, disabled: !ids.length, title: ids.length ? `${open ? "close" : "open"} ${player}'s ${label.toLowerCase()}` : `${player}'s ${label.toLowerCase()} is empty`,
    onclick: () => { S.openPiles.set(`${zone}|${player}`, !open); renderBoard(S.docs.get(S.step)); const b = document.querySelector(`[aria-controls="${region}"]`); if (b) b.focus(); } },
  el("span", { class: "pile-icon", "aria-hidden": "true" }, el("span"), el("span"), el("span")),
  label, " ", el("strong", {}, String(count ?? ids.length)), described);
}

function pileContent(zone, player, ids, objects, label) {  // a pile opened: its cards, top first
  const open = pileOpen(zone, player, ids);
  return el("div", { class: `pile pile-${zone}`, id: `pile-${zone}-${player}`, "data-zone": zone, "data-player": player, hidden: !open,
    role: "group", "aria-label": `${player}'s ${label.toLowerCase()}` },
  el("span", { class: "row-label", "aria-hidden": "true" }, label.toLowerCase()),
  el("div", { class: "row-cards" }, ids.slice().reverse().map((id) => slot(id, objects[id], objects))));
}

function playerArea(p, doc, objects) {
  const info = (doc.players || {})[p] || {};
  const turn = doc.turn || {};
  const mine = (zone, by) => Object.entries(objects).filter(([, o]) => o.zone === zone && o[by] === p).map(([id]) => id);
  const battlefield = mine("battlefield", "controller");
  const onField = new Set(Object.entries(objects).filter(([, o]) => o.zone === "battlefield").map(([id]) => id));
  // attachments go with the permanent they are attached to
  const attachedTo = {};
  for (const [id, o] of Object.entries(objects)) {
    if (o.zone === "battlefield" && o.attached_to && onField.has(o.attached_to)) (attachedTo[o.attached_to] ||= []).push(id);
  }
  const rows = { creatures: [], other: [], lands: [] };
  for (const id of battlefield) {
    const o = objects[id];
    if (o.attached_to && onField.has(o.attached_to)) continue;  // drawn with its host
    const row = isType(o, "creature") ? "creatures" : isType(o, "land") ? "lands" : "other";
    rows[row].push(id);
  }
  const group = (id) => {
    const under = attachedTo[id] || [];
    if (!under.length) return slot(id, objects[id], objects);
    return el("div", { class: "attach-group", "data-host": id, style: { "--n": String(under.length) } },
      under.map((a, i) => el("div", { class: "attached", style: { "--i": String(i) } }, slot(a, objects[a], objects))),
      el("div", { class: "host" }, slot(id, objects[id], objects)));
  };
  const row = (name, label) => rows[name].length ? el("div", { class: "bf-row bf-" + name, role: "group", "aria-label": `${p}'s ${label}` },
    el("span", { class: "row-label", "aria-hidden": "true" }, label), el("div", { class: "row-cards" }, rows[name].map(group))) : null;
  const bfRows = [row("creatures", "creatures"), row("other", "other permanents"), row("lands", "lands")].filter(Boolean);
  const hand = mine("hand", "owner"), library = mine("library", "owner"), graveyard = mine("graveyard", "owner"), exile = mine("exile", "owner");
  const lost = (doc.lost || []).includes(p) || info.lost;
  const badges = [];
  if (turn.active === p) badges.push(el("span", { class: "badge active" }, "active player"));
  if (turn.priority === p) badges.push(el("span", { class: "badge priority" }, "priority"));
  if (lost) badges.push(el("span", { class: "badge lost" }, "has lost"));
  const pool = info.mana_pool ? el("span", { class: "stat pool", title: "mana pool" }, "pool ", manaNodes(info.mana_pool)) : null;
  const head = el("div", { class: "player-head" },
    el("h2", { class: "player-name" }, cap(p)), badges,
    el("span", { class: "stat life", title: "life total" }, el("span", { class: "heart", "aria-hidden": "true" }, "♥"), el("span", { class: "visually-hidden" }, "life "), String(info.life ?? "?")),
    pool,
    el("span", { class: "stat", title: "cards in hand" }, "hand ", el("strong", {}, String(info.hand ?? hand.length))),
    el("span", { class: "piles" },
      pileToggle("library", p, library, info.library, "Library"), pileToggle("graveyard", p, graveyard, info.graveyard, "Graveyard"),
      pileToggle("exile", p, exile, undefined, "Exile")));
  const field = el("div", { class: "battlefield", "data-zone": "battlefield", "data-player": p },
    bfRows.length ? bfRows : el("p", { class: "empty-zone" }, "No permanents."));
  const piles = [pileContent("graveyard", p, graveyard, objects, "Graveyard"), pileContent("exile", p, exile, objects, "Exile"),
    pileContent("library", p, library, objects, "Library")];
  const handZone = el("div", { class: "hand", "data-zone": "hand", "data-player": p, role: "group", "aria-label": `${p}'s hand`, hidden: !hand.length && !info.hand },
    el("span", { class: "row-label", "aria-hidden": "true" }, "hand"),
    hand.length ? el("div", { class: "row-cards" }, hand.map((id) => slot(id, objects[id], objects))) : el("span", { class: "empty-zone" }, info.hand ? `${plural(info.hand, "card")} not described` : "empty"));
  return el("section", { class: "player" + (turn.active === p ? " is-active" : "") + (lost ? " has-lost" : ""), "data-player": p, "aria-label": `${p}'s side` },
    head, field, handZone, piles);
}

function stackArea(doc, objects) {
  const ids = (doc.stack || []).slice().reverse();  // top first
  const cards = ids.map((id, i) => el("div", { class: "stack-item" },
    el("span", { class: "stack-pos" }, i === 0 ? "top" : String(ids.length - i)), slot(id, objects[id], objects)));
  // objects the answer puts on the stack but not in its order (never expected)
  for (const [id, o] of Object.entries(objects)) if (o.zone === "stack" && !ids.includes(id)) cards.push(slot(id, o, objects));
  return el("section", { class: "stack" + (ids.length ? "" : " empty"), "data-zone": "stack", "aria-label": "the stack" },
    el("h2", { class: "stack-title" }, "Stack", el("span", { class: "count" }, ids.length ? `${ids.length}, top first` : "empty")),
    cards.length ? el("div", { class: "stack-cards" }, cards) : null);
}

// --- the turn ------------------------------------------------------------------------------------------------

const PHASES = [
  ["beginning", "Beginning", [["untap", "Untap"], ["upkeep", "Upkeep"], ["draw", "Draw"]]],
  ["precombat_main", "Main 1", []],
  ["combat", "Combat", [["beginning_of_combat", "Begin"], ["declare_attackers", "Attackers"], ["declare_blockers", "Blockers"], ["combat_damage", "Damage"], ["end_of_combat", "End"]]],
  ["postcombat_main", "Main 2", []],
  ["ending", "Ending", [["end", "End"], ["cleanup", "Cleanup"]]],
];

function phaseText(turn) {
  return words(turn.phase || "") + (turn.step ? ", " + words(turn.step) : "");
}

function renderTurn(doc) {
  const t = doc.turn || {};
  const strip = el("ol", { class: "phases", "aria-label": "phases and steps" }, PHASES.map(([phase, label, steps]) => {
    const here = t.phase === phase;
    return el("li", { class: "phase" + (here ? " current" : ""), "aria-current": here && !t.step ? "step" : null },
      el("span", { class: "phase-name" }, label),
      steps.length && here ? el("ol", { class: "steps-of-phase" }, steps.map(([step, sl]) =>
        el("li", { class: "pstep" + (here && t.step === step ? " current" : ""), "aria-current": here && t.step === step ? "step" : null, title: words(step) }, sl))) : null);
  }));
  const facts = el("p", { class: "turn-facts" },
    el("strong", { class: "whose" }, `${cap(t.active || "?")}'s turn`), " · ",
    el("span", { class: "where" }, cap(phaseText(t))), " · ",
    el("span", { class: "prio" }, t.priority ? `${cap(t.priority)} has priority` : "no one has priority"),
    t.lands_played ? ` · ${plural(t.lands_played, "land")} played` : "");
  const skipped = (doc.skipped || []).map((s) => el("p", { class: "skipped hint" }, s.text, cites(s)));
  $("turnbar").replaceChildren(facts, strip, ...skipped);
}

// --- the timeline ----------------------------------------------------------------------------------------------

function describeAction(a, objects) {
  const n = (id) => nameOf(id, objects);
  const by = a.by ? cap(a.by) + " " : "";
  const targets = a.targets && a.targets.length ? ", targeting " + a.targets.map((t) => (S.info && S.info.players.includes(t) ? t : n(t))).join(", ") : "";
  if ("cast" in a) {
    const how = a.method && a.method !== "normal" ? " with " + words(a.method) : "";
    return `${by || "The player with priority "}casts ${n(a.cast)}${a.part ? " as " + a.part : ""}${how}${targets}`;
  }
  if ("resolve" in a) return "Everyone passes: the top of the stack resolves";
  if ("pass" in a) return `${cap(a.pass)} passes priority`;
  if ("move" in a) return `${n(a.move)} moves to ${ZONE_WORDS[a.to] || a.to}`;
  if ("copy" in a) return `${n(a.copy)} is copied (the copy is ${a.as})`;
  if ("convert" in a) return `${n(a.convert)} converts`;
  if ("transform" in a) return `${n(a.transform)} transforms`;
  if ("counter" in a) return `${n(a.counter)} is countered`;
  if ("gain_control" in a) return `${cap(a.by || "?")} gains control of ${n(a.gain_control)}`;
  if ("next_turn" in a) return "The turn ends; the next player's turn begins";
  if ("advance" in a) return `Advance to ${phaseText(a.advance || {})}`;
  if ("play" in a) return `${by || "The player with priority "}plays ${n(a.play)}`;
  if ("activate" in a) return `${by}${by ? "activates" : "Activate"} ${n(a.activate)}'s ${/^\d+$/.test(String(a.ability)) ? "ability on line " + a.ability : words(a.ability)}${targets}`;
  if ("attack" in a) return `${by}${by ? "attacks" : "Attack"}: ` + Object.entries(a.attack || {}).map(([c, d]) => `${n(c)} → ${d}`).join(", ");
  if ("block" in a) return `${by}${by ? "blocks" : "Block"}: ` + Object.entries(a.block || {}).map(([c, d]) => `${n(c)} blocks ${n(d)}`).join(", ");
  return JSON.stringify(a);
}

function timelineActions() { return S.info ? S.info.actions || [] : []; }

function renderTimeline() {
  const acts = timelineActions();
  const box = $("timeline");
  box.hidden = acts.length === 0;
  const slider = $("step-slider");
  slider.max = String(acts.length);
  slider.value = String(S.step);
  slider.setAttribute("aria-valuetext", `step ${S.step} of ${acts.length}`);
  $("step-label").textContent = `step ${S.step} of ${acts.length}`;
  $("step-first").disabled = $("step-prev").disabled = S.step <= 0;
  $("step-last").disabled = $("step-next").disabled = S.step >= acts.length;
  const doc = S.docs.get(S.step);
  const bad = doc && doc.error ? doc.error.step : null;
  const objects = docObjects();
  const items = [el("li", { class: "step-item" + (S.step === 0 ? " current" : ""), "aria-current": S.step === 0 ? "step" : null },
    el("button", { type: "button", class: "step-go", onclick: () => goStep(0) }, el("span", { class: "step-n" }, "0"), "The scenario as written"))];
  acts.forEach((a, i) => {
    const k = i + 1;
    const cls = ["step-item"];
    if (k === S.step) cls.push("current");
    if (bad !== null && k === bad) cls.push("illegal");
    if (bad !== null && k > bad) cls.push("unreached");
    items.push(el("li", { class: cls.join(" "), "aria-current": k === S.step ? "step" : null, "data-step": String(k) },
      el("button", { type: "button", class: "step-go", onclick: () => goStep(k), title: `${k}. ${describeAction(a, objects)} (the board after this step)` },
        el("span", { class: "step-n" }, String(k)), describeAction(a, objects),
        bad !== null && k === bad ? el("span", { class: "visually-hidden" }, " (not allowed)") : null),
      el("button", { type: "button", class: "step-remove", "aria-label": `remove step ${k} from the timeline`, title: "remove this step",
        onclick: () => removeStep(k) }, "×")));
  });
  $("steps").replaceChildren(...items);
  const current = $("steps").querySelector(".current");
  if (current && current.scrollIntoView && $("steps").scrollWidth > $("steps").clientWidth) {
    $("steps").scrollLeft = current.offsetLeft - $("steps").clientWidth / 3;
  }
}

function reasonList(reasons) {
  return el("ul", { class: "reasons" }, (reasons || []).map((r) => el("li", {}, cap(r.reason), cites(r))));
}

function cites(node) {
  const refs = [];
  const rules = node.rules && node.rules.length ? node.rules : node.rule ? [node.rule] : [];
  const rulings = node.rulings && node.rulings.length ? node.rulings : node.ruling ? [node.ruling] : [];
  for (const r of rules) refs.push(" ", el("span", { class: "cite rule" }, r));
  for (const r of rulings) refs.push(" ", el("span", { class: "cite ruling" }, r));
  return refs;
}

function renderStepReport(doc) {
  const box = $("step-report");
  const acts = timelineActions();
  const parts = [];
  const objects = doc.objects || {};
  const allObjects = docObjects();
  if (doc.error) {
    const e = doc.error;
    parts.push(el("div", { class: "illegal-step", role: "alert" },
      el("p", {}, el("strong", {}, `Step ${e.step} is not allowed: `), describeAction(e.action || {}, allObjects) + ".",
        " The board shows the state after step " + (e.step - 1) + "."),
      (e.why_not || []).length ? el("p", { class: "why-not-lead" }, "Why not:") : null, reasonList(e.why_not)));
  }
  const k = doc.step ?? 0;
  if (k > 0) {
    parts.push(el("p", { class: "did" }, el("strong", {}, doc.error ? `The board is after step ${k}: ` : `Step ${k}: `),
      describeAction(acts[k - 1] || {}, allObjects) + "."));
  } else if (!doc.error) {
    parts.push(el("p", { class: "did" }, el("strong", {}, "Step 0: "), "the scenario as written (no state-based action is performed on it)."));
  }
  const sba = doc.state_based_actions || [];
  if (sba.length) {
    parts.push(el("div", { class: "sba" }, el("p", { class: "lead" }, "State-based actions performed:"),
      el("ul", {}, sba.map((s) => el("li", { "data-action": s.action, "data-object": s.object },
        el("strong", {}, words(s.action)), " ", nameOf(s.object, allObjects), " ", el("span", { class: "mono" }, `(${s.object})`), cites(s))))));
  }
  if (doc.game_over) {
    // (the rules say the game is over and who won, CR 104.2a, 104.4a: `game_over` and `won` of the show document)
    const won = doc.won || [];
    parts.push(el("p", { class: "game-over", "data-won": won.join(" ") }, el("strong", {}, "The game is over: "),
      won.length ? `${won.map(cap).join(" and ")} ${won.length === 1 ? "wins" : "win"}.` : "it is a draw."));
  }
  const trig = doc.triggered || [];
  if (trig.length) {
    const used = new Set();
    parts.push(el("div", { class: "triggers" }, el("p", { class: "lead" }, "Triggered abilities put on the stack:"),
      el("ul", {}, trig.map((t) => {
        const onStack = (doc.stack || []).find((id) => !used.has(id) && objects[id] && objects[id].ability_of === t.source && String(objects[id].ability) === String(t.ability));
        if (onStack) used.add(onStack);
        const line = abilityLine({ ability_of: t.source, ability: t.ability }, { ...allObjects, ...objects });
        return el("li", {},
          el("strong", {}, cap(abilityKind(t.ability))), " of ", nameOf(t.source, allObjects),
          t.controller ? ` (${t.controller}'s)` : "", onStack ? [" as ", el("span", { class: "mono" }, onStack)] : "",
          line ? el("q", { class: "rule-text" }, manaNodes(line.text)) : null,
          el("button", { type: "button", class: "why-link", onclick: (ev) => explainQuery(`trigger ${t.source}`, ev.currentTarget) }, "why did it trigger?"));
      }))));
  }
  const prev = k > 0 ? S.docs.get(k - 1) : null;
  if (k > 0 && !doc.error) {
    const changed = prev ? changes(prev, doc) : null;
    parts.push(el("div", { class: "changes" }, el("p", { class: "lead" }, "What changed:"),
      changed === null ? el("p", { class: "hint" }, "…") : changed.length ? el("ul", {}, changed.map((c) => el("li", {}, c))) : el("p", { class: "hint" }, "nothing on the board.")));
  }
  box.replaceChildren(...parts);
}

function changes(prev, cur) {
  const out = [];
  const objs = { ...prev.objects, ...cur.objects };
  const n = (id) => nameOf(id, objs);
  const pt = prev.turn || {}, ct = cur.turn || {};
  if (pt.active !== ct.active) out.push(`${cap(ct.active)}'s turn begins.`);
  if (pt.phase !== ct.phase || pt.step !== ct.step) out.push(`The game moves to ${phaseText(ct)}.`);
  if (pt.priority !== ct.priority) out.push(ct.priority ? `${cap(ct.priority)} gets priority.` : "No one has priority.");
  for (const [p, b] of Object.entries(cur.players || {})) {
    const a = (prev.players || {})[p] || {};
    if (a.life !== b.life) out.push(`${cap(p)}'s life: ${a.life} → ${b.life}.`);
    if (a.mana_pool !== b.mana_pool) out.push(`${cap(p)}'s mana pool: ${a.mana_pool || "empty"} → ${b.mana_pool || "empty"}.`);
    if (a.lost !== b.lost && b.lost) out.push(`${cap(p)} has lost the game.`);
  }
  const ids = new Set([...Object.keys(prev.objects || {}), ...Object.keys(cur.objects || {})]);
  for (const id of ids) {
    const a = (prev.objects || {})[id], b = (cur.objects || {})[id];
    if (!a) { out.push(`${n(id)} appears on ${ZONE_WORDS[b.zone] || b.zone}${b.zone === "stack" || b.zone === "battlefield" ? "" : " of " + b.owner}.`); continue; }
    if (!b) { out.push(a.zone === "stack" ? `${n(id)} leaves the stack.` : `${n(id)} is gone (it was on ${ZONE_WORDS[a.zone] || a.zone}).`); continue; }
    const bits = [];
    if (a.zone !== b.zone) bits.push(`moves from ${ZONE_WORDS[a.zone] || a.zone} to ${ZONE_WORDS[b.zone] || b.zone}`);
    if (a.face !== b.face && b.face) bits.push(`turns to its ${b.face} face (${b.name})`);
    else if (a.name !== b.name && b.name) bits.push(`is now ${b.name}`);
    if (a.controller !== b.controller && a.zone === b.zone && b.controller) bits.push(`comes under ${b.controller}'s control`);
    if (a.tapped !== b.tapped && a.zone === b.zone) bits.push(b.tapped ? "becomes tapped" : "untaps");
    if (typeLine(a) !== typeLine(b) && a.zone === b.zone) bits.push(`is now ${typeLine(b) || "typeless"} (was ${typeLine(a) || "typeless"})`);
    if ((hasPT(a) || hasPT(b)) && ptText(a) !== ptText(b) && a.zone === b.zone) bits.push(hasPT(b) ? `is ${ptText(b)} (was ${hasPT(a) ? ptText(a) : "no P/T"})` : `has no power or toughness now`);
    if (a.attached_to !== b.attached_to) bits.push(b.attached_to ? `becomes attached to ${n(b.attached_to)}` : `becomes unattached from ${n(a.attached_to)}`);
    if (!deepEqual(a.counters || {}, b.counters || {}) && a.zone === b.zone) bits.push(`counters: ${countersText(a.counters)} → ${countersText(b.counters)}`);
    if ((a.damage || 0) !== (b.damage || 0) && a.zone === b.zone) bits.push(`has ${b.damage || 0} damage marked`);
    if (a.attacking !== b.attacking) bits.push(b.attacking ? `attacks ${b.attacking}` : "is no longer attacking");
    if (a.blocking !== b.blocking) bits.push(b.blocking ? `blocks ${n(b.blocking)}` : "is no longer blocking");
    if (bits.length) out.push(`${n(id)} ${bits.join(", ")}.`);
  }
  return out;
}

function countersText(c) {
  const e = Object.entries(c || {}).filter(([, v]) => v);
  return e.length ? e.map(([k, v]) => `${v} ${k}`).join(", ") : "none";
}

// --- evaluating ------------------------------------------------------------------------------------------------

function request(step, extra) {
  return { scenario_text: S.text, step, ...(extra || {}) };
}

async function showAt(k) {
  if (S.docs.has(k)) return S.docs.get(k);
  const gen = S.gen;
  const doc = await post("show", request(k));
  if (gen === S.gen) S.docs.set(k, doc);
  return doc;
}

async function evaluate(opts = {}) {
  const text = $("scenario").value;
  const gen = ++S.gen;
  showError("");
  busy(true, "Reading the scenario…");
  let info;
  try {
    info = await post("scenario", { scenario_text: text });
  } catch (err) {
    if (gen === S.gen) {
      showError(errorText(err));
      S.text = null; S.info = null;
      $("game").hidden = true; $("side").hidden = true;
      if (opts.verify) revertEdit("the timeline could not be written into the text: " + errorText(err));
    }
    busy(false);
    return false;
  }
  busy(false);
  if (gen !== S.gen) return false;
  if (opts.verify && !deepEqual(info.actions, opts.verify)) {
    revertEdit("the page could not write the new timeline into this text; add the action under actions: yourself: "
      + opts.verify.slice(-1).map(flow).join(""));
    return false;
  }
  const fresh = S.text !== text;
  S.text = text; S.info = info;
  S.docs = new Map(); S.actionDocs = new Map();
  if (fresh && !opts.keepView) { S.selected = null; S.flipped = new Set(); clearExplanation(); $("plan").replaceChildren(); }
  indexCards(info.cards);
  $("description").textContent = info.description || "";
  $("description").classList.remove("expanded");
  $("more").setAttribute("aria-expanded", "false");
  $("more").textContent = "more";
  requestAnimationFrame(() => { $("more").hidden = $("description").scrollHeight <= $("description").clientHeight + 2; });
  fillPlayers(info.players);
  const K = info.actions.length;
  let step = opts.step === undefined || opts.step === null ? K : opts.step;
  step = Math.max(0, Math.min(K, step));
  await goStep(step, { first: true });
  return true;
}

function goStepSoon(k) {  // (from the slider or the arrow keys: the step settled on is asked for)
  S.step = k;
  renderTimeline();
  debounce("step", 140, () => goStep(k));
}

async function goStep(k, opts = {}) {
  if (!S.info) return;
  const gen = S.gen;
  S.step = k;
  renderTimeline();
  writeURL();
  busy(true, k === timelineActions().length ? "Evaluating…" : `Evaluating step ${k}…`);
  let doc;
  try {
    doc = await showAt(k);
  } catch (err) {
    if (gen === S.gen) {
      showError(errorText(err));
      $("game").hidden = true; $("side").hidden = true;
    }
    busy(false);
    return;
  }
  busy(false);
  if (gen !== S.gen || S.step !== k) return;
  showError("");
  $("game").hidden = false; $("side").hidden = false;
  renderTurn(doc);
  renderTimeline();
  renderNotes(doc);
  renderBoard(doc);
  renderStepReport(doc);
  if (S.selected) {
    if ((doc.objects || {})[S.selected]) inspect(S.selected, true); else closeInspector();
  }
  document.body.dataset.ready = "true";
  if (opts.first && S.query) explainQuery(S.query, null, { quiet: true });
  const K = doc.step ?? k;
  const previous = async () => {  // the state before this step, for what the step changed
    if (K === 0 || doc.error || S.docs.has(K - 1)) return;
    busy(true, "Comparing with the step before…");
    try { await showAt(K - 1); } catch (err) { /* what changed stays unknown */ } finally { busy(false); }
    if (gen === S.gen && S.step === k) { renderStepReport(doc); renderTimeline(); }
  };
  await Promise.all([loadActions(), previous()]);
}

// the card lines pyrules doesn't model: every answer on this board may leave them out (docs/guide/json.md)
function notesBox(doc) {
  const notes = Array.isArray(doc.not_modelled) ? doc.not_modelled : [];
  if (!notes.length) return null;
  const items = notes.map((n) => el("li", {},
    el("span", { class: "mono" }, n.object), ` (${n.card}${n.face === "back" ? ", back face" : ""}), line ${n.line}: `,
    el("q", {}, n.text), n.status === "read" ? " — read, not wholly modelled" : " — not modelled"));
  return el("div", {},
    el("p", {}, el("strong", {}, "Incomplete: "),
      `pyrules doesn't model ${plural(notes.length, "line")} of card text on this board; ` +
      "the answers may be wrong where these lines matter."),
    el("ul", {}, items));
}

function renderNotes(doc) {
  const box = $("notes");
  const content = notesBox(doc);
  const n = (doc.not_modelled || []).length;
  box.replaceChildren(...(content ? [el("details", {}, el("summary", {},
    el("strong", {}, "Incomplete: "), `pyrules doesn't model ${plural(n, "line")} of card text on this board — answers may miss ${n === 1 ? "it" : "them"}.`),
  content.lastChild)] : []));
  box.hidden = !content;
}

function notesLine(doc) {  // the notes beside an answer in the side panel: one line that opens
  const content = notesBox(doc);
  if (!content) return null;
  const n = doc.not_modelled.length;
  return el("details", { class: "notes small", role: "note" }, el("summary", {}, el("strong", {}, "Incomplete: "),
    `${plural(n, "line")} of card text not modelled`), content);
}

// --- the inspector ---------------------------------------------------------------------------------------------

const EXPLAINABLE = ["name", "face", "zone", "owner", "controller", "supertypes", "types", "subtypes", "colors", "power",
  "toughness", "mana_value", "counters", "attached_to", "keywords", "can_attack", "escaped", "summoning_sick",
  "cannot_attack", "tapped", "token", "copy_of", "damage", "attacking", "blocking"];

function valueText(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(words).join(", ") : "none";
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${k}: ${v}`).join(", ") : "none";
  }
  return words(value);
}

function why(id, prop, label) {
  const query = `${id}.${prop}`;
  return el("button", { type: "button", class: "why", "data-query": query, title: `why: ${query}`,
    onclick: (ev) => explainQuery(query, ev.currentTarget) }, label === "" ? "—" : label);
}

function inspect(id, keep) {
  const doc = S.docs.get(S.step);
  const o = doc && (doc.objects || {})[id];
  if (!o) return;
  S.selected = id;
  document.querySelectorAll("#board .card.selected").forEach((c) => c.classList.remove("selected"));
  document.querySelectorAll(`#board .card[data-id="${CSS.escape(id)}"]`).forEach((c) => c.classList.add("selected"));
  const objects = doc.objects;
  const rows = [];
  for (const prop of Object.keys(o)) {
    if (prop === "explanation") continue;
    const value = o[prop];
    const shown = valueText(value);
    rows.push(el("dt", {}, words(prop)), el("dd", {}, EXPLAINABLE.includes(prop) ? why(id, prop, shown) : shown));
  }
  const mine = actionsOf(id);
  const box = $("inspector");
  box.replaceChildren(
    el("div", { class: "inspector-head" },
      el("h2", { id: "inspector-title" }, o.ability_of ? abilityTitle(o, objects) : o.name || id, " ", el("span", { class: "mono sub" }, id)),
      el("button", { type: "button", class: "icon", "aria-label": "close the inspector", onclick: closeInspector }, "✕")),
    el("div", { class: "inspector-body" },
      el("div", { class: "big" }, slot(id, o, objects)),
      el("dl", { class: "props" }, rows)),
    mine.length ? el("div", { class: "inspector-actions" }, el("p", { class: "lead" }, "What can be done with it:"), el("ul", {}, mine)) : null);
  box.hidden = false;
  const big = box.querySelector(".big .card");
  if (big) { big.classList.remove("selected"); big.onclick = null; }
  if (!keep && window.matchMedia("(max-width: 899px)").matches) box.scrollIntoView({ block: "start", behavior: "smooth" });
}

function closeInspector() {
  S.selected = null;
  $("inspector").hidden = true;
  document.querySelectorAll("#board .card.selected").forEach((c) => c.classList.remove("selected"));
}

function actionsOf(id) {
  const doc = S.actionDocs.get(actionKey());
  if (!doc) return [];
  return (doc.actions || []).map((a, i) => [a, i]).filter(([a]) => a.object === id).map(([a, i]) =>
    el("li", { class: a.legal ? "ok" : "no" },
      el("button", { type: "button", class: "why", onclick: (ev) => explainAction(i, ev.currentTarget) }, optionLabel(a, false)),
      a.legal ? "" : " — not legal"));
}

// --- actions ---------------------------------------------------------------------------------------------------

function fillPlayers(players) {
  const select = $("player");
  const keep = S.player;
  select.replaceChildren(el("option", { value: "" }, "the player with priority"), ...players.map((p) => el("option", { value: p }, p)));
  S.player = players.includes(keep) ? keep : "";
  select.value = S.player;
}

const actionKey = () => `${S.step}|${S.player}`;

async function loadActions(explain) {
  const gen = S.gen, key = actionKey();
  const cached = S.actionDocs.get(key);
  if (cached && (!explain || cached.explained)) { renderActions(cached); return cached; }
  busy(true, explain ? "Explaining…" : "Listing the actions…");
  try {
    const doc = await post("actions", request(S.step, { all: true, ...(S.player ? { player: S.player } : {}), ...(explain ? { explain: true } : {}) }));
    if (gen !== S.gen) return null;
    doc.explained = !!explain;
    S.actionDocs.set(key, doc);
    if (key === actionKey()) renderActions(doc);
    return doc;
  } catch (err) {
    if (gen === S.gen && key === actionKey()) $("actions").replaceChildren(el("p", { class: "error" }, errorText(err)));
    return null;
  } finally {
    busy(false);
  }
}

function optionLabel(a, withName = true) {
  const doc = S.docs.get(S.step);
  const objects = doc ? doc.objects || {} : {};
  const name = withName ? nameOf(a.object, objects) : "";
  const bits = [];
  if (a.action === "cast") {
    bits.push(`Cast ${name}`.trim());
    if (a.part && a.part !== (objects[a.object] || {}).name) bits.push(`as ${a.part}`);
    if (a.method && a.method !== "normal") bits.push(a.method === "more_than_meets_the_eye" ? "converted (More Than Meets the Eye)" : "with " + words(a.method));
    if (a.face === "back") bits.push("back face up");
    if (a.zone && a.zone !== "hand") bits.push("from " + (ZONE_WORDS[a.zone] || a.zone));
    if (a.source && a.source !== a.object) bits.push(`thanks to ${nameOf(a.source, objects)}`);
  } else if (a.action === "activate") {
    bits.push(`Activate ${name}${name ? "'s" : ""} ${/^\d+$/.test(String(a.ability)) ? "ability (line " + a.ability + ")" : words(a.ability)}`);
  } else if (a.action === "play") bits.push(`Play ${name}`.trim());
  else if (a.action === "attack") bits.push(`Attack with ${name}`.trim());
  else if (a.action === "block") bits.push(`Block with ${name}`.trim());
  else bits.push(`${cap(a.action)} ${name}`.trim());
  return bits.join(" ");
}

function costCell(a) {
  const c = a.cost;
  if (!c) return el("span", { class: "hint" }, "—");
  const mana = c.mana && c.mana !== "{0}" ? manaNodes(c.mana) : c.mana === "{0}" ? manaNodes("{0}") : [];
  let extra = String(c.text || "").replace(/^(\{[^}]+\})+\s*,?\s*/, "");
  if (a.action === "activate" && c.tap && !/\{T\}/.test(c.text || "")) extra = "{T}" + (extra ? ", " + extra : "");
  const printed = String(c.text || "").match(/^(\{[^}]+\})+/);
  const changed = printed && printed[0] !== c.mana;
  return el("span", { class: "cost", title: changed ? `printed ${printed[0]}; with what changes it, ${c.mana}` : c.text || "" },
    mana, extra ? el("span", { class: "cost-extra" }, (mana.length ? ", " : ""), manaNodes(extra)) : null,
    a.x !== undefined && a.x !== null ? el("span", { class: "cost-extra" }, ` (X = ${a.x})`) : null);
}

function payCell(a) {
  if (a.payable === undefined || a.payable === null) return el("td", { class: "pay na" }, el("span", { class: "hint" }, "—"));
  if (a.payable) {
    const how = (a.payment || []).map((p) => `${p.mana} from ${p.source}`).join(", ");
    return el("td", { class: "pay legal", title: how ? "pays with " + how : "nothing to pay" }, "yes");
  }
  return el("td", { class: "pay illegal" }, "can't pay now");
}

function optionToAction(a, target) {  // the timeline action that takes this option (as plan.py's Option.to_action)
  if (a.action === "cast") {
    const out = { cast: a.object, by: a.player, method: a.method };
    if (a.part !== null && a.part !== undefined) out.part = a.part;
    if (a.source !== null && a.source !== undefined) out.source = a.source;
    return out;
  }
  if (a.action === "play") return { play: a.object, by: a.player };
  if (a.action === "activate") return { activate: a.object, ability: a.ability, by: a.player };
  if (a.action === "attack" || a.action === "block") return { [a.action]: { [a.object]: target }, by: a.player };
  return null;
}

function doButtons(a) {
  const doc = S.docs.get(S.step) || {};
  const player = a.player;
  const mk = (label, action, title) => el("button", { type: "button", class: "do", title: title || "add this to the timeline and play it",
    onclick: () => doAction(action) }, label);
  if (a.action === "attack") {
    const players = S.info.players;
    const i = players.indexOf(player);
    const foes = players.slice(i + 1).concat(players.slice(0, i)).filter((p) => !(doc.lost || []).includes(p));
    return foes.map((f) => mk(foes.length > 1 ? `at ${f}` : "Do it", optionToAction(a, f), `attack ${f}`));
  }
  if (a.action === "block") {
    const attackers = Object.entries(doc.objects || {}).filter(([, o]) => o.attacking === player).map(([id]) => id);
    return attackers.map((t) => mk(attackers.length > 1 ? `block ${nameOf(t, doc.objects)}` : "Do it", optionToAction(a, t), `block ${nameOf(t, doc.objects)}`));
  }
  return [mk("Do it", optionToAction(a))];
}

function renderActions(doc) {
  const box = $("actions");
  const list = (doc.actions || []).map((a, i) => ({ a: { ...a, player: doc.player }, i }));
  const legal = list.filter(({ a }) => a.legal);
  const illegal = list.filter(({ a }) => !a.legal);
  const state = S.docs.get(S.step) || {};
  const turn = state.turn || {};
  const parts = [];
  parts.push(el("p", { class: "who" }, el("strong", {}, cap(doc.player || "?")),
    turn.priority === doc.player ? " has priority." : turn.priority ? ` — ${turn.priority} has priority now.` : "."));
  // the moves every player has, in the timeline's words
  const moves = [];
  if (turn.priority) {
    if ((state.stack || []).length) moves.push(["Resolve the top of the stack", { resolve: "top" }, "every player passes in succession"]);
    moves.push([`${cap(turn.priority)} passes`, { pass: turn.priority }, "pass priority (CR 117.3d)"]);
  }
  moves.push(["Next turn", { next_turn: true }, "the rest of this turn, then the next player's"]);
  if (legal.length) {
    const rows = legal.flatMap(({ a, i }) => {
      const main = el("tr", { "data-index": String(i), class: "opt" + (a.payable === false ? " unpayable" : "") },
        el("td", {}, el("button", { type: "button", class: "why opt-name", title: "why is this allowed?", onclick: (ev) => explainAction(i, ev.currentTarget) }, optionLabel(a))),
        el("td", {}, costCell(a)),
        payCell(a),
        el("td", { class: "do-cell" }, doButtons(a)));
      if (a.payable !== false || !(a.payment_why_not || []).length) return [main];
      main.classList.add("has-detail");
      return [main, el("tr", { class: "opt-detail", "data-detail-of": String(i) }, el("td", { colspan: "4" }, reasonList(a.payment_why_not)))];
    });
    parts.push(el("table", { class: "options" },
      el("caption", {}, `Legal now: ${legal.length}`),
      el("colgroup", {}, el("col", { class: "c-action" }), el("col", { class: "c-cost" }), el("col", { class: "c-pay" }), el("col", { class: "c-do" })),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "action"), el("th", { scope: "col" }, "cost"), el("th", { scope: "col" }, "payable"), el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "do it")))),
      el("tbody", {}, rows)));
  } else {
    parts.push(el("p", { class: "hint" }, "Nothing to cast, play, activate or declare now."));
  }
  parts.push(el("div", { class: "moves" }, moves.map(([label, action, title]) =>
    el("button", { type: "button", class: "do move", title, onclick: () => doAction(action) }, label))));
  if (illegal.length) {
    const groups = new Map();
    for (const item of illegal) {
      const first = (item.a.why_not || [])[0] || { reason: "not allowed" };
      const key = first.reason;
      if (!groups.has(key)) groups.set(key, { reason: first, items: [] });
      groups.get(key).items.push(item);
    }
    const details = el("details", { class: "not-legal" },
      el("summary", {}, `Not legal now: ${illegal.length}`, el("span", { class: "hint" }, ` (${plural(groups.size, "reason")})`)),
      [...groups.values()].map((g) => el("div", { class: "reason-group" },
        el("p", { class: "reason" }, cap(g.reason.reason), cites(g.reason)),
        el("ul", {}, g.items.map(({ a, i }) => el("li", { "data-index": String(i) },
          el("button", { type: "button", class: "why", title: "why not?", onclick: (ev) => explainAction(i, ev.currentTarget) }, optionLabel(a)),
          (a.why_not || []).length > 1 ? el("span", { class: "also" }, " — also: " + a.why_not.slice(1).map((r) => r.reason).join("; ")) : ""))))));
    parts.push(details);
  }
  const notes = notesLine(doc);
  if (notes) parts.push(notes);
  box.replaceChildren(...parts);
  box.dataset.version = String(Number(box.dataset.version || 0) + 1);
  if (S.selected) inspect(S.selected, true);
}

// --- editing the timeline --------------------------------------------------------------------------------------

function yamlScalar(v) {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  const s = String(v);
  if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(s)) return s;
  return JSON.stringify(s);
}

function flow(v) {  // a value in YAML's flow style, as the timeline is written: {cast: uro, by: alice}
  if (Array.isArray(v)) return "[" + v.map(flow).join(", ") + "]";
  if (v && typeof v === "object") return "{" + Object.entries(v).map(([k, x]) => `${yamlScalar(k)}: ${flow(x)}`).join(", ") + "}";
  return yamlScalar(v);
}

function withActions(text, actions) {  // the scenario text with its actions: replaced, or null when it can't be done
  const t = text.replace(/\r\n?/g, "\n");
  if (/^\s*\{/.test(t)) {
    try {
      const d = JSON.parse(t);
      if (actions.length) d.actions = actions; else delete d.actions;
      return JSON.stringify(d, null, 2) + "\n";
    } catch (err) { return null; }
  }
  const lines = t.split("\n");
  const start = lines.findIndex((l) => /^(actions|"actions"|'actions')\s*:/.test(l));
  const block = actions.length ? ["actions:", ...actions.map((a) => "  - " + flow(a))] : [];
  if (start < 0) {
    while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
    return [...lines, ...block].join("\n") + "\n";
  }
  let end = start + 1;
  while (end < lines.length && (lines[end].trim() === "" || /^[\s#-]/.test(lines[end])) && !/^(---|\.\.\.)/.test(lines[end])) end++;
  while (end > start + 1 && (lines[end - 1].trim() === "" || /^#/.test(lines[end - 1]))) end--;
  return [...lines.slice(0, start), ...block, ...lines.slice(end)].join("\n").replace(/\n*$/, "\n");
}

async function setTimeline(actions, step, message) {
  const before = S.text;
  const text = withActions(before, actions);
  if (text === null) {
    showError("the page can't edit this text's timeline; add the action under actions: yourself: " + flow(actions[actions.length - 1] || {}));
    return;
  }
  S.undo = { text: before, step: S.step, example: S.example };
  $("scenario").value = text;
  noteEdited();
  $("undo").hidden = false;
  const ok = await evaluate({ step, verify: actions, keepView: true });
  if (ok && message) say(message);
}

function revertEdit(message) {
  if (S.undo) { $("scenario").value = S.undo.text; S.undo = null; $("undo").hidden = true; }
  showError(message);
  evaluate({ keepView: true });
}

async function doAction(action) {
  if (!action || !S.info) return;
  const acts = timelineActions();
  const kept = acts.slice(0, S.step);
  const dropped = acts.length - kept.length;
  const doc = S.docs.get(S.step);
  const objects = doc ? doc.objects : {};
  await setTimeline([...kept, action], kept.length + 1,
    `Added step ${kept.length + 1}: ${describeAction(action, objects)}` + (dropped ? ` (replacing the ${plural(dropped, "later step")})` : "") + ".");
}

async function removeStep(k) {
  const acts = timelineActions().slice();
  acts.splice(k - 1, 1);
  await setTimeline(acts, Math.min(S.step >= k ? S.step - 1 : S.step, acts.length), `Removed step ${k}.`);
}

async function undoEdit() {
  if (!S.undo) return;
  const u = S.undo;
  S.undo = null;
  $("undo").hidden = true;
  $("scenario").value = u.text;
  if (u.example) { S.example = u.example; $("example").value = u.example; }
  await evaluate({ step: u.step, keepView: true });
}

// --- plans -----------------------------------------------------------------------------------------------------

async function runPlan(goal) {
  if (!S.info || !goal) return;
  const gen = S.gen, step = S.step;
  const box = $("plan");
  box.replaceChildren(el("p", { class: "hint" }, "Searching…"));
  busy(true, "Planning…");
  try {
    const ask = { goal, explain: false, ...(S.player ? { player: S.player } : {}) };
    const res = await post("plan", request(step, ask));
    if (gen !== S.gen) return;
    res.ask = ask;
    renderPlan(res, step);
  } catch (err) {
    if (gen === S.gen) box.replaceChildren(el("p", { class: "error" }, errorText(err)));
  } finally {
    busy(false);
  }
}

function renderPlan(res, step) {
  const box = $("plan");
  const objects = (S.docs.get(step) || {}).objects || {};
  const parts = [];
  if (res.found && (res.plans || []).length) {
    const plans = res.plans;
    parts.push(el("p", {}, el("strong", {}, `Yes: ${plural(plans[0].length, "action")} for ${res.player}`),
      plans.length > 1 ? ` (${plans.length} shortest plans${res.search && res.search.more ? ", more not listed" : ""})` : ""));

    plans.forEach((p, n) => {
      parts.push(el("div", { class: "plan" },
        plans.length > 1 ? el("p", { class: "lead" }, `Plan ${n + 1}`) : null,
        el("ol", { class: "plan-steps" }, p.actions.map((a) => el("li", {}, describeAction(a, objects), " ", el("code", { class: "flow" }, flow(a))))),
        el("button", { type: "button", class: "do", onclick: () => playPlan(p.actions, step) }, "Play it on the timeline")));
    });
    parts.push(el("button", { type: "button", class: "why-link", onclick: () => explainPlan(res, step) }, "Why does it work? Explain it step by step"));
  } else {
    parts.push(el("p", {}, el("strong", {}, "No plan found"), ` within ${plural(res.horizon || 0, "action")}` + (res.search && res.search.complete === false ? " (the search was cut short)" : "") + "."));
    if ((res.why_not || []).length) parts.push(reasonList(res.why_not));
  }
  const notes = notesLine(res);
  if (notes) parts.push(notes);
  box.replaceChildren(...parts);
}

async function explainPlan(res, step) {
  const gen = S.gen;
  selectTab("explain");
  busy(true, "Explaining the plan…");
  try {
    const full = await post("plan", request(step, { ...res.ask, explain: true }));
    if (gen === S.gen && full.explanation) showExplanation(`plan: ${res.goal}`, full.explanation);
  } catch (err) {
    if (gen === S.gen) showExplanationError(`plan: ${res.goal}`, err);
  } finally {
    busy(false);
  }
}

async function playPlan(actions, step) {
  const kept = timelineActions().slice(0, step);
  await setTimeline([...kept, ...actions], kept.length + actions.length, `Played a plan of ${plural(actions.length, "action")}.`);
}

// --- explanations ----------------------------------------------------------------------------------------------

function selectTab(name, focus) {
  for (const t of ["actions", "explain", "plan"]) {
    const on = t === name;
    $("tab-" + t).setAttribute("aria-selected", on ? "true" : "false");
    $("tab-" + t).tabIndex = on ? 0 : -1;
    $("panel-" + t).hidden = !on;
  }
  if (focus) $("tab-" + name).focus();
}

function markSelected(button) {
  document.querySelectorAll(".why.selected").forEach((b) => b.classList.remove("selected"));
  if (button) button.classList.add("selected");
}

function clearExplanation() {
  S.query = "";
  $("query").value = "";
  $("explanation").replaceChildren(el("p", { class: "hint" }, "Click a card's value or an action to see why it holds, each step citing its rule."));
}

async function explainQuery(query, button, opts = {}) {
  if (!S.info) return;
  markSelected(button);
  $("query").value = query;
  S.query = query;
  writeURL();
  if (!opts.quiet) selectTab("explain");
  const gen = S.gen;
  busy(true, "Explaining " + query + "…");
  try {
    const node = await post("explain", request(S.step, { ...(S.player ? { player: S.player } : {}), query }));
    if (gen === S.gen) showExplanation(query, node, { quiet: opts.quiet });
  } catch (err) {
    if (gen === S.gen) showExplanationError(query, err);
  } finally {
    busy(false);
  }
}

async function explainAction(index, button) {
  if (!S.info) return;
  markSelected(button);
  selectTab("explain");
  const gen = S.gen;
  const doc = await loadActions(true);
  if (gen !== S.gen || !doc) return;
  const a = (doc.actions || [])[index];
  if (!a) return;
  const title = (a.legal ? "" : "why not: ") + optionLabel({ ...a, player: doc.player });
  S.query = "";
  if (!a.explanation) { showExplanationError(title, new Failure("the server gave no explanation for this action")); return; }
  showExplanation(title, a.explanation);
}

function showExplanationError(title, err) {
  $("explanation").replaceChildren(el("p", { class: "query" }, title), el("p", { class: "error" }, errorText(err)));
}

function showExplanation(title, node, opts = {}) {
  const box = $("explanation");
  const parts = [el("p", { class: "query" }, title)];
  if (node.summary) {
    const summary = Array.isArray(node.summary) ? node.summary.join(" ") : String(node.summary);
    parts.push(el("p", { class: "summary" }, summary));
  }
  const notes = notesBox(node);
  if (notes) parts.push(el("div", { class: "notes small", role: "note" }, notes));
  const tree = el("div", { class: "tree" }, renderTree(node));
  parts.push(el("div", { class: "tree-tools" },
    el("button", { type: "button", class: "small", onclick: () => tree.querySelectorAll("details").forEach((d) => { d.open = true; }) }, "Unfold all"),
    el("button", { type: "button", class: "small", onclick: () => { tree.querySelectorAll("details").forEach((d) => { d.open = false; }); const r = tree.querySelector("details"); if (r) r.open = true; } }, "Fold all")));
  parts.push(tree);
  box.replaceChildren(...parts);
  if (!opts.quiet) {
    selectTab("explain");
    if (window.matchMedia("(max-width: 899px)").matches) $("side").scrollIntoView({ block: "start" });
  }
}

function decidingNodes(root) {
  // the premises the short answer names: among the nodes (breadth first) whose rule the summary cites, those
  // whose claim the summary's premises say most nearly — the three nearest
  const summary = String(root.summary || "");
  const cut = summary.search(/ — |: /);
  const sig = (t) => String(t).toLowerCase().replace(/[“”"(),.;:]/g, " ").split(/\s+/).filter((w) => w.length > 3);
  const have = new Set(sig(cut >= 0 ? summary.slice(cut) : summary));
  const scored = [];
  let level = root.because || [], depth = 1, order = 0;
  while (level.length && depth <= 6) {
    const next = [];
    for (const n of level) {
      const cite = [n.rule, n.ruling].filter(Boolean).join(", ");
      const words = sig(n.claim);
      if (cite && summary.includes("(" + cite) && words.length) {
        const score = words.filter((w) => have.has(w)).length / words.length;
        if (score >= 0.5) scored.push({ n, score, order: order++ });
      }
      next.push(...(n.because || []));
    }
    level = next; depth++;
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, 3).map((x) => x.n);
}

function renderTree(root) {
  const decides = new Set(decidingNodes(root));
  const open = new Set([root]);
  (function mark(n, path) {
    if (decides.has(n)) path.forEach((p) => open.add(p));
    for (const c of n.because || []) mark(c, [...path, n]);
  })(root, []);
  if (!decides.size) for (const c of root.because || []) open.add(c);
  return renderNode(root, open, decides);
}

function renderNode(node, open, decides) {
  const kids = Array.isArray(node.because) ? node.because : [];
  const head = [el("span", { class: "claim" }, node.claim), cites(node)];
  if (node.n) head.unshift(el("span", { class: "num" }, "[" + node.n + "] "));
  if (node.see) {
    head.push(" ", el("button", { type: "button", class: "see", "data-see": String(node.see), title: `open [${node.see}], where this is explained`,
      onclick: (ev) => { ev.preventDefault(); ev.stopPropagation(); seeNode(ev.currentTarget.closest(".tree"), node.see); } }, `see [${node.see}]`));
  }
  const cls = decides.has(node) ? " decides" : "";
  if (!kids.length) return el("div", { class: "leaf" + cls, "data-n": node.n ? String(node.n) : null }, head);
  const details = el("details", { open: open.has(node), class: cls.trim() || null, "data-n": node.n ? String(node.n) : null }, el("summary", {}, head));
  for (const kid of kids) details.append(renderNode(kid, open, decides));
  return details;
}

function seeNode(tree, n) {
  const target = tree && tree.querySelector(`[data-n="${n}"]`);
  if (!target) return;
  for (let p = target; p && p !== tree; p = p.parentElement) if (p.tagName === "DETAILS") p.open = true;
  const summary = target.tagName === "DETAILS" ? target.querySelector(":scope > summary") : target;
  target.classList.remove("flash");
  void target.offsetWidth;
  target.classList.add("flash");
  summary.scrollIntoView({ block: "center", behavior: "smooth" });
  if (summary.tagName === "SUMMARY") summary.focus({ preventScroll: true });
}

// --- examples, the URL and sharing -----------------------------------------------------------------------------

async function loadExampleList() {
  const select = $("example");
  try {
    const response = await fetch("examples");
    const doc = await response.json();
    S.examples = doc.examples || [];
  } catch (err) {
    showError("could not list the examples: " + err.message);
  }
  select.replaceChildren(el("option", { value: "", id: "own-option" }, "Your scenario (pasted or edited)"),
    ...S.examples.map((ex) => el("option", { value: ex.name, title: ex.description },
      ex.name.replace(/\.(ya?ml|json)$/, "").replace(/_/g, " ") + (ex.description ? " — " + ex.description : ""))));
}

async function loadExample(name, step) {
  if (!name) return;
  busy(true, "Loading the example…");
  let text;
  try {
    const response = await fetch("examples/" + encodeURIComponent(name));
    if (!response.ok) { showError(`there is no example ${name}`); return; }
    text = await response.text();
  } catch (err) {
    showError(`could not load the example ${name}: ${err.message}`);
    return;
  } finally {
    busy(false);
  }
  S.example = name; S.exampleText = text; S.undo = null; $("undo").hidden = true;
  $("scenario").value = text;
  $("example").value = name;
  await evaluate({ step });
}

function noteEdited() {
  if (S.example && $("scenario").value !== S.exampleText) {
    S.example = null;
    $("example").value = "";
  }
}

function b64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function packText(text) {
  const bytes = new TextEncoder().encode(text);
  if (typeof CompressionStream === "function") {
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return "z." + b64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  }
  return "t." + b64url(bytes);
}

async function unpackText(packed) {
  const [kind, data] = [packed.slice(0, 2), packed.slice(2)];
  const bytes = unb64url(data);
  if (kind === "z.") {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new TextDecoder().decode(await new Response(stream).arrayBuffer());
  }
  return new TextDecoder().decode(bytes);
}

function writeURL() {
  debounce("url", 60, async () => {
    const params = new URLSearchParams();
    if (S.example) params.set("example", S.example);
    if (S.info && S.step !== timelineActions().length) params.set("step", String(S.step));
    if (S.player) params.set("player", S.player);
    if (S.query) params.set("q", S.query);
    let hash = "";
    if (!S.example && S.text) hash = "#s=" + await packText(S.text);
    const url = location.pathname + (params.toString() ? "?" + params.toString() : "") + hash;
    if (url !== location.pathname + location.search + location.hash) history.replaceState(null, "", url);
    document.body.dataset.url = url;
  });
}

async function shareLink() {
  writeURL();
  await new Promise((r) => setTimeout(r, 120));
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    say("Link copied: it opens this scenario at this step.");
  } catch (err) {
    window.prompt("The link to this scenario at this step:", link);
  }
}

// --- start -----------------------------------------------------------------------------------------------------

function wire() {
  $("evaluate").addEventListener("click", () => { cancel("typing"); evaluate({ keepView: true }); });
  $("undo").addEventListener("click", undoEdit);
  $("more").addEventListener("click", () => {
    const open = $("description").classList.toggle("expanded");
    $("more").setAttribute("aria-expanded", open ? "true" : "false");
    $("more").textContent = open ? "less" : "more";
  });
  $("example").addEventListener("change", () => { const v = $("example").value; if (v) loadExample(v); });
  $("share").addEventListener("click", shareLink);
  $("edit-toggle").addEventListener("click", () => {
    const open = $("editor").hidden;
    $("editor").hidden = !open;
    $("edit-toggle").setAttribute("aria-expanded", open ? "true" : "false");
    document.body.classList.toggle("editing", open);
    if (open) $("scenario").focus();
  });
  $("scenario").addEventListener("input", () => {
    noteEdited();
    S.undo = null; $("undo").hidden = true;
    debounce("typing", 900, () => evaluate({ keepView: false }));
  });
  $("scenario").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); cancel("typing"); evaluate({ keepView: true }); }
  });
  $("step-slider").addEventListener("input", () => goStepSoon(Number($("step-slider").value)));
  $("step-first").addEventListener("click", () => goStep(0));
  $("step-prev").addEventListener("click", () => goStep(Math.max(0, S.step - 1)));
  $("step-next").addEventListener("click", () => goStep(Math.min(timelineActions().length, S.step + 1)));
  $("step-last").addEventListener("click", () => goStep(timelineActions().length));
  $("player").addEventListener("change", () => { S.player = $("player").value; writeURL(); loadActions(); });
  $("ask").addEventListener("submit", (ev) => { ev.preventDefault(); const q = $("query").value.trim(); if (q) explainQuery(q, null); });
  $("plan-form").addEventListener("submit", (ev) => { ev.preventDefault(); runPlan($("goal").value.trim()); });
  for (const t of ["actions", "explain", "plan"]) $("tab-" + t).addEventListener("click", () => selectTab(t));
  document.querySelector(".tabs").addEventListener("keydown", (ev) => {
    const names = ["actions", "explain", "plan"];
    const i = names.findIndex((t) => $("tab-" + t).getAttribute("aria-selected") === "true");
    if (ev.key === "ArrowRight") { ev.preventDefault(); selectTab(names[(i + 1) % 3], true); }
    if (ev.key === "ArrowLeft") { ev.preventDefault(); selectTab(names[(i + 2) % 3], true); }
  });
  document.addEventListener("keydown", (ev) => {
    if (isTyping(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey || !S.info) return;
    const K = timelineActions().length;
    if (ev.key === "ArrowRight" && S.step < K) { ev.preventDefault(); goStepSoon(S.step + 1); }
    else if (ev.key === "ArrowLeft" && S.step > 0) { ev.preventDefault(); goStepSoon(S.step - 1); }
    else if (ev.key === "Escape" && S.selected) closeInspector();
  });
}

async function start() {
  wire();
  await loadExampleList();
  const params = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const stepParam = params.get("step") ?? hash.get("step");
  const step = stepParam !== null && /^\d+$/.test(stepParam) ? Number(stepParam) : undefined;
  S.player = params.get("player") || "";
  S.query = params.get("q") || hash.get("explain") || "";
  const example = params.get("example") || hash.get("example");
  const shared = hash.get("s");
  if (shared) {
    try {
      $("scenario").value = await unpackText(shared);
      $("example").value = "";
      await evaluate({ step });
    } catch (err) {
      showError("the link's scenario could not be read: " + err.message);
    }
  } else {
    const first = example || (S.examples.find((e) => e.name === "timeline_bonesplitter_falls_off_prowl.yaml") || S.examples[0] || {}).name;
    if (first) await loadExample(first, step);
  }
  window.scrollTo(0, 0);
  document.body.dataset.ready = "true";
}

start();
