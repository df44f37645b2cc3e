// The pyrules page: sends the scenario to this server's /show, /actions and /explain, and shows the answers.
// Plain JavaScript, no build step, no other origin. Every text from an answer is inserted as text, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { base: null, objects: {}, actions: null, actionExplanations: null, busy: 0 };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
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

// --- talking to the server ---------------------------------------------------------------------------------

class Failure extends Error {}

async function post(command, body) {
  let response;
  try {
    response = await fetch(command, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
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

function busy(on, text) {
  state.busy += on ? 1 : -1;
  $("evaluate").disabled = state.busy > 0;
  $("status").textContent = state.busy > 0 ? text || "Working…" : "";
}

function showError(message) {
  const p = $("error");
  p.textContent = message || "";
  p.hidden = !message;
}

// --- examples ----------------------------------------------------------------------------------------------

async function loadExampleList() {
  const select = $("example");
  try {
    const response = await fetch("examples");
    const doc = await response.json();
    for (const ex of doc.examples) {
      select.append(el("option", { value: ex.name, title: ex.description },
        ex.name.replace(/\.(ya?ml|json)$/, "") + (ex.description ? " — " + ex.description : "")));
    }
  } catch (err) {
    showError("could not list the examples: " + err.message);
  }
}

async function loadExample(name) {
  if (!name) return;
  const response = await fetch("examples/" + encodeURIComponent(name));
  if (!response.ok) { showError(`could not load the example ${name}`); return; }
  $("scenario").value = await response.text();
  $("example").value = name;
  $("step").value = "";
  $("player").value = "";
  showError("");
}

// --- evaluating --------------------------------------------------------------------------------------------

function baseRequest() {
  const body = { scenario_text: $("scenario").value };
  const step = $("step").value.trim();
  if (step !== "") body.step = Number(step);
  return body;
}

function playerField() {
  const player = $("player").value.trim();
  return player ? { player } : {};
}

async function evaluate() {
  const base = baseRequest();
  if (base.step !== undefined && !Number.isInteger(base.step)) { showError("step: must be a whole number"); return; }
  showError("");
  busy(true, "Evaluating…");
  try {
    const [shown, actions] = await Promise.all([
      post("show", base),
      post("actions", { ...base, ...playerField(), all: true }),
    ]);
    state.base = base;
    state.player = playerField();
    state.objects = shown.objects || {};
    state.actions = actions;
    state.actionExplanations = null;
    renderTimeline(shown);
    renderNotes(shown);
    renderObjects(shown.objects || {});
    renderActions(actions);
    $("explanation").replaceChildren(el("p", { class: "hint", text: "Click a value or an action's why? to see its explanation." }));
    $("explanation-title").textContent = "Explanation";
    $("placeholder").hidden = true;
    $("answers").hidden = false;
  } catch (err) {
    showError(err instanceof Failure ? err.message : "unexpected error: " + err.message);
    state.base = null;  // the answers shown were for another text: take them away
    $("answers").hidden = true;
    $("placeholder").hidden = false;
  } finally {
    busy(false);
  }
}

function renderTimeline(doc) {
  const box = $("timeline");
  box.replaceChildren();
  if (doc.step === undefined && !doc.error) return;
  const div = el("div", { class: "timeline" });
  if (doc.step !== undefined) div.append(el("p", {}, el("strong", { text: "After step " + doc.step }), " of the timeline."));
  if (Array.isArray(doc.stack)) {
    div.append(el("p", {}, "Stack (bottom to top): ", doc.stack.length ? doc.stack.join(", ") : "empty"));
  }
  if (Array.isArray(doc.triggered) && doc.triggered.length) {
    div.append(el("p", {}, "Triggered: ", doc.triggered.map((t) =>
      `${words(t.ability)} of ${t.source}` + (t.controller ? ` (controlled by ${t.controller})` : "")).join("; ")));
  }
  if (doc.error) {
    const e = doc.error;
    const reasons = (e.why_not || []).map((r) => el("li", {}, r.reason, cites(r)));
    div.append(el("div", { class: "error" },
      `Step ${e.step} is illegal: ${JSON.stringify(e.action)}`, reasons.length ? el("ul", { class: "reasons" }, reasons) : null));
  }
  box.append(div);
}

// the card lines pyrules doesn't model: every answer on this board may leave them out (interface §5.7)
function notesBox(doc) {
  const notes = Array.isArray(doc.not_modelled) ? doc.not_modelled : [];
  if (!notes.length) return null;
  const items = notes.map((n) => el("li", {},
    el("span", { class: "mono", text: n.object }), ` (${n.card}${n.face === "back" ? ", back face" : ""}), line ${n.line}: `,
    el("q", { text: n.text }), n.status === "read" ? " — read, not wholly modelled" : " — not modelled"));
  return el("div", {},
    el("p", {}, el("strong", { text: "Incomplete: " }),
      `pyrules doesn't model ${notes.length} line${notes.length === 1 ? "" : "s"} of card text on this board; ` +
      "the answers below may be wrong where these lines matter."),
    el("ul", {}, items));
}

function renderNotes(doc) {
  const box = $("notes");
  const content = notesBox(doc);
  box.replaceChildren(...(content ? [content] : []));
  box.hidden = !content;
}

function cites(node) {
  return [
    node.rule ? el("span", { class: "cite rule", text: node.rule }) : null,
    node.ruling ? el("span", { class: "cite ruling", text: node.ruling }) : null,
  ];
}

// --- objects -----------------------------------------------------------------------------------------------

function why(id, prop, label, extraClass) {
  const text = label === null || label === undefined || label === "" ? "—" : String(label);
  return el("button", {
    type: "button", class: "why" + (extraClass ? " " + extraClass : ""), "data-query": `${id}.${prop}`,
    title: `why: ${id}.${prop}`, onclick: (ev) => explainQuery(`${id}.${prop}`, ev.currentTarget),
  }, text);
}

function valueText(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(words).join(", ") : "none";
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${k}: ${v}`).join(", ") : "none";
  }
  return words(value);
}

function renderObjects(objects) {
  const body = $("objects").querySelector("tbody");
  body.replaceChildren();
  for (const [id, o] of Object.entries(objects)) {
    const types = el("td", {},
      o.supertypes && o.supertypes.length ? [why(id, "supertypes", o.supertypes.map(cap).join(" ")), " "] : null,
      why(id, "types", (o.types || []).map(cap).join(" ") || "no types"),
      o.subtypes && o.subtypes.length ? [" — ", why(id, "subtypes", o.subtypes.map(cap).join(" "))] : null);
    const pt = o.power === null && o.toughness === null
      ? el("td", { class: "num" }, why(id, "power", "—", "none"))
      : el("td", { class: "num" }, why(id, "power", o.power), "/", why(id, "toughness", o.toughness));
    const row = el("tr", { "data-id": id },
      el("td", {}, el("button", { type: "button", class: "why mono", title: "every property of " + id,
        onclick: () => toggleProperties(row, id) }, id)),
      el("td", {}, why(id, "name", o.name === null && o.ability_of ? `${words(o.ability || "ability")} of ${o.ability_of}` : o.name)),
      el("td", {}, why(id, "face", o.face)),
      el("td", {}, why(id, "zone", o.zone)),
      el("td", {}, why(id, "controller", o.controller)),
      types,
      pt,
      el("td", { class: "num" }, why(id, "mana_value", o.mana_value)),
      el("td", {}, why(id, "keywords", valueText(o.keywords), o.keywords && o.keywords.length ? "" : "none")));
    body.append(row);
  }
}

function toggleProperties(row, id) {
  const next = row.nextElementSibling;
  if (next && next.classList.contains("props")) { next.remove(); return; }
  const o = state.objects[id] || {};
  const dl = el("dl");
  for (const [prop, value] of Object.entries(o)) {
    if (prop === "explanation") continue;
    dl.append(el("dt", { text: words(prop) }), el("dd", {}, why(id, prop, valueText(value))));
  }
  row.after(el("tr", { class: "props" }, el("td", { colspan: "9" }, dl)));
}

// --- actions -----------------------------------------------------------------------------------------------

function actionLabel(a) {
  const parts = [a.action || "act"];
  if (a.part) parts.push(`(${a.part})`);
  if (a.method && a.method !== "normal") parts.push("with " + words(a.method));
  if (a.ability !== undefined && a.ability !== null) parts.push("ability " + words(a.ability));
  if (a.face && a.face !== "front") parts.push(`(${a.face} face up)`);
  if (a.zone) parts.push("from " + (a.zone === "exile" ? "exile" : "the " + a.zone));
  if (a.source && a.source !== a.object) parts.push(`(thanks to ${a.source})`);
  return parts.join(" ");
}

function costText(cost) {
  if (cost === null || cost === undefined) return "—";
  if (typeof cost === "string") return cost;
  return cost.text || cost.mana || JSON.stringify(cost);
}

function payCell(a) {
  if (a.payable === undefined || a.payable === null) return el("td", { class: "num", text: "—" });
  if (a.payable) return el("td", { class: "legal", text: "yes" });
  const why = (a.payment_why_not || []).map((r) => el("li", {}, r.reason, cites(r)));
  return el("td", { class: "illegal" }, "can't pay now", why.length ? el("ul", { class: "reasons" }, why) : null);
}

function renderActions(doc) {
  const body = $("actions").querySelector("tbody");
  body.replaceChildren();
  $("actions-player").textContent = doc.player ? "for " + doc.player : "";
  const list = doc.actions || [];
  $("no-actions").hidden = list.length > 0;
  $("actions").parentElement.hidden = list.length === 0;
  list.forEach((a, i) => {
    const name = a.object && state.objects[a.object] ? state.objects[a.object].name : null;
    const reasons = (a.why_not || []).map((r) => el("li", {}, r.reason, cites(r)));
    body.append(el("tr", { "data-index": String(i) },
      el("td", {}, el("span", { class: "mono", text: a.object || "" }), name ? el("div", { class: "sub", text: name }) : null),
      el("td", { text: actionLabel(a) }),
      el("td", { class: "mono", text: costText(a.cost) }),
      el("td", { class: "num", text: a.mana_value === undefined || a.mana_value === null ? "—" : String(a.mana_value) }),
      el("td", { class: a.legal ? "legal" : "illegal", text: a.legal ? "legal" : "not legal" }),
      payCell(a),
      el("td", {}, reasons.length ? el("ul", { class: "reasons" }, reasons) : ""),
      el("td", {}, el("button", { type: "button", class: "why", onclick: (ev) => explainAction(i, ev.currentTarget) }, "why?"))));
  });
}

// --- explanations ------------------------------------------------------------------------------------------

function select(button) {
  document.querySelectorAll("button.why.selected").forEach((b) => b.classList.remove("selected"));
  if (button) button.classList.add("selected");
}

async function explainQuery(query, button) {
  if (!state.base) return;
  select(button);
  $("query").value = query;
  busy(true, "Explaining " + query + "…");
  try {
    const node = await post("explain", { ...state.base, ...state.player, query });
    showExplanation(query, node);
  } catch (err) {
    showExplanationError(query, err);
  } finally {
    busy(false);
  }
}

async function explainAction(index, button) {
  if (!state.base) return;
  select(button);
  const a = (state.actions.actions || [])[index];
  const title = `${a.legal ? "" : "why not: "}${a.object} ${actionLabel(a)}`;
  busy(true, "Explaining…");
  try {
    if (!state.actionExplanations) {  // one request explains every listed action, in the same order
      const doc = await post("actions", { ...state.base, ...state.player, all: true, explain: true });
      state.actionExplanations = doc.actions || [];
    }
    const entry = state.actionExplanations[index];
    if (!entry || !entry.explanation) throw new Failure("the server gave no explanation for this action");
    showExplanation(title, entry.explanation);
  } catch (err) {
    showExplanationError(title, err);
  } finally {
    busy(false);
  }
}

function showExplanationError(title, err) {
  $("explanation-title").textContent = "Explanation";
  $("explanation").replaceChildren(el("p", { class: "query", text: title }),
    el("p", { class: "error", text: err instanceof Failure ? err.message : "unexpected error: " + err.message }));
  $("explanation").scrollIntoView({ block: "nearest" });
}

function showExplanation(title, node) {
  const box = $("explanation");
  const parts = [el("p", { class: "query", text: title })];
  if (node.summary) {
    const summary = Array.isArray(node.summary) ? node.summary.join(" ") : String(node.summary);
    parts.push(el("p", { class: "summary", text: summary }));
  }
  const notes = notesBox(node);
  if (notes) parts.push(el("div", { class: "notes", role: "note" }, notes));
  parts.push(el("div", { class: "tree" }, renderNode(node, 0)));
  box.replaceChildren(...parts);
  $("explanation-title").textContent = "Explanation";
  $("explanation-title").scrollIntoView({ block: "start" });
}

function renderNode(node, depth) {
  const kids = Array.isArray(node.because) ? node.because : [];
  const head = [el("span", { class: "claim", text: node.claim }), cites(node)];
  if (node.n) head.unshift(el("span", { class: "num", text: "[" + node.n + "] " }));
  if (node.see) head.push(el("span", { class: "ref", text: " (see [" + node.see + "] above)" }));
  if (!kids.length) {
    return el("div", { class: "leaf" }, head);
  }
  const details = el("details", { open: depth < 2 }, el("summary", {}, head));
  for (const kid of kids) details.append(renderNode(kid, depth + 1));
  return details;
}

// --- start -------------------------------------------------------------------------------------------------

function fromHash() {  // #example=NAME&evaluate&explain=QUERY: open the page on an example, already answered
  const params = new URLSearchParams(location.hash.slice(1));
  return { example: params.get("example"), evaluate: params.has("evaluate"), explain: params.get("explain") };
}

async function start() {
  $("evaluate").addEventListener("click", evaluate);
  $("load").addEventListener("click", () => loadExample($("example").value));
  $("scenario").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); evaluate(); }
  });
  $("ask").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const q = $("query").value.trim();
    if (q) explainQuery(q, null);
  });
  await loadExampleList();
  const wish = fromHash();
  const first = wish.example || ($("example").options[0] && $("example").options[0].value);
  if (first) await loadExample(first);
  if (wish.evaluate || wish.explain) await evaluate();
  if (wish.explain) await explainQuery(wish.explain, null);
  window.scrollTo(0, 0);  // opened from a link: start at the top
  document.body.setAttribute("data-ready", "true");
}

start();
