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
    source.appendChild(document.createTextNode(" \u00b7 found through "));
    const link = el("button", s.concept, "concept-link");
    link.type = "button";
    link.setAttribute("aria-label", "Show the concept " + s.concept);
    link.addEventListener("click", () => showConcept(s.concept, true));
    source.appendChild(link);
    source.appendChild(el("span", " (" + (VIA_TEXT[s.via] || s.via) + ")", "via"));
    item.appendChild(source);
    list.appendChild(item);
  }
  if (!supports.length) list.appendChild(el("li", "No sentence supports this answer.", "none"));
  $("answer").hidden = false;
}

// -- concepts -----------------------------------------------------------------------------

async function showConcept(name, scroll) {
  $("concept-name").value = name;
  syncUrl();
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
    if (scroll) box.scrollIntoView({ block: "start", behavior: "smooth" });
  } catch (err) {
    setStatus("concept-status", "Could not look it up: " + err.message, true);
  }
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
    group.appendChild(svg("text", {
      x: x, y: y + 48, class: "node-label", "text-anchor": "middle",
    }, short(item.label, 26)));
    group.addEventListener("click", () => showConcept(item.name, false));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        showConcept(item.name, false);
      }
    });
    nodes.appendChild(group);
  });

  const centre = svg("g", { class: "node centre" });
  centre.appendChild(svg("title", {}, view.iri));
  centre.appendChild(svg("circle", { cx: cx, cy: cy, r: 46 }));
  centre.appendChild(svg("text", {
    x: cx, y: cy + 5, class: "node-label centre-label", "text-anchor": "middle",
  }, short(view.label, 18)));
  nodes.appendChild(centre);
  if (!items.length) {
    nodes.appendChild(svg("text", {
      x: cx, y: cy + 80, class: "edge-label", "text-anchor": "middle",
    }, "no recorded relations"));
  }
  return root;
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
    if (name) showConcept(name, false);
  });
  const params = new URLSearchParams(location.search);
  const q = params.get("q");
  const c = params.get("concept");
  if (q) {
    $("question").value = q;
    ask(q);
  }
  if (c) showConcept(c, false);
});
