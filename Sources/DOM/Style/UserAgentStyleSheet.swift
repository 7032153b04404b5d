/// The user agent style sheet: the HTML Standard's rendering rules
/// (https://html.spec.whatwg.org/multipage/rendering.html) for the properties computed here, with Chromium's
/// choices where it differs (`th` centers with `-internal-center`, `center` with `-webkit-center`, the form
/// controls' colors). It applies to HTML elements only.
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
    """

  /// Added in quirks mode: tables do not inherit text styles (Chromium's quirks.css).
  static let quirksText = """
    table { white-space: normal; font-weight: normal; font-style: normal; text-align: start }
    """
}
