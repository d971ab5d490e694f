/* Embedded Redoc pages follow the site's palette. Redoc fixes its colours when the page is built, so the site
 * carries a dark rendering beside the light one; an iframe that names it in data-dark-src shows it while the
 * palette is dark (Material's "slate" scheme on <body>), and switches when the reader toggles the palette. */
(function () {
  "use strict";

  function apply() {
    var dark = document.body.getAttribute("data-md-color-scheme") === "slate";
    Array.prototype.forEach.call(document.querySelectorAll("iframe[data-dark-src]"), function (frame) {
      if (!frame.hasAttribute("data-light-src")) frame.setAttribute("data-light-src", frame.getAttribute("src"));
      var wanted = frame.getAttribute(dark ? "data-dark-src" : "data-light-src");
      if (frame.getAttribute("src") !== wanted) frame.setAttribute("src", wanted);
    });
  }

  function init() {
    apply();
    new MutationObserver(apply).observe(document.body, {
      attributes: true,
      attributeFilter: ["data-md-color-scheme"]
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
