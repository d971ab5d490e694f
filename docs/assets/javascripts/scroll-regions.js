/* A table that is wider than its column scrolls sideways; a keyboard reaches it only if it takes the focus
 * (WCAG 2.1.1; axe: scrollable-region-focusable). Tables are not in the tab order by default: each one that
 * actually scrolls at the current width gets tabindex="0", and loses it again when the window grows. */
(function () {
  "use strict";
  var SELECTOR = ".md-typeset table, .md-typeset .md-typeset__scrollwrap";

  function scrolls(element) {
    var style = getComputedStyle(element);
    var scrollable = style.overflowX === "auto" || style.overflowX === "scroll";
    return scrollable && element.scrollWidth > element.clientWidth + 1;
  }

  function mark() {
    Array.prototype.forEach.call(document.querySelectorAll(SELECTOR), function (element) {
      if (scrolls(element)) {
        if (!element.hasAttribute("tabindex")) {
          element.setAttribute("tabindex", "0");
          element.setAttribute("data-talkie-scrolls", "");
        }
      } else if (element.hasAttribute("data-talkie-scrolls")) {
        element.removeAttribute("tabindex");
        element.removeAttribute("data-talkie-scrolls");
      }
    });
  }

  function start() {
    mark();
    var pending = false;
    window.addEventListener("resize", function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () {
        pending = false;
        mark();
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
