// The lgm_rdf web page: ask questions and draw concept neighbourhoods.
// Everything from the server is shown with textContent or SVG attributes, never as HTML.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const MAX_NEIGHBOURS = 24;
// role -> [edge label, arrow points from the centre to the neighbour?]
const ROLES = {
  alias: ["same as", null],
  parent: ["is a", true],
  child: ["is a", false],
  component: ["part of", false],
  whole: ["part of", true],
  inherited: ["part of (inherited)", false],
};
// the relation of one step of a path, read "previous step -> relation -> concept"
const RELATION_TEXT = {
  self: "named",
  alias: "same as",
  parent: "is a",
  child: "has kind",
  component: "has part",
  whole: "part of",
  hop: "mentioned with",
  lexical: "shares words",
};
const VIA_TEXT = {
  self: "named in the question",
  alias: "an alias",
  parent: "a parent",
  child: "a child",
  component: "a component",
  whole: "a whole",
  hop: "a related concept",
  lexical: "word overlap",
};

function $(id) {
  return document.getElementById(id);
}

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function setStatus(id, text, isError) {
  const node = $(id);
  node.textContent = text || "";
  node.classList.toggle("error", Boolean(isError));
}

function short(text, limit) {
  const s = String(text);
  return s.length <= limit ? s : s.slice(0, limit - 1) + "\u2026";
}

function syncUrl() {
  const params = new URLSearchParams();
  const q = $("question").value.trim();
  const c = $("concept-name").value.trim();
  if (q) params.set("q", q);
  if (c) params.set("concept", c);
  const search = params.toString();
  history.replaceState(null, "", search ? "?" + search : location.pathname);
}

async function getJson(path, params) {
  const response = await fetch(path + "?" + new URLSearchParams(params).toString(), {
    headers: { Accept: "application/json" },
  });
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    throw new Error("the server sent an unreadable answer (HTTP " + response.status + ")");
  }
  if (!response.ok) throw new Error((data && data.error) || "HTTP " + response.status);
  return data;
}

// -- asking -------------------------------------------------------------------------------

async function ask(question) {
  $("answer").hidden = true;
  setStatus("ask-status", "Thinking\u2026");
  try {
    const data = await getJson("/ask", { question: question });
    renderAnswer(data);
    setStatus("ask-status", "");
  } catch (err) {
    setStatus("ask-status", "Could not answer: " + err.message, true);
  }
}

function renderAnswer(data) {
  $("answer-text").textContent = data.answer || "(no answer)";
  const supports = data.supports || [];
  const seconds = data.timings && data.timings.total;
  $("answer-meta").textContent =
    (data.mode === "llm" ? "Answered by the LLM" : "Answered offline (no LLM)") +
    " from " + supports.length + " cited sentence(s)" +
    (typeof seconds === "number" ? " in " + seconds.toFixed(2) + " s" : "") + ".";
  const list = $("supports");
  clear(list);
  for (const s of supports) {
    const item = el("li", null, "support");
    item.appendChild(el("q", s.text, "sentence"));
    const source = el("div", null, "source");
    source.appendChild(el("span", "\u2014 " + (s.title || "untitled document"), "title"));
    item.appendChild(source);
    item.appendChild(renderPath(s));
    list.appendChild(item);
  }
  if (!supports.length) list.appendChild(el("li", "No sentence supports this answer.", "none"));
  $("answer-empty").hidden = true;
  $("answer").hidden = false;
  // show the graph of the question's first concept beside the answer, unless one is shown
  const first = supports.find((s) => (s.path || []).length || s.concept);
  if (first && !$("concept-name").value.trim()) {
    const start = (first.path && first.path.length) ? first.path[0].concept : first.concept;
    showConcept(start, false, false);
  }
}

// How a cited sentence was reached: question concept -> alias / parent / ... -> concept.
function renderPath(s) {
  const steps = (s.path && s.path.length) ? s.path : [{ concept: s.concept, via: s.via }];
  const list = el("ol", null, "path");
  list.setAttribute("aria-label", "How this sentence was reached");
  steps.forEach((step, i) => {
    const item = el("li");
    if (i === 0) {
      item.appendChild(el("span", step.via === "self" ? "question concept" :
        (VIA_TEXT[step.via] || step.via), "step-start"));
    } else {
      item.appendChild(el("span", RELATION_TEXT[step.via] || step.via, "step-via " + step.via));
    }
    item.appendChild(conceptButton(step.concept));
    list.appendChild(item);
  });
  return list;
}

function conceptButton(name) {
  const link = el("button", name, "concept-link");
  link.type = "button";
  link.setAttribute("aria-label", "Show the concept " + name);
  link.addEventListener("click", () => showConcept(name, true, true));
  return link;
}

// -- concepts -----------------------------------------------------------------------------

async function showConcept(name, scroll, toGraph) {
  $("concept-name").value = name;
  syncUrl();
  if (toGraph) selectTab("graph");
  const box = $("concepts");
  clear(box);
  setStatus("concept-status", "Looking up \u201c" + short(name, 60) + "\u201d\u2026");
  try {
    const data = await getJson("/concept", { name: name });
    if (!data.concepts.length) {
      setStatus("concept-status", "No concept named \u201c" + short(name, 60) + "\u201d is known.");
      return;
    }
    setStatus("concept-status", "");
    data.concepts.forEach((view, index) => box.appendChild(renderConcept(view, index)));
    fitGraphs();
    if (scroll) $("concept-panel").scrollIntoView({ block: "start", behavior: "smooth" });
  } catch (err) {
    setStatus("concept-status", "Could not look it up: " + err.message, true);
  }
}

// -- tabs (narrow screens; on wide screens both panels show and the tabs are hidden) ------

function selectTab(name) {
  $("panels").dataset.tab = name;
  for (const [tab, value] of [["tab-answer", "answer"], ["tab-graph", "graph"]]) {
    const selected = value === name;
    $(tab).setAttribute("aria-selected", String(selected));
    $(tab).tabIndex = selected ? 0 : -1;
  }
  fitGraphs();
}

function neighbours(view) {
  const out = [];
  const seen = new Set();
  for (const [role, links] of Object.entries(view.links || {})) {
    for (const link of links) {
      const key = role + "\u0000" + link.concept;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ role: role, label: link.label, name: link.label, links: [link] });
    }
  }
  for (const [part, via] of view.inherited_parts || []) {
    const key = "inherited\u0000" + part;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ role: "inherited", label: part, name: part, via: via, links: [] });
  }
  return out;
}

function renderConcept(view, index) {
  const card = el("article", null, "concept");
  card.appendChild(el("h3", view.label));
  const facts = el("p", null, "meta");
  facts.textContent =
    "Mentioned by " + view.mentions + " sentence(s)" +
    (view.alt_labels.length ? "; written as " + view.alt_labels.join(", ") : "") + ".";
  card.appendChild(facts);
  const all = neighbours(view);
  card.appendChild(drawGraph(view, all.slice(0, MAX_NEIGHBOURS), index));
  if (all.length > MAX_NEIGHBOURS) {
    card.appendChild(el("p", "The drawing shows " + MAX_NEIGHBOURS + " of " + all.length +
      " related concepts; all are listed below.", "meta"));
  }
  card.appendChild(linkList(view));
  return card;
}

function drawGraph(view, items, index) {
  const width = 820;
  const height = 540;
  const cx = width / 2;
  const cy = height / 2;
  const radius = Math.min(cx, cy) - 70;
  const root = svg("svg", {
    viewBox: "0 0 " + width + " " + height,
    width: "100%",
    class: "graph",
    role: "img",
    "aria-label": "Concept graph of " + view.label + " with " + items.length + " related concepts",
  });
  root.dataset.frame = [cx - 200, cy - 150, 400, 300].join(" ");  // the least it shows
  const defs = svg("defs");
  const markerId = "arrow-" + index;
  const marker = svg("marker", {
    id: markerId, viewBox: "0 0 10 10", refX: 9, refY: 5,
    markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse",
  });
  marker.appendChild(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
  defs.appendChild(marker);
  root.appendChild(defs);
  const edges = svg("g", { class: "edges" });
  const nodes = svg("g", { class: "nodes" });
  root.appendChild(edges);
  root.appendChild(nodes);

  items.forEach((item, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(items.length, 1);
    const x = cx + radius * Math.cos(angle);
    const y = cy + radius * Math.sin(angle);
    const [label, outward] = ROLES[item.role] || [item.role, null];
    const dx = x - cx;
    const dy = y - cy;
    const length = Math.hypot(dx, dy) || 1;
    const x1 = cx + (dx * 46) / length;
    const y1 = cy + (dy * 46) / length;
    const x2 = x - (dx * 32) / length;
    const y2 = y - (dy * 32) / length;
    const line = svg("line", { x1: x1, y1: y1, x2: x2, y2: y2, class: "edge " + item.role });
    if (outward === true) line.setAttribute("marker-end", "url(#" + markerId + ")");
    if (outward === false) line.setAttribute("marker-start", "url(#" + markerId + ")");
    edges.appendChild(line);
    const text = item.role === "inherited" ? label + " via " + item.via : label;
    edges.appendChild(svg("text", {
      x: cx + dx * 0.55, y: cy + dy * 0.55 - 4, class: "edge-label", "text-anchor": "middle",
    }, short(text, 32)));

    const group = svg("g", {
      class: "node " + item.role, tabindex: 0, role: "button",
      "aria-label": "Show the concept " + item.name,
    });
    group.appendChild(svg("title", {}, item.name));
    group.appendChild(svg("circle", { cx: x, cy: y, r: 30 }));
    group.appendChild(multiline(wrap(item.label, 18, 3), {
      x: x, y: y + 48, class: "node-label", "text-anchor": "middle",
    }));
    group.addEventListener("click", () => showConcept(item.name, false, true));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        showConcept(item.name, false, true);
      }
    });
    nodes.appendChild(group);
  });

  // the concept itself: its whole label, in a box fitted to it once drawn (fitGraph)
  const centre = svg("g", { class: "node centre" });
  centre.appendChild(svg("title", {}, view.iri));
  centre.appendChild(svg("rect", { x: cx - 46, y: cy - 20, width: 92, height: 40, rx: 12 }));
  centre.appendChild(multiline(wrap(view.label, 22, 0), {
    x: cx, y: cy + 5, class: "node-label centre-label", "text-anchor": "middle",
  }, true));
  nodes.appendChild(centre);
  if (!items.length) {
    nodes.appendChild(svg("text", {
      x: cx, y: cy + 80, class: "edge-label", "text-anchor": "middle",
    }, "no recorded relations"));
  }
  return root;
}

// Words of ``text`` in lines of about ``width`` characters; at most ``most`` lines (0: all),
// the last one ending in an ellipsis when words were left out.
function wrap(text, width, most) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + " " + word : word;
    }
  }
  if (line) lines.push(line);
  if (most && lines.length > most) {
    const kept = lines.slice(0, most);
    kept[most - 1] = short(kept[most - 1] + " \u2026", width + 2);
    return kept;
  }
  return lines.length ? lines : [""];
}

// An SVG text of several lines; ``centred``: the lines are centred on ``attrs.y``, else they
// hang below it.
function multiline(lines, attrs, centred) {
  const text = svg("text", attrs);
  lines.forEach((line, i) => {
    const first = centred ? -0.6 * (lines.length - 1) + "em" : 0;
    text.appendChild(svg("tspan", { x: attrs.x, dy: i === 0 ? first : "1.2em" }, line));
  });
  return text;
}

// Once a graph is laid out: fit the centre box to its label and the view box to everything
// drawn, so no label is cut at the edge. A hidden graph (the other tab) is fitted when shown.
function fitGraphs() {
  for (const root of document.querySelectorAll("svg.graph")) {
    if (root.getBoundingClientRect().width === 0) continue;
    const centre = root.querySelector(".node.centre");
    const label = centre.querySelector("text");
    const box = label.getBBox();
    const rect = centre.querySelector("rect");
    const padX = 14;
    const padY = 9;
    rect.setAttribute("x", box.x - padX);
    rect.setAttribute("y", box.y - padY);
    rect.setAttribute("width", box.width + 2 * padX);
    rect.setAttribute("height", box.height + 2 * padY);
    const all = root.querySelector("g.nodes").getBBox();
    const edges = root.querySelector("g.edges").getBBox();
    // everything drawn, and at least a frame around the centre (so a small neighbourhood is
    // not blown up); the page caps the height (style.css)
    const frame = root.dataset.frame.split(" ").map(Number);
    const x0 = Math.min(all.x - 8, edges.x - 8, frame[0]);
    const y0 = Math.min(all.y - 8, edges.y - 8, frame[1]);
    const x1 = Math.max(all.x + all.width + 8, edges.x + edges.width + 8, frame[0] + frame[2]);
    const y1 = Math.max(all.y + all.height + 8, edges.y + edges.height + 8, frame[1] + frame[3]);
    root.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].join(" "));
    root.dataset.fitted = "true";
  }
}

function linkList(view) {
  const details = el("details", null, "evidence");
  details.appendChild(el("summary", "Relations and their evidence"));
  const list = el("ul");
  for (const [role, links] of Object.entries(view.links || {})) {
    for (const link of links) {
      const item = el("li");
      item.appendChild(el("strong", role + ": "));
      item.appendChild(document.createTextNode(link.label + " (" + link.extractor +
        (link.verdict && link.verdict !== "unchecked" ? ", " + link.verdict : "") + ")"));
      if (link.text) item.appendChild(el("q", link.text, "sentence"));
      list.appendChild(item);
    }
  }
  for (const [part, via] of view.inherited_parts || []) {
    const item = el("li");
    item.appendChild(el("strong", "inherited component: "));
    item.appendChild(document.createTextNode(part + " (via " + via + ")"));
    list.appendChild(item);
  }
  if (!list.firstChild) list.appendChild(el("li", "No recorded relations."));
  details.appendChild(list);
  return details;
}

// -- wiring -------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  $("ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const question = $("question").value.trim();
    if (!question) return;
    syncUrl();
    ask(question);
  });
  $("concept-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("concept-name").value.trim();
    if (name) showConcept(name, false, false);
  });
  $("tab-answer").addEventListener("click", () => selectTab("answer"));
  $("tab-graph").addEventListener("click", () => selectTab("graph"));
  $("tabs").addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next = $("panels").dataset.tab === "answer" ? "graph" : "answer";
    selectTab(next);
    $(next === "answer" ? "tab-answer" : "tab-graph").focus();
  });
  const params = new URLSearchParams(location.search);
  const q = params.get("q");
  const c = params.get("concept");
  if (q) {
    $("question").value = q;
    ask(q);
  }
  if (c) showConcept(c, false, !q);
});
