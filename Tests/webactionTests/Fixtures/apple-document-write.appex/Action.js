// Apple's sample from the App Extension Programming Guide ("Accessing a Webpage").
var MyExtensionJavaScriptClass = function() {};

MyExtensionJavaScriptClass.prototype = {
    run: function(arguments) {
        arguments.completionFunction({"baseURI": document.baseURI});
    },

    finalize: function(arguments) {
        var newContent = arguments["content"];
        document.write(newContent);
    }
};

var ExtensionPreprocessingJS = new MyExtensionJavaScriptClass;
