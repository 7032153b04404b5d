/// The user agent style sheet: the HTML Standard's rendering rules
/// (https://html.spec.whatwg.org/multipage/rendering.html) for the properties computed here, with Chromium's
/// choices where it differs (`th` centers with `-internal-center`, `center` with `-webkit-center`, the form
/// controls' colors) and WebKit's sizes (Source/WebCore/css/html.css: form controls' 13px font, the margins of
/// checkboxes and radio buttons, nested sections' headings). It applies to HTML elements only.
enum UserAgentStyleSheet {
  static let text = """
    html, body, address, blockquote, center, div, figure, figcaption, footer, form, header, hr, legend, listing,
    main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section, dir, dd, dl,
    dt, menu, ol, ul, optgroup, option, details, summary, fieldset, frameset, frame, dialog[open] { display: block }

    /* https://html.spec.whatwg.org/multipage/rendering.html#hidden-elements */
    area, base, basefont, datalist, head, link, meta, noembed, noframes, param, rp, script, style, template, title,
    dialog:not([open]), [popover] { display: none }
    input[type=hidden i], audio:not([controls]) { display: none !important }
    :is(table, thead, tbody, tfoot, tr) > form { display: none !important }
    slot { display: contents }

    li { display: list-item; text-align: match-parent }
    details > summary:first-of-type { display: list-item }

    table { display: table }
    caption { display: table-caption; text-align: -webkit-center }
    colgroup { display: table-column-group }
    col { display: table-column }
    thead { display: table-header-group }
    tbody { display: table-row-group }
    tfoot { display: table-footer-group }
    tr { display: table-row }
    td, th { display: table-cell }
    th { font-weight: bold; text-align: -internal-center }

    ruby { display: ruby }
    ruby > rt { display: ruby-text; text-align: start }

    input, textarea, select, button, meter, progress, marquee { display: inline-block }
    input, textarea, select, button {
      font: -webkit-small-control; color: FieldText; text-transform: none; text-align: start;
    }
    button, input:is([type=button i], [type=submit i], [type=reset i]) { color: ButtonText; text-align: center }
    input:is([type=button i], [type=submit i], [type=reset i], [type=file i]), select { white-space: pre }
    textarea { white-space: pre-wrap }
    input[type=file i] { color: inherit; text-align: start !important }
    option { white-space: nowrap; font-weight: normal }
    optgroup { font-weight: bolder }

    dialog { position: absolute; color: CanvasText }
    [popover] { position: fixed; color: CanvasText }

    h1, h2, h3, h4, h5, h6 { font-weight: bold }
    b, strong { font-weight: bolder }
    i, cite, em, var, address, dfn { font-style: italic }
    pre, xmp, plaintext, listing { white-space: pre }
    nobr, marquee { white-space: nowrap }
    center { text-align: -webkit-center }
    hr { color: gray }
    mark { color: MarkText }
    a:any-link { color: -webkit-link }
    mark { background-color: yellow }

    /* https://html.spec.whatwg.org/multipage/rendering.html#the-page and #flow-content-3 */
    body { margin: 8px }
    p, blockquote, figure, dl, pre, xmp, plaintext, listing, ul, ol, menu, dir { margin-block: 1em }
    blockquote, figure { margin-inline: 40px }
    dd { margin-inline-start: 40px }
    hr { margin-block: 0.5em; margin-inline: auto }
    fieldset { margin-inline: 2px }
    :is(ul, ol, menu, dir) :is(ul, ol, menu, dir) { margin-block: 0 }

    /* https://html.spec.whatwg.org/multipage/rendering.html#sections-and-headings */
    h1 { font-size: 2em; margin-block: 0.67em }
    h2 { font-size: 1.5em; margin-block: 0.83em }
    h3 { font-size: 1.17em; margin-block: 1em }
    h4 { margin-block: 1.33em }
    h5 { font-size: 0.83em; margin-block: 1.67em }
    h6 { font-size: 0.67em; margin-block: 2.33em }
    /* No smaller h1 inside article, aside, nav or section: WebKit 2.50 sizes it as any h1 (the reference pages). */

    /* https://html.spec.whatwg.org/multipage/rendering.html#phrasing-content-3 and #lists */
    code, kbd, samp, tt, pre, xmp, plaintext, listing { font-family: monospace }
    small, sub, sup { font-size: smaller }
    big { font-size: larger }
    ul, menu, dir { list-style-type: disc }
    ol { list-style-type: decimal }
    :is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: circle }
    :is(ul, ol, menu, dir) :is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: square }

    /* Form controls (WebKit's html.css) */
    input, textarea, select, button { margin: 0 }
    input:is([type=checkbox i], [type=radio i]) { margin: 3px 2px }
    input:not([type=checkbox i], [type=radio i], [type=button i], [type=submit i], [type=reset i], [type=image i],
      [type=file i], [type=color i], [type=range i], [type=hidden i]), textarea { background-color: Field }
    /* Their boxes as WebKitGTK 2.50 computes them (../shared/reference/webkit_host.py at 390x844) */
    input { padding: 1px; border: 2px inset }
    input:is([type=checkbox i], [type=radio i], [type=range i], [type=file i], [type=image i], [type=hidden i]) {
      padding: 0; border: 0
    }
    input:is([type=checkbox i], [type=radio i], [type=color i], [type=search i]) { box-sizing: border-box }
    input[type=range i] { margin: 2px }
    button, input:is([type=button i], [type=submit i], [type=reset i]) {
      padding: 2px 6px 3px; border: 2px outset; box-sizing: border-box
    }
    select { border: 1px solid; box-sizing: border-box }
    textarea { padding: 2px; border: 1px solid }
    meter, progress { box-sizing: border-box; vertical-align: -0.2em }

    /* The box model (WebKit's html.css): list indents, table spacing and cell padding, borders */
    ul, ol, menu, dir { padding-left: 40px }
    table { border-spacing: 2px; box-sizing: border-box }
    thead, tbody, tfoot { vertical-align: middle }
    tr, td, th { vertical-align: inherit }
    td, th { padding: 1px }
    fieldset { padding: 0.35em 0.75em 0.625em; border: 2px groove }
    legend { padding-left: 2px; padding-right: 2px }
    hr { border: 1px inset; overflow: hidden }
    iframe { border: 2px inset }
    sub { vertical-align: sub }
    sup { vertical-align: super }

    /* https://html.spec.whatwg.org/multipage/rendering.html#bidi-rendering */
    [dir=ltr i] { direction: ltr }
    [dir=rtl i] { direction: rtl }
    """

  /// Added in quirks mode: tables do not inherit text styles (Chromium's quirks.css).
  static let quirksText = """
    table { white-space: normal; font-weight: normal; font-style: normal; text-align: start; font-size: medium }
    """
}
