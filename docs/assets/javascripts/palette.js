/* The site's palette for the scripts that draw outside Material: `talkiePalette.dark()` says whether the
 * dark ("slate") scheme is on, `talkiePalette.onChange(fn)` calls fn once the page is ready and again each
 * time the reader toggles the palette (Material sets data-md-color-scheme on <body>).
 *
 * Embedded Redoc pages follow it here. Redoc fixes its colours when the page is built, so the site carries a
 * dark rendering beside the light one; an iframe that names it in data-dark-src shows it while the palette
 * is dark, and a link that names it in data-dark-href leads to it. */
(function () {
  "use strict";

  var palette = {
    dark: function () {
      return document.body.getAttribute("data-md-color-scheme") === "slate";
    },
    onChange: function (callback) {
      function start() {
        callback();
        new MutationObserver(callback).observe(document.body, {
          attributes: true,
          attributeFilter: ["data-md-color-scheme"]
        });
      }
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", start);
      } else {
        start();
      }
    }
  };
  window.talkiePalette = palette;

  palette.onChange(function () {
    var dark = palette.dark();
    Array.prototype.forEach.call(document.querySelectorAll("iframe[data-dark-src]"), function (frame) {
      if (!frame.hasAttribute("data-light-src")) frame.setAttribute("data-light-src", frame.getAttribute("src"));
      var wanted = frame.getAttribute(dark ? "data-dark-src" : "data-light-src");
      if (frame.getAttribute("src") !== wanted) frame.setAttribute("src", wanted);
    });
    Array.prototype.forEach.call(document.querySelectorAll("a[data-dark-href]"), function (link) {
      if (!link.hasAttribute("data-light-href")) link.setAttribute("data-light-href", link.getAttribute("href"));
      link.setAttribute("href", link.getAttribute(dark ? "data-dark-href" : "data-light-href"));
    });
  });
})();
