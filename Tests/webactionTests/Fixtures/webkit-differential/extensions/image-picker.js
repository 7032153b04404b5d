// A pin/save-image action (Pinterest-style): every image with its address, alt text, declared and natural
// size and load state; the page's og:image first.
class ImagePicker {
  relative(url) {
    var base = location.href.replace(/[^\/]*$/, "");
    return url.indexOf(base) === 0 ? url.slice(base.length) : url;
  }
  run(args) {
    var images = Array.from(document.images).slice(0, 60).map((img) => ({
      src: this.relative(img.src),
      currentSrc: this.relative(img.currentSrc || ""),
      alt: img.alt,
      widthAttribute: img.getAttribute("width") || "",
      heightAttribute: img.getAttribute("height") || "",
      width: img.width,
      height: img.height,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      complete: img.complete,
      loading: img.loading,
      srcset: img.srcset,
      decoding: img.decoding,
    }));
    var og = document.querySelector('meta[property="og:image"]');
    args.completionFunction({ count: document.images.length, ogImage: og ? og.content : "", images: images,
      pictures: document.querySelectorAll("picture").length, svgImages: document.querySelectorAll("img[src$='.svg']").length });
  }
  finalize(args) {}
}
var ExtensionPreprocessingJS = new ImagePicker();
