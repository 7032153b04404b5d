// An extension that hands work to the page's world: finalize() inserts an inline <script> (the way many
// actions run code "in the page"), which builds a banner div; the extension checks whether it ran.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({ scripts: document.scripts.length, hasBanner: !!document.getElementById("injected-banner") });
  },
  finalize: function (args) {
    var s = document.createElement("script");
    s.id = "injected-script";
    s.textContent = "(function(){var d=document.createElement('div');d.id='injected-banner';d.className='banner';" +
      "d.textContent='Saved by ' + " + JSON.stringify(args.app) + ";document.body.insertBefore(d, document.body.firstChild);" +
      "document.documentElement.setAttribute('data-page-world', typeof ExtensionPreprocessingJS);})();";
    document.head.appendChild(s);
    document.body.setAttribute("data-after-insert", document.getElementById("injected-banner") ? "ran" : "not run");
  }
};
