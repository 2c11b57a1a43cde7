/* 七政四餘 on the page: the timeline of 限 drawn in the chart's SVG answers clicks.
 *
 * A plug-in of app.js (like liuyao_throws.js): it listens to "xh:fields" (the method's form was built) and
 * only fills the field app.js generated from the method's parameter `on` (#f-on), so every cast goes through
 * the same API as any other.
 *   - The SVG (qizheng/render_svg.py) draws the 大限 band and one group g.liu-nian-year per 流年, whose
 *     data-on is a date inside that year. Clicking a year puts that date into #f-on and casts again: the
 *     chart then marks that year and its 大限 and lists the 小限, 流年 and the transiting 曜 (流曜).
 *   - A cast with #f-on empty asks for today's date (the browser's clock: the library never reads one),
 *     when the birth lies before today, so the running 大限 is marked.
 *   - The grid of years is the document's timeline year by year, which the method lists only when asked
 *     (its hidden parameter `years`; by default only the year of `on`: those rows are most of a
 *     document's cost). The page asks for a century: a hidden input #f-years, which app.js reads like any
 *     field of the method.
 * Every text is set with textContent; nothing is inserted as markup.
 */
"use strict";
(() => {
  const METHOD = "qizheng";
  const YEARS = "100"; // the years the grid lists (qizheng.chart.TIMELINE_YEARS)
  let detail = null;

  const $ = (id) => document.getElementById(id);
  const onField = () => $("f-on");
  const pad = (n) => String(n).padStart(2, "0");
  function today() {
    const d = new Date();
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  const active = () => detail && detail.method === METHOD;

  function build(d) {
    detail = d;
    const f = onField();
    if (!active() || !f) return;
    f.placeholder = "YYYY-MM-DD";
    f.size = 12;
    // the hidden parameter `years` (not drawn on the form): the grid's century of 流年
    if (!$("f-years") && d.box) {
      const years = document.createElement("input");
      years.type = "hidden";
      years.id = "f-years";
      years.value = YEARS;
      d.box.append(years);
    }
  }

  function cast() {
    const btn = $("cast-btn");
    if (btn) btn.click();
  }

  // a click on a year of the timeline (the chart is re-drawn on every cast: listen on its container)
  function onChartClick(ev) {
    if (!active()) return;
    const target = ev.target instanceof Element ? ev.target : null;
    const year = target ? target.closest("g.liu-nian-year") : null;
    const f = onField();
    if (!year || !f || !year.getAttribute("data-on")) return;
    ev.preventDefault();
    f.value = year.getAttribute("data-on");
    cast();
  }

  // before the form's own handler (capture on the document): an empty date of the 限 is today's
  function onSubmit(ev) {
    if (!active() || !ev.target || ev.target.id !== "cast-form") return;
    const f = onField();
    const at = $("at");
    if (!f || f.value.trim() !== "" || !at || !at.value) return;
    // the date-time field is text in the page's language: app.js reads it back as ISO (atValue)
    const iso = typeof atValue === "function" ? atValue() : at.value;
    if (iso.slice(0, 10) < today()) f.value = today();
  }

  document.addEventListener("xh:fields", (ev) => build(ev.detail));
  document.addEventListener("xh:params", (ev) => { detail = ev.detail; });
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("DOMContentLoaded", () => {
    const chart = $("chart");
    if (chart) chart.addEventListener("click", onChartClick);
  });
})();
