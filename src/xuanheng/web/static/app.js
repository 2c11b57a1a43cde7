/* xuanheng web page — plain JavaScript, no build step, no external resources.
 * Every user-written text is put into the page with textContent (never innerHTML); the only markup inserted
 * is the chart SVG produced (and XML-escaped) by the server.
 *
 * The page knows no method by name: the form, the "one moment, every method" view and the journal are made
 * from /api/methods (each method's parameters with their labels, choices and sources in every language).
 * Words shown to a reader come from the label catalogue (/api/i18n/<lang>); messages and warnings from the
 * server in the page's language (Accept-Language is the page's language on every request).
 */
"use strict";

const COMMON = ["at", "now", "tz", "fold", "lon", "lat", "true_solar", "lang", "topic"];
const MOMENT = ["at", "tz", "fold", "lon", "lat", "true_solar"];
const LANGS = ["ko", "zh-Hant", "zh-Hans", "en"];
/* the smallest label of a chart on screen, in CSS pixels: a narrow screen scrolls the chart instead */
const MIN_LABEL_PX = 11;
/* a chart box narrower than this (CSS px) asks for the method's narrow drawing (its parts stacked), if any */
const NARROW_BELOW = 600;
const S = {
  lang: "zh-Hant",
  labels: {},
  topics: {},
  methods: {},
  order: [],
  doc: null,
  svg: "",
  params: null,
  method: null,
  caseId: null,
  caseData: null,
  fold: null,          // 0 or 1 once the reader chose a reading of a repeated or skipped wall time
  pendingSeed: null,   // seed of a random draw read from a permalink, used by the next cast only
  expectDrawn: null,   // the drawn result the permalink recorded (checked against the replay)
};

const $ = (id) => document.getElementById(id);
const L = (key, fallback) => S.labels[key] || (fallback === undefined ? key : fallback);
const zh = () => S.lang.startsWith("zh");
const SEP = () => (zh() ? "、" : ", ");
const paren = (s) => (zh() ? `（${s}）` : ` (${s})`);
/* a method's name in the page's language (main's name for methodLabel, used by page plug-ins too) */
const ML = (name) => methodLabel(name);

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
  o.headers["Accept-Language"] = S.lang;   // error messages come back in the page's language
  o.credentials = "same-origin";
  const r = await fetch(path, o);
  const type = r.headers.get("content-type") || "";
  let body = null;
  if (r.status !== 204) body = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) {
    const e = body && body.error ? body.error : {};
    const err = new Error(e.text || e.message || `HTTP ${r.status}`);
    err.status = r.status;
    err.field = e.field || null;
    err.code = e.code || null;
    err.params = e.params || {};
    throw err;
  }
  return body;
}

/* ---------------------------------------------------------------- i18n */
/* The page's language on a first visit: the first of the browser's languages the page speaks. */
function browserLang() {
  const tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || ""];
  for (const raw of tags) {
    const t = String(raw).toLowerCase();
    if (t.startsWith("ko")) return "ko";
    if (t.startsWith("en")) return "en";
    if (t.startsWith("zh")) {
      const parts = t.split("-").slice(1);
      return parts.includes("hans") || parts.some((p) => ["cn", "sg", "my"].includes(p)) ? "zh-Hans" : "zh-Hant";
    }
  }
  return null;
}

async function setLang(lang, recast, remember) {
  if (!LANGS.includes(lang)) lang = "zh-Hant";
  S.lang = lang;
  if (remember) { try { localStorage.setItem("xh-lang", lang); } catch (e) { /* private mode */ } }
  $("lang").value = lang;
  const data = await api(`/api/i18n/${encodeURIComponent(lang)}`);
  S.labels = data.labels;
  S.topics = data.topics || {};
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((n) => {
    const v = S.labels[n.dataset.i18n];
    if (v) n.textContent = v;
  });
  document.title = L("app.title");
  relabelAt();
  fillMethodSelect();
  if (S.method && S.methods[S.method]) {   // re-label the generated fields, keeping their values
    const keep = collectFields();
    buildMethodFields();
    applyParams(keep);
  }
  fillTopics();
  if (recast && S.params && S.method) await castNow(false);
  else if (recast && S.refused && S.method && !$("cast-view").hidden) await castNow(true);
  if (recast && S.caseId && !$("journal-view").hidden) await openCase(S.caseId);
  if (recast && !$("journal-view").hidden) await loadCases();
  if (recast && !$("stats-view").hidden) await loadStats();
  if (recast && !$("all-view").hidden && S.allDone) await castAll();
  if (recast && !$("source-view").hidden) await route();
}

function methodLabel(name) {
  const m = S.methods[name];
  return m ? (m.label[S.lang] || m.label["zh-Hant"] || name) : L(`method.${name}`, name);
}
function textIn(t) { return t ? (t[S.lang] || t["zh-Hant"] || t.en || "") : ""; }
function topicLabel(key) { return S.topics[key] || key; }

/* --------------------------------------------------------- method form */
function fillMethodSelect() {
  const sel = $("method");
  const keep = sel.value || S.method || S.order[0];
  sel.textContent = "";
  const sm = $("s-method");
  const keepS = sm.value;
  sm.textContent = "";
  sm.append(el("option", { value: "" }, L("form.topic_any")));
  for (const name of S.order) {
    sel.append(el("option", { value: name }, methodLabel(name)));
    sm.append(el("option", { value: name }, methodLabel(name)));
  }
  if (keep) sel.value = keep;
  sm.value = keepS;
}

function fillTopics() {
  const m = S.methods[S.method];
  const tl = $("topic-list");
  tl.textContent = "";
  for (const t of ((m && m.form && m.form.topics) || [])) tl.append(el("option", { value: t, label: topicLabel(t) }, topicLabel(t)));
}

function paramsOf(method) {
  const m = S.methods[method];
  return m ? (m.params || []) : [];
}
function paramOf(method, name) { return paramsOf(method).find((p) => p.name === name) || null; }

/* The text of a value of a parameter: its choice label in the page's language (never the code). */
function choiceText(p, value, hint) {
  const key = typeof value === "boolean" ? String(value) : value;
  const c = (p && p.choices || []).find((x) => String(x.value) === String(key));
  if (c) return textIn(c.label);
  const names = (hint && hint.choice_labels) || {};
  if (names[key]) return L(names[key], String(key));
  if (typeof value === "boolean") return value ? L("form.yes") : L("form.no");
  return String(value);
}

/* One input of a method: a select of labelled choices (the source on hover), a check box, or a text or
 * number field. *idp* prefixes the element id (the "one moment" cards have their own). */
function fieldInput(method, p, idp) {
  const name = p.name;
  const id = `${idp || "f-"}${name}`;
  const m = S.methods[method];
  const hint = ((m && m.form) || {})[name] || {};
  const caption = hint.label ? L(hint.label, textIn(p.label)) : textIn(p.label);
  const title = p.help_text ? textIn(p.help_text) : S.lang === "en" ? p.help || "" : "";
  const required = (m.schema.required || []).includes(name);
  let input;
  if (p.kind === "bool") {
    input = el("input", { id, name, type: "checkbox", "data-param": name });
    input.checked = !!p.default;
    return el("label", { class: "check", title }, input, " ", caption);
  }
  const values = hint.choices || (p.choices || []).map((c) => c.value);
  if (values.length) {
    input = el("select", { id, name, required: required || null, "data-param": name });
    const hasDefault = p.default !== undefined && p.default !== null;
    if (!hasDefault) input.append(el("option", { value: "" }, "—"));
    for (const v of values) {
      const c = (p.choices || []).find((x) => String(x.value) === String(v));
      const mark = hasDefault && String(v) === String(p.default) ? " ★" : "";
      input.append(el("option", { value: String(v), title: c && c.src ? c.src : null }, `${choiceText(p, v, hint)}${mark}`));
    }
    if (p.also === "branch") {   // a value given by hand: a fixed branch (the 月將 fixed by hand)
      const g = el("optgroup", { label: L("form.fixed_branch") });
      for (const b of "子丑寅卯辰巳午未申酉戌亥") g.append(el("option", { value: b }, b));
      input.append(g);
    }
    if (hasDefault) input.value = String(p.default);
    input.addEventListener("change", () => { showSource(input); updateOptionsSummary(); });
  } else {
    const isNum = p.kind === "int" || p.kind === "float";
    input = el("input", { id, name, type: isNum ? "number" : "text", maxlength: 200, size: 10,
      required: required || null, step: p.kind === "float" ? "any" : null, "data-param": name });
    if (p.default !== undefined && p.default !== null) input.value = p.default;
    // the method's example value shows what is expected (六爻's six lines 887868 …)
    const ex = ((S.methods[method] || {}).example || {})[p.name];
    if (ex !== undefined && ex !== null && !input.value) input.placeholder = String(ex);
  }
  const lab = el("label", { title }, el("span", {}, caption), input);
  if (hint.suggest && input.tagName === "INPUT") {   // names to pick from (the thing asked about: 馬 …)
    const dl = el("datalist", { id: `${id}-list` });
    for (const s of hint.suggest) dl.append(el("option", { value: s.value, label: textIn(s.label) }, textIn(s.label)));
    input.setAttribute("list", dl.id);
    lab.append(dl);
  }
  if (p.option && p.default !== undefined && p.default !== null) {
    lab.append(el("span", { class: "default" }, `${L("form.default")}: ${choiceText(p, p.default, hint)}`));
  }
  if (values.length && (p.choices || []).some((c) => c.src)) setTimeout(() => showSource(input), 0);
  return lab;
}

/* The source of the chosen value of a school option, on hover of the field (each choice has its own). */
function showSource(input) {
  const opt = input.options[input.selectedIndex];
  input.title = opt && opt.title ? opt.title : "";
}

function buildMethodFields() {
  const m = S.methods[S.method];
  const box = $("method-fields");
  const opts = $("option-fields");
  box.textContent = "";
  opts.textContent = "";
  $("question-fields").textContent = "";
  if (!m) return;
  const form = m.form || {};
  const hidden = new Set(form.hidden || []);
  let studyBox = null;
  if ((form.study || []).length) {
    studyBox = el("div", { class: "row" });
    box.append(el("details", { id: "study-box", class: "grow" }, el("summary", {}, L("form.study")), studyBox));
  }
  for (const p of paramsOf(S.method)) {
    if (COMMON.includes(p.name) || hidden.has(p.name)) continue;
    // a field the method shows with the question (六爻's about: whom it concerns) stands beside the topic
    const target = (form[p.name] || {}).with_question ? $("question-fields")
      : p.option ? opts : p.group === "study" ? studyBox || box : box;
    target.append(fieldInput(S.method, p));
  }
  $("options-box").hidden = !opts.children.length;
  $("reading-col").hidden = !m.has_reading;
  fillTopics();
  showTopicFields();
  updateOptionsSummary();
  markMode();
  notifyPlugins("xh:fields");
}

/* A field shown only for some topics (form hint `topics`: the thing asked about, for 失物 六畜 …) is hidden,
 * and not sent, while the topic field names another topic (by its key or its name in the page's language). */
function showTopicFields() {
  const m = S.methods[S.method];
  const typed = $("topic").value.trim().replace(/^占/, "");
  for (const [name, hint] of Object.entries((m && m.form) || {})) {
    if (!(hint && typeof hint === "object" && Array.isArray(hint.topics))) continue;
    const input = $(`f-${name}`);
    const lab = input && input.closest("label");
    if (!lab) continue;
    lab.hidden = !hint.topics.some((t) => t === typed || topicLabel(t) === typed);
    lab.dataset.offTopic = lab.hidden ? "1" : "";   // fieldValues leaves it out (not every hidden label)
  }
}

/* The options stay folded; their summary says how many differ from the defaults. */
function updateOptionsSummary() {
  const n = [...document.querySelectorAll("#option-fields [data-param]")].filter((inp) => {
    const p = paramOf(S.method, inp.dataset.param);
    if (!p) return false;
    const v = inp.type === "checkbox" ? inp.checked : inp.value;
    return String(v) !== String(p.default);
  }).length;
  $("options-changed").textContent = n ? ` · ${n} ${L("form.options_changed")}` : "";
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
/* The date-time field is text in the page's language (Chromium draws its own date-time input in the
 * browser's locale whatever the page's language or the lang attribute say): ko 2026년 3월 10일 21:00:00,
 * zh 2026年3月10日 21:00:00, en 2026-03-10 21:00:00. It reads any of them (and ISO 8601, full-width
 * digits): the numbers year month day hour minute [second] in that order. */
function atText(iso, lang) {
  const m = /^(\d{4,})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?/.exec(String(iso || ""));
  if (!m) return String(iso || "");
  const [, y, mo, d, h, mi, s] = m;
  const time = `${h}:${mi}${s && s !== "00" ? `:${s}` : ""}`;
  if (lang === "ko") return `${y}년 ${Number(mo)}월 ${Number(d)}일 ${time}`;
  if (lang === "zh-Hant" || lang === "zh-Hans") return `${y}年${Number(mo)}月${Number(d)}日 ${time}`;
  return `${y}-${mo}-${d} ${time}`;
}

function atIso(text) {
  const t = String(text || "").normalize("NFKC").trim();
  if (/[+-]\d\d:\d\d$|Z$/i.test(t)) return null;   // an offset: the server reads it as written
  const n = t.match(/\d+/g) || [];
  if (n.length < 5 || n.length > 6 || n[0].length < 4) return null;
  const [y, mo, d, h, mi, s] = n.map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || (s || 0) > 60) return null;
  return `${n[0]}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s || 0)}`;
}

function atValue() { const v = $("at").value; return atIso(v) || v.trim(); }

function setAt(iso) { $("at").value = atText(iso, S.lang); }

function relabelAt() {
  const at = $("at");
  at.lang = S.lang;
  at.placeholder = atText("2026-03-10T21:00", S.lang);
  // a field the reader is typing in is left alone: rewritten under the caret, what is typed next would be
  // appended to the new text (a language loaded while the date is being entered)
  const iso = atIso(at.value);
  if (iso && document.activeElement !== at) at.value = atText(iso, S.lang);
}

/* The wall clock now in *zone* (the form's zone: an IANA name or a UTC offset such as +08:00; the browser's
 * own clock when it is empty or unknown): a Seoul browser with zone Asia/Shanghai gets Shanghai's time. */
function nowLocal(zone) {
  const d = new Date();
  const z = String(zone || "").trim();
  const off = /^(?:UTC|GMT)?\s*([+-−])(\d{1,2})(?::?(\d{2}))?$/i.exec(z);
  if (off) {
    const mins = (off[1] === "+" ? 1 : -1) * (Number(off[2]) * 60 + Number(off[3] || 0));
    const t = new Date(d.getTime() + mins * 60000);
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
  }
  if (z) {
    try {
      const parts = {};
      for (const p of new Intl.DateTimeFormat("en-US", { timeZone: z, hourCycle: "h23", year: "numeric", month: "2-digit",
        day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(d)) parts[p.type] = p.value;
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
    } catch (e) { /* not a zone the browser knows: its own clock */ }
  }
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function collectFields() {
  const out = {};
  document.querySelectorAll("#method-fields [data-param], #option-fields [data-param]").forEach((n) => {
    out[n.dataset.param] = n.type === "checkbox" ? n.checked : n.value;
  });
  return out;
}

function momentParams(method) {
  const p = {};
  // the shared instant and place fields, only those *method* takes (all of them for "every method")
  const takes = (n) => !method || !!paramOf(method, n);
  if (takes("at")) p.at = atValue();
  if (takes("tz") && $("tz").value.trim()) p.tz = $("tz").value.trim();
  if (takes("lon") && $("lon").value !== "") p.lon = Number($("lon").value);
  if (takes("lat") && $("lat").value !== "") p.lat = Number($("lat").value);
  if (takes("true_solar") && $("true_solar").checked) p.true_solar = true;
  if (takes("fold") && S.fold !== null) p.fold = S.fold;
  return p;
}
/* The values of the inputs of *method* found under ids with prefix *idp*, those that differ from the
 * defaults. */
function fieldValues(method, idp) {
  const p = {};
  for (const prm of paramsOf(method)) {
    if (COMMON.includes(prm.name)) continue;
    const input = $(`${idp}${prm.name}`);
    if (!input) continue;
    const lab = input.closest("label");
    if (lab && lab.dataset.offTopic === "1") continue;   // a field the chosen topic does not take (showTopicFields)
    if (input.type === "checkbox") {
      if (input.checked !== !!prm.default) p[prm.name] = input.checked;
    } else if (input.value !== "" && String(input.value) !== String(prm.default)) {
      p[prm.name] = input.type === "number" ? Number(input.value) : input.value;
    }
  }
  return p;
}

function gatherParams() {
  const m = S.methods[S.method];
  const p = onlyMode(S.method, Object.assign(momentParams(S.method), fieldValues(S.method, "f-")));
  if (paramOf(S.method, "topic") && $("topic").value.trim()) p.topic = $("topic").value.trim();
  const rf = randomField(S.method, p);
  if (rf && asksDraw(rf, p[rf.name]) && S.pendingSeed !== null) p[rf.seed] = S.pendingSeed;
  if (!m) return p;
  p.lang = S.lang;
  return p;
}

/* The cast mode the form asks for, for a method whose parameters name the modes that use them (大六壬,
 * 六爻: instant / study), else null: a filled field of the study box chooses the mode those fields share
 * (study), else the instant's (the mode of "at"). */
function castMode(method, values) {
  const params = paramsOf(method);
  if (!params.some((p) => (p.modes || []).length)) return null;
  const study = (((S.methods[method] || {}).form || {}).study || []).filter((n) => values[n] !== undefined && values[n] !== "");
  if (study.length) {
    let modes = null;
    for (const n of study) {
      const own = (paramOf(method, n) || {}).modes || [];
      modes = modes === null ? own.slice() : modes.filter((x) => own.includes(x));
    }
    if (modes && modes.length) return modes[0];
  }
  const at = paramOf(method, "at");
  return (at && (at.modes || [])[0]) || null;
}

/* Dim the fields the form's mode does not use (in study mode the date, zone, place and calendar options):
 * they keep their values but are not sent (onlyMode). */
function markMode() {
  const mode = castMode(S.method, fieldValues(S.method, "f-"));
  const ids = { at: "at", tz: "tz", lon: "lon", lat: "lat", true_solar: "true_solar" };
  for (const p of paramsOf(S.method)) {
    const input = $(ids[p.name] || `f-${p.name}`);
    const label = input && input.closest("label");
    if (label) label.classList.toggle("unused", !!mode && (p.modes || []).length > 0 && !p.modes.includes(mode));
  }
}

/* *values* without the parameters the chosen mode does not use (the server refuses them: a study-mode
 * chart takes no date, zone or place). */
function onlyMode(method, values) {
  const mode = castMode(method, values);
  if (!mode) return values;
  for (const p of paramsOf(method)) {
    if ((p.modes || []).length && !p.modes.includes(mode)) delete values[p.name];
  }
  return values;
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  return q.toString();
}

function applyParams(params) {
  if (params.at) setAt(String(params.at).slice(0, 19));
  if (params.tz) $("tz").value = params.tz;
  if (params.lon !== undefined) $("lon").value = params.lon;
  if (params.lat !== undefined) $("lat").value = params.lat;
  if (params.true_solar !== undefined) $("true_solar").checked = params.true_solar === true || params.true_solar === "true";
  if (params.fold !== undefined && params.fold !== "") S.fold = Number(params.fold);
  if (params.topic) $("topic").value = params.topic;
  showTopicFields();
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
    if (input.tagName === "SELECT") showSource(input);
  }
  updateOptionsSummary();
  markMode();
  notifyPlugins("xh:params");
}

/* ---------------------------------------------------------------- cast */
/* "&layout=narrow" for a chart drawn into *box* when the box is narrow (a phone), else "" */
function layoutFor(box) {
  const w = (box && (box.clientWidth || (box.parentElement && box.parentElement.clientWidth))) || window.innerWidth;
  return w < NARROW_BELOW ? "&layout=narrow" : "";
}

function insertSvg(container, svgText) {
  container.textContent = "";
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = doc.documentElement;
  if (root && root.nodeName === "svg") container.append(document.importNode(root, true));
  fitChart(container);
}

/* Draw a chart as wide as its box, but never so small that its smallest label falls under MIN_LABEL_PX:
 * on a phone the chart keeps readable labels and its box scrolls sideways (the page itself does not). */
function fitChart(container) {
  const svg = container.querySelector("svg");
  if (!svg) return;
  const vb = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  const w = vb.length === 4 && vb[2] ? vb[2] : Number(svg.getAttribute("width")) || 600;
  const h = vb.length === 4 && vb[3] ? vb[3] : Number(svg.getAttribute("height")) || 400;
  let minFont = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    const f = parseFloat(t.getAttribute("font-size") || "");
    if (f > 0 && f < minFont) minFont = f;
  }
  if (!isFinite(minFont)) minFont = 12;
  const avail = Math.max(container.clientWidth - 2, 100);
  const scale = Math.max(Math.min(avail / w, 1.25), (MIN_LABEL_PX + 0.05) / minFont);
  svg.setAttribute("width", String(Math.ceil(w * scale)));
  svg.setAttribute("height", String(Math.ceil(h * scale)));
  svg.style.maxWidth = "none";
  const scrolls = w * scale > avail + 1;
  container.classList.toggle("scrolls", scrolls);
  // say so under the chart: on a phone the right part of a wide chart is out of sight until swiped
  let hint = container.nextElementSibling;
  if (!hint || !hint.classList.contains("scroll-hint")) {
    hint = el("p", { class: "scroll-hint muted" });
    container.after(hint);
  }
  hint.textContent = scrolls ? L("chart.scroll_hint") : "";
  hint.hidden = !scrolls;
}

function refit() { document.querySelectorAll(".chart").forEach((c) => { if (c.offsetParent) fitChart(c); }); }

/* The document's warnings ({code, params, text} each, text in doc.lang); in another language than the
 * reader's, said again from their codes by the server's message catalogue. */
async function showWarnings(list, doc) {
  list.textContent = "";
  const warnings = Array.isArray(doc.warnings) ? doc.warnings : [];
  if (!warnings.length) return;
  let shown = warnings.map((w) => String(w.text));
  if (doc.lang !== S.lang) {
    try {
      const json = { warnings: warnings.map((w) => ({ code: w.code, params: w.params || {} })) };
      const r = await api(`/api/messages?lang=${encodeURIComponent(S.lang)}`, { method: "POST", json });
      shown = r.messages.map((m, i) => m.text || shown[i]);
    } catch (e) { /* keep the document's text */ }
  }
  list.textContent = "";
  for (const w of shown) list.append(el("li", {}, w));
}

function clearError() {
  S.refused = false;
  $("cast-error").textContent = "";
  $("fold-choice").hidden = true;
  $("fold-choice").textContent = "";
}

/* A wall time that a daylight-saving change skips or repeats: offer its two readings right here. */
function offerFold(err, recast) {
  const box = $("fold-choice");
  box.textContent = "";
  const p = err.params || {};
  // each reading as the instant it names, with that instant's own offset (in a gap, fold 0 reads the wall
  // time with the offset before the change and names a later wall time: its offset is the one after)
  const offsetOf = (iso) => { const m = /([+-]\d{2}:\d{2})$/.exec(String(iso || "")); return m ? m[1] : ""; };
  const readings = [0, 1].map((fold) => ({ fold, at: p[`instant${fold}`], off: offsetOf(p[`instant${fold}`]) || p[`offset${fold}`] }));
  if (!readings[0].at || !readings[1].at) return;
  readings.sort((a, b) => new Date(a.at) - new Date(b.at));
  box.append(el("span", { class: "fold-prompt" }, L("form.fold_choose")));
  readings.forEach((r, i) => {
    const when = String(r.at).slice(0, 16).replace("T", " ");
    box.append(el("button", { type: "button", class: "fold-btn", "data-fold": r.fold,
      onclick: () => { S.fold = r.fold; clearError(); recast(); } },
      `${L(i === 0 ? "form.fold_earlier" : "form.fold_later")}: ${when} (UTC${r.off})`));
  });
  box.hidden = false;
}

function showError(e, recast) {
  S.refused = true;   // a language switch asks again, so the refusal is said in the new language
  $("cast-error").textContent = `${L("error.title")}: ${e.message}`;
  if (e.code === "time.gap" || e.code === "time.overlap") offerFold(e, recast);
}

/* Whether *node* lies wholly on the screen. */
function onScreen(node) {
  const b = node && node.getBoundingClientRect();
  return !!b && b.height > 0 && b.top >= 0 && b.bottom <= window.innerHeight;
}

/* A cast asked from the form (its button on the screen) whose verdict lands out of sight — on a phone the
 * answer comes below the form — scrolls the page to the judgment, so the verdict is what the reader sees.
 * A cast made elsewhere (a year clicked on 七政's timeline, a language switch) leaves the page where it is. */
function revealVerdict(fromForm) {
  const v = document.querySelector("#judgment:not([hidden]) .verdict");
  if (fromForm && v && !onScreen(v)) $("judgment").scrollIntoView({ block: "start" });
}

async function castNow(pushUrl) {
  clearError();
  const fromForm = onScreen($("cast-btn"));
  const params = pushUrl === false && S.params ? Object.assign({}, S.params, { lang: S.lang }) : gatherParams();
  const method = S.method;
  const q = query(params);
  try {
    // one cast: the JSON, then the server draws that same document (no second cast on another worker)
    const doc = await api(`/api/${method}?${q}`);
    const drawn = noteDraw(method, params, doc);
    const svg = await api(`/api/${method}/render?lang=${encodeURIComponent(S.lang)}${layoutFor($("chart"))}`, { method: "POST", json: doc });
    S.doc = doc;
    S.svg = svg;
    // another chart (not the same one again, e.g. in another language): the save form starts empty, so no
    // tags or notes of the previous case go with the next one unseen
    const which = JSON.stringify([method, Object.assign({}, params, { lang: null })]);
    if (S.lastCast !== undefined && S.lastCast !== which) clearSaveForm();
    S.lastCast = which;
    S.params = params;
    $("result").hidden = false;
    insertSvg($("chart"), svg);
    renderJudgment($("judgment"), $("reading-fold"), doc.judgment, method);
    renderReading($("reading"), doc.reading || [], method);
    labelSources($("reading-fold").parentNode);
    await showWarnings($("warnings"), doc);
    if (drawn && S.expectDrawn && S.expectDrawn !== drawn) {
      $("warnings").append(el("li", { class: "drawn-mismatch" }, `${L("chart.drawn_mismatch")}: ${S.expectDrawn} → ${drawn}`));
    }
    S.expectDrawn = null;
    // a random draw: the link carries the seed (in params) and the drawn result, so it opens the same chart
    const link = `${location.pathname}?${query(Object.assign({ method }, params, drawn ? { drawn } : {}))}#cast`;
    $("permalink").href = link;
    if (pushUrl !== false) history.replaceState(null, "", link);
    $("save-status").textContent = "";
    revealVerdict(fromForm && (pushUrl !== false || !S.shown));
    S.shown = true;
  } catch (e) {
    // the cast was refused: nothing of the previous chart (its drawing, judgment, reading, warnings, draw)
    // stays beside the refusal, where it would be read as the refused cast's
    clearResult();
    showError(e, () => castNow(true));
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

/* ------------------------------------------------------- facts in words */
const isCode = (s) => /^[a-z][a-z0-9_]*$/.test(s);
/* A fact's name; *kind* (the rule family) first: a key can name another thing in one family's rules. */
function factKey(k, kind) { return (kind && S.labels[`fact.${kind}.${k}`]) || S.labels[`fact.${k}`] || (isCode(k) ? "" : k); }
function factValue(v) {
  if (v === true) return L("value.true");
  if (v === false) return L("value.false");
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return S.labels[`value.${v}`] || (isCode(v) && v.length > 1 ? "" : v);
  if (Array.isArray(v)) return v.map(factValue).filter(Boolean).join(SEP());
  if (v && typeof v === "object") {
    const name = v.name !== undefined ? factValue(v.name) : "";
    const rest = Object.entries(v).filter(([k]) => k !== "name").map(([k, x]) => factPair(k, x)).filter(Boolean);
    if (!name) return rest.join(SEP());
    return rest.length ? `${name}${paren(rest.join(SEP()))}` : name;
  }
  return "";
}
/* One fact as words: its name in the page's language and its value (a true flag is its name alone). */
function factPair(k, v, kind) {
  const key = factKey(k, kind);
  if (v === true) return key;
  if (v === false) return key ? `${key}: ${L("value.false")}` : "";
  if (Array.isArray(v) && !v.length) return "";
  const val = factValue(v);
  if (!val) return "";
  return key ? `${key} ${val}` : val;
}
function factsText(facts, kind) {
  return Object.entries(facts || {}).map(([k, v]) => factPair(k, v, kind)).filter(Boolean).join(" · ");
}

/* A citation's English gloss ("(the lost horse read on 午)") is the English reader's: in another language the
 * link shows the book and chapter, and the whole citation on hover. */
const ENGLISH_GLOSS = /\s*\([^()]*[A-Za-z]{3,}[^()]*\)/g;
function sourceLink(s) {
  const shown = S.lang === "en" ? s : s.replace(ENGLISH_GLOSS, "");
  const a = el("a", { href: `#source/${encodeURIComponent(s)}`, class: "src-link", "data-src": s,
    title: shown !== s ? s : null }, shown);
  const t = ((S.srcTitles || {})[S.lang] || {})[s];
  if (t) nameSource(a, s, t);
  return a;
}

/* A source link names its chapter beside the id (六親發動 004-017) and its book on hover. */
function nameSource(a, s, t) {
  if (t.chapter && !t.label.startsWith("《")) a.textContent = `${t.chapter} ${s}`;
  a.title = t.label;
}

/* Fill the book and chapter of every source link under *box* (one request for the ids not yet known). */
async function labelSources(box) {
  const lang = S.lang;
  S.srcTitles = S.srcTitles || {};
  const known = (S.srcTitles[lang] = S.srcTitles[lang] || {});
  const links = [...box.querySelectorAll("a.src-link[data-src]")];
  const ids = [...new Set(links.map((a) => a.dataset.src))].filter((s) => !(s in known));
  if (ids.length) {
    try {
      const r = await api(`/api/sources?lang=${encodeURIComponent(lang)}&ids=${encodeURIComponent(ids.join(","))}`);
      for (const s of ids) known[s] = r.sources[s] || null;
    } catch (e) { return; }
  }
  if (lang !== S.lang) return;
  for (const a of links) { const t = known[a.dataset.src]; if (t) nameSource(a, a.dataset.src, t); }
}

/* The reading by the groups its method names (Method.reading_groups, e.g. 用神 原神 忌神 仇神 卦), in that
 * order, each group's own rules (their kind is the group's name: what it is and how strong) first; null when
 * the method names none or no rule carries a group. */
function readingGroups(rules, method) {
  const order = (S.methods[method] && S.methods[method].reading_groups) || [];
  if (!order.length || !rules.some((r) => r.group)) return null;
  const groups = new Map(order.map((g) => [g, []]));
  for (const r of rules) {
    const g = r.group || "—";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(r);
  }
  for (const [g, list] of groups) groups.set(g, list.filter((r) => r.kind === g).concat(list.filter((r) => r.kind !== g)));
  return groups;
}

/* The judgment (斷) first: the verdict, what it rests on, the numbered steps (+ helps, − harms, = settles or
 * waits) with their sources, and the 應期 best first with the 干支 and the date; the fired rules below are
 * then folded as its commentary. Without a judgment the box is hidden and the reading stays open. Under the
 * verdict, how far the *method*'s verdicts agree with the books (its `measured` of /api/methods, the line
 * in the reader's language). */
function renderJudgment(box, fold, j, method) {
  box.textContent = "";
  box.hidden = !j;
  if (fold) fold.open = !j;
  if (fold) { const h = fold.querySelector("summary > *"); if (h) h.textContent = L(j ? "chart.commentary" : "chart.reading"); }
  if (!j) return;
  const v = j.verdict || {};
  box.append(el("h2", {}, L("chart.judgment")));
  // the question the verdict answers: its topic and person, or that none was chosen (a general judgment;
  // 七政四餘's life reading, a judgment of sections, needs no such line)
  const q = j.question || {};
  if (q.topic || !(j.sections || []).length) {
    const about = q.about ? paramOf(method, "about") : null;
    const who = about ? choiceText(about, q.about, ((S.methods[method] || {}).form || {}).about) : "";
    const what = q.topic ? [topicLabel(q.topic), who].filter(Boolean).join(" — ") : L("chart.asked_general");
    box.append(el("p", { class: "muted asked" }, `${L("chart.asked")}: ${what}`));
  }
  box.append(
    el("p", { class: `verdict verdict-${v.polarity || "mixed"}`, "data-polarity": v.polarity || "" }, v.text || ""));
  const trust = ((S.methods[method] || {}).measured || {}).text;
  if (trust && trust[S.lang]) box.append(el("p", { class: "muted measured" }, trust[S.lang]));
  const y = j.yong_shen || {};
  // the line in the reader's words, said by the judge (六爻: 삼효 for 三爻, 이효 아래 for a hidden 用神)
  const where = y.line ? ` ${y.line}` : "";
  const focus = y.name ? L(`focus.${y.name}`, y.name) : "";  // 용신 / 유신 / 용효 in Korean, as the steps say it
  const shown = y.lei_shen || `${y.liu_qin || ""}${y.branch || ""}`;  // 大六壬: the 類神 as read (青龍申), not 父母申
  box.append(el("p", { class: "focus" }, el("b", {}, `${focus} ${shown}${where}`), ` — ${y.why || ""}`));
  // what the mark before each step means (+ helps, − harms, = settles or waits)
  if ((j.steps || []).length) box.append(el("p", { class: "muted step-legend" }, L("chart.step_legend")));
  judgmentBody(box, j);
  // a reading of several matters (七政四餘's life: 性情 … each 大限, 流年, 流月): each section's title and
  // verdict in sight, its steps and 應期 folded under them, so the sections read as one list by age and
  // the chart below them is not many screens away on a phone
  for (const sec of j.sections || []) {
    const sv = sec.verdict || {};
    const fold = el("details", { class: "section-fold" },
      el("summary", {}, el("h3", {}, sec.title || ""), " ",
        el("p", { class: `verdict verdict-${sv.polarity || "mixed"}`, "data-polarity": sv.polarity || "" }, sv.text || "")));
    judgmentBody(fold, sec);
    box.append(el("section", { class: "judgment-section", "data-section": sec.key || "" }, fold));
  }
}

/* The numbered steps and the 應期 of a judgment, or of one of its sections, appended to *box*. */
function judgmentBody(box, j) {
  const ol = el("ol", { class: "steps" });
  for (const s of j.steps || []) {
    const src = el("span", { class: "src" });
    for (const x of s.src || []) src.append(sourceLink(x));
    ol.append(el("li", { class: `step step-${s.effect === "+" ? "plus" : s.effect === "-" ? "minus" : "eq"}`, "data-step": s.key || "" },
      el("span", { class: "effect" }, s.effect === "-" ? "−" : s.effect || "="), " ", el("span", { class: "text" }, s.text || ""), " ", src));
  }
  box.append(ol);
  if ((j.ying_qi || []).length) {
    box.append(el("h3", {}, L("chart.ying_qi")));
    const ul = el("ul", { class: "ying-qi" });
    for (const k of j.ying_qi) {
      const when = [k.ganzhi, k.date].filter(Boolean).join(" ");
      ul.append(el("li", {}, el("b", {}, `${k.branch}${L(`unit.${k.unit}`)}`), when ? ` ${when}` : "", ` — ${k.why || ""}`));
    }
    box.append(ul);
  }
}

function renderReading(box, rules, method) {
  box.textContent = "";
  if (!rules.length) {
    box.append(el("p", { class: "muted" }, L("chart.no_rules")));
    return;
  }
  const byGroup = readingGroups(rules, method || S.method);
  // otherwise each rule once, under its first (main) topic; its other topics are shown as tags
  const groups = byGroup || new Map();
  if (!byGroup) {
    for (const r of rules) {
      const t = r.topics && r.topics.length ? r.topics[0] : "—";
      if (!groups.has(t)) groups.set(t, []);
      groups.get(t).push(r);
    }
  }
  for (const [topic, list] of groups) {
    if (!list.length) continue;
    const head = byGroup
      ? el("h3", { "data-group": topic }, S.labels[`group.${topic}`] || topic)
      : el("h3", { "data-topic": topic }, topicLabel(topic));
    const g = el("div", { class: byGroup ? "topic-group reading-group" : "topic-group" }, head);
    for (const r of list) {
      const facts = factsText(r.facts, r.kind);
      const src = el("div", { class: "src" }, `${L("chart.source")}: `);
      for (const s of r.src || []) src.append(sourceLink(s));
      g.append(el("div", { class: "rule", "data-rule": r.id },
        r.title ? el("div", { class: "title" }, r.title) : null,
        el("div", { class: "text" }, r.text || ""),
        byGroup ? el("div", { class: "tags" }, (r.topics || []).map(topicLabel).join(" · "))
          : r.topics && r.topics.length > 1 ? el("div", { class: "tags" }, r.topics.slice(1).map(topicLabel).join(" · ")) : null,
        facts ? el("div", { class: "facts" }, `${L("chart.facts")}: ${facts}`) : null,
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

/* The instant and zone of a chart document: its inputs (every document echoes them there). */
function castMoment(doc) {
  const inp = (doc && doc.inputs) || {};
  const at = typeof inp.at === "string" && /[+-]\d\d:\d\d$|Z$/.test(inp.at) ? inp.at : null;
  return { at, tz: typeof inp.tz === "string" ? inp.tz : null };
}
function momentText(at, tz) {
  if (!at) return "";
  const off = (/([+-]\d\d:\d\d)$/.exec(at) || [])[1] || (at.endsWith("Z") ? "+00:00" : "");
  const zone = tz && tz !== off ? `${tz}, UTC${off}` : `UTC${off}`;
  return `${at.slice(0, 16).replace("T", " ")} (${zone})`;
}

/* The chart with a caption band: the method, when it was cast (with its zone) and the question; the same in
 * the SVG's <title>, <desc> and <metadata>. */
function exportSvgText(svgText, meta) {
  const NS = "http://www.w3.org/2000/svg";
  const chart = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  const w = Number(chart.getAttribute("width")) || 600;
  const h = Number(chart.getAttribute("height")) || 400;
  const lines = [`${meta.method}  ·  ${meta.when}`];
  if (meta.question) {
    const q = meta.question.replace(/\s+/g, " ").trim();
    const per = Math.max(20, Math.floor(w / 15));
    lines.push(q.length > per ? q.slice(0, per) : q);
    if (q.length > per) lines.push(q.length > 2 * per ? `${q.slice(per, 2 * per - 1)}…` : q.slice(per));
  }
  const capH = 16 + 22 * lines.length;
  const out = document.implementation.createDocument(NS, "svg", null);
  const root = out.documentElement;
  root.setAttribute("width", String(w));
  root.setAttribute("height", String(h + capH));
  root.setAttribute("viewBox", `0 0 ${w} ${h + capH}`);
  const add = (parent, tag, attrs, text) => {
    const n = out.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    parent.append(n);
    return n;
  };
  add(root, "title", {}, `${meta.method} ${meta.when}`);
  add(root, "desc", {}, lines.join("\n"));
  add(root, "metadata", {}, JSON.stringify({ method: meta.name, cast_at: meta.at, tz: meta.tz, question: meta.question || "" }));
  add(root, "rect", { x: 0, y: 0, width: w, height: h + capH, fill: "#fffdf7" });
  lines.forEach((t, i) => add(root, "text", { x: 20, y: 26 + 22 * i, "font-size": i === 0 ? 15 : 14,
    fill: i === 0 ? "#222" : "#444", "font-family": "'Noto Sans CJK TC','Noto Sans CJK KR',sans-serif",
    class: i === 0 ? "export-caption" : "export-question" }, t));
  const g = add(root, "g", { transform: `translate(0 ${capH})` });
  g.append(out.importNode(chart, true));
  return new XMLSerializer().serializeToString(out);
}

function exportMeta(method, m, question) {
  return { name: method, method: methodLabel(method), at: m.at, tz: m.tz, when: momentText(m.at, m.tz), question };
}

function exportedSvg() {
  return exportSvgText(S.svg, exportMeta(S.method, castMoment(S.doc), $("question").value));
}

function exportPng() {
  if (!S.svg) return;
  const text = exportedSvg();
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
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
/* Another method chosen, or a cast refused: the previous chart, judgment, reading and warnings leave the
 * page (they answered another form), and a save can no longer store them under the new method. */
function clearResult() {
  $("result").hidden = true;
  for (const id of ["chart", "judgment", "reading", "warnings", "draw-info"]) { const n = $(id); if (n) n.textContent = ""; }
  $("judgment").hidden = true;
  $("draw-info").hidden = true;
  S.doc = null;
  S.svg = "";
  S.params = null;
  $("save-status").textContent = "";
  clearSaveForm();
  clearError();
}

/* The save form's own fields (tags, notes) belong to one case: emptied once it is saved or another chart is cast. */
function clearSaveForm() {
  $("save-tags").value = "";
  $("save-notes").value = "";
}

function splitTags(s) { return s.split(/[,，、]/).map((t) => t.trim()).filter(Boolean); }

async function saveCase(ev) {
  ev.preventDefault();
  if (!S.params) return;
  const inputs = Object.assign({}, S.params);
  try {
    const c = await api("/api/journal/cases", { method: "POST", json: {
      method: S.method, inputs, question: $("question").value, topic: $("topic").value,
      tags: splitTags($("save-tags").value), notes: $("save-notes").value } });
    clearSaveForm();
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
/* When a chart was cast, on the clock of its own zone (as the practitioner cast it). */
function castTimeText(c) { return c.cast_time ? momentText(c.cast_time, c.cast_tz) : "—"; }
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
    body.append(el("tr", {}, el("td", { colspan: 8, class: "error" }, e.message)));
    return;
  }
  $("case-empty").hidden = page.items.length > 0;
  const cell = (key, cls, ...content) => el("td", { "data-label": L(key, ""), class: cls || null }, ...content);
  for (const c of page.items) {
    const oc = c.outcome ? L(OUTCOME_KEY[c.outcome.result], c.outcome.result) : L("outcome.none");
    body.append(el("tr", { "data-case": c.id, onclick: () => openCase(c.id) },
      cell("journal.cast_at", "cast", castTimeText(c)),
      cell("form.method", "m", methodLabel(c.method)),
      cell("form.question", "q", c.question),
      cell("form.topic", "t", c.topic ? topicLabel(c.topic) : ""),
      cell("journal.tag", "tags", c.tags.join(", ")),
      cell("journal.outcome", "oc", oc),
      cell("journal.saved_at", "created", localDate(c.created_at)),
      el("td", { class: "open" }, el("button", { type: "button", class: "open-btn" }, L("journal.open")))));
  }
}

async function openCase(id) {
  const c = await api(`/api/journal/cases/${encodeURIComponent(id)}`);
  S.caseId = id;
  S.caseData = c;
  $("case-detail").hidden = false;
  const svg = await api(`/api/journal/cases/${encodeURIComponent(id)}/svg?lang=${encodeURIComponent(S.lang)}${layoutFor($("case-chart"))}`);
  S.caseSvg = svg;
  insertSvg($("case-chart"), svg);
  $("e-question").value = c.question;
  $("e-topic").value = c.topic;
  $("e-tags").value = c.tags.join(", ");
  $("e-notes").value = c.notes;
  if (c.outcome) { $("o-result").value = c.outcome.result; $("o-note").value = c.outcome.note; }
  else { $("o-note").value = ""; }
  const t = $("case-text");
  t.textContent = "";
  t.append(el("p", { class: "meta" },
    el("span", { class: "cast-time" }, `${L("journal.cast_at")}: ${castTimeText(c)}`), " · ",
    el("span", {}, methodLabel(c.method)), " · ",
    el("span", { class: "saved-time" }, `${L("journal.saved_at")}: ${localDate(c.created_at)}`)));
  t.append(el("p", { class: "q" }, c.question), el("p", { class: "notes" }, c.notes));
  if (c.outcome) t.append(el("p", { class: "outcome" }, `${L(OUTCOME_KEY[c.outcome.result], c.outcome.result)} — ${c.outcome.note}`));
  renderJudgment($("case-judgment"), $("case-reading-fold"), c.chart && c.chart.judgment, c.method);
  renderReading($("case-reading"), (c.chart && c.chart.reading) || [], c.method);
  labelSources($("case-reading-fold").parentNode);
  $("outcome-status").textContent = "";
}

function exportCaseSvg() {
  const c = S.caseData;
  if (!c || !S.caseSvg) return;
  // a saved case: the cast time the journal found (it reads the older document shapes too)
  const moment = { at: c.cast_time || null, tz: c.cast_tz || null };
  const text = exportSvgText(S.caseSvg, exportMeta(c.method, moment, c.question));
  download(`${c.method}-${c.id.slice(0, 8)}.svg`, new Blob([text], { type: "image/svg+xml" }));
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
function interval(t) { return t.interval ? `${Math.round(t.interval[0] * 100)}–${Math.round(t.interval[1] * 100)}%` : "—"; }
function verdict(t) {
  if (!t.judged) return "";
  if (!t.enough) return L("stats.too_few");
  return t.vs_base ? L(`stats.compare_${t.vs_base}`) : "";
}

/* A table of hit rates: each row its name (and for a rule its text and method), the count judged, the rate
 * with its 95% interval, how it stands against the base rate, and the raw counts. */
function statsTable(table, title, section, rowInfo, ordered, withMethod) {
  table.textContent = "";
  // the method column only where a row may belong to another method than its name says (the rules)
  const head = [title, ...(withMethod ? [L("stats.method")] : []), L("stats.judged"), L("stats.rate"), L("stats.interval"), L("stats.vs_base"),
    L("outcome.yingyan"), L("outcome.buyan"), L("outcome.bufen"), L("outcome.none")];
  const at = withMethod ? 0 : -1;
  table.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", {}, h)))));
  const body = el("tbody");
  // most judged first, unless the section has its own order (the verdicts: good, bad, mixed)
  const rows = Object.entries(section || {});
  if (!ordered) rows.sort((a, b) => (b[1].judged - a[1].judged) || (b[1].total - a[1].total) || a[0].localeCompare(b[0]));
  for (const [k, t] of rows) {
    const info = rowInfo(k);
    const cell = (i, cls, ...c) => el("td", { "data-label": head[i === 0 ? 0 : i + at], class: cls || null }, ...c);
    body.append(el("tr", { "data-key": k, class: t.judged && !t.enough ? "few" : null },
      cell(0, "name", info.name),
      ...(withMethod ? [cell(1, "method", ...(info.method ? [info.method] : []))] : []),
      cell(2, "n-judged", t.judged),
      cell(3, "rate", pct(t.rate)),
      cell(4, "interval", interval(t)),
      cell(5, "vs", verdict(t)),
      cell(6, "n-ying", t.ying_yan), cell(7, "n-bu", t.bu_yan), cell(8, "n-fen", t.bu_fen), cell(9, "n-pending", t.pending)));
  }
  table.append(body);
}

async function loadStats() {
  let s;
  try { s = await api("/api/journal/statistics"); } catch (e) { if (e.status === 401) return showLogin(); throw e; }
  const ruleIds = Object.keys(s.by_rule || {});
  let rules = {};
  if (ruleIds.length) {
    try { rules = (await api(`/api/rules?lang=${encodeURIComponent(S.lang)}&ids=${encodeURIComponent(ruleIds.join(","))}`)).rules; }
    catch (e) { rules = {}; }
  }
  const o = s.overall || {};
  $("stats-base").textContent = `${L("stats.base_rate")}: ${pct(s.base_rate)} (${L("stats.judged")} ${o.judged || 0}; ${L("stats.interval")} ${interval(o)})`;
  $("stats-note").textContent = L("stats.note");
  statsTable($("stats-method"), L("form.method"), s.by_method, (k) => ({ name: methodLabel(k), method: "" }));
  // how often a verdict of each polarity was borne out (the judgment's verdict, whatever the method)
  statsTable($("stats-verdict"), L("stats.per_verdict"), s.by_verdict, (k) => ({ name: L(`verdict.${k}`), method: "" }), true);
  const keys = Object.assign({}, s.by_ke_ti || {}, s.by_yong_yao || {});
  statsTable($("stats-key"), `${L("chart.ke_ti")} / ${L("chart.yong")}`, keys, (k) => ({ name: k, method: "" }));
  // a rule is keyed by the variant that fired (003-038#2) and named by that variant's text
  statsTable($("stats-rule"), L("stats.rule"), s.by_rule, (k) => {
    const r = rules[k];
    const id = r && r.id ? r.id : k.replace(/#\d+$/, "");
    const name = el("a", { href: `#source/${encodeURIComponent(id)}`, class: "rule-link" },
      el("span", { class: "rule-text" }, r && r.text ? r.text : k), " ", el("span", { class: "rule-id" }, id));
    // the methods of the cases the rule fired in (a rule shared by two methods names both)
    const ms = (s.by_rule[k].methods || []).length ? s.by_rule[k].methods : r && r.method ? [r.method] : [];
    return { name, method: ms.map(methodLabel).join(SEP()) };
  }, false, true);
}

/* -------------------------------------------------------------- sources */
/* A rule or a cited source as a readable page: the rule itself (its text, topics, conditions and sources)
 * and every rule and table resting on the same source, each with its method. */
async function openSource(ident) {
  const box = $("source-body");
  box.textContent = "";
  $("source-title").textContent = `${L("source.title")}: ${ident}`;
  let r;
  try { r = await api(`/api/sources/${encodeURIComponent(ident)}?lang=${encodeURIComponent(S.lang)}`); }
  catch (e) { box.append(el("p", { class: "error" }, e.message)); return; }
  // the source itself: its book and chapter, and the rule in the project's own words, in the page's language
  const src = r.source;
  if (src) {
    $("source-title").textContent = `${L("source.title")}: ${src.label} (${ident})`;
    const head = el("div", { class: "source-head" },
      el("p", { class: "source-book" }, el("b", {}, `${L("source.book")}: `), src.book),
      src.chapter ? el("p", { class: "source-chapter" }, el("b", {}, `${L("source.chapter")}: `), src.chapter,
        src.term && src.term !== src.chapter ? ` — ${src.term}` : "") : null,
      src.item_kind ? el("p", { class: "source-kind muted" }, L(`source.kind_${src.item_kind}`)) : null);
    if ((src.statement || []).length) {
      head.append(el("p", {}, el("b", {}, L("source.statement"))));
      head.append(el("ul", { class: "source-statement" }, ...src.statement.map((t) => el("li", {}, t))));
    }
    box.append(head);
  }
  if (!r.entries.length) { box.append(el("p", { class: "muted" }, L("source.none"))); return; }
  box.append(el("p", { class: "muted" }, L("source.cited_by")));
  for (const e of r.entries) {
    const card = el("div", { class: "rule source-entry", "data-entry": e.id || e.path });
    const head = [e.method ? methodLabel(e.method) : null, e.id || null, e.name || null].filter(Boolean).join(" · ");
    if (head) card.append(el("div", { class: "title" }, head));
    if (e.label && typeof e.label === "object") card.append(el("div", { class: "text" }, textIn(e.label)));
    if (e.text) card.append(el("div", { class: "text" }, e.text));
    if (e.topics && e.topics.length) card.append(el("div", { class: "tags" }, e.topics.map(topicLabel).join(" · ")));
    if (e.when && typeof e.when === "object") {
      const w = factsText(e.when);
      if (w) card.append(el("div", { class: "facts" }, `${L("source.conditions")}: ${w}`));
    }
    // what the entry cites, as ids and books (the notes beside them are for the developers, in English)
    const srcs = Array.isArray(e.cites) ? e.cites : Array.isArray(e.src) ? e.src : e.src ? [e.src] : [];
    if (srcs.length) {
      const d = el("div", { class: "src" }, `${L("chart.source")}: `);
      for (const s of srcs) d.append(s === ident ? el("span", { class: "src-here" }, s) : sourceLink(s));
      card.append(d);
    }
    box.append(card);
  }
  labelSources(box);
}

/* ---------------------------------------------------- one moment, all */
/* Every method at the instant and place of the form: a method that needs nothing more is cast and drawn;
 * one that needs more input (its required parameters without a default, or what it declares it needs)
 * asks for it on its card. */
async function castAll() {
  S.allDone = true;
  const grid = $("all-grid");
  grid.textContent = "";
  const moment = momentParams();
  $("all-moment").textContent = moment.at ? `${moment.at.replace("T", " ")} ${moment.tz || ""}` : "";
  // the form's topic, put to every method that reads one (each card then leads with its judgment), as
  // `xuanheng all --topic`; a method without a topic says so
  const topic = $("topic").value.trim();
  // and whom it is about, when the form asks (each method that takes it reads its own person there)
  const about = $("f-about") && topic ? $("f-about").value.trim() : "";
  S.allQuestion = topic ? Object.assign({ topic }, about ? { about } : {}) : null;
  for (const name of S.order) {
    const m = S.methods[name];
    const card = el("section", { class: "all-card card", "data-method": name },
      el("h3", {}, methodLabel(name)));
    if (topic && !paramOf(name, "topic")) card.append(el("p", { class: "muted no-topic" }, L("all.no_topic").replace("{value}", topic)));
    grid.append(card);
    const needs = (m.needs || []).filter((n) => !(n in moment));
    // what the method takes at one moment besides it (六爻: cast by the moment's time)
    const own = Object.assign({}, moment, m.moment || {});
    if (needs.length) askFor(card, name, needs, own);
    else await castCard(card, name, own);
  }
}

function askFor(card, name, needs, moment) {
  const box = el("div", { class: "row needs" });
  for (const n of needs) {
    const p = paramOf(name, n);
    if (p) box.append(fieldInput(name, p, `a-${name}-`));
  }
  const btn = el("button", { type: "button", class: "primary cast-one" }, L("all.cast_this"));
  btn.addEventListener("click", async () => {
    const params = Object.assign({}, moment, fieldValues(name, `a-${name}-`));
    for (const n of needs) {
      const input = $(`a-${name}-${n}`);
      if (input && input.value !== "" && !(n in params)) params[n] = input.value;
    }
    card.querySelectorAll(".all-chart, .all-judgment, .error, .all-links").forEach((x) => x.remove());
    await castCard(card, name, params);
  });
  card.append(el("p", { class: "muted needs-note" }, `${L("all.needs")}: ${needs.map((n) => textIn((paramOf(name, n) || {}).label) || n).join(SEP())}`), box, btn);
}

/* Only the parameters *method* declares (one moment carries every shared field; a method may lack some). */
function onlyTakes(method, params) {
  const out = {};
  for (const [k, v] of Object.entries(params)) if (paramOf(method, k)) out[k] = v;
  return out;
}

async function castCard(card, name, moment, question = S.allQuestion) {
  const m = S.methods[name];
  const asked = question && paramOf(name, "topic") ? question : null;
  const params = onlyTakes(name, Object.assign({}, moment, asked || {}));
  const q = Object.assign({}, params, { lang: S.lang });
  if (m.has_reading && !asked) q.no_reading = true;
  try {
    const doc = await api(`/api/${name}?${query(q)}`);
    if (asked && doc.judgment) {  // the question's answer first, then the chart
      const jb = el("div", { class: "judgment all-judgment" });
      card.append(jb);
      renderJudgment(jb, null, doc.judgment, name);
    }
    const chart = el("div", { class: "chart all-chart" });
    card.append(chart);
    const svg = await api(`/api/${name}/render?lang=${encodeURIComponent(S.lang)}${layoutFor(chart)}`, { method: "POST", json: doc });
    insertSvg(chart, svg);
    const full = Object.assign({ method: name }, params, { lang: S.lang });
    card.append(el("p", { class: "all-links" }, el("a", { href: `/?${query(full)}#cast`, class: "full-chart" }, L("all.full_chart"))));
  } catch (e) {
    if (asked && e.field && e.field in asked) {  // it does not read this topic (七政 and 行人): cast without
      // the question and say so, as `xuanheng all --topic` does
      card.append(el("p", { class: "muted no-topic" }, L("all.no_topic").replace("{value}", asked[e.field])));
      return castCard(card, name, moment, null);
    }
    const field = e.field && paramOf(name, e.field) && !MOMENT.includes(e.field) ? e.field : null;
    if (field && !card.querySelector(`#a-${name}-${field}`)) { askFor(card, name, [field], params); return; }
    card.append(el("p", { class: "error" }, e.message));
    if (e.code === "time.gap" || e.code === "time.overlap") offerFold(e, () => castAll());
  }
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
  S.fold = null;
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
  const hash = (location.hash || "#cast").slice(1);
  const view = hash.split("/")[0];
  if (!["cast", "all", "source"].includes(view) && !(await whoami())) return showLogin();
  for (const v of document.querySelectorAll(".view")) v.hidden = true;
  for (const a of document.querySelectorAll("header nav a")) a.classList.toggle("active", a.id === `nav-${view}`);
  if (view === "journal") { $("journal-view").hidden = false; await loadCases(); }
  else if (view === "stats") { $("stats-view").hidden = false; await loadStats(); }
  else if (view === "all") { $("all-view").hidden = false; if (!S.allDone) await castAll(); }
  else if (view === "source") { $("source-view").hidden = false; await openSource(decodeURIComponent(hash.slice(7))); }
  else { $("cast-view").hidden = false; refit(); }
}

async function init() {
  const url = new URLSearchParams(location.search);
  let lang = url.get("lang");
  if (!lang) { try { lang = localStorage.getItem("xh-lang"); } catch (e) { lang = null; } }
  if (!lang) lang = browserLang();
  const meta = await api("/api/methods");
  for (const m of meta.methods) { S.methods[m.name] = m; S.order.push(m.name); }
  S.method = url.get("method") && S.methods[url.get("method")] ? url.get("method") : S.order[0];
  await setLang(lang || "zh-Hant", false, false);
  $("method").value = S.method;
  buildMethodFields();
  setAt(nowLocal());
  $("tz").value = Intl.DateTimeFormat().resolvedOptions().timeZone || "Asia/Shanghai";

  $("method").addEventListener("change", () => { S.method = $("method").value; buildMethodFields(); clearResult(); });
  $("method-fields").addEventListener("input", markMode);
  $("topic").addEventListener("input", showTopicFields);
  $("now-btn").addEventListener("click", () => { setAt(nowLocal($("tz").value)); S.fold = null; });
  $("at").addEventListener("change", relabelAt);
  for (const id of ["at", "tz"]) $(id).addEventListener("input", () => { S.fold = null; clearError(); });
  $("cast-form").addEventListener("submit", (ev) => { ev.preventDefault(); castNow(true); });
  // a required field left empty is asked for by the browser, in the browser's own language unless told:
  // say it in the page's (each check starts afresh, and a field's message goes once it is filled)
  const unsay = (f) => { if (f && f.setCustomValidity) f.setCustomValidity(""); };
  $("cast-btn").addEventListener("click", () => { for (const f of $("cast-form").elements) unsay(f); });
  $("cast-form").addEventListener("invalid", (ev) => {
    if (ev.target.validity && ev.target.validity.valueMissing) ev.target.setCustomValidity(L("form.required"));
  }, true);
  for (const kind of ["input", "change"]) $("cast-form").addEventListener(kind, (ev) => unsay(ev.target), true);
  $("all-btn").addEventListener("click", () => { S.allDone = false; if (location.hash === "#all") route(); else location.hash = "#all"; });
  $("all-recast").addEventListener("click", () => castAll());
  $("lang").addEventListener("change", () => setLang($("lang").value, true, true));
  $("export-svg").addEventListener("click", () => download(`${stamp()}.svg`, new Blob([exportedSvg()], { type: "image/svg+xml" })));
  $("export-json").addEventListener("click", () => download(`${stamp()}.json`,
    new Blob([JSON.stringify(S.doc, null, 2)], { type: "application/json" })));
  $("export-png").addEventListener("click", exportPng);
  $("case-export-svg").addEventListener("click", exportCaseSvg);
  $("save-form").addEventListener("submit", saveCase);
  $("search-form").addEventListener("submit", loadCases);
  $("edit-form").addEventListener("submit", updateCase);
  $("delete-btn").addEventListener("click", deleteCase);
  $("open-cast-btn").addEventListener("click", openCaseAsCast);
  $("outcome-form").addEventListener("submit", recordOutcome);
  $("import-file").addEventListener("change", importJournal);
  $("login-form").addEventListener("submit", login);
  $("source-back").addEventListener("click", () => history.back());
  $("logout-btn").addEventListener("click", async () => { await api("/api/logout", { method: "POST" }); showLogin(); });
  // every session of this user ends (all browsers and devices), this one too
  $("logout-all-btn").addEventListener("click", async () => {
    await api("/api/logout/everywhere", { method: "POST" });
    $("user-box").hidden = true;
    showLogin();
  });
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
  let rt = null;
  window.addEventListener("resize", () => { clearTimeout(rt); rt = setTimeout(refit, 100); });
  window.addEventListener("hashchange", route);

  // a permalink: an instant, or the study inputs of a study-mode cast (whose link carries no "at")
  const permalink = [...url.keys()].some((k) => !["method", "lang", "drawn"].includes(k));
  if (permalink) {           // recreate the chart
    const params = {};
    for (const [k, v] of url.entries()) if (k !== "method" && k !== "drawn") params[k] = v;
    if (url.get("drawn")) params.drawn = url.get("drawn");
    applyParams(params);
  }
  await route();
  if (permalink && (location.hash || "#cast") === "#cast") await castNow(false);
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", () => { init().catch((e) => { $("cast-error").textContent = e.message; }); });
