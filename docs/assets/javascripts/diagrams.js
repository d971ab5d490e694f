/* Mermaid diagrams of the site, drawn by the vendored mermaid.min.js (loaded only on pages that have one).
 * Each diagram is drawn at its natural size (useMaxWidth off, 16 px text) inside a scroll container, so it is
 * never shrunk to unreadable text on a narrow screen: the reader scrolls it sideways instead. The colour
 * scheme follows the page's palette (palette.js, loaded on every page before this script) and the diagrams
 * are redrawn when the reader toggles it. */
(function () {
  "use strict";
  var FONT = 16;
  var counter = 0;

  function configure() {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: window.talkiePalette.dark() ? "dark" : "default",
      fontSize: FONT,
      flowchart: { useMaxWidth: false },
      state: { useMaxWidth: false },
      sequence: {
        useMaxWidth: false,
        actorFontSize: FONT,
        messageFontSize: FONT,
        noteFontSize: FONT
      }
    });
  }

  function draw(figure) {
    counter += 1;
    var source = figure.getAttribute("data-source");
    return mermaid.render("talkie-diagram-" + counter, source).then(function (result) {
      figure.querySelector(".talkie-diagram__canvas").innerHTML = result.svg;
      figure.setAttribute("data-drawn", "true");
    });
  }

  function drawAll() {
    configure();
    var figures = document.querySelectorAll(".talkie-diagram");
    return Array.prototype.reduce.call(figures, function (chain, figure) {
      return chain.then(function () { return draw(figure); });
    }, Promise.resolve());
  }

  function prepare() {
    Array.prototype.forEach.call(document.querySelectorAll("pre.talkie-mermaid"), function (pre) {
      var figure = document.createElement("div");
      figure.className = "talkie-diagram";
      figure.setAttribute("data-source", pre.textContent);
      figure.setAttribute("role", "figure");
      var canvas = document.createElement("div");
      canvas.className = "talkie-diagram__canvas";
      canvas.tabIndex = 0; /* a scrollable region must be reachable by keyboard */
      figure.appendChild(canvas);
      pre.replaceWith(figure);
    });
  }

  if (typeof mermaid === "undefined" || !window.talkiePalette) return;
  window.talkiePalette.onChange(function () {
    prepare(); /* the first call turns the fences into figures; later ones find none */
    drawAll();
  });
})();
