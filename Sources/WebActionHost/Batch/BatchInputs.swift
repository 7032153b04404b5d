import Foundation

/// One file of a batch: where it is read from and where its output goes, below the output folder.
public struct BatchFile: Codable, Sendable, Equatable {
  /// The input file's path as found (absolute).
  public var input: String
  /// The output's path relative to the output folder: the input's path below the batch's root folder.
  public var relativePath: String
  /// The input's size in bytes (the largest files are scheduled first).
  public var size: Int

  /// A file at `input` whose output goes to `relativePath` below the output folder; `size` is in bytes.
  public init(input: String, relativePath: String, size: Int) {
    self.input = input
    self.relativePath = relativePath
    self.size = size
  }
}

/// Turns `webaction batch` inputs into the files to process: files, folders (recursively, the files a
/// ``PageFormat`` reads), glob patterns, and `-` for a list of paths on standard input.
///
/// Outputs mirror the input tree below the deepest folder the inputs share (a folder input counts as itself, a file
/// as its folder): `batch site/` writes `OUT/a/b.html` for `site/a/b.html`; `batch s1/ s2/` writes `OUT/s1/...` and
/// `OUT/s2/...`. A file reached twice (a folder and a pattern inside it) is processed once.
public enum BatchInputs {
  /// Refuses an output folder that is an input folder (the originals would be overwritten) or inside one (the next
  /// batch over that folder would take the outputs for pages), then makes sure the folder can be written: a batch
  /// that cannot write its first output should not process every page first.
  public static func checkOutput(_ output: URL, inputs: [String]) throws(WebActionError) {
    let out = resolved(output.path)
    for input in inputs where input != "-" {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else { continue }
      let folder = resolved(input)
      if out == folder {
        throw WebActionError(
          .usage, "--out \(output.path) is the input folder \(input): its pages would be overwritten by their outputs",
          hint: "Give an output folder outside \(input), for example \(folder)-out.")
      }
      if out.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
        throw WebActionError(
          .usage, "--out \(output.path) is inside the input folder \(input): the next batch over \(input) would take these outputs for pages",
          hint: "Give an output folder outside \(input).")
      }
    }
    try AtomicFile.createFolder(output)
    let probe = output.appendingPathComponent(".webaction-write-check-\(getpid())")
    guard FileManager.default.createFile(atPath: probe.path, contents: nil) else {
      throw WebActionError(
        .output, "cannot write into the output folder \(output.path): \(String(cString: strerror(errno)))",
        hint: "Check its permissions, or give another folder with --out.")
    }
    try? FileManager.default.removeItem(at: probe)
  }

  /// `path` with symbolic links resolved as far as it exists, the rest appended.
  private static func resolved(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    var existing = url, rest: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      rest.insert(existing.lastPathComponent, at: 0)
      existing.deleteLastPathComponent()
    }
    let real = realpath(existing.path, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    } ?? existing.path
    return rest.reduce(URL(fileURLWithPath: real)) { $0.appendingPathComponent($1) }.path
  }

  /// Expands `inputs`. `readList` gives the lines of standard input for `-` (injected for tests).
  public static func expand(
    _ inputs: [String], currentDirectory: String = FileManager.default.currentDirectoryPath,
    readList: () -> [String] = { readLines(from: .standardInput) }
  ) throws(WebActionError) -> [BatchFile] {
    let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
    var roots: [[String]] = []  // the folder each input counts as, in path components
    var found: [(path: String, size: Int)] = []
    var seen: Set<String> = []
    func add(_ path: String, size: Int) {
      if seen.insert(path).inserted { found.append((path, size)) }
    }
    func absolute(_ path: String) -> String { URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path }

    var arguments = inputs
    if let dash = arguments.firstIndex(of: "-") {
      arguments.remove(at: dash)
      arguments.insert(contentsOf: readList().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }, at: dash)
    }
    for argument in arguments {
      let matches: [String]
      if isPattern(argument) {
        matches = try glob(absolute(argument), argument: argument)
      } else {
        matches = [absolute(argument)]
      }
      for path in matches {
        var info = stat()
        guard stat(path, &info) == 0 else {
          throw WebActionError(.input, "\(argument): no such file or folder")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
          roots.append(components(path))
          let files = try pages(under: path)
          if files.isEmpty {
            throw WebActionError(
              .input, "\(argument): no page files in this folder or below it (names ending \(PageFormats.fileEndings))")
          }
          for (file, size) in files { add(file, size: size) }
        } else {
          roots.append(components(path).dropLast())
          add(path, size: Int(info.st_size))
        }
      }
      if matches.isEmpty {
        throw WebActionError(.input, "\(argument): the pattern matches nothing")
      }
    }
    guard var shared = roots.first else { return [] }
    for root in roots.dropFirst() {
      shared = Array(shared.prefix(zip(shared, root).prefix(while: { $0 == $1 }).count))
    }
    return found.map { file in
      BatchFile(input: file.path, relativePath: components(file.path).dropFirst(shared.count).joined(separator: "/"),
                size: file.size)
    }
  }

  /// The page files below `folder`, recursively, sorted by path; hidden files and folders are skipped. A symbolic
  /// link to a file counts as that file (a corpus of links is a common way to pick pages); a link to a folder below
  /// it is not followed, as `find` does not. `folder` itself may be a link to a folder (followed, as `find -H` does
  /// with the folders it is given); the paths found are below `folder` as given.
  static func pages(under folder: String) throws(WebActionError) -> [(String, Int)] {
    let given = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
    let url = given.resolvingSymlinksInPath()
    guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [], options: [.skipsHiddenFiles])
    else { throw WebActionError(.input, "\(folder): cannot list the folder") }
    var files: [(String, Int)] = []
    let prefix = url.path.hasSuffix("/") ? url.path : url.path + "/"
    for case let file as URL in walker where PageFormats.isPage(file.lastPathComponent) {
      let found = file.standardizedFileURL.path
      let path = found.hasPrefix(prefix) ? given.appendingPathComponent(String(found.dropFirst(prefix.count))).path : found
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      files.append((path, Int(info.st_size)))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  static func isPattern(_ argument: String) -> Bool { argument.contains { "*?[".contains($0) } }

  /// The paths matching a shell pattern (`*`, `?`, `[...]`; `**` is not special), sorted.
  static func glob(_ pattern: String, argument: String) throws(WebActionError) -> [String] {
    var result = glob_t()
    defer { globfree(&result) }
    let status = Foundation.glob(pattern, 0, nil, &result)
    if status == GLOB_NOMATCH { return [] }
    guard status == 0 else { throw WebActionError(.input, "\(argument): cannot expand the pattern (glob error \(status))") }
    return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }.sorted()
  }

  static func components(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }

  /// The lines of a file handle, to its end.
  public static func readLines(from handle: FileHandle) -> [String] {
    String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
  }
}

/// `--shard K/N`: which part of a batch this process takes.
public struct BatchShard: Codable, Sendable, Equatable, CustomStringConvertible {
  /// 0-based.
  public var index: Int
  /// How many shards the batch is split into (N, at least 1).
  public var count: Int

  /// Shard `index` (from 0) of `count`.
  /// - Throws: `WebActionError` (usage) unless `count` is at least 1 and `index` is below it.
  public init(index: Int, count: Int) throws(WebActionError) {
    guard count >= 1, (0..<count).contains(index) else {
      throw WebActionError(.usage, "--shard \(index)/\(count): give K/N with N at least 1 and K from 0 to N-1")
    }
    self.index = index
    self.count = count
  }

  /// `K/N`, or `auto`: a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`, and the completion count in
  /// `JOB_COMPLETIONS`, which the manifest sets) or a Slurm job array (`SLURM_ARRAY_TASK_ID`, `_COUNT`, `_MIN`).
  public init(argument: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(WebActionError) {
    if argument == "auto" {
      if let index = environment["JOB_COMPLETION_INDEX"].flatMap({ Int($0) }) {
        guard let count = environment["JOB_COMPLETIONS"].flatMap({ Int($0) }) else {
          throw WebActionError(
            .usage, "--shard auto: JOB_COMPLETION_INDEX is set but JOB_COMPLETIONS is not",
            hint: "Set JOB_COMPLETIONS in the Job's container env to the Job's spec.completions (see the Kubernetes example in WebActionHost's documentation, “Batches: workers, resume and sharding”).")
        }
        try self.init(index: index, count: count)
      } else if let id = environment["SLURM_ARRAY_TASK_ID"].flatMap({ Int($0) }),
                let count = environment["SLURM_ARRAY_TASK_COUNT"].flatMap({ Int($0) }) {
        try self.init(index: id - (environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0), count: count)
      } else {
        throw WebActionError(
          .usage, "--shard auto: neither a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) nor a Slurm job array (SLURM_ARRAY_TASK_ID) is running this",
          hint: "Give --shard K/N explicitly.")
      }
      return
    }
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      throw WebActionError(.usage, "--shard \(argument): give K/N (this is part K of N, K from 0), or auto")
    }
    try self.init(index: index, count: count)
  }

  /// True when the file at `relativePath` belongs to this shard: a 64-bit FNV-1a hash of the path, so that every
  /// machine agrees whatever the order of its listing.
  public func contains(_ relativePath: String) -> Bool {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in relativePath.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int(hash % UInt64(count)) == index
  }

  /// `K/N`, as `--shard` takes it.
  public var description: String { "\(index)/\(count)" }
}
