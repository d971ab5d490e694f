/* Filters of the rule matrix: side, level and section. Plain DOM, no network, no framework.
 * The form is generated hidden (a page without this script shows every row); the script reveals it, finds the
 * columns by their header text and hides the rows that do not match. A rule of side "both" binds a server and
 * a client, so it matches either. */
(function () {
  "use strict";

  function columnIndexes(table) {
    var indexes = {};
    Array.prototype.forEach.call(table.querySelectorAll("thead th"), function (th, index) {
      indexes[th.textContent.trim()] = index;
    });
    return indexes;
  }

  function cellText(row, index) {
    var cell = row.cells[index];
    return cell ? cell.textContent.trim() : "";
  }

  function matches(row, columns, wanted) {
    var side = cellText(row, columns.Side);
    /* "MUST", or "must · our reading" / "should · note" when the level is not the specification's keyword */
    var level = cellText(row, columns.Level).split(" · ")[0].toUpperCase();
    var section = cellText(row, columns["§"]).replace(/^§/, "").split(".")[0];
    if (wanted.side === "both" && side !== "both") return false;
    if (wanted.side && wanted.side !== "both" && side !== wanted.side && side !== "both") return false;
    if (wanted.level && level !== wanted.level) return false;
    if (wanted.section && section !== wanted.section) return false;
    return true;
  }

  function wire(form) {
    var container = document.getElementById(form.getAttribute("data-talkie-filter"));
    var table = container && container.querySelector("table");
    if (!table) return;
    var columns = columnIndexes(table);
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var count = form.querySelector(".talkie-filter__count");

    function apply() {
      var wanted = {
        side: form.elements.side.value,
        level: form.elements.level.value,
        section: form.elements.section.value
      };
      var shown = 0;
      rows.forEach(function (row) {
        var visible = matches(row, columns, wanted);
        row.hidden = !visible;
        if (visible) shown += 1;
      });
      count.textContent = shown + " of " + rows.length + " rules";
    }

    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.hidden = false;
    apply();
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-talkie-filter]"), wire);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
