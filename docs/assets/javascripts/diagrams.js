/* Mermaid diagrams of the site, drawn by the vendored Mermaid ES modules (this script is loaded only on pages
 * that have a diagram; it imports Mermaid's entry module, which fetches the chunks of the diagram types drawn).
 * Each diagram is drawn at its natural size (useMaxWidth off, 16 px text) inside a scroll container, so it is
 * never shrunk to unreadable text on a narrow screen: the reader scrolls it sideways instead. The colour
 * scheme follows the page's palette (palette.js, loaded on every page before this script) and the diagrams
 * are redrawn when the reader toggles it. */
(function () {
  "use strict";
  var FONT = 16;
  var counter = 0;
  var mermaid = null;
  var here = document.currentScript && document.currentScript.src;

  /* Dark mode: Mermaid's dark theme draws edge labels at about 4.4:1; these colours keep them above 4.5:1. */
  var DARK_VARIABLES = {
    edgeLabelBackground: "#1e2129",
    labelTextColor: "#f2f3f5",
    textColor: "#f2f3f5",
    lineColor: "#c9ccd3"
  };

  function configure() {
    var dark = window.talkiePalette.dark();
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: dark ? "dark" : "default",
      themeVariables: dark ? DARK_VARIABLES : {},
      fontSize: FONT,
      flowchart: { useMaxWidth: false },
      state: { useMaxWidth: false },
      /* Narrow actor boxes, close together, and long messages wrapped: a sequence diagram fits the text
         column on a desktop, and on a phone it scrolls sideways at a readable size. */
      sequence: {
        useMaxWidth: false,
        wrap: true,
        width: 110,
        actorMargin: 24,
        boxMargin: 6,
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

  if (!here || !window.talkiePalette) return;
  import(new URL("mermaid/mermaid.esm.min.mjs", here).href).then(function (module) {
    mermaid = module.default;
    window.talkiePalette.onChange(function () {
      prepare(); /* the first call turns the fences into figures; later ones find none */
      drawAll();
    });
  });
})();
