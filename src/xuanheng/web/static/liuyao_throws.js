/* 六爻 on the page: a picker of the way of casting and the coin-throw pad (the user throws six times).
 *
 * A plug-in of app.js: it listens to "xh:fields" (the method's form was built) and "xh:params" (values were
 * put into it) and only shows, hides and fills the fields app.js generated from the method's parameters
 * (#f-throws, #f-coins, #f-lines …), so the cast goes through the same API as every other method.
 *   - "throws": each click of the throw button throws three coins (the browser's crypto random) and records
 *     their faces; with real coins the user clicks a coin to set the face it fell on. The six throws, first
 *     throw = 初爻, are sent as throws= and recorded in the chart (a cast without a seed).
 *   - "coins" / "yarrow": the server draws from a seed it records (app.js shows the seed and replays it).
 *   - "time", "numbers", "lines", "hexagram" (+ moving): the generated fields.
 * Every text is set with textContent; labels come from the catalogue (app.js's L) or the parameters' own.
 */
"use strict";
(() => {
  const METHOD = "liuyao";
  // way of casting → the fields it uses (the others are cleared, so exactly one way is sent)
  const WAYS = {
    throws: ["throws"], coins: ["coins"], yarrow: ["yarrow"], time: ["time"],
    numbers: ["numbers"], lines: ["lines"], hexagram: ["hexagram", "moving"],
  };
  const FIELDS = [...new Set(Object.values(WAYS).flat())];
  const POSITIONS = ["初", "二", "三", "四", "五", "上"];
  const VALUE_NAMES = { 6: "老陰 ×", 7: "少陽", 8: "少陰", 9: "老陽 ○" };
  const FACE_COUNT = { 背: 3, 字: 2 };   // liuyao/data/casting.toml: 背 counts 3, 字 2
  const CSS = `
.liuyao-way { flex-basis: 100%; }
.liuyao-pad { flex-basis: 100%; background: #fbf7ec; border: 1px solid #d8cfbd; border-radius: 6px; padding: .5em .8em; }
.liuyao-pad .hint { margin: 0 0 .4em; font-size: .85em; color: #666; }
.liuyao-pad ol { list-style: none; margin: 0 0 .5em; padding: 0; display: flex; flex-direction: column-reverse; gap: .25em; }
.liuyao-pad li { display: flex; align-items: center; gap: .5em; font-size: .95em; }
.liuyao-pad .pos { width: 1.5em; color: #666; }
.liuyao-pad button.coin { width: 2.2em; padding: .15em 0; }
.liuyao-pad .bar { display: inline-flex; gap: 10px; width: 70px; }
.liuyao-pad .bar i { flex: 1; height: 8px; background: #222; }
.liuyao-pad .bar.moving i { background: #c62828; }
.liuyao-pad .val { min-width: 5em; }
.liuyao-pad > label { display: flex; margin-top: .4em; }`;

  let detail = null;
  let throws = [];   // the faces of each throw, first throw (初爻) first

  const $ = (id) => document.getElementById(id);
  const field = (name) => $(`f-${name}`);
  const wrapper = (name) => (field(name) ? field(name).closest("label") : null);
  const L = (key, fallback) => (detail && detail.label ? detail.label(key, fallback) : fallback || key);

  function make(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v;
      else if (k === "class") node.className = v;
      else node.setAttribute(k, v);
    }
    node.append(...children);
    return node;
  }

  function paramLabel(name) {   // the label the parameter declares (data/params.toml), in the page's language
    const p = ((detail && detail.meta && detail.meta.params) || []).find((x) => x.name === name);
    return (p && p.label && p.label[detail.lang]) || name;
  }

  function valueOf(faces) { return [...faces].reduce((n, f) => n + (FACE_COUNT[f] || 0), 0); }
  function coin() {
    const b = new Uint8Array(1);
    crypto.getRandomValues(b);
    return b[0] & 1 ? "背" : "字";
  }
  function readThrows() {
    const f = field("throws");
    throws = f ? f.value.split(/[\s,，、]+/).filter((t) => t.length === 3 && [...t].every((c) => c in FACE_COUNT)) : [];
    throws = throws.slice(0, 6);
  }
  function writeThrows() {
    const f = field("throws");
    if (f) f.value = throws.join(" ");
  }

  function detectWay() {   // from the filled fields (a permalink, a language switch, a journal case)
    for (const [way, names] of Object.entries(WAYS)) {
      const f = field(names[0]);
      if (f && (f.type === "checkbox" ? f.checked : f.value.trim() !== "")) return way;
    }
    return "throws";
  }

  function setWay(way, clear) {
    for (const name of FIELDS) {
      const f = field(name);
      const w = wrapper(name);
      if (!f || !w) continue;
      const used = WAYS[way].includes(name);
      w.hidden = !used || f.type === "checkbox";   // a switch is set by the picker itself
      if (f.type === "checkbox") f.checked = used;
      else if (!used && clear) f.value = "";
    }
    const pad = $("liuyao-pad");
    if (pad) pad.hidden = way !== "throws";
    if (clear && way !== "throws") throws = [];
    drawPad();
  }

  function drawPad() {
    const list = $("liuyao-throw-list");
    const btn = $("liuyao-throw");
    if (!list || !btn) return;
    list.textContent = "";
    throws.forEach((faces, i) => {
      const v = valueOf(faces);
      const yang = v === 7 || v === 9;
      const bar = make("span", { class: `bar${v === 6 || v === 9 ? " moving" : ""}` }, make("i"));
      if (!yang) bar.append(make("i"));
      const coins = [...faces].map((face, j) => make("button", {
        type: "button", class: "coin", "data-throw": String(i), "data-coin": String(j), text: face }));
      coins.forEach((c) => c.addEventListener("click", () => flip(i, Number(c.dataset.coin))));
      list.append(make("li", { "data-throw": String(i), "data-value": String(v) },
        make("span", { class: "pos", text: POSITIONS[i] }), ...coins,
        make("span", { class: "val", text: `${v} ${VALUE_NAMES[v] || ""}` }), bar));
    });
    btn.disabled = throws.length >= 6;
    btn.textContent = `${L("form.throw_coins", "throw")} (${throws.length}/6)`;
  }

  function flip(i, j) {
    const faces = [...throws[i]];
    faces[j] = faces[j] === "背" ? "字" : "背";
    throws[i] = faces.join("");
    writeThrows();
    drawPad();
  }

  function build(d) {
    detail = d;
    if (d.method !== METHOD || !d.box || $("liuyao-way")) return;
    if (!$("liuyao-css")) document.head.append(make("style", { id: "liuyao-css", text: CSS }));
    const picker = make("select", { id: "liuyao-way", name: "liuyao-way" });
    for (const way of Object.keys(WAYS)) picker.append(make("option", { value: way, text: paramLabel(way) }));
    picker.addEventListener("change", () => setWay(picker.value, true));
    const throwBtn = make("button", { type: "button", id: "liuyao-throw" });
    throwBtn.addEventListener("click", () => {
      if (throws.length >= 6) return;
      throws.push(coin() + coin() + coin());
      writeThrows();
      drawPad();
    });
    const again = make("button", { type: "button", id: "liuyao-again", text: L("form.throws_again", "again") });
    again.addEventListener("click", () => { throws = []; writeThrows(); drawPad(); });
    const pad = make("div", { id: "liuyao-pad", class: "liuyao-pad" },
      make("p", { class: "hint", text: L("form.throws_hint", "") }),
      make("ol", { id: "liuyao-throw-list" }),
      throwBtn, " ", again);
    d.box.prepend(make("label", { class: "liuyao-way" }, make("span", { text: L("form.liuyao_mode", "way") }), picker), pad);
    const tf = field("throws");
    if (tf) {   // the faces as text, under the pad (typed by hand, or filled by the throws)
      tf.size = 30;
      pad.append(wrapper("throws"));
      tf.addEventListener("input", () => { readThrows(); drawPad(); });
    }
    sync();
  }

  function sync() {
    const picker = $("liuyao-way");
    if (!picker) return;
    readThrows();
    picker.value = detectWay();
    setWay(picker.value, false);
  }

  document.addEventListener("xh:fields", (ev) => build(ev.detail));
  document.addEventListener("xh:params", (ev) => { detail = ev.detail; if (ev.detail.method === METHOD) sync(); });
})();
