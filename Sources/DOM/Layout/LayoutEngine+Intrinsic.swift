/// Intrinsic sizes (https://drafts.csswg.org/css-sizing-3/#intrinsic-sizes): the min-content and max-content widths
/// shrink-to-fit boxes, table columns and flex items are sized from, cached per box for one layout.
extension LayoutEngine {
  /// The min-content and max-content widths of a box's border box (https://drafts.csswg.org/css-sizing-3/#intrinsic-sizes).
  func intrinsicWidths(_ box: LayoutBox) -> (min: Double, max: Double) {
    let key = ObjectIdentifier(box)
    if let cached = intrinsicCache[key] { return cached }
    let style = box.style
    let padding = style.resolvedPadding(0)
    let frame = box.border.horizontal + padding.horizontal
    var result: (min: Double, max: Double)
    if box.kind == .replaced {
      let width = replacedSize(box, containerWidth: nil).width + frame
      result = (style.width.resolve(nil) == nil && style.width != .auto ? 0 : width, width)
    } else if let width = style.width.resolve(nil) {
      let outer = style.borderBox ? max(width, frame) : width + frame
      result = (outer, outer)
    } else {
      var inner: (min: Double, max: Double)
      switch box.kind {
      case .table:
        inner = tableIntrinsicWidths(box)
      case .flex where !box.style.flexDirection.hasPrefix("column"):
        inner = (0, 0)
        for child in box.children where !child.isOutOfFlow {
          let sizes = intrinsicWidths(child), margins = marginsForIntrinsic(child)
          inner.min = box.style.flexWrap == "nowrap" ? inner.min + sizes.min + margins : max(inner.min, sizes.min + margins)
          inner.max += sizes.max + margins
        }
      default:
        if box.hasInlineChildren {
          inner = inlineIntrinsicWidths(box)
        } else {
          inner = (0, 0)
          for child in box.children where !child.style.isOutOfFlowPositioned {
            let sizes = intrinsicWidths(child), margins = marginsForIntrinsic(child)
            inner.min = max(inner.min, sizes.min + margins)
            inner.max = child.isFloat ? inner.max + sizes.max + margins : max(inner.max, sizes.max + margins)
          }
        }
      }
      result = (inner.min + frame, inner.max + frame)
      if let minimum = style.minWidth.resolve(nil) {
        let outer = style.borderBox ? minimum : minimum + frame
        result = (max(result.min, outer), max(result.max, outer))
      }
      if let maximum = style.maxWidth.resolve(nil) {
        let outer = style.borderBox ? maximum : maximum + frame
        result = (min(result.min, outer), min(result.max, outer))
      }
    }
    intrinsicCache[key] = result
    return result
  }

  /// The fixed horizontal margins of a box (percentages and `auto` count 0 for intrinsic sizes).
  func marginsForIntrinsic(_ box: LayoutBox) -> Double {
    (box.style.margin.left.resolve(nil) ?? 0) + (box.style.margin.right.resolve(nil) ?? 0)
  }
}
