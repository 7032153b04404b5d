// A debugging action that reports what the page's environment looks like to the extension.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({
      characterSet: document.characterSet, inputEncoding: document.inputEncoding, charset: document.charset,
      contentType: document.contentType, compatMode: document.compatMode, readyState: document.readyState,
      protocol: location.protocol, file: location.pathname.split("/").pop(), origin: location.origin,
      hidden: document.hidden, visibilityState: document.visibilityState, designMode: document.designMode,
      dir: document.dir, lang: document.documentElement.lang, referrer: document.referrer,
      cookieEnabled: navigator.cookieEnabled, onLine: navigator.onLine, language: navigator.language,
      historyLength: history.length, isSecureContext: window.isSecureContext,
      nodeCounts: { all: document.getElementsByTagName("*").length, scripts: document.scripts.length, styles: document.querySelectorAll("style, link[rel=stylesheet]").length, forms: document.forms.length, images: document.images.length, embeds: document.embeds.length }
    });
  },
  finalize: function (args) {}
};
