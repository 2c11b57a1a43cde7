/* xuanheng web page — plain JavaScript, no build step, no external resources.
 * Every user-written text is put into the page with textContent (never innerHTML); the only markup inserted
 * is the chart SVG produced (and XML-escaped) by the server.
 */
"use strict";

const COMMON = ["at", "now", "tz", "fold", "lon", "lat", "true_solar", "lang", "topic"];
const LANGS = ["ko", "zh-Hant", "zh-Hans", "en"];
const S = {
  lang: "zh-Hant",
  labels: {},
  methods: {},
  order: [],
  doc: null,
  svg: "",
  params: null,
  method: null,
  caseId: null,
  caseData: null,
  pendingSeed: null,   // seed of a random draw read from a permalink, used by the next cast only
  expectDrawn: null,   // the drawn result the permalink recorded (checked against the replay)
};

const $ = (id) => document.getElementById(id);
const L = (key, fallback) => S.labels[key] || fallback || key;
/* a method's name in the page's language: its own labels (from /api/methods), else the catalogue */
const ML = (name) => ((S.methods[name] || {}).label || {})[S.lang] || L(`method.${name}`, name);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function api(path, opts) {
  const o = Object.assign({ headers: {} }, opts || {});
  if (o.json !== undefined) {
    o.body = JSON.stringify(o.json);
    o.headers["Content-Type"] = "application/json";
    delete o.json;
  }
  o.credentials = "same-origin";
  const r = await fetch(path, o);
  const type = r.headers.get("content-type") || "";
  let body = null;
  if (r.status !== 204) body = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) {
    const msg = body && body.error ? body.error.message : `HTTP ${r.status}`;
    const err = new Error(msg);
    err.status = r.status;
    err.field = body && body.error ? body.error.field : null;
    throw err;
  }
  return body;
}

/* ---------------------------------------------------------------- i18n */
async function setLang(lang, recast) {
  if (!LANGS.includes(lang)) lang = "zh-Hant";
  S.lang = lang;
  try { localStorage.setItem("xh-lang", lang); } catch (e) { /* private mode */ }
  $("lang").value = lang;
  const data = await api(`/api/i18n/${encodeURIComponent(lang)}`);
  S.labels = data.labels;
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((n) => {
    const v = S.labels[n.dataset.i18n];
    if (v) n.textContent = v;
  });
  document.title = L("app.title");
  fillMethodSelect();
  if (S.method && S.methods[S.method]) {   // re-label the generated fields, keeping their values
    const keep = S.method ? collectFields() : {};
    buildMethodFields();
    applyParams(keep);
  }
  if (recast && S.params && S.method) await castNow(false);
  if (recast && S.caseId && !$("journal-view").hidden) await openCase(S.caseId);
  if (recast && !$("stats-view").hidden) await loadStats();
}

/* --------------------------------------------------------- method form */
function fillMethodSelect() {
  const sel = $("method");
  const keep = sel.value || S.method || S.order[0];
  sel.textContent = "";
  const sm = $("s-method");
  const keepS = sm.value;
  sm.textContent = "";
  sm.append(el("option", { value: "" }, ""));
  for (const name of S.order) {
    sel.append(el("option", { value: name }, ML(name)));
    sm.append(el("option", { value: name }, ML(name)));
  }
  if (keep) sel.value = keep;
  sm.value = keepS;
}

function fieldInput(name, prop, required) {
  const id = `f-${name}`;
  const hint = (S.methods[S.method].form || {})[name] || {};
  let input;
  const choices = hint.choices || prop.enum || (prop.anyOf || []).flatMap((a) => a.enum || []);
  // without a page label, the label the parameter declares (its params.toml, carried by the schema)
  const own = (prop.label && prop.label[S.lang]) || name;
  const ownChoice = (c) => (prop.choice_labels && prop.choice_labels[c] && prop.choice_labels[c][S.lang]) || c;
  if (prop.type === "boolean") {
    input = el("input", { id, name, type: "checkbox" });
    input.checked = !!prop.default;
    return el("label", { class: "check", title: prop.description || "" }, input, " ", L(hint.label || `field.${name}`, own),
      prop.default !== undefined ? el("span", { class: "default" }, ` (${L("form.default")}: ${prop.default})`) : null);
  }
  if (choices && choices.length) {
    input = el("select", { id, name, required: required || null });
    const noDefault = prop.default === undefined || prop.default === null;
    if (noDefault) input.append(el("option", { value: "" }, required ? "—" : ""));
    const names = hint.choice_labels || {};
    for (const c of choices) {
      const mark = c === prop.default ? ` ★` : "";
      input.append(el("option", { value: c }, `${names[c] ? L(names[c], c) : ownChoice(c)}${mark}`));
    }
    if (prop.default !== undefined && prop.default !== null) input.value = prop.default;
  } else {
    const isNum = prop.type === "integer" || prop.type === "number" ||
      (prop.anyOf || []).some((a) => a.type === "integer" || a.type === "number");
    input = el("input", { id, name, type: isNum ? "number" : "text", maxlength: prop.maxLength || 200,
      size: 10, required: required || null });
    if (prop.default !== undefined && prop.default !== null) input.value = prop.default;
  }
  const caption = L(hint.label || `field.${name}`, own);
  const def = prop.default !== undefined && prop.default !== null
    ? el("span", { class: "default" }, `${L("form.default")}: ${prop.default}`) : null;
  const lab = el("label", { title: prop.description || "" }, el("span", {}, caption), input, def);
  return lab;
}

function buildMethodFields() {
  const m = S.methods[S.method];
  const box = $("method-fields");
  const opts = $("option-fields");
  box.textContent = "";
  opts.textContent = "";
  if (!m) return;
  const props = m.schema.properties || {};
  const required = new Set(m.schema.required || []);
  const form = m.form || {};
  const hidden = new Set(form.hidden || []);
  const study = new Set(form.study || []);
  let studyBox = null;
  if (study.size) {
    studyBox = el("div", { class: "row" });
    box.append(el("details", { id: "study-box", class: "grow" }, el("summary", {}, L("form.study")), studyBox));
  }
  for (const [name, prop] of Object.entries(props)) {
    if (COMMON.includes(name) || hidden.has(name)) continue;
    const isOption = (m.options || []).includes(name) || prop.option;
    const target = isOption ? opts : study.has(name) ? studyBox : box;
    target.append(fieldInput(name, prop, required.has(name)));
  }
  $("options-box").hidden = !opts.children.length;
  const topics = (m.form && m.form.topics) || [];
  const tl = $("topic-list");
  tl.textContent = "";
  for (const t of topics) tl.append(el("option", { value: t }));
  notifyPlugins("xh:fields");
}

/* Hook for page plug-ins of a method (e.g. /static/liuyao_throws.js, the 六爻 coin throws): they listen to
 * "xh:fields" (the method's form was built) and "xh:params" (values were put into it). */
function notifyPlugins(name) {
  document.dispatchEvent(new CustomEvent(name, { detail: { method: S.method, meta: S.methods[S.method],
    box: $("method-fields"), lang: S.lang, label: L } }));
}

/* A field whose value can be drawn at random by the server (金口訣 地分 = "random"): the form hint says
 * which choice draws and which hidden parameter carries the seed that replays the draw. With several
 * (六爻 coins / yarrow, switches whose choice is true), the one whose value in *values* asks for the draw;
 * the hint may name where the chart shows what was drawn (drawn: "cast.values") and its label. */
function randomField(method, values) {
  const m = S.methods[method || S.method];
  let first = null;
  for (const [name, hint] of Object.entries((m && m.form) || {})) {
    if (!(hint && typeof hint === "object" && hint.random)) continue;
    const rf = { name, choice: hint.random.choice, seed: hint.random.seed, drawn: hint.random.drawn, label: hint.random.label };
    if (values && asksDraw(rf, values[name])) return rf;
    first = first || rf;
  }
  return first;
}
function asksDraw(rf, value) { return value !== undefined && value !== null && String(value) === String(rf.choice); }
/* What a random field drew, as the chart document shows it (default: its inputs[name]). */
function drawnOf(rf, doc) {
  let v = doc;
  for (const k of rf.drawn ? rf.drawn.split(".") : ["inputs", rf.name]) v = v && typeof v === "object" ? v[k] : undefined;
  return v === undefined || v === null ? null : String(v);
}

function pad(n) { return String(n).padStart(2, "0"); }
function nowLocal() {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function collectFields() {
  const out = {};
  document.querySelectorAll("#method-fields [id^='f-'], #option-fields [id^='f-']").forEach((n) => {
    out[n.id.slice(2)] = n.type === "checkbox" ? n.checked : n.value;
  });
  return out;
}

function gatherParams() {
  const m = S.methods[S.method];
  const p = {};
  const props = m.schema.properties || {};
  // the shared instant and place fields, only for a method that takes them
  if ("at" in props) p.at = $("at").value;
  if ("tz" in props && $("tz").value.trim()) p.tz = $("tz").value.trim();
  if ("lon" in props && $("lon").value !== "") p.lon = Number($("lon").value);
  if ("lat" in props && $("lat").value !== "") p.lat = Number($("lat").value);
  if ("true_solar" in props && $("true_solar").checked) p.true_solar = true;
  if ("topic" in props && $("topic").value.trim()) p.topic = $("topic").value.trim();
  for (const [name, prop] of Object.entries(props)) {
    if (COMMON.includes(name)) continue;
    const input = $(`f-${name}`);
    if (!input) continue;
    if (input.type === "checkbox") {
      if (input.checked !== !!prop.default) p[name] = input.checked;
    } else if (input.value !== "" && String(input.value) !== String(prop.default)) {
      p[name] = input.type === "number" ? Number(input.value) : input.value;
    }
  }
  const rf = randomField(S.method, p);
  if (rf && asksDraw(rf, p[rf.name]) && S.pendingSeed !== null) p[rf.seed] = S.pendingSeed;
  p.lang = S.lang;
  return p;
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  return q.toString();
}

function applyParams(params) {
  if (params.at) $("at").value = params.at.slice(0, 19);
  if (params.tz) $("tz").value = params.tz;
  $("lon").value = params.lon !== undefined ? params.lon : "";
  $("lat").value = params.lat !== undefined ? params.lat : "";
  $("true_solar").checked = params.true_solar === true || params.true_solar === "true";
  if (params.topic) $("topic").value = params.topic;
  const rf = randomField(S.method, params);
  if (rf) {
    S.pendingSeed = params[rf.seed] !== undefined && params[rf.seed] !== "" ? String(params[rf.seed]) : null;
    S.expectDrawn = params.drawn || null;
  }
  for (const [k, v] of Object.entries(params)) {
    const input = $(`f-${k}`);
    if (!input) continue;
    if (input.type === "checkbox") input.checked = v === true || v === "true";
    else input.value = v;
  }
  notifyPlugins("xh:params");
}

/* ---------------------------------------------------------------- cast */
function insertSvg(container, svgText) {
  container.textContent = "";
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = doc.documentElement;
  if (root && root.nodeName === "svg") container.append(document.importNode(root, true));
}

async function castNow(pushUrl) {
  $("cast-error").textContent = "";
  const params = pushUrl === false && S.params ? Object.assign({}, S.params, { lang: S.lang }) : gatherParams();
  const method = S.method;
  const q = query(params);
  try {
    // one cast: the JSON, then the server draws that same document (no second cast on another worker)
    const doc = await api(`/api/${method}?${q}`);
    const drawn = noteDraw(method, params, doc);
    const svg = await api(`/api/${method}/render?lang=${encodeURIComponent(S.lang)}`, { method: "POST", json: doc });
    S.doc = doc;
    S.svg = svg;
    S.params = params;
    insertSvg($("chart"), svg);
    renderReading($("reading"), doc.reading || []);
    const warn = $("warnings");
    warn.textContent = "";
    for (const w of doc.warnings || (doc.chart && doc.chart.warnings) || []) warn.append(el("li", {}, w));
    if (drawn && S.expectDrawn && S.expectDrawn !== drawn) {
      warn.append(el("li", { class: "drawn-mismatch" }, `${L("chart.drawn_mismatch")}: ${S.expectDrawn} → ${drawn}`));
    }
    S.expectDrawn = null;
    // a random draw: the link carries the seed (in params) and the drawn result, so it opens the same chart
    const link = `${location.pathname}?${query(Object.assign({ method }, params, drawn ? { drawn } : {}))}#cast`;
    $("permalink").href = link;
    if (pushUrl !== false) history.replaceState(null, "", link);
    $("result").hidden = false;
    $("save-status").textContent = "";
  } catch (e) {
    $("cast-error").textContent = `${L("error.title")}: ${e.message}`;
  }
}

/* After a cast with a random field: put the seed the chart recorded into *params* (so the permalink, a
 * language switch and the journal replay the same draw), show the drawn value and seed, and return the
 * drawn value (null when nothing was drawn). */
function noteDraw(method, params, doc) {
  const info = $("draw-info");
  const rf = randomField(method, params);
  const inputs = (doc && doc.inputs) || {};
  S.pendingSeed = null;
  if (!rf || !asksDraw(rf, params[rf.name]) || inputs.seed === undefined || inputs.seed === null) {
    info.hidden = true;
    info.textContent = "";
    return null;
  }
  // a seed the user gave is kept as written (JSON numbers above 2^53 would lose digits)
  if (params[rf.seed] === undefined || params[rf.seed] === null || params[rf.seed] === "") params[rf.seed] = String(inputs.seed);
  const drawn = drawnOf(rf, doc);
  info.textContent = "";
  info.append(el("span", {}, `${L(rf.label || "chart.difen_drawn")}: `), el("b", { id: "draw-value" }, drawn),
    el("span", {}, ` · ${L("chart.seed")}: `), el("code", { id: "draw-seed" }, params[rf.seed]));
  info.dataset.drawn = drawn;
  info.dataset.seed = params[rf.seed];
  info.hidden = false;
  return drawn;
}

function renderReading(box, rules) {
  box.textContent = "";
  if (!rules.length) {
    box.append(el("p", { class: "muted" }, L("chart.no_rules")));
    return;
  }
  // each rule once, under its first (main) topic; its other topics are shown as tags
  const groups = new Map();
  for (const r of rules) {
    const t = r.topics && r.topics.length ? r.topics[0] : "—";
    if (!groups.has(t)) groups.set(t, []);
    groups.get(t).push(r);
  }
  for (const [topic, list] of groups) {
    const g = el("div", { class: "topic-group" }, el("h3", {}, topic));
    for (const r of list) {
      const facts = Object.entries(r.facts || {}).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
      const src = el("div", { class: "src" }, `${L("chart.source")}: `);
      for (const s of r.src || []) {
        src.append(el("a", { href: `/api/sources/${encodeURIComponent(s)}?lang=${encodeURIComponent(S.lang)}`,
          target: "_blank", rel: "noopener", class: "src-link" }, s));
      }
      g.append(el("div", { class: "rule", "data-rule": r.id },
        r.title ? el("div", { class: "title" }, r.title) : null,
        el("div", { class: "text" }, r.text || ""),
        r.topics && r.topics.length > 1 ? el("div", { class: "tags" }, r.topics.slice(1).join(" · ")) : null,
        facts.length ? el("div", { class: "facts" }, `${L("chart.facts")}: ${facts.join(" · ")}`) : null,
        src));
    }
    box.append(g);
  }
}

/* -------------------------------------------------------------- export */
function download(name, blob) {
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
function stamp() { return `${S.method}-${(S.params && S.params.at || "").replace(/[^0-9]/g, "").slice(0, 12)}`; }

function exportPng() {
  if (!S.svg) return;
  const url = URL.createObjectURL(new Blob([S.svg], { type: "image/svg+xml" }));
  const img = new Image();
  img.onload = () => {
    const scale = 2;
    const c = document.createElement("canvas");
    c.width = img.naturalWidth * scale;
    c.height = img.naturalHeight * scale;
    const ctx = c.getContext("2d");
    ctx.fillStyle = "#fffdf7";
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.drawImage(img, 0, 0, c.width, c.height);
    URL.revokeObjectURL(url);
    c.toBlob((b) => download(`${stamp()}.png`, b), "image/png");
  };
  img.src = url;
}

/* ------------------------------------------------------------- journal */
function splitTags(s) { return s.split(/[,，、]/).map((t) => t.trim()).filter(Boolean); }

async function saveCase(ev) {
  ev.preventDefault();
  if (!S.params) return;
  const inputs = Object.assign({}, S.params);
  try {
    const c = await api("/api/journal/cases", { method: "POST", json: {
      method: S.method, inputs, question: $("question").value, topic: $("topic").value,
      tags: splitTags($("save-tags").value), notes: $("save-notes").value } });
    $("save-status").textContent = `${L("journal.saved")} (${c.id.slice(0, 8)})`;
    $("save-status").dataset.caseId = c.id;
  } catch (e) {
    $("save-status").textContent = `${L("error.title")}: ${e.message}`;
  }
}

function localDate(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const OUTCOME_KEY = { "應驗": "outcome.yingyan", "不驗": "outcome.buyan", "部分": "outcome.bufen" };

async function loadCases(ev) {
  if (ev) ev.preventDefault();
  const q = {};
  if ($("s-text").value.trim()) q.text = $("s-text").value.trim();
  if ($("s-method").value) q.method = $("s-method").value;
  if ($("s-tag").value.trim()) q.tag = $("s-tag").value.trim();
  const off = -new Date().getTimezoneOffset();
  const tzs = `${off >= 0 ? "+" : "-"}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  if ($("s-since").value) q.since = `${$("s-since").value}T00:00:00${tzs}`;
  if ($("s-until").value) {
    const u = new Date(`${$("s-until").value}T00:00:00`);
    u.setDate(u.getDate() + 1);
    q.until = `${u.getFullYear()}-${pad(u.getMonth() + 1)}-${pad(u.getDate())}T00:00:00${tzs}`;
  }
  q.limit = 200;
  const body = $("case-rows");
  body.textContent = "";
  let page;
  try {
    page = await api(`/api/journal/cases?${query(q)}`);
  } catch (e) {
    if (e.status === 401) return showLogin();
    body.append(el("tr", {}, el("td", { colspan: 7, class: "error" }, e.message)));
    return;
  }
  $("case-empty").hidden = page.items.length > 0;
  for (const c of page.items) {
    const oc = c.outcome ? L(OUTCOME_KEY[c.outcome.result], c.outcome.result) : L("outcome.none");
    body.append(el("tr", { "data-case": c.id, onclick: () => openCase(c.id) },
      el("td", {}, localDate(c.created_at)),
      el("td", {}, ML(c.method)),
      el("td", { class: "q" }, c.question),
      el("td", {}, c.topic),
      el("td", {}, c.tags.join(", ")),
      el("td", { class: "oc" }, oc),
      el("td", {}, el("button", { type: "button", class: "open-btn" }, L("journal.open")))));
  }
}

async function openCase(id) {
  const c = await api(`/api/journal/cases/${encodeURIComponent(id)}`);
  S.caseId = id;
  S.caseData = c;
  const svg = await api(`/api/journal/cases/${encodeURIComponent(id)}/svg?lang=${encodeURIComponent(S.lang)}`);
  insertSvg($("case-chart"), svg);
  $("e-question").value = c.question;
  $("e-topic").value = c.topic;
  $("e-tags").value = c.tags.join(", ");
  $("e-notes").value = c.notes;
  if (c.outcome) { $("o-result").value = c.outcome.result; $("o-note").value = c.outcome.note; }
  else { $("o-note").value = ""; }
  const t = $("case-text");
  t.textContent = "";
  t.append(el("p", { class: "q" }, c.question), el("p", { class: "notes" }, c.notes));
  if (c.outcome) t.append(el("p", { class: "outcome" }, `${L(OUTCOME_KEY[c.outcome.result], c.outcome.result)} — ${c.outcome.note}`));
  renderReading($("case-reading"), (c.chart && c.chart.reading) || []);
  $("outcome-status").textContent = "";
  $("case-detail").hidden = false;
}

async function updateCase(ev) {
  ev.preventDefault();
  await api(`/api/journal/cases/${encodeURIComponent(S.caseId)}`, { method: "PATCH", json: {
    question: $("e-question").value, topic: $("e-topic").value, tags: splitTags($("e-tags").value),
    notes: $("e-notes").value } });
  await loadCases();
  await openCase(S.caseId);
}

async function deleteCase() {
  if (!window.confirm(L("journal.confirm_delete"))) return;
  await api(`/api/journal/cases/${encodeURIComponent(S.caseId)}`, { method: "DELETE" });
  S.caseId = null;
  $("case-detail").hidden = true;
  await loadCases();
}

async function recordOutcome(ev) {
  ev.preventDefault();
  await api(`/api/journal/cases/${encodeURIComponent(S.caseId)}/outcome`, { method: "PUT",
    json: { result: $("o-result").value, note: $("o-note").value } });
  $("outcome-status").textContent = L("journal.saved");
  await loadCases();
  await openCase(S.caseId);
  $("outcome-status").textContent = L("journal.saved");
}

function openCaseAsCast() {
  const c = S.caseData;
  if (!c) return;
  const rf = randomField(c.method, c.inputs);
  const got = rf && asksDraw(rf, c.inputs[rf.name]) ? drawnOf(rf, c.chart) : null;
  const drawn = got ? { drawn: got } : {};
  location.href = `/?${query(Object.assign({ method: c.method }, c.inputs, drawn, { lang: S.lang }))}#cast`;
}

async function importJournal(ev) {
  const f = ev.target.files[0];
  if (!f) return;
  try {
    const data = JSON.parse(await f.text());
    const r = await api("/api/journal/import?on_conflict=skip", { method: "POST", json: data });
    alert(`${L("journal.import")}: ${r.imported}`);
    await loadCases();
  } catch (e) {
    alert(`${L("error.title")}: ${e.message}`);
  }
  ev.target.value = "";
}

/* --------------------------------------------------------- statistics */
function pct(x) { return x === null || x === undefined ? "—" : `${Math.round(x * 100)}%`; }
function statsKey(k, linkRules) {
  const m = linkRules ? /^(\d{3}-\d{3})/.exec(k) : null;
  if (!m) return L(`method.${k}`, k);
  return el("a", { href: `/api/sources/${encodeURIComponent(m[1])}?lang=${encodeURIComponent(S.lang)}`,
    target: "_blank", rel: "noopener" }, k);
}

function statsTable(table, title, section, linkRules) {
  table.textContent = "";
  table.append(el("tr", {}, el("th", {}, title), el("th", {}, L("outcome.yingyan")), el("th", {}, L("outcome.buyan")),
    el("th", {}, L("outcome.bufen")), el("th", {}, L("outcome.none")), el("th", {}, L("stats.total")),
    el("th", {}, L("stats.rate"))));
  const rows = Object.entries(section || {}).sort((a, b) => (b[1].judged - a[1].judged) || (b[1].total - a[1].total));
  for (const [k, t] of rows) {
    table.append(el("tr", { "data-key": k }, el("td", {}, statsKey(k, linkRules)), el("td", { class: "n-ying" }, t.ying_yan),
      el("td", {}, t.bu_yan), el("td", {}, t.bu_fen), el("td", {}, t.pending), el("td", {}, t.total),
      el("td", {}, pct(t.rate))));
  }
}
async function loadStats() {
  let s;
  try { s = await api("/api/journal/statistics"); } catch (e) { if (e.status === 401) return showLogin(); throw e; }
  statsTable($("stats-method"), L("form.method"), s.by_method);
  const keys = Object.assign({}, s.by_ke_ti || {}, s.by_yong_yao || {});
  statsTable($("stats-key"), `${L("chart.ke_ti")} / ${L("chart.yong")}`, keys);
  statsTable($("stats-rule"), L("stats.per_rule"), s.by_rule, true);
}

/* ------------------------------------------------------- cities, login */
let citySel = -1;
async function searchCity() {
  const q = $("city").value.trim();
  const ul = $("city-results");
  ul.textContent = "";
  if (!q) { ul.hidden = true; return; }
  const r = await api(`/api/cities?q=${encodeURIComponent(q)}&limit=8`);
  for (const c of r.cities) {
    const name = S.lang === "ko" ? c.ko : S.lang === "en" ? c.en : S.lang === "zh-Hans" ? c.zh_hans : c.zh;
    ul.append(el("li", { "data-lon": c.lon, onclick: () => pickCity(c, name) }, `${name} (${c.lon}, ${c.lat}) ${c.tz}`));
  }
  citySel = -1;
  ul.hidden = !r.cities.length;
}
function pickCity(c, name) {
  $("lon").value = c.lon;
  $("lat").value = c.lat;
  $("tz").value = c.tz;
  $("city").value = name;
  $("city-results").hidden = true;
}

function showLogin() {
  for (const v of document.querySelectorAll(".view")) v.hidden = true;
  $("login-view").hidden = false;
}
async function login(ev) {
  ev.preventDefault();
  try {
    await api("/api/login", { method: "POST", json: { name: $("login-name").value, password: $("login-password").value } });
    $("login-error").textContent = "";
    await whoami();
    route();
  } catch (e) {
    $("login-error").textContent = e.message;
  }
}
async function whoami() {
  try {
    const me = await api("/api/me");
    $("user-box").hidden = !me.multi_user;
    $("user-name").textContent = me.user.name;
    return true;
  } catch (e) {
    if (e.status === 401) return false;
    return true;
  }
}

/* -------------------------------------------------------------- routing */
async function route() {
  const view = (location.hash || "#cast").slice(1);
  if (view !== "cast" && !(await whoami())) return showLogin();
  for (const v of document.querySelectorAll(".view")) v.hidden = true;
  for (const a of document.querySelectorAll("header nav a")) a.classList.toggle("active", a.id === `nav-${view}`);
  if (view === "journal") { $("journal-view").hidden = false; await loadCases(); }
  else if (view === "stats") { $("stats-view").hidden = false; await loadStats(); }
  else $("cast-view").hidden = false;
}

async function init() {
  const url = new URLSearchParams(location.search);
  let lang = url.get("lang");
  if (!lang) { try { lang = localStorage.getItem("xh-lang"); } catch (e) { lang = null; } }
  const meta = await api("/api/methods");
  for (const m of meta.methods) { S.methods[m.name] = m; S.order.push(m.name); }
  await setLang(lang || "zh-Hant", false);
  S.method = url.get("method") && S.methods[url.get("method")] ? url.get("method") : S.order[0];
  $("method").value = S.method;
  buildMethodFields();
  $("at").value = nowLocal();
  $("tz").value = Intl.DateTimeFormat().resolvedOptions().timeZone || "Asia/Shanghai";

  $("method").addEventListener("change", () => { S.method = $("method").value; buildMethodFields(); });
  $("now-btn").addEventListener("click", () => { $("at").value = nowLocal(); });
  $("cast-form").addEventListener("submit", (ev) => { ev.preventDefault(); castNow(true); });
  $("lang").addEventListener("change", () => setLang($("lang").value, true));
  $("export-svg").addEventListener("click", () => download(`${stamp()}.svg`, new Blob([S.svg], { type: "image/svg+xml" })));
  $("export-json").addEventListener("click", () => download(`${stamp()}.json`,
    new Blob([JSON.stringify(S.doc, null, 2)], { type: "application/json" })));
  $("export-png").addEventListener("click", exportPng);
  $("save-form").addEventListener("submit", saveCase);
  $("search-form").addEventListener("submit", loadCases);
  $("edit-form").addEventListener("submit", updateCase);
  $("delete-btn").addEventListener("click", deleteCase);
  $("open-cast-btn").addEventListener("click", openCaseAsCast);
  $("outcome-form").addEventListener("submit", recordOutcome);
  $("import-file").addEventListener("change", importJournal);
  $("login-form").addEventListener("submit", login);
  $("logout-btn").addEventListener("click", async () => { await api("/api/logout", { method: "POST" }); showLogin(); });
  let timer = null;
  $("city").addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(searchCity, 150); });
  $("city").addEventListener("keydown", (ev) => {
    const items = [...$("city-results").children];
    if (!items.length) return;
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      citySel = (citySel + (ev.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      items.forEach((li, i) => li.classList.toggle("sel", i === citySel));
    } else if (ev.key === "Enter") {
      ev.preventDefault();
      items[Math.max(citySel, 0)].click();
    }
  });
  window.addEventListener("hashchange", route);
  await route();

  if (url.get("at")) {           // permalink: recreate the chart
    const params = {};
    for (const [k, v] of url.entries()) if (k !== "method") params[k] = v;
    applyParams(params);
    await castNow(false);
  }
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", () => { init().catch((e) => { $("cast-error").textContent = e.message; }); });
