/// Tables (CSS 2.1 §17.5.2.2's automatic layout: columns from their cells' min- and max-content widths), flex
/// containers (https://drafts.csswg.org/css-flexbox-1/#layout-algorithm: rows and columns, wrapping, grow, shrink,
/// justify-content, stretch) and grids (explicit `px`, `%`, `fr` and `auto` tracks, items auto-placed row by row).
extension LayoutEngine {
  // MARK: Tables

  /// The rows of a table in order (row groups flattened), each its cells.
  func tableRows(_ table: LayoutBox) -> [(row: LayoutBox?, cells: [LayoutBox])] {
    var rows: [(row: LayoutBox?, cells: [LayoutBox])] = []
    func collect(_ box: LayoutBox) {
      for child in box.children {
        switch child.kind {
        case .tableRowGroup: collect(child)
        case .tableRow: rows.append((child, child.children.filter { !$0.isOutOfFlow }))
        case .tableCell: rows.append((nil, [child]))
        default: break
        }
      }
    }
    collect(table)
    return rows
  }

  private func span(_ cell: LayoutBox) -> Int {
    max(1, min(1000, Int(cell.element?.getAttribute("colspan") ?? "") ?? 1))
  }

  /// Each column's min- and max-content width (cells spanning several columns share theirs evenly), and its
  /// percentage when a cell of it has a `width` in %.
  private func columnWidths(_ table: LayoutBox) -> [(min: Double, max: Double, percent: Double?)] {
    var columns: [(min: Double, max: Double, percent: Double?)] = []
    for (_, cells) in tableRows(table) {
      var column = 0
      for cell in cells {
        let count = span(cell)
        while columns.count < column + count { columns.append((0, 0, nil)) }
        let sizes = intrinsicWidths(cell)
        for index in column..<(column + count) {
          columns[index].min = max(columns[index].min, sizes.min / Double(count))
          columns[index].max = max(columns[index].max, sizes.max / Double(count))
        }
        if count == 1, case .percent(let percent) = cell.style.width {
          columns[column].percent = max(columns[column].percent ?? 0, percent)
        }
        column += count
      }
    }
    return columns
  }

  /// CSS 2.1 §17.5.2.2 as WebKit computes it: a percentage column asks for the table width that makes its
  /// max-content width its share (a 1% column 36 px wide asks for 3600 px, so the table fills its container).
  func tableIntrinsicWidths(_ table: LayoutBox) -> (min: Double, max: Double) {
    let columns = columnWidths(table)
    let spacing = table.style.borderSpacing * Double(columns.count + 1)
    let minimum = columns.reduce(0) { $0 + $1.min }
    var maximum = columns.reduce(0) { $0 + $1.max }
    let percents = columns.compactMap(\.percent)
    if !percents.isEmpty {
      for column in columns { if let percent = column.percent, percent > 0 { maximum = max(maximum, column.max * 100 / percent) } }
      let total = min(100, percents.reduce(0, +))
      let rest = columns.filter { $0.percent == nil }.reduce(0) { $0 + $1.max }
      maximum = total < 100 ? max(maximum, rest * 100 / (100 - total)) : max(maximum, rest > 0 ? 1e6 : 0)
    }
    return (minimum + spacing, maximum + spacing)
  }

  /// Lays out a table whose width is set; returns its content height.
  func layoutTable(_ table: LayoutBox, specifiedHeight: Double?) -> Double {
    let spacing = table.style.borderSpacing
    var columns = columnWidths(table)
    let available = table.contentWidth - spacing * Double(columns.count + 1)
    let minimum = columns.reduce(0) { $0 + $1.min }, maximum = columns.reduce(0) { $0 + $1.max }
    var widths: [Double]
    if columns.contains(where: { $0.percent != nil }) {
      // Percentage columns take their share (at least their min-content width); the others share what is left.
      widths = columns.map { column in column.percent.map { max(column.min, available * $0 / 100) } ?? 0 }
      let others = columns.indices.filter { columns[$0].percent == nil }
      let left = max(0, available - widths.reduce(0, +))
      let othersMax = others.reduce(0) { $0 + columns[$1].max }, othersMin = others.reduce(0) { $0 + columns[$1].min }
      for index in others {
        let column = columns[index]
        if othersMax <= left {
          widths[index] = othersMax > 0 ? column.max + (left - othersMax) * column.max / othersMax : left / Double(others.count)
        } else {
          let wanted = othersMax - othersMin
          widths[index] = column.min + (wanted > 0 ? max(0, left - othersMin) * (column.max - column.min) / wanted : 0)
        }
      }
    } else if maximum <= available {
      // Extra room goes to the columns in proportion to their max-content widths.
      let extra = available - maximum
      widths = columns.map { maximum > 0 ? $0.max + extra * $0.max / maximum : available / Double(max(1, columns.count)) }
    } else {
      let room = max(0, available - minimum), wanted = maximum - minimum
      widths = columns.map { $0.min + (wanted > 0 ? room * ($0.max - $0.min) / wanted : 0) }
    }
    if columns.isEmpty { columns = [] }
    var y = table.contentY + spacing
    for (row, cells) in tableRows(table) {
      var x = table.contentX + spacing
      var column = 0
      var rowHeight = 0.0
      for cell in cells {
        let count = span(cell)
        let end = min(widths.count, column + count)
        let width = widths[min(column, widths.count)..<end].reduce(0, +) + spacing * Double(max(0, count - 1))
        cell.forcedWidth = width
        cell.forcedHeight = nil
        layoutBlockLevel(cell, containerX: x, containerY: y, containerWidth: width, containerHeight: nil, at: y, floats: FloatArea())
        cell.x = x
        rowHeight = max(rowHeight, cell.height)
        x += width + spacing
        column += count
      }
      if let row, let specified = row.style.height.resolve(nil) { rowHeight = max(rowHeight, specified) }
      for cell in cells where cell.height < rowHeight {
        // Cells take their row's height; their content stays at the top (vertical-align: middle moves it down).
        let free = rowHeight - cell.height
        cell.height = rowHeight
        if cell.style.verticalAlign == "middle" { for child in cell.children { child.translate(0, free / 2) } }
      }
      if let row {
        // WebKit's row boxes span the table's content width (the spacing at both ends included).
        row.x = table.contentX
        row.y = y
        row.width = table.contentWidth
        row.height = rowHeight
      }
      y += rowHeight + spacing
    }
    // Row groups span their rows.
    for group in table.children where group.kind == .tableRowGroup {
      let rows = group.children.filter { $0.kind == .tableRow }
      guard let first = rows.first, let last = rows.last else { continue }
      // And row groups from the spacing above their first row to the spacing below their last (WebKitGTK 2.50).
      group.x = table.contentX
      group.y = first.y - spacing
      group.width = table.contentWidth
      group.height = last.y + last.height + spacing - group.y
    }
    let height = y - table.contentY
    return max(height, specifiedHeight ?? 0)
  }

  // MARK: Flex

  /// Lays out a flex container whose width is set; returns its content height.
  func layoutFlex(_ container: LayoutBox, specifiedHeight: Double?) -> Double {
    let items = container.children.filter { !$0.isOutOfFlow }
    for child in container.children where child.style.isOutOfFlowPositioned { queuePositioned(child, staticX: 0, staticY: 0) }
    let isColumn = container.style.flexDirection.hasPrefix("column")
    let width = container.contentWidth
    let columnGap = container.style.columnGap.resolve(width) ?? 0, rowGap = container.style.rowGap.resolve(width) ?? 0
    if isColumn {
      var y = container.contentY
      for item in items {
        let stretch = item.style.width.isAuto && ["normal", "stretch"].contains(alignment(item, in: container))
        item.forcedWidth = nil
        layoutBlockLevel(
          item, containerX: container.contentX, containerY: container.contentY, containerWidth: width, containerHeight: specifiedHeight,
          at: y + item.style.resolvedMargin(width).top, floats: FloatArea(), shrinkToFit: !stretch)
        y = item.y + item.height + item.margin.bottom + rowGap
      }
      return max(0, y - container.contentY - (items.isEmpty ? 0 : rowGap))
    }
    // Row direction: hypothetical main sizes, lines, grow and shrink, then the cross axis.
    var bases: [Double] = []
    for item in items {
      let margins = item.style.resolvedMargin(width).horizontal
      let basis: Double
      if let value = item.style.flexBasis.resolve(width) {
        basis = value
      } else if let value = item.style.width.resolve(width) {
        let frame = item.border.horizontal + item.style.resolvedPadding(width).horizontal
        basis = item.style.borderBox ? value : value + frame
      } else {
        basis = intrinsicWidths(item).max
      }
      bases.append(max(basis, 0) + margins)
    }
    var lines: [[Int]] = [[]]
    var used = 0.0
    for index in items.indices {
      if container.style.flexWrap != "nowrap", !lines[lines.count - 1].isEmpty, used + bases[index] > width {
        lines.append([])
        used = 0
      }
      lines[lines.count - 1].append(index)
      used += bases[index] + columnGap
    }
    var y = container.contentY
    for line in lines where !line.isEmpty {
      let gaps = columnGap * Double(line.count - 1)
      let free = width - gaps - line.reduce(0) { $0 + bases[$1] }
      var sizes = line.map { bases[$0] }
      if free > 0 {
        let grow = line.reduce(0) { $0 + items[$1].style.flexGrow }
        if grow > 0 { for (slot, index) in line.enumerated() { sizes[slot] += free * items[index].style.flexGrow / grow } }
      } else if free < 0 {
        let shrink = line.reduce(0) { $0 + items[$1].style.flexShrink * bases[$1] }
        if shrink > 0 {
          for (slot, index) in line.enumerated() {
            let floor = intrinsicWidths(items[index]).min + items[index].style.resolvedMargin(width).horizontal
            sizes[slot] = max(floor, sizes[slot] + free * items[index].style.flexShrink * bases[index] / shrink)
          }
        }
      }
      var lineHeight = 0.0
      for (slot, index) in line.enumerated() {
        let item = items[index]
        item.forcedWidth = max(0, sizes[slot] - item.style.resolvedMargin(width).horizontal)
        item.forcedHeight = nil
        layoutBlockLevel(item, containerX: 0, containerY: 0, containerWidth: width, containerHeight: nil, at: 0, floats: FloatArea())
        lineHeight = max(lineHeight, item.height + item.margin.vertical)
      }
      if line.count == lines.flatMap({ $0 }).count, let specifiedHeight { lineHeight = max(lineHeight, specifiedHeight) }
      let usedWidth = sizes.reduce(0, +) + gaps
      let leftover = max(0, width - usedWidth)
      var x = container.contentX
      var between = columnGap
      switch container.style.justifyContent {
      case "center": x += leftover / 2
      case "flex-end", "end", "right": x += leftover
      case "space-between": if line.count > 1 { between += leftover / Double(line.count - 1) }
      case "space-around":
        x += leftover / Double(line.count) / 2
        between += leftover / Double(line.count)
      case "space-evenly":
        x += leftover / Double(line.count + 1)
        between += leftover / Double(line.count + 1)
      default: break
      }
      for (slot, index) in line.enumerated() {
        let item = items[index]
        var top = y + item.margin.top
        let outerHeight = item.height + item.margin.vertical
        switch alignment(item, in: container) {
        case "center": top += (lineHeight - outerHeight) / 2
        case "flex-end", "end": top += lineHeight - outerHeight
        case "normal", "stretch":
          if item.style.height.isAuto && item.height + item.margin.vertical < lineHeight {
            item.forcedHeight = lineHeight - item.margin.vertical
            layoutBlockLevel(item, containerX: 0, containerY: 0, containerWidth: width, containerHeight: nil, at: 0, floats: FloatArea())
          }
        default: break
        }
        item.translate(x + item.margin.left - item.x, top - item.y)
        x += sizes[slot] + between
      }
      y += lineHeight + rowGap
    }
    return max(0, y - container.contentY - (lines.count > 0 && !items.isEmpty ? rowGap : 0))
  }

  private func alignment(_ item: LayoutBox, in container: LayoutBox) -> String {
    let own = item.style.alignSelf
    return own == "auto" || own.isEmpty ? container.style.alignItems : own
  }

  // MARK: Grid

  /// A track list's sizes for `available` pixels: `px`, `%`, `fr`, `auto` (content or an equal share) and
  /// `repeat(n, …)`; `none` is one auto track.
  func gridTracks(_ template: String, available: Double, items: [LayoutBox]) -> [Double] {
    var tokens: [String] = []
    var text = Substring(template)
    while let range = text.range(of: "repeat(") {
      tokens += text[..<range.lowerBound].split(separator: " ").map(String.init)
      let rest = text[range.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      let inside = rest[..<close].split(separator: ",", maxSplits: 1)
      if inside.count == 2, let count = Int(inside[0].trimmingCharacters(in: .whitespaces)) {
        let tracks = inside[1].split(separator: " ").map(String.init)
        for _ in 0..<min(count, 100) { tokens += tracks }
      }
      text = rest[rest.index(after: close)...]
    }
    tokens += text.split(separator: " ").map(String.init)
    tokens = tokens.filter { !$0.hasPrefix("[") && !$0.hasSuffix("]") }
    if tokens.isEmpty || tokens == ["none"] { return [available] }
    var sizes = [Double](repeating: 0, count: tokens.count)
    var fractions = 0.0
    var autos: [Int] = []
    for (index, token) in tokens.enumerated() {
      if token.hasSuffix("fr"), let value = Double(token.dropLast(2)) {
        fractions += value
      } else if let value = BoxStyle.Length(token).resolve(available) {
        sizes[index] = value
      } else {
        autos.append(index)
      }
    }
    let fixed = sizes.reduce(0, +)
    let free = max(0, available - fixed)
    if fractions > 0 {
      for (index, token) in tokens.enumerated() where token.hasSuffix("fr") {
        sizes[index] = free * (Double(token.dropLast(2)) ?? 0) / fractions
      }
    } else if !autos.isEmpty {
      for index in autos { sizes[index] = free / Double(autos.count) }
    }
    return sizes
  }

  /// Lays out a grid container whose width is set; returns its content height.
  func layoutGrid(_ container: LayoutBox, specifiedHeight: Double?) -> Double {
    let items = container.children.filter { !$0.isOutOfFlow }
    for child in container.children where child.style.isOutOfFlowPositioned { queuePositioned(child, staticX: 0, staticY: 0) }
    let width = container.contentWidth
    let columnGap = container.style.columnGap.resolve(width) ?? 0, rowGap = container.style.rowGap.resolve(width) ?? 0
    var columns = gridTracks(container.style.gridColumns, available: width, items: items)
    if columns.count > 1 {
      let gaps = columnGap * Double(columns.count - 1)
      let scale = columns.reduce(0, +) > 0 ? max(0, columns.reduce(0, +) - gaps) / columns.reduce(0, +) : 1
      if columns.reduce(0, +) + gaps > width + 0.01 { columns = columns.map { $0 * scale } }
    }
    var y = container.contentY
    var index = 0
    while index < items.count {
      let row = items[index..<min(items.count, index + columns.count)]
      var x = container.contentX
      var rowHeight = 0.0
      for (slot, item) in row.enumerated() {
        item.forcedWidth = item.style.width.isAuto ? max(0, columns[slot] - item.style.resolvedMargin(columns[slot]).horizontal) : nil
        item.forcedHeight = nil
        layoutBlockLevel(item, containerX: x, containerY: y, containerWidth: columns[slot], containerHeight: nil, at: y + item.style.resolvedMargin(columns[slot]).top, floats: FloatArea())
        rowHeight = max(rowHeight, item.height + item.margin.vertical)
        x += columns[slot] + columnGap
      }
      for item in row where item.style.height.isAuto && item.height + item.margin.vertical < rowHeight {
        item.height = rowHeight - item.margin.vertical
      }
      y += rowHeight + rowGap
      index += columns.count
    }
    return max(0, y - container.contentY - (items.isEmpty ? 0 : rowGap))
  }
}
