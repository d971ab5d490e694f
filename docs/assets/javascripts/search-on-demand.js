/* The search index (several hundred kB) is fetched when the reader opens search, not with every page.
 * Material asks for search/search_index.json as soon as a page starts; this script, loaded just before
 * Material's bundle, holds that one request (XMLHttpRequest, or fetch) until the search toggle is switched
 * on or the search field gets the focus (a click, a tap, or the `/` and `s` keys), then sends it. Every
 * other request passes untouched. */
(function () {
  "use strict";
  var INDEX = /\/search\/search_index\.json$/;
  var opened = false;
  var waiting = [];

  function open() {
    if (opened) return;
    opened = true;
    waiting.splice(0).forEach(function (release) { release(); });
  }

  function isIndex(url) {
    try {
      return INDEX.test(new URL(String(url), location.href).pathname);
    } catch (error) {
      return false;
    }
  }

  var Request = window.XMLHttpRequest;
  if (Request) {
    var openRequest = Request.prototype.open;
    var sendRequest = Request.prototype.send;
    Request.prototype.open = function (method, url) {
      this.talkieSearchIndex = isIndex(url);
      return openRequest.apply(this, arguments);
    };
    Request.prototype.send = function () {
      if (opened || !this.talkieSearchIndex) return sendRequest.apply(this, arguments);
      var request = this;
      var args = arguments;
      waiting.push(function () { sendRequest.apply(request, args); });
    };
  }

  var originalFetch = window.fetch;
  if (typeof originalFetch === "function") {
    window.fetch = function (input, init) {
      if (opened || !isIndex(input && input.url ? input.url : input)) return originalFetch.call(window, input, init);
      return new Promise(function (resolve, reject) {
        waiting.push(function () { originalFetch.call(window, input, init).then(resolve, reject); });
      });
    };
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target && target.id === "__search" && target.checked) open();
  }, true);
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (target && target.matches && target.matches("[data-md-component=search-query]")) open();
  }, true);
})();
