// Share extension preprocessing (saved as UTF-8 with a byte-order mark by the editor, as some are).
var ShareExtension = function() {};
ShareExtension.prototype = {
  run: function(arguments) {
    var description = "";
    var metas = document.getElementsByTagName("meta");
    for (var i = 0; i < metas.length; i++) {
      if ((metas[i].getAttribute("name") || "").toLowerCase() === "description") {
        description = metas[i].getAttribute("content") || "";
      }
    }
    arguments.completionFunction({
      "title": document.title,
      "description": description,
      "hostname": window.location.hostname,
      "protocol": window.location.protocol,
      "file": window.location.pathname.split("/").pop()
    });
  },
  finalize: function(arguments) {}
};
var ExtensionPreprocessingJS = new ShareExtension;
